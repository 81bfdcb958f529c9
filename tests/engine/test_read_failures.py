"""Failed transactions explained, each provoked on the devnet's real routers: the minimum not met (with what the
route gave, re-running the call at its block: the router's own view at that block says the same), a maximum
exceeded, the deadline passed, an allowance or a balance too low, out of gas; reverts decoded (Error, Panic, the
Universal Router's custom errors)."""

from __future__ import annotations

import pytest
from eth_abi import encode
from eth_utils import function_signature_to_4byte_selector
from web3 import AsyncWeb3

from swapdesk.api import AggSwapRequest, DetailsRequest, TxDetails, parse
from swapdesk.api.requests import TransactionRequest
from swapdesk.chain.rpc import request
from swapdesk.chains import by_id
from swapdesk.contracts import artifact, vendored
from swapdesk.devnet.manifest import Manifest
from swapdesk.devnet.network import Devnet
from swapdesk.devnet.provider import DevnetProvider
from swapdesk.engine import Engine
from swapdesk.engine.reading.reverts import read_revert
from swapdesk.units import to_human

from .dex_world import (
    ADDRESS_THIS,
    ERC20,
    FAR,
    MAX,
    MSG_SENDER,
    NATIVE,
    ROUTER02,
    SWAP_ROUTER,
    V2_SWAP_EXACT_IN,
    WRAP_ETH,
    Sent,
    Wallet,
    deploy_universal_router,
    source,
    universal,
    v2_exact_in,
)

ETH = by_id(1)
QUOTER = vendored("QuoterV2")


@pytest.fixture(scope="module")
async def world(devnet: Devnet) -> tuple[Wallet, Manifest]:
    return Wallet.of(AsyncWeb3(DevnetProvider(devnet, ETH.id)), 8), await devnet.manifest(ETH.id)


async def failed(engine: Engine, sent: Sent) -> TxDetails:
    """The failed swap's record, which the transaction extension carries too."""
    assert not sent.ok
    details = await engine.details(DetailsRequest(sent.hash, ETH))
    info = await engine.transaction(TransactionRequest(sent.hash, ETH))
    assert (details.status, info.status, info.kind) == ("Failure", "Failure", "swap")
    assert info.details == details and info.failure == details.failure and details.failure is not None
    return details


async def at_block_before(me: Wallet, sent: Sent, to: str, data: bytes) -> bytes:
    before = hex(int(sent.receipt["blockNumber"], 16) - 1)
    return bytes.fromhex((await request(me.w3, "eth_call", [{"to": to, "data": "0x" + data.hex()}, before]))[2:])


