"""A quote's `impact` against an independent computation from the chain.

The definition (swapdesk/engine/routing/impact.py): impact = 1 - O / sum(a_r * m_r),
O the quote's output, a_r what route r receives, m_r the route's marginal rate
at the quoted block, pool fees included. Here every figure comes from the
chain and the call data, not from the engine: a_r by the router's arithmetic
from the call data's parts, m_r for a V2 pair analytically from the reserves
and the factory's fee read at the quote's block, and for the StableSwap pool
numerically from the pool's own get_dy at that block.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from typing import Any

import pytest
from eth_utils import to_checksum_address
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from web3 import AsyncWeb3

from swapdesk.api import AggQuote, AggSwapRequest, ApiError, parse
from swapdesk.chains import Chain, by_id
from swapdesk.contracts import artifact, vendored
from swapdesk.devnet.backend import DevnetBackend
from swapdesk.devnet.manifest import Manifest
from swapdesk.devnet.network import Devnet
from swapdesk.devnet.provider import DevnetProvider
from swapdesk.engine import Engine

NATIVE = "0x0000000000000000000000000000000000000000"
DEMO = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"
V3_POOL = vendored("UniswapV3Pool")
ROUTER, PAIR, STABLE = (
    artifact("AggregationRouter"),
    artifact("UniswapV2Pair"),
    artifact("StableSwap"),
)
BPS = 10_000
# the quote shows 6 decimals (half a unit of rounding); the numeric StableSwap slope is good to about 1e-10
TOLERANCE = Decimal("0.000001")


async def _v2_rate(w3: AsyncWeb3[Any], pool: str, token_in: str, fee: int, block: int) -> Fraction:
    """`fee`: the family's, in basis points, as its catalogue says (real factories have no fee getter)."""
    pair = w3.eth.contract(address=AsyncWeb3.to_checksum_address(pool), abi=PAIR.abi)
    reserve0, reserve1, _ = await pair.functions.getReserves().call(block_identifier=block)
    token0 = await pair.functions.token0().call(block_identifier=block)
    reserve_in, reserve_out = (reserve0, reserve1) if token_in == token0 else (reserve1, reserve0)
    return Fraction((BPS - fee) * reserve_out, BPS * reserve_in)


async def _v3_rate(w3: AsyncWeb3[Any], pool: str, token_in: str, block: int) -> Fraction:
    """The pool's price from slot0, less its fee: what a vanishingly small swap gets."""
    contract = w3.eth.contract(address=AsyncWeb3.to_checksum_address(pool), abi=V3_POOL.abi)
    sqrt_price = (await contract.functions.slot0().call(block_identifier=block))[0]
    fee = await contract.functions.fee().call(block_identifier=block)
    price = Fraction(sqrt_price**2, 2**192)  # token1 per token0
    selling_token0 = token_in == await contract.functions.token0().call(block_identifier=block)
    return (price if selling_token0 else 1 / price) * Fraction(10**6 - fee, 10**6)


async def _stable_rate(w3: AsyncWeb3[Any], pool: str, token_in: str, token_out: str, block: int) -> Fraction:
    """Richardson's difference of get_dy: (4 g(h) - g(2h)) / 2h cancels the curvature's first term."""
    contract = w3.eth.contract(address=AsyncWeb3.to_checksum_address(pool), abi=STABLE.abi)
    coins = [await contract.functions.coins(k).call(block_identifier=block) for k in range(3)]
    i, j = coins.index(token_in), coins.index(token_out)
    h = await contract.functions.balances(i).call(block_identifier=block) // 10**4
    g1 = await contract.functions.get_dy(i, j, h).call(block_identifier=block)
    g2 = await contract.functions.get_dy(i, j, 2 * h).call(block_identifier=block)
    return Fraction(4 * g1 - g2, 2 * h)


async def independent_impact(w3: AsyncWeb3[Any], manifest: Manifest, quote: AggQuote) -> Fraction:
    (params,) = ROUTER.decode_input("swap", bytes.fromhex(quote.data[2:]))
    src, routes = to_checksum_address(params[0]), params[7]
    stable_pools = {s.address for s in manifest.sources if s.kind == "stableswap"}
    v3_pools = {p for s in manifest.sources if s.kind == "uniswap_v3" for p in s.pools}
    v2_fees = {p: s.fee_bps for s in manifest.sources if s.kind == "uniswap_v2" for p in s.pools}
    used, total_parts = int(quote.usedAmountIn), sum(parts for parts, _ in routes)
    spot, routed = Fraction(0), 0
    for n, (parts, hops) in enumerate(routes):
        amount = used - routed if n == len(routes) - 1 else used * parts // total_parts  # the router's split
        routed += amount
        rate, token = Fraction(1), manifest.wrapped if src == NATIVE else src
        for raw_pool, raw_token_out in hops:
            pool, token_out = to_checksum_address(raw_pool), to_checksum_address(raw_token_out)
            block = quote.blockNumber or 0
            if pool in stable_pools:
                rate *= await _stable_rate(w3, pool, token, token_out, block)
            elif pool in v3_pools:
                rate *= await _v3_rate(w3, pool, token, block)
            else:
                rate *= await _v2_rate(w3, pool, token, v2_fees[pool], block)
            token = token_out
        spot += amount * rate
    return 1 - int(quote.totalAmountOut) / spot


