"""The gas weighing: the routes of a split whose gas costs more than they add, left out one at a time (as
OneSplit weighed its DEXes).

Dropping a route re-allocates its slices exactly among the others; what the others give without each route used
comes from one merged pass over the optimum's next slices (`optimizer.without_each`) where the routes' shapes
allow it, from an allocation per route otherwise: the same figures either way. Beside the split, the weighing
says the smallest marginal taken in every optimum it found, which `pruning.py` checks unvalued routes against.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from swapdesk.engine.routing.optimizer import allocate, caps_of, threshold, without_each


def worth_their_gas(
    values: list[list[int]],
    slices: list[int],
    parts: int,
    costs: Callable[[int], Fraction],
    caps: list[int | None] | None = None,
) -> tuple[list[int], list[tuple[int, int]], int | None]:
    """The split with, one at a time, the route dropped whose gas costs the most more than it adds (what the
    split gives without it, its slices shared out again exactly among the others), until none does; the
    routes dropped, with their gas cost in the token bought (`costs(r)`: route r's gas in it); and the smallest
    marginal taken in every optimum it found (the first, the others' without each route weighed, the one after
    each route dropped) when each was a strict threshold (`optimizer.threshold`), None otherwise: a route not in
    `values` that gives less could change none of them (pruning.py). What the others give without each route
    comes from one merged pass over the optimum's next slices (`without_each`) where the routes' shapes allow
    it, from an allocation per route otherwise: the same figures either way. `caps`: `caps_of(values, parts)`,
    when the caller has it."""
    dropped: list[tuple[int, int]] = []
    nothing = [0] * (parts + 1)
    rows = list(values)
    shape = list(caps) if caps is not None else caps_of(values, parts)
    out = sum(rows[r][k] for r, k in enumerate(slices))
    floor = threshold(rows, slices, shape)
    while sum(1 for k in slices if k) > 1:
        # a route left out is not weighed again: were every other route full, a slice could land on its 0s
        weighed = [r for r, k in enumerate(slices) if k and rows[r] is not nothing and costs(r)]
        if not weighed:
            break
        found = without_each(rows, slices, parts, shape)
        if found is None:
            floor = None
        elif floor is not None:
            floor = min([floor, *found[1]])  # every route used: the weighed are among them
        best: tuple[Fraction, int] | None = None
        for r in weighed:
            gives = found[0][r] if found is not None else _best_without(rows, r, parts, nothing, shape)
            assert gives is not None, "a weighed route is used: `without_each` has its figure"
            cost, made = costs(r), out - gives  # its gas, and what its slices made
            if cost.numerator <= made * cost.denominator:  # saves nothing: no Fraction arithmetic for it
                continue
            saved = cost - made
            if best is None or saved > best[0]:
                best = (saved, r)
        if best is None:
            break
        r = best[1]
        rows[r], shape[r] = nothing, parts  # 0 for every slice: concave, the greedy may go up to all of them
        slices = allocate(rows, parts, shape)
        out = sum(rows[n][k] for n, k in enumerate(slices))
        dropped.append((r, _ceil(costs(r))))
        after = threshold(rows, slices, shape)
        floor = None if floor is None or after is None else min(floor, after)
    return slices, dropped, floor


def _best_without(rows: list[list[int]], r: int, parts: int, nothing: list[int], caps: list[int | None]) -> int:
    others = [nothing if n == r else row for n, row in enumerate(rows)]
    shape = [parts if n == r else cap for n, cap in enumerate(caps)]
    return sum(others[n][m] for n, m in enumerate(allocate(others, parts, shape)))


def _ceil(value: Fraction) -> int:
    return -(-value.numerator // value.denominator)
