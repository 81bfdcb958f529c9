"""The History tab: paste the hash of a swap made on the devnet and read what happened; lookups show progress
and can be cancelled; devnet hashes never link to a public explorer; an approval is read as an approval."""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path
from typing import Any

import qasync
from eth_account import Account
from web3 import AsyncWeb3

from swapdesk.api import AggSwapRequest, parse
from swapdesk.chains import resolve
from swapdesk.contracts import artifact
from swapdesk.devnet.accounts import demo_key
from swapdesk.devnet.backend import DevnetBackend
from swapdesk.devnet.network import Devnet
from swapdesk.devnet.provider import DevnetProvider
from swapdesk.engine import Engine
from swapdesk.gui import status
from swapdesk.gui.links import Links
from swapdesk.gui.window import MainWindow
from swapdesk.store import StoredTx

from ..hostile import HOSTILE, formula_like
from .conftest import Until, screenshot

ERC20 = artifact("ERC20")


async def _send(devnet: Devnet, chain_id: int, key: int, tx: dict[str, Any]) -> str:
    w3 = AsyncWeb3(DevnetProvider(devnet, chain_id))
    sender = Account.from_key(demo_key(key))
    block = await w3.eth.get_block("latest")
    tx = {"gas": 3_000_000, "chainId": chain_id, "nonce": await w3.eth.get_transaction_count(sender.address),
          "maxPriorityFeePerGas": 1, "maxFeePerGas": block["baseFeePerGas"] * 2 + 1, "value": 0, **tx}  # fmt: skip
    tx_hash = await w3.eth.send_raw_transaction(sender.sign_transaction(tx).raw_transaction)
    assert (await w3.eth.wait_for_transaction_receipt(tx_hash))["status"] == 1
    return "0x" + bytes(tx_hash).hex()


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
    tx = {"to": quote.aggregator, "data": quote.data, "value": 2 * 10**18}
    return await _send(devnet, 42161, 3, tx), quote.totalAmountOut


async def _approve(devnet: Devnet) -> tuple[str, str]:
    """Demo account 4 lets the Optimism router take 1,234.5 USDC (an approval sent outside the app)."""
    manifest = await devnet.manifest(10)
    usdc = manifest.token("USDC")
    router = manifest.router
    assert router is not None, "the devnet deploys a router on every EVM chain"
    data = "0x" + ERC20.encode("approve", router, 1_234_500_000).hex()
    return await _send(devnet, 10, 4, {"to": usdc.address, "data": data}), router


def test_paste_a_hash_and_detect_its_chain(
    window: MainWindow, until: Until, qloop: qasync.QEventLoop, devnet: Devnet, qtbot: Any
) -> None:
    tx_hash, received = qloop.run_until_complete(_swap(devnet))
    tab = window.history_tab
    window.tabs.setCurrentWidget(tab)
    tab.hash.setText(tx_hash)
    tab.chain_box.setCurrentIndex(0)  # detect
    tab.look_up.click()
    assert tab.progress.busy and not tab.look_up.isEnabled()
    (record,) = until(tab.details_shown)
    assert (record.status, record.chain, record.amountOut) == ("Success", "ARB", received)
    assert tab.card.badge.badge is status.SUCCESS and tab.card.badge.text() == "Success"
    assert tab.card.label("sold").text() == "2 ETH" and tab.card.label("bought").text().endswith(" USDC")
    assert tab.card._field("receiver").value.text() == Account.from_key(demo_key(3)).address
    hash_field = tab.card._field("hash")
    assert hash_field.link.isHidden() and not hash_field.look_up_button.isHidden()  # the devnet: no public explorer
    assert tab.card.label("channel").text() == "web" and tab.card.label("sources").text()
    assert tab.card.when.text()[:4].isdigit() and not tab.progress.busy and tab.look_up.isEnabled()
    screenshot(window, "history.png")

    tab.look_up_hash("0x" + "ab" * 32, resolve("ARB").id)  # a new lookup: the old card goes at once
    assert tab.card.isHidden() and tab.progress.busy
    until(tab.lookup_failed)


def test_detect_says_which_chain_it_tries_and_can_be_cancelled(window: MainWindow, until: Until) -> None:
    tab = window.history_tab
    window.tabs.setCurrentWidget(tab)
    tab.hash.setText("0x" + "cd" * 32)  # on no chain: detection asks all fifteen, a few at a time
    tab.chain_box.setCurrentIndex(0)
    failed: list[str] = []
    tried: list[str] = []
    tab.lookup_failed.connect(failed.append)
    tab.trying.connect(tried.append)
    tab.look_up.click()
    until(tab.trying)
    until(tab.trying)
    assert len(set(tried)) == len(tried) >= 2
    assert tab.progress.words.text() == (
        f"Detecting the chain: asking every chain at once ({len(tried)} of 15 asked, latest {tried[-1]})…"
    )
    assert not tab.progress.cancel_button.isHidden() and not tab.look_up.isEnabled()
    assert window.activity.busy and not window.engine_state.text().startswith("Ready")
    screenshot(window, "history-detecting.png")
    tab.progress.cancel_button.click()
    assert not tab.progress.busy and tab.look_up.isEnabled() and tab.note.text() == "Lookup cancelled."
    assert not window.activity.busy, window.activity.words
    tab.refresh_sent()
    until(tab.sent_listed)  # the loop ran on: the cancelled lookup said nothing more
    assert failed == [] and tab.card.isHidden()


