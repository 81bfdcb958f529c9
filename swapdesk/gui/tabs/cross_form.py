"""The Cross-chain tab's card: where from, where to, how much and for whom, apart from how it talks to the engine.

A centred card as the Quote tab's: the account on top; **From** a chain and "You send": a large amount with
the token picker, its balance and Max; a flip button (the chains and tokens change places); **To** a chain
and "You receive": the chosen bridge's amount; the **recipient**, which is the account itself, written as
the destination chain writes addresses (base58 on TRON), unless another is typed, and then it says so; and
Send…, which says in place why it is off when it is. `CrossChainTab` (cross_chain.py) adds the engine.
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QLineEdit, QPushButton, QWidget

from swapdesk.address import InvalidAddress, parse_address
from swapdesk.api import ErrorCode, InvalidParameter, TokenInfo
from swapdesk.chains import Chain, by_id
from swapdesk.gui import formatting, theme
from swapdesk.gui.activity import Activity
from swapdesk.gui.icons import icon
from swapdesk.gui.widgets.amount_field import AmountField
from swapdesk.gui.widgets.card import Card
from swapdesk.gui.widgets.error_label import error_label, note_label
from swapdesk.gui.widgets.form_parts import account_picker, flip_button
from swapdesk.gui.widgets.progress import Progress
from swapdesk.gui.widgets.token_picker import TokenPicker
from swapdesk.icons import chain_icon
from swapdesk.units import BadAmount

if TYPE_CHECKING:
    from swapdesk.wallet import Account

CARD_WIDTH = 470
FIELDS = ("fromChainID", "token0", "amountIn", "toChainID", "token1", "to", "quote")
TRON_FEE_RESERVE = 100 * 10**6  # sun Max keeps on TRON: a deposit burns tens of TRX of energy


class CrossForm(QWidget):
    manage_accounts = Signal()

    def __init__(self, activity: Activity | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.accounts: list[Account] = []
        self.can_sign_here = False  # the engine can send from this window (embedded, not a remote server)
        self.balances: dict[str, int] = {}  # token address (lower case) -> the balance shown, on the source
        self.errors = {name: error_label() for name in FIELDS}

        self.account_box, self.accounts_button = account_picker("No account yet: type a recipient to compare bridges")
        self.accounts_button.clicked.connect(self.manage_accounts)
        self.loading = Progress(activity)
        self.src_box, self.dst_box = QComboBox(), QComboBox()
        self.src_box.setAccessibleName("From chain")
        self.dst_box.setAccessibleName("To chain")
        self.send_picker, self.receive_picker = TokenPicker("Token to send"), TokenPicker("Token to receive")
        self.send_side = AmountField("You send", self.send_picker)
        self.receive_side = AmountField("You receive", self.receive_picker, editable=False)
        self.amount, self.max_button = self.send_side.edit, self.send_side.max_button
        self.amount.setAccessibleName("Amount to send")
        self.flip_button = flip_button("Flip: send back the other way", "Flip the chains")
        for name, side in (("token0", self.send_side), ("amountIn", self.send_side), ("token1", self.receive_side)):
            side.notes.addWidget(self.errors[name])
        self.recipient = QLineEdit()
        self.recipient.setAccessibleName("Recipient on the destination chain")
        self.recipient.setPlaceholderText("Recipient on the destination chain")
        self.recipient_note = note_label("warning")
        self.recipient_note.hide()
        self.send_button = QPushButton("Send…")
        self.send_button.setToolTip("Review, approve if needed, and sign this transfer")
        self.send_button.setEnabled(False)
        theme.primary(self.send_button)
        self.send_note = note_label("warning")
        self.send_note.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.card = self._build_card()
        self.send_side.max_clicked.connect(self.use_max)

    def _build_card(self) -> Card:
        card = Card("Bridge", CARD_WIDTH)
        top = QHBoxLayout()
        top.addWidget(self.account_box, 1)
        top.addWidget(self.accounts_button)
        card.body.addLayout(top)
        card.body.addWidget(self.loading)
        card.body.addLayout(_labelled("From", self.src_box))
        card.body.addWidget(self.errors["fromChainID"])
        card.body.addWidget(self.send_side)
        flip = QHBoxLayout()
        flip.addStretch(1)
        flip.addWidget(self.flip_button)
        flip.addStretch(1)
        card.body.addLayout(flip)
        card.body.addLayout(_labelled("To", self.dst_box))
        card.body.addWidget(self.errors["toChainID"])
        card.body.addWidget(self.receive_side)
        card.body.addLayout(_labelled("Recipient", self.recipient))
        for widget in (self.recipient_note, self.errors["to"], self.errors["quote"], self.send_button, self.send_note):
            card.body.addWidget(widget)
        order = [self.account_box, self.accounts_button, self.src_box, self.amount, self.send_picker,
                 self.max_button, self.flip_button, self.dst_box, self.receive_picker, self.recipient,
                 self.send_button]  # fmt: skip
        for first, second in itertools.pairwise(order):
            QWidget.setTabOrder(first, second)
        return card

    # -- what the card holds ------------------------------------------------------------------

    def set_chains(self, chains: list[Chain]) -> None:
        """The chains some bridge serves, in both boxes (their signals quiet: the tab then says what changed)."""
        for box in (self.src_box, self.dst_box):
            box.blockSignals(True)
            box.clear()
            for chain in chains:
                box.addItem(icon(chain_icon(chain.flag)), chain.name, chain.id)
            box.blockSignals(False)

    @property
    def src(self) -> Chain | None:
        data = self.src_box.currentData()
        return by_id(int(data)) if data is not None else None

    @property
    def dst(self) -> Chain | None:
        data = self.dst_box.currentData()
        return by_id(int(data)) if data is not None else None

    @property
    def account(self) -> Account | None:
        index = self.account_box.currentIndex()
        return self.accounts[index] if 0 <= index < len(self.accounts) else None

    def choose_account(self, address: str) -> None:
        self.account_box.setCurrentIndex(self.account_box.findData(address))

    def choose_chains(self, src: str, dst: str) -> None:
        """Pick chains by name (the boxes' signals tell the tab)."""
        self.src_box.setCurrentIndex(max(0, self.src_box.findText(src)))
        found = self.dst_box.findText(dst)
        self.dst_box.setCurrentIndex(found if found >= 0 else min(1, self.dst_box.count() - 1))

    def own_address(self, chain: Chain) -> str | None:
        account = self.account
        return account.address_on(chain.tron) if account is not None else None

    def token(self, picker: TokenPicker, name: str) -> TokenInfo:
        """The token a picker holds; InvalidParameter in words when it holds none."""
        if picker.token is not None:
            return picker.token
        got = f" (got {picker.typed!r})" if picker.typed else ""
        raise InvalidParameter(name, ErrorCode.UNKNOWN_TOKEN, f"pick a token the bridges carry{got}")

    def amount_in(self) -> tuple[TokenInfo, int] | None:
        try:
            token = self.token(self.send_picker, "token0")
            return token, self.send_side.value(token.decimals)
        except (InvalidParameter, BadAmount):
            return None

    def use_max(self) -> None:
        """The whole balance, less a little of the native coin for gas."""
        token, src = self.send_picker.token, self.src
        if token is None or src is None:
            return
        held = self.balances.get(token.address.lower(), 0)
        if parse_address(token.address, src.tron) == bytes(20):
            held = max(0, held - (TRON_FEE_RESERVE if src.tron else 10 ** max(0, token.decimals - 2)))
        self.amount.setText(formatting.plain(held, token.decimals))

    # -- how the card reads ---------------------------------------------------------------------

    def show_error(self, parameter: str, message: str) -> None:
        label = self.errors.get(parameter, self.errors["quote"])
        label.setText(message)
        label.show()

    def hide_errors(self) -> None:
        for label in self.errors.values():
            label.hide()

    def show_recipient_note(self) -> None:
        """Another recipient than the account is said plainly: funds sent to a wrong address are lost."""
        dst, typed = self.dst, self.recipient.text().strip()
        own = self.own_address(dst) if dst is not None else None
        try:
            other = (
                bool(typed)
                and dst is not None
                and (own is None or parse_address(typed, dst.tron) != parse_address(own, dst.tron))
            )
        except InvalidAddress:
            other = False  # not an address: the field's error says so
        self.recipient_note.setText(
            "Another recipient than this account: check it, a transfer to a wrong address cannot be undone."
            if own is not None
            else "No account chosen: the recipient is the address typed here."
        )
        self.recipient_note.setVisible(other or (own is None and bool(typed)))

    def show_balance(self) -> None:
        token, held = self.send_picker.token, self.send_picker.balance()
        if token is None or held is None:
            self.send_side.set_balance("")
        else:
            enough = (asked := self.amount_in()) is None or asked[1] <= held
            words = f"Balance: {formatting.amount(held, token.decimals, token.symbol)}"
            self.send_side.set_balance(words if enough else f"{words} — not enough", enough=enough)
        self.max_button.setEnabled(bool(held))

    def show_send_state(self, reason: str) -> None:
        self.send_button.setEnabled(not reason)
        self.send_note.setText(reason)
        self.send_note.setVisible(bool(reason))

    def send_blocked(self, have_route: bool) -> str:
        """Why Send… is off, in words; empty when it is on."""
        account = self.account
        if not self.can_sign_here:
            return "Sending needs the embedded engine; a remote server only compares bridges."
        if account is None:
            return "Add an account (Accounts…) to send."
        if not account.can_sign:
            return f"{account.label} is watch-only: it can compare bridges, not sign."
        if not self.amount.text().strip():
            return "Type an amount to compare the bridges."
        if not have_route:
            return "Waiting for a bridge that can carry this transfer…"
        asked, held = self.amount_in(), self.send_picker.balance()
        if asked is not None and held is not None and asked[1] > held:
            token = asked[0]
            return f"Not enough {token.symbol}: you have {formatting.amount(held, token.decimals, token.symbol)}."
        return ""


def _labelled(caption: str, widget: QWidget) -> QHBoxLayout:
    row = QHBoxLayout()
    label = QLabel(caption)
    label.setMinimumWidth(70)
    theme.tint(label, "muted")
    label.setBuddy(widget)
    row.addWidget(label)
    row.addWidget(widget, 1)
    return row
