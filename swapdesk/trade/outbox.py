"""Sending transactions so that none is ever lost: sign, record, send, follow.

Every transaction is signed, then recorded in the store, then sent; the
store is updated when the node accepts it and again when its receipt
arrives. After a crash, `resume` picks up whatever was recorded but never
settled: it finds the receipt, re-sends the recorded raw transaction, or
marks it dropped when its nonce was used by another. TRON transactions are
sent by the TronOutbox, which settles its own (`tron`, set by the trader).

One sender per account and chain at a time: from choosing the nonce to the
node's acceptance, a send holds its account's lock, and so does `resume`
while it re-broadcasts what a previous session left open. Before choosing a
nonce, a send re-broadcasts that account's own open transactions too, so the
node counts them: two sends racing on one account get consecutive nonces, and
a dialog that sends while the window is still resuming at start cannot take
the nonce of a transaction left from the last run. (Following a receipt
holds nothing.)
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import aiohttp
from eth_typing import ChecksumAddress, HexAddress, HexStr
from eth_utils import keccak, to_checksum_address
from web3 import AsyncWeb3
from web3.exceptions import TimeExhausted, TransactionNotFound, Web3Exception

from swapdesk.blocking import off_loop
from swapdesk.chain.receipts import revert_reason
from swapdesk.chains import resolve
from swapdesk.store import StoredTx, TxStore
from swapdesk.trade.errors import SendFailed, failed_on_chain
from swapdesk.wallet import PrivateKey
from swapdesk.words import QT_TR_NOOP

if TYPE_CHECKING:
    from swapdesk.trade.tron_outbox import TronOutbox

log = logging.getLogger(__name__)
TRON = resolve("TRON").id
RECEIPT_TIMEOUT = 180  # seconds to wait for a receipt before telling the user it is still pending
UNREACHABLE = (OSError, TimeoutError, aiohttp.ClientError)
GAS_MARGIN_PERCENT = 25  # estimates are for the current state; prices move before the block


@dataclass(frozen=True)
class Sent:
    hash: str
    receipt: Any


class Outbox:
    def __init__(self, store: TxStore) -> None:
        self.store = store
        self.tron: TronOutbox | None = None  # settles the TRON transactions `resume` finds
        self._senders: dict[tuple[int, str], asyncio.Lock] = {}  # (chain id, account) -> held while sending

    def _sender(self, chain_id: int, account: str) -> asyncio.Lock:
        return self._senders.setdefault((chain_id, account.lower()), asyncio.Lock())

    async def send(
        self, w3: AsyncWeb3, key: PrivateKey, kind: str, to: str, data: bytes, value: int, summary: dict[str, Any]
    ) -> Sent:
        """Sign, record, send and follow one transaction to a successful receipt."""
        to = to_checksum_address(to)
        try:
            chain_id = await w3.eth.chain_id
        except Web3Exception as exc:
            raise SendFailed(
                QT_TR_NOOP("the chain refused to prepare the transaction: {reason}"), reason=_reason(exc)
            ) from None
        except UNREACHABLE as exc:
            raise SendFailed(QT_TR_NOOP("the chain cannot be reached: {reason}"), reason=exc) from None
        async with self._sender(chain_id, key.address):  # one sender per account: nonce chosen to node accepted
            try:
                for left in await off_loop(self.store.pending):
                    if left.chain_id == chain_id and left.sender.lower() == key.address.lower():
                        await self._rebroadcast(w3, left)  # the node counts it before a nonce is chosen
            except Web3Exception as exc:
                raise SendFailed(
                    QT_TR_NOOP("the chain refused an earlier transaction again: {reason}"), reason=_reason(exc)
                ) from None
            except UNREACHABLE as exc:
                raise SendFailed(QT_TR_NOOP("the chain cannot be reached: {reason}"), reason=exc) from None
            tx_hash = await self._sign_and_send(w3, key, chain_id, kind, to, data, value, summary)
        return Sent(tx_hash, await self.follow(w3, tx_hash))

    async def _sign_and_send(
        self, w3: AsyncWeb3, key: PrivateKey, chain_id: int, kind: str, to: str, data: bytes, value: int, summary: Any
    ) -> str:
        """Choose the nonce, sign, record and send (the account's lock held); the transaction's hash."""
        call = {"from": key.address, "to": to, "data": "0x" + data.hex(), "value": value}
        try:
            nonce = await w3.eth.get_transaction_count(ChecksumAddress(HexAddress(HexStr(key.address))), "pending")
            gas = await w3.eth.estimate_gas(call)  # type: ignore[arg-type]
            base_fee = (await w3.eth.get_block("latest"))["baseFeePerGas"]
            tip = await w3.eth.max_priority_fee
        except Web3Exception as exc:
            raise SendFailed(
                QT_TR_NOOP("the chain refused to prepare the transaction: {reason}"), reason=_reason(exc)
            ) from None
        except UNREACHABLE as exc:
            raise SendFailed(QT_TR_NOOP("the chain cannot be reached: {reason}"), reason=exc) from None
        tx = {
            "type": 2,
            "chainId": chain_id,
            "nonce": nonce,
            "to": to,
            "data": data,
            "value": value,
            "gas": gas * (100 + GAS_MARGIN_PERCENT) // 100,
            "maxFeePerGas": base_fee * 2 + tip,
            "maxPriorityFeePerGas": tip,
        }
        raw = key.sign(tx)
        tx_hash = "0x" + keccak(raw).hex()
        stored = StoredTx(tx_hash, chain_id, kind, key.address, nonce, "0x" + raw.hex(), "signed", summary)
        await off_loop(self.store.record, stored)
        try:
            await w3.eth.send_raw_transaction(raw)
        except Web3Exception as exc:
            await off_loop(self.store.mark, tx_hash, "failed", error=_reason(exc))
            raise SendFailed(
                QT_TR_NOOP("the node rejected the transaction: {reason}"), tx_hash, reason=_reason(exc)
            ) from None
        except UNREACHABLE as exc:
            # it may or may not have left: it stays "signed" and is re-sent on the next start
            raise SendFailed(
                QT_TR_NOOP("the chain cannot be reached ({reason}); the transaction will be re-sent"),
                tx_hash,
                reason=exc,
            ) from None
        await off_loop(self.store.mark, tx_hash, "sent")
        return tx_hash

    async def follow(self, w3: AsyncWeb3, tx_hash: str) -> Any:
        """Wait for the receipt and record the outcome; SendFailed when it reverted."""
        try:
            receipt = await w3.eth.wait_for_transaction_receipt(tx_hash, timeout=RECEIPT_TIMEOUT)  # type: ignore[arg-type]
        except TimeExhausted:
            raise SendFailed(
                QT_TR_NOOP("no receipt yet: the transaction is still pending, see History"), tx_hash
            ) from None
        except UNREACHABLE as exc:
            raise SendFailed(
                QT_TR_NOOP("lost the chain while waiting for the receipt ({reason}); see History"), tx_hash, reason=exc
            ) from None
        block = int(receipt["blockNumber"])
        if receipt["status"] != 1:
            reason = await revert_reason(w3, await w3.eth.get_transaction(tx_hash))  # type: ignore[arg-type]
            await off_loop(self.store.mark, tx_hash, "failed", block=block, error=reason)
            raise failed_on_chain(reason, tx_hash)
        await off_loop(self.store.mark, tx_hash, "confirmed", block=block)
        return receipt

    async def resume(self, web3_for: Callable[[int], Awaitable[AsyncWeb3]]) -> list[str]:
        """Settle what a previous session left open; the hashes it looked at."""
        looked = []
        for tx in await off_loop(self.store.pending):
            looked.append(tx.hash)
            try:
                if tx.chain_id == TRON:
                    if self.tron is None:
                        raise RuntimeError("no TRON node to settle it with")
                    await self.tron.settle(tx)
                else:
                    await self._settle(await web3_for(tx.chain_id), tx)
            except Exception as exc:  # one chain down must not stop the others
                log.warning("could not settle %s yet: %s", tx.hash, exc)
        return looked

    async def _settle(self, w3: AsyncWeb3, tx: StoredTx) -> None:
        async with self._sender(tx.chain_id, tx.sender):  # a send from the same account waits for this
            open_ = await self._rebroadcast(w3, tx)
        if open_:
            with contextlib.suppress(SendFailed):  # the outcome is recorded by follow
                await self.follow(w3, tx.hash)

    async def _rebroadcast(self, w3: AsyncWeb3, tx: StoredTx) -> bool:
        """Send a recorded transaction again unless the chain has it; False when it is settled as dropped or failed.
        The caller holds the account's lock."""
        try:
            await w3.eth.get_transaction_receipt(tx.hash)  # type: ignore[arg-type]
            return True
        except TransactionNotFound:
            pass
        sent_since = await w3.eth.get_transaction_count(ChecksumAddress(HexAddress(HexStr(tx.sender))), "latest")
        if tx.nonce is not None and sent_since > tx.nonce:
            await off_loop(self.store.mark, tx.hash, "dropped", error="another transaction used its nonce")
            return False
        try:
            await w3.eth.send_raw_transaction(HexStr(tx.raw))
        except Web3Exception as exc:
            if "known" not in str(exc).lower():  # the node already has it: fine
                await off_loop(self.store.mark, tx.hash, "failed", error=_reason(exc))
                return False
        await off_loop(self.store.mark, tx.hash, "sent")
        return True


def _reason(exc: Exception) -> str:
    message = getattr(exc, "message", None) or str(exc)
    return str(message).removeprefix("execution reverted: ")
