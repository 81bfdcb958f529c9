"""METAPATH: SWFT's exchange desk, the operator of the Bridgers vaults.

A deposit is a `Swap` (a token) or `SwapEth` (the native coin) into the source chain's vault, naming
what it wants as a coin code (`toToken`, "USDT(BSC)": the coin and the chain it is paid on), who gets it
(`destination`, in that chain's address format) and the least it accepts (`minReturnAmount`). The desk
prices the exchange (`terms.metapath_quote`), then pays token1 out of the destination chain's vault,
or pays the whole deposit back to its sender on the source chain, each at most once per order id.

The spec's statusNotes, as the desk moves an order:

    wait_deposit_send -> wait_exchange_push -> wait_exchange_return -> wait_exchange_return_success
      -> wait_receive_send -> wait_receive_confirm -> receive_complete
    refunds: -> wait_refund_send -> wait_refund_confirm -> refund_complete, from
      wait_deposit_send (amount out of range, unknown coin, unreadable destination),
      wait_exchange_return_error (minimum return not met, destination vault too short),
      wait_receive_send (the payout would revert), wait_receive_confirm_error (it reverted)
    wait_deposit_send -> timeout (a registered order whose deposit did not come in time)
      -> wait_refund_send (it came later: whatever was registered before it, a deposit that lands is
      paid or refunded; SWFT's refund reason 7, "deposit timeout")
    wait_deposit_send -> wait_deposit_send_error (the registered transaction failed or deposited nothing)
    wait_refund_confirm_error -> ERROR, wait_refund_send -> ERROR (the refund itself cannot be made)

An order's id is keccak256(abi.encodePacked(uint256 chainId, bytes32 txHash, uint256 n)), the n-th
Bridgers deposit of the transaction (n = 0 for an order registered by its hash): the same id pays out
(`payout`) and refunds (`refund`), and a vault keeps one outcome per id (`settled`): it refuses a second
payout, and a refund of a paid order, even if the desk forgot it. A payout confirmed is recorded in the
source vault too (`settle`) before the order completes: the deposit can no longer be refunded. Before it
pays or refunds, the desk reads the vaults: an outcome made already (an order forgotten when its source
chain started over, found again when the same deposit landed again) is the order's, never made twice.
Deposits nobody registered are found by the desk's chain scanner, which lags (`timing`).
"""

from __future__ import annotations

import logging
import time
from dataclasses import replace
from decimal import Decimal
from typing import Any, ClassVar

from eth_abi.packed import encode_packed
from eth_utils import is_hex_address, keccak, to_checksum_address

from swapdesk.address import InvalidAddress, parse_address, to_checksum
from swapdesk.chain.bridge_events import BRIDGERS_PAYOUT, BRIDGERS_REFUND, BRIDGERS_SWAP, BRIDGERS_SWAP_ETH
from swapdesk.chain.events import Event
from swapdesk.chains import by_id
from swapdesk.contracts import artifact
from swapdesk.devnet.accounts import demo_key
from swapdesk.devnet.bridges import timing
from swapdesk.devnet.bridges.client import CallReverted, Log
from swapdesk.devnet.bridges.context import ZERO
from swapdesk.devnet.bridges.deployment import BridgeDeployment
from swapdesk.devnet.bridges.operator_loop import Operator
from swapdesk.devnet.bridges.operators import DESK_INDEX
from swapdesk.devnet.bridges.outcomes import find_event, landed
from swapdesk.devnet.bridges.payer import Landed, confirmations
from swapdesk.devnet.bridges.rejudge import SOURCE, Outcome, ways_back
from swapdesk.devnet.bridges.store import Machine, Order
from swapdesk.devnet.bridges.terms import BRIDGERS_CHAIN_IDS, Coin, coins, metapath_quote
from swapdesk.off_loop import off_loop

BRIDGERS, ERC20 = artifact("Bridgers"), artifact("ERC20")
DEPOSITS = (BRIDGERS_SWAP, BRIDGERS_SWAP_ETH)
logger = logging.getLogger(__name__)
OPEN, PAID_OUT, REFUNDED = 0, 1, 2  # an order's one outcome in a vault (`settled`)

