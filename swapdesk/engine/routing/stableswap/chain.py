"""Curve StableSwap pools read from a chain and kept from their logs (the reader's `PoolKind`).

Facts, once: the coins (`coins(uint256)`, or old pools' `coins(int128)`, until one fails: 2 to 4), the pool's
generation told from its getters (`generations`), and the coins' decimals, whose rates are 10**(36 - decimals);
a metapool's base pool the same way. A pool whose generation is not told is left out, and said. State at a
block: the balances, the fee and the admin fee, and A's ramp (`initial_A`, `future_A` and their times; a pool
without them has a constant A), all of which its owner may change, with the block's time for A; rates read
where the generation reads them (`stored_rates()`, RAI's redemption price), stableswap-ng's off-peg multiplier;
a metapool's cache of its base pool's price, the base pool itself and its LP token's supply. Logs: what
events.py can tell; anything else is read again, and so is a metapool at its base pool's logs, and a pool
whose rates move by themselves at every block that changed anything.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from dataclasses import replace

from eth_abi import encode
from eth_utils import function_signature_to_4byte_selector

from swapdesk.catalogs import SourceEntry
from swapdesk.chain.multicall import Read
from swapdesk.engine.routing.pool import Pool
from swapdesk.engine.routing.pool_kind import Calls, Created_by, Refused, address_of, word
from swapdesk.engine.routing.stableswap.events import applied, applied_to_metapool
from swapdesk.engine.routing.stableswap.generations import (
    METAPOOL_PROBE_DX,
    PROBES,
    UNDERLYING,
    Answers,
    Generation,
    told,
)
from swapdesk.engine.routing.stableswap.meta import MetaPool
from swapdesk.engine.routing.stableswap.pool import MAX_COINS, MIN_COINS, StablePool, plain_rates

REDEMPTION_PRICE_SCALE = 10**9  # RAI's redemption price has 27 decimals; the metapool uses 18


def _call(signature: str, *args: int) -> bytes:
    types = signature[signature.index("(") + 1 : -1].split(",") if args else []
    return function_signature_to_4byte_selector(signature) + encode(types, list(args))


_RAMP = ("initial_A()", "future_A()", "initial_A_time()", "future_A_time()")
_TERMS = ("fee()", "admin_fee()", "A()", "A_precise()", *_RAMP)
_INDEXES = ("uint256", "int128")


class StableSwap:
    name = "stableswap"

    def source_probe(self, source: SourceEntry) -> Read | None:
        return None  # the source is its pool, whose reads refuse what is not one

    async def read_static(
        self, calls: Calls, source: SourceEntry, created: Created_by
    ) -> tuple[list[Pool], list[Refused]]:
        # `created` is for factories' pools: a StableSwap source lists its pools
        listed = source.pools or [source.address]  # a StableSwap source's address is its pool
        told_of, refused = await _tell(calls, listed)
        bases = sorted({g.base_pool for _, g in told_of.values() if g.base_pool is not None})
        base_told, base_said = await _tell(calls, bases)
        base_refused = {r.address: r.reason for r in base_said}
        coins_of = {a: c for a, (c, _) in (told_of | base_told).items()}
        everything = list(dict.fromkeys(c for coins in coins_of.values() for c in coins))
        answers = await calls.read([Read(c, _call("decimals()")) for c in everything])
        decimals: dict[str, int] = {}
        for coin, raw in zip(everything, answers, strict=True):
            with contextlib.suppress(ValueError):  # left out below, said
                decimals[coin] = word(raw)
        pools: list[Pool] = []
        for address in listed:
            if address not in told_of:
                continue
            coins, generation = told_of[address]
            if any(c not in decimals or decimals[c] > 36 for c in coins):
                refused.append(Refused(address, "has a coin that does not answer decimals() (at most 36)"))
                continue
            pool = _empty(address, source.name, coins, [decimals[c] for c in coins], generation)
            if generation.base_pool is None:
                pools.append(pool)
                continue
            base = generation.base_pool
            why = base_refused.get(base)
            if why is None and base in base_told and base_told[base][1].base_pool is not None:
                why = "is itself a metapool"
            if why is None and base_told[base][1].reads_rates:
                why = "reads its rates from stored_rates(), which a base pool's price does not follow here"
            if why is None and any(c not in decimals for c in base_told[base][0]):
                why = "has a coin that does not answer decimals()"
            if why is not None:
                refused.append(Refused(address, f"is a metapool whose base pool {base} {why}; not modelled"))
                continue
            base_coins, base_generation = base_told[base]
            base_pool = _empty(base, source.name, base_coins, [decimals[c] for c in base_coins], base_generation)
            pools.append(MetaPool(pool, base_pool, 0, 0, 0, redemption_snap=generation.redemption_snap))
        return pools, refused

    async def read_state(self, calls: Calls, pools: list[Pool], block: int, timestamp: int) -> dict[str, Pool | None]:
        reads: list[Read] = []
        for pool in pools:
            if isinstance(pool, MetaPool):
                reads += _state_reads(pool.own) + _state_reads(pool.base)
                reads += [Read(pool.address, _call(s)) for s in ("base_virtual_price()", "base_cache_updated()")]
                reads.append(Read(pool.own.coins[1], _call("totalSupply()")))
                if pool.redemption_snap is not None:
                    reads.append(Read(pool.redemption_snap, _call("snappedRedemptionPrice()")))
            elif isinstance(pool, StablePool):
                reads += _state_reads(pool)
        answers = iter(await calls.read(reads, block))
        out: dict[str, Pool | None] = {}
        for pool in pools:
            try:
                if isinstance(pool, MetaPool):
                    own, base = _state(pool.own, answers, timestamp), _state(pool.base, answers, timestamp)
                    cached, cached_at, supply = (word(next(answers)) for _ in range(3))
                    rate = pool.own.rates[0]
                    if pool.redemption_snap is not None:
                        rate = word(next(answers)) // REDEMPTION_PRICE_SCALE
                    own = replace(own, rates=(rate, 0))
                    out[pool.address] = replace(
                        pool, own=own, base=base, base_supply=supply, cached_price=cached, cached_at=cached_at
                    )
                elif isinstance(pool, StablePool):
                    out[pool.address] = _state(pool, answers, timestamp)
            except ValueError:
                out[pool.address] = None
        return out

    def after_log(self, pool: Pool, topics: list[bytes], data: bytes) -> Pool | None:
        if isinstance(pool, MetaPool):
            return applied_to_metapool(pool, topics, data)
        assert isinstance(pool, StablePool)
        if pool.reads_rates:
            return None  # read again at the block anyway: its rates may have moved
        return applied(pool, topics, data)

    def at_time(self, pool: Pool, timestamp: int) -> Pool:
        assert isinstance(pool, StablePool | MetaPool)
        return pool.at(timestamp)

    def watched(self, pool: Pool) -> tuple[str, ...]:
        """A metapool changes with its base pool (its price, and get_dy_underlying's deposits and withdrawals)."""
        return (pool.base.address,) if isinstance(pool, MetaPool) else ()

    def drifts(self, pool: Pool) -> bool:
        """Rates that move without the pool's logs: RAI's redemption price, rates read from stored_rates()."""
        if isinstance(pool, MetaPool):
            return pool.redemption_snap is not None or pool.base.reads_rates
        return isinstance(pool, StablePool) and pool.reads_rates


async def _tell(
    calls: Calls, addresses: list[str]
) -> tuple[dict[str, tuple[tuple[str, ...], Generation]], list[Refused]]:
    """Each address's coins and generation; the others, with why."""
    per_pool = [
        *(_call(f"coins({index})", k) for index in _INDEXES for k in range(MAX_COINS)),
        *(_call(p) for p in PROBES),
        *(_call(u, 0) for u in UNDERLYING),
        _call("get_dy_underlying(int128,int128,uint256)", 0, 2, METAPOOL_PROBE_DX),
    ]
    answers = iter(await calls.read([Read(a, data) for a in addresses for data in per_pool]))
    found: dict[str, tuple[tuple[str, ...], Generation]] = {}
    refused: list[Refused] = []
    for address in addresses:
        by_index = {index: _leading([next(answers) for _ in range(MAX_COINS)]) for index in _INDEXES}
        getters = {p: next(answers) for p in PROBES}
        underlying = [next(answers) for _ in UNDERLYING]
        dy_underlying = next(answers)
        coins = by_index["uint256"] if len(by_index["uint256"]) >= MIN_COINS else by_index["int128"]
        if len(coins) < MIN_COINS:
            refused.append(Refused(address, "does not answer coins(i) for 2 to 4 coins as a StableSwap pool"))
            continue
        generation = told(
            Answers(
                by_int128_only=len(by_index["uint256"]) < MIN_COINS,
                coins=len(coins),
                getters=getters,
                underlying=any(raw is not None and len(raw) >= 32 for raw in underlying),
                dy_underlying_past_coins=len(coins) == 2 and dy_underlying is not None and len(dy_underlying) >= 32,
            )
        )
        if isinstance(generation, str):
            refused.append(Refused(address, generation))
        else:
            found[address] = (coins, generation)
    return found, refused


def _empty(address: str, source: str, coins: tuple[str, ...], decimals: list[int], told: Generation) -> StablePool:
    """The pool's facts, its state empty until `read_state`."""
    n = len(coins)
    return StablePool(
        address, source, coins, (0,) * n, plain_rates(decimals), 0, 0, 0, 0, 0, 0, 0, told.variant,
        reads_rates=told.reads_rates,
    )  # fmt: skip


def _state_reads(pool: StablePool) -> list[Read]:
    n, address = len(pool.coins), pool.address
    reads = [Read(address, _call(f"balances({index})", k)) for index in _INDEXES for k in range(n)]
    reads += [Read(address, _call(signature)) for signature in _TERMS]
    if pool.reads_rates:
        reads.append(Read(address, _call("stored_rates()")))
    if pool.variant.dynamic_fee:
        reads.append(Read(address, _call("offpeg_fee_multiplier()")))
    return reads


def _state(pool: StablePool, answers: Iterator[bytes | None], timestamp: int) -> StablePool:
    """The pool from its `_state_reads` answers (taken from `answers` whatever happens); ValueError when one
    that matters is missing."""
    n = len(pool.coins)
    new_style, old_style = [next(answers) for _ in range(n)], [next(answers) for _ in range(n)]
    fee, admin_fee, a, precise, *ramp = (next(answers) for _ in _TERMS)
    stored = next(answers) if pool.reads_rates else None
    offpeg = next(answers) if pool.variant.dynamic_fee else None
    balances = tuple(word(raw) for raw in (new_style if None not in new_style else old_style))
    if None in ramp:  # no ramp: a constant A, as the math takes it
        initial_a = future_a = word(a) if pool.variant.a_precision == 1 else word(precise)
        times = (0, 0)
    else:
        initial_a, future_a = word(ramp[0]), word(ramp[1])
        times = (word(ramp[2]), word(ramp[3]))
    rates = _rates(stored, n) if pool.reads_rates else pool.rates
    return replace(
        pool, balances=balances, rates=rates, fee=word(fee), admin_fee=word(admin_fee), initial_a=initial_a,
        future_a=future_a, initial_a_time=times[0], future_a_time=times[1], timestamp=timestamp,
        offpeg=word(offpeg) if offpeg is not None else 0,
    )  # fmt: skip


def _rates(raw: bytes | None, n: int) -> tuple[int, ...]:
    """`stored_rates()`: a uint256[n] (the factory's pools) or a dynamic array (stableswap-ng's)."""
    if raw is None:
        raise ValueError("no stored_rates()")
    if len(raw) == 32 * n:
        return tuple(word(raw, k) for k in range(n))
    if len(raw) == 32 * (n + 2) and word(raw) == 32 and word(raw, 1) == n:
        return tuple(word(raw, 2 + k) for k in range(n))
    raise ValueError("stored_rates() of another shape")


def _leading(raws: list[bytes | None]) -> tuple[str, ...]:
    """The coins up to the first index the pool does not answer."""
    coins = []
    for raw in raws:
        try:
            coins.append(address_of(raw))
        except ValueError:
            break
    return tuple(coins)
