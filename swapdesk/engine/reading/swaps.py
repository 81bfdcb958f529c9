"""A swap read from what it did, with no router's code: the pools that swapped say which tokens the route took in
and paid out (a token some pool took that no pool paid is the route's input; one some pool paid that no pool took,
its output); the net flows say who paid how much of the input and who got how much of the output. The wrapped coin
and the coin are one asset to a trader. Where no pool's swap event is recognised, the counterparties are the
addresses that gained one asset and lost another.

swapdesk's router also says what it did (`Swapped`, trusted only from the catalogue's router): its channel, its
minimum, and its amount out where the flows cannot tell it (the coin paid out on a node that keeps no past state);
it must agree with the flows, and where it does not, the flows are shown and the disagreement said.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from swapdesk.engine.reading.flows import NATIVE, Flows, equivalent
from swapdesk.engine.reading.mined import Mined
from swapdesk.engine.reading.pools import PoolSwap


@dataclass
class SwapView:
    token_in: str
    amount_in: int
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
    mined: Mined, flows: Flows, swaps: list[PoolSwap], wrapped: str, recipient: str | None, names: dict[str, str]
) -> SwapView | None:
    """The swap the transaction made; None when it made none. `recipient`: who the call asked to be paid."""

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
    paid = [(a, -v) for a, v in flows.of(trader).items() if v < 0 and eq(a) in route_in]
    if paid:
        token_in, amount_in = paid[0]
    else:  # paid before (a transfer to a pair, then its swap): what the pools counted in
        first = next(s for s in swaps if eq(s.token_in) == route_in[0]) if swaps else None
        if first is None:
            return None
        token_in = first.token_in
        amount_in = sum(s.amount_in for s in swaps if s.token_in == token_in and eq(s.token_out) not in route_in)
    skip = {*pools, mined.to, NATIVE, wrapped}
    got = [
        (holder, a, v)
        for holder, assets in flows.net.items()
        if holder not in skip or holder == trader
        for a, v in assets.items()
        if v > 0 and eq(a) in route_out
    ]
    mine = [g for g in got if g[0] == trader]
    best = mine or sorted((g for g in got if eq(g[1]) == route_out[0]), key=lambda g: -g[2])
    if best:
        receiver, token_out, amount_out = best[0]
        amount: int | None = amount_out
    elif route_out[0] == NATIVE:  # the coin paid out, where this node cannot say how much
        receiver, token_out, amount = recipient or trader, NATIVE, None
        if flows.knows_native(receiver):
            return None  # known to have received nothing: not its swap
    else:
        return None
    return SwapView(
        token_in=token_in, amount_in=amount_in, token_out=token_out, amount_out=amount, sender=trader,
        receiver=receiver, pools=pools, names=list(dict.fromkeys(shown[p] for p in pools)),
    )  # fmt: skip


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
