"""Reads the state of every pool of a chain, and a quote's other facts, in
one Multicall3 eth_call per quote.

Immutable facts (a pair's tokens, a StableSwap pool's coins, A, fee and coin
decimals) are read once per chain and kept; reserves and balances are read
for every quote, together with the router's fee for the trader, the tokens'
decimals and the block, so a quote is consistent with one block.
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

    async def snapshot(self, trader: str, channel: str, amount: int, tokens: list[str]) -> Snapshot:
        v2 = await self._load_static()
        reads = [Read(p.address, PAIR.encode("getReserves")) for p in v2]
        for s in self._stable:
            reads += [Read(s.address, STABLE.encode("balances", i)) for i in range(N_COINS)]
        reads.append(Read(self.catalog.router, ROUTER.encode("quoteFee", trader, channel, amount)))
        reads += [Read(t, ERC20.encode("decimals")) for t in tokens]
        mc = self.catalog.multicall
        reads += [Read(mc, MULTICALL.encode("getBlockNumber")), Read(mc, MULTICALL.encode("getCurrentBlockTimestamp"))]
        out = iter(await aggregate3(self.w3, mc, reads))

        pools: dict[str, Pool] = {}
        for p in v2:
            raw = next(out) or b""
            reserve0, reserve1, _ = decode(["uint112", "uint112", "uint32"], raw)
            pools[p.address] = V2Pool(p.address, p.source, p.token0, p.token1, reserve0, reserve1, p.fee_bps)
        for s in self._stable:
            balances = tuple(_uint(next(out)) for _ in range(N_COINS))
            pools[s.address] = StablePool(s.address, s.source, s.coins, balances, s.decimals, s.amp, s.fee)
        fee_rate, normal_fee, fee = decode(["uint256", "uint256", "uint256"], next(out) or b"")
        decimals: dict[str, int | None] = {}
        for token in tokens:
            answer = next(out)
            decimals[token] = _uint(answer) if answer is not None and len(answer) == 32 else None
        block, timestamp = _uint(next(out)), _uint(next(out))
        return Snapshot(block, timestamp, pools, fee_rate, normal_fee, fee, decimals)
