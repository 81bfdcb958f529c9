"""A random world of the protocols' own pools on anvil, for the split sweep (`split_sweep.py`).

Five tokens (WETH9 and four of Uniswap V2's test ERC-20s, each at a random price), two Uniswap V2 deployments
("Uniswap V2" and "SushiSwap": the npm UniswapV2Factory and Router02, 30 bps each) and Uniswap V3 (npm factory,
SwapRouter, QuoterV2 and NonfungiblePositionManager) with pools in the 0.05 %, 0.3 % and 1 % tiers. Each pair
of tokens gets, at random, a pair on either V2 deployment and pools in some V3 tiers, each at its own depth
(over four orders of magnitude) and a price off the tokens' by up to a few percent; every V3 pool holds a
full-range position and up to two narrower ones. Liquidity goes in through the protocols' own periphery, as
anyone adds it; swapdesk's router is deployed as `swapdesk router deploy` deploys it (`deploy_router`).
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from decimal import Decimal, localcontext
from math import isqrt
from typing import Any

from swapdesk.catalogs import Catalog
from swapdesk.contracts import vendored
from swapdesk.devnet.builder import deploy_router
from swapdesk.devnet.sender import RpcSender
from swapdesk.devnet.uniswap import place_multicall
from swapdesk.engine.router import RouterTerms

ANVIL_KEY = bytes.fromhex("ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80")  # anvil's account 0
E18 = 10**18
TIERS = {500: 10, 3000: 60, 10000: 200}  # fee -> tick spacing
MAX_TICK = 887272
ERC20, WETH9 = vendored("TestERC20"), vendored("WETH9")
V2_FACTORY, ROUTER02 = vendored("UniswapV2Factory"), vendored("UniswapV2Router02")
V3_FACTORY, MANAGER = vendored("UniswapV3Factory"), vendored("NonfungiblePositionManager")
SWAP_ROUTER, QUOTER = vendored("SwapRouter"), vendored("QuoterV2")
V2_SOURCES = ("Uniswap V2", "SushiSwap")
SYMBOLS = ("TKA", "TKB", "TKC", "TKD")


@dataclass(frozen=True)
class Hop:
    """A pool a route can take between two tokens, as the protocols' periphery is asked about it."""

    source: str
    kind: str  # "v2" or "v3"
    a: str
    b: str
    pool: str
    depth: Decimal  # about what the pool holds of each token, in WETH
    fee: int = 0  # V3: the pool's tier


@dataclass
class World:
    url: str
    tokens: dict[str, str]  # symbol -> address
    value: dict[str, Decimal]  # address -> worth of a whole token in WETH
    v2_routers: dict[str, str]  # source -> Router02
    swap_router: str
    quoter: str
    catalogue: dict[str, Any]  # the shipped format, swapdesk's router in it
    hops: list[Hop] = field(default_factory=list)

    def catalog(self, router: bool = True) -> Catalog:
        """The chain's catalogue, with swapdesk's router or without it (the fallback's chain)."""
        return Catalog.from_json(json.dumps({**self.catalogue, "router": self.catalogue["router"] if router else None}))

    def between(self, a: str, b: str) -> list[Hop]:
        return [h for h in self.hops if {h.a, h.b} == {a, b}]


def _sqrt_price_x96(price: Decimal) -> int:
    with localcontext() as context:
        context.prec = 80
        return isqrt(int(price * (Decimal(2) ** 192)))


def _tick_of(price: Decimal) -> int:
    with localcontext() as context:
        context.prec = 60
        return int(price.ln() / Decimal("1.0001").ln())


def build(url: str, key: bytes, rng: random.Random, funded: list[str]) -> World:
    """Deploy a random world from `key` (an anvil account); each of `funded` gets 10^6 ETH and 10^30 of each
    token (WETH: 10^6 of it)."""
    me = RpcSender(url, key)
    try:
        return _build(me, url, rng, funded)
    finally:
        me.close()


