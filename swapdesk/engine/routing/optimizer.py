"""The best assignment of P equal slices to independent routes.

`values[r][k]` is route r's output for k slices (k = 0..P). When a route's
marginal outputs never grow (concave values, the usual case for
constant-product and StableSwap pools), handing each slice to the route with
the best next marginal is exactly optimal and costs O(P log R). Integer
rounding can break concavity by a unit, and a route whose pool cannot take the
larger amounts (a V3 pool at the edge of its ticks) gives 0 from some slice on:
up to there it is concave, and the greedy, never going past that slice, stays
exact as long as the routes can take every slice. Otherwise the concave routes act as
one concave route (its best for k slices is the greedy's first k picks), and a
max-plus dynamic programme joins it with the few routes that are not concave:
exact, and O(m P^2) for m such routes, its inner loop in C.
"""

from __future__ import annotations

import heapq
from operator import add, sub


def _concave(row: list[int]) -> bool:
    steps = list(map(sub, row[1:], row))  # steps[k] = row[k+1] - row[k]
    # never growing: already in descending order (a sort that finds one run, in C: cheaper than a comparison each)
    return steps == sorted(steps, reverse=True)


def _cap(row: list[int]) -> int | None:
    """How many slices the greedy may hand a route: all of them when its values are concave; for values concave
    and never falling from a start at or above 0 up to the last one that is not 0, and 0 beyond it (a pool that
    cannot take more, as V3 pools at the edge of their ticks), that one's index; None for any other shape."""
    if _concave(row):
        return len(row) - 1
    last = len(row) - 1
    while last > 0 and row[last] == 0:
        last -= 1
    if last == len(row) - 1 or row[0] < 0 or (last and row[last] < row[last - 1]) or not _concave(row[: last + 1]):
        return None
    return last


def caps_of(values: list[list[int]], parts: int) -> list[int | None]:
    """Each route's cap (`_cap`) on `parts` slices: what `allocate` and `without_each` check the values by,
    computed once by a caller that asks both about the same values."""
    return [_cap(row[: parts + 1]) for row in values]


def allocate(values: list[list[int]], parts: int, caps: list[int | None] | None = None) -> list[int]:
    """Slices per route, summing to `parts`, maximising the summed output. `caps`: `caps_of(values, parts)`,
    when the caller has it."""
    rows = [row[: parts + 1] for row in values]
    if caps is None:
        caps = [_cap(row) for row in rows]
    known = _known(caps)
    if known is not None and sum(known) >= parts:
        # exact: an optimum never puts a slice beyond a route's cap (its values there are 0 and never-falling
        # values elsewhere have room for it), and up to the caps every route is concave
        return _counts(_picks(rows, parts, known), len(rows), parts)
    shapes = [cap == len(row) - 1 for cap, row in zip(caps, rows, strict=True)]
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


def _known(caps: list[int | None]) -> list[int] | None:
    """The caps when every route has one (`_cap`: its values are of a shape the greedy is exact on); else None."""
    known = [cap for cap in caps if cap is not None]
    return known if len(known) == len(caps) else None


def _picks(rows: list[list[int]], parts: int, caps: list[int] | None = None) -> list[int]:
    """The greedy's choices in order: each slice to the route whose next slice adds the most (up to its cap)."""
    limits = caps if caps is not None else [parts] * len(rows)
    taken = [0] * len(rows)
    heap = [(-(row[1] - row[0]), r) for r, row in enumerate(rows) if limits[r] > 0]
    heapq.heapify(heap)
    picks = []
    for _ in range(parts):
        _, r = heapq.heappop(heap)
        picks.append(r)
        taken[r] += 1
        k = taken[r]
        if k < limits[r]:
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


def threshold(rows: list[list[int]], slices: list[int], caps: list[int | None]) -> int | None:
    """The smallest marginal `slices` takes, when every route is concave up to its cap, that marginal is above
    0 and above every next slice on offer (strictly): then `slices` is the only optimum, and a route outside
    `rows` whose k slices give less than k times it could change nothing (`pruning.py`). None otherwise."""
    lowest: int | None = None
    offered = 0
    for row, k, cap in zip(rows, slices, caps, strict=True):
        if cap is None or k > cap:
            return None
        if k:
            taken = row[k] - row[k - 1]
            lowest = taken if lowest is None else min(lowest, taken)
        if k < cap:
            offered = max(offered, row[k + 1] - row[k])
    return lowest if lowest is not None and lowest > 0 and offered < lowest else None


def without_each(
    values: list[list[int]], slices: list[int], parts: int, caps: list[int | None] | None = None
) -> tuple[list[int | None], list[int]] | None:
    """For each route that `slices` uses, the best the others give with all the slices, that route's values
    taken as 0 (as `allocate` would find it again without the route); None for the routes it leaves unused.

    `slices` must be an optimum of `rows` (`allocate`'s). When every route is concave up to its cap, that
    optimum is a threshold: no slice taken adds less than any next slice on offer. Then so is what the
    optimum leaves to the others, and the others' best with r's k slices more is it plus the k largest next
    slices on offer among them (0 when none adds more: r's slots, now 0, take them), in one merged stream for
    all r: O(P log R) for every route at once instead of an allocation each. None when that shape or
    threshold does not hold (the caller allocates again route by route). `caps`: `caps_of(values, parts)`, when
    the caller has it. Beside the figures, for each route used in order, the smallest marginal that the others'
    best takes (0 when some of its slices add nothing): what a route outside `values` must stay below."""
    rows = [row[: parts + 1] for row in values]
    known = _known(caps if caps is not None else [_cap(row) for row in rows])
    if known is None:
        return None
    lowest_taken: int | None = None
    offered: list[tuple[int, int, int]] = []  # (-next marginal, route, slices it would then have)
    for r, (row, k, cap) in enumerate(zip(rows, slices, known, strict=True)):
        if k > cap:
            return None
        if k:
            taken = row[k] - row[k - 1]
            lowest_taken = taken if lowest_taken is None else min(lowest_taken, taken)
        if k < cap and row[k + 1] - row[k] > 0:
            offered.append((row[k] - row[k + 1], r, k + 1))
    if lowest_taken is None:
        return [None] * len(rows), []
    heapq.heapify(offered)
    if lowest_taken < 0 or (offered and -offered[0][0] > lowest_taken):
        return None
    # the merged stream of positive next marginals, the largest first: route r's k slices need k of the others'
    # and at most P - k of r itself come before them
    stream: list[tuple[int, int]] = []
    while offered and len(stream) < parts:
        negative, r, k = heapq.heappop(offered)
        stream.append((-negative, r))
        if k < known[r] and rows[r][k + 1] - rows[r][k] > 0:
            heapq.heappush(offered, (rows[r][k] - rows[r][k + 1], r, k + 1))
    total = sum(row[k] for row, k in zip(rows, slices, strict=True))
    best: list[int | None] = []
    floors = []  # per route used: the smallest marginal its others' best takes (0: some slices add nothing)
    for r, k in enumerate(slices):
        if not k:
            best.append(None)
            continue
        gives, wanted, smallest = total - rows[r][k], k, lowest_taken
        for marginal, n in stream:
            if not wanted:
                break
            if n != r:
                gives += marginal
                wanted -= 1
                smallest = min(smallest, marginal)
        best.append(gives)
        floors.append(0 if wanted else smallest)
    return best, floors
