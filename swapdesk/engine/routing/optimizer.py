"""The best assignment of P equal slices to independent routes.

`values[r][k]` is route r's output for k slices (k = 0..P). When a route's
marginal outputs never grow (concave values, the usual case for
constant-product and StableSwap pools), handing each slice to the route with
the best next marginal is exactly optimal and costs O(P log R). Integer
rounding can break concavity by a unit. The concave routes then still act as
one concave route (its best for k slices is the greedy's first k picks), and a
max-plus dynamic programme joins it with the few routes that are not concave:
exact, and O(m P^2) for m such routes, its inner loop in C.
"""

from __future__ import annotations

import heapq
from operator import add, ge, sub


def _concave(row: list[int]) -> bool:
    steps = list(map(sub, row[1:], row))  # steps[k] = row[k+1] - row[k]
    return all(map(ge, steps, steps[1:]))


def allocate(values: list[list[int]], parts: int) -> list[int]:
    """Slices per route, summing to `parts`, maximising the summed output."""
    rows = [row[: parts + 1] for row in values]
    shapes = [_concave(row) for row in rows]
    if all(shapes):
        return _counts(_picks(rows, parts), len(rows), parts)
    concave = [r for r, smooth in enumerate(shapes) if smooth]
    rugged = [r for r, smooth in enumerate(shapes) if not smooth]
    slices = [0] * len(rows)
    if not concave:
        for r, k in zip(rugged, dynamic([rows[r] for r in rugged], parts), strict=True):
            slices[r] = k
        return slices
    # the concave routes as one: k slices give the sum of the greedy's first k marginals
    group_rows = [rows[r] for r in concave]
    picks = _picks(group_rows, parts)
    group = [sum(row[0] for row in group_rows)]
    taken = [0] * len(group_rows)
    for g in picks:
        taken[g] += 1
        group.append(group[-1] + group_rows[g][taken[g]] - group_rows[g][taken[g] - 1])
    group_slices, *rugged_slices = dynamic([group, *(rows[r] for r in rugged)], parts)
    for r, k in zip(concave, _counts(picks, len(concave), group_slices), strict=True):
        slices[r] = k
    for r, k in zip(rugged, rugged_slices, strict=True):
        slices[r] = k
    return slices


def _picks(rows: list[list[int]], parts: int) -> list[int]:
    """The greedy's choices in order: each slice to the route whose next slice adds the most."""
    taken = [0] * len(rows)
    heap = [(-(row[1] - row[0]), r) for r, row in enumerate(rows)]
    heapq.heapify(heap)
    picks = []
    for _ in range(parts):
        _, r = heapq.heappop(heap)
        picks.append(r)
        taken[r] += 1
        k = taken[r]
        if k < parts:
            heapq.heappush(heap, (-(rows[r][k + 1] - rows[r][k]), r))
    return picks


def _counts(picks: list[int], routes: int, first: int) -> list[int]:
    slices = [0] * routes
    for r in picks[:first]:
        slices[r] += 1
    return slices


def dynamic(rows: list[list[int]], parts: int) -> list[int]:
    """The exact optimum for any values, concave or not (the reference)."""
    best = rows[0]
    tables = [best]
    for row in rows[1:]:
        best = [max(map(add, reversed(best[: k + 1]), row)) for k in range(parts + 1)]
        tables.append(best)
    # walk back: find the slices of each route that reach each table's optimum
    slices = [0] * len(rows)
    remaining = parts
    for r in range(len(rows) - 1, 0, -1):
        previous, row, target = tables[r - 1], rows[r], tables[r][remaining]
        for k in range(remaining + 1):
            if previous[remaining - k] + row[k] == target:
                slices[r] = k
                remaining -= k
                break
    slices[0] = remaining
    return slices
