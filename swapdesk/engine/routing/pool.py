"""What the engine asks of any pool, whatever its kind: the interface between the pool kinds (one folder each:
uniswap_v2, uniswap_v3, stableswap) and the routes, the split and the price impact.

Models are immutable: `swap` returns the output and the pool as it is after the trade, so a split can be valued
in the order the chain will execute it. `amounts_out` values many amounts at once (the optimiser's grid): the
same arithmetic, with what depends only on the pool's state computed once. `marginal` is the exact rate of a
vanishingly small trade, the pool's fee included: the reference that price impact is measured against. A pool
that cannot take an amount raises ValueError (`amounts_out` answers 0 there).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Protocol


class Pool(Protocol):
    @property
    def address(self) -> str: ...
    @property
    def source(self) -> str: ...

    def tokens(self) -> tuple[str, ...]: ...
    def amount_out(self, token_in: str, token_out: str, amount_in: int) -> int: ...
    def amounts_out(self, token_in: str, token_out: str, amounts: list[int]) -> list[int]:
        """`amount_out` of each amount, 0 where the pool cannot take it (and for 0)."""
        ...

    def swap(self, token_in: str, token_out: str, amount_in: int) -> tuple[int, Pool]: ...
    def marginal(self, token_in: str, token_out: str) -> Fraction: ...
    def gas(self, token_in: str, token_out: str, amount_in: int) -> int:
        """What one hop through the pool costs in gas inside swapdesk's router, measured on the devnet's routers
        (eth_estimateGas of routes of each kind): an estimate, to weigh a route's network fee against what it
        adds. For 0 it is the least the hop costs for any amount."""
        ...