OUTCOMES = (  # what a state stands on, and where the order goes back when its chain lost it (`rejudge`)
    Outcome("toHash", True, "payout", frozenset({"wait_receive_confirm", "wait_receive_confirm_error",
            "receive_complete"}), "wait_receive_send", ("toHash", "error")),
    Outcome("refundHash", False, "refund", frozenset({"wait_refund_confirm", "wait_refund_confirm_error",
            "refund_complete"}), "wait_refund_send", ("refundHash", "refundCoinAmt", "error"), SOURCE),
)  # fmt: skip
MACHINE = Machine(
    back=ways_back(OUTCOMES),
    first=("wait_deposit_send",),
    moves={
        "wait_deposit_send": ("wait_exchange_push", "wait_refund_send", "timeout", "wait_deposit_send_error"),
        "wait_exchange_push": ("wait_exchange_return",),
        "wait_exchange_return": ("wait_exchange_return_success", "wait_exchange_return_error"),
        "wait_exchange_return_error": ("wait_refund_send",),
        "wait_exchange_return_success": ("wait_receive_send",),
        "wait_receive_send": ("wait_receive_confirm", "wait_refund_send"),
        "wait_receive_confirm": ("receive_complete", "wait_receive_confirm_error"),
        "wait_receive_confirm_error": ("wait_refund_send",),
        "wait_refund_send": ("wait_refund_confirm", "ERROR"),
        "wait_refund_confirm": ("refund_complete", "wait_refund_confirm_error"),
        "wait_refund_confirm_error": ("ERROR",),
        "timeout": ("wait_refund_send",),  # its deposit landed after all: refunded ("deposit timeout")
    },
)


def order_id(chain_id: int, tx_hash: str, n: int = 0) -> str:
    packed = encode_packed(["uint256", "bytes32", "uint256"], [chain_id, bytes.fromhex(tx_hash[2:]), n])
    return "0x" + keccak(packed).hex()


def parse_coin_code(code: str) -> tuple[str, int] | None:
    """("USDT", 56) from "USDT(BSC)"; None when it is not a coin code of a chain the desk serves."""
    symbol, _, rest = code.partition("(")
    chain = BRIDGERS_CHAIN_IDS.get(rest.removesuffix(")")) if rest.endswith(")") else None
    return (symbol, chain) if symbol and chain is not None else None


def deposit_fields(log: Log) -> dict[str, Any] | None:
    """What a Swap or SwapEth event says, as an order keeps it (amounts as integer strings); None for a log that
    is neither."""
    fields = BRIDGERS_SWAP.decode(log) or BRIDGERS_SWAP_ETH.decode(log)
    if fields is None:
        return None
    destination = str(fields["destination"])  # a string: an EVM address in it is kept checksummed
    return {
        "fromToken": fields.get("fromToken", ZERO),  # SwapEth: the native coin
        "toToken": fields["toToken"],
        "sender": fields["sender"],
        "destination": to_checksum_address(destination) if is_hex_address(destination) else destination,
        "fromAmount": str(fields["fromAmount"]),
        "minReturnAmount": str(fields["minReturnAmount"]),
        "block": log.block,
    }


