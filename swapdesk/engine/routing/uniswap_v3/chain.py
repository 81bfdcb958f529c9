"""Uniswap V3 pools read from a chain and kept from their logs (the reader's `PoolKind`).

Facts, once: token0, token1, fee and tickSpacing (a pair or a StableSwap pool has no tickSpacing: such an
address is refused as a V3 pool). State at a block, in two Multicall3 rounds: slot0, liquidity and every word
of the tick bitmap the pool's spacing allows; then `ticks(t)` of each initialized tick, for its gross and net
liquidity. Logs: Swap, Mint, Burn and Initialize carry everything (events.py). Forks with the same interface
and other fee tiers (PancakeSwap V3) read the same: only the first words of slot0 and ticks are used, which
are the same in both.
"""

from __future__ import annotations

from dataclasses import replace

from swapdesk.chain.multicall import Read
from swapdesk.contracts import vendored
from swapdesk.devnet.manifest import SourceEntry
from swapdesk.engine.routing.kinds import Calls, Refused, address_of, signed, word
from swapdesk.engine.routing.pool import Pool
from swapdesk.engine.routing.uniswap_v3.events import after_event, decode_log
from swapdesk.engine.routing.uniswap_v3.math import MAX_TICK, MIN_TICK
from swapdesk.engine.routing.uniswap_v3.pool import V3Pool
from swapdesk.engine.routing.uniswap_v3.ticks import TickTable

POOL = vendored("UniswapV3Pool")
_STATIC = ("token0", "token1", "fee", "tickSpacing")


def bitmap_words(tick_spacing: int) -> range:
    """The bitmap words a pool of this spacing can have a bit in (its ticks lie within TickMath's bounds)."""
    return range((MIN_TICK // tick_spacing) >> 8, ((MAX_TICK // tick_spacing) >> 8) + 1)


def initialized_ticks(word_position: int, bits: int, tick_spacing: int) -> list[int]:
    """The ticks whose bits are set in one bitmap word."""
    found = []
    while bits:
        low = bits & -bits
        found.append(((word_position << 8) + low.bit_length() - 1) * tick_spacing)
        bits ^= low
    return found


class UniswapV3:
    name = "uniswap_v3"

    async def read_static(self, calls: Calls, source: SourceEntry) -> tuple[list[Pool], list[Refused]]:
        reads = [Read(p, POOL.encode(fn)) for p in source.pools for fn in _STATIC]
        answers = iter(await calls.read(reads))
        pools: list[Pool] = []
        refused = []
        for address in source.pools:
            raw = [next(answers) for _ in _STATIC]
            try:
                token0, token1, fee, spacing = address_of(raw[0]), address_of(raw[1]), word(raw[2]), word(raw[3])
                spacing = signed(spacing)
                if not 0 < spacing < 16384 or fee >= 1_000_000:
                    raise ValueError
            except ValueError:
                refused.append(Refused(address, "does not answer token0, token1, fee and tickSpacing as a V3 pool"))
                continue
            pools.append(V3Pool(address, source.name, token0, token1, fee, spacing, 0, 0, 0, TickTable({})))
        return pools, refused

    async def read_state(self, calls: Calls, pools: list[Pool], block: int, timestamp: int) -> dict[str, Pool | None]:
        v3 = [p for p in pools if isinstance(p, V3Pool)]
        first: list[Read] = []
        for pool in v3:
            first += [Read(pool.address, POOL.encode("slot0")), Read(pool.address, POOL.encode("liquidity"))]
            first += [Read(pool.address, POOL.encode("tickBitmap", w)) for w in bitmap_words(pool.tick_spacing)]
        answers = iter(await calls.read(first, block))
        heads: dict[str, tuple[int, int, int, list[int]] | None] = {}
        for pool in v3:
            slot0, active = next(answers), next(answers)
            words = [(w, next(answers)) for w in bitmap_words(pool.tick_spacing)]
            try:
                ticks = [t for w, raw in words for t in initialized_ticks(w, word(raw), pool.tick_spacing)]
                heads[pool.address] = (word(slot0, 0), signed(word(slot0, 1)), word(active), ticks)
            except ValueError:
                heads[pool.address] = None
        wanted = [(p.address, t) for p in v3 if (h := heads[p.address]) is not None for t in h[3]]
        tick_answers = iter(await calls.read([Read(a, POOL.encode("ticks", t)) for a, t in wanted], block))
        out: dict[str, Pool | None] = {}
        for pool in v3:
            head = heads[pool.address]
            if head is None:
                out[pool.address] = None
                continue
            price, tick, liquidity, ticks = head
            raws = [next(tick_answers) for _ in ticks]  # taken whole: the next pool's answers follow
            try:
                table = {t: (word(raw, 0), signed(word(raw, 1))) for t, raw in zip(ticks, raws, strict=True)}
            except ValueError:
                out[pool.address] = None
                continue
            out[pool.address] = replace(
                pool, sqrt_price_x96=price, tick=tick, liquidity=liquidity, ticks=TickTable(table)
            )
        return out

    def after_log(self, pool: Pool, topics: list[str], data: bytes) -> Pool | None:
        assert isinstance(pool, V3Pool)
        try:
            event = decode_log(topics, data)
            return pool if event is None else after_event(pool, event)
        except ValueError:  # malformed, or a Mint or Burn that cannot follow from the state kept
            return None

    def at_time(self, pool: Pool, timestamp: int) -> Pool:
        return pool
