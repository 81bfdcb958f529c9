"""What the devnet JSON-RPC tests share: raw posts, and the check that no Python internals leak."""

from __future__ import annotations

import re
from typing import Any

import httpx

# What Python's own exceptions say, and how its objects print: none of it may reach a client.
PYTHON_INTERNALS = re.compile(
    r"Traceback|\w+Error\b|Exception|positional argument|keyword argument|NoneType|has no attribute"
    r"|not subscriptable|not iterable|unsupported operand|invalid literal|object of type|__\w+__|<\w+[ .]"
    r"|'(?:str|int|float|bool|dict|list|tuple|bytes)'|\bint\(|unhashable|takes \d|Expecting|char \d|\bb'|\bb\"",
)


def call(method: str, *params: Any, request_id: Any = 1) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": request_id, "method": method, "params": list(params)}


def post(url: str, body: bytes | Any, **headers: str) -> httpx.Response:
    """POST a raw body (bytes) or a JSON value."""
    content = body if isinstance(body, bytes) else httpx.Request("POST", url, json=body).content
    with httpx.Client(timeout=120) as client:
        return client.post(url, content=content, headers={"content-type": "application/json", **headers})


def error(answer: Any) -> dict[str, Any]:
    """The error of one answer object, checked for what every error must be."""
    assert isinstance(answer, dict) and set(answer) == {"jsonrpc", "id", "error"}, answer
    assert answer["jsonrpc"] == "2.0"
    found: dict[str, Any] = answer["error"]
    assert isinstance(found["code"], int) and isinstance(found["message"], str)
    assert not PYTHON_INTERNALS.search(found["message"]), found["message"]
    return found
