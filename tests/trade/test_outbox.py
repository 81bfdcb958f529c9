"""How sending fails: in plain words, and never with a lost record."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from eth_utils import keccak
from web3 import AsyncHTTPProvider, AsyncWeb3

from swapdesk.chains import resolve
from swapdesk.contracts import artifact
from swapdesk.devnet.accounts import demo_key
from swapdesk.devnet.backend import DevnetBackend
from swapdesk.store import StoredTx, TxStore
from swapdesk.trade.errors import SendFailed
from swapdesk.trade.outbox import Network, Outbox
from swapdesk.wallet import PrivateKey

KEY = PrivateKey(demo_key(7))
ERC20 = artifact("ERC20")


async def test_a_call_that_would_revert_is_refused_with_its_reason(backend: DevnetBackend, store: TxStore) -> None:
    chain = resolve("BSC")
    w3 = await backend.web3(chain)
    usdt = (await backend.catalog(chain)).token("USDT").address
    too_much = ERC20.encode("transfer", KEY.address, 10**40)
    with pytest.raises(SendFailed, match=r"the chain refused to prepare the transaction: .*balance"):
        await Outbox(store).send(Network(56, "devnet", 56, w3), KEY, "approval", usdt, too_much, 0, {})
    assert store.all() == []


async def test_an_unreachable_node_is_said_in_plain_words(store: TxStore) -> None:
    w3 = AsyncWeb3(AsyncHTTPProvider("http://127.0.0.1:9"))
    with pytest.raises(SendFailed, match="cannot be reached"):
        await Outbox(store).send(Network(56, "real", 56, w3), KEY, "approval", "0x" + "00" * 18 + "bEEF", b"", 0, {})
    assert store.all() == []
    await w3.provider.disconnect()


async def _approvals(backend: DevnetBackend, *amounts: int) -> tuple[AsyncWeb3[Any], str, list[bytes]]:
    chain = resolve("BSC")
    w3 = await backend.web3(chain)
    usdt = (await backend.catalog(chain)).token("USDT").address
    return w3, usdt, [ERC20.encode("approve", "0x000000000000000000000000000000000000bEEF", a) for a in amounts]


async def _nonce_of(store: TxStore, tx_hash: str) -> int:
    nonce = next(tx.nonce for tx in store.all() if tx.hash == tx_hash)
    assert nonce is not None  # an EVM transaction's
    return nonce


async def test_two_sends_racing_on_one_account_get_consecutive_nonces(backend: DevnetBackend, store: TxStore) -> None:
    w3, usdt, (first, second) = await _approvals(backend, 1, 2)
    outbox = Outbox(store)
    before = await w3.eth.get_transaction_count(KEY.address)
    net = Network(56, "devnet", 56, w3)
    sent = await asyncio.gather(
        outbox.send(net, KEY, "approval", usdt, first, 0, {}), outbox.send(net, KEY, "approval", usdt, second, 0, {})
    )
    assert [s.receipt["status"] for s in sent] == [1, 1]
    assert sorted([await _nonce_of(store, s.hash) for s in sent]) == [before, before + 1]
    assert {tx.status for tx in store.all()} == {"confirmed"}
    assert await w3.eth.get_transaction_count(KEY.address) == before + 2


async def _left_from_last_run(w3: AsyncWeb3[Any], store: TxStore, to: str, data: bytes) -> StoredTx:
    """A transaction the last run signed and recorded, then was killed before sending."""
    nonce = await w3.eth.get_transaction_count(KEY.address, "pending")
    base_fee = (await w3.eth.get_block("latest"))["baseFeePerGas"]
    tx = {"type": 2, "chainId": 56, "nonce": nonce, "to": to, "data": data, "value": 0, "gas": 200_000,
          "maxFeePerGas": base_fee * 2 + 1, "maxPriorityFeePerGas": 1}  # fmt: skip
    raw = KEY.sign(tx)
    stored = StoredTx(
        "0x" + keccak(raw).hex(), 56, "approval", KEY.address, nonce, "0x" + raw.hex(), "signed", network="devnet"
    )
    store.record(stored)
    return stored


@pytest.mark.parametrize("send_first", [True, False])
async def test_the_resume_at_start_and_a_dialogs_send_do_not_collide(
    backend: DevnetBackend, store: TxStore, send_first: bool
) -> None:
    w3, usdt, (left_data, new_data) = await _approvals(backend, 3, 4)
    left = await _left_from_last_run(w3, store, usdt, left_data)
    outbox = Outbox(store)  # the window's, on start

    async def network_for(chain_id: int) -> Network:
        return Network(chain_id, "devnet", chain_id, w3)

    resume = outbox.resume(network_for)
    send = outbox.send(await network_for(56), KEY, "approval", usdt, new_data, 0, {})
    if send_first:
        sent, looked = await asyncio.gather(send, resume)
    else:
        looked, sent = await asyncio.gather(resume, send)
    assert left.hash in looked
    assert left.nonce is not None and sent.receipt["status"] == 1
    assert await _nonce_of(store, sent.hash) == left.nonce + 1
    statuses = {tx.hash: tx.status for tx in store.all()}
    assert statuses == {left.hash: "confirmed", sent.hash: "confirmed"}  # the one left was sent, not dropped
