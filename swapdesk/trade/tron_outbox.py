"""Sending TRON transactions so that none is ever lost: sign, record, broadcast, follow; resume after a crash.

What the Outbox does for Ethereum transactions, by TRON's rules. A transaction is built by tronpy on a
recent block of the node; its id, which is what gets signed, is computed here from its raw data and must
be the one the node gave. It is signed with tronpy, recorded with its signed JSON, broadcast, and followed
to its TransactionInfo (TRON has no push: a client asks until the node has it). It has no nonce but an
expiration: after a crash, one the chain never saw is broadcast again, and marked dropped once the node
refuses it as expired, since it can then never land.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Callable
from typing import Any

import httpx
from tronpy import AsyncTron
from tronpy.async_tron import AsyncTransaction
from tronpy.exceptions import TransactionNotFound

from swapdesk.chains import resolve
from swapdesk.engine.tron.node_client import failure, local_txid, message
from swapdesk.off_loop import off_loop
from swapdesk.store import StoredTx, TxStore
from swapdesk.trade.errors import CheckFailed, SendFailed, failed_on_chain
from swapdesk.trade.outbox import RECEIPT_TIMEOUT, Sent
from swapdesk.wallet import PrivateKey
from swapdesk.words import QT_TR_NOOP

TRON = resolve("TRON")
POLL_SECONDS = 1.0  # a TRON block is 3 s; tronpy's own wait() asks every 1.6 s
UNREACHABLE = (OSError, TimeoutError, httpx.HTTPError)
KNOWN = "DUP_TRANSACTION_ERROR"  # the node has it already: as good as sent
EXPIRED = "TRANSACTION_EXPIRATION_ERROR"


class TronOutbox:
    def __init__(self, store: TxStore, tron: Callable[[], AsyncTron], network: Callable[[], str]) -> None:
        """`tron` gives the node's client when one is first needed; `network` says whether TRON is the devnet or
        the real network here (what each transaction records)."""
        self.store = store
        self.tron = tron
        self.network = network

    async def send(self, key: PrivateKey, kind: str, transaction: AsyncTransaction, summary: dict[str, Any]) -> Sent:
        """Sign, record, broadcast and follow a transaction tronpy built, to a successful TransactionInfo."""
        signable = transaction.to_json()
        if local_txid(signable["raw_data"]) != transaction.txid:
            raise CheckFailed(QT_TR_NOOP("the node gave the transaction an id that is not its own: nothing was signed"))
        try:
            key.sign_tron(transaction)
        except ValueError as exc:  # expired while it was checked, or the account wants other signers
            raise CheckFailed(QT_TR_NOOP("tronpy would not sign it: {reason}; nothing was sent"), reason=exc) from None
        signed = transaction.to_json()
        txid = transaction.txid
        stored = StoredTx(
            txid, TRON.id, kind, key.address, None, json.dumps(signed), "signed", summary, network=self.network()
        )
        await off_loop(self.store.record, stored)
        try:
            refused = await self._broadcast(signed)
        except UNREACHABLE as exc:
            # it may or may not have left: it stays "signed" and is broadcast again on the next start
            raise SendFailed(
                QT_TR_NOOP("the TRON node cannot be reached ({reason}); it will be sent again"), txid, reason=exc
            ) from None
        if refused is not None and not refused.startswith(KNOWN):
            await off_loop(self.store.mark, txid, "failed", error=refused)
            raise SendFailed(QT_TR_NOOP("the node rejected the transaction: {reason}"), txid, reason=refused)
        await off_loop(self.store.mark, txid, "sent")
        return Sent(txid, await self.follow(txid))

    async def _broadcast(self, signed: dict[str, Any]) -> str | None:
        """None when the node took it; else its code and message (TRON's words)."""
        answer = await self.tron().provider.make_request("wallet/broadcasttransaction", signed)
        if answer.get("result") is True:
            return None
        return f"{answer.get('code', 'OTHER_ERROR')}: {message(answer) or answer.get('Error', '')}"

    async def follow(self, txid: str) -> dict[str, Any]:
        """Ask for the TransactionInfo until the node has it, and record the outcome; SendFailed when it failed."""
        tron, loop = self.tron(), asyncio.get_running_loop()
        give_up = loop.time() + RECEIPT_TIMEOUT
        while True:
            try:
                info: dict[str, Any] = await tron.get_transaction_info(txid)
                break
            except TransactionNotFound:
                if loop.time() > give_up:
                    raise SendFailed(
                        QT_TR_NOOP("no receipt yet: the transaction is still pending, see History"), txid
                    ) from None
            except UNREACHABLE as exc:
                raise SendFailed(
                    QT_TR_NOOP("lost the TRON node waiting for the receipt ({reason}); see History"), txid, reason=exc
                ) from None
            await asyncio.sleep(POLL_SECONDS)  # polling is TRON's way: the node pushes nothing
        block = int(info["blockNumber"])
        if info.get("result") == "FAILED":
            reason = failure(info)
            await off_loop(self.store.mark, txid, "failed", block=block, error=reason)
            raise failed_on_chain(reason, txid)
        await off_loop(self.store.mark, txid, "confirmed", block=block)
        return info

    async def settle(self, tx: StoredTx) -> None:
        """Settle one TRON transaction a previous session left open (the Outbox's resume calls this)."""
        try:
            await self.tron().get_transaction_info(tx.hash)
        except TransactionNotFound:
            refused = await self._broadcast(json.loads(tx.raw))
            if refused is not None and refused.startswith(EXPIRED):
                await off_loop(self.store.mark, tx.hash, "dropped", error="it expired before it reached a block")
                return
            if refused is not None and not refused.startswith(KNOWN):
                await off_loop(self.store.mark, tx.hash, "failed", error=refused)
                return
            await off_loop(self.store.mark, tx.hash, "sent")
        with contextlib.suppress(SendFailed):  # the outcome is recorded by follow
            await self.follow(tx.hash)
