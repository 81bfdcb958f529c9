"""Builds the demo world with real signed transactions: on a fresh `DevChain`
(`build`), or on any chain reachable through JSON-RPC (`deploy_world` with an
`RpcSender`, as the anvil test does).

The deployer (account 9 of the test mnemonic) places Multicall3 at its
canonical address and deploys the wrapped native coin, the chain's ERC-20s,
one Uniswap-V2-style factory per DEX family with its pairs (Uniswap's own
bytecode for the families at its fee, swapdesk's Vyper factory for the
others), a StableSwap pool, and Uniswap V3 with pools in several fee tiers
(`uniswap`); it seeds every pool from the world spec and hands demo balances
to accounts 0..8. Every transaction must succeed, or the build fails loudly
(`Reverted`).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace
from decimal import ROUND_DOWN, Context, Decimal, localcontext

from eth_utils import to_checksum_address

from swapdesk.catalogs import Catalog
from swapdesk.chains import by_id
from swapdesk.contracts import artifact, vendored
from swapdesk.devnet.accounts import (
    DEMO_ACCOUNTS,
    DEPLOYER_INDEX,
    DISCOUNT_HOLDERS,
    FEE_COLLECTOR_INDEX,
    demo_address,
    demo_key,
)
from swapdesk.devnet.bridges.config import BRIDGE_CHAINS
from swapdesk.devnet.bridges.deploy import deploy_bridges
from swapdesk.devnet.bridges.deployment import BridgeDeployment
from swapdesk.devnet.bridges.operators import devnet_operators
from swapdesk.devnet.clock import BLOCK_SECONDS, HistoryClock, WallClock
from swapdesk.devnet.evm import DevChain
from swapdesk.devnet.manifest import Manifest, SourceEntry, TokenEntry
from swapdesk.devnet.sender import Deployer, Sender
from swapdesk.devnet.tron.contracts import register_bridges, register_world
from swapdesk.devnet.uniswap import (
    V2_FEE_BPS,
    deploy_uniswap_v2,
    deploy_uniswap_v3,
    place_multicall,
    v3_needs,
    v3_pools,
)
from swapdesk.devnet.vm import uncapped
from swapdesk.devnet.world import DISCOUNT_TIERS, FEE_RATE_BPS, WORLDS, TokenSpec, WorldSpec, skew_bps
from swapdesk.engine.router import PROXY, PROXY_RUNTIME, ROUTER, RouterTerms, setup_calls
from swapdesk.units import scale

DEMO_NATIVE = 10_000  # whole native coins per demo account
DEMO_USD = Decimal(100_000)  # worth of each ERC-20 per demo account
DEPLOYER_NATIVE = 10**12  # whole native coins, enough to wrap for every pool
GAS_BASE_FEE = {95500: 10}  # TRX has 6 decimals: gas priced in sun must be tiny
DEFAULT_BASE_FEE = 10**9
CONTRACTS = (
    "UniswapV2Pair", "WETH9", "ERC20", "UniswapV2Factory", "StableSwap", "AggregationRouter",
    "AnyswapV6Router", "AnyswapV6ERC20", "CBridge", "Bridgers",
)  # fmt: skip
VENDORED_CONTRACTS = (
    "Multicall3", "WETH9", "UniswapV2Factory", "UniswapV2Pair", "UniswapV2Router02", "UniswapV3Factory",
    "UniswapV3Pool", "SwapRouter", "QuoterV2", "NonfungiblePositionManager", "TickLens",
)  # fmt: skip
HISTORY_SECONDS = 24 * 3600  # a world is built as if over the past day, at the chain's block time


def units(amount: Decimal, decimals: int) -> int:
    # world sizes are computed in Decimal, then truncated to whole units
    with localcontext(Context(prec=160)):
        return scale(amount.quantize(Decimal(1).scaleb(-decimals), rounding=ROUND_DOWN), decimals)


def genesis_balances(chain_id: int) -> dict[bytes, int]:
    decimals = by_id(chain_id).native_decimals
    balances = {bytes.fromhex(demo_address(i)[2:]): DEMO_NATIVE * 10**decimals for i in range(DEMO_ACCOUNTS)}
    balances[bytes.fromhex(demo_address(DEPLOYER_INDEX)[2:])] = DEPLOYER_NATIVE * 10**decimals
    return balances


@dataclass(frozen=True)
class Built:
    chain: DevChain
    manifest: Manifest
    bridges: BridgeDeployment | None  # on the chains of the spec's cross-chain table


def build(chain_id: int) -> Built:
    """The world of `chain_id` on a new chain whose blocks lie in the past, one block time apart:
    tokens, DEXs and the router, then (on the cross-chain table's chains) the three bridges; its deployments
    bounded by their gas, not by the time a slow machine takes (`vm.uncapped`)."""
    with uncapped():
        return _build(chain_id)


def _build(chain_id: int) -> Built:
    start = time.time() - HISTORY_SECONDS
    chain = DevChain.from_genesis(
        chain_id,
        genesis_balances(chain_id),
        base_fee=GAS_BASE_FEE.get(chain_id, DEFAULT_BASE_FEE),
        timestamp=int(start),
        clock=HistoryClock(start, BLOCK_SECONDS[chain_id]),
    )
    deployer = Sender(chain, demo_key(DEPLOYER_INDEX))
    manifest = deploy_world(deployer, chain_id)
    bridges = None
    if chain_id in BRIDGE_CHAINS:
        bridges = deploy_bridges(deployer, chain_id, manifest, devnet_operators())
    if by_id(chain_id).tron:  # a TRON node knows each contract's ABI (wallet/getcontract)
        register_world(chain, manifest)
        if bridges is not None:
            register_bridges(chain, bridges, deployer.address)
    chain.clock = WallClock()
    return Built(chain, manifest, bridges)


def deploy_world(me: Deployer, chain_id: int) -> Manifest:
    """Deploy chain `chain_id`'s world from the deployer account; its manifest."""
    spec = WORLDS[chain_id]
    erc20, pair_art = artifact("ERC20"), artifact("UniswapV2Pair")
    factory_art, stable_art = artifact("UniswapV2Factory"), artifact("StableSwap")
    demos = [demo_address(i) for i in range(DEMO_ACCOUNTS)]

    # 1. infrastructure and tokens
    multicall = place_multicall(me)
    blueprint = me.deploy(pair_art, blueprint=True)
    w = spec.wrapped
    if (w.symbol, w.name, w.decimals) == ("WETH", "Wrapped Ether", 18):  # the real WETH9 is exactly this token
        wrapped, weth = me.deploy(vendored("WETH9")), vendored("WETH9")
    else:  # WBNB, WMATIC, WTRX...: WETH9 under other names, whose builds the registry does not ship
        wrapped, weth = me.deploy(artifact("WETH9"), w.name, w.symbol, w.decimals), artifact("WETH9")
    tokens = {spec.wrapped.symbol: wrapped}
    for token in spec.tokens:
        tokens[token.symbol] = me.deploy(erc20, token.name, token.symbol, token.decimals)

    # 2. everything the pools need, minted or wrapped up front
    pairs = spec.pairs()
    seeds = {
        (source.name, pair): _seed(spec, source.weight, pair, skew_bps(chain_id, source.name, pair))
        for source in spec.sources
        for pair in pairs
    }
    stable_seed = [units(spec.depth_usd * 3, spec.token(s).decimals) for s in spec.stable.coins]
    concentrated = v3_pools(spec, tokens)
    need = dict.fromkeys(tokens, 0)
    for (_, pair), amounts in seeds.items():
        for symbol, amount in zip(pair, amounts, strict=True):
            need[symbol] += amount
    for symbol, amount in zip(spec.stable.coins, stable_seed, strict=True):
        need[symbol] += amount
    for symbol, amount in v3_needs(concentrated).items():
        need[symbol] += amount
    me.send(wrapped, weth.encode("deposit"), value=need[spec.wrapped.symbol], gas=100_000)
    for token in spec.tokens:
        me.send(tokens[token.symbol], erc20.encode("mint", me.address, need[token.symbol]))
        holders = demos[:DISCOUNT_HOLDERS] if token.symbol == spec.discount_token else demos
        for demo in holders:
            me.send(tokens[token.symbol], erc20.encode("mint", demo, _demo_amount(token)))

    # 3. constant-product sources: factory, pairs, liquidity
    sources: list[SourceEntry] = []
    for source in spec.sources:
        dex_router = None
        if source.fee_bps == V2_FEE_BPS:  # Uniswap's own factory and pairs, and its Router02
            factory, dex_router = deploy_uniswap_v2(me, wrapped)
        else:
            factory = me.deploy(factory_art, blueprint, source.fee_bps)
        pools: list[str] = []
        for pair in pairs:
            a, b = pair
            me.send(factory, factory_art.encode("createPair", tokens[a], tokens[b]), gas=4_000_000)
            (pool,) = factory_art.decode(
                "getPair", me.call(factory, factory_art.encode("getPair", tokens[a], tokens[b]))
            )
            amount_a, amount_b = seeds[(source.name, pair)]
            me.send(tokens[a], erc20.encode("transfer", pool, amount_a), gas=100_000)
            me.send(tokens[b], erc20.encode("transfer", pool, amount_b), gas=100_000)
            me.send(pool, pair_art.encode("mint", me.address), gas=300_000)
            pools.append(to_checksum_address(pool))
        shown_router = to_checksum_address(dex_router) if dex_router is not None else None
        factory_address = to_checksum_address(factory)
        sources.append(
            SourceEntry(source.name, "uniswap_v2", source.fee_bps, factory_address, pools, router=shown_router)
        )

    # 4. the StableSwap pool
    coins = [tokens[s] for s in spec.stable.coins]
    decimals = [spec.token(s).decimals for s in spec.stable.coins]
    admin_fee = 5_000_000_000  # half of each fee to the owner, as Curve's 3pool launched
    pool = me.deploy(stable_art, coins, decimals, spec.stable.amplification, spec.stable.fee, admin_fee)
    for coin, amount in zip(coins, stable_seed, strict=True):
        me.send(coin, erc20.encode("approve", pool, amount), gas=100_000)
    me.send(pool, stable_art.encode("add_liquidity", stable_seed, 0), gas=2_000_000)
    stable_fee_bps = spec.stable.fee // 1_000_000
    sources.append(
        SourceEntry(
            spec.stable.name, "stableswap", stable_fee_bps, to_checksum_address(pool), [to_checksum_address(pool)]
        )
    )

    # 5. Uniswap V3, its pools in several fee tiers, liquidity over tick ranges as real positions spread it
    sources.append(deploy_uniswap_v3(me, concentrated, tokens, wrapped))

    # 6. swapdesk's router, deployed as anyone deploys it (through the deterministic-deployment proxy: the same
    # address on every chain), trusting exactly the pools built above
    collector = demo_address(FEE_COLLECTOR_INDEX)
    manifest = Manifest(
        chain_id=chain_id,
        multicall=multicall,
        wrapped=to_checksum_address(wrapped),
        discount_token=to_checksum_address(tokens[spec.discount_token]),
        deployer=me.address,
        demo_accounts=demos,
        tokens=[
            TokenEntry(to_checksum_address(tokens[t.symbol]), t.symbol, t.name, t.decimals)
            for t in (spec.wrapped, *spec.tokens)
        ],
        sources=sources,
        pair_blueprint=to_checksum_address(blueprint),
        fee_collector=collector,
    )
    terms = RouterTerms(me.address, collector, FEE_RATE_BPS["default"], FEE_RATE_BPS)
    router = deploy_router(me, manifest, terms)
    discount = spec.token(spec.discount_token)
    tiers = [(units(Decimal(held), discount.decimals), share) for held, share in DISCOUNT_TIERS]
    me.send(router, ROUTER.encode("setDiscount", [tokens[spec.discount_token]], tiers))
    return replace(manifest, router=router)


def deploy_router(me: Deployer, catalog: Catalog, terms: RouterTerms) -> str:
    """swapdesk's router on this chain, as `swapdesk router deploy` puts it there: through the proxy (placed
    first, as anvil and real chains have it), then set up for the chain's sources; its address."""
    me.place(PROXY, PROXY_RUNTIME)
    me.send(*terms.deploy_call(), gas=6_000_000)
    router = terms.address()
    for to, data in setup_calls(router, catalog, terms):
        me.send(to, data, gas=1_000_000)
    return router


def _seed(spec: WorldSpec, weight: Decimal, pair: tuple[str, str], skew: int) -> tuple[int, int]:
    """Reserves of one pool: equal USD value on both sides, nudged by `skew`."""
    a, b = spec.token(pair[0]), spec.token(pair[1])
    main = spec.wrapped.symbol in pair
    depth = spec.depth_usd * weight * (1 if main else Decimal("0.4"))
    amount_a = depth / a.usd
    amount_b = depth / b.usd * (1 + Decimal(skew) / 10_000)
    return units(amount_a, a.decimals), units(amount_b, b.decimals)


def _demo_amount(token: TokenSpec) -> int:
    return units(DEMO_USD / token.usd, token.decimals)
