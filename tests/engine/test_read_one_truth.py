"""One truth: `/v3/core/details` and `/ext/v1/transaction` never disagree on what a transaction is. After a day's
worth of every kind (swaps through the catalogue's routers and a pair, a failed swap, approvals, transfers, wraps,
payments, calls, a deployment), every transaction in the chain's latest blocks is asked of both: where details
answer, the extension carries that very record and calls it a swap; where details refuse, they say NOT_A_SWAP
naming what the extension says it is, and the extension carries no record."""

from __future__ import annotations

from eth_abi import encode
from web3 import AsyncWeb3

from swapdesk.api import ApiError, DetailsRequest
from swapdesk.api.requests import TransactionRequest
from swapdesk.chain.rpc import request
from swapdesk.chains import by_id
from swapdesk.contracts import vendored
from swapdesk.devnet.network import Devnet
from swapdesk.devnet.provider import DevnetProvider
from swapdesk.engine import Engine
from swapdesk.engine.reading.transaction_reader import KIND_WORDS

from .dex_world import ERC20, FAR, MAX, ROUTER02, SWAP_ROUTER, WETH, Wallet, fee_token_code, source

ETH = by_id(1)
BLOCKS = 40  # the latest blocks read: every transaction sent here, and what came before


async def test_details_and_the_extension_never_disagree(engine: Engine, devnet: Devnet) -> None:
    me = Wallet.of(AsyncWeb3(DevnetProvider(devnet, ETH.id)), 2)
    manifest = await devnet.manifest(ETH.id)
    usdc, usdt, weth = manifest.token("USDC").address, manifest.token("USDT").address, manifest.wrapped
    v2, v3 = source(manifest, "Uniswap V2").router, source(manifest, "Uniswap V3").router
    sent = [
        await me.must(usdc, ERC20.encode("approve", v2, MAX), gas=100_000),
        await me.must(usdc, ERC20.encode("approve", v3, 10**12), gas=100_000),
        await me.must(v2, ROUTER02.encode("swapExactTokensForTokens", 10**8, 1, [usdc, usdt], me.address, FAR)),
        await me.must(v2, ROUTER02.encode("swapExactETHForTokens", 1, [weth, usdc], me.address, FAR), 10**17),
        await me.must(v3, SWAP_ROUTER.encode("exactInputSingle", (usdc, weth, 3000, me.address, FAR, 10**8, 1, 0))),
        await me.send(v2, ROUTER02.encode("swapExactTokensForTokens", 10**8, MAX, [usdc, usdt], me.address, FAR)),
        await me.must(usdt, ERC20.encode("transfer", weth, 1), gas=100_000),
        await me.must(weth, WETH.encode("deposit"), value=10**16, gas=100_000),
        await me.must(weth, WETH.encode("withdraw", 10**15), gas=100_000),
        await me.must(Wallet.of(me.w3, 1).address, value=1, gas=21_000),
        await me.must(manifest.multicall, vendored("Multicall3").encode("aggregate3", []), gas=100_000),
        await me.must(None, fee_token_code() + encode(["uint256"], [1]), gas=3_000_000),
    ]
    assert [s.ok for s in sent].count(False) == 1

    latest = int(await request(me.w3, "eth_blockNumber", []), 16)
    hashes: list[str] = []
    for number in range(max(0, latest - BLOCKS), latest + 1):
        block = await request(me.w3, "eth_getBlockByNumber", [hex(number), False])
        hashes += block["transactions"]
    assert {s.hash for s in sent} <= set(hashes)
    kinds: set[str] = set()
    for tx in hashes:
        info = await engine.transaction(TransactionRequest(tx, ETH))
        kinds.add(info.kind)
        try:
            details = await engine.details(DetailsRequest(tx, ETH))
        except ApiError as refused:
            assert refused.code.value == "NOT_A_SWAP" and info.details is None, (tx, info.kind, refused.message)
            assert f"that transaction is {KIND_WORDS.get(info.kind, 'not a swap')}," in refused.message
            continue
        assert info.details == details and info.kind in ("swap", "bridge"), (tx, info.kind)
        assert (info.status, info.fromAddress) == (details.status, details.fromAddress)
    assert {"swap", "approval", "transfer", "wrap", "unwrap", "payment", "call", "deployment"} <= kinds
