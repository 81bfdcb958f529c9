"""ANYSWAP: Multichain's MPC, the operator of the routers V6.

A deposit is a `LogAnySwapOut` of a source chain's router (anySwapOut, anySwapOutUnderlying or
anySwapOutNative), one per transaction; its order is named by the source transaction's hash, which is
also the `txs` of the payout: the router refuses a second `anySwapIn` of it. The MPC reads the source
router's SwapConfig for the token and destination, takes its fee (the rate, clamped between the minimum
and maximum fee) and pays the rest, at the destination's decimals, with `anySwapInAuto` on the
destination router: the underlying from the anyToken's pool, or anyToken when the pool is short (as
Multichain did; the receiver swaps it back later).

Its states are Multichain's (the scan API's `status` codes), each shown with the spec's statusNotes:

    TxNotStable (0, Confirming) -> MatchTxEmpty (8, Confirming) -> MatchTxNotStable (9, Swapping)
      -> MatchTxStable (10, Success)
    TxNotStable -> TxWithWrongValue (3, ExceedLimit(LessThenMinAmount)): below the minimum swap; not
      paid, the deposit stays in the source pool, as Multichain left it
    TxNotStable -> TxWithBigValue (12, BigAmount(Wait24hours)) -> MatchTxEmpty: above the big-value
      threshold the MPC waits (`timing.BIG_AMOUNT_WAIT`, standing for 24 hours), then pays
    -> MatchTxFailed (14, Failure): no route, or the destination refuses the payout (the zero address)

Before it pays, the MPC reads the destination router (`completedSwapin`): a swap paid already (forgotten
when its source chain started over, found again when the same transaction landed again) is that payout's,
shown as Success with its amount and hash, never paid twice nor called a failure.
"""

from __future__ import annotations

import time
from typing import Any, ClassVar

from swapdesk.chain.bridge_events import ANY_SWAP_IN, ANY_SWAP_OUT
from swapdesk.contracts import artifact
from swapdesk.devnet.accounts import demo_key
from swapdesk.devnet.bridges import timing
from swapdesk.devnet.bridges.client import CallReverted, Log
from swapdesk.devnet.bridges.deployment import AnyToken, BridgeDeployment
from swapdesk.devnet.bridges.operator_loop import Operator
from swapdesk.devnet.bridges.operators import MPC_INDEX
from swapdesk.devnet.bridges.outcomes import find_event, landed
from swapdesk.devnet.bridges.payer import Landed, confirmations
from swapdesk.devnet.bridges.rejudge import Outcome, ways_back
from swapdesk.devnet.bridges.store import Machine, Order
from swapdesk.devnet.bridges.terms import SwapConfig, rescale
from swapdesk.off_loop import off_loop

ROUTER, ERC20 = artifact("AnyswapV6Router"), artifact("ERC20")

OUTCOMES = (  # what a state stands on, and where the swap goes back when its chain lost it (`rejudge`)
    Outcome("swaptx", True, "payout", frozenset({"MatchTxNotStable", "MatchTxStable", "MatchTxFailed"}),
            "MatchTxEmpty", ("swaptx", "error")),
)  # fmt: skip
MACHINE = Machine(
    back=ways_back(OUTCOMES),
    first=("TxNotStable",),
    moves={
        "TxNotStable": ("MatchTxEmpty", "TxWithBigValue", "TxWithWrongValue", "MatchTxFailed"),
        "TxWithBigValue": ("MatchTxEmpty",),
        "MatchTxEmpty": ("MatchTxNotStable", "MatchTxFailed"),
        "MatchTxNotStable": ("MatchTxStable", "MatchTxFailed"),
    },
)
STATUS = {
    "TxNotStable": 0,
    "TxWithWrongValue": 3,
    "MatchTxEmpty": 8,
    "MatchTxNotStable": 9,
    "MatchTxStable": 10,
    "TxWithBigValue": 12,
    "MatchTxFailed": 14,
}
LESS_THAN_MIN, MORE_THAN_MAX = "ExceedLimit(LessThenMinAmount)", "ExceedLimit(GreaterThenMaxAmount)"
NOTES = {
    "TxNotStable": "Confirming",
    "MatchTxEmpty": "Confirming",
    "MatchTxNotStable": "Swapping",
    "MatchTxStable": "Success",
    "TxWithBigValue": "BigAmount(Wait24hours)",
    "MatchTxFailed": "Failure",
}


def status_note(order: Order) -> str:
    """The spec's statusNotes for an order."""
    if order.state == "TxWithWrongValue":
        return str(order.data.get("limit", LESS_THAN_MIN))
    return NOTES[order.state]


