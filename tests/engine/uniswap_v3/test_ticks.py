"""The tick table against a literal tick bitmap: 256-bit words, flipped bits, most and least significant bits."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from swapdesk.engine.routing.uniswap_v3.math import MAX_TICK, MIN_TICK, Revert
from swapdesk.engine.routing.uniswap_v3.ticks import TickTable


class Bitmap:
    """TickBitmap as the contract stores it: word index -> 256-bit word of compressed ticks."""

    def __init__(self, ticks: set[int], spacing: int) -> None:
        self.spacing = spacing
        self.words: dict[int, int] = {}
        for tick in ticks:
            compressed = tick // spacing
            self.words[compressed >> 8] = self.words.get(compressed >> 8, 0) ^ (1 << (compressed & 0xFF))

    def next_within_one_word(self, tick: int, lte: bool) -> tuple[int, bool]:
        compressed = tick // self.spacing
        if lte:
            word, bit = compressed >> 8, compressed & 0xFF
            masked = self.words.get(word, 0) & ((1 << (bit + 1)) - 1)  # bit and everything below it
            if masked:
                return (compressed - (bit - (masked.bit_length() - 1))) * self.spacing, True
            return (compressed - bit) * self.spacing, False
        word, bit = (compressed + 1) >> 8, (compressed + 1) & 0xFF
        masked = self.words.get(word, 0) & ~((1 << bit) - 1)  # bit and everything above it
        if masked:
            lowest = (masked & -masked).bit_length() - 1
            return (compressed + 1 + lowest - bit) * self.spacing, True
        return (compressed + 1 + 255 - bit) * self.spacing, False


@st.composite
def tables(draw: st.DrawFn) -> tuple[int, set[int]]:
    spacing = draw(st.sampled_from([1, 10, 60, 200]))
    span = MAX_TICK // spacing
    # crowd some ticks around word edges, where the search changes words
    near_edges = st.tuples(st.integers(-8, 8), st.integers(-2, 2)).map(lambda edge: edge[0] * 256 + edge[1])
    compressed = draw(st.lists(st.one_of(st.integers(-span, span), near_edges), max_size=40))
    return spacing, {c * spacing for c in compressed if -span <= c <= span}


@given(tables(), st.integers(MIN_TICK, MAX_TICK), st.booleans(), st.integers(-3, 3))
def test_next_initialized_tick_within_one_word_is_the_bitmaps(
    table: tuple[int, set[int]], tick: int, lte: bool, shift: int
) -> None:
    spacing, initialized = table
    ticks = TickTable({t: (1, 0) for t in initialized})
    bitmap = Bitmap(initialized, spacing)
    for probe in (tick, *(t + shift for t in initialized), *(c * 256 * spacing + shift for c in range(-3, 4))):
        assert ticks.next_initialized_tick_within_one_word(probe, spacing, lte) == bitmap.next_within_one_word(
            probe, lte
        )


def test_search_stops_at_word_edges() -> None:
    ticks = TickTable({-6000: (5, 5), 6000: (5, -5)})
    # spacing 10: a word holds 2560 ticks; [0, 2550] is word 0
    assert ticks.next_initialized_tick_within_one_word(0, 10, False) == (2550, False)
    assert ticks.next_initialized_tick_within_one_word(2550, 10, False) == (5110, False)
    assert ticks.next_initialized_tick_within_one_word(5110, 10, False) == (6000, True)
    assert ticks.next_initialized_tick_within_one_word(0, 10, True) == (0, False)  # at or below: the tick itself
    assert ticks.next_initialized_tick_within_one_word(-1, 10, True) == (-2560, False)  # -1 compresses to -1
    assert ticks.next_initialized_tick_within_one_word(-5121, 10, True) == (-6000, True)
    assert ticks.next_initialized_tick_within_one_word(6000, 10, True) == (6000, True)
    assert ticks.next_initialized_tick_within_one_word(6000, 10, False) == (7670, False)


def test_position_changes_flip_and_clear_ticks() -> None:
    empty = TickTable({})
    minted = empty.with_position_change(-120, 60, 1000, 60)
    assert minted.liquidity == {-120: (1000, 1000), 60: (1000, -1000)}
    assert minted.initialized == (-120, 60)
    again = minted.with_position_change(60, 180, 500, 60)
    assert again.liquidity == {-120: (1000, 1000), 60: (1500, -500), 180: (500, -500)}
    burnt = again.with_position_change(-120, 60, -1000, 60)
    assert burnt.liquidity == {60: (500, 500), 180: (500, -500)}
    assert burnt.initialized == (60, 180)
    assert burnt.with_position_change(60, 180, 0, 60) is burnt
    assert empty.liquidity == {} and minted.initialized == (-120, 60)  # tables never change
    with pytest.raises(Revert, match="LS"):
        burnt.with_position_change(60, 180, -501, 60)
    with pytest.raises(Revert, match="TLU"):
        empty.with_position_change(60, 60, 1, 60)
    with pytest.raises(Revert, match="TLM"):
        empty.with_position_change(MIN_TICK - 1, 0, 1, 1)
    with pytest.raises(Revert, match="TUM"):
        empty.with_position_change(0, MAX_TICK + 1, 1, 1)
    with pytest.raises(Revert):
        empty.with_position_change(0, 30, 1, 60)  # the bitmap has no bit for tick 30


def test_zero_gross_entries_are_not_initialized() -> None:
    ticks = TickTable({0: (0, 0), 60: (7, 7)})
    assert ticks.initialized == (60,)
    assert ticks.net(60) == 7 and ticks.gross(60) == 7 and ticks.net(0) == 0 and ticks.gross(120) == 0
