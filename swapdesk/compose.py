"""The one place that starts the devnet: what each entry point runs, put together.

swapdesk's engine reaches chains and bridge providers as it would real ones: through JSON-RPC, catalogues and
the providers' APIs (`swapdesk.engine`). This module is where the demo world is started beside it, for the
window (`embedded_service`), the command line (`command_line_service`) and `swapdesk serve`
(`serving_app`): the devnet's chains, each chain's catalogue, the world's bridge providers with their
operators; chains the user points at real nodes go there instead, with their catalogues (the package's, or
the user's `<config>/catalogs/<chain id>.json`). Nothing else outside `swapdesk.devnet` imports it.

Importing this module loads the devnet (py-evm): entry points import it on a worker thread or when a command
needs it, never before the window shows.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import AsyncIterator, Callable, Iterable, Iterator
from dataclasses import replace
from typing import TYPE_CHECKING

from swapdesk import catalogs, settings
from swapdesk.chains import CHAINS, Chain, resolve
from swapdesk.composed import Composed
from swapdesk.devnet.backend import DevnetBackend
from swapdesk.devnet.bridges.service import BridgeProviders, ProvidersInUse
from swapdesk.devnet.chaindata import ChainData, ChainInUse
from swapdesk.devnet.network import Devnet
from swapdesk.devnet.world_builds import BEGUN, WorldBuilds
from swapdesk.engine import ChainBackend, Engine, RoutedBackend, RpcBackend
from swapdesk.engine.bridges import BridgeEndpoints, ProviderUrls
from swapdesk.engine.in_process import InProcess
from swapdesk.fork import Forks
from swapdesk.remote import RemoteService
from swapdesk.settings import Settings
from swapdesk.wallet.book import AccountBook
from swapdesk.words import QT_TR_NOOP, Words

if TYPE_CHECKING:
    from fastapi import FastAPI

log = logging.getLogger(__name__)
EMBEDDED = QT_TR_NOOP("embedded devnet")  # the name of the engine on the devnet alone


class EmbeddedDevnet:
    """The devnet an engine runs on, as the window acts on it (`composed.DevnetHandle`)."""

    def __init__(self, devnet: Devnet) -> None:
        self.devnet = devnet

    def building_worlds(self) -> bool:
        """Whether it still builds worlds ahead (a first start: `build_ahead`)."""
        builds = self.devnet.worlds.builds
        return builds is not None and builds.pending > 0

    async def reset(self) -> list[str]:
        """Every chain started over from its world: the names of those that had data."""
        return [chain.name for chain in CHAINS if await self.devnet.reset(chain.id)]


def in_process(engine: Engine, name: str | Words = EMBEDDED, devnet: Devnet | None = None) -> Composed:
    """An engine of this process as a session holds it, with what only it has, and its devnet if it runs on one."""
    return Composed(engine, name, InProcess(engine), EmbeddedDevnet(devnet) if devnet is not None else None)


class EmbeddedEngine(Engine):
    """The engine with the world's bridge providers running beside it, as the app and `swapdesk serve` run them.

    The engine reaches the providers only through their APIs (`BridgeEndpoints.in_process`), as it would reach
    real ones. Their operators are tasks on the running loop: `start` runs them once the engine is in use
    (after a previous engine released the data folder), `aclose` stops them, each finishing the order it is
    moving, before the chains close."""

    def __init__(
        self,
        backend: ChainBackend,
        providers: BridgeProviders,
        told: list[str] | None = None,
        real: ProviderUrls | None = None,
        builds: WorldBuilds | None = None,
    ) -> None:
        """`real`: the bridge providers reached at their real services instead of the world's; `builds`: the
        worlds being built ahead (`build_ahead`), stopped with the engine."""
        world = BridgeEndpoints.in_process(providers.apps())
        super().__init__(backend, bridges=real.endpoints(world) if real is not None else world)
        self.providers = providers
        self.builds = builds
        self._told: list[str] = list(told or [])  # what the person should hear (forks; providers: see `start`)

    @property
    def notices(self) -> list[str]:
        return [*self.backend.notices, *self._told]

    async def start(self) -> None:
        """Run the providers' operators. Another swapdesk process running them over the same data (it holds
        the chains too, so this is rare) leaves their APIs answering from what they keep: quotes work, orders do
        not move here; said once, in words."""
        try:
            await self.providers.start()
        except ProvidersInUse:
            log.warning("the bridge operators of this devnet run in another swapdesk process")
            self._told.append(
                "Another swapdesk is running the devnet's bridges: transfers can be compared here, but the"
                " orders move only while that swapdesk is open."
            )

    async def aclose(self) -> None:
        if self.builds is not None:
            await asyncio.to_thread(self.builds.stop)
        await self.providers.stop()  # first: each operator finishes the order it is moving, on running chains
        await super().aclose()


def chains(
    devnet: Devnet, rpc: dict[int, str], practice: dict[int, int] | None = None, faults: list[str] | None = None
) -> ChainBackend:
    """The devnet's chains, and the chains named in `rpc` (chain id -> URL) on those nodes with their
    catalogues (the user's file first, else the package's); `practice`: those whose node is a practice fork,
    with the fork's own chain id (`swapdesk.fork`). A user's catalogue that breaks a rule raises CatalogError
    (a line naming the file and the rule), or, given `faults`, is said there and its chain has none."""
    if not rpc:
        return DevnetBackend(devnet)
    found = catalogs.load(settings.config_dir() / "catalogs", list(rpc), faults)
    return RoutedBackend(DevnetBackend(devnet), RpcBackend(rpc, found, practice))


def window_engine(chosen: Settings, forks: Forks | None = None) -> Composed:
    """The engine the window's settings ask for, with the practice forks they name started first (`swapdesk.fork`;
    kept in `forks.started`, to stop with the app), the user's accounts funded there."""
    told: list[str] = []
    practice: dict[int, int] = {}
    if forks is not None and chosen.engine != "remote":
        wanted = forks.wanted or {resolve(flag): url for flag, url in chosen.forks.items()}
        told = forks.run(wanted, [a.address for a in AccountBook(settings.config_dir() / "accounts.json").load()])
        chosen = replace(chosen, rpc=chosen.rpc | {f.chain.flag: f.url for f in forks.started})
        practice = forks.practice
    return embedded_service(chosen, told, practice)


