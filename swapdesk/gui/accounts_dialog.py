"""Accounts: yours (and, on the devnet, the demo accounts, said to be such), and three separate ways to add one:
import a key, create one with its recovery phrase, watch an address.

Keys go to the OS keyring. When this machine's keyring cannot keep secrets, the dialog says so in plain
words (never a backend's class name) and keeps the key in an encrypted keystore file under a password
instead; it never falls back silently. A new key comes with a recovery phrase, shown once and checked
(`phrase_pages.CreateFlow`); a key kept under a password can be shown again after it (`export_dialog`). One
key is one account on every chain: each shows its address on TRON too (base58, the same bytes). Wallet work
(keyring over D-Bus, scrypt) runs off the GUI thread, and says so while it runs. Each way says what went wrong
on its own page, and a message goes when the page changes.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QSizePolicy,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from swapdesk.gui import error_words, formatting
from swapdesk.gui.design.buttons import primary, secondary
from swapdesk.gui.design.card import heading
from swapdesk.gui.design.dialog_fit import fit_screen
from swapdesk.gui.design.notice import Notice, keep_place
from swapdesk.gui.design.progress import Progress
from swapdesk.gui.export_dialog import ExportDialog
from swapdesk.gui.i18n import QT_TR_NOOP, tr
from swapdesk.gui.phrase_pages import CreateFlow, password_problem
from swapdesk.gui.tasks import Latest
from swapdesk.off_loop import off_loop
from swapdesk.wallet import Account, BadKey, Password, Phrase, PrivateKey, Wallet, WalletError

KINDS = {
    "keyring": QT_TR_NOOP("in the system keyring"),
    "keystore": QT_TR_NOOP("in an encrypted keystore file"),
    "watch": QT_TR_NOOP("watch-only"),
    "demo": QT_TR_NOOP("devnet demo account: its key is public"),
}
_CLASS_NAME = re.compile(r"\s*\((?:[A-Za-z_][\w]*\.)+[A-Za-z_]\w*\)")  # "(keyring.backends.fail.Keyring)"


def without_class_names(text: str) -> str:
    return _CLASS_NAME.sub("", text)


# the wallet's reason when there is no keyring (`wallet.keyring_vault.NO_SERVICE`), marked here for lupdate
NO_KEYRING = QT_TR_NOOP("this machine has no keyring service (such as GNOME Keyring, KWallet or the macOS Keychain)")


def keyring_words(problem: str | None) -> str:
    """Where new keys go, in plain words; a keyring backend's class name never reaches the screen."""
    if problem is None:
        return tr("New keys are kept in your system keyring.")
    reason = tr(without_class_names(problem).strip().rstrip("."))
    return tr("{reason}. New keys go to an encrypted keystore file instead, locked with a password you choose.").format(
        reason=f"{reason[:1].upper()}{reason[1:]}"
    )


