import pytest
from hypothesis import given
from hypothesis import strategies as st

from swapdesk.units import BadAmount, to_human, to_units


@pytest.mark.parametrize(
    ("text", "decimals", "units"), [("1", 6, 10**6), ("0.25", 18, 25 * 10**16), (".5", 1, 5), ("7.", 0, 7)]
)
def test_to_units(text: str, decimals: int, units: int) -> None:
    assert to_units(text, decimals) == units


@pytest.mark.parametrize("text", ["", "-1", "+1", "1e3", "1,000", "1_000", " 1", "1.2.3", "NaN", "Infinity", "١"])
def test_refused(text: str) -> None:
    with pytest.raises(BadAmount):
        to_units(text, 18)


def test_excess_precision_is_refused_not_rounded() -> None:
    with pytest.raises(BadAmount, match="more than 6 decimal places"):
        to_units("1.0000001", 6)


@given(st.integers(0, 2**256 - 1), st.integers(0, 36))
def test_round_trip(units: int, decimals: int) -> None:
    assert to_units(to_human(units, decimals), decimals) == units


def test_percent_to_basis_points_is_exact() -> None:
    from swapdesk.units import percent_to_bps

    assert [percent_to_bps(t) for t in ("0.5", "0.01", "1", "100", " 3 %", "0")] == [50, 1, 100, 10_000, 300, 0]
    for bad in ("0.001", "100.01", "-1", "1e2", "half", ""):
        with pytest.raises(BadAmount):
            percent_to_bps(bad)
