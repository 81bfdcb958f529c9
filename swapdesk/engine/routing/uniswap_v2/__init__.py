"""Uniswap-V2-style pairs: the math (pool.py) and reading them from a chain (chain.py)."""

from __future__ import annotations

from swapdesk.engine.routing.uniswap_v2.pool import V2Pool

__all__ = ["V2Pool"]
