"""Swaps read from what they did, through every router on the devnet's real bytecode: swapdesk's router, Uniswap V2's
Router02 (exact in and out, the coin in and out, a fee-on-transfer token) and SushiSwap's, V3's SwapRouter (one hop,
two hops, the coin out through its multicall), the Universal Router, and a pair called directly. Each is read with
the amounts the balances moved by and the DEX whose factory made the pool (a pool of a factory no catalogue knows:
by its address); the details record and the transaction extension say the same."""

from __future__ import annotations

import pytest
from eth_abi import encode
from eth_utils import to_checksum_address
from web3 import AsyncWeb3

from swapdesk.api import AggSwapRequest, DetailsRequest, TxDetails, parse
from swapdesk.api.requests import TransactionRequest
from swapdesk.chains import by_id
from swapdesk.devnet.manifest import Manifest
from swapdesk.devnet.network import Devnet
from swapdesk.devnet.provider import DevnetProvider
from swapdesk.engine import Engine

from .dex_world import (
    ADDRESS_THIS,
    ERC20,
    FAR,
    MAX,
    MSG_SENDER,
    NATIVE,
    PAIR,
    ROUTER02,
    SWAP_ROUTER,
    V2_FACTORY,
    V2_SWAP_EXACT_IN,
    V3_SWAP_EXACT_IN,
    WETH,
    WRAP_ETH,
    Sent,
    Wallet,
    deploy_fee_token,
    deploy_universal_router,
    source,
    universal,
    v2_exact_in,
    v2_pair,
    v3_path,
)

ETH = by_id(1)
TRADER = 5


@pytest.fixture(scope="module")
async def world(devnet: Devnet) -> tuple[Wallet, Manifest]:
    manifest = await devnet.manifest(ETH.id)
    return Wallet.of(AsyncWeb3(DevnetProvider(devnet, ETH.id)), TRADER), manifest


async def read(engine: Engine, tx: str) -> TxDetails:
    """The details record, checked to be the one the transaction extension carries."""
    details = await engine.details(DetailsRequest(tx, ETH))
    info = await engine.transaction(TransactionRequest(tx, ETH))
    assert info.kind == "swap" and info.details == details and info.status == details.status
    return details


async def moved(me: Wallet, token: str, before: int, fee: int = 0) -> int:
    """How much `me`'s balance of `token` changed since `before` (the coin: the network fee put back)."""
    return await me.balance(token) - before + (fee if token == NATIVE else 0)


def fee_of(sent: Sent) -> int:
    receipt = sent.receipt
    return int(receipt["gasUsed"], 16) * int(receipt["effectiveGasPrice"], 16)


async def test_swapdesk_router(engine: Engine, world: tuple[Wallet, Manifest]) -> None:
    me, manifest = world
    usdc = manifest.token("USDC").address
    query = {
        "token0": NATIVE, "token1": usdc, "decimal0": "18", "decimal1": "6", "impact": "100", "part": "10",
        "amountIn": str(2 * 10**18), "amountOutMin": "0", "to": me.address, "issuer": me.address, "chain": "ETH",
        "channel": "web",
    }  # fmt: skip
    quote = await engine.agg_swap(parse(AggSwapRequest, query.items()))
    before = await me.balance(usdc)
    sent = await me.must(quote.aggregator, bytes.fromhex(quote.data[2:]), value=2 * 10**18, gas=3_000_000)
    got = await moved(me, usdc, before)
    record = await read(engine, sent.hash)
    assert (record.fromToken, record.toToken, record.amountIn) == (NATIVE, usdc, str(2 * 10**18))
    assert record.amountOut == str(got) == quote.totalAmountOut
    assert (record.channel, record.amountOutMin) == ("web", quote.totalAmountOutMin)
    assert {d.dex for d in record.dexs} == {p.rsplit(":", 1)[0] for p in quote.dexPath}


