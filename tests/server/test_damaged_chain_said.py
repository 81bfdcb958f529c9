"""A devnet chain whose journal is damaged (a byte flipped in a complete record, as tests/devnet/test_chain_damage.py
damages one) is named with the command that repairs it wherever it is asked for over HTTP: the spec's cross-chain
token list (before: "the ANYSWAP provider answered the token list of BNB Smart Chain with HTTP 500"), its
`/rpc/<id>` (before: "the server's log says why"), the bridge providers' own APIs (before: a 500, "internal
error"), and a devnet process's catalogue as an API worker reads it (issue 29, item 6)."""

from __future__ import annotations

import asyncio
import shutil
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from swapdesk.api import ErrorCode, Unavailable
from swapdesk.chains import by_id
from swapdesk.compose import EmbeddedEngine
from swapdesk.devnet.backend import DevnetBackend
from swapdesk.devnet.bridges.service import BridgeProviders
from swapdesk.devnet.chaindata import ChainData
from swapdesk.devnet.network import Devnet
from swapdesk.engine.backends import ServedDevnetBackend
from swapdesk.server import create_app
from swapdesk.server.background import BackgroundServer
from swapdesk.server.devnet_app import DevnetRoutes, create_devnet_app

from ..devnet.test_chain_damage import _chain_with_transfers, _flip, _journal, _record_of

BSC = by_id(56)
DAMAGED = "The devnet's BNB Smart Chain chain did not start: its journal is damaged at record "
REPAIR = "`swapdesk devnet repair --chain BSC --keep-prefix --yes`"


@pytest.fixture(scope="module")
def damaged(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A devnet folder whose BSC chain has two transfers, the second's record damaged."""
    root = tmp_path_factory.mktemp("damaged") / "devnet"
    _first, second = asyncio.run(_chain_with_transfers(root, 2))
    start, end = _record_of(root, second)
    _flip(_journal(root), (start + end) // 2)
    return root


def _says_the_damage(message: str) -> None:
    assert message.startswith(DAMAGED) and REPAIR in message and "--reset --yes" in message, message
    assert "HTTP 500" not in message and "log says why" not in message and "internal error" not in message


@pytest.fixture(scope="module")
def served(damaged: Path) -> Iterator[httpx.Client]:
    """The app with its devnet (BSC damaged) and the bridge providers, served; a client of it."""
    devnet = Devnet(ChainData(damaged))
    providers = BridgeProviders(devnet)
    engine = EmbeddedEngine(DevnetBackend(devnet), providers)
    with (
        BackgroundServer(create_app(engine, DevnetRoutes(devnet, providers))) as server,
        httpx.Client(base_url=server.url, timeout=120) as client,
    ):
        yield client


def test_the_cross_chain_token_list_names_the_damaged_chain(served: httpx.Client) -> None:
    """The other chains and bridges are listed; ANYSWAP (which lists chain by chain) leaves BSC out, and the
    list says so in its extension, with the damage and its repair (before: the whole list failed, blaming the
    ANYSWAP provider's HTTP 500; then, ANYSWAP left out whole without a word)."""
    listed = served.get("/v3/cross/common/list")
    assert listed.status_code == 200, listed.text
    data = listed.json()["data"]
    assert "ANYSWAP" in data["bridgers"]
    assert BSC.id not in {entry["chainId"] for entry in data["chains"]["ANYSWAP"]} and data["chains"]["ANYSWAP"]
    (said,) = [u for u in data["unavailable"] if u["bridge"] == "ANYSWAP"]
    assert said["chainId"] == BSC.id and said["code"] == ErrorCode.CHAIN_UNAVAILABLE
    _says_the_damage(said["message"])


def test_the_chains_rpc_names_the_damage_and_its_repair(served: httpx.Client) -> None:
    ask = {"jsonrpc": "2.0", "id": 7, "method": "eth_blockNumber", "params": []}
    answer = served.post("/rpc/56", json=ask).json()
    assert answer["id"] == 7 and answer["error"]["code"] == -32000
    _says_the_damage(answer["error"]["message"])
    healthy = served.post("/rpc/137", json=ask).json()
    assert int(healthy["result"], 16) > 0  # the other chains go on


def test_a_providers_api_says_it_cannot_reach_the_chain_and_why(served: httpx.Client) -> None:
    listing = served.get("/providers/anyswap/v4/tokenlistv4/56")
    assert listing.status_code == 503 and listing.json()["msg"] == "Error"
    said = listing.json()["error"]
    assert said.startswith("a chain cannot be reached: ") and REPAIR in said, said


def test_a_worker_hears_the_damage_from_the_devnet_process(damaged: Path, tmp_path: Path) -> None:
    """`swapdesk serve --workers N`: the workers read each chain's catalogue from the devnet process."""
    copied = tmp_path / "devnet"  # the app above holds the folder's bridge operators: a copy of its own
    shutil.copytree(damaged, copied, ignore=shutil.ignore_patterns("lock"))
    devnet = Devnet(ChainData(copied))
    with BackgroundServer(create_devnet_app(devnet, BridgeProviders(devnet))) as server:
        with httpx.Client(timeout=120) as client:
            refused = client.get(f"{server.url}/devnet/v1/catalogs/56")
            assert refused.status_code == 503
            _says_the_damage(refused.json()["error"])

        async def catalog() -> None:
            backend = ServedDevnetBackend(server.url)
            try:
                with pytest.raises(Unavailable) as unavailable:
                    await backend.catalog(BSC)
            finally:
                await backend.aclose()
            assert unavailable.value.code == ErrorCode.CHAIN_UNAVAILABLE
            message = unavailable.value.message
            assert message.startswith(f"the devnet at {server.url} did not give the BSC catalogue: HTTP 503: ")
            _says_the_damage(message.split("HTTP 503: ", 1)[1])

        asyncio.run(catalog())
