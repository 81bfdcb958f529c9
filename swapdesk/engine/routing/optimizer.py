"""The best assignment of P equal slices to independent routes.

`values[r][k]` is route r's output for k slices (k = 0..P). A max-plus
dynamic programme over routes gives the exact optimum on that grid; the inner
loop runs in C (map/max over big ints), which keeps P=100 with 20 routes fast.
"""

from __future__ import annotations

from operator import add


def allocate(values: list[list[int]], parts: int) -> list[int]:
    """Slices per route, summing to `parts`, maximising the summed output."""
    best = values[0][: parts + 1]
    tables = [best]
    for route_values in values[1:]:
        row = route_values[: parts + 1]
        best = [max(map(add, reversed(best[: k + 1]), row)) for k in range(parts + 1)]
        tables.append(best)
    # walk back: find the slices of each route that reach each table's optimum
    slices = [0] * len(values)
    remaining = parts
    for r in range(len(values) - 1, 0, -1):
        previous, row, target = tables[r - 1], values[r], tables[r][remaining]
        for k in range(remaining + 1):
            if previous[remaining - k] + row[k] == target:
                slices[r] = k
                remaining -= k
                break
    slices[0] = remaining
    return slices