class Anyswap(Operator):
    name: ClassVar[str] = "anyswap"
    machine: ClassVar[Machine] = MACHINE
    topics: ClassVar[tuple[bytes, ...]] = (ANY_SWAP_OUT.topic,)
    outcomes: ClassVar[tuple[Outcome, ...]] = OUTCOMES
    payer_key: ClassVar[bytes] = demo_key(MPC_INDEX)

    def watched(self, deployment: BridgeDeployment) -> list[str]:
        return [deployment.anyswap.router]

    async def found(self, chain_id: int, logs: list[Log]) -> list[Order]:
        orders = []
        for log in logs:
            out = ANY_SWAP_OUT.decode(log)
            if out is None:
                continue  # not a deposit, whatever its topic says
            data = {
                "token": out["token"],
                "from": out["from_"],
                "to": out["to"],
                "amount": str(out["amount"]),
                "block": log.block,
            }
            dst = int(out["toChainID"])
            orders.append(Order(log.tx, chain_id, log.tx, log.index, dst, "TxNotStable", data, wait_on=chain_id))
        return orders

    async def advance(self, order: Order, head: int) -> None:
        steps = {"TxNotStable": self._confirmed, "TxWithBigValue": self._waited, "MatchTxEmpty": self._pay}
        await (steps.get(order.state) or self._paid)(order, head)

    async def _confirmed(self, order: Order, head: int) -> None:
        if head - int(order.data["block"]) + 1 < timing.confirmations(order.src_chain):
            return
        source, target = await self._tokens(order)
        if source is None or target is None or order.dst_chain is None:
            await self._move(order, "MatchTxFailed", data={"error": "no route to the destination"})
            return
        config = await self._config(order, source)
        amount = order.amount("amount")
        if not config.routed:
            await self._move(order, "MatchTxFailed", data={"error": "no route to the destination"})
        elif amount < config.minimum_swap or amount > config.maximum_swap:
            limit = LESS_THAN_MIN if amount < config.minimum_swap else MORE_THAN_MAX
            await self._move(order, "TxWithWrongValue", data={"limit": limit})
        else:
            fee = config.fee(amount)
            value = rescale(amount - fee, source.underlying.decimals, target.underlying.decimals)
            priced = {"fee": str(fee), "swapvalue": str(value), "anyToken": target.address}
            if amount > config.big_value_threshold:
                due = time.time() + timing.scaled(timing.BIG_AMOUNT_WAIT, self.world.speed)
                await self._move(order, "TxWithBigValue", data=priced, wait_on=order.dst_chain, due=due)
            else:
                await self._move(order, "MatchTxEmpty", data=priced, wait_on=order.dst_chain)

    async def _tokens(self, order: Order) -> tuple[AnyToken | None, AnyToken | None]:
        """The anyToken deposited, and the same asset's anyToken on the destination."""
        src = await self.world.deployment(order.src_chain)
        source = next((t for t in src.anyswap.tokens if t.address == order.data["token"]), None) if src else None
        dst = await self.world.deployment(order.dst_chain) if order.dst_chain is not None else None
        if source is None or dst is None:
            return source, None
        return source, next((t for t in dst.anyswap.tokens if t.underlying.asset == source.underlying.asset), None)

    async def _config(self, order: Order, token: AnyToken) -> SwapConfig:
        src = await self.world.deployment(order.src_chain)
        assert src is not None and order.dst_chain is not None
        raw = await self.world.client(order.src_chain).call(
            src.anyswap.router, ROUTER.encode("getSwapConfig", token.address, order.dst_chain)
        )
        return SwapConfig(*ROUTER.decode("getSwapConfig", raw)[0])

    async def _waited(self, order: Order, head: int) -> None:
        await self._move(order, "MatchTxEmpty")  # the wait is over (due)

    async def _pay(self, order: Order, head: int) -> None:
        try:
            landed = await self._swap_in(order)
        except CallReverted as exc:
            refused = {"error": f"the destination refused the payout: {exc.message}"}
            await self._move(order, "MatchTxFailed", data=refused)
            return
        await self._move(order, "MatchTxNotStable", data={"swaptx": landed.sent.hash}, tx=landed.sent.hash)

    async def _swap_in(self, order: Order) -> Landed:
        """anySwapInAuto on the destination router, by the MPC, once per source transaction."""
        assert order.dst_chain is not None
        dst = await self.world.deployment(order.dst_chain)
        assert dst is not None
        client, txs = self.world.client(order.dst_chain), bytes.fromhex(order.src_tx[2:])
        done = await client.call(dst.anyswap.router, ROUTER.encode("completedSwapin", txs, order.src_chain))
        if ROUTER.decode("completedSwapin", done)[0]:  # paid already (the swap, forgotten and found again)
            log = await find_event(client, dst.anyswap.router, [ANY_SWAP_IN.topic, txs])
            paid = ANY_SWAP_IN.decode(log) if log is not None else None
            if log is not None and paid is not None and paid["fromChainID"] == order.src_chain:
                return await landed(client, order.id, "swapin", log)
        call = ROUTER.encode(
            "anySwapInAuto",
            bytes.fromhex(order.src_tx[2:]),
            order.data["anyToken"],
            order.data["to"],
            order.amount("swapvalue"),
            order.src_chain,
        )
        return await self.payer(order.dst_chain).submit(order.id, "swapin", dst.anyswap.router, call)

    async def _paid(self, order: Order, head: int) -> None:
        try:
            landed = await self._swap_in(order)  # the payout kept, sent again while it may still land
        except CallReverted as exc:  # it never landed, and a new one would revert
            await self._move(order, "MatchTxFailed", data={"error": f"the payout failed: {exc.message}"})
            return
        receipt = landed.receipt
        if landed.sent.hash != order.data["swaptx"]:  # the one kept could no longer land: this one replaces it
            await self._move(order, order.state, data={"swaptx": landed.sent.hash})
        elif receipt is None:
            return
        elif not receipt.ok:
            await self._move(order, "MatchTxFailed", data={"error": "the payout reverted"})
        elif confirmations(receipt, head) >= timing.DESTINATION_CONFIRMATIONS:
            await self._move(order, "MatchTxStable")

    async def _move(self, order: Order, state: str, **changes: Any) -> None:
        await off_loop(lambda: self.store.move(order, state, **changes))
