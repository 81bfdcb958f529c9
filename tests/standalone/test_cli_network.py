"""The command line answers from the node in Settings for a chain that has one, as the window does (before, it
answered from the devnet and named it Ethereum)."""

from __future__ import annotations

import asyncio
import json
import shutil
from pathlib import Path

import httpx
import pytest
from eth_account import Account
from eth_utils import to_checksum_address

from swapdesk import settings
from swapdesk.__main__ import main
from swapdesk.api import AggSwapRequest, parse
from swapdesk.chains import resolve
from swapdesk.engine import Engine, RpcBackend
from swapdesk.settings import Settings
from tests.standalone.conftest import ANVIL_KEY, World

ETH = resolve("ETH")


@pytest.fixture
def node_in_settings(world: World, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> World:
    """A profile whose Settings name the world's node for Ethereum, with its catalogue as the user keeps it."""
    monkeypatch.setenv("SWAPDESK_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("SWAPDESK_DATA_DIR", str(tmp_path / "data"))
    (tmp_path / "config" / "catalogs").mkdir(parents=True)
    shutil.copy(world.folder / "catalogue.json", tmp_path / "config" / "catalogs" / "1.json")
    settings.save(Settings(rpc={"ETH": world.url}))
    return world


def test_a_quote_comes_from_the_node_in_settings(node_in_settings: World, capsys: pytest.CaptureFixture[str]) -> None:
    world = node_in_settings
    to = Account.from_key(bytes.fromhex(world.user_key)).address
    tkb = world.catalog.token("TKB").address
    argv = ["quote", "--chain", "ETH", "--sell", "0x" + "0" * 40, "--buy", tkb, "--amount", "2", "--to", to]
    assert main([*argv, "--part", "10", "--json"]) == 0
    said = capsys.readouterr()
    assert "devnet" not in said.err
    raw = {"chain": "ETH", "token0": "0x" + "0" * 40, "token1": tkb, "decimal0": "18", "decimal1": "18",
           "amountIn": str(2 * 10**18), "impact": "50", "part": "10", "amountOutMin": "0", "to": to}  # fmt: skip

    async def direct() -> str:
        engine = Engine(RpcBackend({ETH.id: world.url}, {ETH.id: world.catalog}))
        try:
            return (await engine.agg_swap(parse(AggSwapRequest, raw.items()))).totalAmountOut
        finally:
            await engine.aclose()

    assert json.loads(said.out)["totalAmountOut"] == asyncio.run(direct())  # the node's pools, not the devnet's


def test_details_come_from_the_node_in_settings(node_in_settings: World, capsys: pytest.CaptureFixture[str]) -> None:
    world = node_in_settings
    sender = Account.from_key(ANVIL_KEY)
    ask = {"jsonrpc": "2.0", "id": 1, "method": "eth_getTransactionCount", "params": [sender.address, "pending"]}
    nonce = int(httpx.post(world.url, json=ask).json()["result"], 16)
    tx = {"to": to_checksum_address("0x" + "ab" * 20), "value": 12345, "nonce": nonce, "chainId": 1, "gas": 21_000,
          "maxFeePerGas": 10**11, "maxPriorityFeePerGas": 1}  # fmt: skip
    raw = "0x" + sender.sign_transaction(tx).raw_transaction.hex()
    sent = httpx.post(world.url, json={"jsonrpc": "2.0", "id": 1, "method": "eth_sendRawTransaction", "params": [raw]})
    tx_hash = sent.json()["result"]
    assert main(["details", tx_hash, "--chain", "ETH"]) == 0
    said = capsys.readouterr()
    assert "on Ethereum" in said.out and "devnet" not in said.err
