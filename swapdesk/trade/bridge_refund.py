"""A cBridge refund, which only its sender can move: ask the validators, then withdraw on the source chain.

A transfer cBridge's validators cannot pay (TO_BE_REFUNDED) waits for its sender (docs/cross-chain.md):

1. the sender signs a withdrawal request (sgn-v2's `WithdrawReq`) with eth_sign, and the gateway is asked
   for the refund (`engine.bridges.cbridge_refund.Refund.ask`);
2. once the validators signed it (REFUND_TO_BE_CONFIRMED), the signed `withdraw` call is checked before it
   is signed: it goes to cBridge's contract of swapdesk's catalogue on the source chain, and its message
   pays the whole deposit (that token, that amount) back to the sender, on that chain, for that transfer;
3. it is dry-run, then signed, recorded and sent from the sender's account (kind `refund`), and the order
   keeps its hash. The tracker follows the order on to REFUNDED.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

from eth_abi import decode

from swapdesk.address import ZERO, format_address, parse_address
from swapdesk.api import ApiError
from swapdesk.chains import by_id
from swapdesk.engine.bridges.cbridge_refund import Refund, refund_digest, withdraw_request
from swapdesk.off_loop import off_loop
from swapdesk.store import StoredOrder
from swapdesk.trade.bridge import Bridger
from swapdesk.trade.bridge_checks import CBRIDGE
from swapdesk.trade.errors import CheckFailed, TradeError
from swapdesk.trade.orders import refundable
from swapdesk.trade.outbox import Sent
from swapdesk.wallet import PrivateKey
from swapdesk.words import QT_TR_NOOP, Term, Words

ASKS = ("TO_BE_REFUNDED",)  # the sender must ask first
SIGNED_WITHIN = 120.0  # seconds the validators get to sign the withdrawal (a few blocks at the devnet's speed)
POLL_SECONDS = 0.5


class RefundWithdraw:
    def __init__(self, bridger: Bridger) -> None:
        self.bridger = bridger

    def _refund(self) -> Refund:
        try:
            return self.bridger.trader.here.refund()
        except ApiError as exc:
            raise TradeError(QT_TR_NOOP("cBridge's gateway: {reason}"), reason=exc.words) from None

    async def withdraw(
        self, key: PrivateKey, order: StoredOrder, step: Callable[[Words], None] = lambda _: None
    ) -> Sent:
        if not refundable(order):
            raise TradeError(QT_TR_NOOP("this order has no refund waiting for you"))
        sender = order.summary.get("sender", "")
        if parse_address(key.address, False) != parse_address(sender, False):
            raise CheckFailed(QT_TR_NOOP("only the account that sent the transfer can withdraw its refund"))
        if not order.order_id:
            raise TradeError(QT_TR_NOOP("cBridge has not named the transfer yet: try again in a moment"))
        refund = self._refund()
        try:
            if order.notes in ASKS:
                step(Words(QT_TR_NOOP("Asking cBridge's validators for the refund (signing the request)…")))
                request = withdraw_request(bytes.fromhex(order.order_id[2:]), time.time_ns() // 1_000_000)
                await refund.ask(order.order_id, request, key.sign_message(refund_digest(request)))
            step(Words(QT_TR_NOOP("Waiting for the validators to sign the withdrawal…")))
            deadline = time.monotonic() + SIGNED_WITHIN
            while (withdrawal := await refund.withdrawal(order.order_id)) is None:
                if time.monotonic() > deadline:
                    raise TradeError(QT_TR_NOOP("cBridge's validators have not signed the refund yet: try again later"))
                await asyncio.sleep(POLL_SECONDS)  # the gateway pushes nothing: a client asks
        except ApiError as exc:
            raise TradeError(QT_TR_NOOP("cBridge's gateway: {reason}"), reason=exc.words) from None
        src = by_id(order.chain_id)
        step(Words(QT_TR_NOOP("Checking the withdrawal against your transfer…")))
        routers = await self.bridger.catalog.routers(src)
        contract = parse_address(routers.router("CBRIDGE", src), False)
        if withdrawal.chain.id != src.id or withdrawal.bridge != contract:
            raise CheckFailed(
                QT_TR_NOOP("the withdrawal is not for cBridge's contract on {chain} in swapdesk's catalogue"),
                chain=src.name,
            )
        self._check(withdrawal.data, order, routers.wraps_native)
        step(Words(QT_TR_NOOP("Dry run of the withdrawal…")))
        me = parse_address(key.address, False)
        await self.bridger.calls.dry_run(src, me, contract, withdrawal.data, 0, Term(QT_TR_NOOP("withdrawal")))
        s = order.summary
        summary = {"bridge": "CBRIDGE", "chain": src.flag, "token": s["tokenIn"], "symbol": s["symbolIn"],
                   "amount": s["amountIn"], "decimals": s["decimalsIn"], "deposit": order.hash,
                   "receiver": format_address(me, src.tron)}  # fmt: skip
        step(Words(QT_TR_NOOP("Signing and sending the withdrawal; waiting for its receipt…")))
        sent = await self.bridger.calls.send(key, src, "refund", contract, withdrawal.data, 0, summary, CBRIDGE.abi)
        await off_loop(lambda: self.bridger.trader.outbox.store.update_order(order.hash, refund_hash=sent.hash))
        return sent

    @staticmethod
    def _check(data: bytes, order: StoredOrder, wraps_native: Callable[[str], bool]) -> None:
        """The withdrawal pays the whole deposit back to its sender, on its chain, for its transfer."""
        try:
            (message, _sigs, _signers, _powers) = CBRIDGE.decode_input("withdraw", data)
            fields: tuple[Any, ...] = decode(["uint64", "uint64", "address", "address", "uint256", "bytes32"], message)
        except Exception:
            raise CheckFailed(QT_TR_NOOP("the withdrawal cannot be decoded: nothing is sent")) from None
        chain_id, _seqnum, receiver, token, amount, refid = fields
        s, src = order.summary, by_id(order.chain_id)
        sent_token = parse_address(s["tokenIn"], src.tron)
        token_ok = parse_address(token, False) == sent_token or (sent_token == ZERO and wraps_native(token))
        expected = {
            Term(QT_TR_NOOP("chain")): chain_id == src.id,
            Term(QT_TR_NOOP("receiver")): parse_address(receiver, False) == parse_address(s["sender"], False),
            Term(QT_TR_NOOP("token")): token_ok,
            Term(QT_TR_NOOP("amount")): amount == int(s["amountIn"]),
            Term(QT_TR_NOOP("transfer")): "0x" + refid.hex() == order.order_id.lower(),
        }
        for what, holds in expected.items():
            if not holds:
                raise CheckFailed(
                    QT_TR_NOOP("the withdrawal's {what} is not your transfer's: nothing is sent"), what=what
                )
