"""Fork mode: a local node (the protocols' world on anvil) forked by swapdesk's anvil, the user's account funded
there, a swap on the fork; the network forked sees nothing of it."""

from __future__ import annotations

import re
from pathlib import Path

import httpx
import pytest

from swapdesk import fork as fork_module
from swapdesk.api import AggSwapRequest, parse
from swapdesk.chains import resolve
from swapdesk.engine import Engine, RpcBackend
from swapdesk.engine.in_process import InProcess
from swapdesk.fork import DEMO_COINS, ForkError, Forks, start_forks
from swapdesk.session import build
from swapdesk.settings import BadSetting, Settings
from swapdesk.store import TxStore
from swapdesk.trade import outbox as outbox_module
from swapdesk.trade.checks import Shown
from swapdesk.trade.desk import Desk
from swapdesk.trade.errors import TradeError
from swapdesk.trade.outbox import PRACTICE_ENDED, Outbox
from swapdesk.trade.swap import Trader
from swapdesk.wallet import PrivateKey
from tests.anvil import running_anvil
from tests.standalone.conftest import World

ETH = resolve("ETH")


def balance(url: str, address: str) -> int:
    answer = httpx.post(
        url, json={"jsonrpc": "2.0", "id": 1, "method": "eth_getBalance", "params": [address, "latest"]}
    )
    return int(answer.json()["result"], 16)


async def test_a_swap_on_a_fork_of_a_local_node(world: World, tmp_path: Path) -> None:
    user = PrivateKey.create()
    forks, told = start_forks({ETH: world.url}, [user.address])
    (fork,) = forks
    try:
        assert fork.url != world.url and balance(fork.url, user.address) == DEMO_COINS * 10**18
        assert f"a local fork of it at block {fork.block}" in told[0]
        catalog = world.catalog
        engine = Engine(RpcBackend({ETH.id: fork.url}, {ETH.id: catalog}, {ETH.id: fork.chain_id}))
        store = TxStore(tmp_path / "transactions.sqlite")
        try:
            raw = {"chain": "ETH", "token0": "0x" + "0" * 40, "token1": catalog.token("TKB").address,
                   "decimal0": "18", "decimal1": "18", "amountIn": str(2 * 10**18), "impact": "50", "part": "10",
                   "amountOutMin": "0", "to": user.address, "issuer": user.address}  # fmt: skip
            request = parse(AggSwapRequest, raw.items())
            shown = Shown(request, await engine.agg_swap(request), ("ETH", "TKB"))
            result = await Trader(engine, InProcess(engine), Outbox(store)).swap(user, shown)
            assert result.amount_out == int(shown.quote.totalAmountOut) > 0
            (kept,) = store.all()
            assert (kept.chain_id, kept.network, kept.signed_for) == (ETH.id, "practice", fork.chain_id)
        finally:
            store.close()
            await engine.aclose()
        assert balance(world.url, user.address) == 0  # the network forked never heard of it
    finally:
        fork.stop()
    with pytest.raises(httpx.ConnectError):
        balance(fork.url, user.address)


def test_without_anvil_the_fork_says_how_to_get_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fork_module, "anvil_path", lambda: None)  # a machine without it: a boundary not ours
    with pytest.raises(ForkError, match="install Foundry"):
        start_forks({ETH: "http://127.0.0.1:9"}, [])


def test_an_unreachable_network_is_said() -> None:
    with pytest.raises(ForkError, match=re.escape("anvil could not fork Ethereum from http://127.0.0.1:9")):
        start_forks({ETH: "http://127.0.0.1:9"}, [])


async def test_forks_named_in_settings_run_with_the_app_and_are_kept_across_engine_restarts(world: World) -> None:
    chosen = Settings(forks={"eth": world.url}).checked()
    assert chosen.forks == {"ETH": world.url}
    with pytest.raises(BadSetting, match="forks: unknown chain 'NOWHERE'"):
        Settings(forks={"NOWHERE": world.url}).checked()
    forks = Forks()
    composed = build(chosen, forks)
    try:
        (fork,) = forks.started
        assert composed.here is not None
        assert any("a local fork of it" in notice for notice in composed.here.notices)
        assert not composed.here.chains.is_devnet(ETH)  # ETH is read on the fork
        again = build(chosen, forks)  # an engine restarted from the same settings: the same fork
        await again.service.aclose()
        assert forks.started == [fork]
        forks.run({}, [])  # the settings no longer name it
        assert forks.started == []
        with pytest.raises(httpx.ConnectError):
            balance(fork.url, "0x" + "0" * 40)
    finally:
        await composed.service.aclose()
        forks.stop()


def nonce(url: str, address: str) -> int:
    answer = httpx.post(
        url, json={"jsonrpc": "2.0", "id": 1, "method": "eth_getTransactionCount", "params": [address, "latest"]}
    )
    return int(answer.json()["result"], 16)


