"""Swapping from the window on the devnet: accounts, approval, swap, history.

Also: no key material in the logs, the settings or the database, and a
watch-only account is never offered a Swap button.
"""

from __future__ import annotations

import csv
import logging
import re
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QWidget
from web3 import AsyncWeb3

from swapdesk import settings
from swapdesk.chains import resolve
from swapdesk.devnet.accounts import demo_address, demo_key
from swapdesk.devnet.sender import signed_transaction
from swapdesk.gui.design.rows import plain
from swapdesk.gui.window import MainWindow
from swapdesk.trade.results import SwapResult
from swapdesk.wallet import PrivateKey

from .conftest import Typer, Until, screenshot

IMPORTED = "0x" + "4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318"  # not a demo key


def _ready(window: MainWindow, until: Until, chain: str = "BNB Smart Chain") -> None:
    tab = window.quote_tab
    index = tab.chain_box.findText(chain)
    if tab.chain_box.currentIndex() == index:
        window.start()
    else:
        tab.chain_box.setCurrentIndex(index)
    until(tab.accounts_shown)  # tokens first, then the accounts for that chain


def _quote(window: MainWindow, until: Until, type_into: Typer, sell: str, buy: str, amount: str) -> None:
    tab = window.quote_tab
    tab.sell.choose(sell)
    tab.buy.choose(buy)
    tab.amount.clear()
    type_into(tab.amount, amount)
    until(tab.quote_shown)
    assert tab.swap_button.isEnabled(), tab.message.text()


def _texts(widget: QWidget) -> str:
    return " | ".join(label.text() for label in widget.findChildren(QLabel))


