"""A token picker, as wallet swap screens have: a button with the token's icon and symbol, and a list to search.

The list shows each token with its icon, symbol, name and balance; typing filters it by symbol, name or
address. A pasted address that is not on the list is offered as such: choosing it emits `pasted`, the
owner reads the token from the chain and hands it back with `add_read`, and from then on it is a token
like the others, flagged as not on swapdesk's list. The picker knows no service and no chain: the tab
(Quote, Cross-chain) does.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QSize, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from swapdesk.api import TokenInfo
from swapdesk.gui import formatting, theme
from swapdesk.gui.design.token_button import TokenButton
from swapdesk.gui.i18n import tr
from swapdesk.gui.logos import token_icon

ICON = QSize(24, 24)


def looks_like_address(text: str, tron: bool) -> bool:
    """A token address of the chain's form, to be checked for real when it is read."""
    return text.startswith("T") and len(text) == 34 if tron else text.startswith("0x") and len(text) == 42


class TokenPicker(TokenButton):
    changed = Signal()  # another token (or a pasted address, or a word that is neither) was chosen
    pasted = Signal(str)  # an address not on the list: read it and `add_read` it

    def __init__(self, name: str, parent: QWidget | None = None) -> None:
        super().__init__(name, parent)
        self.tokens: list[TokenInfo] = []
        self.balances: dict[str, int] = {}  # lower-case address -> smallest units
        self.read: dict[str, TokenInfo | None] = {}  # pasted addresses read from the chain (None: not a token)
        self.token: TokenInfo | None = None
        self.typed = ""  # what was chosen when it is not a token (yet)
        self.tron = False
        self.list = TokenList(self)
        self.clicked.connect(self.open_list)
        self._show()

    # -- what the owner tells it ---------------------------------------------------------

    def set_tokens(self, tokens: list[TokenInfo], chosen: int, tron: bool) -> None:
        """A new chain's tokens, `chosen` picked; what was pasted on the last chain is forgotten."""
        self.tokens, self.tron, self.read, self.balances = tokens, tron, {}, {}
        self.token = tokens[chosen] if 0 <= chosen < len(tokens) else None
        self.typed = ""
        self._show()

    def set_balances(self, balances: dict[str, int]) -> None:
        self.balances = balances
        self._show()

    def add_read(self, address: str, found: TokenInfo | None) -> None:
        """What the chain says is at a pasted address (None: no token there)."""
        self.read[address.lower()] = found
        if self.token is None and self.typed.lower() == address.lower() and found is not None:
            self.token, self.typed = found, ""
            self._show()
        self.changed.emit()

    # -- choosing ------------------------------------------------------------------------

    def choose(self, text: str) -> None:
        """Pick by symbol or address, as typed or pasted; anything else is kept to be named in an error."""
        text = text.strip()
        key = text.lower()
        found = next((t for t in self.tokens if key in (t.symbol.lower(), t.address.lower())), None)
        if found is None:
            found = self.read.get(key)
        self.token, self.typed = found, "" if found is not None else text
        self._show()
        if found is None and looks_like_address(text, self.tron) and key not in self.read:
            self.pasted.emit(text)
        self.changed.emit()

    def choose_token(self, token: TokenInfo) -> None:
        self.token, self.typed = token, ""
        self._show()
        self.changed.emit()

    def is_listed(self, token: TokenInfo) -> bool:
        return any(t.address.lower() == token.address.lower() for t in self.tokens)

    def balance(self, token: TokenInfo | None = None) -> int | None:
        token = token or self.token
        return None if token is None else self.balances.get(token.address.lower())

    def open_list(self) -> None:
        self.list.open_below(self)

    # -- drawing -------------------------------------------------------------------------

    def _show(self) -> None:
        token = self.token
        if token is not None:
            self.show_choice(token_icon(token.symbol), token.symbol)
            held = self.balance(token)
            self.setToolTip(
                tr("{name} · balance {amount}").format(
                    name=formatting.token_name(token.name), amount=formatting.amount(held, token.decimals)
                )
                if held
                else formatting.token_name(token.name)
            )
        else:
            self.show_choice(None, formatting.short(self.typed) if self.typed else "")
            self.setToolTip(self.typed)


