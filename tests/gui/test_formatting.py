"""One format for every number and time the window shows: Decimal or int in, text out."""

from __future__ import annotations

import re
from decimal import Context, Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from swapdesk.gui import formatting
from swapdesk.units import BadAmount

WIDE = Context(prec=200)


@pytest.mark.parametrize(
    ("value", "text"),
    [
        ("411.78328919", "411.783"),  # six significant digits, rounded down: never more than the chain gives
        ("0.0016471332", "0.00164713"),
        ("1234567.89", "1,234,567"),  # a longer whole part is shown whole, with separators
        ("250000", "250,000"),
        ("99.9999999", "99.9999"),
        ("12.1", "12.1"),  # no trailing zeros
        ("0", "0"),
        ("0.000000001", "< 0.00000001"),  # too small to read: said, not shown as 0
        ("-0.5", "-0.5"),
    ],
)
def test_numbers(value: str, text: str) -> None:
    assert formatting.number(Decimal(value)) == text


def test_every_figure_has_its_unit() -> None:
    assert formatting.amount(125 * 10**18, 18, "USDT") == "125 USDT"
    assert formatting.amount(1_500_000_000, 6, "USDC") == "1,500 USDC"
    assert formatting.amount(1, 18, "ETH") == "< 0.00000001 ETH"
    assert formatting.percent(Decimal("0.0085")) == "0.85%"
    assert formatting.percent(Decimal("0.000001")) == "< 0.01%"
    assert formatting.bps(20) == "0.20% (20 bps)"
    assert formatting.rate(Decimal("0.0016471332"), "USDT", "BNB") == "1 USDT = 0.00164713 BNB"


def test_times_are_local_with_their_zone() -> None:
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d \S+", formatting.when(1_700_000_000))
    assert formatting.when_ms(1_700_000_000_000) == formatting.when(1_700_000_000)
    assert [formatting.duration(s) for s in (0.4, 45, 180, 7500)] == ["0 s", "45 s", "3 min", "2 h 5 min"]
    assert formatting.ago(0.2) == "just now" and formatting.ago(12) == "12 s ago"


def test_typed_amounts_are_read_exactly() -> None:
    assert formatting.parse_amount("1,250,000.5", 6) == 1_250_000_500_000
    assert formatting.parse_amount(" 0.1 ", 18) == 10**17
    for bad in ("1,00", "1,000,00.5", "1.000,5", "1e5", "-1"):
        with pytest.raises(BadAmount):
            formatting.parse_amount(bad, 18)
    with pytest.raises(BadAmount, match="more than 6 decimal places"):
        formatting.parse_amount("1.1234567", 6)


@given(st.integers(min_value=0, max_value=2**256 - 1), st.integers(min_value=0, max_value=30))
def test_an_amount_never_shows_more_than_it_is(units: int, decimals: int) -> None:
    text = formatting.amount(units, decimals)
    if text.startswith("<"):
        assert Decimal(units).scaleb(-decimals, WIDE) < formatting.TINY
        return
    shown = Decimal(text.replace(",", ""))
    exact = Decimal(units).scaleb(-decimals, WIDE)  # exactly: the default context keeps only 28 digits
    assert shown <= exact  # rounded down
    digits = text.replace(",", "").replace(".", "").lstrip("0")
    assert len(digits) <= max(formatting.SIGNIFICANT, len(str(int(exact))))


def test_plain_amounts_for_input_keep_every_digit() -> None:
    assert formatting.plain(123_456_789_012_345_678_901, 18) == "123.456789012345678901"
    assert formatting.number(Decimal("1234.5678"), grouped=False) == "1234.56"