class AccountsDialog(QDialog):
    changed = Signal()  # the list of accounts changed
    failed = Signal(str)
    saved = Signal(str)  # what was just done, in words

    def __init__(self, wallet: Wallet, parent: QWidget | None = None, devnet: bool = False) -> None:
        super().__init__(parent)
        self.wallet, self.devnet = wallet, devnet
        self.setWindowTitle(tr("Accounts"))
        self.setMinimumWidth(640)  # its height: what the screen has (`fit_screen`)
        self._work = Latest(self._unexpected)
        self.accounts: list[Account] = []
        self.rows: list[Account | None] = []  # the account of each row of the list (None: a line of words)
        self.export_dialog: ExportDialog | None = None
        problem = wallet.keyring_problem
        self.list = QListWidget()
        self.list.setAccessibleName(tr("Your accounts"))
        self.list.setMinimumHeight(4 * self.list.fontMetrics().lineSpacing())  # on a short screen, it gives way
        self.list.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Ignored)  # the rest takes its hint
        self.export_button = secondary(
            tr("Back up…"), tr("Show the recovery phrase or the private key, after its password")
        )
        self.remove_button = secondary(tr("Remove…"), tr("Forget the account and delete its key from this computer"))
        for button in (self.export_button, self.remove_button):
            button.setEnabled(False)
        self.list.currentRowChanged.connect(self._selected)
        self.keyring_note = Notice("info" if problem is None else "warning", keyring_words(problem))

        self.import_label, self.watch_label = (QLineEdit(placeholderText=tr("Label, e.g. Main")) for _ in range(2))
        self.import_label.setAccessibleName(tr("Label of the imported account"))
        self.watch_label.setAccessibleName(tr("Label of the watched account"))
        self.key = QLineEdit(placeholderText=tr("Private key: 64 hex digits"), echoMode=QLineEdit.EchoMode.Password)
        self.key.setAccessibleName(tr("Private key"))
        self.address = QLineEdit(placeholderText=tr("0x… (or T… as TRON writes it)"))
        self.address.setAccessibleName(tr("Address to watch"))
        self.import_file = QCheckBox(tr("Keep the key in an encrypted keystore file"))
        self.import_file.setChecked(problem is not None)
        self.import_file.setEnabled(problem is None)
        self.import_password = QLineEdit(placeholderText=tr("Keystore password"), echoMode=QLineEdit.EchoMode.Password)
        self.import_password.setAccessibleName(tr("Keystore password"))
        self.import_file.toggled.connect(self.import_password.setEnabled)
        self.import_password.setEnabled(self.import_file.isChecked())
        self.import_button = primary(tr("Import key"))
        self.watch_button = primary(tr("Watch address"))
        self.create_flow = CreateFlow(problem)
        self.create_label, self.create_password = self.create_flow.label, self.create_flow.password
        self.create_file, self.create_button = self.create_flow.keystore, self.create_flow.start_button
        self.errors = {name: Notice("danger") for name in ("import", "watch")}
        for notice in self.errors.values():
            notice.hide()
            keep_place(notice)

        self.ways = QTabWidget()
        self.ways.addTab(self._page(
            tr("Paste a private key you already have. It is stored, never shown again, and never logged."),
            [(tr("Label"), self.import_label), (tr("Private key"), self.key), ("", self.import_file),
             (tr("Password"), self.import_password)], self.import_button, self.errors["import"]),
            tr("Import a key"))  # fmt: skip
        self.ways.addTab(self.create_flow, tr("Create a new key"))
        self.ways.addTab(self._page(
            tr("Follow an address without its key: quotes and balances, never a signature."),
            [(tr("Label"), self.watch_label), (tr("Address"), self.address)], self.watch_button,
            self.errors["watch"]), tr("Watch an address"))  # fmt: skip
        self.ways.currentChanged.connect(lambda _: self._clear_messages())
        self.progress = Progress()
        self.said = Notice("success")
        self.said.hide()
        close = self.close_button = secondary(tr("Close"))
        close.clicked.connect(self.reject)

        selected = QHBoxLayout()
        selected.addStretch(1)
        selected.addWidget(self.export_button)
        selected.addWidget(self.remove_button)
        bottom = QHBoxLayout()
        bottom.addStretch(1)
        bottom.addWidget(close)
        layout = QVBoxLayout(self)
        layout.addWidget(heading(tr("Your accounts")))
        layout.addWidget(self.list, 1)
        layout.addLayout(selected)
        layout.addWidget(heading(tr("Add an account")))
        layout.addWidget(self.keyring_note)
        layout.addWidget(self.ways)
        for widget in (self.progress, self.said):
            layout.addWidget(widget)
        layout.addLayout(bottom)
        fit_screen(self)  # within a 1024×640 screen with its title bar: the content scrolls where it is taller

        self.import_button.clicked.connect(self._import)
        self.create_flow.confirmed.connect(self._create)
        self.create_flow.problem.connect(self.failed)
        self.watch_button.clicked.connect(
            lambda: self._do("watch", tr("Watching"), self.wallet.watch, self.address.text(), self.watch_label.text())
        )
        self.remove_button.clicked.connect(self._remove)
        self.export_button.clicked.connect(self.export)
        self.finished.connect(lambda _: self._close())
        self.refresh()

    # -- building ------------------------------------------------------------------------------

    def _page(self, words: str, rows: list[tuple[str, QWidget]], button: QWidget, error: Notice) -> QWidget:
        page = QWidget()
        form = QFormLayout(page)
        intro = QLabel(words)
        intro.setWordWrap(True)
        form.addRow(intro)
        for label, widget in rows:
            form.addRow(label, widget) if label else form.addRow(widget)
        form.addRow("", button)
        form.addRow(error)
        return page

    def _password(self) -> Password | None:
        return Password(self.import_password.text()) if self.import_file.isChecked() else None

    # -- doing -----------------------------------------------------------------------------------

    def _import(self) -> None:
        """The pasted text becomes a PrivateKey here, so no thread or log ever sees it as text."""
        problem = password_problem(self.import_password.text()) if self.import_file.isChecked() else ""
        if problem:  # the keystore's password is chosen here: the same minimum as a new key's, the key kept
            self._say("import", problem)
            return
        try:
            key = PrivateKey.parse(self.key.text())
        except BadKey:
            self._say("import", tr("That is not a private key: 64 hexadecimal digits, optionally after 0x."))
            return
        finally:
            self.key.clear()  # a pasted key does not linger in the field
        self._do("import", tr("Imported"), self.wallet.import_key, key, self.import_label.text(), self._password())

    def _create(self, phrase: Phrase, label: str, password: Password, keystore: bool) -> None:
        self._do("create", tr("Created"), self.wallet.create_from_phrase, phrase, label, password, keystore)

    def _selected(self, row: int) -> None:
        account = self.rows[row] if 0 <= row < len(self.rows) else None
        mine = account is not None and account.kind != "demo"
        self.remove_button.setEnabled(mine)
        self.export_button.setEnabled(mine and account is not None and self.wallet.can_export(account))

    def refresh(self) -> None:
        own = self.wallet.book.load()
        demo = self.wallet.demo_accounts() if self.devnet else []
        self.accounts = [*own, *demo]
        self.rows = list(self.accounts)
        self.list.clear()
        for account in self.accounts:
            on_tron = tr("on TRON: {address}").format(address=account.tron_address)  # lupdate reads no f-string
            item = QListWidgetItem(
                f"{formatting.account_name(account)} · {tr(KINDS.get(account.kind, account.kind))}\n"
                f"    {account.address}\n    {on_tron}"
            )
            item.setToolTip(account.address)
            self.list.addItem(item)
        if not own:
            words = (
                tr("No accounts of your own yet: add one below. The devnet's demo accounts follow.")
                if demo
                else tr("No accounts yet: add one below.")
            )
            empty = QListWidgetItem(words)
            empty.setFlags(Qt.ItemFlag.NoItemFlags)
            self.list.insertItem(0, empty)
            self.rows.insert(0, None)
        self._selected(-1)

    def _remove(self) -> None:
        row = self.list.currentRow()
        account = self.rows[row] if 0 <= row < len(self.rows) else None
        if account is not None and account.kind != "demo":
            self._do("", tr("Removed {label}").format(label=account.label), self.wallet.remove, account.address)

    def export(self) -> ExportDialog | None:
        row = self.list.currentRow()
        account = self.rows[row] if 0 <= row < len(self.rows) else None
        if account is None:
            return None
        dialog = self.export_dialog = ExportDialog(self.wallet, account, self)
        dialog.open()
        return dialog

    def _do(self, page: str, verb: str, action: Callable[..., Any], *args: Any) -> None:
        self._clear_messages()
        ticket = self.progress.start(tr("Saving… (the keyring or the keystore's encryption may take a moment)"))
        self._work.run(self._run(ticket, page, verb, action, *args))

    async def _run(self, ticket: int, page: str, verb: str, action: Callable[..., Any], *args: Any) -> None:
        try:
            made = await off_loop(action, *args)
        except (WalletError, ValueError) as error:
            self._say(page, without_class_names(error_words.said(error)))
            return
        finally:
            self.progress.stop(ticket)
        for field in (self.import_password, self.import_label, self.watch_label, self.address):
            field.clear()
        if page == "create":
            self.create_flow.reset()
        words = f"{verb}: {made.title()}" if isinstance(made, Account) else verb
        self.said.set(words, "success")
        self.said.show()
        self.refresh()
        self.changed.emit()
        self.saved.emit(words)

    def _say(self, page: str, message: str) -> None:
        """A problem, said on the page where it happened."""
        if page == "create":
            self.create_flow.say(message)
        else:
            notice = self.errors.get(page) or self.errors["import"]
            notice.set(message, "danger")
            notice.show()
        self.failed.emit(message)

    def _clear_messages(self) -> None:
        for notice in self.errors.values():
            notice.hide()
        self.create_flow.say("")
        self.said.hide()

    def _unexpected(self, error: BaseException) -> None:
        self._say("import", error_words.unexpected(error))

    def _close(self) -> None:
        self._work.close()
        self.create_flow.reset()  # the phrase, if one was being shown, is forgotten
        if self.export_dialog is not None:
            self.export_dialog.close()

    @property
    def error(self) -> Notice:
        """The message of the page shown now (for a reader of the dialog)."""
        page = self.ways.currentWidget()
        if page is self.create_flow:
            return self.create_flow.error
        return self.errors["watch"] if self.ways.currentIndex() == 2 else self.errors["import"]