def embedded_service(
    chosen: Settings, told: list[str] | None = None, practice: dict[int, int] | None = None
) -> Composed:
    """The engine the window's settings ask for: the embedded devnet with its bridge providers (and real nodes
    for the chains named), or a server, which has its own. `told`: what the person should hear from the start;
    `practice`: the chains of `chosen.rpc` that are practice forks, with their forks' chain ids."""
    if chosen.engine == "remote":
        return Composed(RemoteService(chosen.server_url), Words(QT_TR_NOOP("server {url}"), url=chosen.server_url))
    devnet = Devnet(ChainData(), speed=chosen.devnet_speed)
    rpc = {resolve(flag).id: url for flag, url in chosen.rpc.items()}
    real = ProviderUrls.parse(f"{name}={url}" for name, url in chosen.providers.items()) if chosen.providers else None
    builds = build_ahead(devnet, rpc)
    faults: list[str] = []
    backend = chains(devnet, rpc, practice, faults)
    told = [*(told or []), *(f"Your catalogue is not used: {fault}" for fault in faults)]
    engine = EmbeddedEngine(backend, BridgeProviders(devnet), told, real, builds)
    if not rpc:
        return in_process(engine, Words(EMBEDDED), devnet)
    return in_process(engine, Words(QT_TR_NOOP("devnet + RPC for {chains}"), chains=", ".join(chosen.rpc)), devnet)


def build_ahead(devnet: Devnet, rpc: dict[int, str]) -> WorldBuilds | None:
    """The devnet's worlds missing from the cache (a fresh profile) built ahead in other processes: the
    bridge chains first (the Cross-chain tab lists them all), then the rest. The window's first chain is not
    among them: it builds at once, in process, where py-evm is already imported."""
    first = CHAINS[0].id  # the Quote tab's
    ids = [c.id for c in CHAINS if c.cross_chain] + [c.id for c in CHAINS]
    devnet.worlds.builds = WorldBuilds.start(devnet.worlds, [i for i in ids if i != first and i not in rpc])
    return devnet.worlds.builds


