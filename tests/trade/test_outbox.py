"""How sending fails: in plain words, and never with a lost record."""

from __future__ import annotations

import pytest
from web3 import AsyncHTTPProvider, AsyncWeb3

from swapdesk.chains import resolve
from swapdesk.contracts import artifact
from swapdesk.devnet.accounts import demo_key
from swapdesk.devnet.backend import DevnetBackend
from swapdesk.store import TxStore
from swapdesk.trade.errors import SendFailed
from swapdesk.trade.outbox import Outbox
from swapdesk.wallet import PrivateKey

KEY = PrivateKey(demo_key(7))
ERC20 = artifact("ERC20")


async def test_a_call_that_would_revert_is_refused_with_its_reason(backend: DevnetBackend, store: TxStore) -> None:
    chain = resolve("BSC")
    w3 = await backend.web3(chain)
    usdt = (await backend.catalog(chain)).token("USDT").address
    too_much = ERC20.encode("transfer", KEY.address, 10**40)
    with pytest.raises(SendFailed, match=r"the chain refused to prepare the transaction: .*balance"):
        await Outbox(store).send(w3, KEY, "approval", usdt, too_much, 0, {})
    assert store.all() == []


async def test_an_unreachable_node_is_said_in_plain_words(store: TxStore) -> None:
    w3 = AsyncWeb3(AsyncHTTPProvider("http://127.0.0.1:9"))
    with pytest.raises(SendFailed, match="cannot be reached"):
        await Outbox(store).send(w3, KEY, "approval", "0x000000000000000000000000000000000000bEEF", b"", 0, {})
    assert store.all() == []
    await w3.provider.disconnect()
