"""The accounts a form offers, and the recipient it fills in with the chosen one's own address.

Both tabs offer the wallet's accounts in a box, written as the form's chain writes addresses; listing them again
(an account added, the keyring answering late) keeps the one chosen while it is still there. The recipient is
the account's own address, filled in by the form, unless the person typed another: a typed recipient stays when
the accounts are listed again or another account is chosen, and is only rewritten as another chain writes it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QLineEdit

from swapdesk.gui import formatting
from swapdesk.gui.design.buttons import secondary
from swapdesk.gui.i18n import tr

if TYPE_CHECKING:  # eth-account loads with the engine, after the window shows
    from swapdesk.wallet import Account


def account_title(account: Account, tron: bool) -> str:
    """'Main · 0xf39F…2266': the label and the short address, never cut by the box."""
    return f"{formatting.account_name(account)} · {formatting.short(account.address_on(tron))}"


class AccountBox:
    """A box of accounts, and the button that manages them; `none` is what the box says when there is none (then
    no account is chosen: a few words, so the box never cuts them), `hint` what a person can do then (its
    tooltip), `tip` each account's tooltip."""

    def __init__(self, none: str, tip: Callable[[Account], str] | None = None, hint: str = "") -> None:
        self.none, self.tip, self.hint = none, tip, hint
        self.accounts: list[Account] = []
        self.box = QComboBox()
        self.box.setAccessibleName(tr("Account"))
        self.box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self._add_none()
        self.button = secondary(tr("Accounts…"), tr("Import, create or watch accounts"))

    @property
    def account(self) -> Account | None:
        index = self.box.currentIndex()
        return self.accounts[index] if 0 <= index < len(self.accounts) else None

    def choose(self, address: str) -> None:
        self.box.setCurrentIndex(self.box.findData(address))

    def offer(self, accounts: list[Account], tron: bool) -> bool:
        """Offer these accounts (the box's signals quiet); whether the one chosen is another than before."""
        chosen = self.account.address if self.account else None
        self.accounts = accounts
        self.box.blockSignals(True)
        self.box.clear()
        for account in accounts:
            self.box.addItem(account_title(account, tron), account.address)
            if self.tip is not None:
                self.box.setItemData(self.box.count() - 1, self.tip(account), Qt.ItemDataRole.ToolTipRole)
        if not accounts:
            self._add_none()
        addresses = [a.address for a in accounts]
        self.box.setCurrentIndex(addresses.index(chosen) if chosen in addresses else 0)
        self.box.blockSignals(False)
        return (self.account.address if self.account else None) != chosen

    def _add_none(self) -> None:
        self.box.addItem(self.none, None)
        if self.hint:
            self.box.setItemData(self.box.count() - 1, self.hint, Qt.ItemDataRole.ToolTipRole)

    def retitle(self, tron: bool) -> None:
        """Each account as another chain writes its address."""
        for index, account in enumerate(self.accounts):
            self.box.setItemText(index, account_title(account, tron))


class Recipient:
    """The recipient field, and which of its texts the form filled in itself."""

    def __init__(self, edit: QLineEdit) -> None:
        self.edit = edit
        self.filled = ""  # the recipient the form filled in (the account's own): any other was typed, and stays

    @property
    def text(self) -> str:
        return self.edit.text().strip()

    def fill(self, own: str) -> None:
        """The account's own address, unless the person typed another."""
        if self.text in ("", self.filled):
            self.filled = own  # it pays itself, unless told otherwise
            self.edit.setText(own)

    def rewrite(self, text: str) -> None:
        """The same recipient written anew (as another chain writes it): still the form's, or still typed."""
        filled = self.text in ("", self.filled)
        self.edit.setText(text)
        self.filled = self.edit.text() if filled else self.filled
