"""Curve StableSwap pools read from a chain and kept from their logs (the reader's `PoolKind`).

Facts, once: the coins (`coins(uint256)`, or old pools' `coins(int128)`, until one fails: 2 to 4) and their
decimals, whose rates are 10**(36 - decimals). State at a block: the balances, the fee and the admin fee, and
A's ramp (`initial_A`, `future_A` and their times; a pool without them has a constant `A()`), all of which
its owner may change, with the block's time for A. Logs: what events.py can tell (exchanges, deposits);
anything else is read again.
"""

from __future__ import annotations

from eth_abi import encode
from eth_utils import function_signature_to_4byte_selector

from swapdesk.catalogs import SourceEntry
from swapdesk.chain.multicall import Read
from swapdesk.engine.routing.kinds import Calls, Created_by, Refused, address_of, word
from swapdesk.engine.routing.pool import Pool
from swapdesk.engine.routing.stableswap.events import applied
from swapdesk.engine.routing.stableswap.pool import MAX_COINS, MIN_COINS, StablePool, plain_rates


def _call(signature: str, *args: int) -> bytes:
    types = signature[signature.index("(") + 1 : -1].split(",") if args else []
    return function_signature_to_4byte_selector(signature) + encode(types, list(args))


_RAMP = ("initial_A()", "future_A()", "initial_A_time()", "future_A_time()")
_TERMS = ("fee()", "admin_fee()", "A()", *_RAMP)


class StableSwap:
    name = "stableswap"

    def source_probe(self, source: SourceEntry) -> Read | None:
        return None  # the source is its pool, whose reads refuse what is not one

    async def read_static(
        self, calls: Calls, source: SourceEntry, created: Created_by
    ) -> tuple[list[Pool], list[Refused]]:
        # `created` is for factories' pools: a StableSwap source lists its pools
        listed_pools = source.pools or [source.address]  # a StableSwap source's address is its pool
        reads = [
            Read(p, _call(f"coins({index})", k)) for p in listed_pools for index in ("uint256", "int128")
            for k in range(MAX_COINS)
        ]  # fmt: skip
        answers = iter(await calls.read(reads))
        coins_of: dict[str, tuple[str, ...]] = {}
        refused = []
        for address in listed_pools:
            by_index = {index: [next(answers) for _ in range(MAX_COINS)] for index in ("uint256", "int128")}
            for raws in by_index.values():
                coins = _leading(raws)
                if len(coins) >= MIN_COINS:
                    coins_of[address] = coins
                    break
            else:
                refused.append(Refused(address, "does not answer coins(i) for 2 to 4 coins as a StableSwap pool"))
        listed = [a for a in listed_pools if a in coins_of]
        decimals = iter(await calls.read([Read(c, _call("decimals()")) for a in listed for c in coins_of[a]]))
        pools: list[Pool] = []
        for address in listed:
            coins = coins_of[address]
            places = [next(decimals) for _ in coins]
            try:
                rates = plain_rates(word(raw) for raw in places)
            except ValueError:
                refused.append(Refused(address, "one of its coins does not answer decimals()"))
                continue
            n = len(coins)
            pools.append(StablePool(address, source.name, coins, (0,) * n, rates, 0, 0, 0, 0, 0, 0, 0))
        return pools, refused

    async def read_state(self, calls: Calls, pools: list[Pool], block: int, timestamp: int) -> dict[str, Pool | None]:
        stable = [p for p in pools if isinstance(p, StablePool)]
        reads = []
        for pool in stable:
            reads += [Read(pool.address, _call("balances(uint256)", k)) for k in range(len(pool.coins))]
            reads += [Read(pool.address, _call("balances(int128)", k)) for k in range(len(pool.coins))]
            reads += [Read(pool.address, _call(signature)) for signature in _TERMS]
        answers = iter(await calls.read(reads, block))
        out: dict[str, Pool | None] = {}
        for pool in stable:
            n = len(pool.coins)
            new_style, old_style = [next(answers) for _ in range(n)], [next(answers) for _ in range(n)]
            fee, admin_fee, a, *ramp = (next(answers) for _ in _TERMS)
            try:
                balances = tuple(word(raw) for raw in (new_style if None not in new_style else old_style))
                if None in ramp:  # no ramp: a constant A
                    initial_a = future_a = word(a)
                    times = (0, 0)
                else:
                    initial_a, future_a = word(ramp[0]), word(ramp[1])
                    times = (word(ramp[2]), word(ramp[3]))
                out[pool.address] = StablePool(
                    pool.address, pool.source, pool.coins, balances, pool.rates, word(fee), word(admin_fee),
                    initial_a, future_a, times[0], times[1], timestamp, pool.variant,
                )  # fmt: skip
            except ValueError:
                out[pool.address] = None
        return out

    def after_log(self, pool: Pool, topics: list[str], data: bytes) -> Pool | None:
        assert isinstance(pool, StablePool)
        return applied(pool, topics[0].lower() if topics else "", data)

    def at_time(self, pool: Pool, timestamp: int) -> Pool:
        assert isinstance(pool, StablePool)
        return pool.at(timestamp)


def _leading(raws: list[bytes | None]) -> tuple[str, ...]:
    """The coins up to the first index the pool does not answer."""
    coins = []
    for raw in raws:
        try:
            coins.append(address_of(raw))
        except ValueError:
            break
    return tuple(coins)
