"""A quote is answered only when its call data can execute: every other request is refused by name.

Recipients that cannot use what they receive, senders that cannot send, a
minimum above what the route gives, amounts too small to survive the fee and
the pools' rounding, and amounts too large for the router's arithmetic or the
pools' depth: each is an error in the envelope naming the parameter, never a
500 and never a quote certain to revert.
"""

from __future__ import annotations

import re

import pytest
from eth_account import Account
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from swapdesk.api import AggQuote, AggSwapRequest, ApiError, parse
from swapdesk.devnet.accounts import DEMO_ACCOUNTS, DISCOUNT_HOLDERS, demo_key
from swapdesk.devnet.manifest import Manifest
from swapdesk.devnet.network import Devnet
from swapdesk.engine import Engine

NATIVE = "0x0000000000000000000000000000000000000000"
DEMO = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"
NO_DISCOUNT = Account.from_key(demo_key(DEMO_ACCOUNTS - 1)).address
MAX_UINT = 2**256 - 1


def _query(manifest: Manifest, sell: str, buy: str, amount: int, **change: str) -> dict[str, str]:
    decimals = {t.symbol: t.decimals for t in manifest.tokens} | {"ETH": 18}
    address = {t.symbol: t.address for t in manifest.tokens} | {"ETH": NATIVE}
    return {
        "token0": address[sell], "token1": address[buy], "decimal0": str(decimals[sell]),
        "decimal1": str(decimals[buy]), "impact": "50", "part": "10", "amountIn": str(amount), "amountOutMin": "0",
        "to": DEMO, "chain": "ETH",
    } | change  # fmt: skip


async def _quote(engine: Engine, query: dict[str, str]) -> AggQuote:
    return await engine.agg_swap(parse(AggSwapRequest, query.items()))


async def _error(engine: Engine, query: dict[str, str]) -> ApiError:
    with pytest.raises(ApiError) as info:
        await _quote(engine, query)
    return info.value


# -- who receives, who sends ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("sell", "buy", "to", "reason"),
    [
        ("USDC", "DAI", "zero", "zero address"),
        ("USDC", "DAI", "router", "router"),
        ("USDC", "DAI", "USDC", "token being swapped"),
        ("USDC", "DAI", "DAI", "token being swapped"),
        ("ETH", "DAI", "WETH", "token being swapped"),  # the router wraps the native coin into it
        ("DAI", "ETH", "WETH", "token being swapped"),
        ("USDC", "DAI", "pool", "liquidity pool"),
    ],
)
async def test_recipient_must_be_able_to_receive(
    engine: Engine, devnet: Devnet, sell: str, buy: str, to: str, reason: str
) -> None:
    manifest = await devnet.manifest(1)
    address = {"zero": NATIVE, "router": manifest.router, "pool": manifest.sources[0].pools[0]}.get(to)
    query = _query(manifest, sell, buy, 1_000 * 10**18, to=address or manifest.token(to).address)
    error = await _error(engine, query)
    assert (error.code.value, error.parameter) == ("INVALID_RECIPIENT", "to")
    assert error.message.startswith("to: ") and reason in error.message


@pytest.mark.parametrize(("issuer", "reason"), [("zero", "zero address"), ("router", "router")])
async def test_issuer_must_be_able_to_send(engine: Engine, devnet: Devnet, issuer: str, reason: str) -> None:
    manifest = await devnet.manifest(1)
    assert manifest.router is not None  # the devnet deploys swapdesk's router
    query = _query(manifest, "DAI", "USDC", 1_000 * 10**18, issuer={"zero": NATIVE, "router": manifest.router}[issuer])
    error = await _error(engine, query)
    assert (error.code.value, error.parameter) == ("INVALID_SENDER", "issuer")
    assert error.message.startswith("issuer: ") and reason in error.message


# -- the minimum the client confirms ---------------------------------------------------------------


async def test_a_minimum_above_the_route_is_refused_with_both_figures(engine: Engine, devnet: Devnet) -> None:
    manifest = await devnet.manifest(1)
    first = await _quote(engine, _query(manifest, "USDC", "WBTC", 5_000 * 10**6))
    asked = int(first.totalAmountOut) + 1
    error = await _error(engine, _query(manifest, "USDC", "WBTC", 5_000 * 10**6, amountOutMin=str(asked)))
    assert (error.code.value, error.parameter) == ("MINIMUM_NOT_MET", "amountOutMin")
    assert str(asked) in error.message and first.totalAmountOut in error.message
    # exactly what the route gives is still served: the call data can meet it
    exact = await _quote(engine, _query(manifest, "USDC", "WBTC", 5_000 * 10**6, amountOutMin=first.totalAmountOut))
    assert exact.totalAmountOut == first.totalAmountOut


