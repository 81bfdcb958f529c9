"""Numbers and times as the window writes them: one format everywhere. Decimal or int in, text out; no widgets
(the few words, "gas", "ago", "min", are translated: `i18n.tr`).

- An amount has at most SIGNIFICANT significant digits, rounded down (a figure never promises more than
  the chain gives), thousands separators, no trailing zeros, and its unit: `411.783 BNB`, `1,250,000 USDT`.
  A whole part longer than that is shown whole, never in exponent form; an amount too small for TINY
  says so (`< 0.00000001 ETH`) instead of showing 0.
- A dollar value has cents (`$2,500.00`), or says it is under a cent (`< $0.01`); it is written from a
  Decimal made only for writing it (`usd`).
- Percentages have two decimals (`0.85%`); basis points say both (`0.20% (20 bps)`).
- A time is local time with its zone, in ISO order (`2025-03-14 09:26:53 CET`), in the card, the list
  and every dialog alike.
- What a person types is parsed exactly (`parse_amount`): Decimal to the token's smallest unit, with
  optional thousands separators, never float.
"""

from __future__ import annotations

import re
from datetime import datetime
from decimal import ROUND_DOWN, ROUND_HALF_EVEN, Context, Decimal, localcontext
from typing import TYPE_CHECKING

from swapdesk.gui.i18n import tr
from swapdesk.units import BadAmount, to_units

if TYPE_CHECKING:
    from swapdesk.wallet import Account

SIGNIFICANT = 6
TINY = Decimal("0.00000001")  # below this an amount is "< 0.00000001": eight places are as far as anyone reads
_WIDE = Context(prec=160)  # any uint256 at any number of decimals, exactly
_GROUPED = re.compile(r"[0-9]{1,3}(,[0-9]{3})+(\.[0-9]*)?")


def number(value: Decimal, significant: int = SIGNIFICANT, grouped: bool = True) -> str:
    """`value` with at most `significant` significant digits (rounded down), separators, no trailing zeros."""
    with localcontext(_WIDE):
        if value < 0:
            return "-" + number(-value, significant, grouped)
        if value == 0:
            return "0"
        if value < TINY:
            return f"< {TINY:f}"
        places = max(0, significant - 1 - value.adjusted())  # digits after the point that stay significant
        shown = value.quantize(Decimal(1).scaleb(-places), rounding=ROUND_DOWN)
    text = f"{shown:,f}" if grouped else f"{shown:f}"
    return text.rstrip("0").rstrip(".") if "." in text else text


def amount(units: int, decimals: int, symbol: str = "", significant: int = SIGNIFICANT) -> str:
    """An amount in a token's smallest unit as people read it: `1,234.56 USDT`."""
    with localcontext(_WIDE):
        value = Decimal(units).scaleb(-decimals)
    text = number(value, significant)
    return f"{text} {symbol}" if symbol else text


