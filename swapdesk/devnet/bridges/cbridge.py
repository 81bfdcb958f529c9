"""CBRIDGE: Celer's State Guardian Network, the validators of the pool-based bridges.

A transfer is a `Send` on the source chain's bridge, named by its transfer id. Once its source
confirmations are in, the validators price it (`terms.cbridge_estimate`: the same asset 1:1 at the
destination's decimals, less the percentage and base fees) and check the sender's `maxSlippage` and the
destination pool; then they sign a relay request (every validator signs: more than the 2/3 quorum) and
their relayer (the first validator) sends `relay` on the destination bridge. A relay above the
destination's delay threshold lands in the delayed queue; the relayer releases it with
`executeDelayedTransfer` once the delay period is over (the period is on chain: the provider's governance
scales it to the devnet's speed when the operator starts).

A transfer that cannot be paid (slippage too small, destination pool too short, no such token there)
is to be refunded, and a refund takes the sender's part, as on cBridge: the sender asks the gateway
(`withdrawLiquidity`), the validators sign a WithdrawMsg for the whole amount, the gateway hands it out
(`getTransferStatus`: wd_onchain, sorted_sigs, signers, powers), and the sender sends `withdraw` on the
source chain; the validators see it done (`WithdrawDone`, its refid the transfer id).

One outcome per transfer: once a relay has landed, the validators record it on the source bridge
(`settle`) before the transfer moves on, and the source bridge refuses any refund of it from then on;
before they relay, they read the destination (`transfers`): a transfer relayed already (forgotten when its
source chain started over, found again when the same send landed again) is the relay's, never paid twice.

    SUBMITTING -> WAITING_FOR_SGN_CONFIRMATION -> WAITING_FOR_FUND_RELEASE -> COMPLETED
    WAITING_FOR_FUND_RELEASE -> DELAYED -> COMPLETED
    WAITING_FOR_SGN_CONFIRMATION (or a relay that reverts) -> TO_BE_REFUNDED -> REQUESTING_REFUND
      -> REFUND_TO_BE_CONFIRMED -> CONFIRMING_YOUR_REFUND -> REFUNDED
"""

from __future__ import annotations

import contextlib
import logging
import time
from typing import Any, ClassVar

from swapdesk.chain.bridge_events import (
    CB_DELAYED_ADDED,
    CB_DELAYED_EXECUTED,
    CB_RELAY,
    CB_SEND,
    CB_WITHDRAW_DONE,
)
from swapdesk.contracts import artifact
from swapdesk.devnet.accounts import DEPLOYER_INDEX, demo_key
from swapdesk.devnet.bridges import celer, config, timing
from swapdesk.devnet.bridges.client import CallReverted, Log, Receipt
from swapdesk.devnet.bridges.context import same_asset
from swapdesk.devnet.bridges.deployment import BridgeDeployment, BridgedToken
from swapdesk.devnet.bridges.operator_loop import Operator
from swapdesk.devnet.bridges.operators import VALIDATOR_INDEXES
from swapdesk.devnet.bridges.outcomes import find_event, landed
from swapdesk.devnet.bridges.payer import Landed, Payer, confirmations
from swapdesk.devnet.bridges.rejudge import NOWHERE, Outcome, ways_back
from swapdesk.devnet.bridges.store import Machine, Order, StaleOrder
from swapdesk.devnet.bridges.terms import cbridge_estimate, cbridge_min_receive
from swapdesk.off_loop import off_loop

BRIDGE, ERC20 = artifact("CBridge"), artifact("ERC20")
logger = logging.getLogger(__name__)

