"""Uniswap V3 pools, modelled exactly: the core contracts' integer math and swap loop, to the wei."""

from __future__ import annotations

from swapdesk.engine.routing.uniswap_v3.math import (
    MAX_SQRT_RATIO,
    MAX_TICK,
    MIN_SQRT_RATIO,
    MIN_TICK,
    Revert,
    add_delta,
    compute_swap_step,
    get_amount0_delta,
    get_amount1_delta,
    get_next_sqrt_price_from_input,
    get_next_sqrt_price_from_output,
    get_sqrt_ratio_at_tick,
    get_tick_at_sqrt_ratio,
    mul_div,
    mul_div_rounding_up,
)
from swapdesk.engine.routing.uniswap_v3.pool import V3Pool
from swapdesk.engine.routing.uniswap_v3.swap import PoolState
from swapdesk.engine.routing.uniswap_v3.ticks import TickTable

__all__ = [
    "MAX_SQRT_RATIO",
    "MAX_TICK",
    "MIN_SQRT_RATIO",
    "MIN_TICK",
    "PoolState",
    "Revert",
    "TickTable",
    "V3Pool",
    "add_delta",
    "compute_swap_step",
    "get_amount0_delta",
    "get_amount1_delta",
    "get_next_sqrt_price_from_input",
    "get_next_sqrt_price_from_output",
    "get_sqrt_ratio_at_tick",
    "get_tick_at_sqrt_ratio",
    "mul_div",
    "mul_div_rounding_up",
]
