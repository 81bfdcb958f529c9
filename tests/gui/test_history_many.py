"""The History tab with a list of hashes, as support staff get them: pasted into the hash field (or "Many
hashes…"), or a CSV opened, read as a table of results as each lands (one the app sent found through its own
records), exported as CSV; a row opens its card; a long list can be cancelled."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import qasync
from eth_account import Account
from web3 import AsyncWeb3

from swapdesk.contracts import vendored
from swapdesk.devnet.accounts import demo_key
from swapdesk.devnet.network import Devnet
from swapdesk.devnet.provider import DevnetProvider
from swapdesk.gui.window import MainWindow
from swapdesk.store import StoredTx

from ..hostile import HOSTILE, formula_like, hostile_transfers
from .conftest import Act, Until, screenshot
from .test_history_tab import ERC20, _approve, _send

UNKNOWN = "0x" + "7a" * 32
ROUTER02 = vendored("UniswapV2Router02")


async def _transfer(devnet: Devnet) -> str:
    """Demo account 5 sends 2.5 USDT to a friend on BNB Smart Chain."""
    usdt = (await devnet.manifest(56)).token("USDT")
    data = "0x" + ERC20.encode("transfer", Account.create().address, 25 * 10 ** (usdt.decimals - 1)).hex()
    return await _send(devnet, 56, 5, {"to": usdt.address, "data": data})


async def _failed_swap(devnet: Devnet) -> str:
    """Demo account 6 asks MDEX's Router02 on BNB Smart Chain for far more CAKE than 10 USDT buys: it reverts."""
    manifest = await devnet.manifest(56)
    usdt, cake = manifest.token("USDT").address, manifest.token("CAKE").address
    router = next(s.router for s in manifest.sources if s.name == "MDEX")
    assert router is not None
    await _send(devnet, 56, 6, {"to": usdt, "data": "0x" + ERC20.encode("approve", router, 10**21).hex()})
    w3 = AsyncWeb3(DevnetProvider(devnet, 56))
    me = Account.from_key(demo_key(6))
    call = ROUTER02.encode("swapExactTokensForTokens", 10**19, 10**30, [usdt, cake], me.address, 2**40)
    block = await w3.eth.get_block("latest")
    nonce = await w3.eth.get_transaction_count(me.address)
    tx = {"to": router, "data": call, "gas": 300_000, "chainId": 56, "value": 0, "maxPriorityFeePerGas": 1,
          "nonce": nonce, "maxFeePerGas": block["baseFeePerGas"] * 2 + 1}  # fmt: skip
    tx_hash = await w3.eth.send_raw_transaction(me.sign_transaction(tx).raw_transaction)
    assert (await w3.eth.wait_for_transaction_receipt(tx_hash))["status"] == 0
    return "0x" + bytes(tx_hash).hex()