OUTCOMES = (  # what a state stands on, and where the transfer goes back when its chain lost it (`rejudge`)
    Outcome("relayHash", True, "relay", frozenset({"WAITING_FOR_FUND_RELEASE", "DELAYED", "COMPLETED"}),
            "WAITING_FOR_SGN_CONFIRMATION", ("relayHash", "releaseHash", "delayedId", "note")),
    Outcome("releaseHash", True, "release", frozenset({"COMPLETED"}), "DELAYED", ("releaseHash",)),
    Outcome("refundHash", False, "refund", frozenset({"CONFIRMING_YOUR_REFUND", "REFUNDED"}),
            "REFUND_TO_BE_CONFIRMED", ("refundHash", "refundBlock", "withdrawId"), NOWHERE),
)  # fmt: skip
MACHINE = Machine(
    back=ways_back(OUTCOMES),
    first=("SUBMITTING",),
    moves={
        "SUBMITTING": ("WAITING_FOR_SGN_CONFIRMATION",),
        "WAITING_FOR_SGN_CONFIRMATION": ("WAITING_FOR_FUND_RELEASE", "TO_BE_REFUNDED"),
        "WAITING_FOR_FUND_RELEASE": ("COMPLETED", "DELAYED", "TO_BE_REFUNDED"),
        "DELAYED": ("COMPLETED",),
        "TO_BE_REFUNDED": ("REQUESTING_REFUND",),
        "REQUESTING_REFUND": ("REFUND_TO_BE_CONFIRMED",),
        "REFUND_TO_BE_CONFIRMED": ("CONFIRMING_YOUR_REFUND",),
        "CONFIRMING_YOUR_REFUND": ("REFUNDED",),
    },
)
# cBridge's TransferHistoryStatus and XferStatus (the refund reasons), as its gateway numbers them
STATUS = {
    "SUBMITTING": 1,
    "FAILED": 2,
    "WAITING_FOR_SGN_CONFIRMATION": 3,
    "WAITING_FOR_FUND_RELEASE": 4,
    "COMPLETED": 5,
    "TO_BE_REFUNDED": 6,
    "REQUESTING_REFUND": 7,
    "REFUND_TO_BE_CONFIRMED": 8,
    "CONFIRMING_YOUR_REFUND": 9,
    "REFUNDED": 10,
    "DELAYED": 11,
}
BAD_LIQUIDITY, BAD_SLIPPAGE, BAD_TOKEN, BAD_DEST_CHAIN = 3, 4, 5, 9
VALIDATOR_KEYS = tuple(demo_key(i) for i in VALIDATOR_INDEXES)
RELAYER_KEY = VALIDATOR_KEYS[0]


