"""Sending transactions so that none is ever lost: sign, record, send, follow.

Every transaction is signed, then recorded in the store, then sent; the
store is updated when the node accepts it and again when its receipt
arrives. After a crash, `resume` picks up whatever was recorded but never
settled: it finds the receipt, re-sends the recorded raw transaction, or
marks it dropped when its nonce was used by another. TRON transactions are
sent by the TronOutbox, which settles its own (`tron`, set by the trader).

A transaction goes only to the network it was signed for (`Network`): a practice fork's transactions are
signed for the fork's own chain id and never sent anywhere else (when that fork has ended they are dropped:
they can never land), the devnet's only to the devnet, a real network's only to a node answering its chain
id. What an older swapdesk recorded without saying its network is looked for, never sent again.

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
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import aiohttp
from eth_typing import ChecksumAddress, HexAddress, HexStr
from eth_utils import keccak, to_checksum_address
from web3 import AsyncWeb3
from web3.exceptions import TimeExhausted, TransactionNotFound, Web3Exception
from web3.types import TxParams, Wei

from swapdesk.chain.receipts import revert_reason
from swapdesk.chains import Chain, resolve
from swapdesk.off_loop import off_loop
from swapdesk.store import StoredTx, TxStore
from swapdesk.trade.errors import SendFailed, failed_on_chain
from swapdesk.wallet import PrivateKey
from swapdesk.words import QT_TR_NOOP

if TYPE_CHECKING:
    from swapdesk.engine import ChainBackend
    from swapdesk.trade.tron_outbox import TronOutbox

log = logging.getLogger(__name__)
TRON = resolve("TRON").id
RECEIPT_TIMEOUT = 180  # seconds to wait for a receipt before telling the user it is still pending
UNREACHABLE = (OSError, TimeoutError, aiohttp.ClientError)
GAS_MARGIN_PERCENT = 25  # estimates are for the current state; prices move before the block
PRACTICE_ENDED = "signed on a practice fork that has ended: it was never sent to any other network"


@dataclass(frozen=True)
class Sent:
    hash: str
    receipt: Any


@dataclass(frozen=True)
class Network:
    """Where a transaction goes: the chain it is for, whether that chain is a real network, the embedded devnet
    or a practice fork here, the chain id signatures are bound to there (EIP-155), and its node (None on TRON,
    whose transactions the TronOutbox sends)."""

    chain_id: int
    kind: str  # "real", "devnet" or "practice" (store.NETWORKS)
    id: int
    w3: AsyncWeb3[Any] | None

    def has(self, tx: StoredTx) -> bool:
        """Whether `tx` was signed for this very network: the only one it may be sent to."""
        return tx.chain_id == self.chain_id and tx.network == self.kind and tx.signed_for == self.id


def network_kind(chains: ChainBackend, chain: Chain) -> str:
    if chains.is_devnet(chain):
        return "devnet"
    return "practice" if chains.network_id(chain) != chain.id else "real"


async def network_of(chains: ChainBackend, chain: Chain) -> Network:
    """The network the backend reaches for `chain` now."""
    w3 = None if chain.tron else await chains.web3(chain)
    return Network(chain.id, network_kind(chains, chain), chains.network_id(chain), w3)


class Outbox:
    def __init__(self, store: TxStore) -> None:
        self.store = store
        self.tron: TronOutbox | None = None  # settles the TRON transactions `resume` finds
        self._senders: dict[tuple[int, str], asyncio.Lock] = {}  # (chain id, account) -> held while sending

    def _sender(self, chain_id: int, account: str) -> asyncio.Lock:
        return self._senders.setdefault((chain_id, account.lower()), asyncio.Lock())

    async def send(
        self, net: Network, key: PrivateKey, kind: str, to: str, data: bytes, value: int, summary: dict[str, Any]
    ) -> Sent:
        """Sign, record, send and follow one transaction to a successful receipt, on `net` only."""
        to = to_checksum_address(to)
        w3 = net.w3
        assert w3 is not None, "TRON's transactions go through the TronOutbox"
        with _asking_the_chain():
            answered = await w3.eth.chain_id
        if answered != net.id:
            raise SendFailed(
                QT_TR_NOOP("the node answers as chain {answered}, not {expected}: nothing was signed"),
                answered=answered,
                expected=net.id,
            )
        async with self._sender(net.id, key.address):  # one sender per account: nonce chosen to node accepted
            with _asking_the_chain(earlier=True):
                for left in await off_loop(self.store.pending):
                    if net.has(left) and left.sender.lower() == key.address.lower():
                        await self._rebroadcast(w3, left)  # the node counts it before a nonce is chosen
            tx_hash = await self._sign_and_send(net, w3, key, kind, to, data, value, summary)
        return Sent(tx_hash, await self.follow(w3, tx_hash))

    async def _sign_and_send(
        self,
        net: Network,
        w3: AsyncWeb3[Any],
        key: PrivateKey,
        kind: str,
        to: str,
        data: bytes,
        value: int,
        summary: Any,
    ) -> str:
        """Choose the nonce, sign, record and send (the account's lock held); the transaction's hash."""
        call: TxParams = {"from": key.address, "to": to, "data": HexStr("0x" + data.hex()), "value": Wei(value)}
        with _asking_the_chain():
            nonce = await w3.eth.get_transaction_count(key.address, "pending")
            gas = await w3.eth.estimate_gas(call)
            base_fee = (await w3.eth.get_block("latest"))["baseFeePerGas"]
            tip = await w3.eth.max_priority_fee
        tx = {
            "type": 2,
            "chainId": net.id,
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
        stored = StoredTx(
            tx_hash, net.chain_id, kind, key.address, nonce, "0x" + raw.hex(), "signed", summary, network=net.kind,
            network_id=net.id,
        )  # fmt: skip
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

    async def follow(self, w3: AsyncWeb3[Any], tx_hash: str) -> Any:
        """Wait for the receipt and record the outcome; SendFailed when it reverted."""
        try:
            receipt = await w3.eth.wait_for_transaction_receipt(HexStr(tx_hash), timeout=RECEIPT_TIMEOUT)
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
            reason = await revert_reason(w3, await w3.eth.get_transaction(HexStr(tx_hash)))
            await off_loop(self.store.mark, tx_hash, "failed", block=block, error=reason)
            raise failed_on_chain(reason, tx_hash)
        await off_loop(self.store.mark, tx_hash, "confirmed", block=block)
        return receipt

    async def resume(self, network_for: Callable[[int], Awaitable[Network]]) -> list[str]:
        """Settle what a previous session left open, each on the network it was signed for only; the hashes it
        looked at."""
        looked = []
        for tx in await off_loop(self.store.pending):
            looked.append(tx.hash)
            try:
                net = await network_for(tx.chain_id)
                if tx.network == "unknown" and tx.chain_id != TRON:  # TRON's binds itself to its network (TAPOS)
                    await self._look_for(net, tx)
                elif not net.has(tx) and tx.network != "unknown":
                    await self._elsewhere(net, tx)
                elif tx.chain_id == TRON:
                    if self.tron is None:
                        raise RuntimeError("no TRON node to settle it with")
                    await self.tron.settle(tx)
                else:
                    assert net.w3 is not None
                    await self._settle(net.w3, tx)
            except Exception as exc:  # one chain down must not stop the others
                log.warning("could not settle %s yet: %s", tx.hash, exc)
        return looked

    async def _elsewhere(self, net: Network, tx: StoredTx) -> None:
        """A transaction signed for another network than the one the chain is on now: never sent here. A practice
        fork's cannot land once its fork has ended (each run has its own chain id): dropped. Others wait for
        their network (the devnet, or the real one) to be the chain's again."""
        if tx.practice and (net.kind != "practice" or net.id != tx.signed_for):
            await off_loop(self.store.mark, tx.hash, "dropped", error=PRACTICE_ENDED)
            return
        log.warning(
            "%s was signed for the %s network %d; %d is now %s network %d: not sent there",
            tx.hash, tx.network, tx.signed_for, tx.chain_id, net.kind, net.id,
        )  # fmt: skip

    async def _look_for(self, net: Network, tx: StoredTx) -> None:
        """A transaction an older swapdesk recorded without its network (a fork's and the devnet's looked real):
        its receipt is looked for and its nonce watched, but it is never sent again."""
        if net.w3 is None or await net.w3.eth.chain_id != tx.signed_for:
            return
        try:
            await net.w3.eth.get_transaction_receipt(HexStr(tx.hash))
        except TransactionNotFound:
            sender = ChecksumAddress(HexAddress(HexStr(tx.sender)))
            if tx.nonce is not None and await net.w3.eth.get_transaction_count(sender, "latest") > tx.nonce:
                await off_loop(self.store.mark, tx.hash, "dropped", error="another transaction used its nonce")
            return
        with contextlib.suppress(SendFailed):  # the outcome is recorded by follow
            await self.follow(net.w3, tx.hash)

    async def _settle(self, w3: AsyncWeb3[Any], tx: StoredTx) -> None:
        async with self._sender(tx.signed_for, tx.sender):  # a send from the same account waits for this
            open_ = await self._rebroadcast(w3, tx)
        if open_:
            with contextlib.suppress(SendFailed):  # the outcome is recorded by follow
                await self.follow(w3, tx.hash)

    async def _rebroadcast(self, w3: AsyncWeb3[Any], tx: StoredTx) -> bool:
        """Send a recorded transaction again unless the chain has it; False when it is settled as dropped or failed.
        The caller holds the account's lock and has checked that `w3` is the network `tx` was signed for."""
        try:
            await w3.eth.get_transaction_receipt(HexStr(tx.hash))
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


@contextlib.contextmanager
def _asking_the_chain(earlier: bool = False) -> Iterator[None]:
    """What the node is asked before a transaction leaves (with `earlier`: one left from before, sent again): its
    refusal or its silence, said as a SendFailed; nothing of ours was sent."""
    try:
        yield
    except Web3Exception as exc:
        if earlier:
            raise SendFailed(
                QT_TR_NOOP("the chain refused an earlier transaction again: {reason}"), reason=_reason(exc)
            ) from None
        raise SendFailed(
            QT_TR_NOOP("the chain refused to prepare the transaction: {reason}"), reason=_reason(exc)
        ) from None
    except UNREACHABLE as exc:
        raise SendFailed(QT_TR_NOOP("the chain cannot be reached: {reason}"), reason=exc) from None


def _reason(exc: Exception) -> str:
    message = getattr(exc, "message", None) or str(exc)
    return str(message).removeprefix("execution reverted: ")
