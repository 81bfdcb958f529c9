"""The engine's life without Qt (`swapdesk.session`): an engine in use and its desk, which settles what an earlier
session left open; a server's engine, which has none; another engine only when the settings ask for one; an engine
built for nothing, closed once built; and a session that loads neither Qt nor the chain libraries."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import threading
from dataclasses import replace
from pathlib import Path

import pytest

from swapdesk import child_processes, settings
from swapdesk import fork as fork_module
from swapdesk import session as life
from swapdesk.chains import resolve
from swapdesk.compose import in_process
from swapdesk.composed import Composed
from swapdesk.devnet.backend import DevnetBackend
from swapdesk.devnet.chaindata import ChainData
from swapdesk.devnet.network import Devnet
from swapdesk.engine import Engine
from swapdesk.fork import Forks
from swapdesk.remote import RemoteService
from swapdesk.session import Session
from swapdesk.settings import Settings
from swapdesk.store import TxStore
from swapdesk.words import Words
from tests.anvil import REPO, running_anvil
from tests.trade.test_outbox import _left_from_last_run

BSC = resolve("BSC")
WAIT = 120.0  # seconds: a first start may build the chain's world


class Heard:
    """What the session told those who show it, in order."""

    def __init__(self) -> None:
        self.said: list[tuple[object, ...]] = []
        self.started, self.settled = asyncio.Event(), asyncio.Event()

    def engine_starting(self, name: str | Words, switching: bool) -> None:
        self.said.append(("starting", str(name), switching))

    def engine_started(self) -> None:
        self.said.append(("started",))
        self.started.set()

    def devnet_started_over(self, names: list[str] | None) -> None:
        self.said.append(("reset", names))

    def sent_settled(self) -> None:
        self.said.append(("settled",))
        self.settled.set()

    def engine_failed(self, why: object) -> None:
        self.said.append(("failed", str(why)))


async def test_an_engine_here_settles_what_an_earlier_session_left_open_and_says_so(tmp_path: Path) -> None:
    store = TxStore(tmp_path / "transactions.sqlite")
    devnet = Devnet(ChainData(tmp_path / "chains"))
    engine = Engine(DevnetBackend(devnet))
    w3 = await engine.backend.web3(BSC)
    usdt = (await engine.backend.catalog(BSC)).token("USDT").address
    left = await _left_from_last_run(w3, store, usdt, bytes.fromhex("095ea7b3") + bytes(64))  # signed, never sent
    session, heard = Session(store, chosen=Settings()), Heard()
    session.observers.append(heard)
    try:
        await session.use(in_process(engine, "the devnet", devnet))
        assert heard.said[:2] == [("starting", "the devnet", False), ("started",)]
        assert session.trader is not None and session.bridger is not None and session.is_devnet(BSC) is True
        await asyncio.wait_for(heard.settled.wait(), WAIT)
        settled = store.get(left.hash)
        assert settled is not None and settled.status == "confirmed"  # sent again, to the devnet it was signed for
    finally:
        await session.aclose()
        store.close()
    assert heard.said == [("starting", "the devnet", False), ("started",), ("settled",)]


async def test_a_server_s_engine_has_no_desk_and_says_nothing_of_its_chains(tmp_path: Path) -> None:
    server = Composed(RemoteService("http://127.0.0.1:9"), "server")
    session = Session(TxStore(tmp_path / "transactions.sqlite"), server, chosen=Settings())
    try:
        assert session.trader is None and session.bridger is None and session.here is None
        assert session.is_devnet(BSC) is None and session.notices == [] and not session.building_worlds()
        assert await session.reset_devnet() is None  # its devnet, if any, is the server's own
    finally:
        await session.aclose()


async def test_only_a_change_of_engine_starts_another(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SWAPDESK_CONFIG_DIR", str(tmp_path / "config"))
    first = RemoteService("http://127.0.0.1:9")
    chosen = Settings(engine="remote", server_url="http://127.0.0.1:9")
    session, heard = (
        Session(TxStore(tmp_path / "transactions.sqlite"), Composed(first, "first"), chosen=chosen),
        Heard(),
    )
    session.observers.append(heard)
    try:
        assert not session.apply(replace(chosen, theme="dark"))  # the window's alone: the same engine
        assert settings.load().theme == "dark" and session.service is first and heard.said == []
        assert session.apply(replace(chosen, server_url="http://127.0.0.1:10"))
        await asyncio.wait_for(heard.started.wait(), WAIT)
        assert heard.said == [("starting", "server http://127.0.0.1:10", True), ("started",)]
        assert isinstance(session.service, RemoteService) and session.service.base_url == "http://127.0.0.1:10"
        assert first._client.is_closed  # the engine it replaced, closed
    finally:
        await session.aclose()


async def test_an_engine_built_for_nothing_is_closed_once_built(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The window closes while its engine builds on a worker thread: that engine, once built, is closed, and
    `aclose` waits for it (cancelling the wait does not stop the thread)."""
    building, release, built = threading.Event(), threading.Event(), []
    real = life.build

    def held(chosen: Settings, forks: object = None) -> Composed:  # the real build, held until the window closed
        building.set()
        release.wait(WAIT)
        built.append(real(chosen, None))
        return built[-1]

    monkeypatch.setattr(life, "build", held)
    session = Session(TxStore(tmp_path / "transactions.sqlite"), chosen=Settings())
    session.run(session.open(Settings(engine="remote", server_url="http://127.0.0.1:9")))
    await asyncio.to_thread(building.wait, WAIT)
    session.stop()  # the window closed
    release.set()
    await session.aclose()
    (composed,) = built
    assert isinstance(composed.service, RemoteService) and composed.service._client.is_closed
    assert session.service is None


