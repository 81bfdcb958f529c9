"""Every kind of transaction a user sends around a swap, read on the devnet: approvals (the spender named from the
catalogue, unlimited said), transfers, wraps and unwraps of the coin, payments, deployments, and calls swapdesk
cannot read (said with what it can: status, fee, contract, method). The details endpoint names what each is."""

from __future__ import annotations

import pytest
from eth_abi import encode
from eth_account import Account
from web3 import AsyncWeb3

from swapdesk.api import ApiError, DetailsRequest, TxInfo
from swapdesk.api.requests import TransactionRequest
from swapdesk.chains import by_id
from swapdesk.contracts import vendored
from swapdesk.devnet.manifest import Manifest
from swapdesk.devnet.network import Devnet
from swapdesk.devnet.provider import DevnetProvider
from swapdesk.engine import Engine

from .dex_world import ERC20, MAX, NATIVE, WETH, Wallet, fee_token_code, source

ETH = by_id(1)


@pytest.fixture(scope="module")
async def world(devnet: Devnet) -> tuple[Wallet, Manifest]:
    return Wallet.of(AsyncWeb3(DevnetProvider(devnet, ETH.id)), 3), await devnet.manifest(ETH.id)


async def look(engine: Engine, tx: str, kind: str) -> TxInfo:
    info = await engine.transaction(TransactionRequest(tx, ETH))
    assert info.kind == kind and info.details is None, info
    with pytest.raises(ApiError) as refused:
        await engine.details(DetailsRequest(tx, ETH))
    assert refused.value.code.value == "NOT_A_SWAP" and refused.value.status == 422
    return info


async def test_approvals_name_the_spender(engine: Engine, world: tuple[Wallet, Manifest]) -> None:
    me, manifest = world
    usdc = manifest.token("USDC").address
    router02 = source(manifest, "Uniswap V2").router
    sent = await me.must(usdc, ERC20.encode("approve", router02, MAX), gas=100_000)
    info = await look(engine, sent.hash, "approval")
    assert (info.token, info.symbol, info.decimals, info.amount) == (usdc, "USDC", 6, str(MAX))
    assert (info.spender, info.spenderName, info.unlimited) == (router02, "Uniswap V2 router", True)
    assert (info.contractName, info.methodName) == ("USDC", "approve(address,uint256)")
    with pytest.raises(ApiError) as refused:
        await engine.details(DetailsRequest(sent.hash, ETH))
    assert "an approval, not a swap" in refused.value.message

    sent = await me.must(usdc, ERC20.encode("approve", manifest.router, 25 * 10**6), gas=100_000)
    info = await look(engine, sent.hash, "approval")
    assert (info.spenderName, info.unlimited, info.amount) == ("swapdesk's router", False, str(25 * 10**6))
    stranger = Account.create().address
    sent = await me.must(usdc, ERC20.encode("approve", stranger, 1), gas=100_000)
    assert (await look(engine, sent.hash, "approval")).spenderName == ""


async def test_transfers_and_payments(engine: Engine, world: tuple[Wallet, Manifest]) -> None:
    me, manifest = world
    usdt, friend = manifest.token("USDT").address, Account.create().address
    sent = await me.must(usdt, ERC20.encode("transfer", friend, 12_345_678), gas=100_000)
    info = await look(engine, sent.hash, "transfer")
    assert (info.recipient, info.amount, info.symbol, info.status) == (friend, "12345678", "USDT", "Success")
    assert [(f.token, f.amount) for f in info.flows] == [(usdt, "-12345678")]

    sent = await me.must(friend, b"", value=3 * 10**17, gas=21_000)
    info = await look(engine, sent.hash, "payment")
    assert (info.toAddress, info.value, info.networkFee) == (
        friend,
        str(3 * 10**17),
        str(21_000 * int(sent.receipt["effectiveGasPrice"], 16)),
    )


async def test_wraps_and_unwraps(engine: Engine, world: tuple[Wallet, Manifest]) -> None:
    me, manifest = world
    weth = manifest.wrapped
    sent = await me.must(weth, WETH.encode("deposit"), value=10**18, gas=100_000)
    info = await look(engine, sent.hash, "wrap")
    assert {(f.token, f.amount) for f in info.flows} == {(NATIVE, str(-(10**18))), (weth, str(10**18))}
    assert info.contractName == "WETH"

    sent = await me.must(weth, WETH.encode("withdraw", 4 * 10**17), gas=100_000)
    info = await look(engine, sent.hash, "unwrap")
    assert {(f.token, f.amount) for f in info.flows} == {(weth, str(-4 * 10**17)), (NATIVE, str(4 * 10**17))}
    assert info.unknown == []


async def test_calls_swapdesk_cannot_read_and_deployments(engine: Engine, world: tuple[Wallet, Manifest]) -> None:
    me, manifest = world
    multicall = vendored("Multicall3")
    sent = await me.must(manifest.multicall, multicall.encode("aggregate3", []), gas=100_000)
    info = await look(engine, sent.hash, "call")
    assert (info.contractName, info.method, info.methodName) == (
        "Multicall3",
        "0x82ad56cb",
        "aggregate3((address,bool,bytes)[])",
    )
    assert info.status == "Success" and int(info.networkFee) > 0

    pool = source(manifest, "Uniswap V2").pools[0]
    sent = await me.send(pool, bytes.fromhex("deadbeef") + bytes(32), gas=100_000)
    info = await look(engine, sent.hash, "call")
    assert (info.status, info.method, info.methodName, info.contractName) == (
        "Failure",
        "0xdeadbeef",
        "",
        "Uniswap V2 pool",
    )
    assert info.failure is not None and info.failure.code in ("REVERTED", "UNKNOWN") and info.failure.words

    sent = await me.must(None, fee_token_code() + encode(["uint256"], [10**18]), gas=3_000_000)
    deployment = await engine.transaction(TransactionRequest(sent.hash, ETH))
    assert (deployment.kind, deployment.toAddress, deployment.status) == ("deployment", "", "Success")
