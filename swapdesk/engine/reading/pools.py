"""The pools that swapped in a transaction, each with what it took in and paid out, and its DEX's name.

A pool is recognised by its swap event's signature (`events.POOL_SWAPS`), whatever router called it. Its tokens
are read from the pool (`token0`/`token1`, Curve's `coins`); its DEX is the catalogue's source whose factory is the
pool's `factory()` and vouches for it (`getPair`, or `getPool` with its fee: a pool cannot claim a factory that does
not know it), or the catalogue's source that lists it; any other pool is named by its address. What was learned of
a pool is kept (it never changes) for the next transaction that meets it.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from eth_abi import decode, encode
from eth_utils import function_signature_to_4byte_selector, to_checksum_address
from web3 import AsyncWeb3

from swapdesk.catalogs import Catalog
from swapdesk.chain.events import Event
from swapdesk.chain.multicall import Read, aggregate3_isolated
from swapdesk.engine.reading.events import POOL_SWAPS, Log
from swapdesk.engine.routing.stableswap.events import SWAPS as CURVE_SWAPS
from swapdesk.engine.routing.uniswap_v2.events import SWAP as V2_SWAP

KEPT = 20_000  # pools remembered per engine
NATIVE = "0x0000000000000000000000000000000000000000"
CURVE_COIN = "0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE"


def _selector(signature: str) -> bytes:
    return function_signature_to_4byte_selector(signature)


TOKEN0, TOKEN1, FACTORY, FEE = (_selector(s) for s in ("token0()", "token1()", "factory()", "fee()"))
GET_PAIR, GET_POOL = _selector("getPair(address,address)"), _selector("getPool(address,address,uint24)")
COINS = (_selector("coins(uint256)"), _selector("coins(int128)"))  # newer Curve pools, then the oldest ones


@dataclass(frozen=True)
class PoolSwap:
    """One pool's swap, as the pool counted it."""

    pool: str
    name: str  # the DEX (a catalogue source's name), or the pool's address
    token_in: str
    amount_in: int
    token_out: str
    amount_out: int
    index: int  # the log's place in the receipt


@dataclass(frozen=True)
class _Seen:
    log: Log
    kind: Event
    fields: dict[str, int]


@dataclass(frozen=True)
class _Facts:
    coins: dict[int, str]  # V2 and V3: 0 and 1; Curve: the indexes met so far
    name: str


class PoolBook:
    """What is known of the pools of one chain."""

    def __init__(self) -> None:
        self._facts: OrderedDict[str, _Facts] = OrderedDict()

    async def swaps(self, w3: AsyncWeb3[Any], catalog: Catalog, logs: tuple[Log, ...]) -> list[PoolSwap]:
        seen = [s for log in logs if (s := _recognise(log)) is not None]
        await self._learn(w3, catalog, seen)
        out = []
        for s in seen:
            facts = self._facts.get(s.log.address)
            if facts is None:
                continue
            swap = _counted(s, facts)
            if swap is not None:
                out.append(swap)
        return out

    async def _learn(self, w3: AsyncWeb3[Any], catalog: Catalog, seen: list[_Seen]) -> None:
        wanted: dict[str, tuple[Event, set[int]]] = {}
        for s in seen:
            known = self._facts.get(s.log.address)
            indexes = _indexes(s)
            if known is None or not indexes <= set(known.coins):
                wanted.setdefault(s.log.address, (s.kind, set()))[1].update(indexes)
        if not wanted:
            return
        groups = [_reads(pool, kind, indexes) for pool, (kind, indexes) in wanted.items()]
        answers = await aggregate3_isolated(w3, catalog.multicall, groups)
        facts: dict[str, tuple[Event, dict[int, str], str | None, int | None]] = {}
        for (pool, (kind, indexes)), got in zip(wanted.items(), answers, strict=True):
            facts[pool] = (kind, *_parse(kind, sorted(indexes), got))
        vouched = await _vouched(w3, catalog, facts)
        for pool, (kind, coins, factory, _fee) in facts.items():
            old = self._facts.get(pool)
            merged = {**(old.coins if old else {}), **coins}
            self._facts[pool] = _Facts(merged, _name(catalog, pool, kind, factory if pool in vouched else None))
            self._facts.move_to_end(pool)
        while len(self._facts) > KEPT:
            self._facts.popitem(last=False)


def _recognise(log: Log) -> _Seen | None:
    for kind in POOL_SWAPS:
        fields = kind.decode(log)
        if fields is not None:
            return _Seen(log, kind, fields)
    return None


def _curve(kind: Event) -> bool:
    return kind in CURVE_SWAPS


