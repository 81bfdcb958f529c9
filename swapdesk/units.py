"""Human amounts <-> integers in a token's smallest unit. Decimal only; never float.

Arithmetic runs in a context wide enough for any uint256 (78 digits) at any
number of decimals: Python's default context keeps 28 significant digits and
would silently round large amounts.
"""

from __future__ import annotations

import re
from decimal import Context, Decimal, Inexact, localcontext

_HUMAN = re.compile(r"[0-9]+(\.[0-9]*)?|\.[0-9]+")
_EXACT = Context(prec=160, traps=[Inexact])


class BadAmount(ValueError):
    pass


def scale(value: Decimal, decimals: int) -> int:
    """value * 10^decimals, truncated toward zero, computed exactly."""
    with localcontext(_EXACT):
        return int(value.scaleb(decimals))


def to_units(text: str, decimals: int) -> int:
    """'1.5' with 6 decimals -> 1500000; refuses signs, exponents and excess precision."""
    if not _HUMAN.fullmatch(text):
        raise BadAmount(f"{text!r} is not an amount: use digits and one decimal point, like 1000 or 0.25")
    with localcontext(_EXACT):
        value = Decimal(text).scaleb(decimals)
        if value != value.to_integral_value():
            raise BadAmount(f"{text!r} has more than {decimals} decimal places")
        return int(value)


def to_human(units: int, decimals: int, places: int | None = None) -> str:
    """1500000 with 6 decimals -> '1.5' (or rounded down to `places`)."""
    with localcontext(_EXACT):
        value = Decimal(units).scaleb(-decimals)
    if places is not None:
        value = value.quantize(Decimal(1).scaleb(-places), rounding="ROUND_DOWN", context=Context(prec=160))
    text = f"{value:f}"
    return text.rstrip("0").rstrip(".") if "." in text else text


def percent_to_bps(text: str) -> int:
    """'0.5' (percent) -> 50 basis points; whole basis points from 0 to 100 %, exact."""
    cleaned = text.strip().removesuffix("%").strip()
    if not _HUMAN.fullmatch(cleaned):
        raise BadAmount(f"{text!r} is not a percentage: write it like 0.5")
    with localcontext(_EXACT):
        bps = Decimal(cleaned) * 100
    if bps != bps.to_integral_value() or bps > 10_000:
        raise BadAmount(f"{text!r}: a percentage from 0 to 100, in steps of 0.01")
    return int(bps)
