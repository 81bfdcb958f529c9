"""JSON-RPC 2.0 as written, with bounds: the protocol half of a JSON-RPC server (the devnet's `/rpc`).

`decode(body)` checks a body's size, encoding and nesting depth before
`json.loads` sees it: py-evm needs a high recursion limit, under which the C
JSON scanner can overflow a thread's stack on deep enough input, so depth is
measured first by a linear scan that never recurses. `answer(payload, run)`
answers a decoded body: one request object or a batch. A batch's requests are
run one after another, each by its own `run` (for a chain: one job on the
chain's thread), so a batch never holds a chain for longer than one call and a
quote waits behind at most one of them. `handle(request, call)` is one request:
the envelope checked, the method called, the answer encoded; it never raises.

Notifications (no `id`) are run and not answered; a batch of them has no
answer at all. Ids are echoed, also on errors; errors found before an id is
known answer `id: null`. No Python exception text reaches a client: what a
method does not turn into an `RpcError` is logged and answered "internal error".

Limits, and whose they follow:
  MAX_BODY    1 MiB        geth allows 5 MiB; the largest real body (a 48 KiB initcode in hex, a batch) is
                           far smaller, and 5 MiB of tiny arrays costs json.loads seconds of CPU
  MAX_DEPTH   128          serde_json's recursion limit (reth, anvil)
  MAX_BATCH   1000         geth's BatchRequestLimit
  MAX_ANSWER  25,000,000   geth's BatchResponseMaxSize, for any answer
  BATCH_TIME  30 s         geth's HTTP write timeout: later requests of a batch answer "request timed out"
"""

from __future__ import annotations

import json
import logging
import math
import re
import time
from collections.abc import Awaitable, Callable
from itertools import accumulate
from typing import Any

log = logging.getLogger(__name__)

MAX_BODY = 1024 * 1024
MAX_DEPTH = 128
MAX_BATCH = 1000
MAX_ANSWER = 25_000_000
BATCH_TIME = 30.0

PARSE_ERROR = -32700
INVALID_REQUEST = -32600
METHOD_NOT_FOUND = -32601
INVALID_PARAMS = -32602
INTERNAL_ERROR = -32603
SERVER_ERROR = -32000  # geth's code for an error without one of its own
TIMED_OUT = -32002  # geth
RESPONSE_TOO_LARGE = -32003  # geth
LIMIT_EXCEEDED = -32005  # EIP-1474, and node providers' eth_getLogs caps

Params = list[Any] | dict[str, Any]
Call = Callable[[str, Params], Any]  # a method's result, or raises RpcError
Run = Callable[[Any], Awaitable[bytes | None]]  # one request object's encoded answer


class RpcError(Exception):
    def __init__(self, code: int, message: str, data: Any = None) -> None:
        super().__init__(message)
        self.code, self.message, self.data = code, message, data


class BodyTooLarge(RpcError):
    """Refused before reading it all: HTTP answers 413."""

    def __init__(self) -> None:
        super().__init__(LIMIT_EXCEEDED, f"request body too large: the limit is {MAX_BODY} bytes")


# -- decoding -------------------------------------------------------------------

# A JSON string, or an unterminated one up to the end: always matched from its opening
# quote, in one pass (possessive, so never retried from a later quote).
_STRING = re.compile(rb'"(?:[^"\\]++|\\.?)*+(?:"|\Z)', re.DOTALL)
_OPEN_CLOSE = bytes.maketrans(b"[{]}", b"\x01\x01\xff\xff")  # +1 and -1 as signed bytes
_NOT_BRACKET = bytes(b for b in range(256) if b not in b"[]{}")


def decode(body: bytes) -> Any:
    """The JSON value of a request body; raises RpcError (answered with id null)."""
    if len(body) > MAX_BODY:
        raise BodyTooLarge()
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        raise RpcError(PARSE_ERROR, "parse error: the body is not UTF-8 text") from None
    if _too_deep(body):
        raise RpcError(PARSE_ERROR, f"parse error: arrays and objects nest deeper than {MAX_DEPTH} levels") from None
    try:
        return json.loads(text, parse_float=_finite, parse_constant=_not_json)
    except json.JSONDecodeError as exc:
        raise RpcError(PARSE_ERROR, f"parse error: not JSON (line {exc.lineno}, column {exc.colno})") from None
    except ValueError:  # NaN, Infinity, 1e999, or an integer with more digits than Python converts
        raise RpcError(PARSE_ERROR, "parse error: a number that JSON-RPC cannot carry") from None


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):  # it could not be echoed back as JSON
        raise ValueError(text)
    return value