async def test_minimum_not_met_says_what_the_route_gave(engine: Engine, world: tuple[Wallet, Manifest]) -> None:
    me, manifest = world
    router, quoter = source(manifest, "Uniswap V2").router, source(manifest, "Uniswap V3").quoter
    usdc, usdt, weth = manifest.token("USDC").address, manifest.token("USDT").address, manifest.wrapped
    await me.must(usdc, ERC20.encode("approve", router, MAX), gas=100_000)
    call = ROUTER02.encode("swapExactTokensForTokens", 400 * 10**6, 800 * 10**6, [usdc, usdt], me.address, FAR)
    sent = await me.send(router, call, gas=300_000)
    record = await failed(engine, sent)
    (amounts,) = ROUTER02.decode("getAmountsOut", await at_block_before(
        me, sent, router, ROUTER02.encode("getAmountsOut", 400 * 10**6, [usdc, usdt])))  # fmt: skip
    failure = record.failure
    assert failure is not None and failure.code == "MINIMUM_NOT_MET"
    assert (failure.minimum, failure.routeGave, failure.token) == (str(800 * 10**6), str(amounts[-1]), usdt)
    assert failure.reason == "UniswapV2Router: INSUFFICIENT_OUTPUT_AMOUNT"
    assert record.statusNotes == "reverted: UniswapV2Router: INSUFFICIENT_OUTPUT_AMOUNT"
    assert (record.amountIn, record.amountOutMin, record.amountOut) == (str(400 * 10**6), str(800 * 10**6), "0")
    assert "at least 800 USDT" in failure.words and f"route gave {to_human(amounts[-1], 6)} USDT" in failure.words

    v3 = source(manifest, "Uniswap V3").router
    await me.must(usdc, ERC20.encode("approve", v3, MAX), gas=100_000)
    sent = await me.send(
        v3, SWAP_ROUTER.encode("exactInputSingle", (usdc, weth, 3000, me.address, FAR, 10**8, MAX // 2, 0))
    )
    failure = (await failed(engine, sent)).failure
    quoted = QUOTER.decode("quoteExactInputSingle", await at_block_before(
        me, sent, quoter, QUOTER.encode("quoteExactInputSingle", (usdc, weth, 10**8, 3000, 0))))  # fmt: skip
    assert failure is not None and (failure.code, failure.reason) == ("MINIMUM_NOT_MET", "Too little received")
    assert failure.routeGave == str(quoted[0])


async def test_swapdesk_router_and_universal_router_minimums(engine: Engine, world: tuple[Wallet, Manifest]) -> None:
    me, manifest = world
    usdc = manifest.token("USDC").address
    query = {
        "token0": NATIVE, "token1": usdc, "decimal0": "18", "decimal1": "6", "impact": "100", "part": "4",
        "amountIn": str(10**18), "amountOutMin": "0", "to": me.address, "issuer": me.address, "chain": "ETH",
    }  # fmt: skip
    quote = await engine.agg_swap(parse(AggSwapRequest, query.items()))
    router = artifact("AggregationRouter")
    (params,) = router.decode_input("swap", bytes.fromhex(quote.data[2:]))
    too_high = int(quote.totalAmountOut) * 2
    data = router.encode("swap", (*params[:3], too_high, *params[4:]))
    sent = await me.send(quote.aggregator, data, value=10**18, gas=3_000_000)
    failure = (await failed(engine, sent)).failure
    assert (
        failure is not None and failure.code == "MINIMUM_NOT_MET" and failure.reason == "Router: return below minimum"
    )
    assert (failure.minimum, failure.routeGave) == (str(too_high), quote.totalAmountOut)  # the quote's own figure

    universal_router = await deploy_universal_router(Wallet.of(me.w3, 7), manifest)
    wrap = encode(["address", "uint256"], [ADDRESS_THIS, 10**18])
    swap = v2_exact_in(MSG_SENDER, 10**18, 10**30, [manifest.wrapped, usdc], False)
    sent = await me.send(universal_router, universal([WRAP_ETH, V2_SWAP_EXACT_IN], [wrap, swap]), value=10**18)
    failure = (await failed(engine, sent)).failure
    assert failure is not None and (failure.code, failure.reason) == ("MINIMUM_NOT_MET", "V2TooLittleReceived()")
    assert failure.minimum == str(10**30) and failure.routeGave is None and "cannot be computed" in failure.words

    latest = await request(me.w3, "eth_getBlockByNumber", ["latest", False])
    past = int(latest["timestamp"], 16) - 600
    sent = await me.send(universal_router, universal([WRAP_ETH, V2_SWAP_EXACT_IN], [wrap, swap], past), value=10**18)
    failure = (await failed(engine, sent)).failure
    assert failure is not None and (failure.code, failure.deadline) == ("DEADLINE_PASSED", past)


async def test_maximum_exceeded_and_deadline_passed(engine: Engine, world: tuple[Wallet, Manifest]) -> None:
    me, manifest = world
    router = source(manifest, "Uniswap V2").router
    usdc, usdt = manifest.token("USDC").address, manifest.token("USDT").address
    await me.must(usdc, ERC20.encode("approve", router, MAX), gas=100_000)
    call = ROUTER02.encode("swapTokensForExactTokens", 100 * 10**6, 90 * 10**6, [usdc, usdt], me.address, FAR)
    sent = await me.send(router, call, gas=300_000)
    record = await failed(engine, sent)
    (amounts,) = ROUTER02.decode("getAmountsIn", await at_block_before(
        me, sent, router, ROUTER02.encode("getAmountsIn", 100 * 10**6, [usdc, usdt])))  # fmt: skip
    failure = record.failure
    assert failure is not None and (failure.code, failure.maximum) == ("MAXIMUM_EXCEEDED", str(90 * 10**6))
    assert failure.needed == str(amounts[0]) and failure.reason == "UniswapV2Router: EXCESSIVE_INPUT_AMOUNT"

    latest = await request(me.w3, "eth_getBlockByNumber", ["latest", False])
    past = int(latest["timestamp"], 16) - 3600
    call = ROUTER02.encode("swapExactTokensForTokens", 10**6, 0, [usdc, usdt], me.address, past)
    sent = await me.send(router, call, gas=300_000)
    record = await failed(engine, sent)
    failure = record.failure
    assert failure is not None and (failure.code, failure.deadline) == ("DEADLINE_PASSED", past)
    assert failure.blockTime == record.timestamp and failure.blockTime - past >= 3600
    assert failure.words.startswith("The deadline passed") and " late." in failure.words


async def test_allowance_and_balance_too_low(engine: Engine, world: tuple[Wallet, Manifest]) -> None:
    me, manifest = world
    poor = Wallet.of(me.w3, 4)
    router = source(manifest, "Uniswap V2").router
    usdc, usdt = manifest.token("USDC").address, manifest.token("USDT").address
    await poor.must(usdc, ERC20.encode("approve", router, 10**6), gas=100_000)  # 1 USDC
    call = ROUTER02.encode("swapExactTokensForTokens", 250 * 10**6, 0, [usdc, usdt], poor.address, FAR)
    sent = await poor.send(router, call, gas=300_000)
    failure = (await failed(engine, sent)).failure
    assert failure is not None and failure.code == "ALLOWANCE_TOO_LOW"
    assert (failure.allowance, failure.needed, failure.token) == (str(10**6), str(250 * 10**6), usdc)
    assert "Approve it first" in failure.words and "1 USDC" in failure.words

    held = await poor.balance(usdc)
    await poor.must(usdc, ERC20.encode("approve", router, MAX), gas=100_000)
    call = ROUTER02.encode("swapExactTokensForTokens", held + 1, 0, [usdc, usdt], poor.address, FAR)
    failure = (await failed(engine, await poor.send(router, call, gas=300_000))).failure
    assert failure is not None and (failure.code, failure.balance, failure.needed) == (
        "BALANCE_TOO_LOW",
        str(held),
        str(held + 1),
    )


async def test_out_of_gas(engine: Engine, world: tuple[Wallet, Manifest]) -> None:
    me, manifest = world
    router = source(manifest, "Uniswap V2").router
    usdc, usdt = manifest.token("USDC").address, manifest.token("USDT").address
    await me.must(usdc, ERC20.encode("approve", router, MAX), gas=100_000)
    call = ROUTER02.encode("swapExactTokensForTokens", 10**6, 0, [usdc, usdt], me.address, FAR)
    sent = await me.send(router, call, gas=60_000)
    record = await failed(engine, sent)
    failure = record.failure
    assert failure is not None and (failure.code, failure.gasLimit) == ("OUT_OF_GAS", 60_000)
    assert failure.gasNeeded is not None and failure.gasNeeded > 60_000 and record.statusNotes == "out of gas"
    assert "60,000 gas" in failure.words


def test_reverts_decode() -> None:
    error = bytes.fromhex("08c379a0") + encode(["string"], ["UniswapV2: K"])
    assert read_revert(error).reason == "UniswapV2: K"
    panic = bytes.fromhex("4e487b71") + encode(["uint256"], [0x11])
    assert read_revert(panic).reason == "Panic(0x11): an arithmetic overflow or underflow"
    assert read_revert(function_signature_to_4byte_selector("TransactionDeadlinePassed()")).reason == (
        "TransactionDeadlinePassed()"
    )
    assert read_revert(b"").reason == "" and read_revert(bytes.fromhex("deadbeef")).reason == "custom error 0xdeadbeef"