def test_swap_from_the_window_with_approval(window: MainWindow, until: Until, type_into: Typer, qloop: Any) -> None:
    tab = window.quote_tab
    _ready(window, until)
    demo = demo_address(8)
    tab.choose_account(demo)
    tip = tab.account_box.itemData(tab.account_box.currentIndex(), Qt.ItemDataRole.ToolTipRole)
    assert tab.recipient.text() == demo and tab.account_box.currentText().startswith("Demo 8 · 0x")
    assert "devnet only" in tip  # the whole title in its tooltip: the box itself is never cut
    _quote(window, until, type_into, "USDT", "WBNB", "1500")
    tab.view.pricing.cancel()  # Swap… pressed before the tab priced its quote: the review prices it itself
    window.prices.use_service(window.prices.service)  # (nothing known)
    quoted = tab.quote
    assert quoted is not None
    type_into(tab.amount, key=Qt.Key.Key_Return)  # Enter in the amount presses the form's one action: Swap…
    dialog = window.swap_dialog
    assert dialog is not None
    assert dialog.progress.busy and "Checking your balance" in dialog.progress.words.text()
    until(dialog.checked)
    assert dialog.approve_button.isEnabled() and not dialog.swap_button.isEnabled()
    assert "Approve 1,500 USDT" in dialog.approve_button.text()
    assert dialog.approve_button.isDefault() and not dialog.close_button.isDefault()  # the next action is the default
    review = _texts(dialog.review)
    for figure in ("Fee", "Price impact", "Network fee", "At least", "Rate"):
        assert figure in review, figure
    assert "0.20% (20 bps)" in review and " at 0.50% slippage" in review
    (network,) = until(dialog.estimated)  # a node measures only a call that can run: after the approval
    review = _texts(dialog.review)  # by now priced (by the tab, or by the review itself), and said where from:
    assert "1,500 USDT (≈ $1,500.00)" in plain(review) and "3 USDT (≈ $3.00)" in plain(review), review
    assert re.search(r"own quote into USDT on BNB Smart Chain's pools, at block [\d,]+", plain(review)), review
    assert "after the approval" in network
    screenshot(dialog, "swap-approve.png")
    dialog.approve_button.click()
    until(dialog.checked)  # approved, then balance and allowance checked again
    assert dialog.swap_button.isEnabled() and not dialog.approve_button.isVisibleTo(dialog)
    assert dialog.swap_button.isDefault() and dialog.steps.labels[0].text() == "✓ Approved USDT"
    (network,) = until(dialog.estimated)
    paid = re.search(r"^(about|under) [\d.,]+ BNB \((≈ |under )\$[\d.,]+\)$", network)  # coin and USD, no gas
    assert paid, network
    assert re.search(r"^\d[\d,]* gas at [\d.,]+ g?wei$", dialog.network.toolTip())  # how: in the tooltip

    dialog.swap_button.click()
    (result,) = until(dialog.swapped)
    assert isinstance(result, SwapResult)
    assert result.amount_out == int(quoted.totalAmountOut)  # received what the window quoted
    assert dialog.headline.text().startswith("Swapped: you received ")
    assert tab.amount.text() == "" and not tab.swap_button.isEnabled()  # the form does not invite a second swap
    assert tab.swap_button.text() == "Enter an amount"
    assert dialog.history_button.isDefault()  # done: the one next action
    assert dialog.hash.value.text() == result.hash and not dialog.hash.look_up_button.isHidden()
    assert dialog.hash.link.isHidden()  # a devnet hash: no public explorer
    if dialog.network_paid.text() == "reading…":
        qloop.run_until_complete(dialog._network_paid(result.hash))
    assert (
        re.search(r"^(under )?[\d.,]+ BNB \((≈ |under )\$[\d.,]+\)$", dialog.network_paid.text())
        and dialog.done_badge.text() == "Success"
    ), dialog.network_paid.text()
    assert re.search(r"^\d[\d,]* gas$", dialog.network_paid.toolTip())
    assert not dialog.progress.busy  # done: nothing says "waiting for the receipt" under the done view
    assert re.search(r"^3 USDT \(≈ \$3\.00\)$", dialog.paid_fee.text()), dialog.paid_fee.text()
    assert "own quote into USDT on BNB Smart Chain's pools" in plain(dialog.done_priced.text())
    if dialog.changes.text() == "reading…":
        until(dialog.changes_shown)
    changes = plain(dialog.changes.text())
    assert re.search(r"^USDT: [\d,]+ → [\d,]+ \(−1,500 ≈ −\$1,500\.00\)$", changes, re.M), changes
    assert re.search(r"^WBNB: [\d,.]+ → [\d,.]+ \(\+[\d.]+ ≈ \+\$[\d,]+\.\d\d\)$", changes, re.M), changes
    screenshot(dialog, "swap-done.png")

    if not window.history_tab.sent.rows or window.history_tab.sent.rows[0].hash != result.hash:
        until(window.history_tab.sent_listed)  # the list refreshes after each transaction it is told of
    rows = window.history_tab.sent.rows
    assert [(r.kind, r.status) for r in rows[:2]] == [("swap", "confirmed"), ("approval", "confirmed")]
    sent = window.history_tab.sent
    badges = [sent.sent_row(row).badge.text() for row in (0, 1)]
    assert badges == ["Success", "Success"]  # the card's word, not "confirmed"
    assert sent.sent_row(1).what.text() == "Approve 1,500 USDT"
    dialog.history_button.click()
    (record,) = until(window.history_tab.details_shown)
    assert window.tabs.currentWidget() is window.history_tab
    assert record.status == "Success" and record.amountOut == str(result.amount_out)
    assert window.history_tab.card.badge.text() == sent.sent_row(0).badge.text()
    card_time, list_time = window.history_tab.card.when.text(), sent.sent_row(0).when.text()
    one_format = re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d (\S+)")  # local time and its zone, card and list alike
    assert one_format.fullmatch(card_time) and one_format.fullmatch(list_time)
    assert card_time.split()[-1] == list_time.split()[-1]
    screenshot(window, "history-sent.png")

    sent.itemActivated.emit(sent.item(1))  # the approval the app sent, looked up as an approval
    (info,) = until(window.history_tab.transaction_shown)
    assert (info.kind, info.spenderName, info.amount) == ("approval", "swapdesk's router", str(1500 * 10**18))
    assert window.history_tab.card.label("allowed").text() == "1,500 USDT"
    screenshot(window, "history-approval-sent.png")
    csv_file = Path(window.store.path.parent / "export.csv")
    window.history_tab.export_csv(csv_file)
    rows = list(csv.DictReader(csv_file.read_text().splitlines()))
    swap = next(row for row in rows if row["hash"] == result.hash)
    assert swap["status"] == "Success" and swap["kind"] == "swap"  # the window's word, not the store's "confirmed"
    assert swap["sent"] == "1,500 USDT" and swap["sent_units"] == str(1500 * 10**18)
    assert swap["received"].endswith(" WBNB") and swap["chain"] == "BNB Smart Chain"
    approval = next(row for row in rows if row["kind"] == "approval")
    assert approval["sent"] == "1,500 USDT" and approval["spender"]
    assert not any("{" in value for row in rows for value in row.values())  # no JSON blob
    said = window.history_tab.note.text()
    assert said == f"Exported {len(rows)} transactions to {csv_file}." and window.history_tab.note.isVisibleTo(window)