def _not_json(constant: str) -> Any:
    raise ValueError(constant)


def _too_deep(body: bytes) -> bool:
    return nests_deeper(body, MAX_DEPTH)


def nests_deeper(body: bytes, limit: int) -> bool:
    """Whether arrays and objects nest deeper than `limit` outside strings, in any JSON text (a request's body, a
    peer's answer), measured without recursion.

    Up to the first syntax error, which stops json.loads, this reads the
    structure exactly as json.loads does (UTF-8 never hides an ASCII quote or
    bracket inside a multi-byte character), so json.loads never recurses deeper
    than what is measured here."""
    if body.count(b"[") + body.count(b"{") <= limit:
        return False
    steps = _STRING.sub(b"", body).translate(_OPEN_CLOSE, _NOT_BRACKET)
    return max(accumulate(memoryview(steps).cast("b")), default=0) > limit


# -- answering --------------------------------------------------------------------


async def answer(payload: Any, run: Run) -> bytes | None:
    """The encoded answer to a decoded body, or None when nothing is to be answered."""
    if not isinstance(payload, list):
        return await run(payload)
    if not payload:
        return error_answer(None, RpcError(INVALID_REQUEST, "invalid request: an empty batch"))
    if len(payload) > MAX_BATCH:
        return error_answer(None, RpcError(INVALID_REQUEST, f"batch too large: at most {MAX_BATCH} requests"))
    deadline = time.monotonic() + BATCH_TIME
    parts: list[bytes] = []
    size = 2
    refusal: RpcError | None = None  # once set, the rest of the batch is refused unrun
    for request in payload:
        if refusal is None and time.monotonic() > deadline:
            refusal = RpcError(TIMED_OUT, f"request timed out: a batch may run for {BATCH_TIME:g} s")
        part = await run(request) if refusal is None else _refused(request, refusal)
        if part is not None and refusal is None and size + len(part) > MAX_ANSWER:
            refusal = _too_large()
            part = _refused(request, refusal)
        if part is not None:
            parts.append(part)
            size += len(part) + 1
    return b"[" + b",".join(parts) + b"]" if parts else None


def handle(request: Any, call: Call) -> bytes | None:
    """The encoded answer to one request object (None for a notification); never raises."""
    if not isinstance(request, dict):
        return error_answer(None, RpcError(INVALID_REQUEST, "invalid request: expected a request object"))
    request_id = request.get("id")
    if not _is_id(request_id):
        return error_answer(None, RpcError(INVALID_REQUEST, "invalid request: id must be a string, a number or null"))
    problem = _envelope_problem(request)
    if problem:  # answered even without an id: the client must hear that it was not run
        return error_answer(request_id, RpcError(INVALID_REQUEST, f"invalid request: {problem}"))
    notification = "id" not in request
    try:
        result = call(request["method"], request.get("params", []))
        encoded = _encode({"jsonrpc": "2.0", "id": request_id, "result": result})
    except RpcError as exc:
        return None if notification else error_answer(request_id, exc)
    except Exception:
        log.exception("JSON-RPC %s failed", request["method"])
        return None if notification else error_answer(request_id, RpcError(INTERNAL_ERROR, "internal error"))
    if notification:
        return None
    return encoded if len(encoded) <= MAX_ANSWER else error_answer(request_id, _too_large())


def _is_id(value: Any) -> bool:
    return not isinstance(value, bool) and isinstance(value, str | int | float | None)


def _envelope_problem(request: dict[str, Any]) -> str | None:
    if request.get("jsonrpc") != "2.0":
        return 'jsonrpc must be "2.0"'
    if not isinstance(request.get("method"), str):
        return "method must be a string"
    if not isinstance(request.get("params", []), list | dict):
        return "params must be an array or an object"
    return None


def _refused(request: Any, error: RpcError) -> bytes | None:
    """A request of a batch answered with `error` without being run (None for a notification)."""
    if isinstance(request, dict) and "id" not in request:
        return None
    request_id = request.get("id") if isinstance(request, dict) else None
    return error_answer(request_id if _is_id(request_id) else None, error)


def _too_large() -> RpcError:
    return RpcError(RESPONSE_TOO_LARGE, f"response too large: an answer may hold {MAX_ANSWER} bytes")


def error_answer(request_id: Any, error: RpcError) -> bytes:
    body: dict[str, Any] = {"code": error.code, "message": error.message}
    if error.data is not None:
        body["data"] = error.data
    return _encode({"jsonrpc": "2.0", "id": request_id, "error": body})


def _encode(response: dict[str, Any]) -> bytes:
    return json.dumps(response, separators=(",", ":"), allow_nan=False).encode()
