"""Accounts: import a key, create one, watch an address, remove one.

Keys go to the OS keyring. When this machine's keyring cannot keep secrets,
the dialog says so and asks for a password to keep the key in an encrypted
keystore file instead; it never falls back silently. One key is one account
on every chain: each shows its address on TRON too (base58, the same bytes).
Wallet work (keyring over D-Bus, scrypt) runs off the GUI thread.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from swapdesk.blocking import off_loop
from swapdesk.gui.tasks import Latest
from swapdesk.gui.widgets.error_label import error_label
from swapdesk.wallet import Account, BadKey, Password, PrivateKey, Wallet, WalletError


class AccountsDialog(QDialog):
    changed = Signal()  # the list of accounts changed
    failed = Signal(str)

    def __init__(self, wallet: Wallet, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.wallet = wallet
        self.setWindowTitle("Accounts")
        self._work = Latest(self._unexpected)
        self.list = QListWidget()
        self.list.setAccessibleName("Your accounts")

        self.keyring_note = QLabel()
        self.keyring_note.setWordWrap(True)
        self.keyring_note.setStyleSheet("color: #ca8a04")
        problem = wallet.keyring_problem
        self.keyring_note.setText(
            f"{problem[0].upper()}{problem[1:]}. New keys are kept in an encrypted keystore file instead,"
            " locked with the password below."
            if problem
            else "Keys are kept in your system keyring."
        )
        self.label = QLineEdit(placeholderText="Label, e.g. Main")
        self.label.setAccessibleName("Account label")
        self.key = QLineEdit(
            placeholderText="Private key (64 hex digits) to import", echoMode=QLineEdit.EchoMode.Password
        )
        self.key.setAccessibleName("Private key")
        self.address = QLineEdit(placeholderText="Address to watch (0x…, or T… on TRON)")
        self.address.setAccessibleName("Address to watch")
        self.use_file = QCheckBox("Keep the key in an encrypted keystore file")
        self.use_file.setChecked(problem is not None)
        self.use_file.setEnabled(problem is None)  # with an unsafe keyring the file is the only way
        self.password = QLineEdit(placeholderText="Keystore password", echoMode=QLineEdit.EchoMode.Password)
        self.password.setAccessibleName("Keystore password")
        self.use_file.toggled.connect(self.password.setVisible)
        self.password.setVisible(self.use_file.isChecked())
        self.error = error_label()

        self.import_button = QPushButton("Import key")
        self.create_button = QPushButton("Create new")
        self.watch_button = QPushButton("Watch address")
        self.remove_button = QPushButton("Remove selected")
        form = QFormLayout()
        form.addRow("Label", self.label)
        form.addRow("Key", self.key)
        form.addRow("", self.use_file)
        form.addRow("Password", self.password)
        form.addRow("Watch", self.address)
        buttons = QHBoxLayout()
        for button in (self.import_button, self.create_button, self.watch_button, self.remove_button):
            buttons.addWidget(button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.list, 1)
        layout.addWidget(self.keyring_note)
        layout.addLayout(form)
        layout.addWidget(self.error)
        layout.addLayout(buttons)

        self.import_button.clicked.connect(self._import)
        self.create_button.clicked.connect(lambda: self._do(self.wallet.create, self.label.text(), self._password()))
        self.watch_button.clicked.connect(lambda: self._do(self.wallet.watch, self.address.text(), self.label.text()))
        self.remove_button.clicked.connect(self._remove)
        self.finished.connect(lambda _: self._work.close())
        self.refresh()

    def _password(self) -> Password | None:
        return Password(self.password.text()) if self.use_file.isChecked() else None

    def _import(self) -> None:
        """The pasted text becomes a PrivateKey here, so no thread or log ever sees it as text."""
        try:
            key = PrivateKey.parse(self.key.text())
        except BadKey as error:
            self._say(str(error))
            return
        finally:
            self.key.clear()  # a pasted key does not linger in the field
        self._do(self.wallet.import_key, key, self.label.text(), self._password())

    def refresh(self) -> None:
        self.accounts: list[Account] = self.wallet.book.load()
        self.list.clear()
        for account in self.accounts:
            self.list.addItem(f"{account.title()}\n    on TRON: {account.tron_address}")
        if not self.accounts:
            self.list.addItem("No accounts yet. On the devnet, the demo accounts are always offered.")

    def _remove(self) -> None:
        row = self.list.currentRow()
        if 0 <= row < len(self.accounts):
            self._do(self.wallet.remove, self.accounts[row].address)

    def _do(self, action: Callable[..., Any], *args: Any) -> None:
        self.error.hide()
        self._work.run(self._run(action, *args))

    async def _run(self, action: Callable[..., Any], *args: Any) -> None:
        try:
            await off_loop(action, *args)
        except (WalletError, ValueError) as error:
            self._say(str(error))
            return
        self.password.clear()
        self.label.clear()
        self.address.clear()
        self.refresh()
        self.changed.emit()

    def _say(self, message: str) -> None:
        self.error.setText(message)
        self.error.show()
        self.failed.emit(message)

    def _unexpected(self, error: BaseException) -> None:
        self.error.setText(f"Something went wrong inside swapdesk ({type(error).__name__}); see the log.")
        self.error.show()
