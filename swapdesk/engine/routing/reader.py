"""Reads the state of every pool of a chain in one Multicall3 eth_call.

Immutable facts (a pair's tokens, a StableSwap pool's coins, A, fee and coin
decimals) are read once per chain. Reserves and balances change only when a
block is mined, so they are read once per block, in the same call as the
quote's own facts (the router's fee for the trader, the listed tokens'
decimals, the block's time); a quote at a block already read asks only for
its own facts. A token that is not on the chain's list is the caller's choice
of contract: its decimals are read in a call of its own. Quotes as you type
land on the same block, which is what makes them fast.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from eth_abi import decode
from web3 import AsyncWeb3

from swapdesk.chain.erc20 import decimals_of
from swapdesk.chain.multicall import Read, aggregate3
from swapdesk.contracts import artifact
from swapdesk.devnet.manifest import Manifest
from swapdesk.engine.routing.pools import Pool, StablePool, V2Pool

PAIR, STABLE, ERC20 = artifact("UniswapV2Pair"), artifact("StableSwap"), artifact("ERC20")
ROUTER, MULTICALL = artifact("AggregationRouter"), artifact("Multicall3")
N_COINS = 3
BPS = 10_000
MAX_UINT = 2**256 - 1


class AmountTooLarge(Exception):
    """The router's fee arithmetic (amount x rate in 256 bits) cannot hold the amount."""

    def __init__(self, limit: int) -> None:
        super().__init__(f"at most {limit}")
        self.limit = limit


@dataclass(frozen=True)
class _V2Static:
    address: str
    source: str
    token0: str
    token1: str
    fee_bps: int


@dataclass(frozen=True)
class _StableStatic:
    address: str
    source: str
    coins: tuple[str, ...]
    decimals: tuple[int, ...]
    amp: int
    fee: int


@dataclass(frozen=True)
class _Static:
    v2: tuple[_V2Static, ...]
    stable: tuple[_StableStatic, ...]


@dataclass(frozen=True)
class FeeTerms:
    """The router's fee for one trader and channel, for any amount, as its `quoteFee` computes it."""

    rate: int  # bps of the amount, by channel
    share: int  # bps of the normal fee the trader pays: the discount tier

    @property
    def limit(self) -> int:
        """The largest amount the router takes: it computes amount x rate in 256 bits."""
        return MAX_UINT // self.rate if self.rate else MAX_UINT

    def fee(self, amount: int) -> int:
        return amount * self.rate // BPS * self.share // BPS


@dataclass(frozen=True)
class Snapshot:
    """Everything a quote needs, read at one block."""

    block: int
    timestamp: int
    pools: dict[str, Pool]
    fee_rate: int
    normal_fee: int
    fee: int
    decimals: dict[str, int | None]  # None: not an ERC-20 (no code, or no decimals())


def _address(raw: bytes) -> str:
    return AsyncWeb3.to_checksum_address(raw[12:32])


def _decimals(raw: bytes | None) -> int | None:
    return int.from_bytes(raw, "big") if raw is not None and len(raw) == 32 else None


def _uint(raw: bytes | None) -> int:
    if raw is None or len(raw) < 32:
        raise ValueError("missing return data")
    return int.from_bytes(raw[:32], "big")


