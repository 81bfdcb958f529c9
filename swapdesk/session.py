"""The engine's life for the window and the command line, without Qt.

A session holds the engine in use (`Composed`: what it answers, the wire contract, and where it runs in this
process, what only it has) and, for an engine in this process, the desk that signs and sends
(`trade.desk`: the trader, the bridger, and the outbox, which settles what an earlier session left open each
time an engine starts). The window starts it from the settings and starts it again when they change the engine,
when the devnet is reset, or once swapdesk's router is deployed; the command line asks one over the engine it
made. Those who show it observe it (`Observer`): the window's status bar, tabs and History.

A setting the app cannot honour (a practice fork without anvil, or of a network that does not answer as its chain;
a node that does not answer as its chain) never keeps the window from starting: the engine is built from the
settings without it (`honoured`, `setting_checks`), and the session says each in its notices, naming the setting,
the reason and how to mend it. An engine that cannot be built at all is said to the observers (`engine_failed`).

An engine takes seconds to build (the devnet's libraries, a practice fork's anvil, the world builders), so it
is built on a worker thread (`build`). The session may stop wanting it meanwhile: the window closes, or a newer
setting asks for another engine. Cancelling the wait does not stop the thread, and what it builds would then run
on unseen, holding the devnet's chains and its children (anvil, the builders): each such engine is closed as soon
as it is built, and `aclose` waits for those closings too.

Nothing here imports the engine, the devnet or the trade layer at module level: the window imports this module
before the chain libraries are in (they load behind the window, on the thread that builds the engine).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any, Protocol

from swapdesk import settings as stored
from swapdesk.api import SwapService
from swapdesk.chain import libraries
from swapdesk.chains import Chain
from swapdesk.composed import Composed
from swapdesk.fork import ForkError, Forks
from swapdesk.setting_checks import Unhonoured, at_start, of_fork, providers_down, without
from swapdesk.settings import Settings
from swapdesk.store import TxStore
from swapdesk.words import Worded, Words

if TYPE_CHECKING:  # the engine and web3: loaded with the engine, on a worker thread
    from swapdesk.engine.in_process import InProcess
    from swapdesk.trade.bridge import Bridger
    from swapdesk.trade.desk import Desk
    from swapdesk.trade.swap import Trader

log = logging.getLogger(__name__)


class Observer(Protocol):
    """What a session tells those who show it, as it happens."""

    def engine_starting(self, name: str | Words, switching: bool) -> None:
        """An engine is built and about to start (`switching`: another one was in use, and is closing)."""

    def engine_started(self) -> None:
        """The session's engine (and desk, if any) is in use: ask it."""

    def engine_failed(self, why: str | Worded) -> None:
        """No engine could be built from the settings (`why`, in words): the one in use, if any, stays."""

    def devnet_started_over(self, names: list[str] | None) -> None:
        """The devnet's chains started over from their worlds (the names of those that had data); None: the
        engine has no devnet of its own (a server's), and nothing was reset."""

    def sent_settled(self) -> None:
        """The outbox settled transactions an earlier session left open: the sent ones may read differently."""


def build(chosen: Settings, forks: Forks | None = None) -> Composed:
    """The engine `chosen` asks for (`compose.window_engine`: the devnet, its bridge providers, real nodes, the
    practice forks named, started first), built where this is called: on a worker thread."""
    if chosen.engine != "remote":
        libraries.load()  # here, behind the window; or wait for another engine's thread importing them
    from swapdesk.compose import window_engine  # the devnet and the chain libraries: never before the window shows

    return window_engine(chosen, forks)


def honoured(chosen: Settings, forks: Forks | None = None) -> tuple[Composed, list[Unhonoured]]:
    """The engine `chosen` asks for without the settings it cannot honour now, and those (`build`, on a worker
    thread): a node that does not answer as its chain is left out before, a practice fork that does not start
    (no anvil, a network that does not answer as its chain) once it failed, its chain left on the devnet; a
    bridge provider that does not answer is said, its bridge out of the comparison while it is down."""
    here = chosen.engine != "remote"
    if forks is not None:
        forks.left_out = set()  # each build tries every fork again: the network may answer, anvil be installed
    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="providers-check") as beside:
        # the providers asked while the engine builds: a provider down costs the start no time
        down = beside.submit(providers_down, chosen) if here else None
        left = at_start(chosen) if here else []
        while True:
            try:
                composed = build(without(chosen, left), forks)
                break
            except ForkError as error:  # only its own fork is left out; the forks started with it were stopped
                if forks is None or error.chain in forks.left_out:
                    raise
                log.warning("practice on %s left out: %s", error.chain.flag, error)
                forks.left_out.add(error.chain)  # in Settings, or given on the command line (--fork)
                left = [*left, of_fork(error)]
        return composed, [*left, *(down.result() if down is not None else [])]


