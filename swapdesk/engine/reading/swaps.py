"""A swap read from what it did, with no router's code. The pools that swapped (or, where no pool's swap event is
recognised, the addresses that gained one asset and lost another) say that it swapped and what the route took in
and paid out; the sender's own net flows say what it paid, and the flows of whom the call names to be paid (else
the sender) what it got. Another holder of the output (a router's fee recipient) is the receiver only where
neither got any. The wrapped coin and the coin are one asset to a trader.

The coin paid back inside the transaction (a refund of what the route did not use) leaves no log: where the node
traces, the flows hold it; elsewhere what the router itself wrapped, less what it unwrapped, is what the sender
paid where the call has the router send the rest back (`Asked.refunds`), and is said to be unknown otherwise.

swapdesk's router also says what it did (`Swapped`, trusted only from the catalogue's router): its channel, its
minimum, and its amount out where the flows cannot tell it (the coin paid out on a node that keeps no past state);
it must agree with the flows, and where it does not, the flows are shown and the disagreement said.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from swapdesk.engine.reading.fetch import Mined
from swapdesk.engine.reading.flows import NATIVE, Flows, equivalent, wrapped_at
from swapdesk.engine.reading.pools import PoolSwap
from swapdesk.engine.reading.swap_terms import Asked


@dataclass
class SwapView:
    token_in: str
    amount_in: int | None  # None: the coin sent back, which this node cannot tell
    token_out: str
    amount_out: int | None  # None: the coin paid out, which this node cannot tell
    sender: str
    receiver: str
    pools: list[str]  # each pool (or counterparty) in the order it swapped
    names: list[str]  # their DEXs' names, each once
    minimum: int | None = None
    channel: str = ""
    disagreement: str = ""
    said: dict[str, Any] = field(default_factory=dict)  # the router's Swapped event, when it agreed


def read_swap(
    mined: Mined, flows: Flows, swaps: list[PoolSwap], wrapped: str, asked: Asked | None, names: dict[str, str]
) -> SwapView | None:
    """The swap the transaction made; None when it made none. `asked`: what its call asked, where it is known."""

    def eq(asset: str) -> str:
        return equivalent(asset, wrapped)

    pools = list(dict.fromkeys(s.pool for s in swaps))
    took = [eq(s.token_in) for s in swaps]
    paid_out = [eq(s.token_out) for s in swaps]
    route_in = [a for a in dict.fromkeys(took) if a not in paid_out]
    route_out = [a for a in dict.fromkeys(reversed(paid_out)) if a not in took]
    shown = {s.pool: s.name for s in swaps}
    if not swaps:
        pools, route_in, route_out = _counterparties(mined, flows, wrapped)
        shown = {p: names.get(p, p) for p in pools}
    if not route_in or not route_out:
        return None
    trader = mined.sender
    named = asked.recipient if asked is not None and asked.recipient not in (None, mined.to) else None
    paying = _pick([(a, -v) for a, v in flows.of(trader).items() if v < 0], route_in, eq)
    if paying is not None:
        token_in, amount_in = paying
    else:  # paid before (a transfer to a pair, then its swap): what the pools counted in
        first = next((s for s in swaps if eq(s.token_in) == route_in[0]), None)
        if first is None:
            return None
        token_in = first.token_in
        amount_in = sum(s.amount_in for s in swaps if s.token_in == token_in and eq(s.token_out) not in route_in)
    amount: int | None = amount_in
    if token_in == NATIVE and not flows.knows_native(trader):
        amount = _coin_paid(mined, wrapped, asked)
    out = _received(mined, flows, eq, named or trader, token_in, route_out, pools)
    if out is None:
        return None
    receiver, token_out, amount_out = out
    return SwapView(
        token_in=token_in, amount_in=amount, token_out=token_out, amount_out=amount_out, sender=trader,
        receiver=receiver, pools=pools, names=list(dict.fromkeys(shown[p] for p in pools)),
    )  # fmt: skip


def _pick(candidates: list[tuple[str, int]], route: list[str], eq: Any) -> tuple[str, int] | None:
    """The one asset of `candidates` on the route (or the only one)."""
    on_route = [c for c in candidates if eq(c[0]) in route]
    if len(on_route) == 1 or (on_route and len(candidates) == len(on_route)):
        return on_route[0]
    return candidates[0] if len(candidates) == 1 else None


def _coin_paid(mined: Mined, wrapped: str, asked: Asked | None) -> int | None:
    """What the sender paid of the coin it sent, where the node does not trace what came back: all of it, where
    the router wrapped all of it or none itself; what it wrapped less what it unwrapped, where the call has it send
    the rest back; unknown otherwise."""
    kept = wrapped_at(mined, wrapped, mined.to or "")
    if kept is None or kept >= mined.value:
        return mined.value
    return kept if asked is not None and asked.refunds else None


def _received(
    mined: Mined, flows: Flows, eq: Any, receiver: str, token_in: str, route_out: list[str], pools: list[str]
) -> tuple[str, str, int | None] | None:
    """(receiver, token out, amount): what the receiver got; the coin it got where the node cannot say how much;
    another holder of the output only where the receiver got none of it."""
    got = [(a, v) for a, v in flows.of(receiver).items() if v > 0 and eq(a) != eq(token_in)]
    mine = _pick(got, route_out, eq)
    if mine is not None:
        return receiver, mine[0], mine[1]
    if route_out[0] == NATIVE and not flows.knows_native(receiver):
        return receiver, NATIVE, None  # the coin paid out, where this node cannot say how much
    if route_out[0] == NATIVE:
        return None  # known to have received nothing: not its swap
    skip = {*pools, mined.to, NATIVE}
    others = sorted(
        ((h, a, v) for h, assets in flows.net.items() if h not in skip for a, v in assets.items() if v > 0
         and eq(a) == route_out[0] and h != mined.sender),
        key=lambda g: -g[2],
    )  # fmt: skip
    return others[0] if others else None


def _counterparties(mined: Mined, flows: Flows, wrapped: str) -> tuple[list[str], list[str], list[str]]:
    """Who traded with the sender when no pool's event says: addresses that gained one asset and lost another."""
    skip = {mined.sender, mined.to, NATIVE, wrapped}
    found, took, gave = [], [], []
    for holder, assets in flows.net.items():
        if holder in skip:
            continue
        gains = [equivalent(a, wrapped) for a, v in assets.items() if v > 0]
        losses = [equivalent(a, wrapped) for a, v in assets.items() if v < 0]
        if gains and losses and set(gains) != set(losses):
            found.append(holder)
            took += gains
            gave += losses
    return found, [a for a in dict.fromkeys(took) if a not in gave], [a for a in dict.fromkeys(gave) if a not in took]


def check_swapped(view: SwapView, said: dict[str, Any], wrapped: str) -> None:
    """swapdesk's router's own account of the swap, checked against the flows; its channel and minimum taken."""
    view.channel, view.minimum = str(said["channel"]), int(said["minReturn"])

    def eq(asset: str) -> str:
        return equivalent(asset, wrapped)

    differences = []
    if view.amount_in is None and eq(said["srcToken"]) == eq(view.token_in):
        view.amount_in = int(said["amountIn"])  # the router says what of the coin it took
    if eq(said["srcToken"]) != eq(view.token_in) or said["amountIn"] != view.amount_in:
        differences.append(f"it took {said['amountIn']} of {said['srcToken']}, the transfers {view.amount_in}")
    if eq(said["dstToken"]) != eq(view.token_out):
        differences.append(f"it paid {said['dstToken']}, the transfers {view.token_out}")
    elif view.amount_out is None:
        view.amount_out = int(said["amountOut"])  # the router says what the coin it paid out was
    elif said["amountOut"] != view.amount_out:
        differences.append(f"it paid {said['amountOut']}, the transfers {view.amount_out}")
    if differences:
        view.disagreement = "the router's Swapped event disagrees with the transfers: " + "; ".join(differences)
    else:
        view.said = said
