"""The Quote tab's swap card: what it holds and how it reads, apart from how it talks to the engine.

A centred card as wallet swap screens draw it: the chain and account on top; "You sell" with a large
amount, the token picker and Max; a flip button; "You receive" with the quoted amount; the slippage,
with Advanced folded under it; the figures of the quote; and Swap…, which says in place why it is off
when it is. `QuoteTab` (quote.py) adds the engine: tokens, balances, quoting.
"""

from __future__ import annotations

import itertools
from decimal import Decimal
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QWidget,
)

from swapdesk.address import parse_address
from swapdesk.api import AggQuote, ErrorCode, InvalidParameter, TokenInfo, TronQuote
from swapdesk.api.requests import SwapQuoteRequest
from swapdesk.api.rules import CHANNELS
from swapdesk.chains import CHAINS, Chain, by_id
from swapdesk.gui import formatting, theme
from swapdesk.gui.activity import Activity
from swapdesk.gui.icons import icon
from swapdesk.gui.tabs.quote_result import QuoteSummary
from swapdesk.gui.widgets.amount_field import AmountField
from swapdesk.gui.widgets.card import Card
from swapdesk.gui.widgets.error_label import error_label, note_label
from swapdesk.gui.widgets.fold import Fold
from swapdesk.gui.widgets.form_parts import account_picker, flip_button
from swapdesk.gui.widgets.progress import Progress
from swapdesk.gui.widgets.token_picker import TokenPicker, looks_like_address
from swapdesk.icons import chain_icon
from swapdesk.units import BadAmount

if TYPE_CHECKING:
    from swapdesk.wallet import Account

CARD_WIDTH = 470
TRON_FEE_RESERVE = 100 * 10**6  # sun Max keeps on TRON: energy is burnt in TRX, tens of TRX for a swap
SLIPPAGE_PRESETS = ("0.1", "0.5", "1")
FIELDS = ("chain", "token0", "token1", "amountIn", "impact", "part", "to", "quote")


def slippage_bps(text: str) -> int:
    """'0.5' (percent) -> 50 basis points."""
    try:
        value = Decimal(text.strip().removesuffix("%").strip())
    except ArithmeticError:
        raise ValueError("slippage must be a percentage, like 0.5") from None
    bps = value * 100
    if bps != bps.to_integral_value() or not 0 <= bps <= 10_000:
        raise ValueError("slippage must be from 0 to 100 %, in steps of 0.01 %")
    return int(bps)


