"""The window in Simplified Chinese: under zh_CN, a walk over the window's tabs (a quote and a bridge comparison
shown), both reviews, a review that fails in the trade layer, and every dialog the accessibility test walks fails
on visible text that still has an English word;
`scripts/translations.py --check` passes on the committed translations and fails on a .ts with a word left
untranslated; the language comes from the setting, else the system locale."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import qasync
from keyring.backends.fail import Keyring as FailKeyring
from PySide6.QtCore import QLocale, Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QComboBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QListWidget,
    QPlainTextEdit,
    QTabBar,
    QTableWidget,
    QWidget,
)

from swapdesk.api import TokenInfo
from swapdesk.api.records import DexRef, TxDetails
from swapdesk.chains import CHAINS, resolve
from swapdesk.devnet.network import Devnet
from swapdesk.gui import i18n, status
from swapdesk.gui.accounts_dialog import AccountsDialog
from swapdesk.gui.export_dialog import ExportDialog
from swapdesk.gui.settings_dialog import SettingsDialog
from swapdesk.gui.tabs.history.card import TxCard
from swapdesk.gui.window import MainWindow
from swapdesk.settings import Settings
from swapdesk.wallet import Wallet
from swapdesk.words import QT_TR_NOOP, Words

from .conftest import Act, Until, screenshot
from .test_accessible import _in_a_page
from .test_cross_flow import compare, ended, open_review
from .test_history_tab import _approve, _swap
from .test_quote_tab import _pick_chain

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "translations.py"
# Latin words a Chinese wallet shows as they are: protocol, bridge and product names, the app's own name, English
# named in its own words (the language choice), the API's channel (web), units, a setting's file path, and the words
# of a chain's name (token symbols and acronyms are in capitals: `_latin_ok`)
ALLOWED = {
    "swapdesk", "English", "Gas", "MiB", "bps", "Uniswap", "PancakeSwap", "SushiSwap", "QuickSwap", "Curve", "Ellipsis",
    "Biswap", "BiSwap", "ApeSwap", "MDEX", "Camelot", "Zyberswap", "GNOME", "Keyring", "KWallet", "macOS", "cBridge",
    "Celer", "Multichain", "SWFT", "Bridgers", "web", "anvil", "cbridge", "metapath", "anyswap", "config", "catalogs",
    "chain", "id", "json",
    *(word for chain in CHAINS for word in re.findall(r"[A-Za-z]+", chain.name)),
}  # fmt: skip
_WORD = re.compile(r"[A-Za-z][A-Za-z'’]*")
_SKIP = re.compile(
    r"<[^>]+>"  # rich text's tags
    r"|0x[0-9A-Fa-f…]*|[0-9A-Fa-f]{40,}|T[1-9A-HJ-NP-Za-km-z…]{8,}"  # addresses and hashes, whole or shortened
    r"|https?://\S+|\S+\.(?:csv|json|txt|tsv)\b"  # URLs and file names
    r"|“[^”]*”"  # an API's own status words, quoted as they are
    r"|&(?=\w)"  # a menu's shortcut marker
)


@pytest.fixture(autouse=True)
def chinese(qapp: QApplication) -> Iterator[None]:
    """The translations installed before the test's widgets are built (as the app does), removed after it."""
    assert i18n.install(qapp, "zh_CN") == "zh_CN"
    yield
    i18n.install(qapp, "en")


def _latin_ok(word: str) -> bool:
    return word in ALLOWED or word.upper() == word  # a token symbol, a chain's flag, an acronym, a shortcut key


def english(text: str, names: frozenset[str] = frozenset()) -> list[str]:
    """The English words left in `text`, besides the words of `names` (tokens' names, as their lists give them)."""
    return [
        w
        for w in _WORD.findall(_SKIP.sub(" ", text.replace("\u200b", "")))
        if not _latin_ok(w.strip("'’")) and w not in names
    ]


def shown_texts(root: QWidget) -> Iterator[tuple[str, str]]:
    """Every text a person sees under `root` (or reaches on another page): (where, text)."""
    yield "window title", root.windowTitle()
    for widget in [root, *root.findChildren(QWidget)]:
        if widget is not root and not widget.isVisibleTo(root) and not _in_a_page(widget, root):
            continue
        where = f"{type(widget).__name__} {widget.objectName() or widget.accessibleName()}"
        yield f"{where} tooltip", widget.toolTip()
        yield f"{where} name", widget.accessibleName()
        if isinstance(widget, (QLabel, QAbstractButton)):
            yield where, widget.text()
        elif isinstance(widget, (QLineEdit, QPlainTextEdit)):
            yield f"{where} placeholder", widget.placeholderText()
        elif isinstance(widget, QGroupBox):
            yield where, widget.title()
        elif isinstance(widget, QTabBar):
            yield from ((f"{where} tab", widget.tabText(i)) for i in range(widget.count()))
        elif isinstance(widget, QComboBox):
            yield from ((f"{where} item", widget.itemText(i)) for i in range(widget.count()))
        elif isinstance(widget, QListWidget):
            yield from ((f"{where} item", widget.item(i).text()) for i in range(widget.count()))
        elif isinstance(widget, QTableWidget):
            headers = (widget.horizontalHeaderItem(i) for i in range(widget.columnCount()))
            yield from ((f"{where} column", item.text()) for item in headers if item is not None)