def test_an_approval_is_described_as_an_approval(
    window: MainWindow, until: Until, qloop: qasync.QEventLoop, devnet: Devnet
) -> None:
    tx_hash, router = qloop.run_until_complete(_approve(devnet))
    tab = window.history_tab
    window.tabs.setCurrentWidget(tab)
    tab.look_up_hash(tx_hash, resolve("OP").id)
    (info,) = until(tab.transaction_shown)
    assert (info.kind, info.status, info.spender, info.spenderName) == (
        "approval",
        "Success",
        router,
        "swapdesk's router",
    )
    assert tab.card.title.text() == "Approval on Optimism"
    assert tab.card.label("allowed").text() == "1,234.5 USDC"
    assert tab.card._field("spender").caption.text() == "swapdesk's router"
    assert re.search(r" ETH \(\d[\d,]* gas\)$", tab.card.label("fee").text()) and int(info.networkFee) > 0
    assert tab.error.isHidden()
    screenshot(window, "history-approval.png")


def test_the_legend_names_every_status() -> None:
    words = [b.word for b in status.BADGES]
    assert words == ["Success", "Pending", "Failed", "Refunded", "Dropped"]
    # the API's words and the local store's land on the same five
    assert status.from_spec("Success") is status.from_store("confirmed") is status.SUCCESS
    assert status.from_spec("Receiving") is status.from_store("sent") is status.from_store("signed") is status.PENDING
    assert status.from_spec("Failure", "reverted: K") is status.from_store("failed") is status.FAILED
    assert status.from_spec("Failure", "refund_complete") is status.from_transfer("DONE", "REFUNDED")
    assert status.from_store("dropped") is status.DROPPED
    assert status.from_transfer("PENDING", "WAIT_DESTINATION_TRANSACTION") is status.PENDING


def test_the_legend_is_on_screen(window: MainWindow) -> None:
    legend = window.history_tab.legend
    shown = [b.text() for b in legend.findChildren(type(window.history_tab.card.badge)) if b.isVisibleTo(legend)]
    assert shown[:5] == ["Success", "Pending", "Failed", "Refunded", "Dropped"]
    legend.mapping.setChecked(True)
    texts = " ".join(label.text() for label in legend.findChildren(type(window.history_tab.note)))
    assert "Receiving" in texts and "confirmed" in texts and "dropped" in texts


def test_explorer_links_only_on_real_networks() -> None:
    chain = resolve("BSC")
    assert Links(lambda _: True).explorer(chain, "tx", "0x" + "1" * 64) is None  # the devnet
    assert Links(lambda _: None).explorer(chain, "tx", "0x" + "1" * 64) is None  # nobody can say
    assert Links(lambda _: False).explorer(chain, "tx", "0x" + "1" * 64) == "https://bscscan.com/tx/0x" + "1" * 64


def test_unknown_and_malformed_hashes_are_said_plainly(window: MainWindow, until: Until) -> None:
    tab = window.history_tab
    tab.chain_box.setCurrentIndex(tab.chain_box.findText("Fantom"))
    tab.hash.setText("0x" + "ab" * 32)
    tab.look_up.click()
    (message,) = until(tab.lookup_failed)
    assert message == "hash: no transaction with that hash on Fantom" and tab.card.isHidden()  # named, not "FTM"
    tab.hash.setText("hello")
    (message,) = until(tab.lookup_failed, doing=tab.look_up.click)  # said at once, without asking any chain
    assert message.startswith("“hello” is not a transaction hash: a hash is 64 hexadecimal digits")


def test_the_export_writes_hostile_reasons_and_symbols_as_text(window: MainWindow, tmp_path: Path) -> None:
    """A revert reason (kept as the error, as the contract said it) and a bridge's or token's words a stranger
    chose reach the exported file as text that no spreadsheet evaluates; amounts stay numbers."""
    store = window.store
    assert store is not None
    sender = Account.from_key(demo_key(4)).address
    for n, hostile in enumerate(HOSTILE):
        summary = {
            "amountIn": str(10**18),
            "decimalsIn": 18,
            "symbolIn": hostile,
            "bridge": hostile,
            "receiver": hostile,
            "spender": hostile,
            "quotedOut": "7",
            "decimalsOut": 0,
            "symbolOut": hostile,
        }
        stored = StoredTx(f"0x{n + 1:064x}", 56, "swap", sender, n, "0x02", "signed", summary)  # fmt: skip
        store.record(stored)
        store.mark(stored.hash, "failed", block=9, error=hostile)
    exported = tmp_path / "history.csv"
    window.history_tab.export_csv(exported)
    rows = list(csv.DictReader(io.StringIO(exported.read_text())))
    assert sorted(row["error"] for row in rows) == sorted("'" + hostile for hostile in HOSTILE)
    for row in rows:
        assert row["bridge"] == row["receiver"] == row["spender"] == row["error"]
        assert row["sent"] == "1 " + row["error"][1:] and row["sent_units"] == str(10**18)
        assert not any(formula_like(value) for value in row.values()), row