class CBridge(Operator):
    name: ClassVar[str] = "cbridge"
    machine: ClassVar[Machine] = MACHINE
    topics: ClassVar[tuple[bytes, ...]] = (CB_SEND.topic, CB_WITHDRAW_DONE.topic)
    outcomes: ClassVar[tuple[Outcome, ...]] = OUTCOMES
    payer_key: ClassVar[bytes] = RELAYER_KEY

    def watched(self, deployment: BridgeDeployment) -> list[str]:
        return [deployment.cbridge.bridge]

    async def first_look(self, chain_id: int) -> None:
        """The governance's part, on each chain as it starts running: the delay period at the devnet's speed."""
        deployment = await self.world.deployment(chain_id)
        if deployment is None:
            return
        client, bridge = self.world.client(chain_id), deployment.cbridge.bridge
        wanted = timing.delay_period(config.CBRIDGE_DELAY_PERIOD, self.world.speed)
        if BRIDGE.decode("delayPeriod", await client.call(bridge, BRIDGE.encode("delayPeriod")))[0] != wanted:
            owner = Payer(client, demo_key(DEPLOYER_INDEX), self.store)
            await owner.send_now(bridge, BRIDGE.encode("setDelayPeriod", wanted))

    async def found(self, chain_id: int, logs: list[Log]) -> list[Order]:
        orders = []
        for log in logs:
            if CB_WITHDRAW_DONE.matches(log):
                await self._refund_seen(chain_id, log)
                continue
            send = CB_SEND.decode(log)
            if send is None:
                continue  # not a deposit, whatever its topic says
            data = {
                "sender": send["sender"],
                "receiver": send["receiver"],
                "token": send["token"],
                "amount": str(send["amount"]),
                "nonce": send["nonce"],
                "maxSlippage": send["maxSlippage"],
                "block": log.block,
            }
            dst, key = int(send["dstChainId"]), "0x" + send["transferId"].hex()
            orders.append(Order(key, chain_id, log.tx, log.index, dst, "SUBMITTING", data, chain_id))
        return orders

    async def _refund_seen(self, chain_id: int, log: Log) -> None:
        """A withdrawal whose refid is a transfer waiting for its refund: the sender sent it."""
        done = CB_WITHDRAW_DONE.decode(log)
        if done is None:
            return
        order = await off_loop(self.store.get, "0x" + done["refid"].hex())
        if order is None or order.state != "REFUND_TO_BE_CONFIRMED" or order.src_chain != chain_id:
            return
        seen = {"refundHash": log.tx, "refundBlock": log.block, "withdrawId": "0x" + done["withdrawId"].hex()}
        with contextlib.suppress(StaleOrder):  # seen again after a restart: it moved already
            await self._move(order, "CONFIRMING_YOUR_REFUND", data=seen, wait_on=order.src_chain, tx=log.tx)

    async def advance(self, order: Order, head: int) -> None:
        steps = {
            "SUBMITTING": self._confirmed,
            "WAITING_FOR_SGN_CONFIRMATION": self._sign_relay,
            "WAITING_FOR_FUND_RELEASE": self._released,
            "DELAYED": self._release_delayed,
            "TO_BE_REFUNDED": self._await_request,
            "REQUESTING_REFUND": self._sign_refund,
            "CONFIRMING_YOUR_REFUND": self._refunded,
        }
        await steps[order.state](order, head)

    async def _confirmed(self, order: Order, head: int) -> None:
        if head - int(order.data["block"]) + 1 >= timing.confirmations(order.src_chain):
            waits = order.dst_chain if order.dst_chain in config.BRIDGE_CHAINS else order.src_chain
            await self._move(order, "WAITING_FOR_SGN_CONFIRMATION", wait_on=waits)

    async def _sign_relay(self, order: Order, head: int) -> None:
        src = await self.world.deployment(order.src_chain)
        dst = await self.world.deployment(order.dst_chain) if order.dst_chain is not None else None
        source = next((t for t in src.cbridge.tokens if t.address == order.data["token"]), None) if src else None
        if dst is None or order.dst_chain is None:
            await self._to_refund(order, BAD_DEST_CHAIN)
            return
        target = same_asset(dst.cbridge.tokens, source.asset) if source else None
        if source is None or target is None:
            await self._to_refund(order, BAD_TOKEN)
            return
        estimate = cbridge_estimate(source, target, order.dst_chain, order.amount("amount"))
        least = cbridge_min_receive(estimate, int(order.data["maxSlippage"]))
        if estimate.receive == 0 or estimate.receive < least:
            await self._to_refund(order, BAD_SLIPPAGE)
            return
        client = self.world.client(order.dst_chain)
        pool = await client.call(target.address, ERC20.encode("balanceOf", dst.cbridge.bridge))
        if ERC20.decode("balanceOf", pool)[0] < estimate.receive:
            await self._to_refund(order, BAD_LIQUIDITY)
            return
        request = self._request(order, target, estimate.receive)
        priced = {
            "dstToken": target.address,
            "receiveAmount": str(estimate.receive),
            "percFee": str(estimate.perc_fee),
            "baseFee": str(estimate.base_fee),
            "dstTransferId": "0x" + request.transfer_id().hex(),
        }
        try:
            landed = await self._relay(order, request)
        except CallReverted:  # the destination's volume cap, most likely: the pool cannot take it now
            client = self.world.client(order.dst_chain)
            if BRIDGE.decode(
                "transfers", await client.call(dst.cbridge.bridge, BRIDGE.encode("transfers", request.transfer_id()))
            )[0]:
                logger.error("cbridge: transfer %s is relayed, but its relay was not found", order.id)
                return  # relayed: never refunded
            await self._to_refund(order, BAD_LIQUIDITY)
            return
        await self._move(order, "WAITING_FOR_FUND_RELEASE", data={**priced, "relayHash": landed.sent.hash},
                         tx=landed.sent.hash)  # fmt: skip

    def _request(self, order: Order, target: BridgedToken, amount: int) -> celer.RelayRequest:
        assert order.dst_chain is not None
        sender, receiver = order.data["sender"], order.data["receiver"]
        transfer_id = bytes.fromhex(order.id[2:])
        src, dst = order.src_chain, order.dst_chain
        return celer.RelayRequest(sender, receiver, target.address, amount, src, dst, transfer_id)

    async def _relay(self, order: Order, request: celer.RelayRequest) -> Landed:
        dst = await self.world.deployment(request.dst_chain_id)
        assert dst is not None
        bridge = dst.cbridge.bridge
        client = self.world.client(request.dst_chain_id)
        relayed = await client.call(bridge, BRIDGE.encode("transfers", request.transfer_id()))
        if BRIDGE.decode("transfers", relayed)[0]:  # relayed already (the transfer, forgotten and found again)
            log = await find_event(client, bridge, [CB_RELAY.topic], request.transfer_id())
            if log is not None:
                return await landed(client, order.id, "relay", log)
        sigs = celer.sign(list(VALIDATOR_KEYS), request.dst_chain_id, bridge, celer.RELAY, request.encode())
        call = BRIDGE.encode("relay", request.encode(), sigs, dst.cbridge.signers, dst.cbridge.powers)
        return await self.payer(request.dst_chain_id).submit(order.id, "relay", bridge, call)

    async def _released(self, order: Order, head: int) -> None:
        assert order.dst_chain is not None
        dst = await self.world.deployment(order.dst_chain)
        assert dst is not None
        target = next(t for t in dst.cbridge.tokens if t.address == order.data["dstToken"])
        try:  # the relay kept, sent again while it may still land
            landed = await self._relay(order, self._request(order, target, order.amount("receiveAmount")))
        except CallReverted:  # it never landed, and a new one would revert
            await self._to_refund(order, BAD_LIQUIDITY)
            return
        receipt = landed.receipt
        if landed.sent.hash != order.data["relayHash"]:  # the one kept could no longer land: this one replaces it
            await self._move(order, order.state, data={"relayHash": landed.sent.hash})
        elif receipt is None:
            return
        elif not receipt.ok:
            await self._to_refund(order, BAD_LIQUIDITY)
        elif not await self._settle_source(order):
            return  # the relay recorded on the source first: from then on, no refund of it can pass there
        elif _delayed(receipt):
            due = await self._release_time(order.dst_chain, receipt)
            await self._move(order, "DELAYED", data={"delayedId": order.data["dstTransferId"]}, due=due)
        elif confirmations(receipt, head) >= timing.DESTINATION_CONFIRMATIONS:
            await self._move(order, "COMPLETED")

    async def resettle(self, order: Order) -> None:
        if order.state in ("DELAYED", "COMPLETED"):
            with contextlib.suppress(CallReverted):  # its send is gone: recorded once it lands again
                await self._settle_source(order)

    async def _settle_source(self, order: Order) -> bool:
        """The relay recorded on the source bridge (`settle`, on the validators' word): the transfer can no
        longer be refunded there. Whether it is."""
        src = await self.world.deployment(order.src_chain)
        assert src is not None
        client, bridge, transfer_id = (
            self.world.client(order.src_chain),
            src.cbridge.bridge,
            bytes.fromhex(order.id[2:]),
        )
        await self.need(order.src_chain)
        if BRIDGE.decode("settled", await client.call(bridge, BRIDGE.encode("settled", transfer_id)))[0]:
            return True
        sigs = celer.sign(list(VALIDATOR_KEYS), order.src_chain, bridge, celer.SETTLED, transfer_id)
        call = BRIDGE.encode("settle", transfer_id, sigs, src.cbridge.signers, src.cbridge.powers)
        sent = await self.payer(order.src_chain).submit(order.id, "settle", bridge, call)
        return sent.receipt is not None and sent.receipt.ok

    async def _release_time(self, chain_id: int, receipt: Receipt) -> float:
        """When a transfer delayed in `receipt`'s block may be released (wall clock: blocks keep it)."""
        client = self.world.client(chain_id)
        deployment = await self.world.deployment(chain_id)
        assert deployment is not None
        period = await client.call(deployment.cbridge.bridge, BRIDGE.encode("delayPeriod"))
        block = await client.block(receipt.block)
        stamped = int(block["timestamp"], 16) if block else int(time.time())
        return float(stamped + BRIDGE.decode("delayPeriod", period)[0] + 1)

    async def _release_delayed(self, order: Order, head: int) -> None:
        assert order.dst_chain is not None
        receipt = await self._release(order, order.dst_chain, order.data["delayedId"], "release")
        if receipt is None and not await self._still_delayed(order.dst_chain, order.data["delayedId"]):
            gone = {"note": "the destination chain started over: the delayed payout went with it"}
            await self._move(order, "COMPLETED", data=gone)  # relayed, and recorded so at the source: settled
            return
        if receipt is not None and receipt.ok and confirmations(receipt, head) >= timing.DESTINATION_CONFIRMATIONS:
            await self._move(order, "COMPLETED", data={"releaseHash": receipt.tx})

    async def _still_delayed(self, chain_id: int, delayed_id: str) -> bool:
        deployment = await self.world.deployment(chain_id)
        assert deployment is not None
        call = BRIDGE.encode("delayedTransfers", bytes.fromhex(delayed_id[2:]))
        kept = BRIDGE.decode(
            "delayedTransfers", await self.world.client(chain_id).call(deployment.cbridge.bridge, call)
        )
        return bool(kept[0][3])  # its timestamp: 0 once released, or on a chain that never had it

    async def _release(self, order: Order, chain_id: int, delayed_id: str, kind: str) -> Receipt | None:
        """executeDelayedTransfer, by the relayer, once the chain allows it; its receipt once it landed."""
        deployment = await self.world.deployment(chain_id)
        assert deployment is not None
        call = BRIDGE.encode("executeDelayedTransfer", bytes.fromhex(delayed_id[2:]))
        client, bridge = self.world.client(chain_id), deployment.cbridge.bridge
        try:
            sent = await self.payer(chain_id).submit(order.id, kind, bridge, call)
        except CallReverted:  # still locked, or released already (the transfer, forgotten and found again)
            log = await find_event(client, bridge, [CB_DELAYED_EXECUTED.topic], bytes.fromhex(delayed_id[2:]))
            return None if log is None else (await landed(client, order.id, kind, log)).receipt
        return sent.receipt

    async def _await_request(self, order: Order, head: int) -> None:
        """Nothing to do: the sender asks for the refund (the gateway's withdrawLiquidity)."""

    async def _sign_refund(self, order: Order, head: int) -> None:
        src = await self.world.deployment(order.src_chain)
        assert src is not None
        key = BRIDGE.encode("settled", bytes.fromhex(order.id[2:]))
        if BRIDGE.decode("settled", await self.world.client(order.src_chain).call(src.cbridge.bridge, key))[0]:
            logger.error("cbridge: transfer %s was relayed: its refund is not signed", order.id)
            await self._move(order, order.state, data={"error": "the transfer was relayed"}, wait_on=None)
            return
        message = celer.WithdrawMsg(
            order.src_chain,
            int(order.data["seqnum"]),
            order.data["sender"],
            order.data["token"],
            order.amount("amount"),
            bytes.fromhex(order.id[2:]),
        )
        bridge = src.cbridge.bridge
        sigs = celer.sign(list(VALIDATOR_KEYS), order.src_chain, bridge, celer.WITHDRAW, message.encode())
        signed = {
            "wdOnchain": "0x" + message.encode().hex(),
            "sortedSigs": ["0x" + s.hex() for s in sigs],
            "signers": src.cbridge.signers,
            "powers": src.cbridge.powers,
        }
        await self._move(order, "REFUND_TO_BE_CONFIRMED", data=signed, wait_on=None)

    async def _refunded(self, order: Order, head: int) -> None:
        receipt = await self.world.client(order.src_chain).receipt(order.data["refundHash"])
        if receipt is None or confirmations(receipt, head) < timing.confirmations(order.src_chain):
            return
        if _delayed(receipt):  # a large refund waits the delay too; the relayer releases it
            released = await self._release(order, order.src_chain, order.data["withdrawId"], "refund-release")
            if released is None or not released.ok:
                return
        await self._move(order, "REFUNDED")

    # -- moving -------------------------------------------------------------------------------------

    async def _to_refund(self, order: Order, reason: int) -> None:
        await self._move(order, "TO_BE_REFUNDED", data={"refundReason": reason}, wait_on=None)

    async def request_refund(self, order: Order, seqnum: int) -> Order:
        """The sender's refund request (the gateway's withdrawLiquidity): signed at the next poll."""
        return await off_loop(
            lambda: self.store.move(order, "REQUESTING_REFUND", data={"seqnum": seqnum}, wait_on=order.src_chain)
        )

    async def _move(self, order: Order, state: str, **changes: Any) -> None:
        await off_loop(lambda: self.store.move(order, state, **changes))


def _delayed(receipt: Receipt) -> bool:
    return any(CB_DELAYED_ADDED.matches(log) for log in receipt.logs)
