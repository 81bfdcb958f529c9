"""A quote's deadline: its reads kept together, and an answer in words once the deadline passes.

`quoting(chain)` makes the quote's reads one piece of work due in `QUOTE_SECONDS` (`chain.work`): a node in the
process that serves the engine first (the devnet, `devnet.lanes`) keeps the chain for them, so however others
load it, the quote waits behind at most one of their calls. When the deadline passes, the quote stops and says
so (CHAIN_UNAVAILABLE, 503) instead of waiting for the server's last resort (`api.service.ANSWER_TIMEOUT`).
The deadline counts from the quote's first step on a chain already started: a chain's first start (its world
built, once per machine) is not the quote's time.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from swapdesk.api import ErrorCode, Unavailable
from swapdesk.chain.work import working
from swapdesk.chains import Chain
from swapdesk.words import QT_TR_NOOP, Words

QUOTE_SECONDS = 15.0  # a first quote of a chain reads its pools: about 1 s on an idle machine, a few when loaded


@asynccontextmanager
async def quoting(chain: Chain, seconds: float | None = None) -> AsyncIterator[None]:
    """The reads made within are one quote's, due in `seconds` (QUOTE_SECONDS); past that, CHAIN_UNAVAILABLE in
    words."""
    seconds = QUOTE_SECONDS if seconds is None else seconds
    limit = asyncio.timeout(seconds)
    try:
        with working(seconds):
            async with limit:
                yield
    except TimeoutError as exc:
        if not limit.expired():  # a read's own timeout, not the quote's: `reaching` says that one
            raise
        late = Words(
            QT_TR_NOOP("no quote within {seconds} s: {chain} did not answer its reads in time; try again"),
            seconds=f"{seconds:g}",
            chain=chain.flag,
        )
        raise Unavailable(ErrorCode.CHAIN_UNAVAILABLE, late) from exc
