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
from swapdesk.fork import DEMO_COINS, ForkError, Forks, start_forks
from swapdesk.gui.app import make_service
from swapdesk.settings import BadSetting, Settings
from swapdesk.store import TxStore
from swapdesk.trade.checks import Shown
from swapdesk.trade.outbox import Outbox
from swapdesk.trade.swap import Trader
from swapdesk.wallet import PrivateKey
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
        engine = Engine(RpcBackend({ETH.id: fork.url}, {ETH.id: catalog}))
        store = TxStore(tmp_path / "transactions.sqlite")
        try:
            raw = {"chain": "ETH", "token0": "0x" + "0" * 40, "token1": catalog.token("TKB").address,
                   "decimal0": "18", "decimal1": "18", "amountIn": str(2 * 10**18), "impact": "50", "part": "10",
                   "amountOutMin": "0", "to": user.address, "issuer": user.address}  # fmt: skip
            request = parse(AggSwapRequest, raw.items())
            shown = Shown(request, await engine.agg_swap(request), ("ETH", "TKB"))
            result = await Trader(engine, engine.chains, Outbox(store)).swap(user, shown)
            assert result.amount_out == int(shown.quote.totalAmountOut) > 0
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
    service, _ = make_service(chosen, forks)
    try:
        (fork,) = forks.started
        assert any("a local fork of it" in notice for notice in service.notices)
        assert service.chains is not None and not service.chains.is_devnet(ETH)  # ETH is read on the fork
        again, _ = make_service(chosen, forks)  # an engine restarted from the same settings: the same fork
        await again.aclose()
        assert forks.started == [fork]
        forks.run({}, [])  # the settings no longer name it
        assert forks.started == []
        with pytest.raises(httpx.ConnectError):
            balance(fork.url, "0x" + "0" * 40)
    finally:
        await service.aclose()
        forks.stop()