async def test_router02_exact_in_and_exact_out(engine: Engine, world: tuple[Wallet, Manifest]) -> None:
    me, manifest = world
    router = source(manifest, "Uniswap V2").router
    usdc, usdt = manifest.token("USDC").address, manifest.token("USDT").address
    await me.must(usdc, ERC20.encode("approve", router, MAX), gas=100_000)
    before = await me.balance(usdt)
    call = ROUTER02.encode("swapExactTokensForTokens", 500 * 10**6, 480 * 10**6, [usdc, usdt], me.address, FAR)
    sent = await me.must(router, call, gas=300_000)
    record = await read(engine, sent.hash)
    assert (record.fromToken, record.toToken, record.amountIn) == (usdc, usdt, str(500 * 10**6))
    assert record.amountOut == str(await moved(me, usdt, before)) and record.amountOutMin == str(480 * 10**6)
    assert [d.dex for d in record.dexs] == ["Uniswap V2"] and (record.fromAddress, record.toAddress) == (
        me.address,
    ) * 2

    spent = await me.balance(usdc)
    call = ROUTER02.encode("swapTokensForExactTokens", 100 * 10**6, 110 * 10**6, [usdc, usdt], me.address, FAR)
    sent = await me.must(router, call, gas=300_000)
    record = await read(engine, sent.hash)
    assert record.amountOut == str(100 * 10**6) and record.amountIn == str(spent - await me.balance(usdc))
    assert int(record.amountIn) < 110 * 10**6 and record.channel == ""


async def test_router02_coin_in_and_out(engine: Engine, world: tuple[Wallet, Manifest]) -> None:
    me, manifest = world
    weth, usdc = manifest.wrapped, manifest.token("USDC").address
    router = source(manifest, "SushiSwap").router  # another DEX's Router02 over its own factory: named SushiSwap
    before = await me.balance(usdc)
    sent = await me.must(router, ROUTER02.encode("swapExactETHForTokens", 1, [weth, usdc], me.address, FAR), 10**18)
    record = await read(engine, sent.hash)
    assert (record.fromToken, record.amountIn, record.toToken) == (NATIVE, str(10**18), usdc)
    assert record.amountOut == str(await moved(me, usdc, before)) and [d.dex for d in record.dexs] == ["SushiSwap"]

    await me.must(usdc, ERC20.encode("approve", router, MAX), gas=100_000)
    coin = await me.balance(NATIVE)
    sent = await me.must(
        router, ROUTER02.encode("swapExactTokensForETH", 700 * 10**6, 1, [usdc, weth], me.address, FAR)
    )
    record = await read(engine, sent.hash)
    assert (record.fromToken, record.amountIn, record.toToken) == (usdc, str(700 * 10**6), NATIVE)
    assert record.amountOut == str(await moved(me, NATIVE, coin, fee_of(sent))) and record.unknown is None

    coin, before = await me.balance(NATIVE), await me.balance(usdc)
    call = ROUTER02.encode("swapETHForExactTokens", 50 * 10**6, [weth, usdc], me.address, FAR)
    sent = await me.must(router, call, value=10**18)  # far more than it needs: the rest comes back
    record = await read(engine, sent.hash)
    assert record.amountOut == str(50 * 10**6) == str(await moved(me, usdc, before))
    assert record.amountIn == str(-(await moved(me, NATIVE, coin, fee_of(sent)))) and int(record.amountIn) < 10**17


