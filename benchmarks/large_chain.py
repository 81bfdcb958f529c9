"""A chain shaped like a real one: about 1,000 pools over 120 tokens, Uniswap V2 families, Uniswap V3 and Curve
StableSwap pools, read by the engine as any chain.

    PYTHONPATH=. python benchmarks/large_chain.py [--tokens 120] [--seed 1] [--reads 3] [--quotes 40] [--bursts 3]

The chain is built once on a fresh in-memory devnet chain (py-evm), with real signed transactions: Multicall3
placed at its canonical address, WETH9 and swapdesk's ERC-20s, Uniswap's own V2 factory for the 0.3 % families
(Uniswap V2, SushiSwap) and swapdesk's Vyper factory for PancakeSwap's 0.25 %, Uniswap V3 with its periphery and
pools in four fee tiers (the main pairs with a ladder of positions, the long tail with a few wide ones), Curve
pools of three stablecoins each, and the aggregation router trusting all of them. Its snapshot and catalogue
(a `Manifest` listing every pool) are cached under the user cache, keyed by the parameters and by the devnet's
own world key (its contracts and code), so a rerun loads it instead of building it. The engine reaches it
through `DevnetBackend` over a `Devnet` whose world store is that cache: the same JSON-RPC path as any chain.

Printed: the build (time, transactions; or when it was built), the pools by kind; the first read (the pools'
facts and their state) and the whole read again (every pool's state in Multicall3 rounds: time, eth_calls,
reads, the node's share of the time: py-evm executing the reads); resident memory before and after, and the deep
size of the pools' state the reader keeps; quotes on the chain at part=100 (end to end at a known block, and
the split's compute alone); then the reader following new blocks with 0, 5 and 50 swaps in them, and whether
the state it kept from the logs equals a whole read. The devnet mines each transaction into its own block, so
"a block with 50 swaps" is the head 50 swaps later: the reader cannot tell the difference, it reads the logs
since its block in one eth_getLogs either way. That eth_getLogs names every pool, and the devnet takes at most
1,000 addresses a filter (its bound on any array parameter): past that it refuses the filter and the reader
reads every pool again at each new block, which is what the engine does today; the same blocks are then
followed with the filter split into requests of 1,000 addresses by the benchmark's transport, to show what
following the logs costs.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import hashlib
import json
import math
import os
import random
import statistics
import sys
import time
from collections import Counter
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from math import isqrt
from pathlib import Path
from types import FunctionType, ModuleType
from typing import Any

import platformdirs
from eth_utils import to_checksum_address
from web3 import AsyncWeb3
from web3.types import RPCEndpoint, RPCResponse

from swapdesk.api import AggSwapRequest, parse
from swapdesk.chains import Chain, by_id
from swapdesk.contracts import artifact, vendored
from swapdesk.devnet import rpc
from swapdesk.devnet.accounts import DEMO_ACCOUNTS, DEPLOYER_INDEX, FEE_COLLECTOR_INDEX, demo_address, demo_key
from swapdesk.devnet.backend import DevnetBackend
from swapdesk.devnet.builder import Built, genesis_balances
from swapdesk.devnet.clock import HistoryClock, WallClock
from swapdesk.devnet.evm import DevChain
from swapdesk.devnet.manifest import Manifest, SourceEntry, TokenEntry
from swapdesk.devnet.network import Devnet
from swapdesk.devnet.provider import DevnetProvider
from swapdesk.devnet.sender import Sender
from swapdesk.devnet.snapshots import SnapshotStore, world_key
from swapdesk.devnet.uniswap import (
    MULTICALL3,
    TICK_SPACING,
    Position,
    V3Pool,
    deploy_uniswap_v2,
    deploy_uniswap_v3,
    place_multicall,
    v3_needs,
)
from swapdesk.devnet.world import DISCOUNT_TIERS, FEE_RATE_BPS
from swapdesk.engine import Engine
from swapdesk.engine.routing.pool_reader import BlockState, PoolReader
from swapdesk.engine.routing.routes import candidates
from swapdesk.engine.routing.split import best_rate, best_split, probe
from swapdesk.engine.routing.stableswap import StablePool
from swapdesk.engine.routing.uniswap_v2.pool import V2Pool
from swapdesk.engine.routing.uniswap_v3 import V3Pool as V3Model

CHAIN_ID = 1
BUILD_VERSION = 1  # bump when the chain this script builds changes
ERC20, PAIR, FACTORY = artifact("ERC20"), artifact("UniswapV2Pair"), artifact("UniswapV2Factory")
STABLE, ROUTER, WETH = artifact("StableSwap"), artifact("AggregationRouter"), vendored("WETH9")
V3_ROUTER = vendored("SwapRouter")
MAX = 2**256 - 1
DEADLINE = 2**32
TRADER = demo_key(DEPLOYER_INDEX)  # the deployer keeps a margin of every token to trade with
DEMO = demo_address(0)

# (symbol, decimals, USD): the majors, then stablecoins that only Curve pools and a few pairs hold
MAJORS: tuple[tuple[str, int, int], ...] = (
    ("WETH", 18, 3000), ("WBTC", 8, 60000), ("USDT", 6, 1), ("USDC", 6, 1), ("DAI", 18, 1), ("LINK", 18, 15),
    ("UNI", 18, 10), ("SWAP", 18, 1),
)  # fmt: skip
STABLES = (("FRAX", 18), ("LUSD", 18), ("TUSD", 18), ("USDP", 18), ("PYUSD", 6), ("GHO", 18))
CURVE = (
    ("USDT", "USDC", "DAI"), ("FRAX", "USDC", "DAI"), ("LUSD", "USDT", "USDC"), ("TUSD", "DAI", "USDT"),
    ("USDP", "USDC", "FRAX"), ("PYUSD", "USDC", "USDT"), ("GHO", "USDC", "LUSD"),
)  # fmt: skip
FAMILIES = (("Uniswap V2", 30, 1.0), ("SushiSwap", 30, 0.45), ("PancakeSwap", 25, 0.2))  # name, fee bps, depth
MAJOR_V2 = (
    ("WETH", "WBTC"), ("WETH", "USDT"), ("WETH", "USDC"), ("WETH", "DAI"), ("WETH", "LINK"), ("WETH", "UNI"),
    ("USDT", "USDC"), ("USDC", "DAI"), ("USDT", "DAI"), ("WBTC", "USDC"), ("WBTC", "USDT"), ("LINK", "USDC"),
    ("UNI", "USDC"), ("WETH", "SWAP"),
)  # fmt: skip
MAJOR_V3 = (
    (("WETH", "USDC"), 500), (("WETH", "USDC"), 3000), (("WETH", "USDT"), 500), (("WETH", "USDT"), 3000),
    (("WBTC", "WETH"), 500), (("WBTC", "WETH"), 3000), (("USDC", "USDT"), 100), (("DAI", "USDC"), 100),
    (("WETH", "DAI"), 3000), (("WBTC", "USDC"), 3000), (("LINK", "WETH"), 3000), (("UNI", "WETH"), 3000),
)  # fmt: skip
MAIN_DEPTH = 20_000_000  # USD a side of a main pair on the deepest family


@dataclass(frozen=True)
class Token:
    symbol: str
    decimals: int
    usd: float


@dataclass(frozen=True)
class Plan:
    """The chain's contents, a pure function of the parameters (the swaps later use it too)."""

    tokens: tuple[Token, ...]
    pairs: dict[str, list[tuple[str, str, float]]]  # family -> (a, b, USD a side)
    v3: list[tuple[str, str, int, float, bool]]  # (a, b, fee, USD a side, main pool: many positions)