def rounded_up(units: int, decimals: int, significant: int = SIGNIFICANT) -> int:
    """`units` rounded up to `significant` significant digits: a minimum a person can type, never below the
    real one (10.000000000000000001 USDT becomes 10.0001 USDT)."""
    if units <= 0:
        return units
    digits = len(str(units))
    keep = max(significant, digits - decimals) if digits - decimals > significant else significant
    drop = max(0, digits - keep)
    step: int = 10**drop  # int ** int is typed Any (a negative power is a float)
    return -(-units // step) * step


def usd(value: Decimal, signed: bool = False) -> str:
    """'$2,500.00'; '< $0.01' for less than a cent; with `signed`, '+$12.00' or '−$3.40'."""
    with localcontext(_WIDE):
        sign = "−" if value < 0 else "+" if signed and value > 0 else ""
        size = abs(value)
        if 0 < size < Decimal("0.01"):
            return f"{sign}< $0.01" if sign else "< $0.01"
        shown = size.quantize(Decimal("0.01"), rounding=ROUND_HALF_EVEN)
    return f"{sign}${shown:,f}"


def approx_usd(value: Decimal) -> str:
    """'≈ $2,500.00', or 'under $0.01' (never '≈ < $0.01')."""
    if 0 < abs(value) < Decimal("0.01"):
        return tr("under $0.01")
    return tr("≈ {usd}").format(usd=usd(value))


def signed_amount(units: int, decimals: int, symbol: str = "") -> str:
    """'+2.48 BNB', '−1,500 USDT': a change in a balance."""
    text = amount(abs(units), decimals, symbol)
    return text if units == 0 else ("+" if units > 0 else "−") + text


def percent(fraction: Decimal) -> str:
    """0.0085 -> '0.85%' (a fraction of one, as the API's `impact` is)."""
    with localcontext(_WIDE):
        value = (fraction * 100).quantize(Decimal("0.01"), rounding=ROUND_HALF_EVEN)
    if value == 0 and fraction > 0:
        return "< 0.01%"
    return f"{value:,f}%"


def bps(points: int) -> str:
    """20 -> '0.20% (20 bps)'."""
    return f"{percent(Decimal(points) / 10_000)} ({points:,} bps)"


def gas_price(wei: int) -> str:
    """'3 gwei', or '7 wei' for the devnet's near-free gas (never '< 0.00000001 gwei')."""
    return f"{number(Decimal(wei) / 10**9)} gwei" if wei >= 10**7 else f"{wei:,} wei"


def network_fee(units: int, decimals: int, symbol: str, gas: int = 0, price: int | None = None) -> str:
    """'0.00123 BNB (151,234 gas at 3 gwei)'; an amount too small for TINY still says what it is made of."""
    shown = amount(units, decimals, symbol)
    parts = [tr("{gas} gas").format(gas=f"{gas:,}")] if gas else []
    if gas and price is not None:
        parts[0] = tr("{gas} gas at {price}").format(gas=f"{gas:,}", price=gas_price(price))
    return f"{shown} ({parts[0]})" if parts else shown


def rate(value: Decimal, sell: str, buy: str) -> str:
    """'1 USDT = 0.00164713 BNB'."""
    return f"1 {sell} = {number(value)} {buy}"


def when(seconds: float) -> str:
    """A Unix time as local time with its zone: '2025-03-14 09:26:53 CET'."""
    return datetime.fromtimestamp(seconds).astimezone().strftime("%Y-%m-%d %H:%M:%S %Z")


def when_ms(milliseconds: int) -> str:
    return when(milliseconds / 1000)


def duration(seconds: float) -> str:
    """'45 s', '3 min', '2 h 5 min': how long something took or will take."""
    whole = max(0, round(seconds))
    if whole < 60:
        return tr("{n} s").format(n=whole)
    minutes = whole // 60
    if minutes < 60:
        return tr("{n} min").format(n=minutes)
    hours, minutes = divmod(minutes, 60)
    return tr("{h} h {m} min").format(h=hours, m=minutes) if minutes else tr("{n} h").format(n=hours)


def ago(seconds: float) -> str:
    """'just now', '12 s ago', '3 min ago'."""
    return tr("just now") if seconds < 1 else tr("{time} ago").format(time=duration(seconds))


def short(address: str) -> str:
    """'0xf39F…2266' (TRON: 'TYBNgW…cqbaG'); a hash keeps its first and last few digits."""
    head = 6 if address.startswith(("0x", "T")) else 4
    return address if len(address) <= head + 6 else f"{address[:head]}…{address[-4:]}"


def token_name(name: str) -> str:
    """A token's name as listed; the engine's name for a chain's own coin ('Polygon native coin') translated."""
    chain = name.removesuffix(" native coin")
    return tr("{chain} native coin").format(chain=chain) if chain != name else name


def account_title(account: Account, tron: bool = False) -> str:
    """'Main (0x2c75…5c23) · keystore file' (`Account.title`) in the window's language."""
    note = {"watch": tr("watch-only"), "demo": tr("devnet only"), "keystore": tr("keystore file")}.get(account.kind)
    title = f"{account_name(account)} ({short(account.address_on(tron))})"
    return f"{title} · {note}" if note else title


def account_name(account: Account) -> str:
    """The account's label; a demo account's ('Demo 3', the wallet's words) in the window's language."""
    return tr("Demo {n}").format(n=account.label.removeprefix("Demo ")) if account.kind == "demo" else account.label


def parse_amount(text: str, decimals: int) -> int:
    """What a person typed, exactly, in the token's smallest unit; BadAmount in words when it is not one.

    Commas are accepted as thousands separators in groups of three (`1,250,000.5`); anything else is
    refused by the rules of `units.to_units` (one point, no sign or exponent, at most `decimals` places)."""
    cleaned = text.strip()
    if "," in cleaned:
        if not _GROUPED.fullmatch(cleaned):
            raise BadAmount(
                tr("{text}: use a point for decimals, and commas only between groups of three").format(
                    text=repr(text.strip())
                )
            )
        cleaned = cleaned.replace(",", "")
    return to_units(cleaned, decimals)


def plain(units: int, decimals: int) -> str:
    """An exact amount for an input field (Max): every digit, no separators."""
    with localcontext(_WIDE):
        value = Decimal(units).scaleb(-decimals)
    text = f"{value:f}"
    return text.rstrip("0").rstrip(".") if "." in text else text
