"""The amounts each bridge takes, in a person's words: "Bridgers (METAPATH) needs at least 30 USDT", and the one
amount every bridge takes, which a button sets.

A route that answered carries its bridge's limits (`CrossRoute.limits`); a bridge that refused an amount outside
its limits says them in its refusal's message, in smallest units ("… (30000000000000000000 to 80000000000000000000000
smallest units; got 5000000000000000000)"), which is read here for the numbers alone and never shown. A minimum is
written rounded up and a maximum rounded down (`formatting.rounded_up`), so that the figure a person reads, or
the button sets, is one the bridge accepts.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from swapdesk.api import CrossRoute, ErrorCode, TokenInfo
from swapdesk.api.records import RouteRefusal
from swapdesk.bridge_names import bridge_name
from swapdesk.gui import formatting
from swapdesk.gui.i18n import tr

NO_MAXIMUM = 10**60  # a limit this high is none
_LIMITS = re.compile(r"\((?P<low>\d+) to (?P<high>\d+) smallest units; got (?P<got>\d+)\)")


@dataclass(frozen=True)
class Limits:
    bridge: str
    low: int
    high: int  # NO_MAXIMUM or more: no maximum


def of_route(route: CrossRoute) -> Limits:
    return Limits(route.bridge, int(route.limits.minAmountIn), int(route.limits.maxAmountIn))


def of_refusal(refusal: RouteRefusal) -> Limits | None:
    """The limits a refusal names, when it refused the amount for being outside them."""
    if refusal.code != ErrorCode.OUTSIDE_LIMITS.value:
        return None
    found = _LIMITS.search(refusal.message)
    return Limits(refusal.bridge, int(found["low"]), int(found["high"])) if found else None


def lowest(units: int, token: TokenInfo) -> str:
    """A minimum as a person reads and types it (rounded up)."""
    return formatting.amount(formatting.rounded_up(units, token.decimals), token.decimals, token.symbol)


def highest(units: int, token: TokenInfo) -> str:
    return formatting.amount(units, token.decimals, token.symbol)


def outside(limits: Limits, amount: int, token: TokenInfo) -> str:
    """'Bridgers (METAPATH) needs at least 30 USDT' or 'cBridge (Celer) takes at most 1,000,000 USDT'."""
    bridge = bridge_name(limits.bridge)
    if amount < limits.low:
        return tr("{bridge} needs at least {amount}").format(bridge=bridge, amount=lowest(limits.low, token))
    return tr("{bridge} takes at most {amount}").format(bridge=bridge, amount=highest(limits.high, token))


def every_bridge_takes(all_limits: list[Limits], token: TokenInfo) -> int | None:
    """The least amount every bridge takes (rounded up to a figure a person types), or None when no amount is
    taken by them all."""
    if not all_limits:
        return None
    low = formatting.rounded_up(max(limits.low for limits in all_limits), token.decimals)
    high = min(limits.high for limits in all_limits)
    return low if low <= high else None


def some_bridge_takes(all_limits: list[Limits], amount: int, token: TokenInfo) -> int | None:
    """The amount nearest `amount` that at least one bridge takes (for when none takes it)."""
    if not all_limits:
        return None
    if amount < min(limits.low for limits in all_limits):
        return formatting.rounded_up(min(limits.low for limits in all_limits), token.decimals)
    return max(limits.high for limits in all_limits)


def takes_line(route: CrossRoute, sell: TokenInfo) -> str:
    """'takes 10 USDT to 1,000,000 USDT; holds transfers above 50,000 USDT', for a route's card."""
    limits = of_route(route)
    low = lowest(limits.low, sell)
    text = (
        tr("takes {low} to {high}").format(low=low, high=highest(limits.high, sell))
        if limits.high < NO_MAXIMUM
        else tr("takes {low} or more").format(low=low)
    )
    if route.limits.slowAbove:
        slow = highest(int(route.limits.slowAbove), sell)
        if int(route.amountIn) > int(route.limits.slowAbove):
            text += tr("; this one is above {amount}: it is held a while, longer than shown").format(amount=slow)
        else:
            text += tr("; holds transfers above {amount}").format(amount=slow)
    return text