def plan(tokens: int, seed: int) -> Plan:
    rng = random.Random(seed)
    known = [Token(s, d, float(u)) for s, d, u in MAJORS] + [Token(s, d, 1.0) for s, d in STABLES]
    tail = [
        Token(f"T{n:03}", rng.choice((18, 18, 18, 6, 8, 9)), 10 ** rng.uniform(-3, 2.5))
        for n in range(tokens - len(known))
    ]
    pairs: dict[str, list[tuple[str, str, float]]] = {name: [] for name, _, _ in FAMILIES}
    for name, _, weight in FAMILIES:
        pairs[name] += [(a, b, MAIN_DEPTH * weight * (1 if "WETH" in (a, b) else 0.4)) for a, b in MAJOR_V2]
    for symbol, _ in STABLES:
        pairs["Uniswap V2"] += [("USDC", symbol, 2e6), ("WETH", symbol, 1e6)]
        pairs["SushiSwap"].append(("USDC", symbol, 8e5))
    families = [name for name, _, _ in FAMILIES]
    v3: list[tuple[str, str, int, float, bool]] = [(a, b, fee, MAIN_DEPTH * 0.02, True) for (a, b), fee in MAJOR_V3]
    for token in tail:
        depth = 10 ** rng.uniform(4.3, 6.5)  # USD a side on the deepest family: 20k to 3M
        x = token.symbol
        for name, _, weight in FAMILIES:
            pairs[name].append(("WETH", x, depth * weight))
        for name in ("Uniswap V2", "SushiSwap"):
            pairs[name].append(("USDC", x, depth * 0.5))
        pairs[rng.choice(families)].append(("USDT", x, depth * 0.3))
        other = rng.choice([t.symbol for t in tail if t.symbol != x])
        pairs[rng.choice(families)].append((x, other, depth * 0.2))
        v3.append(("WETH", x, 3000, depth * 0.01, False))
        if rng.random() < 1 / 3:
            v3.append(("WETH", x, 10000, depth * 0.005, False))
        if rng.random() < 1 / 3:
            v3.append(("USDC", x, 3000, depth * 0.005, False))
    # a pair listed twice on one family would be one pool: keep the first
    for name in families:
        kept: dict[frozenset[str], tuple[str, str, float]] = {}
        for a, b, depth in pairs[name]:
            kept.setdefault(frozenset((a, b)), (a, b, depth))
        pairs[name] = list(kept.values())
    return Plan(tuple(known + tail), pairs, v3)


