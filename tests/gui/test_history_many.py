"""The History tab with a list of hashes, as support staff get them: pasted into the hash field (or "Many
hashes…"), or a CSV opened, read as a table of results as each lands (one the app sent found through its own
records), exported as CSV; a row opens its card; a long list can be cancelled."""

from __future__ import annotations

import csv
import io
import os
from pathlib import Path

import pytest
import qasync
from eth_account import Account
from PySide6.QtCore import QMimeData
from PySide6.QtWidgets import QTableWidget
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


def cell(table: QTableWidget, row: int, column: int) -> str:
    item = table.item(row, column)
    assert item is not None, (row, column)
    return item.text()


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
        return [cell(table, n, c) for c in range(table.columnCount())]

    # chains by name, never their API flags; amounts as the window writes them, every digit in the tooltip
    assert row(0) == [approval, "Optimism", "Success", "approval of 1,234.5 USDC to swapdesk's router",
                      "from the app's records"]  # fmt: skip
    tip = table.item(0, 3)
    assert tip is not None and tip.toolTip() == "approval of 1234.5 USDC to swapdesk's router"
    assert row(1)[1:3] == ["BNB Smart Chain", "Success"] and row(1)[3].startswith("transfer of 2.5 USDT to 0x")
    assert row(2) == [UNKNOWN, "", "Not found", "", "No chain knows that transaction hash."]
    assert row(3)[1:3] == ["BNB Smart Chain", "Failed"] and row(3)[3] == "swap of 10 USDT for CAKE"
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
    assert row(0)[:3] == [transfer, "BNB Smart Chain", "Success"] and row(1) == [
        UNKNOWN, "Optimism", "Not found", "", "hash: no transaction with that hash on Optimism"]  # fmt: skip

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
    assert until(tab.many.started, doing=tab.many.look_up_all) == (40,)
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
        assert cell(many.table, n, 3).startswith(f"transfer of 1 {text} to 0x")
    exported = tmp_path / "results.csv"
    many.export(exported)
    rows = list(csv.DictReader(io.StringIO(exported.read_text())))
    assert [(r["hash"], r["kind"], r["amount"]) for r in rows] == [(h, "transfer", str(10**18)) for h in hashes]
    assert [r["symbol"] for r in rows] == ["'" + text for text in HOSTILE]
    assert [cell for row in rows for cell in row.values() if formula_like(cell)] == []


@pytest.mark.parametrize("odd", ["pipe", "device", "folder"])
def test_odd_files_are_refused_by_their_type(window: MainWindow, until: Until, tmp_path: Path, odd: str) -> None:
    """A pipe, a device or a folder is refused by its type (before, the window waited for ever on a pipe, read
    /dev/zero until it ran out of memory, and said of a folder only that it could not read it)."""
    many = window.history_tab.many
    window.history_tab.many_button.setChecked(True)
    if odd == "pipe":
        path, said = tmp_path / "hashes.fifo", "hashes.fifo is a named pipe (FIFO): only a regular file can be read"
        os.mkfifo(path)
    elif odd == "device":
        path, said = Path("/dev/zero"), "zero is a character device: only a regular file can be read"
    else:
        path, said = tmp_path, f"{tmp_path.name} is a folder: only a regular file can be read"
    assert until(many.refused, timeout=60, doing=lambda: many.open_file(path)) == (said,)
    assert many.error.text() == said and not many.progress.busy and many.run_button.isEnabled()


@pytest.mark.parametrize("given", ["opened", "pasted"])
def test_a_csv_cell_past_the_limit_is_said(window: MainWindow, until: Until, tmp_path: Path, given: str) -> None:
    """Before, the window said nothing at all: the csv module's error ended the work unseen."""
    many = window.history_tab.many
    window.history_tab.many_button.setChecked(True)
    long_cell = f"tx_hash,note\n{UNKNOWN},{'y' * 200_000}\n"
    listed = tmp_path / "export.csv"
    listed.write_text(long_cell)
    if given == "pasted":
        many.text.setPlainText(long_cell)
    (said,) = until(
        many.refused, timeout=60, doing=many.look_up_all if given == "pasted" else lambda: many.open_file(listed)
    )
    assert said == "Line 2 of the CSV has a cell longer than 131,072 characters, the most one may hold"
    assert many.table.rowCount() == 0 and many.run_button.isEnabled() and not many.progress.busy


