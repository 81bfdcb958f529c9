"""The CLI's cross-chain side against a live server: compare the bridges, quote one, then read the transfer's
timeline in `details` once a demo account's deposit (signed here, sent through /rpc) has arrived."""

from __future__ import annotations

import json
import re
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from eth_account import Account
from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse
from web3 import Web3

from swapdesk.__main__ import main
from swapdesk.compose import EmbeddedEngine
from swapdesk.contracts import artifact
from swapdesk.devnet.accounts import demo_key
from swapdesk.devnet.backend import DevnetBackend
from swapdesk.devnet.bridges.service import BridgeProviders
from swapdesk.devnet.chaindata import ChainData
from swapdesk.devnet.network import Devnet
from swapdesk.server import create_app
from swapdesk.server.background import BackgroundServer
from swapdesk.server.devnet_app import DevnetRoutes
from tests.engine.bridges.served import fixture

BSC, POLYGON = 56, 137
SENDER = 6  # a demo account no other test of this server uses
SPEED = 50  # block times divided by this: a transfer ends in about a second


@pytest.fixture(scope="module")
def fast_server() -> Iterator[str]:
    devnet = Devnet(ChainData(Path(tempfile.mkdtemp(prefix="swapdesk-cli-cross-"))), speed=SPEED)
    providers = BridgeProviders(devnet)
    engine = EmbeddedEngine(DevnetBackend(devnet), providers)  # its operators run while the server does
    with BackgroundServer(create_app(engine, DevnetRoutes(devnet, providers))) as server:
        yield server.url


def send(w3: Web3, to: str, data: bytes | str) -> str:
    """A demo account's transaction, signed here and sent through the server's JSON-RPC; its hash."""
    me = Account.from_key(demo_key(SENDER))
    tx = {
        "to": Web3.to_checksum_address(to), "data": data, "from": me.address, "chainId": BSC,
        "nonce": w3.eth.get_transaction_count(me.address), "gas": 1_000_000,
        "maxFeePerGas": 2 * w3.eth.get_block("latest")["baseFeePerGas"] + 1, "maxPriorityFeePerGas": 1,
    }  # fmt: skip
    sent = w3.eth.send_raw_transaction(me.sign_transaction(tx).raw_transaction)
    assert w3.eth.wait_for_transaction_receipt(sent)["status"] == 1
    return sent.to_0x_hex()


def test_compare_quote_deposit_and_follow_the_timeline(fast_server: str, capsys: pytest.CaptureFixture[str]) -> None:
    receiver = Account.from_key(demo_key(7)).address
    cross = ["cross", "--from", "BSC", "--to", "POLYGON", "--sell", "USDT", "--amount", "120", "--server", fast_server]
    assert main([*cross, "--recipient", receiver]) == 0
    compared = capsys.readouterr().out
    assert compared.startswith("120 USDT: every bridge, the most output first")
    assert all(bridge in compared for bridge in ("ANYSWAP", "CBRIDGE", "METAPATH"))

    assert main([*cross, "--recipient", receiver, "--bridge", "metapath", "--json"]) == 0
    quote = json.loads(capsys.readouterr().out)
    assert quote["exchange"] == "METAPATH" and quote["to"] == receiver and int(quote["amountOut"]) > 0

    w3 = Web3(Web3.HTTPProvider(f"{fast_server}/rpc/{BSC}"))
    erc20 = artifact("ERC20")
    router = Web3.to_checksum_address(quote["router"])
    send(w3, quote["token0"], erc20.encode("approve", router, int(quote["amountIn"])))  # exactly the amount
    deposit = send(w3, quote["router"], quote["data"])
    order = {
        "bridge": "METAPATH", "fromChainID": str(BSC), "toChainID": str(POLYGON), "token0": quote["token0"],
        "token1": quote["token1"], "to": receiver, "amountIn": quote["amountIn"], "hash": deposit,
        "amountOutMin": quote["amountOut"], "channel": "default",
    }  # fmt: skip
    registered = httpx.get(f"{fast_server}/v3/cross/order", params=order).json()
    assert registered["result"] == 0, registered

    deadline = time.monotonic() + 60  # the operator's stages follow the chains' blocks (about 1 s at this speed)
    while (status := httpx.get(f"{fast_server}/v3/core/details", params={"hash": deposit, "chain": "BSC"}).json())[
        "data"
    ]["status"] != "Success":
        assert time.monotonic() < deadline, status
        time.sleep(0.1)

    assert main(["details", deposit, "--chain", "BSC", "--server", fast_server]) == 0
    shown = capsys.readouterr().out.splitlines()
    assert shown[0] == "Success (receive_complete): a cross-chain swap from BNB Smart Chain to Polygon, channel default"
    assert "  bridge    METAPATH" in shown and f"  hash      {deposit}" in shown
    assert any(line.startswith("  target    0x") for line in shown) and "  progress  DONE / COMPLETED" in shown
    stages = [line.split() for line in shown[next(n for n, line in enumerate(shown) if "timeline" in line) :]]
    notes = [words[2] if words[0] == "timeline" else words[1] for words in stages]
    assert notes == [
        "wait_deposit_send", "wait_exchange_push", "wait_exchange_return", "wait_exchange_return_success",
        "wait_receive_send", "wait_receive_confirm", "receive_complete",
    ], stages  # fmt: skip
    assert stages[0][-2:] == ["BSC", deposit]  # the deposit's stage names its chain and hash


def test_a_provider_named_by_url_is_asked_at_that_url(capsys: pytest.CaptureFixture[str]) -> None:
    """`--provider cbridge=URL`: the quote asks that service (here a gateway on loopback answering the
    documented example) and the other bridges stay the devnet's."""
    asked: list[str] = []
    gateway = FastAPI()

    @gateway.get("/v2/getTransferConfigsForAll")
    async def configs(request: Request) -> JSONResponse:
        asked.append(request.url.path)
        return JSONResponse(fixture("cbridge", "getTransferConfigsForAll.docs-example.json"))

    receiver = Account.from_key(demo_key(7)).address
    cross = ["cross", "--from", "BSC", "--to", "POLYGON", "--sell", "USDT", "--amount", "120", "--recipient", receiver]
    with BackgroundServer(gateway) as served:
        assert main([*cross, "--provider", f"cbridge={served.url}"]) == 0
    compared = capsys.readouterr().out
    assert asked and set(asked) == {"/v2/getTransferConfigsForAll"}
    assert "METAPATH" in compared.split("not available")[0]  # quoted by the devnet's provider
    assert re.search(r"CBRIDGE\s+not available: token0: CBRIDGE does not carry 0x", compared), compared


def test_provider_options_are_checked_as_they_are_read(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["cross", "--from", "BSC", "--to", "POLYGON", "--sell", "USDT", "--amount", "1", "--provider", "celer=x"])
    assert "is not NAME=URL with NAME cbridge, metapath or anyswap" in capsys.readouterr().err
    server = ["--server", "http://127.0.0.1:9", "--provider", "cbridge=https://cbridge-prod2.celer.app"]
    assert main(["cross", "--from", "BSC", "--to", "POLYGON", "--sell", "USDT", "--amount", "1", *server]) == 1
    assert "--provider: a server uses its own providers" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["serve", "--provider", "cbridge=ftp://example.org"])
    assert "cbridge" in capsys.readouterr().err
