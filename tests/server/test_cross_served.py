"""The cross-chain endpoints served over a real socket, with the providers mounted at /providers/<name>/ and
their operators running in the server's lifespan (the wiring `swapdesk serve` is to get): the remote client
and the command line speak them, and schemathesis fuzzes them against the OpenAPI document, reaching
successful answers on each (the order callback's example is a real deposit made here)."""

from __future__ import annotations

import json
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import schemathesis
from eth_account import Account

from swapdesk.__main__ import main
from swapdesk.api import CrossListRequest, CrossRoutesRequest, CrossSwapRequest, DetailsRequest, parse
from swapdesk.api.cross_requests import CrossOrderRequest
from swapdesk.compose import EmbeddedEngine
from swapdesk.contracts import artifact
from swapdesk.devnet.accounts import demo_key
from swapdesk.devnet.backend import DevnetBackend
from swapdesk.devnet.bridges.service import BridgeProviders
from swapdesk.devnet.chaindata import ChainData
from swapdesk.devnet.network import Devnet
from swapdesk.remote import RemoteService
from swapdesk.server import create_app
from swapdesk.server.background import BackgroundServer
from swapdesk.server.devnet_app import DevnetRoutes
from tests.server.test_fuzz import CONFIG

ERC20 = artifact("ERC20")
BSC, ETH, POLYGON, TRON = 56, 1, 137, 95500
SENDER, RECEIVER = 8, 7
CROSS_PATHS = ("/v3/cross/common/list", "/v3/cross/swap", "/v3/cross/order", "/ext/v1/cross/routes")


@pytest.fixture(scope="module")
def url() -> Iterator[str]:
    devnet = Devnet(ChainData(Path(tempfile.mkdtemp(prefix="swapdesk-cross-served-"))), speed=50)
    providers = BridgeProviders(devnet)
    engine = EmbeddedEngine(DevnetBackend(devnet), providers)  # its operators run while the server does
    app = create_app(engine, DevnetRoutes(devnet, providers))  # as `swapdesk serve` builds it
    with BackgroundServer(app) as server:
        for chain_id in (BSC, ETH, POLYGON, TRON):
            assert int(_rpc(server.url, chain_id, "eth_chainId"), 16) == chain_id
        yield server.url


def _rpc(url: str, chain_id: int, method: str, *params: Any) -> Any:
    body = {"jsonrpc": "2.0", "id": 1, "method": method, "params": list(params)}
    answer = httpx.post(f"{url}/rpc/{chain_id}", json=body, timeout=60).json()
    assert "result" in answer, answer
    return answer["result"]


def _send(url: str, chain_id: int, to: str, data: str) -> str:
    me = Account.from_key(demo_key(SENDER))
    latest = _rpc(url, chain_id, "eth_getBlockByNumber", "latest", False)
    tx = {
        "to": to, "data": data, "value": 0, "chainId": chain_id, "gas": 1_000_000,
        "nonce": int(_rpc(url, chain_id, "eth_getTransactionCount", me.address, "pending"), 16),
        "maxFeePerGas": int(latest["baseFeePerGas"], 16) * 2 + 1, "maxPriorityFeePerGas": 1,
    }  # fmt: skip
    receipt = _rpc(url, chain_id, "eth_sendRawTransactionSync", "0x" + me.sign_transaction(tx).raw_transaction.hex())
    assert receipt["status"] == "0x1"
    return str(receipt["transactionHash"])


def _get(url: str, path: str, **params: Any) -> Any:
    body = httpx.get(url + path, params={k: str(v) for k, v in params.items()}, timeout=120).json()
    assert body["result"] == 0, body
    return body["data"]


@pytest.fixture(scope="module")
def deposit(url: str) -> dict[str, Any]:
    """A METAPATH deposit, BSC -> Polygon, made as a client makes it: the order callback's parameters."""
    listed = _get(url, "/v3/cross/common/list")["tokens"]["METAPATH"]
    usdt = next(t for t in listed if t["chainId"] == BSC and t["symbol"] == "USDT")
    receiver = Account.from_key(demo_key(RECEIVER)).address
    quote = _get(url, "/v3/cross/swap", fromChainID=BSC, toChainID=POLYGON, token0=usdt["address"],
                 bridge="METAPATH", amountIn=100 * 10**18, to=receiver)  # fmt: skip
    _send(url, BSC, usdt["address"], "0x" + ERC20.encode("approve", quote["router"], 100 * 10**18).hex())
    tx = _send(url, BSC, quote["router"], quote["data"])
    return {"bridge": "METAPATH", "fromChainID": str(BSC), "toChainID": str(POLYGON), "token0": quote["token0"],
            "token1": quote["token1"], "to": receiver, "amountIn": quote["amountIn"], "channel": "android",
            "hash": tx, "amountOutMin": quote["amountOut"]}  # fmt: skip


