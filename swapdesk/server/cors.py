"""CORS for the origins the user allows (`--cors ORIGIN`), on every path the server answers.

A page on another origin may read the server's answers (the API, `/rpc`, `/tron`, the providers) only if the
server says so. By default it says so to nobody: without `--cors` this middleware is not installed and no
answer carries a CORS header. With it, a request whose `Origin` is one of the allowed origins gets
`Access-Control-Allow-Origin` naming that origin (never `*`: anvil allows every origin, swapdesk only those
named), and a preflight (`OPTIONS` with `Access-Control-Request-Method`) from it is answered 204 with the
methods (GET, POST), the headers it asked for (as geth allows any) and how long to remember that, plus
Chrome's Private Network Access allowance, since the server is usually on loopback. A request from any other
origin is answered exactly as if CORS did not exist: the browser then keeps the answer from the page.
Answers say `Vary: Origin`, so that no cache hands one origin's answer to another.

Origins are compared as browsers send them: scheme, host and port, lower case, the default port left out.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from urllib.parse import urlsplit

from starlette.datastructures import Headers, MutableHeaders
from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

METHODS = "GET, POST"
MAX_AGE = 600  # seconds a browser may remember a preflight (Chrome keeps at most 7,200)
_DEFAULT_PORTS = {"http": 80, "https": 443}
_HEADER_LIST = re.compile(r"[A-Za-z0-9!#$%&'*+.^_`|~-]+(?:\s*,\s*[A-Za-z0-9!#$%&'*+.^_`|~-]+)*")
MAX_REQUESTED_HEADERS = 1024  # characters of Access-Control-Request-Headers echoed back


class BadOrigin(ValueError):
    pass


def origin(text: str) -> str:
    """An origin as a browser sends it in `Origin`: `scheme://host[:port]`, http or https; BadOrigin otherwise."""
    try:
        parts = urlsplit(text.strip())
        port = parts.port
    except ValueError:
        raise BadOrigin(f"{text!r} is not an origin such as http://localhost:3000") from None
    if parts.scheme not in _DEFAULT_PORTS or not parts.hostname:
        raise BadOrigin(f"{text!r}: an origin is http:// or https:// and a host, such as http://localhost:3000")
    if parts.path not in ("", "/") or parts.query or parts.fragment or parts.username or parts.password:
        raise BadOrigin(f"{text!r}: an origin has no path, query or user, only scheme://host[:port]")
    host = parts.hostname if ":" not in parts.hostname else f"[{parts.hostname}]"
    shown_port = "" if port is None or port == _DEFAULT_PORTS[parts.scheme] else f":{port}"
    return f"{parts.scheme}://{host}{shown_port}"


class Cors:
    """ASGI middleware: CORS headers for the allowed origins' requests, and their preflights answered."""

    def __init__(self, app: ASGIApp, origins: Iterable[str]) -> None:
        self.app = app
        self.origins = frozenset(origin(o) for o in origins)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        allowed = self._allowed(headers.get("origin"))
        if allowed and scope["method"] == "OPTIONS" and "access-control-request-method" in headers:
            await self._preflight(allowed, headers)(scope, receive, send)
            return

        async def send_with_cors(message: Message) -> None:
            if message["type"] == "http.response.start":
                answer = MutableHeaders(scope=message)
                _vary(answer)
                if allowed:
                    answer["Access-Control-Allow-Origin"] = allowed
            await send(message)

        await self.app(scope, receive, send_with_cors)

    def _allowed(self, sent: str | None) -> str | None:
        """The request's origin when it is allowed, as the browser sent it (it must be echoed exactly)."""
        if not sent:
            return None
        try:
            return sent if origin(sent) in self.origins else None
        except BadOrigin:  # "null" (a sandboxed page, a file) and anything malformed
            return None

    def _preflight(self, allowed: str, headers: Headers) -> Response:
        answer = Response(status_code=204)
        answer.headers["Access-Control-Allow-Origin"] = allowed
        answer.headers["Access-Control-Allow-Methods"] = METHODS
        requested = headers.get("access-control-request-headers", "").strip()
        if requested and len(requested) <= MAX_REQUESTED_HEADERS and _HEADER_LIST.fullmatch(requested):
            answer.headers["Access-Control-Allow-Headers"] = requested
        if headers.get("access-control-request-private-network") == "true":
            answer.headers["Access-Control-Allow-Private-Network"] = "true"
        answer.headers["Access-Control-Max-Age"] = str(MAX_AGE)
        _vary(answer.headers)
        return answer


def _vary(headers: MutableHeaders) -> None:
    present = [v.strip().lower() for v in headers.get("vary", "").split(",") if v.strip()]
    if "origin" not in present and "*" not in present:
        headers.add_vary_header("Origin")