class TokenList(QFrame):
    """The picker's pop-up: a search field over the tokens, each with its icon, name and balance."""

    def __init__(self, picker: TokenPicker) -> None:
        super().__init__(picker, Qt.WindowType.Popup)
        self.picker = picker
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.search = QLineEdit(placeholderText=tr("Search by name or symbol, or paste an address"))
        self.search.setAccessibleName(tr("Search: {what}").format(what=picker.name))
        self.search.setClearButtonEnabled(True)
        self.rows = QListWidget()
        self.rows.setAccessibleName(tr("{what}: the list").format(what=picker.name))
        self.rows.setIconSize(ICON)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 8, 8, 8)
        layout.addWidget(self.search)
        layout.addWidget(self.rows)
        self.resize(360, 420)
        self.search.textChanged.connect(self.fill)
        self.search.returnPressed.connect(self._take_first)
        self.rows.itemActivated.connect(self._take)
        self.rows.itemClicked.connect(self._take)

    def open_below(self, anchor: QWidget) -> None:
        self.search.clear()
        self.fill("")
        self.move(anchor.mapToGlobal(QPoint(0, anchor.height() + 2)))
        self.show()
        self.search.setFocus()

    def fill(self, text: str) -> None:
        """The tokens matching `text`; a pasted address of the chain's form not on the list, offered as such."""
        self.rows.clear()
        key = text.strip().lower()
        picker = self.picker
        for token in picker.tokens:
            if not key or key in token.symbol.lower() or key in token.name.lower() or key == token.address.lower():
                self._add(token.symbol, token.name, picker.balance(token), token.decimals, token.address)
        if looks_like_address(text.strip(), picker.tron) and self.rows.count() == 0:
            item = QListWidgetItem(
                tr("Use the pasted address {address}").format(address=formatting.short(text.strip()))
            )
            item.setData(Qt.ItemDataRole.UserRole, text.strip())
            item.setToolTip(tr("Not on swapdesk's list: it is read from the chain; check it before swapping"))
            self.rows.addItem(item)
        if self.rows.count():
            self.rows.setCurrentRow(0)

    def _add(self, symbol: str, name: str, held: int | None, decimals: int, address: str) -> None:
        item = QListWidgetItem()
        item.setData(Qt.ItemDataRole.UserRole, address)
        item.setSizeHint(QSize(0, 44))
        item.setText("")
        self.rows.addItem(item)
        row = QWidget()
        line = QHBoxLayout(row)
        line.setContentsMargins(6, 2, 6, 2)
        picture = QLabel()
        picture.setPixmap(token_icon(symbol).pixmap(ICON))
        names = QLabel(f"<b>{symbol}</b><br>{formatting.token_name(name)}")
        balance = QLabel(formatting.amount(held, decimals) if held is not None else "")
        balance.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        theme.tint(balance, "muted")
        line.addWidget(picture)
        line.addWidget(names, 1)
        line.addWidget(balance)
        self.rows.setItemWidget(item, row)
        item.setToolTip(address)

    def _take_first(self) -> None:
        item = self.rows.currentItem() or (self.rows.item(0) if self.rows.count() else None)
        if item is not None:
            self._take(item)
        elif self.search.text().strip():
            self.picker.choose(self.search.text())  # neither listed nor an address: the form names the fault
            self.hide()

    def _take(self, item: QListWidgetItem) -> None:
        self.hide()
        self.picker.choose(str(item.data(Qt.ItemDataRole.UserRole)))

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Down, Qt.Key.Key_Up):
            self.rows.keyPressEvent(event)  # arrows move through the list while typing in the search
            return
        super().keyPressEvent(event)