class PoolReader:
    def __init__(self, w3: AsyncWeb3, catalog: Manifest) -> None:
        self.w3 = w3
        self.catalog = catalog
        self._static: _Static | None = None
        self._static_lock = asyncio.Lock()
        self._pools_at: tuple[int, dict[str, Pool]] | None = None  # (block, pools)

    async def _load_static(self) -> _Static:
        # concurrent first quotes wait for one read, and nothing is shared until it is complete
        async with self._static_lock:
            if self._static is None:
                self._static = await self._read_static()
            return self._static

    async def _read_static(self) -> _Static:
        mc = self.catalog.multicall
        v2_sources = [s for s in self.catalog.sources if s.kind == "uniswap_v2"]
        stable_sources = [s for s in self.catalog.sources if s.kind == "stableswap"]
        reads = [Read(p, PAIR.encode(fn)) for s in v2_sources for p in s.pools for fn in ("token0", "token1")]
        for s in stable_sources:
            reads += [Read(s.address, STABLE.encode("coins", i)) for i in range(N_COINS)]
            reads += [Read(s.address, STABLE.encode("A")), Read(s.address, STABLE.encode("fee"))]
        out = iter(await aggregate3(self.w3, mc, reads))
        v2 = []
        for s in v2_sources:
            for pool in s.pools:
                token0, token1 = _address(next(out) or b""), _address(next(out) or b"")
                v2.append(_V2Static(pool, s.name, token0, token1, s.fee_bps))
        coins_of = []
        for s in stable_sources:
            coins = tuple(_address(next(out) or b"") for _ in range(N_COINS))
            amp, fee = _uint(next(out)), _uint(next(out))
            coins_of.append((s, coins, amp, fee))
        decimals_out = await aggregate3(
            self.w3, mc, [Read(c, ERC20.encode("decimals")) for _, coins, _, _ in coins_of for c in coins]
        )
        stable = []
        for n, (s, coins, amp, fee) in enumerate(coins_of):
            decimals = tuple(_uint(decimals_out[n * N_COINS + i]) for i in range(N_COINS))
            stable.append(_StableStatic(s.address, s.name, coins, decimals, amp, fee))
        return _Static(tuple(v2), tuple(stable))

    def forget_pools(self) -> None:
        """Read the pools again on the next quote, as after a new block."""
        self._pools_at = None

    @staticmethod
    def _pool_reads(static: _Static) -> list[Read]:
        reads = [Read(p.address, PAIR.encode("getReserves")) for p in static.v2]
        for s in static.stable:
            reads += [Read(s.address, STABLE.encode("balances", i)) for i in range(N_COINS)]
        return reads

    @staticmethod
    def _pools(static: _Static, out: list[bytes | None]) -> dict[str, Pool]:
        answers = iter(out)
        pools: dict[str, Pool] = {}
        for p in static.v2:
            reserve0, reserve1, _ = decode(["uint112", "uint112", "uint32"], next(answers) or b"")
            pools[p.address] = V2Pool(p.address, p.source, p.token0, p.token1, reserve0, reserve1, p.fee_bps)
        for s in static.stable:
            balances = tuple(_uint(next(answers)) for _ in range(N_COINS))
            pools[s.address] = StablePool(s.address, s.source, s.coins, balances, s.decimals, s.amp, s.fee)
        return pools

    async def snapshot(self, trader: str, channel: str, amount: int, tokens: list[str]) -> Snapshot:
        """Raises AmountTooLarge when the router cannot take `amount`."""
        static = await self._load_static()
        block = await self.w3.eth.block_number
        cached = self._pools_at[1] if self._pools_at and self._pools_at[0] == block else None
        pool_reads = [] if cached is not None else self._pool_reads(static)
        listed = {t.address.lower() for t in self.catalog.tokens}
        known = [t for t in tokens if t.lower() in listed]
        mc = self.catalog.multicall
        reads = [
            *pool_reads,
            Read(self.catalog.router, ROUTER.encode("quoteFee", trader, channel, amount)),
            Read(mc, MULTICALL.encode("getCurrentBlockTimestamp")),
            *(Read(t, ERC20.encode("decimals")) for t in known),
        ]
        # any other token is the caller's choice of contract: its code runs apart (see multicall.py)
        strangers = [t for t in tokens if t not in known]
        out, decimals = await asyncio.gather(aggregate3(self.w3, mc, reads), decimals_of(self.w3, mc, strangers))
        if cached is None:
            cached = self._pools(static, out[: len(pool_reads)])
            self._pools_at = (block, cached)
        fees, timestamp, *known_decimals = out[len(pool_reads) :]
        decimals |= {t: _decimals(raw) for t, raw in zip(known, known_decimals, strict=True)}
        if fees is None:  # quoteFee reverted: amount x rate overflowed, or something is wrong with the router
            limit = (await self.fee_terms(trader, channel)).limit
            if amount > limit:
                raise AmountTooLarge(limit)
            raise RuntimeError(f"the router's quoteFee reverted for {amount}")
        fee_rate, normal_fee, fee = decode(["uint256", "uint256", "uint256"], fees)
        return Snapshot(block, _uint(timestamp), dict(cached), fee_rate, normal_fee, fee, decimals)

    async def fee_terms(self, trader: str, channel: str) -> FeeTerms:
        """The router's fee for `trader` at any amount, in one read: at BPS^2 units both of quoteFee's
        divisions are exact, so it answers (rate, rate * BPS, rate * share)."""
        read = Read(self.catalog.router, ROUTER.encode("quoteFee", trader, channel, BPS * BPS))
        (answer,) = await aggregate3(self.w3, self.catalog.multicall, [read])
        rate, _, share_of_rate = decode(["uint256", "uint256", "uint256"], answer or b"")
        return FeeTerms(rate, share_of_rate // rate if rate else BPS)
