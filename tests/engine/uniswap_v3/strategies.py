"""Hypothesis strategies: V3 pools built by mints, as a chain would build them."""

from __future__ import annotations

from hypothesis import strategies as st

from swapdesk.engine.routing.uniswap_v3 import TickTable, V3Pool, get_sqrt_ratio_at_tick, get_tick_at_sqrt_ratio
from swapdesk.engine.routing.uniswap_v3.events import MintEvent, after_mint

TOKEN0 = "0x1111111111111111111111111111111111111111"
TOKEN1 = "0x2222222222222222222222222222222222222222"
MINTER = "0x3333333333333333333333333333333333333333"


def empty_pool(sqrt_price_x96: int, tick: int, fee: int = 3000, tick_spacing: int = 60) -> V3Pool:
    return V3Pool("0x4444444444444444444444444444444444444444", "Uniswap V3", TOKEN0, TOKEN1, fee, tick_spacing,
                  sqrt_price_x96, tick, 0, TickTable({}))  # fmt: skip


def minted(pool: V3Pool, tick_lower: int, tick_upper: int, liquidity: int) -> V3Pool:
    # the token amounts of a Mint event do not move the pool's model
    return after_mint(pool, MintEvent(MINTER, MINTER, tick_lower, tick_upper, liquidity, 0, 0))


@st.composite
def pools(draw: st.DrawFn) -> V3Pool:
    """A pool a few bitmap words wide: positions from a few ticks to several words, the price anywhere among
    them, on a tick's edge too (and with the tick below it, as a swap down to that edge leaves it)."""
    spacing = draw(st.sampled_from([1, 10, 60]))
    fee = draw(st.sampled_from([0, 100, 500, 3000, 10000]))
    tick = draw(st.integers(-3000, 3000))
    placement = draw(st.sampled_from(["inside", "on edge", "on edge, tick below"]))
    if placement == "inside":
        price = draw(st.integers(get_sqrt_ratio_at_tick(tick), get_sqrt_ratio_at_tick(tick + 1) - 1))
        tick = get_tick_at_sqrt_ratio(price)
    else:
        price = get_sqrt_ratio_at_tick(tick)
        tick -= placement == "on edge, tick below"
    pool = empty_pool(price, tick, fee, spacing)
    centre = tick // spacing
    positions = draw(
        st.lists(
            st.tuples(st.integers(-700, 700), st.integers(1, 700), st.integers(1, 10**24)),
            max_size=6,
        )
    )
    for offset, width, liquidity in positions:
        lower = (centre + offset) * spacing
        pool = minted(pool, lower, lower + width * spacing, liquidity)
    return pool
