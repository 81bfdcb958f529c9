"""The optimiser is exactly optimal on the grid: checked against exhaustive search."""

from __future__ import annotations

import itertools
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from swapdesk.engine.routing.gas_weighing import worth_their_gas as _worth_their_gas
from swapdesk.engine.routing.optimizer import _cap, allocate, without_each


def _exhaustive(values: list[list[int]], parts: int) -> int:
    return max(
        sum(row[k] for row, k in zip(values, combo, strict=True))
        for combo in itertools.product(range(parts + 1), repeat=len(values))
        if sum(combo) == parts
    )


def _check(values: list[list[int]], parts: int) -> None:
    slices = allocate(values, parts)
    assert sum(slices) == parts and all(k >= 0 for k in slices)
    assert sum(row[k] for row, k in zip(values, slices, strict=True)) == _exhaustive(values, parts)


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_arbitrary_values(data: st.DataObject) -> None:
    """Monotone but otherwise arbitrary outputs (the dynamic-programme path)."""
    parts = data.draw(st.integers(1, 7))
    routes = data.draw(st.integers(1, 4))
    values = [
        [0, *sorted(data.draw(st.lists(st.integers(0, 10**6), min_size=parts, max_size=parts)))] for _ in range(routes)
    ]
    _check(values, parts)


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_concave_values(data: st.DataObject) -> None:
    """Diminishing returns, like real pools (the greedy path), ties included."""
    parts = data.draw(st.integers(1, 7))
    routes = data.draw(st.integers(1, 4))
    values = []
    for _ in range(routes):
        steps = sorted(data.draw(st.lists(st.integers(0, 50), min_size=parts, max_size=parts)), reverse=True)
        values.append([sum(steps[:k]) for k in range(parts + 1)])
    _check(values, parts)


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_concave_routes_beside_rugged_ones(data: st.DataObject) -> None:
    """Concave routes (joined into one by the greedy) beside routes that rounding made not concave."""
    parts = data.draw(st.integers(1, 6))
    values = []
    for _ in range(data.draw(st.integers(1, 3))):
        steps = sorted(data.draw(st.lists(st.integers(0, 50), min_size=parts, max_size=parts)), reverse=True)
        values.append([sum(steps[:k]) for k in range(parts + 1)])
    for _ in range(data.draw(st.integers(1, 2))):
        steps = data.draw(st.lists(st.integers(0, 50), min_size=parts, max_size=parts))  # any shape
        values.append([sum(steps[:k]) for k in range(parts + 1)])
    order = data.draw(st.permutations(range(len(values))))
    _check([values[i] for i in order], parts)


def _concave_row(data: st.DataObject, parts: int, cliff: bool) -> list[int]:
    """A concave, never-falling row; with `cliff`, 0 from some slice on (a pool that cannot take more)."""
    steps = sorted(data.draw(st.lists(st.integers(0, 50), min_size=parts, max_size=parts)), reverse=True)
    row = [sum(steps[:k]) for k in range(parts + 1)]
    if cliff:
        edge = data.draw(st.integers(1, parts))
        row = row[:edge] + [0] * (parts + 1 - edge)
    return row


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_routes_that_cannot_take_more(data: st.DataObject) -> None:
    """Concave routes that give 0 past what their pools can take (the greedy up to each one's cap), beside
    concave ones and, at times, one of any shape."""
    parts = data.draw(st.integers(1, 6))
    values = [_concave_row(data, parts, data.draw(st.booleans())) for _ in range(data.draw(st.integers(1, 4)))]
    if data.draw(st.booleans()):
        steps = data.draw(st.lists(st.integers(0, 50), min_size=parts, max_size=parts))
        values.append([sum(steps[:k]) for k in range(parts + 1)])
    _check(values, parts)


def _without_each(values: list[list[int]], slices: list[int], parts: int) -> list[int | None]:
    """The reference: an allocation again for each route left out."""
    best: list[int | None] = []
    for r, k in enumerate(slices):
        others = [[0] * (parts + 1) if n == r else row for n, row in enumerate(values)]
        best.append(sum(row[m] for row, m in zip(others, allocate(others, parts), strict=True)) if k else None)
    return best


@settings(max_examples=400, deadline=None)
@given(st.data())
def test_best_without_each_route_in_one_pass(data: st.DataObject) -> None:
    parts = data.draw(st.integers(1, 7))
    values = [_concave_row(data, parts, data.draw(st.booleans())) for _ in range(data.draw(st.integers(1, 5)))]
    values += [[0] * (parts + 1)] * data.draw(st.integers(0, 2))  # routes already left out
    slices = allocate(values, parts)
    found = without_each(values, slices, parts)
    merged = None if found is None else found[0]
    caps = [cap for row in values if (cap := _cap(row)) is not None]
    assert len(caps) == len(values)
    rising = all(row[k + 1] >= row[k] for row, cap in zip(values, caps, strict=True) for k in range(cap))
    if rising and sum(caps) >= parts:
        assert merged is not None  # the shapes it is for: it answers
    if merged is not None:
        assert merged == _without_each(values, slices, parts)


def _worth_their_gas_reference(
    values: list[list[int]], slices: list[int], parts: int, costs: list[Fraction]
) -> tuple[list[int], list[tuple[int, int]]]:
    """The rule as first written: every route left out in turn, the whole allocation again each time."""
    dropped: list[tuple[int, int]] = []
    nothing = [0] * (parts + 1)
    rows = list(values)
    out = sum(rows[r][k] for r, k in enumerate(slices))
    while sum(1 for k in slices if k) > 1:
        best: tuple[Fraction, int, list[int], int] | None = None
        for r, k in enumerate(slices):
            if not k or rows[r] is nothing or not costs[r]:  # as first written, less a loop that never ended
                continue
            others = [nothing if n == r else row for n, row in enumerate(rows)]
            without = allocate(others, parts)
            gives = sum(others[n][m] for n, m in enumerate(without))
            saved = costs[r] - (out - gives)
            if saved > 0 and (best is None or saved > best[0]):
                best = (saved, r, without, gives)
        if best is None:
            break
        _, r, slices, out = best
        rows[r] = nothing
        dropped.append((r, -(-costs[r].numerator // costs[r].denominator)))
    return slices, dropped


@settings(max_examples=400, deadline=None)
@given(st.data())
def test_gas_weighing_equals_the_rule_as_first_written(data: st.DataObject) -> None:
    """Routes concave, capped or of any shape, gas costs around what their slices add: the same routes left
    out, in the same order, and the same split of what is left."""
    parts = data.draw(st.integers(1, 7))
    values = [_concave_row(data, parts, data.draw(st.booleans())) for _ in range(data.draw(st.integers(1, 5)))]
    if data.draw(st.booleans()):
        steps = data.draw(st.lists(st.integers(0, 50), min_size=parts, max_size=parts))
        values.append([sum(steps[:k]) for k in range(parts + 1)])
    costs = [Fraction(data.draw(st.integers(0, 120)), data.draw(st.integers(1, 3))) for _ in values]
    slices = allocate(values, parts)
    assert _worth_their_gas(values, slices, parts, costs.__getitem__)[:2] == _worth_their_gas_reference(
        values, slices, parts, costs
    )
