"""Showing an account's recovery phrase or private key again, after its password.

Only for a key swapdesk keeps under a password (created here with its phrase, or in a keystore file). The secret
is read off the GUI thread (scrypt), shown in a read-only field with Copy, never logged, and forgotten (the field
emptied) when the dialog closes.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QDialog, QHBoxLayout, QLineEdit, QPlainTextEdit, QRadioButton, QVBoxLayout, QWidget

from swapdesk.gui import error_words
from swapdesk.gui.design.buttons import primary, secondary
from swapdesk.gui.design.card import caption, heading
from swapdesk.gui.design.notice import Notice, keep_place
from swapdesk.gui.design.progress import Progress
from swapdesk.gui.i18n import tr
from swapdesk.gui.tasks import Latest
from swapdesk.off_loop import off_loop
from swapdesk.wallet import Account, Password, Wallet, WalletError, WrongPassword


class ExportDialog(QDialog):
    shown_secret = Signal(str)  # "phrase" or "key": what is on screen now (never the secret itself)
    failed = Signal(str)

    def __init__(self, wallet: Wallet, account: Account, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.wallet, self.account = wallet, account
        self._work = Latest(self._unexpected)
        self.setWindowTitle(tr("Back up {label}").format(label=account.label))
        self.setMinimumWidth(520)
        has_phrase = wallet.has_phrase(account.address)
        self.phrase_choice = QRadioButton(tr("Recovery phrase"))
        self.key_choice = QRadioButton(tr("Private key"))
        self.phrase_choice.setEnabled(has_phrase)
        (self.phrase_choice if has_phrase else self.key_choice).setChecked(True)
        self.password = QLineEdit(echoMode=QLineEdit.EchoMode.Password, placeholderText=tr("Password"))
        self.password.setAccessibleName(tr("Password"))
        self.show_button = primary(tr("Show"), tr("Ask for the password, then show it here"))
        self.secret = QPlainTextEdit(readOnly=True)
        self.secret.setAccessibleName(tr("The secret"))
        self.secret.setFixedHeight(70)
        self.secret.hide()
        self.copy_button = secondary(tr("Copy"))
        self.copy_button.hide()
        self.close_button = secondary(tr("Close"))
        self.progress = Progress()
        self.error = Notice("danger")
        self.error.hide()
        keep_place(self.error)  # its place kept: nothing moves when it is said
        choices = QHBoxLayout()
        choices.addWidget(self.phrase_choice)
        choices.addWidget(self.key_choice)
        choices.addStretch(1)
        buttons = QHBoxLayout()
        buttons.addWidget(self.copy_button)
        buttons.addStretch(1)
        buttons.addWidget(self.close_button)
        buttons.addWidget(self.show_button)
        layout = QVBoxLayout(self)
        layout.addWidget(heading(tr("Back up {label}").format(label=account.label), "title"))
        layout.addWidget(Notice("warning", tr("Whoever sees these has the account. Show them only where no one else"
                                              " can see the screen.")))  # fmt: skip
        layout.addLayout(choices)
        layout.addWidget(caption(tr("The password you chose for this account.")))
        for widget in (self.password, self.progress, self.error, self.secret):
            layout.addWidget(widget)
        layout.addLayout(buttons)
        self.show_button.setDefault(True)
        self.show_button.clicked.connect(self._show)
        self.password.returnPressed.connect(self._show)
        self.copy_button.clicked.connect(lambda: QGuiApplication.clipboard().setText(self.secret.toPlainText()))
        self.close_button.clicked.connect(self.reject)
        self.finished.connect(lambda _: self._forget())

    def _show(self) -> None:
        self.error.hide()
        ticket = self.progress.start(tr("Checking the password…"))
        self._work.run(self._reveal(ticket, self.key_choice.isChecked()))

    async def _reveal(self, ticket: int, key: bool) -> None:
        password = Password(self.password.text())
        self.password.clear()
        try:
            if key:
                found = await off_loop(self.wallet.export_key, self.account.address, password)
                text = "0x" + found.reveal().hex()
            else:
                text = " ".join((await off_loop(self.wallet.export_phrase, self.account.address, password)).words())
        except (WalletError, WrongPassword) as error:
            self.error.set(
                tr("Wrong password.") if isinstance(error, WrongPassword) else error_words.said(error), "danger"
            )
            self.error.show()
            self.failed.emit(str(error))
            return
        finally:
            self.progress.stop(ticket)
        self.secret.setPlainText(text)
        for widget in (self.secret, self.copy_button):
            widget.show()
        self.shown_secret.emit("key" if key else "phrase")

    def _forget(self) -> None:
        self._work.close()
        self.progress.stop()
        self.secret.clear()
        self.password.clear()

    def _unexpected(self, error: BaseException) -> None:
        self.error.set(error_words.unexpected(error), "danger")
        self.error.show()
