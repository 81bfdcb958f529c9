"""Reads the state of every pool of a chain in one Multicall3 eth_call.

Immutable facts (a pair's tokens, a StableSwap pool's coins, A, fee and coin
decimals) are read once per chain. Reserves and balances change only when a
block is mined, so they are read once per block, in the same call as the
quote's own facts (the router's fee for the trader, the tokens' decimals, the
block's time); a quote at a block already read asks only for its own facts.
Quotes as you type land on the same block, which is what makes them fast.
"""

from __future__ import annotations

from dataclasses import dataclass

from eth_abi import decode
from web3 import AsyncWeb3

from swapdesk.chain.multicall import Read, aggregate3
from swapdesk.contracts import artifact
from swapdesk.devnet.manifest import Manifest
from swapdesk.engine.routing.pools import Pool, StablePool, V2Pool

PAIR, STABLE, ERC20 = artifact("UniswapV2Pair"), artifact("StableSwap"), artifact("ERC20")
ROUTER, MULTICALL = artifact("AggregationRouter"), artifact("Multicall3")
N_COINS = 3


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


def _uint(raw: bytes | None) -> int:
    if raw is None or len(raw) < 32:
        raise ValueError("missing return data")
    return int.from_bytes(raw[:32], "big")


class PoolReader:
    def __init__(self, w3: AsyncWeb3, catalog: Manifest) -> None:
        self.w3 = w3
        self.catalog = catalog
        self._v2: list[_V2Static] | None = None
        self._stable: list[_StableStatic] = []
        self._pools_at: tuple[int, dict[str, Pool]] | None = None  # (block, pools)

    async def _load_static(self) -> list[_V2Static]:
        if self._v2 is not None:
            return self._v2
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
        for n, (s, coins, amp, fee) in enumerate(coins_of):
            decimals = tuple(_uint(decimals_out[n * N_COINS + i]) for i in range(N_COINS))
            self._stable.append(_StableStatic(s.address, s.name, coins, decimals, amp, fee))
        self._v2 = v2
        return v2

    def forget_pools(self) -> None:
        """Read the pools again on the next quote, as after a new block."""
        self._pools_at = None

    def _pool_reads(self, v2: list[_V2Static]) -> list[Read]:
        reads = [Read(p.address, PAIR.encode("getReserves")) for p in v2]
        for s in self._stable:
            reads += [Read(s.address, STABLE.encode("balances", i)) for i in range(N_COINS)]
        return reads

    def _pools(self, v2: list[_V2Static], out: list[bytes | None]) -> dict[str, Pool]:
        answers = iter(out)
        pools: dict[str, Pool] = {}
        for p in v2:
            reserve0, reserve1, _ = decode(["uint112", "uint112", "uint32"], next(answers) or b"")
            pools[p.address] = V2Pool(p.address, p.source, p.token0, p.token1, reserve0, reserve1, p.fee_bps)
        for s in self._stable:
            balances = tuple(_uint(next(answers)) for _ in range(N_COINS))
            pools[s.address] = StablePool(s.address, s.source, s.coins, balances, s.decimals, s.amp, s.fee)
        return pools

    async def snapshot(self, trader: str, channel: str, amount: int, tokens: list[str]) -> Snapshot:
        v2 = await self._load_static()
        block = await self.w3.eth.block_number
        cached = self._pools_at[1] if self._pools_at and self._pools_at[0] == block else None
        pool_reads = [] if cached is not None else self._pool_reads(v2)
        mc = self.catalog.multicall
        reads = [
            *pool_reads,
            Read(self.catalog.router, ROUTER.encode("quoteFee", trader, channel, amount)),
            *(Read(t, ERC20.encode("decimals")) for t in tokens),
            Read(mc, MULTICALL.encode("getCurrentBlockTimestamp")),
        ]
        out = await aggregate3(self.w3, mc, reads)
        if cached is None:
            cached = self._pools(v2, out[: len(pool_reads)])
            self._pools_at = (block, cached)
        rest = iter(out[len(pool_reads) :])
        fee_rate, normal_fee, fee = decode(["uint256", "uint256", "uint256"], next(rest) or b"")
        decimals: dict[str, int | None] = {}
        for token in tokens:
            answer = next(rest)
            decimals[token] = _uint(answer) if answer is not None and len(answer) == 32 else None
        timestamp = _uint(next(rest))
        return Snapshot(block, timestamp, dict(cached), fee_rate, normal_fee, fee, decimals)
