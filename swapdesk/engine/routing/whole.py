"""One quote's whole-amount outputs: what a hop gives for what reaches it when a route takes the whole amount.

The candidates, each source's listing and the final check of the answer all ask what a route gives for the
whole amount, and many of them share a hop (every route through a connector starts on one of its first hops):
each hop's output is computed once, and kept by its pool for the next quotes (`gives`).

The best pair of hops through a connector is found without trying every pair: a hop gives more for more in, up
to what its pool can take (then nothing), so a second hop's best first hop is the one that gives the most that
the second hop can still take (`best_pair`).
"""

from __future__ import annotations

from swapdesk.engine.routing.pool import Pool

KEPT = 64  # per pool: the outputs it keeps for single amounts (the next quotes of a block ask the same)


class Wholes:
    def __init__(self, pools: dict[str, Pool], used: int) -> None:
        self.pools = pools
        self.used = used

    def gives(self, pool: str, token_in: str, token_out: str, amount: int) -> int:
        """The pool's output for `amount`: 0 for nothing in, or where the pool cannot take it. A pool keeps its
        last outputs (pools are immutable: they hold while its state does, as its grids do in `routes.py`)."""
        model = self.pools[pool]
        kept = getattr(model, "__dict__", None)
        if kept is None:  # a model without an instance dictionary keeps nothing
            return hop_output(model, token_in, token_out, amount)
        outputs: dict[tuple[str, str, int], int] = kept.setdefault("_wholes", {})
        key = (token_in, token_out, amount)
        found = outputs.get(key)
        if found is None:
            if len(outputs) >= KEPT:
                outputs.clear()
            found = outputs[key] = hop_output(model, token_in, token_out, amount)
        return found

    def best_pair(
        self, src: str, x: str, dst: str, firsts: list[str], seconds: list[str]
    ) -> tuple[int, str, str] | None:
        """(output, first, second): the pair of a first hop src -> x and a second hop x -> dst whose route gives
        the most for the whole amount (ties to the smaller addresses); None when no pair gives anything."""
        into = sorted(((self.gives(p, src, x, self.used), p) for p in firsts), key=lambda fp: (-fp[0], fp[1]))
        best: tuple[int, str, str] | None = None
        for q in sorted(seconds):
            for through, p in into:
                if through == 0:
                    break
                if p == q:  # a pool of three coins, src, x and dst: not twice in one route
                    continue
                out = self.gives(q, x, dst, through)
                if out > 0:  # the most this second hop can give: less in gives no more
                    if best is None or (-out, p, q) < (-best[0], best[1], best[2]):
                        best = (out, p, q)
                    break
        return best


def hop_output(pool: Pool, token_in: str, token_out: str, amount: int) -> int:
    """One hop's output: 0 for nothing in, or where the pool cannot take the amount."""
    if amount == 0:
        return 0
    try:
        return pool.amount_out(token_in, token_out, amount)
    except (ValueError, ZeroDivisionError):
        return 0