def test_a_large_paste_is_read_while_the_window_turns(
    window: MainWindow, until: Until, qloop: qasync.QEventLoop
) -> None:
    """16 MiB of words pasted: kept aside rather than laid out (Qt takes a minute over 8 million short lines), its
    hashes found off the window's thread with the progress said, the event loop turning meanwhile (before, the
    window froze for 57 s before it said there was no hash); a hash at its very end is read."""
    many = window.history_tab.many
    window.history_tab.many_button.setChecked(True)
    words = "lorem ipsum dolor sit amet consectetur adipiscing elit sed do\n" * (16 * 2**20 // 62)
    pasted = QMimeData()
    pasted.setText(words)
    many.text.insertFromMimeData(pasted)
    assert many.text.toPlainText() == "" and many.text.text_to_read() == words
    assert many.text.placeholderText().startswith("Pasted text: 270,601 lines, too long to show here.")

    seen: list[tuple[bool, str]] = []  # at each turn of the loop while the hashes are read: reading? said?

    def turn() -> None:
        seen.append((many.reading, many.progress.words.text()))
        if many.reading:
            qloop.call_soon(turn)

    def start() -> None:
        qloop.call_soon(turn)  # queued before the reading starts: it runs at the loop's next turn
        many.look_up_all()

    (said,) = until(many.refused, timeout=120, doing=start)
    assert said == "No transaction hash there: 64 hexadecimal digits, with or without 0x."
    reading = [words for read, words in seen if read]
    assert len(reading) >= 2 and reading[0] == "Reading the hashes…", seen[:3]  # the loop turned as it read
    assert seen[-1][0] is False and not many.progress.busy

    many.text.insertFromMimeData(pasted)  # the same paste again: still kept whole, with a hash on its last line
    pasted.setText(words + f"{UNKNOWN} BSC")
    many.text.insertFromMimeData(pasted)
    found, missing = until(many.finished, doing=many.look_up_all)
    assert (found, missing) == (0, 1) and cell(many.table, 0, 0) == UNKNOWN
    assert cell(many.table, 0, 1) == "BNB Smart Chain"
    many.text.setPlainText("typed")  # typing replaces what was kept
    assert many.text.kept is None and many.text.text_to_read() == "typed"


def test_reading_a_long_list_can_be_cancelled(window: MainWindow, until: Until) -> None:
    """Cancelled while its hashes are being read (200,000 lines of them, the progress said): the reading stops,
    nothing is looked up, and the field can be read again."""
    many = window.history_tab.many
    window.history_tab.many_button.setChecked(True)
    many.text.show_text("".join(f"0x{n % 4000:064x} BSC\n" for n in range(200_000)), "hashes.txt")
    assert many.text.kept is not None  # 200,000 lines: kept aside
    (fraction,) = until(many.read_so_far, doing=many.look_up_all)
    said = many.progress.words.text()  # a later report of the reading thread may have landed since: no less
    assert 0 < fraction < 1 and said.startswith("Reading the hashes… ") and said.endswith("%")
    assert int(fraction * 100) <= int(said.removeprefix("Reading the hashes… ").removesuffix("%")) <= 100
    until(many.cancelled, doing=many.progress.cancel_button.click)
    assert many.count.text() == "Cancelled before the hashes were all read."
    assert not many.reading and not many.progress.busy and many.run_button.isEnabled() and many.table.rowCount() == 0
    (count,) = until(many.started, doing=many.look_up_all)
    assert count == 4000
    until(many.cancelled, doing=many.progress.cancel_button.click)
