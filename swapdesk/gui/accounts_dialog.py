"""Accounts: the list, and three separate ways to add one: import a key, create one, watch an address.

Keys go to the OS keyring. When this machine's keyring cannot keep secrets, the dialog says so in plain
words (never a backend's class name) and asks for a password to keep the key in an encrypted keystore
file instead; it never falls back silently. One key is one account on every chain: each shows its
address on TRON too (base58, the same bytes). Wallet work (keyring over D-Bus, scrypt) runs off the GUI
thread, and says so while it runs.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from swapdesk.blocking import off_loop
from swapdesk.gui import theme
from swapdesk.gui.tasks import Latest
from swapdesk.gui.widgets.card import heading
from swapdesk.gui.widgets.error_label import error_label, note_label
from swapdesk.gui.widgets.progress import Progress
from swapdesk.wallet import Account, BadKey, Password, PrivateKey, Wallet, WalletError

KINDS = {"keyring": "in the system keyring", "keystore": "in an encrypted keystore file", "watch": "watch-only"}
_CLASS_NAME = re.compile(r"\s*\((?:[A-Za-z_][\w]*\.)+[A-Za-z_]\w*\)")  # "(keyring.backends.fail.Keyring)"


def without_class_names(text: str) -> str:
    return _CLASS_NAME.sub("", text)


def keyring_words(problem: str | None) -> str:
    """Where new keys go, in plain words; a keyring backend's class name never reaches the screen."""
    if problem is None:
        return "New keys are kept in your system keyring."
    reason = without_class_names(problem).strip().rstrip(".")
    return (
        f"{reason[:1].upper()}{reason[1:]}. New keys go to an encrypted keystore file instead, locked with a"
        " password you choose."
    )