# -- amounts too small -------------------------------------------------------------------------------


def _smallest(error: ApiError) -> int:
    found = re.search(r"smallest amount that gives any output is (\d+)", error.message)
    assert found is not None, error.message
    return int(found.group(1))


@pytest.mark.parametrize("trader", [DEMO, NO_DISCOUNT], ids=["discount", "no-discount"])
@pytest.mark.parametrize(("sell", "buy"), [("DAI", "USDT"), ("ETH", "WBTC"), ("WETH", "USDC"), ("DAI", "WBTC")])
async def test_dust_names_the_smallest_amount_that_gives_output(
    engine: Engine, devnet: Devnet, sell: str, buy: str, trader: str
) -> None:
    manifest = await devnet.manifest(1)
    error = await _error(engine, _query(manifest, sell, buy, 1, issuer=trader))
    assert (error.code.value, error.parameter) == ("AMOUNT_TOO_SMALL", "amountIn")
    smallest = _smallest(error)
    served = await _quote(engine, _query(manifest, sell, buy, smallest, issuer=trader))
    assert int(served.totalAmountOut) > 0
    below = await _error(engine, _query(manifest, sell, buy, smallest - 1, issuer=trader))
    assert below.code.value == "AMOUNT_TOO_SMALL" and _smallest(below) == smallest


# -- amounts too large ---------------------------------------------------------------------------------


@pytest.mark.parametrize("channel", ["default", "extension"])
async def test_more_than_the_router_can_hold_is_out_of_range(engine: Engine, devnet: Devnet, channel: str) -> None:
    manifest = await devnet.manifest(1)
    rate = int((await _quote(engine, _query(manifest, "USDC", "DAI", 10**6, channel=channel))).feeRate)
    limit = MAX_UINT // rate  # the router computes amount x rate in 256 bits
    error = await _error(engine, _query(manifest, "USDC", "DAI", limit + 1, channel=channel))
    assert (error.code.value, error.parameter) == ("OUTSIDE_LIMITS", "amountIn")
    assert f"at most {limit}" in error.message
    at_limit = await _error(engine, _query(manifest, "USDC", "DAI", limit, channel=channel))
    assert (at_limit.code.value, at_limit.parameter) == ("INSUFFICIENT_LIQUIDITY", "amountIn")


PAIRS = [("USDC", "DAI"), ("DAI", "USDT"), ("ETH", "WBTC"), ("WBTC", "USDC"), ("UNI", "LINK"), ("USDT", "ETH")]


@settings(
    max_examples=80,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    pair=st.sampled_from(PAIRS),
    bits=st.integers(0, 255),
    low=st.integers(0, 2**255),
    part=st.integers(1, 100),
    channel=st.sampled_from(["default", "extension", "ios"]),
    account=st.integers(0, DEMO_ACCOUNTS - 1),
)
async def test_any_amount_is_a_quote_or_an_error_naming_amount_in(
    engine: Engine, devnet: Devnet, pair: tuple[str, str], bits: int, low: int, part: int, channel: str, account: int
) -> None:
    amount = 2**bits + low % 2**bits  # every magnitude from 1 to 2^256 - 1 alike
    if amount >= 10**77:
        return  # the request's own rule (78 digits) refuses these before the engine
    trader = Account.from_key(demo_key(account)).address
    manifest = await devnet.manifest(1)
    query = _query(manifest, *pair, amount, part=str(part), channel=channel, issuer=trader)
    try:
        quote = await _quote(engine, query)
    except ApiError as exc:
        assert exc.code.value in ("AMOUNT_TOO_SMALL", "INSUFFICIENT_LIQUIDITY", "OUTSIDE_LIMITS"), exc.message
        assert exc.parameter == "amountIn" and exc.message.startswith("amountIn: ")
        event(exc.code.value)
        return
    assert int(quote.totalAmountOut) > 0
    assert int(quote.usedAmountIn) == amount - int(quote.fee)
    event("quoted, discount" if account < DISCOUNT_HOLDERS else "quoted")
