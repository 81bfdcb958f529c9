"""Curve StableSwap pools as their contracts compute them: the math (`math`), the pool at a block (`pool`)
and what its logs say (`events`)."""

from __future__ import annotations

from swapdesk.engine.routing.stableswap.events import ADD_LIQUIDITY, TOKEN_EXCHANGE, applied
from swapdesk.engine.routing.stableswap.math import CLASSIC, LATER, NG, Reverted, Variant
from swapdesk.engine.routing.stableswap.meta import MetaPool
from swapdesk.engine.routing.stableswap.pool import StablePool, plain_rates

__all__ = [
    "ADD_LIQUIDITY",
    "CLASSIC",
    "LATER",
    "NG",
    "TOKEN_EXCHANGE",
    "MetaPool",
    "Reverted",
    "StablePool",
    "Variant",
    "applied",
    "plain_rates",
]
