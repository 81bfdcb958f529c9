"""The aggregated quote's own errors, and what the call data enforces."""

from __future__ import annotations

import pytest
from eth_account import Account

from swapdesk.api import AggSwapRequest, ApiError, parse
from swapdesk.contracts import artifact
from swapdesk.devnet.network import Devnet
from swapdesk.engine import Engine

NATIVE = "0x0000000000000000000000000000000000000000"
DEMO = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"
ROUTER = artifact("AggregationRouter")


async def _query(devnet: Devnet, **change: str) -> dict[str, str]:
    manifest = await devnet.manifest(1)
    base = {
        "token0": manifest.token("USDC").address, "token1": manifest.token("WBTC").address, "decimal0": "6",
        "decimal1": "8", "impact": "50", "part": "10", "amountIn": str(5_000 * 10**6), "amountOutMin": "0",
        "to": DEMO, "chain": "ETH",
    }  # fmt: skip
    return base | change


async def _error(engine: Engine, query: dict[str, str]) -> ApiError:
    with pytest.raises(ApiError) as info:
        await engine.agg_swap(parse(AggSwapRequest, query.items()))
    return info.value


async def test_decimals_must_match_the_chain(engine: Engine, devnet: Devnet) -> None:
    error = await _error(engine, await _query(devnet, decimal1="18"))
    assert (error.code.value, error.parameter, error.status) == ("DECIMALS_MISMATCH", "decimal1", 422)
    assert "8 decimals" in error.message


async def test_unknown_token(engine: Engine, devnet: Devnet) -> None:
    stranger = Account.create().address  # no contract there
    error = await _error(engine, await _query(devnet, token1=stranger))
    assert (error.code.value, error.parameter) == ("UNKNOWN_TOKEN", "token1")


async def test_no_route_between_unconnected_tokens(engine: Engine, devnet: Devnet) -> None:
    # the multicall contract is no token, but a token without pools gives the same answer: use the pair's LP token
    manifest = await devnet.manifest(1)
    lp_token = manifest.sources[0].pools[0]
    error = await _error(engine, await _query(devnet, token1=lp_token, decimal1="18"))
    assert (error.code.value, error.status) == ("NO_ROUTE", 422)


async def test_more_than_the_pools_can_absorb(engine: Engine, devnet: Devnet) -> None:
    error = await _error(engine, await _query(devnet, amountIn=str(10**9 * 10**6)))
    assert (error.code.value, error.parameter, error.status) == ("INSUFFICIENT_LIQUIDITY", "amountIn", 422)


async def test_native_and_wrapped_are_one_asset(engine: Engine, devnet: Devnet) -> None:
    manifest = await devnet.manifest(1)
    error = await _error(
        engine, await _query(devnet, token0=NATIVE, decimal0="18", token1=manifest.wrapped, decimal1="18")
    )
    assert error.code.value == "SAME_TOKEN"


def _min_return(data: str) -> int:
    (params,) = ROUTER.decode_input("swap", bytes.fromhex(data[2:]))
    return int(params[3])


async def test_call_data_enforces_the_minimum_the_client_confirms(engine: Engine, devnet: Devnet) -> None:
    first = await engine.agg_swap(parse(AggSwapRequest, (await _query(devnet)).items()))
    assert int(first.totalAmountOutMin) == int(first.totalAmountOut) * (10_000 - 50) // 10_000
    assert _min_return(first.data) == int(first.totalAmountOutMin)
    confirmed = await _query(devnet, amountOutMin=first.totalAmountOutMin, impact="10")
    second = await engine.agg_swap(parse(AggSwapRequest, confirmed.items()))
    assert _min_return(second.data) == int(first.totalAmountOutMin)  # the one the user saw, not a new one
    assert int(second.totalAmountOutMin) == int(second.totalAmountOut) * (10_000 - 10) // 10_000