def untranslated(root: QWidget, tokens: list[TokenInfo] | None = None) -> str:
    """The texts with English left, one a line (empty: none); a token's name, from `tokens`, is its own."""
    names = frozenset(word for token in tokens or [] for word in _WORD.findall(token.name))
    left = {f"{where}: {text!r}" for where, text in shown_texts(root) if text and english(text, names)}
    return "\n".join(sorted(left))


def test_the_walk_finds_english() -> None:
    """The check itself: English is found, what a Chinese wallet keeps in Latin is not."""
    assert english("Swap 250 USDT → 0.41 WBNB") == ["Swap"]
    assert english("兑换 250 USDT → 0.41 WBNB，通过 Uniswap 在 BNB Smart Chain 上 · 0x1234…abcd") == []
    assert english("<b>已发送</b>（双击可查询） https://bscscan.com/tx/0xab") == []
    assert english("文件(&F)") == [] and english("&File") == ["File"]
    assert english("TRON 地址：TBXSw8fM4jpQkGc6zZjsVABFpVN7UvXPdV · TYBNgW…cqbaG") == []


def test_every_tab_of_the_window_is_in_chinese(window: MainWindow, until: Until, type_into: Any) -> None:
    tab = window.quote_tab
    _pick_chain(window, until, "BNB Smart Chain")
    tab.sell.choose("USDT")
    tab.buy.choose("BNB")
    type_into(tab.amount, "1500")
    until(tab.quote_shown)
    window.tabs.setCurrentWidget(tab)
    assert window.tabs.tabText(window.tabs.currentIndex()) == "报价"
    screenshot(window, "zh-quote.png")
    window.grab().save("/tmp/zh_quote.png")
    said = []
    for index in range(window.tabs.count()):
        window.tabs.setCurrentIndex(index)
        said.append(f"{window.tabs.tabText(index)}:\n{untranslated(window, tab.sell.tokens)}")
    assert all(words.endswith(":\n") for words in said), "\n".join(said)
    window.tabs.setCurrentWidget(tab)
    type_into(tab.amount, key=Qt.Key.Key_Return)  # the review, with its approval step
    dialog = window.swap_dialog
    assert dialog is not None
    until(dialog.checked)
    dialog.grab().save("/tmp/zh_swap_review.png")
    left = untranslated(dialog, tab.sell.tokens)
    assert not left, left


def test_a_signing_that_fails_says_why_in_chinese(
    window: MainWindow, until: Until, type_into: Any, wallet: Wallet
) -> None:
    """The trade's own words, in the window's language: the review of a quote opened for a new account, which holds
    none of what it would sell (as when an account is emptied between the quote and the review), stops at the
    balance read from the chain; the dialog and its `failed` signal say so in Chinese, amounts and symbols kept."""
    tab = window.quote_tab
    _pick_chain(window, until, "BNB Smart Chain")
    tab.sell.choose("BNB")
    tab.buy.choose("USDT")
    type_into(tab.amount, "2")
    until(tab.quote_shown)
    shown, _ = until(tab.swap_requested, doing=tab.swap_button.click)  # a demo account's: it could pay
    assert window.swap_dialog is not None
    window.swap_dialog.close()
    empty = wallet.create("新账户")
    dialog = window.open_swap(shown, empty)
    assert dialog is not None
    (message,) = until(dialog.failed)
    assert message.startswith("余额不足：你有 0 BNB，这笔兑换需要 2 BNB"), message
    assert dialog.error.isVisibleTo(dialog) and not english(message), message
    left = untranslated(dialog, tab.sell.tokens)
    assert not left, left


def test_history_s_lookup_and_the_engine_s_name_are_in_chinese(window: MainWindow, until: Until) -> None:
    """The engine's own refusal (no such transaction on the chain asked) and the status bar's engine name, made
    where Qt is not imported, in Chinese; the English stays what the engine and the log say."""
    tab = window.history_tab
    window.tabs.setCurrentWidget(tab)
    tab.chain_box.setCurrentIndex(tab.chain_box.findText("Fantom"))
    tab.hash.setText("0x" + "ab" * 32)
    (message,) = until(tab.lookup_failed, doing=tab.look_up.click)
    assert message == "哈希：Fantom 上没有这个哈希对应的交易" and tab.error.text() == message  # named, not "FTM"
    window.engine_name = Words(QT_TR_NOOP("server {url}"), url="http://127.0.0.1:8545")
    assert i18n.say(window.engine_name) == "服务器 http://127.0.0.1:8545"
    assert str(window.engine_name) == "server http://127.0.0.1:8545"