def _query(manifest: Manifest, chain: Chain, sell: str, buy: str, amount: int, part: int) -> dict[str, str]:
    """A quote between two symbols; the chain's native symbol is the native coin."""
    decimals = {t.symbol: t.decimals for t in manifest.tokens} | {chain.native_symbol: chain.native_decimals}
    address = {t.symbol: t.address for t in manifest.tokens} | {chain.native_symbol: NATIVE}
    return {
        "token0": address[sell], "token1": address[buy], "decimal0": str(decimals[sell]),
        "decimal1": str(decimals[buy]), "impact": "50", "part": str(part), "amountIn": str(amount),
        "amountOutMin": "0", "to": DEMO, "chain": chain.flag,
    }  # fmt: skip


async def _check(engine: Engine, devnet: Devnet, chain_id: int, query: dict[str, str]) -> AggQuote:
    quote = await engine.agg_swap(parse(AggSwapRequest, query.items()))
    w3 = AsyncWeb3(DevnetProvider(devnet, chain_id))
    expected = await independent_impact(w3, await devnet.manifest(chain_id), quote)
    assert abs(Decimal(quote.impact) - Decimal(expected.numerator) / Decimal(expected.denominator)) <= TOLERANCE
    return quote


async def test_split_impact_is_not_zero_and_matches_the_chain() -> None:
    """On the world as built: 250,000 USDT -> ETH on Ethereum, one route at part 1, split at part 10."""
    devnet = Devnet()
    engine = Engine(DevnetBackend(devnet))
    chain = by_id(1)
    manifest = await devnet.manifest(chain.id)
    try:
        single = await _check(engine, devnet, chain.id, _query(manifest, chain, "USDT", "ETH", 250_000 * 10**6, 1))
        split = await _check(engine, devnet, chain.id, _query(manifest, chain, "USDT", "ETH", 250_000 * 10**6, 10))
        assert single.routes is not None and split.routes is not None
        assert len(single.routes) == 1 and len(split.routes) > 1
        # splitting spreads the trade over more depth: less impact than one source, but not none
        assert 0 < Decimal(split.impact) < Decimal(single.impact)
    finally:
        await engine.aclose()


async def test_stable_split_through_the_stableswap_pool() -> None:
    devnet = Devnet()
    engine = Engine(DevnetBackend(devnet))
    chain = by_id(56)
    manifest = await devnet.manifest(chain.id)
    try:
        quote = await _check(engine, devnet, chain.id, _query(manifest, chain, "USDT", "USDC", 1_000_000 * 10**18, 20))
        stable = next(s.name for s in manifest.sources if s.kind == "stableswap")
        assert any(p.startswith(stable + ":") for p in quote.dexPath) and len(quote.dexPath) > 1
        assert Decimal(quote.impact) > 0
    finally:
        await engine.aclose()


@settings(
    max_examples=40,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    chain_id=st.sampled_from([1, 56, 137, 43114]),
    pick=st.tuples(st.integers(0, 7), st.integers(1, 6)),
    whole_tokens=st.integers(-3, 7).map(lambda e: Fraction(10) ** e),
    part=st.sampled_from([1, 2, 5, 10, 37, 100]),
)
async def test_impact_matches_an_independent_computation(
    engine: Engine, devnet: Devnet, chain_id: int, pick: tuple[int, int], whole_tokens: Fraction, part: int
) -> None:
    chain = by_id(chain_id)
    manifest = await devnet.manifest(chain_id)
    symbols = [chain.native_symbol] + [t.symbol for t in manifest.tokens[1:]]
    sell, buy = symbols[pick[0] % len(symbols)], symbols[(pick[0] + pick[1]) % len(symbols)]
    decimals = {t.symbol: t.decimals for t in manifest.tokens}.get(sell, chain.native_decimals)
    amount = int(whole_tokens * 10**decimals)
    if amount == 0:
        return
    try:
        quote = await _check(engine, devnet, chain_id, _query(manifest, chain, sell, buy, amount, part))
    except ApiError as exc:
        assert exc.code.value in ("INSUFFICIENT_LIQUIDITY", "AMOUNT_TOO_SMALL"), exc.message
        event(f"refused: {exc.code.value}")
        return
    event("split" if len(quote.dexPath) > 1 else "one source")


@pytest.mark.parametrize("chain_id", [1, 128])  # 6/6/18 and 18/8/18 decimals in the StableSwap pool
async def test_stable_single_source_impact(engine: Engine, devnet: Devnet, chain_id: int) -> None:
    chain = by_id(chain_id)
    manifest = await devnet.manifest(chain_id)
    stable = next(s for s in manifest.sources if s.kind == "stableswap")
    assert stable.address is not None
    w3 = AsyncWeb3(DevnetProvider(devnet, chain_id))
    contract = w3.eth.contract(address=AsyncWeb3.to_checksum_address(stable.address), abi=STABLE.abi)
    coins = [await contract.functions.coins(k).call() for k in range(3)]
    sell, buy = (next(t.symbol for t in manifest.tokens if t.address == c) for c in coins[:2])
    # part 1 with a fifth of the pool's balance: too much for a V2 pair, so the StableSwap pool alone gives the most
    amount = await contract.functions.balances(0).call() // 5
    quote = await _check(engine, devnet, chain_id, _query(manifest, chain, sell, buy, amount, 1))
    assert quote.dexPath == [f"{stable.name}:100"]