def _indexes(seen: _Seen) -> set[int]:
    if _curve(seen.kind):
        return {int(seen.fields["sold_id"]), int(seen.fields["bought_id"])}
    return {0, 1}


def _reads(pool: str, kind: Event, indexes: set[int]) -> list[Read]:
    if _curve(kind):
        kinds = tuple(zip(COINS, ("uint256", "int128"), strict=True))
        return [Read(pool, sel + encode([t], [i])) for i in sorted(indexes) for sel, t in kinds]
    reads = [Read(pool, TOKEN0), Read(pool, TOKEN1), Read(pool, FACTORY)]
    return reads + ([Read(pool, FEE)] if kind is not V2_SWAP else [])


def _parse(kind: Event, indexes: list[int], got: list[bytes | None]) -> tuple[dict[int, str], str | None, int | None]:
    if _curve(kind):
        coins = {}
        for n, i in enumerate(indexes):
            coin = _address(got[2 * n]) or _address(got[2 * n + 1])
            if coin is not None:
                coins[i] = coin
        return coins, None, None
    coins = {i: a for i, raw in enumerate(got[:2]) if (a := _address(raw)) is not None}
    fee = int.from_bytes(got[3][:32], "big") if kind is not V2_SWAP and got[3] and len(got[3]) >= 32 else None
    return coins, _address(got[2]), fee


async def _vouched(
    w3: AsyncWeb3[Any], catalog: Catalog, facts: dict[str, tuple[Event, dict[int, str], str | None, int | None]]
) -> set[str]:
    """The pools whose factory, asked, names them for their tokens (and fee)."""
    asks: list[tuple[str, Read]] = []
    for pool, (kind, coins, factory, fee) in facts.items():
        if factory is None or 0 not in coins or 1 not in coins:
            continue
        if kind is V2_SWAP:
            asks.append((pool, Read(factory, GET_PAIR + encode(["address", "address"], [coins[0], coins[1]]))))
        elif fee is not None and fee < 2**24:
            call = GET_POOL + encode(["address", "address", "uint24"], [coins[0], coins[1], fee])
            asks.append((pool, Read(factory, call)))
    if not asks:
        return set()
    answers = await aggregate3_isolated(w3, catalog.multicall, [[read] for _, read in asks])
    return {pool for (pool, _), (raw,) in zip(asks, answers, strict=True) if _address(raw) == pool}


def _name(catalog: Catalog, pool: str, kind: Event, factory: str | None) -> str:
    wanted = "stableswap" if _curve(kind) else "uniswap_v2" if kind is V2_SWAP else "uniswap_v3"
    for source in catalog.sources:
        if source.kind == wanted and factory is not None and source.address == factory:
            return source.name
    for source in catalog.sources:
        if pool in source.pools or (source.kind == "stableswap" and source.address == pool):
            return source.name
    return pool


def _counted(seen: _Seen, facts: _Facts) -> PoolSwap | None:
    """What the pool took in and paid out, by its event."""
    f, coins = seen.fields, facts.coins
    if _curve(seen.kind):
        sold, bought = int(f["sold_id"]), int(f["bought_id"])
        if sold not in coins or bought not in coins:
            return None
        ins, outs = (_coin(coins[sold]), f["tokens_sold"]), (_coin(coins[bought]), f["tokens_bought"])
    elif 0 not in coins or 1 not in coins:
        return None
    elif seen.kind is V2_SWAP:
        # the side the pool paid out decides (a pair may be paid both tokens: a fee-on-transfer token's leftovers, a
        # flash swap); where it paid out both, the side it was paid more of, in its own units
        paid0, paid1 = f["amount0Out"] > 0, f["amount1Out"] > 0
        first = paid1 if paid0 != paid1 else f["amount0In"] >= f["amount1In"]
        ins = (coins[0], f["amount0In"]) if first else (coins[1], f["amount1In"])
        outs = (coins[1], f["amount1Out"]) if first else (coins[0], f["amount0Out"])
    else:  # V3: positive is what the pool received
        zero_in = f["amount0"] > 0
        ins = (coins[0], f["amount0"]) if zero_in else (coins[1], f["amount1"])
        outs = (coins[1], -f["amount1"]) if zero_in else (coins[0], -f["amount0"])
    return PoolSwap(seen.log.address, facts.name, ins[0], int(ins[1]), outs[0], int(outs[1]), seen.log.index)


def _coin(coin: str) -> str:
    """Curve's pools list the coin itself as 0xEeee…EEeE."""
    return NATIVE if coin == CURVE_COIN else coin


def _address(raw: bytes | None) -> str | None:
    if raw is None or len(raw) != 32 or raw[:12] != bytes(12) or raw == bytes(32):
        return None
    return to_checksum_address(decode(["address"], raw)[0])