async def _practice_swap_left_unsettled(world: World, store: TxStore, monkeypatch: pytest.MonkeyPatch) -> str:
    """A swap on a fork that the app stopped following before its receipt (the fork mines nothing, as a fork whose
    app stopped mines nothing more): recorded as sent, with no outcome. Its hash."""
    user = PrivateKey(bytes.fromhex(world.user_key))
    forks, _ = start_forks({ETH: world.url}, [user.address])
    (fork,) = forks
    engine = Engine(RpcBackend({ETH.id: fork.url}, {ETH.id: world.catalog}, {ETH.id: fork.chain_id}))
    try:
        raw = {"chain": "ETH", "token0": "0x" + "0" * 40, "token1": world.catalog.token("TKB").address,
               "decimal0": "18", "decimal1": "18", "amountIn": str(2 * 10**18), "impact": "50", "part": "10",
               "amountOutMin": "0", "to": user.address, "issuer": user.address}  # fmt: skip
        request = parse(AggSwapRequest, raw.items())
        shown = Shown(request, await engine.agg_swap(request), ("ETH", "TKB"))
        httpx.post(fork.url, json={"jsonrpc": "2.0", "id": 1, "method": "evm_setAutomine", "params": [False]})
        monkeypatch.setattr(outbox_module, "RECEIPT_TIMEOUT", 1)  # the app stops waiting: the swap stays "sent"
        with pytest.raises(TradeError, match="still pending"):
            await Trader(engine, InProcess(engine), Outbox(store)).swap(user, shown)
    finally:
        await engine.aclose()
        fork.stop()  # the app ends, and its fork with it
    (left,) = store.pending()
    assert (left.status, left.network, left.signed_for) == ("sent", "practice", fork.chain_id)
    return left.hash


async def test_a_practice_swap_left_open_is_never_sent_to_the_real_network(
    world: World, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The hazard as found: a fork's swap recorded as sent with no receipt, then the app started again without the
    fork, its node in Settings the real network's. Before, the resume re-sent it there and it was mined."""
    user = PrivateKey(bytes.fromhex(world.user_key))
    store = TxStore(tmp_path / "transactions.sqlite")
    try:
        left = await _practice_swap_left_unsettled(world, store, monkeypatch)
        before = nonce(world.url, user.address), balance(world.url, user.address)
        real = Engine(RpcBackend({ETH.id: world.url}, {ETH.id: world.catalog}))  # the next start: no fork
        try:
            assert await Desk(real, InProcess(real), store).resume() == [left]  # as the app's session resumes
        finally:
            await real.aclose()
        assert (nonce(world.url, user.address), balance(world.url, user.address)) == before
        kept = store.get(left)
        assert kept is not None and (kept.status, kept.error) == ("dropped", PRACTICE_ENDED)
        # and had it been sent there by anyone, the real network refuses it: it is signed for the fork's chain id
        refused = httpx.post(world.url, json={"jsonrpc": "2.0", "id": 1, "method": "eth_sendRawTransaction",
                                              "params": [kept.raw]}).json()  # fmt: skip
        assert "chain" in refused["error"]["message"].lower()
        assert nonce(world.url, user.address) == before[0]
    finally:
        store.close()


async def test_practice_again_at_the_same_block_is_no_error(world: World, tmp_path: Path) -> None:
    """Two practice runs of the same swap at the same upstream block: each fork has its own chain id, so the
    signed bytes differ and both are kept (before: a raw IntegrityError on the second)."""
    user = PrivateKey.create()
    store = TxStore(tmp_path / "transactions.sqlite")
    try:
        for _ in range(2):
            forks, _ = start_forks({ETH: world.url}, [user.address])
            (fork,) = forks
            engine = Engine(RpcBackend({ETH.id: fork.url}, {ETH.id: world.catalog}, {ETH.id: fork.chain_id}))
            try:
                raw = {"chain": "ETH", "token0": "0x" + "0" * 40, "token1": world.catalog.token("TKB").address,
                       "decimal0": "18", "decimal1": "18", "amountIn": str(10**18), "impact": "50", "part": "1",
                       "amountOutMin": "0", "to": user.address, "issuer": user.address}  # fmt: skip
                request = parse(AggSwapRequest, raw.items())
                shown = Shown(request, await engine.agg_swap(request), ("ETH", "TKB"))
                await Trader(engine, InProcess(engine), Outbox(store)).swap(user, shown)
            finally:
                await engine.aclose()
                fork.stop()
        first, second = store.all()
        assert first.hash != second.hash and first.signed_for != second.signed_for
        assert {tx.status for tx in (first, second)} == {"confirmed"} and all(tx.practice for tx in (first, second))
    finally:
        store.close()


def test_funding_adds_to_what_the_account_holds(world: World) -> None:
    user = PrivateKey(bytes.fromhex(world.user_key))
    held = balance(world.url, user.address)
    assert held > 0
    forks, _ = start_forks({ETH: world.url}, [user.address])
    try:
        assert balance(forks[0].url, user.address) == held + DEMO_COINS * 10**18
    finally:
        forks[0].stop()


def test_a_node_of_another_chain_is_refused_before_anything_starts() -> None:
    with running_anvil(56) as bsc, pytest.raises(ForkError, match=re.escape(f"{bsc} is a node of chain 56, not of")):
        start_forks({ETH: bsc}, [])