class Metapath(Operator):
    name: ClassVar[str] = "metapath"
    machine: ClassVar[Machine] = MACHINE
    topics: ClassVar[tuple[bytes, ...]] = tuple(e.topic for e in DEPOSITS)
    outcomes: ClassVar[tuple[Outcome, ...]] = OUTCOMES
    payer_key: ClassVar[bytes] = demo_key(DESK_INDEX)

    def watched(self, deployment: BridgeDeployment) -> list[str]:
        return [deployment.metapath.contract]

    def scan_lag(self, chain_id: int) -> int:
        return timing.confirmations(chain_id) + timing.scan_lag(chain_id)

    async def found(self, chain_id: int, logs: list[Log]) -> list[Order]:
        orders, seen = [], dict[str, int]()
        for log in sorted(logs, key=lambda item: (item.block, item.index)):
            n = seen.get(log.tx, 0)
            seen[log.tx] = n + 1
            fields = deposit_fields(log)
            if fields is None:
                continue  # not a deposit, whatever its topic says
            coin = parse_coin_code(fields["toToken"])
            dst = coin[1] if coin else None
            new = Order(order_id(chain_id, log.tx, n), chain_id, log.tx, log.index, dst, "wait_deposit_send", fields)
            orders.append(replace(new, wait_on=chain_id))
        return orders

    async def register(self, order: Order) -> tuple[Order, bool]:
        """An order the API was told of by its deposit's hash (the order callback)."""
        due = {"expires": time.time() + timing.scaled(timing.DEPOSIT_TIMEOUT, self.world.speed)}
        registered = Order(order.id, order.src_chain, order.src_tx, None, order.dst_chain, "wait_deposit_send",
                           {**order.data, **due}, wait_on=order.src_chain)  # fmt: skip
        return await off_loop(self.store.register, registered)

    # -- the life cycle -----------------------------------------------------------------------------

    async def advance(self, order: Order, head: int) -> None:
        steps = {"wait_deposit_send": self._wait_deposit_send, "timeout": self._timeout,
                 "wait_exchange_push": self._wait_exchange_push, "wait_exchange_return": self._wait_exchange_return,
                 "wait_exchange_return_error": self._wait_exchange_return_error,
                 "wait_exchange_return_success": self._wait_exchange_return_success,
                 "wait_receive_send": self._wait_receive_send, "wait_receive_confirm": self._wait_receive_confirm,
                 "wait_receive_confirm_error": self._wait_receive_confirm_error,
                 "wait_refund_send": self._wait_refund_send, "wait_refund_confirm": self._wait_refund_confirm,
                 "wait_refund_confirm_error": self._wait_refund_confirm_error}  # fmt: skip
        await steps[order.state](order, head)

    async def _wait_deposit_send(self, order: Order, head: int) -> None:
        if order.log_index is None:
            await self._find_deposit(order)
            return
        if head - int(order.data["block"]) + 1 < timing.confirmations(order.src_chain):
            return
        coin0, coin1, problem = await self._coins(order)
        if problem is None and coin0 is not None and coin1 is not None:
            quote = metapath_quote(coin0, coin1, order.amount("fromAmount"))
            if order.amount("fromAmount") < quote.deposit_min:
                problem = f"amount out of range: below the minimum deposit {quote.deposit_min}"
            elif order.amount("fromAmount") > quote.deposit_max:
                problem = f"amount out of range: above the maximum deposit {quote.deposit_max}"
        if problem is not None:
            await self._refund(order, problem)
            return
        assert coin1 is not None
        await self._move(order, "wait_exchange_push", wait_on=coin1.chain_id)

    async def _find_deposit(self, order: Order) -> None:
        """A registered order: its transaction's receipt shows the deposit, or that there is none."""
        receipt = await self.world.client(order.src_chain).receipt(order.src_tx)
        if receipt is None:
            if time.time() > float(order.data["expires"]):
                await self._move(order, "timeout", wait_on=None)  # the scanner wakes it if the deposit lands
            return
        deployment = await self.world.deployment(order.src_chain)
        vault = deployment.metapath.contract if deployment else ZERO
        deposits = [(log, fields) for log in receipt.logs if log.address == vault and (fields := deposit_fields(log))]
        if not receipt.ok or not deposits:
            why = "the transaction failed" if not receipt.ok else "the transaction deposited nothing into Bridgers"
            await self._move(order, "wait_deposit_send_error", data={"error": why})
            return
        log, fields = deposits[0]
        await self._move(order, order.state, data=fields, log_index=log.index)

    async def _timeout(self, order: Order, head: int) -> None:
        """A registered order whose deposit landed after its registration expired: the deposit goes back."""
        if order.log_index is not None:
            await self._refund(order, "deposit timeout: the deposit landed after its registration expired")

    async def _coins(self, order: Order) -> tuple[Coin | None, Coin | None, str | None]:
        """The coins of an order, or why it cannot be exchanged."""
        src = await self.world.deployment(order.src_chain)
        token0 = order.data["fromToken"]
        coin0 = next((c for c in coins(src) if c.contract_token == token0), None) if src else None
        target = parse_coin_code(order.data["toToken"])
        if coin0 is None:
            return None, None, f"token {token0} is not one the desk takes"
        if target is None:
            return coin0, None, f"toToken {order.data['toToken']!r} is not a coin code the desk knows"
        symbol, chain_id = target
        dst = await self.world.deployment(chain_id)
        coin1 = next((c for c in coins(dst) if c.symbol == symbol), None) if dst else None
        if coin1 is None or chain_id == order.src_chain:
            return coin0, None, f"toToken {order.data['toToken']!r} is not paid out by the desk"
        try:
            parse_address(order.data["destination"], by_id(chain_id).tron)
        except InvalidAddress:
            where = by_id(chain_id).name
            return coin0, coin1, f"destination {order.data['destination']!r} is not an address on {where}"
        return coin0, coin1, None

    async def _wait_exchange_push(self, order: Order, head: int) -> None:
        await self._move(order, "wait_exchange_return")

    async def _wait_exchange_return(self, order: Order, head: int) -> None:
        coin0, coin1, problem = await self._coins(order)
        assert coin0 is not None and coin1 is not None and problem is None  # checked before the push
        quote = metapath_quote(coin0, coin1, order.amount("fromAmount"))
        deployment = await self.world.deployment(coin1.chain_id)
        assert deployment is not None
        held = await self.world.client(coin1.chain_id).call(
            coin1.token, ERC20.encode("balanceOf", deployment.metapath.contract)
        )
        priced = {
            "toTokenAddress": coin1.contract_token,
            "toTokenAmount": str(quote.amount_out),
            "fee": str(quote.fee),
            "chainFee": str(quote.relayer_fee),
        }
        pays = _coins_of(quote.amount_out, coin1)  # a reason a person reads: '59,819.9 USDT', never wei
        if quote.amount_out < order.amount("minReturnAmount"):
            asked = _coins_of(order.amount("minReturnAmount"), coin1)
            why = f"minimum return not met: the desk pays {pays}, the deposit asks {asked}"
        elif ERC20.decode("balanceOf", held)[0] < quote.amount_out:
            why = f"insufficient liquidity: the {by_id(coin1.chain_id).name} vault cannot pay {pays}"
        else:
            await self._move(order, "wait_exchange_return_success", data=priced)
            return
        await self._move(order, "wait_exchange_return_error", data={**priced, "refundReason": why})

    async def _wait_exchange_return_error(self, order: Order, head: int) -> None:
        await self._move(order, "wait_refund_send", wait_on=order.src_chain)

    async def _wait_exchange_return_success(self, order: Order, head: int) -> None:
        await self._move(order, "wait_receive_send")

    async def _wait_receive_send(self, order: Order, head: int) -> None:
        await self.need(order.src_chain)
        if await self._settled(order.src_chain, order) == REFUNDED:  # refunded already, by an earlier life
            await self._refund(order, "the deposit was refunded already")
            return
        try:
            landed = await self._pay_out(order)
        except CallReverted as exc:
            assert order.dst_chain is not None
            if await self._settled(order.dst_chain, order) == PAID_OUT:  # paid, its event not found: never refunded
                logger.error("metapath: order %s is paid out, but its payout was not found", order.id)
                return
            await self._refund(order, f"the payout was refused: {exc.message}")
            return
        await self._move(order, "wait_receive_confirm", data={"toHash": landed.sent.hash}, tx=landed.sent.hash)

    async def _pay_out(self, order: Order) -> Landed:
        """The payout of token1 to the destination, from the destination chain's vault (sent once)."""
        assert order.dst_chain is not None
        deployment = await self.world.deployment(order.dst_chain)
        assert deployment is not None
        receiver = to_checksum(parse_address(order.data["destination"], by_id(order.dst_chain).tron))
        token, amount = order.data["toTokenAddress"], order.amount("toTokenAmount")
        found = await self._outcome(order.dst_chain, order, BRIDGERS_PAYOUT, PAID_OUT, "payout")
        if found is not None:  # paid out already (this order, forgotten when its source started over)
            return found
        call = BRIDGERS.encode("payout", bytes.fromhex(order.id[2:]), token, receiver, amount)
        return await self.payer(order.dst_chain).submit(order.id, "payout", deployment.metapath.contract, call)

    async def _settled(self, chain_id: int, order: Order) -> int:
        """The order's outcome in the vault of `chain_id`: OPEN, PAID_OUT or REFUNDED."""
        deployment = await self.world.deployment(chain_id)
        assert deployment is not None
        key = BRIDGERS.encode("settled", bytes.fromhex(order.id[2:]))
        return int(
            BRIDGERS.decode("settled", await self.world.client(chain_id).call(deployment.metapath.contract, key))[0]
        )

    async def _outcome(self, chain_id: int, order: Order, event: Event, outcome: int, kind: str) -> Landed | None:
        """The payout (or refund) of the order the vault of `chain_id` made already, if it did."""
        if await self._settled(chain_id, order) != outcome:
            return None
        deployment = await self.world.deployment(chain_id)
        assert deployment is not None
        client = self.world.client(chain_id)
        log = await find_event(client, deployment.metapath.contract, [event.topic, bytes.fromhex(order.id[2:])])
        return None if log is None else await landed(client, order.id, kind, log)

    async def _settle_source(self, order: Order) -> bool:
        """The payout recorded in the source vault (`settle`): the deposit can no longer be refunded there."""
        await self.need(order.src_chain)
        if await self._settled(order.src_chain, order) != OPEN:
            return True
        deployment = await self.world.deployment(order.src_chain)
        assert deployment is not None
        call = BRIDGERS.encode("settle", bytes.fromhex(order.id[2:]))
        sent = await self.payer(order.src_chain).submit(order.id, "settle", deployment.metapath.contract, call)
        return sent.receipt is not None and sent.receipt.ok

    async def resettle(self, order: Order) -> None:
        if order.state == "receive_complete":
            await self._settle_source(order)

    async def _wait_receive_confirm(self, order: Order, head: int) -> None:
        try:
            landed = await self._pay_out(order)  # the payout kept, sent again while it may still land
        except CallReverted as exc:  # it never landed, and a new one would revert
            await self._move(order, "wait_receive_confirm_error", data={"error": f"the payout failed: {exc.message}"})
            return
        receipt = landed.receipt
        if landed.sent.hash != order.data["toHash"]:  # the one kept could no longer land: this one replaces it
            await self._move(order, order.state, data={"toHash": landed.sent.hash})
        elif receipt is None:
            return
        elif not receipt.ok:
            await self._move(order, "wait_receive_confirm_error", data={"error": "the payout reverted"})
        elif confirmations(receipt, head) >= timing.DESTINATION_CONFIRMATIONS and await self._settle_source(order):
            await self._move(order, "receive_complete")

    async def _wait_receive_confirm_error(self, order: Order, head: int) -> None:
        await self._refund(order, "the payout reverted")

    async def _wait_refund_send(self, order: Order, head: int) -> None:
        try:
            landed = await self._pay_back(order)
        except CallReverted as exc:
            await self._move(order, "ERROR", data={"error": f"the refund was refused: {exc.message}"})
            return
        await self._move(order, "wait_refund_confirm", data={"refundHash": landed.sent.hash}, tx=landed.sent.hash)

    async def _pay_back(self, order: Order) -> Landed:
        """The whole deposit back to its sender, from the source chain's vault (sent once)."""
        deployment = await self.world.deployment(order.src_chain)
        assert deployment is not None
        found = await self._outcome(order.src_chain, order, BRIDGERS_REFUND, REFUNDED, "refund")
        if found is not None:  # refunded already (this order, forgotten and found again)
            return found
        order_key, amount = bytes.fromhex(order.id[2:]), order.amount("fromAmount")
        call = BRIDGERS.encode("refund", order_key, order.data["fromToken"], order.data["sender"], amount)
        return await self.payer(order.src_chain).submit(order.id, "refund", deployment.metapath.contract, call)

    async def _wait_refund_confirm(self, order: Order, head: int) -> None:
        try:
            landed = await self._pay_back(order)  # the refund kept, sent again while it may still land
        except CallReverted as exc:
            await self._move(order, "wait_refund_confirm_error", data={"error": f"the refund failed: {exc.message}"})
            return
        receipt = landed.receipt
        if landed.sent.hash != order.data["refundHash"]:  # the one kept could no longer land: this one replaces it
            await self._move(order, order.state, data={"refundHash": landed.sent.hash})
        elif receipt is None:
            return
        elif not receipt.ok:
            await self._move(order, "wait_refund_confirm_error", data={"error": "the refund reverted"})
        elif confirmations(receipt, head) >= timing.DESTINATION_CONFIRMATIONS:
            await self._move(order, "refund_complete", data={"refundCoinAmt": order.data["fromAmount"]})

    async def _wait_refund_confirm_error(self, order: Order, head: int) -> None:
        await self._move(order, "ERROR")

    # -- moving ---------------------------------------------------------------------------------------

    async def _refund(self, order: Order, why: str) -> None:
        await self._move(order, "wait_refund_send", wait_on=order.src_chain, data={"refundReason": why})

    async def _move(self, order: Order, state: str, **changes: Any) -> None:
        await off_loop(lambda: self.store.move(order, state, **changes))


def _coins_of(units: int, coin: Coin) -> str:
    """'59,819.9 USDT': an amount of `coin` as SWFT's reasons write one."""
    return f"{Decimal(units).scaleb(-coin.decimals).normalize():,f} {coin.symbol}"
