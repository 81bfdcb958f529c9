"""Reading the providers' API parameters: bounded, checked, and refused with a message naming the
parameter and the rule. Each provider's app says `BadParameter` in its own error shape.
"""

from __future__ import annotations

import json
import re
from decimal import Decimal
from typing import Any

from starlette.requests import Request

from swapdesk.address import InvalidAddress, format_address, parse_address
from swapdesk.chain import jsonrpc
from swapdesk.chains import by_id

MAX_BODY = 64 * 1024  # bytes of a JSON body
MAX_TEXT = 256  # characters of any text parameter
MAX_DIGITS = 77  # an amount below 10^77 fits a uint256
_HASH = re.compile(r"(0x)?[0-9a-fA-F]{64}")


class BadParameter(ValueError):
    def __init__(self, name: str, rule: str, value: Any = None) -> None:
        shown = "" if value is None else f" (got {quote(value)})"
        super().__init__(f"{name}: {rule}{shown}")
        self.name = name


def quote(value: Any) -> str:
    """Bad input as a message shows it: escaped, and cut at 40 characters."""
    text = value if isinstance(value, str) else json.dumps(value)
    cut = text[:40] + ("..." if len(text) > 40 else "")
    return json.dumps(cut, ensure_ascii=True)


async def json_object(request: Request) -> dict[str, Any]:
    """A POST's JSON object body (at most `MAX_BODY` bytes)."""
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            raise BadParameter("body", f"must be at most {MAX_BODY} bytes")
    try:
        value = jsonrpc.decode(body or b"{}")  # bounded: its depth is measured before it is parsed
    except jsonrpc.RpcError:
        raise BadParameter("body", "must be a JSON object") from None
    if not isinstance(value, dict):
        raise BadParameter("body", "must be a JSON object")
    return value


def text(params: dict[str, Any], name: str, required: bool = True) -> str | None:
    value = params.get(name)
    if value is None or value == "":
        if required:
            raise BadParameter(name, "is required")
        return None
    if isinstance(value, bool) or not isinstance(value, str | int):
        raise BadParameter(name, "must be a string", value)
    value = str(value)
    if len(value) > MAX_TEXT:
        raise BadParameter(name, f"must be at most {MAX_TEXT} characters", value)
    return value


def need(params: dict[str, Any], name: str) -> str:
    value = text(params, name)
    assert value is not None
    return value


def amount(params: dict[str, Any], name: str, required: bool = True) -> int | None:
    """An amount in smallest units: ASCII digits only (a JSON number that is a whole number is taken too)."""
    value = params.get(name)
    if value is None or value == "":
        if required:
            raise BadParameter(name, "is required")
        return None
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        value = str(value)
    if not isinstance(value, str) or not value.isascii() or not value.isdigit() or len(value) > MAX_DIGITS:
        raise BadParameter(name, f"must be an integer of at most {MAX_DIGITS} digits", value)
    return int(value)


def integer(params: dict[str, Any], name: str, low: int, high: int, required: bool = True) -> int | None:
    found = amount(params, name, required)
    if found is not None and not low <= found <= high:
        raise BadParameter(name, f"must be an integer from {low} to {high}", params.get(name))
    return found


def address(chain_id: int, value: str, name: str) -> bytes:
    """20 address bytes from text in the chain's format (TRON: base58check; else 0x-hex)."""
    chain = by_id(chain_id)
    try:
        return parse_address(value, chain.tron)
    except InvalidAddress as exc:
        raise BadParameter(name, f"must be an address on {chain.name}: {exc.rule}", value) from None


def shown(chain_id: int, raw_or_hex: bytes | str) -> str:
    """An address as the chain shows it."""
    raw = raw_or_hex if isinstance(raw_or_hex, bytes) else bytes.fromhex(raw_or_hex[2:])
    return format_address(raw, by_id(chain_id).tron)


def tx_hash(params: dict[str, Any], name: str) -> str:
    """A transaction hash (a TRON id too), 64 hex digits with or without 0x: 0x-hex, lower case."""
    value = need(params, name)
    if not _HASH.fullmatch(value):
        raise BadParameter(name, "must be 64 hexadecimal digits, with or without 0x", value)
    return "0x" + value.removeprefix("0x").lower()


def human(units: int, decimals: int) -> str:
    """Smallest units as an exact decimal string of whole tokens ("1.5")."""
    text = format(Decimal(units).scaleb(-decimals), "f")
    return text.rstrip("0").rstrip(".") if "." in text else text
