"""The OpenAPI document, built from the tables the validation layer uses.

Each path's parameters come from its request's `Param`s (type, pattern,
range or enum, format, required, default, example), its 200 answer is the
envelope of its record, and every error status it can answer has the
envelope with that status's codes. What the document states valid is never
answered 400 (see `swapdesk.api.errors`).

Examples are well-formed everywhere; a server whose chains can list their
tokens replaces the token examples with its own (`served_examples`), so that
"Try it out", and a schema-driven fuzzer, get real quotes.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from swapdesk.api import BY_PATH, ChainRequest, Endpoint, Envelope, SwapService, TokenInfo
from swapdesk.api.errors import codes_of
from swapdesk.api.requests import DEMO
from swapdesk.chains import resolve
from swapdesk.server.limits import MAX_URL

log = logging.getLogger(__name__)

ERRORS = {
    400: "A parameter breaks a rule this document states (data.parameter names it).",
    403: "Sent by a page of another origin than those the server allows (--cors): CROSS_ORIGIN.",
    404: "No such path, a part the engine does not offer yet, or no such transaction.",
    405: "A method the path does not serve; the Allow header lists those it does.",
    414: f"The URL (path and query) is over {MAX_URL} bytes.",
    415: "A body that is not JSON (text/plain, a form): UNSUPPORTED_MEDIA_TYPE.",
    421: "A Host header that is not a name of this server (DNS rebinding): MISDIRECTED_REQUEST.",
    422: "Each parameter is valid, but the request cannot be served (data.code says why).",
    500: "A bug; the message says no more.",
    503: "A chain or upstream server cannot be reached.",
}
# what the app answers on any path, whatever the route: unknown paths, wrong methods, long URLs, requests a web
# page made (`server.guard`), bugs
EVERYWHERE = (403, 404, 405, 414, 415, 421, 500)
EXAMPLES_TIMEOUT = 30.0  # seconds: a chain that starts by building its world takes a few


def responses(endpoint: Endpoint) -> dict[int | str, dict[str, Any]]:
    """The `responses` of a spec or extension path: its record, and the envelope of each error status."""
    record = Envelope[endpoint.record]  # type: ignore[name-defined]  # a model made at run time: no static type
    success: dict[int | str, dict[str, Any]] = {200: {"model": record, "description": "Success"}}
    return success | {status: _error_response(status) for status in ERRORS}


def _error_response(status: int) -> dict[str, Any]:
    ref = {"$ref": f"#/components/schemas/Error{status}"}
    return {"description": ERRORS[status], "content": {"application/json": {"schema": ref}}}


def _error_schema(status: int) -> dict[str, Any]:
    return {
        "title": f"Error{status}",
        "type": "object",
        "required": ["result", "message", "data"],
        "additionalProperties": False,
        "properties": {
            "result": {"const": -1},
            "message": {"type": "string", "description": "names the parameter and the rule, when one is at fault"},
            "data": {
                "type": "object",
                "required": ["code"],
                "additionalProperties": False,
                "properties": {
                    "code": {"enum": [code.value for code in codes_of(status)]},
                    "parameter": {"type": "string"},
                },
            },
        },
    }


def complete(document: dict[str, Any], examples: dict[str, dict[str, str]]) -> dict[str, Any]:
    """Add the error envelopes to FastAPI's document, the errors every path can answer, and the examples."""
    schemas = document.setdefault("components", {}).setdefault("schemas", {})
    for status in ERRORS:
        schemas[f"Error{status}"] = _error_schema(status)
    for path, operations in document["paths"].items():
        for operation in operations.values():
            answers = operation.setdefault("responses", {})
            for status in EVERYWHERE:
                answers.setdefault(str(status), _error_response(status))
            for parameter in operation.get("parameters", []) if path in BY_PATH else []:
                example = examples.get(path, {}).get(parameter["name"])
                if example is not None:
                    typed = parameter["schema"].get("type") == "integer"
                    parameter["example"] = int(example) if typed else example
    return document


async def served_examples(service: SwapService) -> dict[str, dict[str, str]]:
    """Examples that succeed on this server: USDT and the native coin as its BSC, Ethereum and TRON list them;
    the cross-chain paths move 100 USDT from BSC to Ethereum (the order callback's hash stays a placeholder:
    a deposit must exist first).

    Each chain is asked at once and for at most EXAMPLES_TIMEOUT; a chain that
    cannot say (no endpoint configured, too slow) keeps its paths' mainnet examples.
    """
    examples: dict[str, dict[str, str]] = {"/ext/v1/balances": {"address": DEMO}}
    bsc, eth, tron = await asyncio.gather(*(_tokens(service, flag) for flag in ("BSC", "ETH", "TRON")))
    sell, far, tron_sell = _usdt(bsc), _usdt(eth), _usdt(tron)
    if sell is not None:
        examples["/v2/agg/swap/new"] = _pair(sell, bsc[0])  # the native coin comes first
        examples["/ext/v1/token"] = {"address": sell.address}
    if tron_sell is not None:
        examples["/v3/core/swap"] = _pair(tron_sell, tron[0])
    if sell is not None and far is not None:  # every bridge carries the chains' own USDT, BSC -> Ethereum
        examples["/v3/cross/swap"] = _pair(sell, far)
        transfer = {k: v for k, v in _pair(sell, far).items() if not k.startswith("decimal")}
        examples["/v3/cross/order"] = transfer | {"amountOutMin": str(99 * 10**far.decimals)}
        examples["/ext/v1/cross/routes"] = transfer
    return examples


async def _tokens(service: SwapService, flag: str) -> list[TokenInfo]:
    try:
        async with asyncio.timeout(EXAMPLES_TIMEOUT):
            return await service.tokens(ChainRequest(resolve(flag)))
    except Exception as exc:  # the document must come up whatever the chains do
        log.warning("the OpenAPI document keeps mainnet examples for %s: %s", flag, exc)
        return []


def _usdt(tokens: list[TokenInfo]) -> TokenInfo | None:
    return next((t for t in tokens if t.symbol == "USDT"), None)


def _pair(sell: TokenInfo, buy: TokenInfo) -> dict[str, str]:
    return {
        "token0": sell.address,
        "token1": buy.address,
        "decimal0": str(sell.decimals),
        "decimal1": str(buy.decimals),
        "amountIn": str(100 * 10**sell.decimals),
    }


def tags() -> list[dict[str, str]]:
    return [
        {"name": "spec", "description": "The swap query API's paths, as its spec defines them."},
        {"name": "extensions", "description": "swapdesk's extensions under /ext/v1: not in the spec."},
        {"name": "devnet", "description": "The embedded devnet's chains, for wallets and tools."},
    ]
