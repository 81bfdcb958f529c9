"""The Cross-chain tab's card: where from, where to, how much and for whom, apart from how it talks to the engine.

A card built as the Quote tab's, from the design system's parts: the account on top; **From** a chain, the
round flip (the chains and tokens change places) and **To** a chain, on one row; "You send": a large amount with
the token button, its balance and Max, its worth; "You receive": the chosen bridge's amount, drawn the same; the
**recipient**, which is the account itself, written as the destination chain writes addresses (base58 on
TRON), unless another is typed; the form's one message in a slot of its own height; and Send…, whose words say
what it will do or what it waits for, which stay in view under the fields (`FormCard`). Enter presses it when it
is on. The form reads as a request (`request`); the tab (`cross.tab`) wires it to the engine.
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QStandardItemModel
from PySide6.QtWidgets import QComboBox, QGridLayout, QHBoxLayout, QLabel, QLineEdit, QWidget

from swapdesk.address import InvalidAddress, parse_address
from swapdesk.api import CrossRoutesRequest, ErrorCode, InvalidParameter, TokenInfo, parse
from swapdesk.chains import Chain, by_id
from swapdesk.gui import error_words, formatting, theme
from swapdesk.gui.design.amount_field import AmountField
from swapdesk.gui.design.buttons import flip, primary
from swapdesk.gui.design.card import caption, heading
from swapdesk.gui.design.elided import ElidedBox
from swapdesk.gui.design.form_card import FormCard
from swapdesk.gui.design.message import FormMessage
from swapdesk.gui.design.tokens import SPACE
from swapdesk.gui.i18n import tr
from swapdesk.gui.logos import chain_icon
from swapdesk.gui.tabs.accounts import AccountBox
from swapdesk.gui.widgets.token_picker import TokenPicker

if TYPE_CHECKING:
    from swapdesk.wallet import Account

CARD_WIDTH = 470
CHAIN_LETTERS = 8  # a chain box's least width, in letters; it takes half the row, and a longer name ends in "…"
TRON_FEE_RESERVE = 100 * 10**6  # sun Max keeps on TRON: a deposit burns tens of TRX of energy


class CrossForm(QObject):
    """The card's fields (`card` is the widget); the tab lays it out."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)

        self.offered = AccountBox(tr("No account yet"), hint=tr("Type a recipient to compare bridges, or add an account"
                                                               " with Accounts… to send."))  # fmt: skip
        self.account_box, self.accounts_button = self.offered.box, self.offered.button
        self.src_box, self.dst_box = ElidedBox(), ElidedBox()
        self.src_box.setAccessibleName(tr("From chain"))
        self.dst_box.setAccessibleName(tr("To chain"))
        for box in (self.src_box, self.dst_box):  # two on a row: a long name ends in "…" rather than widen the card
            box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            box.setMinimumContentsLength(CHAIN_LETTERS)
        self.send_picker, self.receive_picker = TokenPicker(tr("Token to send")), TokenPicker(tr("Token to receive"))
        self.send_side = AmountField(tr("You send"), self.send_picker)
        self.receive_side = AmountField(tr("You receive"), self.receive_picker, editable=False)
        self.amount, self.max_button = self.send_side.edit, self.send_side.max_button
        self.amount.setAccessibleName(tr("Amount to send"))
        self.flip_button = flip(tr("Flip: send back the other way"), tr("Flip the chains"))
        self.recipient = QLineEdit()
        self.recipient.setAccessibleName(tr("Recipient on the destination chain"))
        self.recipient.setPlaceholderText(tr("Recipient on the destination chain"))
        self.message = FormMessage()
        self.send_button = primary(tr("Send…"), tr("Review, approve if needed, and sign this transfer"))
        self.send_button.setEnabled(False)
        self.card = self._build_card()
        for edit in (self.amount, self.recipient):
            edit.returnPressed.connect(self.press_primary)

    def _build_card(self) -> FormCard:
        card = FormCard(CARD_WIDTH)
        title = QHBoxLayout()
        title.addWidget(heading(tr("Bridge")))
        card.add_top(title)
        top = QHBoxLayout()
        top.addWidget(self.account_box, 1)
        top.addWidget(self.accounts_button)
        card.fields.addLayout(top)
        card.fields.addLayout(self._chains_row())  # From, the flip and To on one row: the form fits 1024×640
        card.fields.addWidget(self.send_side)
        card.fields.addWidget(self.receive_side)
        card.fields.addLayout(_labelled(tr("Recipient"), self.recipient))
        card.add_pinned(self.message)
        card.add_pinned(self.send_button)
        order = [self.account_box, self.accounts_button, self.src_box, self.flip_button, self.dst_box, self.amount,
                 self.send_picker, self.max_button, self.receive_picker, self.recipient, self.message.notice.action,
                 self.send_button]  # fmt: skip
        for first, second in itertools.pairwise(order):
            QWidget.setTabOrder(first, second)
        return card

    def _chains_row(self) -> QGridLayout:
        """Each chain under its caption, the flip between them (it turns the transfer round)."""
        grid = QGridLayout()
        grid.setHorizontalSpacing(SPACE["sm"])
        grid.setVerticalSpacing(SPACE["xxs"])
        for column, (words, box) in ((0, (tr("From"), self.src_box)), (2, (tr("To"), self.dst_box))):
            label = caption(words)
            label.setBuddy(box)
            grid.addWidget(label, 0, column)
            grid.addWidget(box, 1, column)
            grid.setColumnStretch(column, 1)
        grid.addWidget(self.flip_button, 1, 1, Qt.AlignmentFlag.AlignCenter)
        return grid

    def press_primary(self) -> None:
        if self.send_button.isEnabled():
            self.send_button.click()

    # -- what the card holds ------------------------------------------------------------------

    def set_chains(self, chains: list[Chain], loading: frozenset[int] = frozenset()) -> None:
        """The chains some bridge serves, in both boxes (their signals quiet: the tab then says what changed);
        those in `loading` are said to be loading, and cannot be chosen until their tokens are listed."""
        for box in (self.src_box, self.dst_box):
            box.blockSignals(True)
            box.clear()
            model = box.model()
            for chain in chains:
                waits = chain.id in loading
                shown = tr("{chain} (loading…)").format(chain=chain.name) if waits else chain.name
                box.addItem(chain_icon(chain.flag), shown, chain.id)
                if waits and isinstance(model, QStandardItemModel):  # QComboBox's own model: an item can be off
                    item = model.item(box.count() - 1)
                    item.setEnabled(False)
                    item.setToolTip(tr("The bridges' tokens on {chain} are being listed").format(chain=chain.name))
            box.blockSignals(False)

    def ready(self, box: QComboBox, index: int) -> bool:
        """Whether the item at `index` can be chosen (its chain's tokens are listed)."""
        model = box.model()
        item = model.item(index) if isinstance(model, QStandardItemModel) and 0 <= index < box.count() else None
        return item is not None and item.isEnabled()

    def next_ready(self, box: QComboBox, after: int) -> int:
        """The first item after `after` (round the box) that can be chosen; -1 when none."""
        count = box.count()
        return next((i % count for i in range(after + 1, after + 1 + count) if self.ready(box, i % count)), -1)

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
        return self.offered.account

    def choose_chains(self, src: str, dst: str) -> None:
        """Pick chains by name, among those that can be chosen (the boxes' signals tell the tab)."""
        found = self.src_box.findText(src)
        self.src_box.setCurrentIndex(found if self.ready(self.src_box, found) else self.next_ready(self.src_box, -1))
        found = self.dst_box.findText(dst)
        if not self.ready(self.dst_box, found) or found == self.src_box.currentIndex():
            found = self.next_ready(self.dst_box, self.src_box.currentIndex())
        self.dst_box.setCurrentIndex(found)

    def own_address(self, chain: Chain) -> str | None:
        account = self.account
        return account.address_on(chain.tron) if account is not None else None

    def token(self, picker: TokenPicker, name: str) -> TokenInfo:
        """The token a picker holds; InvalidParameter in words when it holds none."""
        if picker.token is not None:
            return picker.token
        raise InvalidParameter(name, ErrorCode.UNKNOWN_TOKEN, tr("Pick a token the bridges carry."))

    def amount_in(self) -> tuple[TokenInfo, int] | None:
        token = self.send_picker.token
        if token is None or error_words.amount_problem(self.amount.text(), token.decimals, token.symbol):
            return None
        return (token, self.send_side.value(token.decimals)) if self.amount.text().strip() else None

    def use_max(self, held: int) -> None:
        """The whole balance held, less a little of the native coin for gas."""
        token, src = self.send_picker.token, self.src
        if token is None or src is None:
            return
        if parse_address(token.address, src.tron) == bytes(20):
            held = max(0, held - (TRON_FEE_RESERVE if src.tron else 10 ** max(0, token.decimals - 2)))
        self.amount.setText(formatting.plain(held, token.decimals))

    def request(self) -> CrossRoutesRequest:
        """The form as a validated routes request; InvalidParameter names the field at fault."""
        src, dst = self.src, self.dst
        if src is None or dst is None:
            raise InvalidParameter("fromChainID", ErrorCode.UNKNOWN_CHAIN, tr("The bridges' chains are loading…"))
        sell, buy = self.token(self.send_picker, "token0"), self.token(self.receive_picker, "token1")
        problem = error_words.amount_problem(self.amount.text(), sell.decimals, sell.symbol)
        if problem:
            raise InvalidParameter("amountIn", ErrorCode.NOT_AN_AMOUNT, problem)
        query = {"fromChainID": str(src.id), "toChainID": str(dst.id), "token0": sell.address, "token1": buy.address,
                 "amountIn": str(self.send_side.value(sell.decimals)), "to": self.recipient.text().strip()}  # fmt: skip
        if self.account is not None:
            query["issuer"] = self.account.address_on(src.tron)  # its gas is measured, once it can be
        try:
            return parse(CrossRoutesRequest, query.items())
        except InvalidParameter as error:
            on = dst if error.parameter == "to" else src
            names = error_words.Names(on.name, sell.symbol, buy.symbol, on.tron)
            raise InvalidParameter(error.parameter or "quote", error.code, error_words.refusal(error, names)) from None

    # -- how the card reads ---------------------------------------------------------------------

    def other_recipient(self) -> bool:
        """A recipient typed that is not the account's own address (said plainly: a wrong one loses the funds)."""
        dst, typed = self.dst, self.recipient.text().strip()
        own = self.own_address(dst) if dst is not None else None
        try:
            return bool(typed) and dst is not None and own is not None and (
                parse_address(typed, dst.tron) != parse_address(own, dst.tron))  # fmt: skip
        except InvalidAddress:
            return False  # not an address: the form says so

    def show_balance(self, worth: str = "") -> None:
        token, held = self.send_picker.token, self.send_picker.balance()
        if token is None or held is None:
            self.send_side.set_balance("")
        else:
            enough = (asked := self.amount_in()) is None or asked[1] <= held
            words = tr("Balance: {amount}").format(amount=formatting.amount(held, token.decimals, token.symbol))
            self.send_side.set_balance(words + (f" · {worth}" if worth else ""), enough=enough)
        self.max_button.setEnabled(bool(held))

    def mark_field(self, parameter: str | None) -> None:
        fields: dict[str, QWidget] = {"amountIn": self.send_side, "token0": self.send_side,
                                      "token1": self.receive_side, "to": self.recipient}  # fmt: skip
        at_fault = fields.get(parameter or "")
        for widget in set(fields.values()):
            theme.mark(widget, invalid="true" if widget is at_fault else "false")


def _labelled(caption: str, widget: QWidget) -> QHBoxLayout:
    row = QHBoxLayout()
    label = QLabel(caption)
    label.setMinimumWidth(70)
    theme.tint(label, "muted")
    label.setBuddy(widget)
    row.addWidget(label)
    row.addWidget(widget, 1)
    return row
