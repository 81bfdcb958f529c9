"""How uvicorn runs the app: one configuration for `swapdesk serve` and the background server.

The app refuses a URL over `limits.MAX_URL` (8 KiB) with 414 in the envelope.
For that answer to be possible at all, uvicorn must read such a request line
instead of dropping the connection, so its own bound on a request's head
(request line and headers, buffered in memory) sits well above the app's:
`MAX_HEAD`. A head beyond that gets uvicorn's bare 400 and the connection is
closed; nothing larger is ever buffered. The pure-Python h11 parser is chosen
explicitly because it enforces that bound (httptools, when installed, would
accumulate a URL of any size). The access log names at most `LOGGED_PATH`
characters of a path, so a refused 2 MiB URL does not write 2 MiB of log.

Idle connections cannot lock the server out (`server.connections`): a request head must arrive within
10 s, and open connections are capped below the open-file limit, idle ones yielding to new clients.
"""

from __future__ import annotations

import logging
from typing import Any

import uvicorn

from swapdesk.server.connections import ACCEPT_BATCH, GuardedH11Protocol, QuietAcceptErrors

MAX_HEAD = 2 * 1024 * 1024  # bytes of request line + headers uvicorn buffers before refusing
LOGGED_PATH = 200  # characters of a path and query an access log line shows


class _ShortPaths(logging.Filter):
    """Cuts the path of uvicorn's access log lines ('%s - "%s %s HTTP/%s" %d': client, method, path, ...)."""

    def filter(self, record: logging.LogRecord) -> bool:
        args = record.args
        if isinstance(args, tuple) and len(args) == 5 and isinstance(args[2], str) and len(args[2]) > LOGGED_PATH:
            record.args = (*args[:2], f"{args[2][:LOGGED_PATH]}… ({len(args[2])} characters)", *args[3:])
        return True


_SHORT_PATHS = _ShortPaths()
_QUIET_ACCEPTS = QuietAcceptErrors()


def config(app: Any, host: str = "127.0.0.1", port: int = 8545, log_level: str = "info") -> uvicorn.Config:
    configured = uvicorn.Config(
        app,
        host=host,
        port=port,
        http=GuardedH11Protocol,  # h11, with a deadline for request heads and a cap on connections
        h11_max_incomplete_event_size=MAX_HEAD,
        backlog=ACCEPT_BATCH,  # also how many connections asyncio accepts in one go (`server.connections`)
        lifespan="on",
        log_level=log_level,
    )
    logging.getLogger("uvicorn.access").addFilter(_SHORT_PATHS)  # after Config, which sets logging up
    logging.getLogger("asyncio").addFilter(_QUIET_ACCEPTS)
    return configured