def skew(*parts: object) -> float:
    """A pool's price nudge, -40..+40 bps, as the devnet world nudges its pools."""
    digest = hashlib.sha256(":".join(map(str, parts)).encode()).digest()
    return (int.from_bytes(digest[:4], "big") % 81 - 40) / 10_000


def raw(token: Token, usd: float) -> int:
    return int(Decimal(usd / token.usd) * 10**token.decimals)


def _ticks(bps: float) -> int:
    return round(math.log(1 + bps / 10_000) / math.log(1.0001))


def positions(tick: int, spacing: int, main: bool, stable: bool, a0: int, a1: int) -> tuple[Position, ...]:
    """Bands (lower bps, upper bps, share): a main pool gets a ladder of narrow adjacent bands around the price
    and wide ones behind them, as real markets' positions spread; a long-tail pool a few wide ones."""
    if main:
        step = 2 if stable else 40
        bands = [(k * step, (k + 1) * step, 0.6 / 24) for k in range(-12, 12)]
        bands += [(-10 * step * w, 10 * step * w, 0.3 / 3) for w in (1, 3, 9)]
    else:
        bands = [(-1000, 1000, 0.4), (-3000, 3000, 0.3)]
    top = 887272 // spacing * spacing
    out = [Position(-top, top, int(a0 * 0.1), int(a1 * 0.1))]  # full range
    for low_bps, high_bps, share in bands:
        low = (tick + _ticks(low_bps)) // spacing * spacing
        high = max(-(-(tick + _ticks(high_bps)) // spacing) * spacing, low + spacing)
        out.append(Position(low, high, int(a0 * share), int(a1 * share)))
    return tuple(out)


def v3_plans(world: Plan, addresses: dict[str, bytes]) -> list[V3Pool]:
    by_symbol = {t.symbol: t for t in world.tokens}
    planned = []
    for a, b, fee, depth, main in world.v3:
        if addresses[a] > addresses[b]:
            a, b = b, a  # token0 is the lower address
        ta, tb = by_symbol[a], by_symbol[b]
        raw_a, raw_b = raw(ta, depth), int(raw(tb, depth) * (1 + skew("v3", a, b, fee)))
        price = Decimal(raw_b) / Decimal(raw_a)
        tick = math.floor(math.log(float(price)) / math.log(1.0001))
        sqrt_price = isqrt(int(price * Decimal(2) ** 192))
        stable = ta.usd == tb.usd == 1.0
        planned.append(V3Pool((a, b), fee, sqrt_price, positions(tick, TICK_SPACING[fee], main, stable, raw_a, raw_b)))
    return planned


def build(world: Plan) -> tuple[Built, int]:
    """The chain and its catalogue; how many transactions it took."""
    start = time.time() - 3 * 24 * 3600
    chain = DevChain.from_genesis(
        CHAIN_ID, genesis_balances(CHAIN_ID), base_fee=10**9, timestamp=int(start), clock=HistoryClock(start, 1)
    )
    me = Sender(chain, demo_key(DEPLOYER_INDEX))
    by_symbol = {t.symbol: t for t in world.tokens}
    multicall = place_multicall(me)
    blueprint = me.deploy(PAIR, blueprint=True)
    addresses = {"WETH": me.deploy(WETH)}
    for token in world.tokens[1:]:
        addresses[token.symbol] = me.deploy(ERC20, token.symbol, token.symbol, token.decimals)

    # what every pool takes, and a margin of 10 % to trade with later
    need: Counter[str] = Counter()
    for listed in world.pairs.values():
        for a, b, depth in listed:
            need[a] += raw(by_symbol[a], depth)
            need[b] += int(raw(by_symbol[b], depth) * 1.01)
    curve_seed = {coins: [raw(by_symbol[c], 20e6 if coins == CURVE[0] else 3e6) for c in coins] for coins in CURVE}
    for coins, amounts in curve_seed.items():
        need.update(dict(zip(coins, amounts, strict=True)))
    concentrated = v3_plans(world, addresses)
    need.update(v3_needs(concentrated))
    me.send(addresses["WETH"], WETH.encode("deposit"), value=need["WETH"] * 11 // 10, gas=100_000)
    for token in world.tokens[1:]:
        me.send(addresses[token.symbol], ERC20.encode("mint", me.address, need[token.symbol] * 11 // 10 + 1))

    sources: list[SourceEntry] = []
    for name, fee_bps, _ in FAMILIES:
        router = None
        if fee_bps == 30:  # Uniswap's own factory (SushiSwap's is a copy of it)
            factory, router = deploy_uniswap_v2(me, addresses["WETH"])
        else:
            factory = me.deploy(FACTORY, blueprint, fee_bps)
        pools: list[str] = []
        for a, b, depth in world.pairs[name]:
            me.send(factory, FACTORY.encode("createPair", addresses[a], addresses[b]), gas=4_000_000)
            (pool,) = FACTORY.decode("getPair", me.call(factory, FACTORY.encode("getPair", addresses[a], addresses[b])))
            amount_b = int(raw(by_symbol[b], depth) * (1 + skew(name, a, b)))
            me.send(addresses[a], ERC20.encode("transfer", pool, raw(by_symbol[a], depth)), gas=100_000)
            me.send(addresses[b], ERC20.encode("transfer", pool, amount_b), gas=100_000)
            me.send(pool, PAIR.encode("mint", me.address), gas=300_000)
            pools.append(to_checksum_address(pool))
        shown = to_checksum_address(router) if router is not None else None
        sources.append(SourceEntry(name, "uniswap_v2", fee_bps, to_checksum_address(factory), pools, router=shown))
    for coins, amounts in curve_seed.items():
        decimals = [by_symbol[c].decimals for c in coins]
        pool = me.deploy(STABLE, [addresses[c] for c in coins], decimals, 1000, 4_000_000, 5_000_000_000)
        for coin in coins:
            me.send(addresses[coin], ERC20.encode("approve", pool, MAX), gas=100_000)  # and for the swaps later
        me.send(pool, STABLE.encode("add_liquidity", amounts, 0), gas=2_000_000)
        address = to_checksum_address(pool)
        sources.append(SourceEntry("Curve", "stableswap", 4, address, [address]))
    v3 = deploy_uniswap_v3(me, concentrated, addresses, addresses["WETH"])
    sources.append(v3)
    for token in world.tokens:  # the swaps later go through V3's SwapRouter
        me.send(addresses[token.symbol], ERC20.encode("approve", v3.router, MAX), gas=100_000)

    router = me.deploy(ROUTER, addresses["WETH"], demo_address(FEE_COLLECTOR_INDEX), FEE_RATE_BPS["default"])
    for entry in sources:
        if entry.kind == "uniswap_v2":
            me.send(router, ROUTER.encode("addFactory", entry.address, entry.fee_bps))
        elif entry.kind == "uniswap_v3":
            me.send(router, ROUTER.encode("addV3Factory", entry.address))
        else:
            me.send(router, ROUTER.encode("addStablePool", entry.address), gas=1_000_000)
    tiers = [(held * 10**18, share) for held, share in DISCOUNT_TIERS]
    me.send(router, ROUTER.encode("setDiscount", [addresses["SWAP"]], tiers))
    manifest = Manifest(
        chain_id=CHAIN_ID,
        multicall=multicall,
        wrapped=to_checksum_address(addresses["WETH"]),
        discount_token=to_checksum_address(addresses["SWAP"]),
        deployer=me.address,
        demo_accounts=[demo_address(i) for i in range(DEMO_ACCOUNTS)],
        tokens=[
            TokenEntry(to_checksum_address(addresses[t.symbol]), t.symbol, t.symbol, t.decimals) for t in world.tokens
        ],
        sources=sources,
        pair_blueprint=to_checksum_address(blueprint),
        router=to_checksum_address(router),
        fee_collector=demo_address(FEE_COLLECTOR_INDEX),
    )
    chain.clock = WallClock()
    return Built(chain, manifest, None), chain.head.block_number


class ChainCache(SnapshotStore):
    """The built chain on disk, under the user cache: keyed by the parameters, then (by SnapshotStore) by the
    devnet's world key, so new contracts or devnet code rebuild it."""

    def __init__(self, tokens: int, seed: int) -> None:
        key = hashlib.sha256(f"{BUILD_VERSION}:{tokens}:{seed}".encode()).hexdigest()[:12]
        super().__init__(Path(platformdirs.user_cache_dir("swapdesk")) / "benchmarks" / f"large-chain-{key}")
        self.info = self.root / "build.json"

    def load_or_build(self, chain_id: int) -> tuple[DevChain, Manifest]:
        found = self.load(chain_id)
        if found is None:
            raise RuntimeError(f"no built chain at {self.root}")
        return found


class TimedDevnet(Devnet):
    """The devnet, timing the node's side of each request (py-evm's execution and the answer's encoding)."""

    node_seconds = 0.0

    async def rpc(self, chain_id: int, request: Any, call_time: float | None = None) -> bytes | None:
        return await self.run(chain_id, self._timed, request, call_time)

    def _timed(self, chain: DevChain, request: Any, call_time: float | None) -> bytes | None:
        started = time.perf_counter()
        try:
            return rpc.respond(chain, request, call_time)
        finally:
            self.node_seconds += time.perf_counter() - started


class CountingProvider(DevnetProvider):
    """Counts requests by method, the reads inside Multicall3 calls, and the logs answered. With `split_logs`, an
    eth_getLogs filter naming more addresses than that goes to the node as several requests (counted each), their
    logs merged in chain order: a transport for a node without the devnet's cap of 1,000 addresses a filter."""

    def __init__(self, devnet: Devnet, chain_id: int) -> None:
        super().__init__(devnet, chain_id)
        self.calls: Counter[str] = Counter()
        self.reads = 0
        self.logs = 0
        self.split_logs: int | None = None

    async def make_request(self, method: RPCEndpoint, params: Any) -> RPCResponse:
        addresses = params[0].get("address") if method == "eth_getLogs" else None
        if self.split_logs is not None and isinstance(addresses, list) and len(addresses) > self.split_logs:
            logs: list[Any] = []
            for start in range(0, len(addresses), self.split_logs):
                chunk = {**params[0], "address": addresses[start : start + self.split_logs]}
                answer = await self.make_request(method, [chunk])
                if "error" in answer:
                    return answer
                logs += answer["result"]
            logs.sort(key=lambda log: (int(log["blockNumber"], 16), int(log["logIndex"], 16)))
            return RPCResponse(jsonrpc="2.0", id=0, result=logs)
        self.calls[method] += 1
        if method == "eth_call" and str(params[0].get("to", "")).lower() == MULTICALL3.lower():
            self.reads += int(params[0]["data"][2 + 8 + 64 : 2 + 8 + 128], 16)  # aggregate3's array length
        answer = await super().make_request(method, params)
        if method == "eth_getLogs":
            self.logs += len(answer.get("result") or [])
        return answer

    def take(self) -> tuple[Counter[str], int, int]:
        """What was counted since the last take."""
        counted = (self.calls, self.reads, self.logs)
        self.calls, self.reads, self.logs = Counter(), 0, 0
        return counted


class CountingBackend(DevnetBackend):
    def __init__(self, devnet: Devnet) -> None:
        super().__init__(devnet)
        self.providers: dict[int, CountingProvider] = {}
        self.clients: dict[int, AsyncWeb3[Any]] = {}

    async def web3(self, chain: Chain) -> AsyncWeb3[Any]:
        await self.catalog(chain)
        if chain.id not in self.clients:
            self.providers[chain.id] = CountingProvider(self.devnet, chain.id)
            self.clients[chain.id] = AsyncWeb3(self.providers[chain.id])
        return self.clients[chain.id]


def send_swaps(chain: DevChain, pools: list[Any], rng: random.Random, count: int, swap_router: str) -> set[str]:
    """`count` swaps of a thousandth of a pool's depth, each in a pool drawn at random, on the chain's thread;
    the pools swapped in. Pair swaps are the pair's own (a transfer in, then `swap`), V3 swaps go through its
    SwapRouter, StableSwap ones are `exchange`."""
    me = Sender(chain, TRADER)
    swapped: set[str] = set()
    while len(swapped) < count:
        pool = rng.choice(pools)
        if pool.address in swapped:
            continue
        token_in, token_out = rng.sample(list(pool.tokens()), 2)
        if isinstance(pool, V2Pool):
            reserve0, reserve1, _ = PAIR.decode("getReserves", me.call(pool.address, PAIR.encode("getReserves")))
            reserve_in, reserve_out = (reserve0, reserve1) if token_in == pool.token0 else (reserve1, reserve0)
            amount, kept = reserve_in // 1000, 10_000 - pool.fee_bps
            out = amount * kept * reserve_out // (reserve_in * 10_000 + amount * kept)
            if out == 0:
                continue
            me.send(token_in, ERC20.encode("transfer", pool.address, amount), gas=100_000)
            outs = (0, out) if token_in == pool.token0 else (out, 0)
            me.send(pool.address, PAIR.encode("swap", *outs, me.address, b""), gas=300_000)
        elif isinstance(pool, V3Model):
            (held,) = ERC20.decode("balanceOf", me.call(token_in, ERC20.encode("balanceOf", pool.address)))
            if held // 1000 == 0:
                continue
            params = (token_in, token_out, pool.fee, me.address, DEADLINE, held // 1000, 0, 0)
            me.send(swap_router, V3_ROUTER.encode("exactInputSingle", params), gas=2_000_000)
        else:
            assert isinstance(pool, StablePool)
            i, j = pool.coins.index(token_in), pool.coins.index(token_out)
            me.send(pool.address, STABLE.encode("exchange", i, j, pool.balances[i] // 1000, 0), gas=600_000)
        swapped.add(pool.address)
    return swapped


def deposit(chain: DevChain, weth: str) -> None:
    Sender(chain, TRADER).send(weth, WETH.encode("deposit"), value=1, gas=100_000)


def deep_size(root: object) -> int:
    """The bytes of `root` and of everything it reaches, each object once (classes, modules and functions are
    shared by everything, and not counted)."""
    seen: set[int] = set()
    total, stack = 0, [root]
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, type | ModuleType | FunctionType):
            continue
        seen.add(id(obj))
        total += sys.getsizeof(obj)
        stack.extend(gc.get_referents(obj))
    return total


def rss_mib() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def percentiles(samples: list[float]) -> str:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]
    return f"p50 {statistics.median(ordered) * 1e3:8.2f} ms  p95 {p95 * 1e3:8.2f} ms  (n={len(ordered)})"


def counted(calls: Counter[str], reads: int, logs: int) -> str:
    listed = ", ".join(f"{n} {m}" for m, n in sorted(calls.items()))
    return f"{sum(calls.values())} RPC calls ({listed}); {reads} Multicall3 reads; {logs} logs"


async def main(tokens: int, seed: int, reads: int, quotes: int, bursts: int) -> None:
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs; devnet world key {world_key()}")
    world = plan(tokens, seed)
    cache = ChainCache(tokens, seed)
    if cache.load(CHAIN_ID) is None:
        started = time.perf_counter()
        built, transactions = build(world)
        seconds = time.perf_counter() - started
        cache.save(built)
        cache.info.write_text(json.dumps({"seconds": seconds, "transactions": transactions, "at": time.ctime()}))
        del built
        print(f"build: {seconds:.1f} s, {transactions} transactions ({seconds / transactions * 1e3:.1f} ms each)")
    else:
        info = json.loads(cache.info.read_text())
        print(f"build: cached at {cache.root} (built {info['at']} in {info['seconds']:.1f} s, ", end="")
        print(f"{info['transactions']} transactions)")
    size = (cache.root / f"{CHAIN_ID}.snapshot").stat().st_size
    gc.collect()
    before_chain = rss_mib()
    devnet = TimedDevnet(worlds=cache)
    started = time.perf_counter()
    catalog = await devnet.start(CHAIN_ID)
    print(f"chain start from its snapshot ({size / 2**20:.0f} MiB): {time.perf_counter() - started:.2f} s")
    swap_router = next(s.router for s in catalog.sources if s.kind == "uniswap_v3")
    assert swap_router is not None
    kinds = Counter(s.kind for s in catalog.sources for _ in s.pools)
    pool_count = sum(kinds.values())
    print(
        f"chain: {len(catalog.tokens)} tokens, {pool_count} pools ({', '.join(f'{n} {k}' for k, n in kinds.items())})"
    )

    gc.collect()
    before_read = rss_mib()
    backend = CountingBackend(devnet)
    engine = Engine(backend)
    chain = by_id(CHAIN_ID)
    reader = await engine.aggregator.reader(chain)
    provider = backend.providers[CHAIN_ID]
    devnet.node_seconds = 0.0
    started = time.perf_counter()
    state = await reader.current()
    seconds, node = time.perf_counter() - started, devnet.node_seconds
    print(f"first read (facts and state):  {seconds:6.2f} s  (node {node:5.2f} s); {counted(*provider.take())}")
    ticks = [len(p.ticks) for p in state.pools.values() if isinstance(p, V3Model)]
    print(f"  {len(state.pools)} pools read; V3 initialized ticks: {sum(ticks)} in all, up to {max(ticks)} a pool")
    whole = []
    devnet.node_seconds = 0.0
    for _ in range(reads):
        reader.forget_pools()
        started = time.perf_counter()
        await reader.current()
        whole.append(time.perf_counter() - started)
    node = devnet.node_seconds / reads
    print(f"whole read again (state):      {statistics.median(whole):6.2f} s  (node {node:5.2f} s each); ", end="")
    print(f"{counted(*provider.take())} in {reads} reads")
    gc.collect()
    after_read = rss_mib()
    print(f"resident memory: {before_chain:.0f} MiB before the chain, {before_read:.0f} MiB with it started, ", end="")
    print(f"{after_read:.0f} MiB after the reads")
    held = deep_size(state)
    print(
        f"  the engine's share: {after_read - before_read:.0f} MiB of resident memory since the engine started; ",
        end="",
    )
    print(f"the pools' state at the block holds {held / 2**20:.1f} MiB (sys.getsizeof over what it reaches; ", end="")
    print("Python 3.11's inline attribute values are not in it: about a third more on V2 pools)")

    await quote_figures(engine, reader, catalog, quotes)

    rng = random.Random(seed)
    chosen = list(state.pools.values())
    print("following new blocks (median of the bursts; each burst's pools drawn at random):")
    for split in (None, 1000):
        provider.split_logs = split
        if split is None:
            print(f"  the reader's eth_getLogs as it asks (one filter naming all {len(state.pools)} pools):")
        else:
            print(f"  the same filter sent by the transport as requests of at most {split} addresses:")
        for count in (0, 5, 50):
            state = await follow(devnet, reader, provider, catalog, count, bursts, chosen, rng, swap_router)
    whole_now = await reader.read_pools(state.number)
    differing = [a for a, pool in whole_now.items() if state.pools.get(a) != pool]
    print(f"state kept from the logs equals a whole read at block {state.number}: {not differing} ", end="")
    print(f"({len(differing)} pools differ)")
    print(f"load average {os.getloadavg()[0]:.2f}")
    await engine.aclose()


async def follow(
    devnet: TimedDevnet,
    reader: PoolReader,
    provider: CountingProvider,
    catalog: Manifest,
    count: int,
    bursts: int,
    pools: list[Any],
    rng: random.Random,
    swap_router: str,
) -> BlockState:
    """The reader's next look at the head once `count` swaps are in (none: a block without a pool event),
    `bursts` times; its figures printed, the state it ends with returned."""
    times, nodes, again, logs, calls = [], [], [], [], Counter[str]()
    touched = 0
    for _ in range(bursts):
        await reader.current()
        provider.take()
        if count == 0:  # a block with no pool event: a WETH deposit changes the state root, no pool
            await devnet.run(CHAIN_ID, deposit, catalog.wrapped)
        else:
            touched = len(await devnet.run(CHAIN_ID, send_swaps, pools, rng, count, swap_router))
        was, devnet.node_seconds = reader.pools_read_again, 0.0
        started = time.perf_counter()
        state = await reader.current()
        times.append(time.perf_counter() - started)
        nodes.append(devnet.node_seconds)
        again.append(reader.pools_read_again - was)
        made, _, answered = provider.take()
        calls += made
        logs.append(answered)
    print(f"    {count:>2} swaps ({touched:>2} pools): {statistics.median(times) * 1e3:8.2f} ms ", end="")
    print(f"(node {statistics.median(nodes) * 1e3:8.2f} ms), {statistics.median(logs):>4.0f} logs, ", end="")
    listed = ", ".join(f"{n / bursts:g} {m}" for m, n in sorted(calls.items()))
    print(f"pools read again {max(again)}; RPC calls per block: {listed}")
    return state


async def quote_figures(engine: Engine, reader: PoolReader, catalog: Manifest, quotes: int) -> None:
    """End-to-end quotes at the block already known, and the split's compute alone, for a main pair and a
    long-tail one, at part=100."""
    state = await reader.current()
    connectors = [t.address for t in catalog.tokens]
    cases = (("WETH", "USDC", "100"), ("USDC", "T007", "20000"), ("T011", "T023", "1000"))
    for sell, buy, amount in cases:
        src, dst = catalog.token(sell), catalog.token(buy)
        started = time.perf_counter()
        found = await reader.routes(src.address, dst.address)
        first = time.perf_counter() - started
        query = {
            "token0": src.address, "token1": dst.address, "decimal0": str(src.decimals),
            "decimal1": str(dst.decimals), "impact": "100", "part": "100",
            "amountIn": str(int(Decimal(amount) * 10**src.decimals)), "amountOutMin": "0", "to": DEMO, "chain": "ETH",
        }  # fmt: skip
        request = parse(AggSwapRequest, query.items())
        assert isinstance(request, AggSwapRequest)
        quote = await engine.agg_swap(request)
        ends = []
        for _ in range(quotes):
            started = time.perf_counter()
            await engine.agg_swap(request)
            ends.append(time.perf_counter() - started)
        used = int(quote.usedAmountIn)
        gas_value = Fraction(state.base_fee)  # the aggregator's: a unit of gas in the token bought
        if dst.address != catalog.wrapped:
            gas_value *= best_rate(await reader.routes(catalog.wrapped, dst.address), state.pools)
        computes = []
        for _ in range(quotes):
            started = time.perf_counter()
            split = best_split(state.pools, src.address, dst.address, used, 100, connectors, found, gas_value)
            computes.append(time.perf_counter() - started)
        routes = candidates(found, state.pools, probe(used))
        two_hop = sum(len(r.hops) == 2 for r in routes)
        print(f"quote {amount} {sell} -> {buy}: routes found once in {first * 1e3:.0f} ms; ", end="")
        print(f"{len(routes)} candidate routes ({len(routes) - two_hop} direct, {two_hop} two-hop ", end="")
        print(f"through {len(found.via)} connectors); {len(split.legs)} legs")
        print(f"  end to end at a known block: {percentiles(ends)}")
        print(f"  compute alone (best_split):  {percentiles(computes)}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tokens", type=int, default=120)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--reads", type=int, default=3, help="whole reads timed")
    parser.add_argument("--quotes", type=int, default=40, help="quotes timed per pair")
    parser.add_argument("--bursts", type=int, default=3, help="new blocks timed per number of swaps")
    args = parser.parse_args()
    asyncio.run(main(args.tokens, args.seed, args.reads, args.quotes, args.bursts))
