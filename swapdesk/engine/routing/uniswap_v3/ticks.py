"""A pool's initialized ticks, and the search its tick bitmap does over them.

The contract keeps one bit per tick spacing, 256 bits to a word, and a swap
step looks for the next initialized tick only within the word of the tick
it stands on. When that word holds none, the step ends at the word's edge
anyway: the swap stops there, at an uninitialized tick, and starts a new
step. Each step's amounts are rounded on their own, so those extra stops
change the answer by a wei or so; they are reproduced here from a sorted list
of the initialized ticks instead of the bitmap's words.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from swapdesk.engine.routing.uniswap_v3.math import MAX_TICK, MIN_TICK, Revert, add_delta

_WORD_BITS = 256
_MIN_INT128 = -(1 << 127)
_MAX_INT128 = (1 << 127) - 1


@dataclass(frozen=True)
class TickTable:
    """Initialized ticks: tick -> (liquidity_gross, liquidity_net). Immutable; changes return a new table."""

    liquidity: Mapping[int, tuple[int, int]]
    initialized: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # a tick is initialized exactly when its gross liquidity is not 0 (the contract clears the others)
        kept = {tick: pair for tick, pair in self.liquidity.items() if pair[0] != 0}
        object.__setattr__(self, "liquidity", MappingProxyType(kept))
        object.__setattr__(self, "initialized", tuple(sorted(kept)))

    def __len__(self) -> int:
        return len(self.initialized)

    def net(self, tick: int) -> int:
        """Liquidity added when the price crosses `tick` upwards (removed downwards); 0 for an uninitialized tick."""
        pair = self.liquidity.get(tick)
        return 0 if pair is None else pair[1]

    def gross(self, tick: int) -> int:
        pair = self.liquidity.get(tick)
        return 0 if pair is None else pair[0]

    def next_initialized_tick_within_one_word(self, tick: int, tick_spacing: int, lte: bool) -> tuple[int, bool]:
        """TickBitmap.nextInitializedTickWithinOneWord: the next initialized tick at or below `tick` (lte) or
        above it, searching only the bitmap word that holds it; the word's last tick, uninitialized, if none.

        Words hold 256 compressed ticks (tick // tick_spacing, rounded towards -infinity); going down the
        search starts at the compressed tick itself, going up at the one after it."""
        compressed = tick // tick_spacing
        ticks = self.initialized
        if lte:
            word_first = compressed - compressed % _WORD_BITS
            at = bisect_right(ticks, compressed * tick_spacing) - 1
            if at >= 0 and ticks[at] >= word_first * tick_spacing:
                return ticks[at], True
            return word_first * tick_spacing, False
        start = compressed + 1
        word_last = start - start % _WORD_BITS + _WORD_BITS - 1
        at = bisect_left(ticks, start * tick_spacing)
        if at < len(ticks) and ticks[at] <= word_last * tick_spacing:
            return ticks[at], True
        return word_last * tick_spacing, False

    def with_position_change(
        self, tick_lower: int, tick_upper: int, liquidity_delta: int, tick_spacing: int
    ) -> TickTable:
        """The table after a position between the two ticks gains `liquidity_delta` (loses, when negative), as
        the pool's mint and burn update it: ticks flip to initialized from 0 gross liquidity and are cleared
        when it returns to 0. Reverts as the contract does on ticks out of range, unspaced, or liquidity that
        would go negative or overflow."""
        if tick_lower >= tick_upper:
            raise Revert("TLU")
        if tick_lower < MIN_TICK:
            raise Revert("TLM")
        if tick_upper > MAX_TICK:
            raise Revert("TUM")
        if liquidity_delta == 0:
            return self  # a burn of 0 (collecting fees) touches no tick
        changed = dict(self.liquidity)
        for tick, upper in ((tick_lower, False), (tick_upper, True)):
            gross, net = changed.get(tick, (0, 0))
            gross_after = add_delta(gross, liquidity_delta)
            # the lower tick adds the liquidity when crossed upwards, the upper one removes it
            net_after = net - liquidity_delta if upper else net + liquidity_delta
            if not _MIN_INT128 <= net_after <= _MAX_INT128:
                raise Revert("")
            if (gross == 0) != (gross_after == 0) and tick % tick_spacing:
                raise Revert("")  # flipping its bit requires a spaced tick
            if gross_after == 0:
                changed.pop(tick, None)
            else:
                changed[tick] = (gross_after, net_after)
        return TickTable(changed)
