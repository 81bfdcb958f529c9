"""The issue's own case, on anvil (a real JSON-RPC node) with the world deployed through JSON-RPC: a swap through
a DEX's real UniswapV2Router02 is read as a swap (never NOT_A_SWAP), with exact amounts and the DEX named, and the
transaction extension carries the same record. The coin a swap pays out leaves no log: where the node traces
(anvil's `debug_traceTransaction`) it is read from the trace; on a node that keeps neither past state nor traces
(anvil with --prune-history) it is said to be unknown, never guessed, while a token-for-token swap is still exact."""

from __future__ import annotations

import secrets
from collections.abc import Iterator

import pytest

from swapdesk.api import ApiError, DetailsRequest
from swapdesk.api.requests import TransactionRequest
from swapdesk.chain.rpc import request
from swapdesk.chains import by_id
from swapdesk.contracts import artifact, vendored
from swapdesk.devnet.accounts import DEPLOYER_INDEX, demo_key
from swapdesk.devnet.builder import deploy_world
from swapdesk.devnet.manifest import Manifest
from swapdesk.devnet.sender import RpcSender, signed_transaction
from swapdesk.engine import Engine, RpcBackend
from tests.anvil import running_anvil

ERC20, ROUTER02 = artifact("ERC20"), vendored("UniswapV2Router02")
BSC, NATIVE, FAR = by_id(56), "0x0000000000000000000000000000000000000000", 2**40


@pytest.fixture(scope="module", params=["traced", "pruned"])
def node(request: pytest.FixtureRequest) -> Iterator[tuple[str, str, Manifest]]:
    """anvil with the BSC world: as it runs by default (past state, traces), or keeping neither."""
    options = ["--prune-history"] if request.param == "pruned" else []
    with running_anvil(56, *options) as url:
        deployer = RpcSender(url, demo_key(DEPLOYER_INDEX))
        manifest = deploy_world(deployer, 56)
        deployer.close()
        yield request.param, url, manifest


async def sent(engine: Engine, trader: RpcSender, to: str, data: bytes) -> str:
    """Sent, and its receipt shown to the engine's own connection too (anvil may show a transaction it just mined,
    receipt-less, for a moment: read then, it is pending)."""
    tx = "0x" + trader.send(to, data, gas=300_000).hex()
    w3 = await engine.backend.web3(BSC)
    for _ in range(1_000):
        if await request(w3, "eth_getTransactionReceipt", [tx]) is not None:
            return tx
    raise AssertionError(f"{tx}: no receipt after 1000 asks")


def balance(trader: RpcSender, token: str) -> int:
    return int(ERC20.decode("balanceOf", trader.call(token, ERC20.encode("balanceOf", trader.address)))[0])


async def test_a_router02_swap_on_a_real_node(node: tuple[str, str, Manifest]) -> None:
    kind, url, manifest = node
    mdex = next(s for s in manifest.sources if s.name == "MDEX")
    assert mdex.router is not None
    usdt, cake = manifest.token("USDT").address, manifest.token("CAKE").address
    trader = RpcSender(url, secrets.token_bytes(32))
    giver = RpcSender(url, demo_key(5))
    engine = Engine(RpcBackend({56: url}, {56: manifest}))
    try:
        giver.send(trader.address, value=10**18, gas=21_000)
        giver.send(usdt, ERC20.encode("transfer", trader.address, 5_000 * 10**18), gas=100_000)
        trader.send(usdt, ERC20.encode("approve", mdex.router, 2**256 - 1), gas=100_000)

        before = balance(trader, cake)
        call = ROUTER02.encode("swapExactTokensForTokens", 1_000 * 10**18, 1, [usdt, cake], trader.address, FAR)
        tx = await sent(engine, trader, mdex.router, call)
        details = await engine.details(DetailsRequest(tx, BSC))
        assert (details.status, details.fromToken, details.toToken, details.amountIn) == (
            "Success", usdt, cake, str(1_000 * 10**18))  # fmt: skip
        assert details.amountOut == str(balance(trader, cake) - before) and details.amountOutMin == "1"
        assert [d.dex for d in details.dexs] == ["MDEX"] and details.unknown is None
        assert (await engine.transaction(TransactionRequest(tx, BSC))).details == details

        w3 = await engine.backend.web3(BSC)

        async def coin() -> int:
            return int(await request(w3, "eth_getBalance", [trader.address, "latest"]), 16)

        held = await coin()
        call = ROUTER02.encode("swapExactTokensForETH", 700 * 10**18, 1, [usdt, manifest.wrapped], trader.address, FAR)
        tx = await sent(engine, trader, mdex.router, call)
        receipt = await request(w3, "eth_getTransactionReceipt", [tx])
        got = await coin() - held + int(receipt["gasUsed"], 16) * int(receipt["effectiveGasPrice"], 16)
        details = await engine.details(DetailsRequest(tx, BSC))
        info = await engine.transaction(TransactionRequest(tx, BSC))
        assert (details.fromToken, details.toToken, details.amountIn) == (usdt, NATIVE, str(700 * 10**18))
        assert info.details == details and info.kind == "swap" and got > 0
        if kind == "traced":
            assert details.amountOut == str(got) and details.unknown is None
        else:
            assert (details.amountOut, details.unknown) == ("0", ["amountOut"])  # never guessed
            return

        await request(w3, "evm_setAutomine", [False])  # a swap in the pool, not in a block yet
        base_fee = int((await request(w3, "eth_getBlockByNumber", ["latest", False]))["baseFeePerGas"], 16)
        nonce = int(await request(w3, "eth_getTransactionCount", [trader.address, "pending"]), 16)
        raw = signed_transaction(trader.account, 56, nonce, base_fee, mdex.router, call, 0, 300_000)
        tx = await request(w3, "eth_sendRawTransaction", ["0x" + raw.hex()])
        info = await engine.transaction(TransactionRequest(tx, BSC))
        assert (info.kind, info.status, info.details, info.block) == ("swap", "Pending", None, 0)
        with pytest.raises(ApiError) as refused:
            await engine.details(DetailsRequest(tx, BSC))
        assert refused.value.message == "hash: the transaction is not mined yet on BSC"
        await request(w3, "evm_mine", [])
        assert (await engine.details(DetailsRequest(tx, BSC))).status == "Success"
    finally:
        trader.close()
        giver.close()
        await engine.aclose()
