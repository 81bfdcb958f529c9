"""The Quote tab's swap card: what it holds and how it reads, apart from how it talks to the engine.

A card as wallet swap screens draw it, from the design system's parts: "Swap" with the chain beside it; the
account; "You sell", a large amount with the token button, the balance and Max, its dollar value; the round
flip; "You receive" drawn the same; the slippage presets with Auto, and Advanced folded under them; the form's
one message in a slot of its own height; Swap…, whose words say what it will do or what it waits for; and the
quote's figures under it, so nothing above the button ever moves while a person types. Enter presses the
button when it is on. The form reads as a request (`request`); the tab (`quote.tab`) wires it to the engine.
"""

from __future__ import annotations

import itertools
from decimal import Decimal
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLineEdit, QWidget

from swapdesk.address import parse_address
from swapdesk.api import AggSwapRequest, ErrorCode, InvalidParameter, TokenInfo, TronSwapRequest, parse
from swapdesk.api.requests import SwapQuoteRequest
from swapdesk.api.rules import CHANNELS
from swapdesk.chains import CHAINS, Chain, by_id
from swapdesk.gui import error_words, formatting, theme
from swapdesk.gui.design.amount_field import AmountField, Sides
from swapdesk.gui.design.buttons import flip, primary
from swapdesk.gui.design.card import heading
from swapdesk.gui.design.count_field import CountField
from swapdesk.gui.design.fold import Fold
from swapdesk.gui.design.form_card import FormCard
from swapdesk.gui.design.message import FormMessage
from swapdesk.gui.design.rows import Rows
from swapdesk.gui.design.slippage import AUTO, SlippagePresets
from swapdesk.gui.i18n import tr
from swapdesk.gui.logos import chain_icon
from swapdesk.gui.tabs.accounts import AccountBox
from swapdesk.gui.tabs.quote.result import QuoteSummary
from swapdesk.gui.widgets.token_picker import TokenPicker, looks_like_address

if TYPE_CHECKING:
    from swapdesk.wallet import Account

CARD_WIDTH = 470
TRON_FEE_RESERVE = 100 * 10**6  # sun Max keeps on TRON: energy is burnt in TRX, tens of TRX for a swap
STABLE_HINTS = ("USD", "DAI")  # a symbol with one of these is a dollar stablecoin, for Auto's slippage
MAX_PARTS = 100  # the API's rule for `part` (api.requests): said before the request is sent
AUTO_STABLE_BPS, AUTO_BPS = 10, 50


def slippage_bps(text: str) -> int:
    """'0.5' (percent) -> 50 basis points."""
    try:
        value = Decimal(text.strip().removesuffix("%").strip())
    except ArithmeticError:
        raise ValueError(tr("Slippage is a percentage, like 0.5.")) from None
    bps = value * 100
    if bps != bps.to_integral_value() or not 0 <= bps <= 10_000:
        raise ValueError(tr("Slippage is a percentage from 0 to 100, in steps of 0.01."))
    return int(bps)


def auto_bps(sell: TokenInfo | None, buy: TokenInfo | None) -> int:
    """Auto: 0.1 % between two dollar stablecoins (their price barely moves), else 0.5 %."""
    stable = [t is not None and any(hint in t.symbol.upper() for hint in STABLE_HINTS) for t in (sell, buy)]
    return AUTO_STABLE_BPS if all(stable) else AUTO_BPS


