"""A request to the TRON node, and its parameters read as java-tron's servlets read them."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from swapdesk.chain.tron.protobuf import parse_hex
from swapdesk.devnet.tron.errors import BadRequest


@dataclass(frozen=True)
class Request:
    """A request's parameters: a POST's JSON body or a GET's query, and whether it asks for `visible`."""

    params: dict[str, Any] = field(default_factory=dict)
    visible: bool = False


def integer(params: dict[str, Any], name: str) -> int:
    """An int64 parameter: a number in a POST body, digits in a GET query; 0 when absent, as in protobuf."""
    value = params.get(name, 0)
    if isinstance(value, str) and value.lstrip("-").isdigit() and len(value) <= 20:
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or not -(1 << 63) <= value < 1 << 63:
        raise BadRequest(f"{name}: expected an integer")
    return value


def flag(params: dict[str, Any], name: str) -> bool:
    """A bool parameter: true in a POST body, "true" in a GET query (Boolean.parseBoolean); else false."""
    value = params.get(name, False)
    return value is True or (isinstance(value, str) and value.lower() == "true")


def hex_bytes(params: dict[str, Any], name: str) -> bytes:
    value = params.get(name)
    if not isinstance(value, str):
        raise BadRequest(f"{name}: expected a hex string")
    return parse_hex(value, name)