def test_the_session_loads_neither_qt_nor_the_chain_libraries() -> None:
    """The window imports it before the engine's libraries are in (they load on a thread meanwhile)."""
    heavy = (
        "PySide6",
        "web3",
        "eth",
        "eth_account",
        "tronpy",
        "swapdesk.engine",
        "swapdesk.compose",
        "swapdesk.devnet",
    )
    code = f"import sys, swapdesk.session; print(sorted(m for m in {heavy!r} if m in sys.modules))"
    done = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=120)
    assert done.stdout.strip() == "[]", done.stderr


def _practice_and_nodes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A profile of its own: the settings, accounts and devnet data of the test's folder."""
    monkeypatch.setenv("SWAPDESK_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("SWAPDESK_DATA_DIR", str(tmp_path / "data"))


async def test_settings_it_cannot_honour_are_left_out_and_said_and_the_engine_starts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Practice on a fork of a network that does not answer, and a node of another chain named for BNB Smart
    Chain: the engine starts without both (their chains on the devnet), each said with the setting, the reason and
    how to mend it. Ethereum's own node, a real one, is not used in place of its fork: practice never signs for the
    real network. (Before, the fork's error ended the engine's start, and the window waited for good.)"""
    _practice_and_nodes(tmp_path, monkeypatch)
    eth = resolve("ETH")
    with running_anvil(eth.id) as ethereum:
        chosen = Settings(forks={"ETH": "http://127.0.0.1:9"}, rpc={"ETH": ethereum, "BSC": ethereum}).checked()
        session, heard = Session(TxStore(tmp_path / "transactions.sqlite"), forks=Forks(), chosen=chosen), Heard()
        session.observers.append(heard)
        try:
            await asyncio.wait_for(session.open(chosen), WAIT)
            assert heard.said[-1] == ("started",) and session.service is not None
            assert session.is_devnet(eth) is True and session.is_devnet(BSC) is True
            assert [(u.setting, u.key) for u in session.unhonoured] == [("rpc", "BSC"), ("forks", "ETH")]
            node, fork = (str(n) for n in session.notices[:2])
            assert fork.startswith("Practice on a fork of Ethereum (Settings → Real networks) cannot be used:")
            assert "anvil could not fork Ethereum from http://127.0.0.1:9" in fork
            assert fork.endswith("Until it is mended, Ethereum runs on the devnet: correct or remove its line there.")
            assert node.startswith("The RPC endpoint for BNB Smart Chain (Settings → Real networks) cannot be used:")
            assert f"{ethereum} is a node of chain 1, not of BNB Smart Chain (56)" in node
            assert session.settings == chosen  # the settings as saved, for the person to mend
        finally:
            await session.aclose()


async def test_without_anvil_a_saved_fork_is_left_out_and_said(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _practice_and_nodes(tmp_path, monkeypatch)
    monkeypatch.setattr(child_processes, "anvil_path", lambda: None)  # a machine without it: a boundary not ours
    monkeypatch.setattr(fork_module, "anvil_path", lambda: None)
    chosen = Settings(forks={"ETH": "https://ethereum.example"}).checked()
    session, heard = Session(TxStore(tmp_path / "transactions.sqlite"), forks=Forks(), chosen=chosen), Heard()
    session.observers.append(heard)
    try:
        await asyncio.wait_for(session.open(chosen), WAIT)
        assert heard.said[-1] == ("started",) and session.is_devnet(resolve("ETH")) is True
        (said, *_) = session.notices
        assert "Practice on a fork of Ethereum" in str(said) and "install Foundry" in str(said)
    finally:
        await session.aclose()


async def test_a_provider_down_is_said_at_start_and_the_engine_starts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A bridge provider named in Settings that does not answer: the engine starts, and the notice names the
    setting by the provider's name, why, and what happens meanwhile. (Before, nothing said it at start: the
    Cross-chain tab found out, and blamed a chain.)"""
    _practice_and_nodes(tmp_path, monkeypatch)
    down = "http://127.0.0.1:9"  # nothing listens on the discard port
    chosen = Settings(providers={"cbridge": down}).checked()
    session, heard = Session(TxStore(tmp_path / "transactions.sqlite"), forks=Forks(), chosen=chosen), Heard()
    session.observers.append(heard)
    try:
        await asyncio.wait_for(session.open(chosen), WAIT)
        assert heard.said[-1] == ("started",) and session.service is not None
        assert [(u.setting, u.key) for u in session.unhonoured] == [("providers", "cbridge")]
        said = str(session.notices[0])
        assert said.startswith(
            f"The bridge provider cBridge (Celer) (Settings → Real networks) cannot be used: {down} does not answer"
        )
        assert said.endswith("Until it answers, its bridge is left out of the comparison: correct or remove its line.")
        assert session.settings == chosen  # kept as saved: it is used again the moment it answers
    finally:
        await session.aclose()