def test_many_hashes_pasted_opened_and_exported(
    window: MainWindow, until: Until, act: Act, qloop: qasync.QEventLoop, devnet: Devnet, tmp_path: Path
) -> None:
    approval, _router = qloop.run_until_complete(_approve(devnet))
    transfer = qloop.run_until_complete(_transfer(devnet))
    failed = qloop.run_until_complete(_failed_swap(devnet))
    sender = Account.from_key(demo_key(4)).address
    assert window.store is not None  # the approval, as if sent from this app: its chain comes from the records
    window.store.record(StoredTx(approval, 10, "approval", sender, 0, "0x00", "signed"))
    tab = window.history_tab
    window.tabs.setCurrentWidget(tab)
    tab.chain_box.setCurrentIndex(0)
    tab.hash.setText(f"{approval} {transfer.upper()[2:]}, {UNKNOWN} {failed}")
    found, missing = until(tab.many.finished, doing=tab.look_up.click)
    assert (found, missing) == (3, 1) and not tab.many.isHidden() and tab.card_view.isHidden()
    table = tab.many.table

    def row(n: int) -> list[str]:
        return [table.item(n, c).text() for c in range(table.columnCount())]

    assert row(0) == [approval, "OP", "Success", "approval of 1234.5 USDC to swapdesk's router",
                      "from the app's records"]  # fmt: skip
    assert row(1)[1:3] == ["BSC", "Success"] and row(1)[3].startswith("transfer of 2.5 USDT to 0x")
    assert row(2) == [UNKNOWN, "", "Not found", "", "No chain knows that transaction hash."]
    assert row(3)[1:3] == ["BSC", "Failed"] and row(3)[3] == "swap of 10 USDT for CAKE"
    why = row(3)[4]  # the failure said in words
    assert why.startswith("The swap gave less than its minimum: it asked for at least 1000000000000 CAKE, and the ")
    assert why.endswith(" CAKE at that block.")
    assert tab.many.count.text() == "3 found, 1 not found" and tab.many.export_button.isEnabled()
    shot = screenshot(window, "history-many.png")

    exported = tmp_path / "results.csv"
    tab.many.export(exported)
    rows = list(csv.DictReader(io.StringIO(exported.read_text())))
    assert [(r["chain"], r["kind"], r["amount"], r["spenderName"]) for r in rows] == [
        ("OP", "approval", "1234500000", "swapdesk's router"),
        ("BSC", "transfer", str(25 * 10**17), ""),
        ("", "", "", ""),
        ("BSC", "swap", "", ""),
    ]
    assert rows[2]["error"] == "No chain knows that transaction hash."

    opened = tmp_path / "from-a-ticket.csv"
    opened.write_text(f"when,network,tx_hash\n2026-11-01,bsc,{transfer}\n2026-11-02,Optimism,{UNKNOWN}\n")
    found, missing = until(tab.many.finished, doing=lambda: tab.many.open_file(opened))
    assert (found, missing) == (1, 1) and table.rowCount() == 2
    assert row(0)[:3] == [transfer, "BSC", "Success"] and row(1) == [
        UNKNOWN, "OP", "Not found", "", "hash: no transaction with that hash on OP"]  # fmt: skip

    (info,) = until(tab.transaction_shown, doing=lambda: table.cellDoubleClicked.emit(0, 2))
    assert info.kind == "transfer" and tab.many.isHidden() and not tab.card.isHidden()
    assert shot.endswith("history-many.png")

    tried: list[str] = []
    tab.trying.connect(tried.append)
    (info,) = until(tab.transaction_shown, doing=lambda: tab.look_up_hash(approval, 0))  # Detect chain
    assert info.kind == "approval" and tried == ["Optimism"]  # the app's records named it: no other chain asked
    assert tab.chain_box.currentText() == "Detect chain"


def test_a_long_list_can_be_cancelled(window: MainWindow, until: Until, act: Act, tmp_path: Path) -> None:
    tab = window.history_tab
    tab.many_button.setChecked(True)
    tab.many.text.setPlainText("\n".join("0x" + f"{n:02x}" * 32 for n in range(40)))
    act(tab.many.look_up_all)
    assert tab.many.progress.busy and not tab.many.run_button.isEnabled() and tab.many.table.rowCount() == 40
    until(tab.many.cancelled, doing=tab.many.progress.cancel_button.click)
    assert not tab.many.progress.busy and tab.many.run_button.isEnabled()
    assert tab.many.count.text().startswith("Cancelled: ") and tab.many.count.text().endswith(" of 40 looked up.")

    tab.many.text.setPlainText("no hashes here")
    (said,) = until(tab.many.refused, doing=tab.many.look_up_all)
    assert said.startswith("No transaction hash there") and not tab.many.error.isHidden()
    (said,) = until(tab.many.refused, doing=lambda: tab.many.open_file(tmp_path / "missing.csv"))
    assert said.startswith("Cannot read missing.csv")


def test_hostile_symbols_are_exported_as_text(
    window: MainWindow, until: Until, qloop: qasync.QEventLoop, devnet: Devnet, tmp_path: Path
) -> None:
    """Tokens named and symbolled as formulas, moved on BSC: the table says them as they are, the exported
    results write them as text no spreadsheet evaluates (issue 29)."""
    hashes = qloop.run_until_complete(hostile_transfers(devnet, 56, 7))
    many = window.history_tab.many
    window.history_tab.many_button.setChecked(True)
    many.text.setPlainText("\n".join(f"{h} BSC" for h in hashes))
    found, missing = until(many.finished, doing=many.look_up_all)
    assert (found, missing) == (4, 0)
    for n, text in enumerate(HOSTILE):
        assert many.table.item(n, 3).text().startswith(f"transfer of 1 {text} to 0x")
    exported = tmp_path / "results.csv"
    many.export(exported)
    rows = list(csv.DictReader(io.StringIO(exported.read_text())))
    assert [(r["hash"], r["kind"], r["amount"]) for r in rows] == [(h, "transfer", str(10**18)) for h in hashes]
    assert [r["symbol"] for r in rows] == ["'" + text for text in HOSTILE]
    assert [cell for row in rows for cell in row.values() if formula_like(cell)] == []