def engine_changed(before: Settings, after: Settings) -> bool:
    """Whether `after` asks for another engine than `before` (not only another theme or language)."""
    return (before.engine, before.server_url, before.rpc, before.devnet_speed, before.providers, before.forks) != (
        after.engine, after.server_url, after.rpc, after.devnet_speed, after.providers, after.forks
    )  # fmt: skip


class Session:
    def __init__(
        self,
        store: TxStore | None = None,
        composed: Composed | None = None,
        forks: Forks | None = None,
        chosen: Settings | None = None,
    ) -> None:
        """`store`: the sent transactions (none: nothing is signed here, as on the command line); `composed`: an
        engine already built, in use at once; `forks`: the practice forks engines run on (`--fork`, Settings;
        none: no fork is started), stopped with the app; `chosen`: the settings as saved (read from disk by default)."""
        self.store = store
        self.forks = forks
        self.settings = chosen or stored.load()
        self.composed: Composed | None = None
        self.desk: Desk | None = None
        self.unhonoured: list[Unhonoured] = []  # the settings the engine in use was built without, and why
        self.observers: list[Observer] = []
        self._work: asyncio.Task[Any] | None = None  # starting an engine: the newest asked for only
        self._resuming: asyncio.Task[Any] | None = None
        self._closing: set[asyncio.Task[None]] = set()  # engines built for nothing, closing
        self._stopped = False
        if composed is not None:
            self._attach(composed)

    # -- what the session answers ----------------------------------------------------

    @property
    def service(self) -> SwapService | None:
        return self.composed.service if self.composed is not None else None

    @property
    def here(self) -> InProcess | None:
        """What only an engine in this process has; None for a server's, or before any engine."""
        return self.composed.here if self.composed is not None else None

    @property
    def trader(self) -> Trader | None:
        return self.desk.trader if self.desk is not None else None

    @property
    def bridger(self) -> Bridger | None:
        return self.desk.bridger if self.desk is not None else None

    @property
    def notices(self) -> list[str | Words]:
        """What the person should hear about the engine: first each setting it was built without (`Unhonoured`:
        the setting, why, and how to mend it), then the engine's own (a devnet chain started afresh, a catalogue
        not used, bridges run by another process, a practice fork); a server's engine has none of its own."""
        own: list[str | Words] = list(self.here.notices) if self.here is not None else []
        return [*(u.words() for u in self.unhonoured), *own]

    def is_devnet(self, chain: Chain) -> bool | None:
        """Whether `chain` is the embedded devnet here (None: a server's engine, which does not say)."""
        return self.here.chains.is_devnet(chain) if self.here is not None else None

    def building_worlds(self) -> bool:
        """Whether the engine's devnet still builds its worlds ahead (a first start)."""
        devnet = self.composed.devnet if self.composed is not None else None
        return devnet is not None and devnet.building_worlds()

    # -- the engine's life -----------------------------------------------------------

    def run(self, work: Coroutine[Any, Any, Any]) -> asyncio.Task[Any] | None:
        """Run `work` (`open`, `use`, `reset_devnet`) as the engine's newest start, cancelling the one under way;
        nothing once stopped."""
        if self._work is not None:
            self._work.cancel()
        if self._stopped:
            work.close()
            return None
        self._work = asyncio.ensure_future(work)
        self._work.add_done_callback(_said)
        return self._work

    def restart(self) -> None:
        """A new engine from the settings as they are (after a change, a devnet reset, the router deployed)."""
        self.run(self.open(self.settings))

    def apply(self, chosen: Settings) -> bool:
        """Keep `chosen` as the settings, and start the engine they ask for if it is another; whether it is."""
        stored.save(chosen)
        before, self.settings = self.settings, chosen
        changed = engine_changed(before, chosen)
        if changed:
            self.restart()
        return changed

    async def open(self, chosen: Settings) -> None:
        """Build the engine `chosen` asks for without what it cannot honour, on a worker thread, and use it. An
        engine that cannot be built at all is said to the observers, and raised (the task logs it)."""
        try:
            composed, unhonoured = await self._build(chosen)
        except asyncio.CancelledError:
            raise
        except Exception as error:
            why = _words(error)
            self._tell(lambda observer: observer.engine_failed(why))
            raise
        await self.use(composed, unhonoured)

    async def use(self, composed: Composed, unhonoured: list[Unhonoured] | None = None) -> None:
        """Use `composed` (built without the settings `unhonoured` names), closing the engine it replaces."""
        old = self.composed
        self._stop_resuming()
        self.composed, self.desk, self.unhonoured = composed, None, list(unhonoured or [])
        self._tell(lambda observer: observer.engine_starting(composed.name, old is not None))
        if old is not None:
            await old.service.aclose()  # first: the old engine's devnet chains release their data for the new one
        await composed.service.start()
        self._attach(composed)
        self._tell(lambda observer: observer.engine_started())

    async def reset_devnet(self) -> list[str] | None:
        """Start every devnet chain over from its world, then a fresh engine (nothing of the old chains
        remembered); the names of the chains that had data, None for a server's engine (its devnet is its own)."""
        devnet = self.composed.devnet if self.composed is not None else None
        names = await devnet.reset() if devnet is not None else None
        self._tell(lambda observer: observer.devnet_started_over(names))
        if names is not None:
            await self.open(self.settings)
        return names

    def stop(self) -> None:
        """Those who showed the session are gone (the window closed): what runs is cancelled, nothing starts."""
        self._stopped = True
        self.observers.clear()
        for task in (self._work, self._resuming):
            if task is not None:
                task.cancel()

    async def aclose(self) -> None:
        """Stop, close the engine, and wait until every engine built for nothing is closed too."""
        self.stop()
        running = [task for task in (self._work, self._resuming) if task is not None]
        if running:  # their cancellation handled: an engine being built is among those closing once built
            await asyncio.wait(running)
        composed, self.composed, self.desk = self.composed, None, None
        if composed is not None:
            await composed.service.aclose()
        while self._closing:
            await asyncio.gather(*self._closing)

    # -- inside ------------------------------------------------------------------------

    async def _build(self, chosen: Settings) -> tuple[Composed, list[Unhonoured]]:
        """`honoured` on a worker thread. Cancelled while it runs: the engine it builds is closed once built."""
        built = asyncio.get_running_loop().run_in_executor(None, honoured, chosen, self.forks)
        try:
            return await asyncio.shield(built)
        except asyncio.CancelledError:
            closing = asyncio.ensure_future(_close_when_built(built))
            self._closing.add(closing)
            closing.add_done_callback(self._closing.discard)
            raise

    def _attach(self, composed: Composed) -> None:
        """The engine in use; where it runs here, its desk, which settles what an earlier session left open."""
        self.composed, self.desk = composed, None
        if composed.here is None or self.store is None:
            return
        from swapdesk.trade.desk import Desk  # web3: loaded with the engine, never before the window shows

        self.desk = Desk(composed.service, composed.here, self.store)
        self._resuming = asyncio.ensure_future(self._resume(self.desk))
        self._resuming.add_done_callback(_said)

    async def _resume(self, desk: Desk) -> None:
        if await desk.resume():
            self._tell(lambda observer: observer.sent_settled())

    def _stop_resuming(self) -> None:
        if self._resuming is not None:
            self._resuming.cancel()

    def _tell(self, say: Callable[[Observer], None]) -> None:
        for observer in list(self.observers):
            say(observer)


def _said(task: asyncio.Task[Any]) -> None:
    """An exception the session's work did not handle (a bug, or an engine that could not be built): logged,
    never lost with the task."""
    if not task.cancelled() and task.exception() is not None:
        log.error("unexpected error in the engine's session", exc_info=task.exception())


async def _close_when_built(built: asyncio.Future[tuple[Composed, list[Unhonoured]]]) -> None:
    try:
        composed, _ = await built
    except Exception as exc:  # it failed to build: nothing runs
        log.info("an engine no longer wanted did not build: %s", exc)
        return
    await composed.service.aclose()


def _words(error: Exception) -> str | Worded:
    """An error that stopped an engine being built, as the window says it: its words, or its kind."""
    return error if isinstance(error, Worded) else str(error) or type(error).__name__