def test_history_s_cards_are_in_chinese(
    window: MainWindow, until: Until, qloop: qasync.QEventLoop, devnet: Devnet
) -> None:
    tab = window.history_tab
    window.tabs.setCurrentWidget(tab)
    for made, chain, shown in (
        (_swap(devnet), "ARB", tab.details_shown),
        (_approve(devnet), "OP", tab.transaction_shown),
    ):
        tx_hash, _ = qloop.run_until_complete(made)
        tab.look_up_hash(tx_hash, resolve(chain).id)
        until(shown)
        window.grab().save(f"/tmp/zh_history_{chain}.png")
        left = untranslated(window)
        assert not left, left


def test_a_cross_chain_card_says_its_stage_in_chinese(qtbot: Any) -> None:
    """History's card of an order waiting for its deposit says that stage in its header in Chinese (it said
    "Waiting for the deposit": the bridge's stage, in the English of `status.STAGE_WORDS`, was never translated)."""
    card = TxCard()
    qtbot.addWidget(card)
    sender, usdt = "0x" + "5a" * 20, "0x" + "55" * 20
    record = TxDetails(
        sourceHash="0x" + "ab" * 32, targetHash="", chain="BSC", status="Receiving", statusNotes="wait_deposit_send",
        fromToken=usdt, toToken=usdt, amountIn=str(250 * 10**18), amountOut=str(249 * 10**18), amountOutMin="0",
        fromDecimals=18, toDecimals=18, fromAddress=sender, toAddress=sender, fromChain="BSC", toChain="POLYGON",
        timestamp=1_700_000_000, channel="metapath", dexs=[DexRef(dex="METAPATH", icon="")],
    )  # fmt: skip
    card.show_details(record, resolve("BSC"), "USDT", "USDT")
    assert card.notes.text() == "等待存入", card.notes.text()
    left = untranslated(card)
    assert not left, left


def test_the_cross_chain_tab_is_in_chinese(cross_window: MainWindow, until: Until, type_into: Any) -> None:
    tab = cross_window.cross_tab
    tab.amount.clear()
    type_into(tab.amount, "250")
    until(tab.routes_shown)
    tokens = tab.send_picker.tokens + tab.receive_picker.tokens + cross_window.quote_tab.sell.tokens
    screenshot(cross_window, "zh-cross.png")
    cross_window.grab().save("/tmp/zh_cross.png")
    left = untranslated(cross_window, tokens)
    assert not left, left
    until(tab.send_requested, doing=tab.send_button.click)
    dialog = cross_window.cross_dialog
    assert dialog is not None
    if dialog.funds is None:
        until(dialog.checked)
    dialog.grab().save("/tmp/zh_cross_review.png")
    left = untranslated(dialog, tokens)
    assert not left, left


def test_a_cross_chain_order_is_in_chinese(cross_window: MainWindow, until: Until, type_into: Any, act: Act) -> None:
    """Review, approval, sending, the order's card and timeline to the end, the notification, History's list."""
    tab = cross_window.cross_tab
    compare(cross_window, until, type_into, act, "BNB Smart Chain", "Polygon", "250")
    tokens = tab.send_picker.tokens + tab.receive_picker.tokens + cross_window.quote_tab.sell.tokens
    dialog = open_review(cross_window, until, act, "METAPATH")
    if dialog.approve_button.isVisibleTo(dialog):
        act(dialog.approve_button.click)
        until(dialog.checked)
    act(dialog.send_button.click)
    (result,) = until(dialog.sent_order)
    left = untranslated(dialog, tokens)
    assert not left, left
    act(dialog.follow_button.click)
    if tab.order_card.order is None or tab.order_card.order.hash != result.hash:
        until(tab.order_shown)
    left = untranslated(cross_window, tokens)
    assert not left, left
    ended(cross_window, until, result.hash)
    if tab.order_card.badge.badge is not status.SUCCESS:
        until(tab.order_shown)
    cross_window.grab().save("/tmp/zh_cross_done.png")
    left = untranslated(cross_window, tokens)
    assert not left, left
    cross_window.tabs.setCurrentWidget(cross_window.history_tab)
    cross_window.grab().save("/tmp/zh_history_sent.png")
    left = untranslated(cross_window, tokens)
    assert not left, left


