"""The window's menu bar (File: Accounts, Settings, Quit; Help: About) and the About box."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMessageBox, QWidget

from swapdesk import __version__
from swapdesk.gui.i18n import tr


def add_menus(window: QMainWindow, accounts: Callable[[], object], settings: Callable[[], object]) -> QAction:
    """File and Help on `window`: Accounts… and Settings… open what `accounts` and `settings` open; the Settings
    action."""
    menu = window.menuBar().addMenu(tr("&File"))
    accounts_action = QAction(tr("&Accounts…"), window)
    accounts_action.triggered.connect(accounts)
    menu.addAction(accounts_action)
    preferences = QKeySequence(QKeySequence.StandardKey.Preferences)
    settings_action = QAction(tr("&Settings…"), window, shortcut=preferences)
    settings_action.triggered.connect(settings)
    menu.addAction(settings_action)
    quit_action = QAction(tr("&Quit"), window, shortcut=QKeySequence(QKeySequence.StandardKey.Quit))
    quit_action.triggered.connect(window.close)
    menu.addAction(quit_action)
    about_action = QAction(tr("&About swapdesk…"), window)
    about_action.triggered.connect(lambda: about_box(window))
    window.menuBar().addMenu(tr("&Help")).addAction(about_action)
    return settings_action


def about_box(parent: QWidget) -> QMessageBox:
    """Help → About: the name, the version (`swapdesk.__version__`, as `swapdesk --version`), what it is."""
    title, name = tr("About swapdesk"), f"<b>swapdesk</b> {__version__}"
    about = QMessageBox(QMessageBox.Icon.NoIcon, title, name, parent=parent)
    about.setInformativeText(
        tr("Swap tokens, bridge them across chains and check what happened to a transaction.")
        + "<br>"
        + tr("Free software under the MIT licence.")
    )
    about.setIconPixmap(parent.windowIcon().pixmap(64, 64))
    about.open()  # not exec(): no nested event loop under qasync
    return about
