"""The optimiser is exactly optimal on the grid: checked against exhaustive search."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from swapdesk.engine.routing.optimizer import allocate


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