class QuoteForm(QObject):
    """The card's fields (`card` is the widget); the tab lays it out."""

    flipped = Signal()  # sell and buy changed places: the form is to be judged once, as it is now

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.flipping = False  # a flip under way: its steps are not judged one by one

        self.chain_box = QComboBox()
        self.chain_box.setAccessibleName(tr("Chain"))
        self.chain_box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        for chain in CHAINS:
            self.chain_box.addItem(chain_icon(chain.flag), chain.name, chain.id)
        self._shown_chain = self.chain
        self.offered = AccountBox(tr("No account: quotes for the recipient"), lambda a: a.title())
        self.account_box, self.accounts_button = self.offered.box, self.offered.button

        self.sell, self.buy = TokenPicker(tr("Token to sell")), TokenPicker(tr("Token to buy"))
        self.sell_side = AmountField(tr("You sell"), self.sell)
        self.buy_side = AmountField(tr("You receive"), self.buy, editable=False)
        self.amount, self.max_button = self.sell_side.edit, self.sell_side.max_button
        self.amount.setAccessibleName(tr("Amount to sell"))
        self.flip_button = flip(tr("Flip: sell what you would buy"), tr("Flip sell and buy"))

        self.slippage = SlippagePresets()
        self.part = CountField(10)  # shows its value; 0 or 1000 kept as typed, and said (`request`)
        self.part.setAccessibleName(tr("Split into parts"))
        self.channel = QComboBox()
        self.channel.addItems(CHANNELS)
        self.channel.setAccessibleName(tr("Channel"))
        self.recipient = QLineEdit()  # the chosen account, unless told otherwise: never a default of its own
        self.recipient.setPlaceholderText(tr("The address that receives what you buy"))
        self.recipient.setAccessibleName(tr("Recipient"))
        advanced = Rows()
        advanced.add_widget("part", tr("Split into parts"), self.part)
        advanced.add_widget("channel", tr("Channel"), self.channel)
        advanced.add_widget("to", tr("Recipient"), self.recipient)
        self.advanced = Fold(tr("Advanced: split, channel, recipient"), advanced)

        self.message = FormMessage()
        self.swap_button = primary(tr("Swap…"), tr("Review, approve if needed, and sign this swap"))
        self.swap_button.setEnabled(False)
        self.summary = QuoteSummary()  # the quote's terms: shown in the route card, beside the form (`quote.tab`)
        self.card = self._build_card()
        self._connect()

    def _build_card(self) -> FormCard:
        card = FormCard(CARD_WIDTH)
        top = QHBoxLayout()
        top.addWidget(heading(tr("Swap")), 1)
        top.addWidget(self.chain_box)
        card.add_top(top)
        who = QHBoxLayout()
        who.addWidget(self.account_box, 1)
        who.addWidget(self.accounts_button)
        card.fields.addLayout(who)
        card.fields.addWidget(Sides(self.sell_side, self.buy_side, self.flip_button))
        card.fields.addWidget(self.slippage)
        card.fields.addWidget(self.advanced)
        card.add_pinned(self.message)
        card.add_pinned(self.swap_button)
        order = [self.chain_box, self.account_box, self.accounts_button, self.amount, self.sell, self.max_button,
                 self.flip_button, self.buy, self.slippage.auto, *self.slippage.presets, self.slippage.custom,
                 self.advanced.button, self.part, self.channel, self.recipient, self.message.notice.action,
                 self.swap_button]  # fmt: skip
        for first, second in itertools.pairwise(order):
            QWidget.setTabOrder(first, second)
        return card

    def _connect(self) -> None:
        for edit in (self.amount, self.recipient, self.slippage.custom):
            edit.returnPressed.connect(self.press_primary)

    @property
    def chain(self) -> Chain:
        return by_id(int(self.chain_box.currentData()))

    def press_primary(self) -> None:
        """Enter: the button's action, when it is on (Swap…, or Add an account…)."""
        if self.swap_button.isEnabled():
            self.swap_button.click()

    def token(self, picker: TokenPicker, name: str) -> TokenInfo:
        """The token a picker holds; InvalidParameter in words when it holds none (yet)."""
        if picker.token is not None:
            return picker.token
        text = picker.typed
        if looks_like_address(text, self.chain.tron):
            if text.lower() not in picker.read:
                raise InvalidParameter(name, ErrorCode.UNKNOWN_TOKEN, tr("Reading that token from the chain…"))
            nothing = tr("There is no token at that address on {chain}.").format(chain=self.chain.name)
            raise InvalidParameter(name, ErrorCode.UNKNOWN_TOKEN, nothing)
        if text:
            words = tr("No token {text} on {chain}'s list: pick one, or paste its address.")
            raise InvalidParameter(name, ErrorCode.UNKNOWN_TOKEN, words.format(text=text, chain=self.chain.name))
        raise InvalidParameter(name, ErrorCode.UNKNOWN_TOKEN, tr("Pick a token, or paste its address."))

    def slippage_text(self) -> str:
        """The slippage as a percentage: Auto's for this pair, or the one chosen."""
        text = self.slippage.text()
        if text == AUTO:
            bps = auto_bps(self.sell.token, self.buy.token)
            return f"{Decimal(bps) / 100}"
        return text

    def use_max(self, held: int) -> None:
        """The whole balance held, less a little of the native coin for gas."""
        sell = self.sell.token
        if sell is None:
            return
        if parse_address(sell.address, self.chain.tron) == bytes(20):
            reserve = TRON_FEE_RESERVE if self.chain.tron else 10 ** max(0, sell.decimals - 2)  # 0.01 for gas
            held = max(0, held - reserve)
        self.amount.setText(formatting.plain(held, sell.decimals))

    def flip(self, out: int | None) -> None:
        """Sell what was to be bought: the tokens swap places; the amount becomes `out`, the quoted output (when
        a quote answers the form as it is)."""
        sell, buy = self.sell.token, self.buy.token
        if sell is None or buy is None:
            return
        bought = Decimal(out).scaleb(-buy.decimals) if out is not None else None
        self.flipping = True  # one form to quote once all is in place, never a half-flipped one
        try:
            self.sell.choose_token(buy)
            self.buy.choose_token(sell)
            if bought is not None:
                text = formatting.number(bought, grouped=False)
                self.amount.setText("" if text.startswith("<") else text)
        finally:
            self.flipping = False
        self.flipped.emit()

    def amount_in(self) -> tuple[TokenInfo, int] | None:
        """The token sold and the amount typed, in its smallest units; None while either is missing or wrong."""
        sell = self.sell.token
        if sell is None or error_words.amount_problem(self.amount.text(), sell.decimals, sell.symbol):
            return None
        return (sell, self.sell_side.value(sell.decimals)) if self.amount.text().strip() else None

    def request(self) -> SwapQuoteRequest:
        """The form as a validated request (the TRON variant's on TRON); InvalidParameter names the bad field."""
        sell, buy = self.token(self.sell, "token0"), self.token(self.buy, "token1")
        problem = error_words.amount_problem(self.amount.text(), sell.decimals, sell.symbol)
        if problem:
            raise InvalidParameter("amountIn", ErrorCode.NOT_AN_AMOUNT, problem)
        amount = self.sell_side.value(sell.decimals)
        try:
            impact = slippage_bps(self.slippage_text())
        except ValueError as exc:
            raise InvalidParameter("impact", ErrorCode.OUT_OF_RANGE, str(exc)) from None
        part = self.part.value()
        if part is None or not 1 <= part <= MAX_PARTS:  # never set back to a bound without a word
            raise InvalidParameter("part", ErrorCode.OUT_OF_RANGE, tr("Split the amount into 1 to 100 parts."))
        query = {
            "token0": sell.address, "token1": buy.address, "decimal0": str(sell.decimals),
            "decimal1": str(buy.decimals), "impact": str(impact), "part": str(part),
            "amountIn": str(amount), "amountOutMin": "0", "to": self.recipient.text().strip(),
            "chain": self.chain.flag, "channel": self.channel.currentText(),
        }  # fmt: skip
        signer = self.account.address_on(self.chain.tron) if self.account is not None else None
        if signer is not None and signer != query["to"]:
            query["issuer"] = signer  # the signer: its discount tier sets the fee (else `to`'s)
        try:
            if self.chain.tron:
                query.setdefault("issuer", query["to"])  # the TRON variant requires one
                return parse(TronSwapRequest, query.items())
            return parse(AggSwapRequest, query.items())
        except InvalidParameter as error:
            names = error_words.Names(self.chain.name, sell.symbol, buy.symbol, self.chain.tron)
            raise InvalidParameter(error.parameter or "quote", error.code, error_words.refusal(error, names)) from None

    @property
    def account(self) -> Account | None:
        return self.offered.account

    def mark_field(self, parameter: str | None) -> None:
        """The field at fault drawn so (its box's edge in the danger tone); Advanced opens for one inside it."""
        fields: dict[str, QWidget] = {
            "amountIn": self.sell_side, "token0": self.sell_side, "token1": self.buy_side, "to": self.recipient,
            "part": self.part, "impact": self.slippage.custom,
        }  # fmt: skip
        at_fault = fields.get(parameter or "")
        for widget in set(fields.values()):
            theme.mark(widget, invalid="true" if widget is at_fault else "false")
        if parameter in ("to", "part", "channel") and not self.advanced.isChecked():
            self.advanced.setChecked(True)  # never leave a fault inside a folded section
