"""The window's engines, built on a worker thread, and none left running when the window no longer wants one.

An engine takes seconds to build (the devnet's libraries, a practice fork's anvil, the world builders), so it is
built off Qt's thread (`make_service`). The window may stop wanting it meanwhile: it closes, or a newer setting
asks for another engine. Cancelling the await does not stop the thread, and what it builds would then run on
unseen, holding the devnet's chains and its children (anvil, the builders): each such engine is closed as soon
as it is built, and the app waits for those closings before it ends (`aclose`).
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import replace

from swapdesk import settings
from swapdesk.api import SwapService
from swapdesk.chains import resolve
from swapdesk.fork import Forks
from swapdesk.settings import Settings
from swapdesk.words import Words

log = logging.getLogger(__name__)


def make_service(chosen: Settings, forks: Forks | None = None) -> tuple[SwapService, Words]:
    """The engine the settings ask for (`swapdesk.compose`: the devnet, its bridge providers, real nodes), with
    the forks asked for started first (`swapdesk.fork`; kept in `forks.started`, to stop with the app)."""
    if chosen.engine != "remote":
        from swapdesk.chain.libraries import load

        load()  # or wait for the thread that `swapdesk` set importing them
    from swapdesk.compose import embedded_service

    told: list[str] = []
    practice: dict[int, int] = {}
    if forks is not None and chosen.engine != "remote":
        from swapdesk.wallet.book import AccountBook

        wanted = forks.wanted or {resolve(flag): url for flag, url in chosen.forks.items()}
        told = forks.run(wanted, [a.address for a in AccountBook(settings.config_dir() / "accounts.json").load()])
        chosen = replace(chosen, rpc=chosen.rpc | {f.chain.flag: f.url for f in forks.started})
        practice = forks.practice
    return embedded_service(chosen, told, practice)


class EngineBuilds:
    def __init__(self) -> None:
        self._closing: set[asyncio.Task[None]] = set()

    async def build(self, chosen: Settings, forks: Forks | None) -> tuple[SwapService, Words]:
        """`make_service` on a worker thread. Cancelled while it runs: the engine it builds is closed once built."""
        built = asyncio.get_running_loop().run_in_executor(None, make_service, chosen, forks)
        try:
            return await asyncio.shield(built)
        except asyncio.CancelledError:
            closing = asyncio.ensure_future(_close_when_built(built))
            self._closing.add(closing)
            closing.add_done_callback(self._closing.discard)
            raise

    async def aclose(self) -> None:
        """Wait until every engine built for nothing is closed."""
        while self._closing:
            await asyncio.gather(*self._closing)


async def _close_when_built(built: asyncio.Future[tuple[SwapService, Words]]) -> None:
    try:
        service, _ = await built
    except Exception as exc:  # it failed to build: nothing runs
        log.info("an engine no longer wanted did not build: %s", exc)
        return
    await service.aclose()
