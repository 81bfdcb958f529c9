"""Requests a web page could make the user's browser send are refused, on every path the server answers.

The server listens on loopback, but any page the user visits can make the browser send requests there: a
cross-site POST (a form, or `fetch` with a `text/plain` body: no preflight asks first), or, through DNS
rebinding, requests whose answers the page reads, since the browser takes the server for the page's own site.
`RequestGuard` refuses, before anything reads a body:

- a `Host` that is not a name of this server (DNS rebinding): 421. A name of the server is a loopback name
  (`localhost`, `*.localhost`, 127.0.0.0/8, ::1), the address the connection came in on, or the machine's own
  name; the port is not compared (a port forward may change it). A request without `Host` (HTTP/1.0, and
  never a browser's) passes.
- a request from a page of another origin: an `Origin` that is neither one the user allowed (`--cors`, the
  origins `server.cors` answers) nor the server's own (`http://` and the request's `Host`), and a request a
  browser marks `Sec-Fetch-Site: cross-site` or `same-site` without such an `Origin` (an `<img>` or a link
  to `/v3/cross/order`): 403.
- a body sent as anything but JSON (`text/plain`, a form, multipart...) to a method with a body: 415, as
  geth answers; no such body is ever parsed as JSON-RPC or as a provider's request. A body with no
  `Content-Type` at all passes (scripts; a browser that omits it still sends `Origin`), and so does an
  empty body, whatever it is declared as (TronWeb declares its POSTs without parameters a form).

Refusals are answered in the envelope of the path: JSON-RPC's on `/rpc` (id null), the API's elsewhere,
with a message that says what was refused and what is accepted.
"""

from __future__ import annotations

import ipaddress
import json
import socket
from collections.abc import Iterable

from starlette.datastructures import Headers
from starlette.types import ASGIApp, Receive, Scope, Send

from swapdesk.api import ErrorCode, failure
from swapdesk.api.errors import ApiError
from swapdesk.server.cors import BadOrigin, origin

JSON_TYPES = ("application/json", "application/json-rpc", "application/jsonrequest")  # geth's
_BODY_METHODS = ("POST", "PUT", "PATCH", "DELETE")


def _host_name(header: str) -> str | None:
    """The name in a Host header, lower case, without its port and brackets; None when malformed."""
    text = header.strip().lower()
    if text.startswith("["):
        end = text.find("]")
        name, port = (text[1:end], text[end + 1 :]) if end > 0 else ("", "")
        if port and not (port.startswith(":") and port[1:].isdigit()):
            return None
    else:
        name, _, digits = text.partition(":")
        if digits and not digits.isdigit():
            return None
    return name.rstrip(".") or None


def _has_body(headers: Headers) -> bool:
    """Whether the request carries a body: an empty one (TronWeb's POSTs without parameters, declared as a
    form) has nothing to parse."""
    return headers.get("content-length", "0").strip() != "0" or "transfer-encoding" in headers


def _loopback(name: str) -> bool:
    if name == "localhost" or name.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


class RequestGuard:
    """ASGI middleware: foreign Host, foreign Origin and non-JSON bodies refused (module doc)."""

    def __init__(self, app: ASGIApp, origins: Iterable[str] = ()) -> None:
        self.app = app
        self.origins = frozenset(origin(o) for o in origins)
        machine = socket.gethostname().lower().rstrip(".")
        self.machine = {machine, f"{machine}.local"} if machine else set()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        refusal = self._refusal(scope, Headers(scope=scope))
        if refusal is None:
            await self.app(scope, receive, send)
            return
        await _answer(scope, send, refusal)

    def _refusal(self, scope: Scope, headers: Headers) -> ApiError | None:
        host = headers.get("host")
        if host is not None and not self._ours(host, scope):
            shown = host[:100]
            message = f"Host {shown!r} is not a name of this server; use localhost"
            return ApiError(ErrorCode.MISDIRECTED_REQUEST, message)
        sent = headers.get("origin")
        if sent is not None and not self._allowed_origin(sent, host):
            shown = sent[:100]
            return ApiError(ErrorCode.CROSS_ORIGIN, f"requests from the page {shown!r} are refused; --cors allows one")
        site = headers.get("sec-fetch-site", "")
        if sent is None and site in ("cross-site", "same-site"):
            message = "requests from a page of another site are refused; --cors allows one"
            return ApiError(ErrorCode.CROSS_ORIGIN, message)
        if scope["method"] in _BODY_METHODS and "content-type" in headers and _has_body(headers):
            media = headers["content-type"].split(";", 1)[0].strip().lower()
            if media not in JSON_TYPES and not media.endswith("+json"):
                shown = media[:100]
                return ApiError(ErrorCode.UNSUPPORTED_MEDIA_TYPE, f"a {shown!r} body is refused; send application/json")
        return None

    def _ours(self, host: str, scope: Scope) -> bool:
        name = _host_name(host)
        if name is None:
            return False
        if _loopback(name) or name in self.machine:
            return True
        server = scope.get("server")
        return server is not None and str(server[0]).lower() == name

    def _allowed_origin(self, sent: str, host: str | None) -> bool:
        try:
            normal = origin(sent)
        except BadOrigin:  # "null": a sandboxed frame, a file, a data: URL
            return False
        if normal in self.origins:
            return True
        try:
            return host is not None and normal in (origin(f"http://{host}"), origin(f"https://{host}"))
        except BadOrigin:
            return False


async def _answer(scope: Scope, send: Send, refusal: ApiError) -> None:
    if scope["path"].startswith("/rpc/"):
        rpc_code = -32600 if refusal.code is ErrorCode.UNSUPPORTED_MEDIA_TYPE else -32000
        error = {"code": rpc_code, "message": refusal.message}
        body: dict[str, object] = {"jsonrpc": "2.0", "id": None, "error": error}
    else:
        body = failure(refusal)
    encoded = json.dumps(body, separators=(",", ":")).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(encoded)).encode())]
    headers.append((b"connection", b"close"))  # a body, if any, is not read
    await send({"type": "http.response.start", "status": refusal.status, "headers": headers})
    await send({"type": "http.response.body", "body": encoded})
