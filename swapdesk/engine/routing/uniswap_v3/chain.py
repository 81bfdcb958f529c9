"""Uniswap V3 pools read from a chain and kept from their logs (the reader's `PoolKind`).

Facts, once: token0, token1, fee and tickSpacing (a pair or a StableSwap pool has no tickSpacing: such an
address is refused as a V3 pool). State at a block, in three Multicall3 rounds: slot0 and liquidity; the words
of the tick bitmap around the price, as far as a price four times higher or lower (every word, at the widest
spacings: 3 words; 111 at a spacing of 1, where reading all 6,932 would cost a node seconds); then `ticks(t)` of
each initialized tick there, for its gross and net liquidity. The pool's model knows those ticks and quotes no
swap that would go beyond them. Logs: Swap, Mint, Burn and Initialize carry everything (events.py); a swap that
takes the price more than halfway to the edge of the ticks known has the pool read again, around its new
price. Forks with the same interface and other fee tiers (PancakeSwap V3) read the same: only the first words
of slot0 and ticks are used, which are the same in both.
"""

from __future__ import annotations

from dataclasses import replace

from swapdesk.catalogs import SourceEntry
from swapdesk.chain.multicall import Read
from swapdesk.contracts import vendored
from swapdesk.engine.routing.pool import Pool
from swapdesk.engine.routing.pool_kind import Calls, Created_by, Refused, address_of, signed, word
from swapdesk.engine.routing.uniswap_v3.events import after_event, decode_log
from swapdesk.engine.routing.uniswap_v3.math import MAX_TICK, MIN_TICK
from swapdesk.engine.routing.uniswap_v3.pool import V3Pool
from swapdesk.engine.routing.uniswap_v3.ticks import TickTable

POOL = vendored("UniswapV3Pool")
FACTORY = vendored("UniswapV3Factory")
_STATIC = ("token0", "token1", "fee", "tickSpacing")


REACH = 13_863  # ticks: a price 4 times higher or lower (1.0001 ** 13,863 ≈ 4)


def bitmap_words(tick: int, tick_spacing: int) -> range:
    """The bitmap words to read around `tick`: as far as REACH on each side, within TickMath's bounds."""
    lowest, highest = (MIN_TICK // tick_spacing) >> 8, (MAX_TICK // tick_spacing) >> 8
    here, reach = (tick // tick_spacing) >> 8, -(-REACH // (256 * tick_spacing))
    return range(max(lowest, here - reach), min(highest, here + reach) + 1)


def known_ticks(words: range, tick_spacing: int) -> tuple[int, int]:
    """The lowest and highest tick those words hold: what a swap may reach knowing only them."""
    return words.start * 256 * tick_spacing, (words.stop * 256 - 1) * tick_spacing


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

    def source_probe(self, source: SourceEntry) -> Read | None:
        tier = (source.fee_tiers or [500])[0]  # a V2 factory has no such function; a V3 one answers any tier
        return Read(source.address, FACTORY.encode("feeAmountTickSpacing", tier))

    async def read_static(
        self, calls: Calls, source: SourceEntry, created: Created_by
    ) -> tuple[list[Pool], list[Refused]]:
        asked = [p for p in source.pools if p.lower() not in created]
        answers = iter(await calls.read([Read(p, POOL.encode(fn)) for p in asked for fn in _STATIC]))
        pools: list[Pool] = []
        refused = []
        for address in source.pools:
            logged = created.get(address.lower())
            if logged is not None:
                token0, token1, fee, spacing = logged.token0, logged.token1, logged.fee, logged.tick_spacing
            else:
                raw = [next(answers) for _ in _STATIC]
                try:
                    token0, token1, fee = address_of(raw[0]), address_of(raw[1]), word(raw[2])
                    spacing = signed(word(raw[3]))
                except ValueError:
                    fee = spacing = -1
            if not 0 < spacing < 16384 or not 0 <= fee < 1_000_000:
                refused.append(Refused(address, "does not answer token0, token1, fee and tickSpacing as a V3 pool"))
                continue
            pools.append(V3Pool(address, source.name, token0, token1, fee, spacing, 0, 0, 0, TickTable({})))
        return pools, refused

    async def read_state(self, calls: Calls, pools: list[Pool], block: int, timestamp: int) -> dict[str, Pool | None]:
        v3 = [p for p in pools if isinstance(p, V3Pool)]
        prices = iter(
            await calls.read([Read(p.address, POOL.encode(fn)) for p in v3 for fn in ("slot0", "liquidity")], block)
        )
        heads: dict[str, tuple[int, int, int, range]] = {}
        for pool in v3:
            slot0, active = next(prices), next(prices)
            try:
                tick = signed(word(slot0, 1))
                heads[pool.address] = (word(slot0, 0), tick, word(active), bitmap_words(tick, pool.tick_spacing))
            except ValueError:
                pass
        maps = [(p, heads[p.address][3]) for p in v3 if p.address in heads]
        bits = iter(
            await calls.read([Read(p.address, POOL.encode("tickBitmap", w)) for p, ws in maps for w in ws], block)
        )
        initialized: dict[str, list[int]] = {}
        for pool, words in maps:
            raws = [next(bits) for _ in words]  # taken whole: the next pool's answers follow
            try:
                found = [
                    t
                    for w, raw in zip(words, raws, strict=True)
                    for t in initialized_ticks(w, word(raw), pool.tick_spacing)
                ]
                initialized[pool.address] = found
            except ValueError:
                pass
        wanted = [(a, t) for a, ticks in initialized.items() for t in ticks]
        tick_answers = iter(await calls.read([Read(a, POOL.encode("ticks", t)) for a, t in wanted], block))
        out: dict[str, Pool | None] = {p.address: None for p in v3}
        for pool in v3:
            if pool.address not in initialized:
                continue
            price, tick, liquidity, words = heads[pool.address]
            ticks = initialized[pool.address]
            raws = [next(tick_answers) for _ in ticks]
            try:
                table = {t: (word(raw, 0), signed(word(raw, 1))) for t, raw in zip(ticks, raws, strict=True)}
            except ValueError:
                continue
            window = known_ticks(words, pool.tick_spacing)
            out[pool.address] = replace(
                pool, sqrt_price_x96=price, tick=tick, liquidity=liquidity, ticks=TickTable(table), window=window
            )
        return out

    def after_log(self, pool: Pool, topics: list[bytes], data: bytes) -> Pool | None:
        assert isinstance(pool, V3Pool)
        try:
            event = decode_log(topics, data)
            after = pool if event is None else after_event(pool, event)
        except ValueError:  # malformed, or a Mint or Burn that cannot follow from the state kept
            return None
        if after.window is not None:
            low, high = after.window
            if not (3 * low + high) // 4 <= after.tick <= (low + 3 * high) // 4:
                return None  # near the edge of the ticks known: read again, around the new price
        return after

    def at_time(self, pool: Pool, timestamp: int) -> Pool:
        return pool

    def watched(self, pool: Pool) -> tuple[str, ...]:
        return ()  # only its own logs change it

    def drifts(self, pool: Pool) -> bool:
        return False
