"""A same-chain quote's record as the chain writes it: its addresses (EIP-55 in the engine, base58 on TRON), the
split's routes as the route diagram draws them, the routes its gas left out, and each source's route alone."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from swapdesk.address import ZERO, format_address, parse_address, to_checksum
from swapdesk.api import SourceAmount
from swapdesk.api.records import LeftOutRoute, QuotedRoute
from swapdesk.engine.routing.routes import Route
from swapdesk.engine.routing.singles import gas_cost
from swapdesk.engine.routing.split import Split, route_shares
from swapdesk.icons import source_icon

NATIVE = to_checksum(ZERO)  # the native coin, as the request names it


@lru_cache(maxsize=4096)
def evm(text: str, tron: bool) -> str:
    """An address as the engine works with it (EIP-55 hex): each spelling's checksum hashed once, not per quote."""
    return to_checksum(parse_address(text, tron))


@lru_cache(maxsize=4096)
def shown(checksummed: str, tron: bool) -> str:
    """An EIP-55 address as the chain's API shows it."""
    return format_address(parse_address(checksummed, False), tron)


def path(route: Route, token0: str, token1: str, tron: bool) -> list[str]:
    """A route's tokens from token0 (the native coin where it is sold, not the wrapped token the pools trade) to
    token1, as the chain writes addresses."""
    return [shown(token0, tron), *(shown(hop.token_out, tron) for hop in route.hops[:-1]), shown(token1, tron)]


def quoted_routes(split: Split, token0: str, token1: str, tron: bool) -> list[QuotedRoute]:
    """Each leg of the split as the route diagram draws it: its sources, its share, its tokens, its gas."""
    return [
        QuotedRoute(
            source=leg.route.source,
            sources=[hop.source for hop in leg.route.hops],
            percent=percent,
            path=path(leg.route, token0, token1, tron),
            gas=leg.gas,
        )
        for leg, percent in route_shares(split)
    ]


def left_out(split: Split, token0: str, token1: str, tron: bool) -> list[LeftOutRoute]:
    return [
        LeftOutRoute(
            source=out.route.source,
            sources=[hop.source for hop in out.route.hops],
            path=path(out.route, token0, token1, tron),
            gas=out.gas,
            gasCost=str(out.cost),
        )
        for out in split.left_out
    ]


def alone(source: str, out: int, gas: int, gas_value: Fraction) -> SourceAmount:
    """An entry of `amounts`: the output of the source's route alone (0: it has none) and its gas through the
    quote's router."""
    if not out:
        return SourceAmount(exchange=source, icon_url=source_icon(source), amountOut="0")
    cost = str(gas_cost(gas, gas_value))
    return SourceAmount(exchange=source, icon_url=source_icon(source), amountOut=str(out), gas=gas, gasCost=cost)
