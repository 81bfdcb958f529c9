"""The best assignment of P equal slices to independent routes.

`values[r][k]` is route r's output for k slices (k = 0..P). When every
route's marginal outputs never grow (concave values, the usual case for
constant-product and StableSwap pools), handing each slice to the route with
the best next marginal is exactly optimal and costs O(P log R). Integer
rounding can break concavity by a unit; then a max-plus dynamic programme over
routes gives the exact optimum (O(R P^2), its inner loop in C).
"""

from __future__ import annotations

import heapq
from operator import add


def _concave(row: list[int]) -> bool:
    return all(row[k + 1] - row[k] <= row[k] - row[k - 1] for k in range(1, len(row) - 1))


def allocate(values: list[list[int]], parts: int) -> list[int]:
    """Slices per route, summing to `parts`, maximising the summed output."""
    rows = [row[: parts + 1] for row in values]
    if all(_concave(row) for row in rows):
        return _greedy(rows, parts)
    return dynamic(rows, parts)


def _greedy(rows: list[list[int]], parts: int) -> list[int]:
    slices = [0] * len(rows)
    heap = [(-(row[1] - row[0]), r) for r, row in enumerate(rows)]
    heapq.heapify(heap)
    for _ in range(parts):
        _, r = heapq.heappop(heap)
        slices[r] += 1
        k = slices[r]
        if k < parts:
            heapq.heappush(heap, (-(rows[r][k + 1] - rows[r][k]), r))
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