def test_a_watch_only_account_cannot_swap(window: MainWindow, until: Until, type_into: Typer) -> None:
    window.wallet.watch(demo_address(3), "Cold storage")
    _ready(window, until)
    tab = window.quote_tab
    tab.choose_account(demo_address(3))
    assert tab.account.kind == "watch"  # type: ignore[union-attr]
    tab.sell.choose("BNB")
    tab.buy.choose("USDT")
    type_into(tab.amount, "1")
    until(tab.quote_shown)
    assert not tab.swap_button.isEnabled() and "watch-only" in tab.message.text()


async def _fund(window: MainWindow, address: str) -> None:
    """Send 5 BNB from a demo account to `address`, straight to the devnet."""
    trader = window.session.trader
    assert trader is not None, "the window's session trades"
    w3: AsyncWeb3[Any] = await trader.chains.web3(resolve("BSC"))
    payer = PrivateKey(demo_key(7))
    nonce = await w3.eth.get_transaction_count(payer.address)
    base_fee = (await w3.eth.get_block("latest"))["baseFeePerGas"]
    raw = signed_transaction(payer._account, 56, nonce, base_fee, address, b"", 5 * 10**18, 21_000)
    await w3.eth.wait_for_transaction_receipt(await w3.eth.send_raw_transaction(raw))


def test_no_key_material_in_logs_settings_or_database(
    window: MainWindow, until: Until, type_into: Typer, caplog: pytest.LogCaptureFixture, qloop: Any
) -> None:
    caplog.set_level(logging.DEBUG)
    _ready(window, until)
    accounts = window.edit_accounts()
    accounts.import_label.setText("Imported")
    accounts.key.setText(IMPORTED)
    accounts.import_button.click()
    until(accounts.changed)
    assert accounts.key.text() == ""  # the pasted key does not linger
    said: list[str] = []
    accounts.failed.connect(said.append)
    accounts.key.setText("0xnot-a-key")
    accounts.import_button.click()  # refused at once, before any thread sees the text
    assert len(said) == 1 and "64 hexadecimal digits" in said[0] and "not-a-key" not in said[0]
    accounts.close()
    key = PrivateKey.parse(IMPORTED)
    qloop.run_until_complete(_fund(window, key.address))
    if key.address not in [a.address for a in window.quote_tab.accounts]:
        until(window.quote_tab.accounts_shown)
    window.quote_tab.choose_account(key.address)
    _quote(window, until, type_into, "BNB", "USDT", "2")
    window.quote_tab.swap_button.click()
    dialog = window.swap_dialog
    assert dialog is not None
    until(dialog.checked)
    dialog.swap_button.click()
    until(dialog.swapped)  # signed with the imported key

    secret = IMPORTED[2:]
    forms = [secret, secret.upper(), "0x" + secret]
    assert not any(form in caplog.text for form in forms)
    stored = [p for p in settings.config_dir().rglob("*") if p.is_file()]
    stored += [p for p in window.wallet.book.path.parent.rglob("*") if p.is_file()]
    stored += [p for p in window.store.path.parent.glob("transactions.sqlite*")]
    assert any(p.name == "accounts.json" for p in stored) and any(p.name.endswith("-wal") for p in stored)
    for path in stored:
        content = path.read_bytes()
        assert not any(form.encode() in content for form in forms), path
        assert bytes.fromhex(secret) not in content, path