def command_line_service(server: str | None, real: ProviderUrls | None = None) -> Composed:
    """The command line's engine, as the window's settings make it: a server (given, or the one in Settings), or
    the nodes named in Settings for their chains and the user's devnet for the others (whose chains a window or
    a server may be running: then read as they are now, without writing); the bridge providers `real` names, or
    those in Settings, or the devnet's, whose APIs answer from their stores (the command line starts no
    operator: the window or `swapdesk serve` runs them)."""
    chosen = settings.load()
    if server or chosen.engine == "remote":
        url = server or chosen.server_url
        return Composed(RemoteService(url), Words(QT_TR_NOOP("server {url}"), url=url))
    if real is None and chosen.providers:
        real = ProviderUrls.parse(f"{name}={url}" for name, url in chosen.providers.items())
    devnet = Devnet(ChainData(), share=True)
    providers = BridgeProviders(devnet)
    world = BridgeEndpoints.in_process(providers.apps())
    rpc = {resolve(flag).id: url for flag, url in chosen.rpc.items()}
    engine = Engine(chains(devnet, rpc), bridges=real.endpoints(world) if real is not None else world)
    return in_process(engine, Words(EMBEDDED), devnet)


def serving_app(
    speed: float | None, rpc: dict[int, str], cors: Iterable[str] = (), real: ProviderUrls | None = None
) -> FastAPI:
    """`swapdesk serve` in one process: the user's devnet (and real nodes for the chains named), the world's
    providers (or the real services named in `real`), the engine, and the devnet's /rpc, /tron and providers'
    APIs served beside the API."""
    from swapdesk.server.app import create_app  # the window never loads the server
    from swapdesk.server.devnet_app import DevnetRoutes

    devnet = Devnet(ChainData(), speed=speed)
    providers = BridgeProviders(devnet)
    return create_app(EmbeddedEngine(chains(devnet, rpc), providers, real=real), DevnetRoutes(devnet, providers), cors)


def reset_chains(chains: list[Chain]) -> Iterator[tuple[Chain, bool, str]]:
    """`swapdesk devnet reset`: each chain started over from its world (its data deleted): whether it had data,
    and why it was refused (another swapdesk runs it), chain by chain until one is refused."""
    data = ChainData()
    for chain in chains:
        try:
            yield chain, data.reset(chain.id, chain.name), ""
        except ChainInUse as exc:
            yield chain, False, str(exc)
            return


def repair_chains(chains: list[Chain], keep_prefix: bool, yes: bool) -> int:
    """`swapdesk devnet repair`: what each damaged chain's choice keeps and loses, said; with `yes`, made."""
    from swapdesk.devnet.repair import repair

    return repair(chains, keep_prefix, yes)


def build_missing_worlds(
    chains: list[Chain], building: Callable[[int], None], said: Callable[[int, bool], None] | None = None
) -> list[Chain]:
    """`swapdesk devnet build --missing`: only the worlds the cache lacks, built in worker processes (`building` is
    told how many first, `said` each world begun (True) and written (False)); the chains still without a world
    after."""
    from swapdesk.devnet.snapshots import SnapshotStore

    store = SnapshotStore()
    missing = [chain.id for chain in chains if not store.has(chain.id)]
    if not missing:
        return []
    building(len(missing))  # before the workers start: what they say comes after it
    heard = None if said is None else (lambda chain_id, word: said(chain_id, word == BEGUN))
    builds = WorldBuilds.start(store, missing, said=heard)
    if builds is not None:
        try:
            builds.join()
        finally:
            builds.stop()
    return [chain for chain in chains if not store.has(chain.id)]


async def build_worlds(chains: list[Chain]) -> AsyncIterator[tuple[Chain, float]]:
    """`swapdesk devnet build`: each chain's world built (or loaded from the cache), with the seconds it took."""
    devnet = Devnet()
    try:
        for chain in chains:
            started = time.perf_counter()
            await devnet.start(chain.id)
            yield chain, time.perf_counter() - started
    finally:
        await devnet.close()
