"""Addresses that are no honest token, given where a token is expected.

The extensions (`/ext/v1/token`, `/ext/v1/balances`) and the quote meet the
zero address, an address without code, contracts that are not tokens, a
contract that burns all the gas it gets, and tokens with absurd metadata. Each
gets a plain answer or an error naming the parameter, never a 500, and a
hostile contract spoils only its own answers.
"""

from __future__ import annotations

import pytest
from eth_account import Account
from web3 import AsyncWeb3

from swapdesk.api import AggSwapRequest, ApiError, BalancesRequest, ChainRequest, TokenRequest, parse
from swapdesk.chain.erc20 import decimals_of, metadata
from swapdesk.devnet.network import Devnet
from swapdesk.devnet.provider import DevnetProvider
from swapdesk.engine import Engine

from .odd_contracts import ALL_ONES, BURNS_ALL_GAS, deploy, odd_token, raw_runtime

CHAIN = 1
NATIVE = "0x0000000000000000000000000000000000000000"
DEMO = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"


@pytest.fixture(scope="module")
async def odd(devnet: Devnet) -> dict[str, str]:
    w3 = AsyncWeb3(DevnetProvider(devnet, CHAIN))
    manifest = await devnet.manifest(CHAIN)
    return {
        "no code": Account.create().address,
        "router": manifest.router,
        "multicall": manifest.multicall,
        "burner": await deploy(w3, raw_runtime(BURNS_ALL_GAS)),
        "all ones": await deploy(w3, raw_runtime(ALL_ONES)),
        "too many decimals": await deploy(w3, odd_token(b"MANY", b"Many decimals", 256)),
        # a right-to-left override, a newline and a zero-width space around the symbol of a real token
        "disguised": await deploy(w3, odd_token("\u202eUSDT\n\u200b".encode(), b"A" * 300, 18)),
        "not utf-8": await deploy(w3, odd_token(b"\xff\xfeX", b"\xc3", 6)),
    }


async def _token(engine: Engine, address: str) -> object:
    return await engine.token(parse(TokenRequest, [("chain", "ETH"), ("address", address)]))


@pytest.mark.parametrize("name", ["no code", "router", "multicall", "burner", "all ones", "too many decimals"])
async def test_no_usable_token_is_unknown_token(engine: Engine, odd: dict[str, str], name: str) -> None:
    with pytest.raises(ApiError) as info:
        await _token(engine, odd[name])
    assert (info.value.code.value, info.value.parameter) == ("UNKNOWN_TOKEN", "address")


async def test_metadata_is_printable_and_bounded(engine: Engine, odd: dict[str, str]) -> None:
    disguised = await engine.token(parse(TokenRequest, [("chain", "ETH"), ("address", odd["disguised"])]))
    assert (disguised.symbol, disguised.name, disguised.decimals) == ("USDT", "A" * 63 + "…", 18)
    broken = await engine.token(parse(TokenRequest, [("chain", "ETH"), ("address", odd["not utf-8"])]))
    assert (broken.symbol, broken.name, broken.decimals) == ("\ufffd\ufffdX", "\ufffd", 6)


async def test_the_zero_address_and_any_spelling_of_a_listed_token(engine: Engine, devnet: Devnet) -> None:
    listed = await engine.tokens(parse(ChainRequest, [("chain", "ETH")]))
    assert await _token(engine, NATIVE) == listed[0]
    assert await _token(engine, listed[2].address.lower()) == listed[2]  # with its icon, as listed


@pytest.mark.parametrize("name", ["no code", "router", "burner"])
async def test_balances_of_any_holder(engine: Engine, devnet: Devnet, odd: dict[str, str], name: str) -> None:
    for holder in (NATIVE, odd[name]):
        balances = await engine.balances(parse(BalancesRequest, [("chain", "ETH"), ("address", holder)]))
        assert len(balances) == len((await devnet.manifest(CHAIN)).tokens) + 1


async def test_a_hostile_contract_spoils_only_its_own_answers(devnet: Devnet, odd: dict[str, str]) -> None:
    w3 = AsyncWeb3(DevnetProvider(devnet, CHAIN))
    manifest = await devnet.manifest(CHAIN)
    honest = manifest.tokens[1]
    for order in ([odd["burner"], honest.address], [honest.address, odd["burner"]]):
        found = dict(zip(order, await metadata(w3, manifest.multicall, order), strict=True))
        assert found[odd["burner"]] is None
        assert (found[honest.address] or pytest.fail("the honest token was spoilt")).decimals == honest.decimals
        expected = {odd["burner"]: None, honest.address: honest.decimals}
        assert await decimals_of(w3, manifest.multicall, order) == expected


@pytest.mark.parametrize(
    ("side", "name", "decimals", "code", "parameter"),
    [
        ("token1", "burner", 18, "UNKNOWN_TOKEN", "token1"),
        ("token0", "burner", 18, "UNKNOWN_TOKEN", "token0"),
        ("token1", "no code", 18, "UNKNOWN_TOKEN", "token1"),
        ("token1", "all ones", 18, "DECIMALS_MISMATCH", "decimal1"),
        ("token1", "disguised", 18, "NO_ROUTE", None),
    ],
)
async def test_quote_with_an_odd_token(
    engine: Engine,
    devnet: Devnet,
    odd: dict[str, str],
    side: str,
    name: str,
    decimals: int,
    code: str,
    parameter: str | None,
) -> None:
    usdc = (await devnet.manifest(CHAIN)).token("USDC")
    query = {
        "token0": usdc.address, "token1": usdc.address, "decimal0": str(usdc.decimals), "decimal1": str(usdc.decimals),
        "impact": "50", "part": "10", "amountIn": str(10**6), "amountOutMin": "0", "to": DEMO, "chain": "ETH",
    } | {side: odd[name], "decimal" + side[-1]: str(decimals)}  # fmt: skip
    with pytest.raises(ApiError) as info:
        await engine.agg_swap(parse(AggSwapRequest, query.items()))
    assert (info.value.code.value, info.value.parameter) == (code, parameter)