def _build(me: RpcSender, url: str, rng: random.Random, funded: list[str]) -> World:
    multicall = place_multicall(me)
    weth = "0x" + me.deploy(WETH9).hex()
    me.send(weth, WETH9.encode("deposit"), value=10**7 * E18, gas=100_000)
    tokens = {"WETH": weth} | {s: "0x" + me.deploy(ERC20, 10**36).hex() for s in SYMBOLS}
    value = {weth: Decimal(1)} | {tokens[s]: Decimal(10) ** Decimal(rng.uniform(-3, 1)) for s in SYMBOLS}
    v2 = {}
    for name in V2_SOURCES:
        factory = "0x" + me.deploy(V2_FACTORY, me.address).hex()
        v2[name] = (factory, "0x" + me.deploy(ROUTER02, factory, weth).hex())
    v3_factory = "0x" + me.deploy(V3_FACTORY).hex()
    manager = "0x" + me.deploy(MANAGER, v3_factory, weth, "0x" + "00" * 20).hex()
    swap_router = "0x" + me.deploy(SWAP_ROUTER, v3_factory, weth).hex()
    quoter = "0x" + me.deploy(QUOTER, v3_factory, weth).hex()
    for token in tokens.values():
        for spender in (*(router for _, router in v2.values()), manager, swap_router):
            me.send(token, ERC20.encode("approve", spender, 2**256 - 1), gas=100_000)
    world = World(url, tokens, value, {n: r for n, (_, r) in v2.items()}, swap_router, quoter, {})
    deadline = 2**40
    addresses = list(tokens.values())
    for i, a in enumerate(addresses):
        for b in addresses[i + 1 :]:
            for name, (_, router) in v2.items():
                if rng.random() < 0.7:
                    depth = Decimal(10) ** Decimal(rng.uniform(0, 4))
                    skew = Decimal(1) + Decimal(rng.uniform(-0.03, 0.03))
                    amount_a, amount_b = int(depth / value[a] * E18), int(depth / value[b] * skew * E18)
                    add = ROUTER02.encode("addLiquidity", a, b, amount_a, amount_b, 0, 0, me.address, deadline)
                    me.send(router, add, gas=3_000_000)
                    (pair,) = V2_FACTORY.decode("getPair", me.call(v2[name][0], V2_FACTORY.encode("getPair", a, b)))
                    world.hops.append(Hop(name, "v2", a, b, pair.lower(), depth))
            for fee, spacing in TIERS.items():
                if rng.random() < 0.4:
                    depth = _v3_pool(me, manager, (a, b), fee, spacing, value, rng)
                    (pool,) = V3_FACTORY.decode("getPool", me.call(v3_factory, V3_FACTORY.encode("getPool", a, b, fee)))
                    world.hops.append(Hop("Uniswap V3", "v3", a, b, pool.lower(), depth, fee))
    for address in funded:
        me.send(address, value=10**6 * E18, gas=21_000)
        me.send(weth, ERC20.encode("transfer", address, 10**6 * E18), gas=100_000)
        for symbol in SYMBOLS:
            me.send(tokens[symbol], ERC20.encode("transfer", address, 10**30), gas=100_000)
    terms = RouterTerms(me.address, me.address, 20, {"web": 20})
    world.catalogue = {
        "chain_id": me.chain_id,
        "name": "anvil",
        "multicall": multicall,
        "wrapped": weth,
        "router": None,
        "tokens": [
            {"address": t, "symbol": s, "name": s, "decimals": 18, "reference": "deployed by the sweep"}
            for s, t in tokens.items()
        ],
        "sources": [
            *({"name": n, "kind": "uniswap_v2", "fee_bps": 30, "address": f, "router": r} for n, (f, r) in v2.items()),
            {"name": "Uniswap V3", "kind": "uniswap_v3", "fee_bps": 5, "address": v3_factory, "router": swap_router,
             "fee_tiers": sorted(TIERS)},
        ],
    }  # fmt: skip
    world.catalogue["router"] = deploy_router(me, world.catalog(router=False), terms)
    return world


def _v3_pool(
    me: RpcSender,
    manager: str,
    pair: tuple[str, str],
    fee: int,
    spacing: int,
    value: dict[str, Decimal],
    rng: random.Random,
) -> Decimal:
    """A V3 pool at a random skew from the tokens' price: a full-range position and up to two narrower ones; its
    full-range position's depth (WETH)."""
    t0, t1 = sorted(pair, key=lambda t: int(t, 16))
    price = value[t0] / value[t1] * (Decimal(1) + Decimal(rng.uniform(-0.03, 0.03)))  # token1 per token0
    create = MANAGER.encode("createAndInitializePoolIfNecessary", t0, t1, fee, _sqrt_price_x96(price))
    me.send(manager, create, gas=6_000_000)
    tick, edge = _tick_of(price), MAX_TICK // spacing * spacing
    ranges = [(-edge, edge)]
    for _ in range(rng.randint(0, 2)):
        width = rng.randint(1, 200) * spacing
        low = (tick - rng.randint(0, width)) // spacing * spacing
        ranges.append((max(low, -edge), min(low + width, edge)))
    depths = []
    for lower, upper in ranges:
        depths.append(Decimal(10) ** Decimal(rng.uniform(0, 4)))
        amount0, amount1 = int(depths[-1] / value[t0] * E18), int(depths[-1] / value[t1] * E18)
        mint = (t0, t1, fee, lower, upper, amount0, amount1, 0, 0, me.address, 2**40)
        me.send(manager, MANAGER.encode("mint", mint), gas=6_000_000)
    return depths[0]
