"""The History tab: paste the hash of a swap made on the devnet and read what happened."""

from __future__ import annotations

from typing import Any

import qasync
from eth_account import Account
from web3 import AsyncWeb3

from swapdesk.api import AggSwapRequest, parse
from swapdesk.devnet.accounts import demo_key
from swapdesk.devnet.network import Devnet
from swapdesk.devnet.provider import DevnetProvider
from swapdesk.engine import DevnetBackend, Engine
from swapdesk.gui.window import MainWindow

from .conftest import Until, screenshot


async def _swap(devnet: Devnet) -> tuple[str, str]:
    """A real swap on Arbitrum's devnet: 2 ETH for USDC, from demo account 3."""
    engine = Engine(DevnetBackend(devnet))
    manifest = await devnet.manifest(42161)
    usdc = manifest.token("USDC")
    trader = Account.from_key(demo_key(3))
    query = {
        "token0": "0x0000000000000000000000000000000000000000", "token1": usdc.address, "decimal0": "18",
        "decimal1": "6", "impact": "50", "part": "10", "amountIn": str(2 * 10**18), "amountOutMin": "0",
        "to": trader.address, "issuer": trader.address, "chain": "ARB", "channel": "web",
    }  # fmt: skip
    quote = await engine.agg_swap(parse(AggSwapRequest, query.items()))
    w3 = AsyncWeb3(DevnetProvider(devnet, 42161))
    block = await w3.eth.get_block("latest")
    tx = {
        "to": quote.aggregator, "data": quote.data, "value": 2 * 10**18, "gas": 3_000_000, "chainId": 42161,
        "nonce": await w3.eth.get_transaction_count(trader.address), "maxPriorityFeePerGas": 1,
        "maxFeePerGas": block["baseFeePerGas"] * 2 + 1,
    }  # fmt: skip
    tx_hash = await w3.eth.send_raw_transaction(trader.sign_transaction(tx).raw_transaction)
    assert (await w3.eth.wait_for_transaction_receipt(tx_hash))["status"] == 1
    return "0x" + bytes(tx_hash).hex(), quote.totalAmountOut


def test_paste_a_hash_and_detect_its_chain(
    window: MainWindow, until: Until, qloop: qasync.QEventLoop, devnet: Devnet, qtbot: Any
) -> None:
    tx_hash, received = qloop.run_until_complete(_swap(devnet))
    tab = window.history_tab
    window.tabs.setCurrentWidget(tab)
    tab.hash.setText(tx_hash)
    tab.chain_box.setCurrentIndex(0)  # detect
    tab.look_up.click()
    (record,) = until(tab.details_shown)
    assert (record.status, record.chain, record.amountOut) == ("Success", "ARB", received)
    assert "Success" in tab.status.text()
    assert tab.sold.text() == "2 ETH" and tab.bought.text().endswith(" USDC")
    assert tab.to_address.value.text() == Account.from_key(demo_key(3)).address
    assert tab.source_hash.link.text().startswith('<a href="https://arbiscan.io/tx/')
    assert tab.channel.text() == "web" and tab.dexs.text()
    screenshot(window, "history.png")


def test_unknown_and_malformed_hashes_are_said_plainly(window: MainWindow, until: Until) -> None:
    tab = window.history_tab
    tab.chain_box.setCurrentIndex(tab.chain_box.findText("Fantom"))
    tab.hash.setText("0x" + "ab" * 32)
    tab.look_up.click()
    (message,) = until(tab.lookup_failed)
    assert message == "hash: no transaction with that hash on FTM" and not tab.card.isVisibleTo(tab)
    tab.hash.setText("hello")
    tab.look_up.click()
    (message,) = until(tab.lookup_failed)
    assert message.startswith("hash: must be a transaction hash of 64 hexadecimal digits")
