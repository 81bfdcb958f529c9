"""Uniswap's own contracts in the world: the bytecode its npm packages ship (`swapdesk.contracts.vendored`).

On every chain: Multicall3's canonical runtime at its canonical address (wallets and viem call it there); each
constant-product family whose fee is Uniswap V2's (0.3 %) is the real V2 factory with its pairs and its own
`UniswapV2Router02`; and one Uniswap V3 deployment (factory, `SwapRouter`, `QuoterV2`,
`NonfungiblePositionManager`, `TickLens`) with pools in several fee tiers whose liquidity is spread the way real
positions are: a dense band of narrow positions around the price, thinner wide ones, and a full-range one.

The world's other DEX families keep their own fees on swapdesk's Vyper factory (no public build of theirs is on
the registry), and the wrapped native coin is the real WETH9 only where it is WETH (elsewhere WBNB, WMATIC... are
WETH9 with other names, whose builds are not on the registry either).
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Context, Decimal, localcontext
from math import isqrt

from eth_utils import to_checksum_address

from swapdesk.contracts import artifact, vendored
from swapdesk.devnet.manifest import SourceEntry
from swapdesk.devnet.sender import Deployer
from swapdesk.devnet.world import WorldSpec, skew_bps

MULTICALL3 = "0xcA11bde05977b3631167028862bE2a173976CA11"
V2_FEE_BPS = 30  # what the real UniswapV2Pair keeps: its swap checks K with 997/1000
V3_SOURCE = "Uniswap V3"
MIN_TICK, MAX_TICK = -887272, 887272
TICK_SPACING = {100: 1, 500: 10, 3000: 60, 10000: 200}  # fee (pips) -> spacing; 100 is enabled by the owner
DEADLINE = 2**32  # positions are minted at once: any deadline in the future will do

# the capital in a pool as a share of the world's base depth, by fee tier: concentrated near the price, a V3
# pool's capital goes about a hundred times further there than a pair's, so these few percent make pools about
# as deep as the chain's main pairs near the price, and thin beyond their bands
TIER_WEIGHT = {100: Decimal("0.02"), 500: Decimal("0.02"), 3000: Decimal("0.015"), 10000: Decimal("0.01")}
# positions as (lower, upper) in basis points of price around the pool's price, and their share of its depth:
# most liquidity in narrow bands near the price, less in wide ranges, a little over the whole range
POSITIONS = (
    (-50, 50, "0.16"), (-100, 100, "0.14"), (-200, 200, "0.12"), (-400, 150, "0.08"), (-150, 400, "0.08"),
    (-1000, 1000, "0.12"), (-3000, 3000, "0.1"), (-6000, 10000, "0.1"), (None, None, "0.1"),
)  # fmt: skip
STABLE_POSITIONS = (  # a stable pair's price barely moves: its bands are a few basis points wide
    (-3, 3, "0.3"), (-10, 10, "0.25"), (-30, 30, "0.15"), (-100, 100, "0.1"), (-500, 500, "0.1"), (None, None, "0.1"),
)  # fmt: skip


@dataclass(frozen=True)
class Position:
    tick_lower: int
    tick_upper: int
    amount0: int  # most of each token the position may take (the position manager takes what fits)
    amount1: int


@dataclass(frozen=True)
class V3Pool:
    symbols: tuple[str, str]  # token0's and token1's symbols, by address order
    fee: int
    sqrt_price_x96: int
    positions: tuple[Position, ...]


def v3_pools(spec: WorldSpec, tokens: dict[str, bytes]) -> list[V3Pool]:
    """The world's V3 pools on one chain, their prices nudged as the V2 pools' are, and their positions."""
    planned = []
    for (a, b), fee in spec.v3_pairs():
        if tokens[a] > tokens[b]:
            a, b = b, a  # token0 is the lower address
        ta, tb = spec.token(a), spec.token(b)
        skew = skew_bps(spec.chain_id, V3_SOURCE, (a, b))
        with localcontext(Context(prec=80)):
            depth = spec.depth_usd * TIER_WEIGHT[fee]
            raw_a = (depth / ta.usd).scaleb(ta.decimals)  # one side's worth, in smallest units
            raw_b = (depth / tb.usd * (1 + Decimal(skew) / 10_000)).scaleb(tb.decimals)
            price = raw_b / raw_a  # token1 per token0, smallest units
            tick = int((price.ln() / Decimal("1.0001").ln()).to_integral_value(rounding="ROUND_FLOOR"))
            sqrt_price = isqrt(int(price * (Decimal(2) ** 192)))
            stable = a in spec.stable.coins and b in spec.stable.coins
            positions = tuple(
                _position(
                    tick, TICK_SPACING[fee], lower, upper, int(raw_a * Decimal(share)), int(raw_b * Decimal(share))
                )
                for lower, upper, share in (STABLE_POSITIONS if stable else POSITIONS)
            )
        planned.append(V3Pool((a, b), fee, sqrt_price, positions))
    return planned


def _position(tick: int, spacing: int, lower_bps: int | None, upper_bps: int | None, a0: int, a1: int) -> Position:
    if lower_bps is None or upper_bps is None:
        low, high = -(MAX_TICK // spacing) * spacing, (MAX_TICK // spacing) * spacing
    else:
        low = (tick + _ticks(lower_bps)) // spacing * spacing
        high = -(-(tick + _ticks(upper_bps)) // spacing) * spacing
        if high <= low:
            high = low + spacing
    return Position(low, high, a0, a1)


def _ticks(bps: int) -> int:
    """The ticks of a price move of `bps` basis points (a tick is 1 bp of price, compounded)."""
    with localcontext(Context(prec=40)):
        return int(((1 + Decimal(bps) / 10_000).ln() / Decimal("1.0001").ln()).to_integral_value())


def v3_needs(pools: list[V3Pool]) -> dict[str, int]:
    """What the deployer must hold to mint every position."""
    need: dict[str, int] = {}
    for pool in pools:
        for position in pool.positions:
            for symbol, amount in zip(pool.symbols, (position.amount0, position.amount1), strict=True):
                need[symbol] = need.get(symbol, 0) + amount
    return need


def place_multicall(me: Deployer) -> str:
    """Multicall3's canonical runtime at its canonical address (placed as state: on a real chain a presigned,
    pre-EIP-155 transaction puts it there, which the devnet refuses as it refuses every unprotected one)."""
    me.place(MULTICALL3, vendored("Multicall3").deployed_bytecode)
    return MULTICALL3


def deploy_uniswap_v2(me: Deployer, wrapped: bytes) -> tuple[bytes, bytes]:
    """A real Uniswap V2 factory for one DEX family, and its Router02: (factory, router)."""
    factory = me.deploy(vendored("UniswapV2Factory"), me.address)
    router = me.deploy(vendored("UniswapV2Router02"), factory, wrapped)
    return factory, router


def deploy_uniswap_v3(me: Deployer, pools: list[V3Pool], tokens: dict[str, bytes], wrapped: bytes) -> SourceEntry:
    """Uniswap V3 with its periphery, its pools created at their prices and every position minted."""
    factory_art, manager_art = vendored("UniswapV3Factory"), vendored("NonfungiblePositionManager")
    erc20 = artifact("ERC20")  # the world's tokens are swapdesk's own ERC-20s
    factory = me.deploy(factory_art)
    me.send(factory, factory_art.encode("enableFeeAmount", 100, TICK_SPACING[100]))
    swap_router = me.deploy(vendored("SwapRouter"), factory, wrapped)
    quoter = me.deploy(vendored("QuoterV2"), factory, wrapped)
    lens = me.deploy(vendored("TickLens"))
    manager = me.deploy(manager_art, factory, wrapped, bytes(20))  # no descriptor: positions need no token URI
    for symbol in {s for pool in pools for s in pool.symbols}:
        me.send(tokens[symbol], erc20.encode("approve", manager, 2**256 - 1), gas=100_000)
    addresses: list[str] = []
    for pool in pools:
        token0, token1 = (tokens[s] for s in pool.symbols)
        create = manager_art.encode("createAndInitializePoolIfNecessary", token0, token1, pool.fee, pool.sqrt_price_x96)
        me.send(manager, create, gas=6_000_000)
        for p in pool.positions:
            params = (
                token0,
                token1,
                pool.fee,
                p.tick_lower,
                p.tick_upper,
                p.amount0,
                p.amount1,
                0,
                0,
                me.address,
                DEADLINE,
            )
            me.send(manager, manager_art.encode("mint", params), gas=1_000_000)
        (address,) = factory_art.decode(
            "getPool", me.call(factory, factory_art.encode("getPool", token0, token1, pool.fee))
        )
        addresses.append(to_checksum_address(address))
    fees = sorted({pool.fee for pool in pools})
    return SourceEntry(
        V3_SOURCE,
        "uniswap_v3",
        fees[0] // 100,
        to_checksum_address(factory),
        addresses,
        fee_tiers=fees,
        router=to_checksum_address(swap_router),
        quoter=to_checksum_address(quoter),
        position_manager=to_checksum_address(manager),
        tick_lens=to_checksum_address(lens),
    )
