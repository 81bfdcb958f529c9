"""Shared fixtures: one devnet and engine in process, one served over HTTP.

Both start their chains from the snapshot cache (built on first use), so a
fresh clone pays for the world builds once per machine.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

# never the user's settings, history or devnet chains: every test run starts from empty folders
os.environ["SWAPDESK_CONFIG_DIR"] = tempfile.mkdtemp(prefix="swapdesk-config-")
os.environ["SWAPDESK_DATA_DIR"] = tempfile.mkdtemp(prefix="swapdesk-data-")

import httpx
import pytest

from swapdesk.chains import CHAINS
from swapdesk.compose import EmbeddedEngine
from swapdesk.devnet.backend import DevnetBackend
from swapdesk.devnet.bridges.service import BridgeProviders
from swapdesk.devnet.chaindata import ChainData
from swapdesk.devnet.network import Devnet
from swapdesk.engine import Engine
from swapdesk.remote import RemoteService
from swapdesk.server import create_app
from swapdesk.server.background import BackgroundServer
from swapdesk.server.devnet_app import DevnetRoutes


@pytest.fixture(scope="session")
async def devnet() -> AsyncIterator[Devnet]:
    """The chains the in-process engine uses, keeping their blocks as the app's do (in a temporary folder)."""
    net = Devnet(ChainData(Path(tempfile.mkdtemp(prefix="swapdesk-chains-"))))
    yield net
    await net.close()


@pytest.fixture(scope="session")
async def engine(devnet: Devnet) -> Engine:
    return Engine(DevnetBackend(devnet))


@pytest.fixture(scope="session")
def server_url() -> Iterator[str]:
    """A real HTTP server on loopback with its own devnet, its bridge providers and an engine, every chain started.

    Starting the chains first (building their worlds on a fresh machine) keeps
    that one-off cost out of the tests' requests and their timeouts.
    """
    devnet = Devnet(ChainData(Path(tempfile.mkdtemp(prefix="swapdesk-served-chains-"))))
    providers = BridgeProviders(devnet)
    engine = EmbeddedEngine(DevnetBackend(devnet), providers)  # its operators run while the server does
    with BackgroundServer(create_app(engine, DevnetRoutes(devnet, providers))) as server:
        with httpx.Client(timeout=None) as client:
            for chain in CHAINS:
                ping = {"jsonrpc": "2.0", "id": 1, "method": "eth_chainId", "params": []}
                assert client.post(f"{server.url}/rpc/{chain.id}", json=ping).json()["result"] == hex(chain.id)
        yield server.url


@pytest.fixture(scope="session")
async def remote(server_url: str) -> AsyncIterator[RemoteService]:
    service = RemoteService(server_url)
    yield service
    await service.aclose()