async def test_router02_fee_on_transfer_token(engine: Engine, world: tuple[Wallet, Manifest], devnet: Devnet) -> None:
    me, manifest = world
    v2 = source(manifest, "Uniswap V2")
    owner = Wallet.of(me.w3, 6)
    tax = await deploy_fee_token(owner, 10**24)
    await owner.must(tax, ERC20.encode("approve", v2.router, MAX), gas=100_000)
    add = ROUTER02.encode("addLiquidityETH", tax, 10**23, 0, 0, owner.address, FAR)
    await owner.must(v2.router, add, value=30 * 10**18, gas=4_000_000)
    await owner.must(tax, ERC20.encode("transfer", me.address, 10**21), gas=100_000)
    await me.must(tax, ERC20.encode("approve", v2.router, MAX), gas=100_000)
    held, coin = await me.balance(tax), await me.balance(NATIVE)
    call = ROUTER02.encode(
        "swapExactTokensForETHSupportingFeeOnTransferTokens",
        10**20,
        1,
        [tax, manifest.wrapped],
        me.address,
        FAR,
    )
    sent = await me.must(v2.router, call)
    record = await read(engine, sent.hash)
    assert record.amountIn == str(held - await me.balance(tax)) == str(10**20)  # what the trader gave, tax included
    assert (record.fromToken, record.toToken) == (tax, NATIVE) and record.fromDecimals == 18
    assert record.amountOut == str(await moved(me, NATIVE, coin, fee_of(sent))) and [d.dex for d in record.dexs] == [
        "Uniswap V2"
    ]


async def test_v3_swap_router_one_and_two_hops(engine: Engine, world: tuple[Wallet, Manifest]) -> None:
    me, manifest = world
    router = source(manifest, "Uniswap V3").router
    weth, usdc, usdt = manifest.wrapped, manifest.token("USDC").address, manifest.token("USDT").address
    await me.must(usdc, ERC20.encode("approve", router, MAX), gas=100_000)
    before = await me.balance(weth)
    single = (usdc, weth, 3000, me.address, FAR, 300 * 10**6, 1, 0)
    sent = await me.must(router, SWAP_ROUTER.encode("exactInputSingle", single), gas=500_000)
    record = await read(engine, sent.hash)
    assert (record.fromToken, record.toToken, record.amountIn) == (usdc, weth, str(300 * 10**6))
    assert record.amountOut == str(await moved(me, weth, before)) and [d.dex for d in record.dexs] == ["Uniswap V3"]

    before = await me.balance(usdt)
    path = v3_path(usdc, 3000, weth, 500, usdt)
    sent = await me.must(router, SWAP_ROUTER.encode("exactInput", (path, me.address, FAR, 200 * 10**6, 7)), gas=600_000)
    record = await read(engine, sent.hash)
    assert (record.fromToken, record.toToken, record.amountIn) == (usdc, usdt, str(200 * 10**6))
    assert record.amountOut == str(await moved(me, usdt, before)) and record.amountOutMin == "7"
    assert [d.dex for d in record.dexs] == ["Uniswap V3"]

    coin = await me.balance(NATIVE)
    swap = SWAP_ROUTER.encode("exactInputSingle", (usdc, weth, 3000, router, FAR, 100 * 10**6, 0, 0))
    unwrap = SWAP_ROUTER.encode("unwrapWETH9", 1, me.address)
    sent = await me.must(router, SWAP_ROUTER.encode("multicall", [swap, unwrap]), gas=600_000)
    record = await read(engine, sent.hash)
    assert (record.fromToken, record.toToken, record.amountOutMin) == (usdc, NATIVE, "1")
    assert record.amountOut == str(await moved(me, NATIVE, coin, fee_of(sent)))


async def test_universal_router(engine: Engine, world: tuple[Wallet, Manifest]) -> None:
    me, manifest = world
    universal_router = await deploy_universal_router(Wallet.of(me.w3, 7), manifest)
    weth, usdc, usdt = manifest.wrapped, manifest.token("USDC").address, manifest.token("USDT").address
    wrap = encode(["address", "uint256"], [ADDRESS_THIS, 10**18])
    before = await me.balance(usdc)
    v2 = v2_exact_in(MSG_SENDER, 10**18, 1, [weth, usdc], False)
    sent = await me.must(universal_router, universal([WRAP_ETH, V2_SWAP_EXACT_IN], [wrap, v2]), value=10**18)
    record = await read(engine, sent.hash)
    assert (record.fromToken, record.amountIn, record.toToken) == (NATIVE, str(10**18), usdc)
    assert record.amountOut == str(await moved(me, usdc, before)) and [d.dex for d in record.dexs] == ["Uniswap V2"]
    assert record.amountOutMin == "1"

    before = await me.balance(usdt)
    path = v3_path(weth, 3000, usdc, 100, usdt)
    v3 = encode(["address", "uint256", "uint256", "bytes", "bool"], [MSG_SENDER, 10**18, 5, path, False])
    sent = await me.must(universal_router, universal([WRAP_ETH, V3_SWAP_EXACT_IN], [wrap, v3]), value=10**18)
    record = await read(engine, sent.hash)
    assert (record.fromToken, record.toToken) == (NATIVE, usdt) and record.amountOutMin == "5"
    assert record.amountOut == str(await moved(me, usdt, before)) and [d.dex for d in record.dexs] == ["Uniswap V3"]


