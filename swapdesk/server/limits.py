"""Bounds on a request, enforced before anything parses it.

A URL (path and query) over `MAX_URL` bytes is answered 414 in the envelope.
Within it, the number of parameters and the length of each are bounded too:
`api.requests.parse` stops at the first unknown or repeated name, and every
rule bounds its value. uvicorn's own, larger bound on a request's head is in
`server.run`.
"""

from __future__ import annotations

from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send

from swapdesk.api import ErrorCode, failure
from swapdesk.api.errors import UriTooLong

MAX_URL = 8 * 1024


class UrlLimit:
    """ASGI middleware: 414 for a URL longer than `MAX_URL`, before routing."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            query = scope.get("query_string", b"")
            size = len(scope.get("raw_path") or scope["path"].encode()) + (len(query) + 1 if query else 0)
            if size > MAX_URL:
                error = UriTooLong(ErrorCode.URI_TOO_LONG, f"the URL has {size} bytes; at most {MAX_URL} are read")
                await JSONResponse(failure(error), status_code=error.status)(scope, receive, send)
                return
        await self.app(scope, receive, send)