class AccountsDialog(QDialog):
    changed = Signal()  # the list of accounts changed
    failed = Signal(str)
    saved = Signal(str)  # what was just done, in words

    def __init__(self, wallet: Wallet, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.wallet = wallet
        self.setWindowTitle("Accounts")
        self.setMinimumSize(620, 560)
        self._work = Latest(self._unexpected)
        self.accounts: list[Account] = []
        problem = wallet.keyring_problem
        self.list = QListWidget()
        self.list.setAccessibleName("Your accounts")
        self.list.setAlternatingRowColors(True)
        self.remove_button = QPushButton("Remove selected…")
        self.remove_button.setEnabled(False)
        self.list.currentRowChanged.connect(lambda row: self.remove_button.setEnabled(0 <= row < len(self.accounts)))
        self.keyring_note = note_label("muted" if problem is None else "warning")
        self.keyring_note.setText(keyring_words(problem))

        self.import_label, self.create_label, self.watch_label = (
            QLineEdit(placeholderText="Label, e.g. Main") for _ in range(3)
        )
        for field, what in ((self.import_label, "imported"), (self.create_label, "new"), (self.watch_label, "watched")):
            field.setAccessibleName(f"Label of the {what} account")
        self.key = QLineEdit(placeholderText="Private key: 64 hex digits", echoMode=QLineEdit.EchoMode.Password)
        self.key.setAccessibleName("Private key")
        self.address = QLineEdit(placeholderText="0x… (or T… as TRON writes it)")
        self.address.setAccessibleName("Address to watch")
        self.import_file, self.import_password = self._keystore_choice(problem)
        self.create_file, self.create_password = self._keystore_choice(problem)
        self.import_button = QPushButton("Import key")
        self.create_button = QPushButton("Create account")
        self.watch_button = QPushButton("Watch address")
        for button in (self.import_button, self.create_button, self.watch_button):
            theme.primary(button)

        self.ways = QTabWidget()
        self.ways.addTab(
            self._page(
                "Paste a private key you already have. It is stored, never shown again, and never logged.",
                [("Label", self.import_label), ("Private key", self.key), ("", self.import_file),
                 ("Password", self.import_password)],
                self.import_button,
            ),
            "Import a key",
        )  # fmt: skip
        self.ways.addTab(
            self._page(
                "A new key is made on this computer. Fund its address before swapping.",
                [("Label", self.create_label), ("", self.create_file), ("Password", self.create_password)],
                self.create_button,
            ),
            "Create a new key",
        )
        self.ways.addTab(
            self._page(
                "Follow an address without its key: quotes and balances, never a signature.",
                [("Label", self.watch_label), ("Address", self.address)],
                self.watch_button,
            ),
            "Watch an address",
        )
        self.progress = Progress()
        self.error = error_label()
        self.said = note_label("success")
        self.said.hide()
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)

        remove_row = QHBoxLayout()
        remove_row.addStretch(1)
        remove_row.addWidget(self.remove_button)
        layout = QVBoxLayout(self)
        layout.addWidget(heading("Your accounts"))
        layout.addWidget(self.list, 1)
        layout.addLayout(remove_row)
        layout.addWidget(heading("Add an account"))
        layout.addWidget(self.keyring_note)
        layout.addWidget(self.ways)
        for widget in (self.progress, self.error, self.said):
            layout.addWidget(widget)
        layout.addWidget(buttons)

        self.import_button.clicked.connect(self._import)
        self.create_button.clicked.connect(
            lambda: self._do("Created", self.wallet.create, self.create_label.text(), self._password(self.create_file))
        )
        self.watch_button.clicked.connect(
            lambda: self._do("Watching", self.wallet.watch, self.address.text(), self.watch_label.text())
        )
        self.remove_button.clicked.connect(self._remove)
        self.finished.connect(lambda _: self._work.close())
        self.refresh()

    # -- building ------------------------------------------------------------------------------

    def _keystore_choice(self, problem: str | None) -> tuple[QCheckBox, QLineEdit]:
        use_file = QCheckBox("Keep the key in an encrypted keystore file")
        use_file.setChecked(problem is not None)
        use_file.setEnabled(problem is None)  # with an unsafe keyring the file is the only way
        password = QLineEdit(placeholderText="Keystore password", echoMode=QLineEdit.EchoMode.Password)
        password.setAccessibleName("Keystore password")
        use_file.toggled.connect(password.setEnabled)
        password.setEnabled(use_file.isChecked())
        return use_file, password

    def _page(self, words: str, rows: list[tuple[str, QWidget]], button: QPushButton) -> QWidget:
        page = QWidget()
        form = QFormLayout(page)
        intro = QLabel(words)
        intro.setWordWrap(True)
        form.addRow(intro)
        for caption, widget in rows:
            form.addRow(caption, widget) if caption else form.addRow(widget)
        form.addRow("", button)
        return page

    def _password(self, use_file: QCheckBox) -> Password | None:
        field = self.import_password if use_file is self.import_file else self.create_password
        return Password(field.text()) if use_file.isChecked() else None

    # -- doing -----------------------------------------------------------------------------------

    def _import(self) -> None:
        """The pasted text becomes a PrivateKey here, so no thread or log ever sees it as text."""
        try:
            key = PrivateKey.parse(self.key.text())
        except BadKey as error:
            self._say(str(error))
            return
        finally:
            self.key.clear()  # a pasted key does not linger in the field
        self._do("Imported", self.wallet.import_key, key, self.import_label.text(), self._password(self.import_file))

    def refresh(self) -> None:
        self.accounts = self.wallet.book.load()
        self.list.clear()
        for account in self.accounts:
            item = QListWidgetItem(
                f"{account.label} · {KINDS.get(account.kind, account.kind)}\n"
                f"    {account.address}\n    on TRON: {account.tron_address}"
            )
            item.setToolTip(account.address)
            self.list.addItem(item)
        if not self.accounts:
            empty = QListWidgetItem("No accounts yet. On the devnet, the demo accounts are always offered.")
            empty.setFlags(Qt.ItemFlag.NoItemFlags)
            self.list.addItem(empty)
        self.remove_button.setEnabled(False)

    def _remove(self) -> None:
        row = self.list.currentRow()
        if 0 <= row < len(self.accounts):
            account = self.accounts[row]
            self._do(f"Removed {account.label}", self.wallet.remove, account.address)

    def _do(self, verb: str, action: Callable[..., Any], *args: Any) -> None:
        self.error.hide()
        self.said.hide()
        ticket = self.progress.start("Saving… (the keyring or the keystore's encryption may take a moment)")
        self._work.run(self._run(ticket, verb, action, *args))

    async def _run(self, ticket: int, verb: str, action: Callable[..., Any], *args: Any) -> None:
        try:
            made = await off_loop(action, *args)
        except (WalletError, ValueError) as error:
            self._say(str(error))
            return
        finally:
            self.progress.stop(ticket)
        for field in (self.import_password, self.create_password, self.import_label, self.create_label,
                      self.watch_label, self.address):  # fmt: skip
            field.clear()
        words = f"{verb}: {made.title()}" if isinstance(made, Account) else verb
        self.said.setText(words)
        self.said.show()
        self.refresh()
        self.changed.emit()
        self.saved.emit(words)

    def _say(self, message: str) -> None:
        message = without_class_names(message)
        self.error.setText(message)
        self.error.show()
        self.failed.emit(message)

    def _unexpected(self, error: BaseException) -> None:
        self._say(f"Something went wrong inside swapdesk ({type(error).__name__}); see the log.")
