"""Every control a person can reach has a name a screen reader says: a walk over the window's tabs and every
dialog fails on a button, field, box or list without one (its own words count: Qt reads a button's text)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from keyring.backends.fail import Keyring as FailKeyring
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSlider,
    QAbstractSpinBox,
    QComboBox,
    QLineEdit,
    QPlainTextEdit,
    QStackedWidget,
    QTabBar,
    QTextEdit,
    QWidget,
)

from swapdesk.gui.accounts_dialog import AccountsDialog
from swapdesk.gui.export_dialog import ExportDialog
from swapdesk.gui.settings_dialog import SettingsDialog
from swapdesk.gui.window import MainWindow
from swapdesk.settings import Settings
from swapdesk.wallet import Wallet

CONTROLS = (QAbstractButton, QLineEdit, QComboBox, QAbstractSpinBox, QAbstractItemView, QPlainTextEdit, QTextEdit,
            QAbstractSlider)  # fmt: skip


def _name(widget: QWidget) -> str:
    if widget.accessibleName().strip():
        return widget.accessibleName()
    if isinstance(widget, QAbstractButton):
        return widget.text().replace("&", "").strip() or widget.toolTip()
    return ""


def unnamed(root: QWidget) -> list[str]:
    """Controls under `root` a person can reach (shown with it, taking focus) that have no name."""
    found = []
    for widget in root.findChildren(QWidget):
        if not isinstance(widget, CONTROLS) or isinstance(widget.parentWidget(), (QTabBar, QAbstractSpinBox)):
            continue  # a tab bar's scroll arrows and a spin box's own line edit are parts of a named control
        if isinstance(widget.parentWidget(), QComboBox) or type(widget).__name__.startswith("QComboBoxPrivate"):
            continue  # a box's own line edit or popup list: the box is named
        if widget.window() is not root.window():  # a box's popup list: its own window, opened from a named box
            continue
        if widget.objectName().startswith("qt_"):  # Qt's own parts (a scroll area's corner, a dialog's size grip)
            continue
        if not widget.focusPolicy() or (not widget.isVisibleTo(root) and not _in_a_page(widget, root)):
            continue
        if not _name(widget):
            found.append(f"{type(widget).__name__} in {type(widget.parentWidget()).__name__} {_where(widget)}")
    return found


def _where(widget: QWidget) -> str:
    names: list[str] = []
    parent = widget.parentWidget()
    while parent is not None and len(names) < 4:
        names.append(parent.accessibleName() or type(parent).__name__)
        parent = parent.parentWidget()
    return " / ".join(names)


def _in_a_page(widget: QWidget, root: QWidget) -> bool:
    """Not hidden itself, but on a page not shown now (another tab or step) that a person can open."""
    if widget.isHidden():
        return False
    parent = widget.parentWidget()
    while parent is not None and parent is not root:
        if parent.isHidden() and not isinstance(parent.parentWidget(), QStackedWidget):
            return False  # inside something hidden on purpose (an empty notice, a card with nothing yet)
        parent = parent.parentWidget()
    return True


def test_every_control_of_the_window_has_a_name(window: MainWindow) -> None:
    for index in range(window.tabs.count()):
        window.tabs.setCurrentIndex(index)
        assert unnamed(window) == [], window.tabs.tabText(index)


def test_every_control_of_the_dialogs_has_a_name(qtbot: Any, tmp_path: Path, wallet: Wallet) -> None:
    settings = SettingsDialog(Settings())
    qtbot.addWidget(settings)
    settings.show()
    assert unnamed(settings) == []
    unsafe = Wallet(tmp_path / "unsafe", FailKeyring(), scrypt_n=2**10)
    accounts = AccountsDialog(unsafe)
    qtbot.addWidget(accounts)
    accounts.show()
    for index in range(accounts.ways.count()):
        accounts.ways.setCurrentIndex(index)
        assert unnamed(accounts) == [], accounts.ways.tabText(index)
    account = wallet.watch("0x" + "11" * 20, "Cold")
    export = ExportDialog(wallet, account)
    qtbot.addWidget(export)
    export.show()
    assert unnamed(export) == []