async def test_a_pair_called_directly(engine: Engine, world: tuple[Wallet, Manifest]) -> None:
    me, manifest = world
    weth, usdc = manifest.wrapped, manifest.token("USDC").address
    pair = await v2_pair(me, source(manifest, "Uniswap V2").address, weth, usdc)
    (reserve0, reserve1, _) = PAIR.decode("getReserves", await me.call(pair, PAIR.encode("getReserves")))
    paid = 1_000 * 10**6
    usdc_is_0 = usdc.lower() < weth.lower()
    reserve_in, reserve_out = (reserve0, reserve1) if usdc_is_0 else (reserve1, reserve0)
    out = paid * 997 * reserve_out // (reserve_in * 1000 + paid * 997)  # the pair's own formula, for its K check
    first = await me.must(usdc, ERC20.encode("transfer", pair, paid), gas=100_000)
    info = await engine.transaction(TransactionRequest(first.hash, ETH))
    assert (info.kind, info.amount, info.recipient, info.contractName) == ("transfer", str(paid), pair, "USDC")
    before = await me.balance(weth)
    amounts = (0, out) if usdc_is_0 else (out, 0)
    sent = await me.must(pair, PAIR.encode("swap", *amounts, me.address, b""), gas=200_000)
    record = await read(engine, sent.hash)
    assert (record.fromToken, record.amountIn, record.toToken) == (usdc, str(paid), weth)  # what the pair counted in
    assert record.amountOut == str(out) == str(await moved(me, weth, before))
    assert [d.dex for d in record.dexs] == ["Uniswap V2"]


async def test_a_pool_no_catalogue_knows_is_named_by_address(engine: Engine, world: tuple[Wallet, Manifest]) -> None:
    me, manifest = world
    weth, usdc = manifest.wrapped, manifest.token("USDC").address
    sent = await me.must(None, V2_FACTORY.deploy_data(me.address), gas=6_000_000)  # a factory of nobody's DEX
    factory = to_checksum_address(sent.receipt["contractAddress"])
    await me.must(factory, V2_FACTORY.encode("createPair", usdc, weth), gas=4_000_000)
    pair = await v2_pair(me, factory, usdc, weth)
    await me.must(weth, WETH.encode("deposit"), value=10 * 10**18, gas=100_000)
    await me.must(weth, ERC20.encode("transfer", pair, 10 * 10**18), gas=100_000)
    await me.must(usdc, ERC20.encode("transfer", pair, 30_000 * 10**6), gas=100_000)
    await me.must(pair, PAIR.encode("mint", me.address), gas=300_000)
    paid = 300 * 10**6
    out = paid * 997 * 10 * 10**18 // (30_000 * 10**6 * 1000 + paid * 997)
    await me.must(usdc, ERC20.encode("transfer", pair, paid), gas=100_000)
    before = await me.balance(weth)
    amounts = (0, out) if usdc.lower() < weth.lower() else (out, 0)
    sent = await me.must(pair, PAIR.encode("swap", *amounts, me.address, b""), gas=200_000)
    record = await read(engine, sent.hash)
    assert (record.fromToken, record.amountIn, record.toToken, record.amountOut) == (usdc, str(paid), weth, str(out))
    assert str(out) == str(await moved(me, weth, before)) and [d.dex for d in record.dexs] == [pair]