class QuoteForm(QWidget):
    manage_accounts = Signal()
    swap_requested = Signal(object, object)  # Shown, Account: the user asked to swap this quote

    # what the tab behind the card knows (quote.py)
    quote: AggQuote | TronQuote | None
    balances: dict[str, int]
    _request: SwapQuoteRequest | None
    _quoted_request: SwapQuoteRequest | None

    def __init__(self, activity: Activity | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.accounts: list[Account] = []
        self.can_sign_here = False  # the engine can send from this window (embedded, not a remote server)
        self.errors = {name: error_label() for name in FIELDS}

        self.chain_box = QComboBox()
        self.chain_box.setAccessibleName("Chain")
        for chain in CHAINS:
            self.chain_box.addItem(icon(chain_icon(chain.flag)), chain.name, chain.id)
        self._shown_chain = self.chain
        self.account_box, self.accounts_button = account_picker("No account yet: quotes for the recipient")
        self.accounts_button.clicked.connect(self.manage_accounts)
        self.loading = Progress(activity)

        self.sell, self.buy = TokenPicker("Token to sell"), TokenPicker("Token to buy")
        self.sell_side = AmountField("You sell", self.sell)
        self.buy_side = AmountField("You receive", self.buy, editable=False)
        self.amount, self.max_button = self.sell_side.edit, self.sell_side.max_button
        self.amount.setAccessibleName("Amount")
        self.flip_button = flip_button("Flip: sell what you would buy", "Flip sell and buy")
        self.unknown_note = note_label("warning")
        for name, side in (("token0", self.sell_side), ("amountIn", self.sell_side), ("token1", self.buy_side)):
            side.notes.addWidget(self.errors[name])
        self.buy_side.notes.addWidget(self.unknown_note)

        self.slippage = QComboBox(editable=True)
        self.slippage.addItems(SLIPPAGE_PRESETS)
        self.slippage.setCurrentText("0.5")
        self.slippage.setAccessibleName("Slippage tolerance, percent")
        self.slippage_note = note_label("warning")
        self.part = QSpinBox(minimum=1, maximum=100, value=10)
        self.part.setAccessibleName("Split into parts")
        self.channel = QComboBox()
        self.channel.addItems(CHANNELS)
        self.channel.setAccessibleName("Channel")
        self.recipient = QLineEdit()  # the chosen account, unless told otherwise: never a default of its own
        self.recipient.setPlaceholderText("The address that receives what you buy")
        self.recipient.setAccessibleName("Recipient")
        advanced = QWidget()
        rows = QFormLayout(advanced)
        rows.setContentsMargins(12, 0, 0, 0)
        rows.addRow("Split into parts", self._with_error(self.part, "part"))
        rows.addRow("Channel", self.channel)
        rows.addRow("Recipient", self._with_error(self.recipient, "to"))
        self.advanced = Fold("Advanced: split, channel, recipient", advanced)

        self.summary = QuoteSummary(activity)
        self.swap_button = QPushButton("Swap…")
        self.swap_button.setToolTip("Review, approve if needed, and sign this swap")
        self.swap_button.setEnabled(False)
        theme.primary(self.swap_button)
        self.swap_note = note_label("warning")
        self.swap_note.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.card = self._build_card()
        self._connect()

    def _build_card(self) -> Card:
        card = Card("Swap", CARD_WIDTH)
        top = QHBoxLayout()
        top.addWidget(self.chain_box, 1)
        top.addWidget(self.account_box, 2)
        top.addWidget(self.accounts_button)
        slippage = QHBoxLayout()
        caption = QLabel("Slippage")
        slippage.addWidget(caption)
        slippage.addWidget(self.slippage)
        slippage.addWidget(QLabel("%"))
        slippage.addWidget(self.slippage_note, 1)
        flip = QHBoxLayout()
        flip.addStretch(1)
        flip.addWidget(self.flip_button)
        flip.addStretch(1)
        for part in (top, self.errors["chain"], self.loading, self.sell_side, flip, self.buy_side, slippage):
            card.body.addLayout(part) if isinstance(part, QHBoxLayout) else card.body.addWidget(part)
        card.body.addWidget(self.errors["impact"])
        for widget in (self.advanced, self.summary, self.errors["quote"], self.swap_button, self.swap_note):
            card.body.addWidget(widget)
        order = [self.chain_box, self.account_box, self.accounts_button, self.amount, self.sell,
                 self.max_button, self.flip_button, self.buy, self.slippage, self.advanced.button,
                 self.part, self.channel, self.recipient, self.swap_button]  # fmt: skip
        for first, second in itertools.pairwise(order):
            QWidget.setTabOrder(first, second)
        return card

    def _connect(self) -> None:
        for picker in (self.sell, self.buy):
            picker.changed.connect(self.changed)
        self.sell_side.edited.connect(self.changed)
        self.amount.textChanged.connect(self.changed)
        self.max_button.clicked.connect(self.use_max)
        self.flip_button.clicked.connect(self.flip)
        self.slippage.currentTextChanged.connect(self.changed)
        self.part.valueChanged.connect(self.changed)
        self.channel.currentIndexChanged.connect(self.changed)
        self.recipient.textChanged.connect(self.changed)

    def _with_error(self, widget: QWidget, name: str) -> QWidget:
        holder = QWidget()
        column = QFormLayout(holder)
        column.setContentsMargins(0, 0, 0, 0)
        column.addRow(widget)
        column.addRow(self.errors[name])
        return holder

    @property
    def chain(self) -> Chain:
        return by_id(int(self.chain_box.currentData()))

    # what the tab does (quote.py)
    def changed(self) -> None:
        raise NotImplementedError

    def _token(self, picker: TokenPicker, name: str) -> TokenInfo:
        """The token a picker holds; InvalidParameter in words when it holds none (yet)."""
        if picker.token is not None:
            return picker.token
        text = picker.typed
        if looks_like_address(text, self.chain.tron):
            if text.lower() not in picker.read:
                raise InvalidParameter(name, ErrorCode.UNKNOWN_TOKEN, "reading that token from the chain…")
            nothing = f"no ERC-20 token at that address on {self.chain.flag}"
            raise InvalidParameter(name, ErrorCode.UNKNOWN_TOKEN, nothing)
        got = f" (got {text!r})" if text else ""
        raise InvalidParameter(name, ErrorCode.UNKNOWN_TOKEN, f"pick a token from the list or paste its address{got}")

    def use_max(self) -> None:
        """The whole balance, less a little of the native coin for gas."""
        sell = self._token(self.sell, "token0")
        held = self.balances.get(sell.address.lower(), 0)
        if parse_address(sell.address, self.chain.tron) == bytes(20):
            reserve = TRON_FEE_RESERVE if self.chain.tron else 10 ** max(0, sell.decimals - 2)  # 0.01 for gas
            held = max(0, held - reserve)
        self.amount.setText(formatting.plain(held, sell.decimals))

    def flip(self) -> None:
        """Sell what was to be bought: the tokens swap places; the amount becomes the quoted output."""
        sell, buy = self.sell.token, self.buy.token
        if sell is None or buy is None:
            return
        shown = self.quote if self._request is not None and self._request == self._quoted_request else None
        out = Decimal(int(shown.totalAmountOut)).scaleb(-buy.decimals) if shown is not None else None
        self.sell.choose_token(buy)
        self.buy.choose_token(sell)
        if out is not None:
            text = formatting.number(out, grouped=False)
            self.amount.setText("" if text.startswith("<") else text)

    # -- how the card reads -----------------------------------------------------------------

    @property
    def account(self) -> Account | None:
        index = self.account_box.currentIndex()
        return self.accounts[index] if 0 <= index < len(self.accounts) else None

    def choose_account(self, address: str) -> None:
        self.account_box.setCurrentIndex(self.account_box.findData(address))

    def _show_error(self, parameter: str, message: str) -> None:
        label = self.errors.get(parameter, self.errors["quote"])
        if self.advanced.isAncestorOf(label) and not self.advanced.isChecked():
            self.advanced.setChecked(True)  # never leave an error inside a folded section
        label.setText(message)
        label.show()

    def _amount_in(self) -> tuple[TokenInfo, int] | None:
        try:
            sell = self._token(self.sell, "token0")
            return sell, self.sell_side.value(sell.decimals)
        except (InvalidParameter, BadAmount):
            return None

    def _show_balances(self) -> None:
        for side, picker in ((self.sell_side, self.sell), (self.buy_side, self.buy)):
            token, held = picker.token, picker.balance()
            if token is None or held is None:
                side.set_balance("")
            else:
                side.set_balance(f"Balance: {formatting.amount(held, token.decimals, token.symbol)}")
        asked, held = self._amount_in(), self.sell.balance()
        if asked is not None and held is not None and asked[1] > held:
            self.sell_side.set_balance(f"{self.sell_side.balance.text()} — not enough", enough=False)
        self.max_button.setEnabled(bool(held))

    def _show_notes(self) -> None:
        unknown = [p.token.symbol for p in (self.sell, self.buy) if p.token is not None and not p.is_listed(p.token)]
        self.unknown_note.setText(
            f"Unknown token {', '.join(unknown)}: not on swapdesk's list for this chain. Check the address before"
            " swapping."
            if unknown
            else ""
        )
        self.unknown_note.setVisible(bool(unknown))
        try:
            bps = slippage_bps(self.slippage.currentText())
        except ValueError:
            bps = 50
        self.slippage_note.setText(
            "very low: the swap may fail if the price moves"
            if bps < 5
            else "high: you may receive much less than quoted"
            if bps > 500
            else ""
        )

    def _swap_blocked(self) -> str:
        """Why Swap… is off, in words; empty when it is on."""
        account = self.account
        if not self.can_sign_here:
            return "Swapping needs the embedded engine; a remote server only quotes."
        if account is None:
            return "Add an account (Accounts…) to swap."
        if not account.can_sign:
            return f"{account.label} is watch-only: it can quote, not sign."
        if self._request is None:
            return "Fill in the form to get a quote." if not self.amount.text().strip() else "Fix the form first."
        if self.quote is None or self._request != self._quoted_request:
            return "Waiting for the quote for this form…"
        asked, held = self._amount_in(), self.sell.balance()
        if asked is not None and held is not None and asked[1] > held:
            token = asked[0]
            return f"Not enough {token.symbol}: you have {formatting.amount(held, token.decimals, token.symbol)}."
        return ""

    def _show_swap_state(self) -> None:
        reason = self._swap_blocked()
        self.swap_button.setEnabled(not reason)
        self.swap_note.setText(reason)
        self.swap_note.setVisible(bool(reason))

    def request_swap(self) -> None:
        """Ask to swap the quote on screen: only when it answers the form as it is now."""
        request, quote, account = self._quoted_request, self.quote, self.account
        if quote is None or request is None or request != self._request or account is None or self._swap_blocked():
            return
        from swapdesk.trade.checks import Shown

        sell, buy = self._token(self.sell, "token0"), self._token(self.buy, "token1")
        self.swap_requested.emit(Shown(request, quote, (sell.symbol, buy.symbol)), account)