async def test_the_remote_client_speaks_the_cross_chain_paths(url: str, deposit: dict[str, Any]) -> None:
    remote = RemoteService(url, timeout=120)
    try:
        listed = await remote.cross_list(CrossListRequest())
        assert listed.bridgers == ["ANYSWAP", "METAPATH", "CBRIDGE"]
        order = parse(CrossOrderRequest, deposit.items())
        assert await remote.cross_order(order) == await remote.cross_order(order)
        ask = {k: deposit[k] for k in ("fromChainID", "toChainID", "token0", "token1", "to", "amountIn")}
        quote = await remote.cross_swap(parse(CrossSwapRequest, (ask | {"bridge": "METAPATH"}).items()))
        assert quote.exchange == "METAPATH" and quote.relayerFee is not None
        routes = await remote.cross_routes(parse(CrossRoutesRequest, (ask | {"include": "metapath"}).items()))
        assert [r.bridge for r in routes.routes] == ["METAPATH"] and routes.routes[0].quote == quote
        request = parse(DetailsRequest, [("hash", deposit["hash"]), ("chain", "BSC")])
        deadline = time.monotonic() + 60
        while (record := await remote.details(request)).status == "Receiving":
            assert time.monotonic() < deadline
        assert record.status == "Success" and record.channel == "android" and record.timeline
        assert record.normalizedStatus is not None and record.normalizedStatus.substatus == "COMPLETED"
    finally:
        await remote.aclose()


def test_the_command_line_quotes_and_shows_the_timeline(
    url: str, deposit: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    receiver = "0x2c7536E3605D9C16a7a3D7b1898e529396a65c23"
    argv = ["cross", "--from", "BSC", "--to", "polygon", "--sell", "usdt", "--amount", "250", "--recipient", receiver]
    argv += ["--server", url]
    assert main(argv) == 0
    shown = capsys.readouterr().out
    assert shown.startswith("250 USDT: every bridge, the most output first")
    assert all(f"  {bridge}" in shown for bridge in ("ANYSWAP", "METAPATH", "CBRIDGE"))
    assert main([*argv, "--bridge", "metapath", "--json"]) == 0
    quote = json.loads(capsys.readouterr().out)
    assert quote["exchange"] == "METAPATH" and quote["amountIn"] == str(250 * 10**18)
    assert main([*argv[:-2], "--bridge", "SWFT", "--server", url]) == 1
    assert "--bridge: 'SWFT' is not offered" in capsys.readouterr().err

    deadline = time.monotonic() + 60
    while _get(url, "/v3/core/details", hash=deposit["hash"], chain="BSC")["status"] == "Receiving":
        assert time.monotonic() < deadline
    assert main(["details", deposit["hash"], "--chain", "bsc", "--server", url]) == 0
    shown = capsys.readouterr().out
    assert shown.startswith("Success (receive_complete): a cross-chain swap from BNB Smart Chain to Polygon")
    assert "  bridge    METAPATH" in shown and "  progress  DONE / COMPLETED" in shown
    assert "  timeline  " in shown and "receive_complete" in shown and "wait_receive_confirm" in shown


@pytest.fixture(scope="module")
def api(url: str, deposit: dict[str, Any]) -> schemathesis.BaseSchema:
    """The served document, the order callback's example the deposit above, details' its hash."""
    document = httpx.get(f"{url}/openapi.json").json()
    document["paths"] = {p: v for p, v in document["paths"].items() if p in (*CROSS_PATHS, "/v3/core/details")}
    examples = {"/v3/cross/order": deposit, "/v3/core/details": {"hash": deposit["hash"], "chain": "BSC"}}
    for path, values in examples.items():
        for parameter in document["paths"][path]["get"]["parameters"]:
            parameter["example"] = values[parameter["name"]]
    schema = schemathesis.openapi.from_dict(document, config=schemathesis.Config.from_dict(CONFIG))
    schema.config.update(base_url=url)
    return schema


@pytest.fixture(scope="module")
def answers() -> dict[str, set[int]]:
    return {}


schema = schemathesis.pytest.from_fixture("api")


@schema.parametrize()
def test_the_cross_chain_paths_keep_to_the_document(case: schemathesis.Case[Any], answers: dict[str, set[int]]) -> None:
    response = case.call_and_validate()
    answers.setdefault(case.operation.path, set()).add(response.status_code)


def test_the_fuzzing_reached_success_on_every_cross_chain_path(answers: dict[str, set[int]]) -> None:
    """Runs after the fuzzing above (pytest keeps a file's order)."""
    assert set(answers) == {*CROSS_PATHS, "/v3/core/details"}, answers
    for path, statuses in answers.items():
        assert 200 in statuses, (path, statuses)