def test_every_dialog_is_in_chinese(qtbot: Any, tmp_path: Path, wallet: Wallet) -> None:
    settings = SettingsDialog(Settings())
    qtbot.addWidget(settings)
    settings.show()
    assert settings.language.itemText(2) == "简体中文" and settings.language.itemText(0) == "跟随系统"
    settings.grab().save("/tmp/zh_settings.png")
    left = untranslated(settings)
    assert not left, left
    unsafe = Wallet(tmp_path / "unsafe", FailKeyring(), scrypt_n=2**10)
    accounts = AccountsDialog(unsafe)
    qtbot.addWidget(accounts)
    accounts.show()
    for index in range(accounts.ways.count()):
        accounts.ways.setCurrentIndex(index)
        accounts.grab().save(f"/tmp/zh_accounts_{index}.png")
        left = untranslated(accounts)
        assert not left, f"{accounts.ways.tabText(index)}:\n{left}"
    account = wallet.watch("0x" + "11" * 20, "冷钱包")  # the person's own name for it
    listed = AccountsDialog(wallet, devnet=True)  # the watched account, then the devnet's demo accounts
    qtbot.addWidget(listed)
    listed.show()
    left = untranslated(listed)
    assert not left, left
    export = ExportDialog(wallet, account)
    qtbot.addWidget(export)
    export.show()
    left = untranslated(export)
    assert not left, left


def _check(ts: Path, qm: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(SCRIPT), "--check", "--ts", str(ts), "--qm", str(qm)],
                          capture_output=True, text=True, cwd=ROOT)  # fmt: skip


def test_words_from_modules_without_qt_are_marked_as_they_are_written() -> None:
    """The window translates these where it shows them; lupdate reads only the GUI's copies, kept equal here."""
    from swapdesk import lookup
    from swapdesk.gui import accounts_dialog, cross_dialog
    from swapdesk.gui.tabs.history import tab as history
    from swapdesk.trade.bridge_catalog import CONTRACT_NAMES
    from swapdesk.wallet import keyring_vault

    assert history.NOWHERE == lookup.NOWHERE
    assert accounts_dialog.NO_KEYRING == keyring_vault.NO_SERVICE
    assert set(cross_dialog.CONTRACT_WORDS) == set(CONTRACT_NAMES.values())


def test_the_committed_translations_are_complete_and_current() -> None:
    done = _check(i18n.FOLDER / "swapdesk_zh_CN.ts", i18n.FOLDER / "swapdesk_zh_CN.qm")
    assert done.returncode == 0, done.stderr


def test_a_word_without_chinese_or_a_stale_qm_fails_the_check(tmp_path: Path) -> None:
    ts, qm = tmp_path / "swapdesk_zh_CN.ts", tmp_path / "swapdesk_zh_CN.qm"
    shutil.copy(i18n.FOLDER / "swapdesk_zh_CN.ts", ts)
    qm.write_bytes(b"stale")  # not what lrelease makes of the .ts
    assert "is not what lrelease makes of" in _check(ts, qm).stderr
    shutil.copy(i18n.FOLDER / "swapdesk_zh_CN.qm", qm)
    assert _check(ts, qm).returncode == 0
    tree = ET.parse(ts)
    message = next(m for m in tree.getroot().iter("message") if m.findtext("source") == "Slippage")
    translation = message.find("translation")
    assert translation is not None
    translation.text = ""
    translation.set("type", "unfinished")
    tree.write(ts, encoding="utf-8")
    failed = _check(ts, qm)
    assert failed.returncode == 1
    assert "'Slippage' has no finished translation" in failed.stderr
    tree.getroot().find("context").remove(message)  # type: ignore[union-attr]
    tree.write(ts, encoding="utf-8")
    assert "no translation of 'Slippage'" in _check(ts, qm).stderr


def test_the_language_is_chosen_in_settings(qtbot: Any) -> None:
    dialog = SettingsDialog(Settings(language="zh_CN"))
    qtbot.addWidget(dialog)
    assert dialog.language.currentText() == "简体中文"
    dialog.language.setCurrentIndex(1)
    assert dialog.language.currentText() == "English" and dialog.settings().language == "en"
    dialog.language.setCurrentIndex(0)
    assert dialog.settings().language == "system"


def test_the_language_is_the_setting_else_the_system_locale() -> None:
    chinese, taiwan, english = QLocale("zh_CN"), QLocale("zh_TW"), QLocale("en_US")
    assert i18n.chosen("system", chinese) == "zh_CN"
    assert i18n.chosen("system", taiwan) == "en"  # no Traditional Chinese yet: English rather than the wrong script
    assert i18n.chosen("system", english) == "en"
    assert i18n.chosen("en", chinese) == "en"
    assert i18n.chosen("zh_CN", english) == "zh_CN"
