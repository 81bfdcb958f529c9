"""The Quote tab: pick a chain and tokens, type an amount, see where the swap goes.

Every input is checked as it changes, with the shared validation layer, and
an error is shown next to the field that caused it. A valid form is quoted
after a short pause (debounce); a newer quote cancels the older one, so a
stale quote never lands. Quotes refresh on their own while the form is valid.
On TRON the form asks the TRON variant (`tron_swap`, the account as issuer),
and addresses are shown and typed in base58.
"""

from __future__ import annotations

import time
from decimal import Decimal, InvalidOperation
from typing import TYPE_CHECKING

from PySide6.QtCore import QTimer, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from swapdesk.address import InvalidAddress, format_address, parse_address
from swapdesk.api import (
    AggQuote,
    AggSwapRequest,
    ApiError,
    BalancesRequest,
    ChainRequest,
    ErrorCode,
    InvalidParameter,
    SwapService,
    TokenInfo,
    TokenRequest,
    TronQuote,
    TronSwapRequest,
    parse,
    rules,
)
from swapdesk.api.requests import SwapQuoteRequest
from swapdesk.api.rules import CHANNELS
from swapdesk.chains import CHAINS, Chain, by_id
from swapdesk.devnet.accounts import ACCOUNT_0
from swapdesk.gui.icons import icon
from swapdesk.gui.tasks import Latest
from swapdesk.gui.widgets.copyable import CopyableField
from swapdesk.gui.widgets.error_label import error_label
from swapdesk.gui.widgets.route import RouteDiagram, shares
from swapdesk.icons import chain_icon, source_icon, token_icon
from swapdesk.units import BadAmount, to_human, to_units

if TYPE_CHECKING:  # eth-account loads with the engine, after the window shows
    from swapdesk.wallet import Account

DEBOUNCE_MS = 300
REFRESH_MS = 10_000
SLIPPAGE_PRESETS = ("0.1", "0.5", "1")
TRON_FEE_RESERVE = 100 * 10**6  # sun Max keeps on TRON: energy is burnt in TRX, tens of TRX for a swap
# the wallets' usual thresholds: warn at 1 %, 3 %, 5 %; confirm above 10 %
IMPACT_LEVELS = (
    (Decimal("0.10"), "#b91c1c", "very high: confirm before swapping"),
    (Decimal("0.05"), "#dc2626", "high"),
    (Decimal("0.03"), "#ea580c", "significant"),
    (Decimal("0.01"), "#ca8a04", "noticeable"),
)


def impact_level(impact: Decimal) -> tuple[str, str]:
    """(colour, words) for a price impact, by the wallets' usual thresholds."""
    for threshold, colour, words in IMPACT_LEVELS:
        if impact >= threshold:
            return colour, words
    return "#15803d", "low"


def slippage_bps(text: str) -> int:
    """'0.5' (percent) -> 50 basis points."""
    try:
        value = Decimal(text.strip().removesuffix("%").strip())
    except InvalidOperation:
        raise ValueError("slippage must be a percentage, like 0.5") from None
    bps = value * 100
    if bps != bps.to_integral_value() or not 0 <= bps <= 10_000:
        raise ValueError("slippage must be from 0 to 100 %, in steps of 0.01 %")
    return int(bps)


class QuoteTab(QWidget):
    quote_shown = Signal(object)  # AggQuote (TronQuote on TRON), once on screen
    quote_failed = Signal(str)
    tokens_loaded = Signal(int)  # chain id
    chain_failed = Signal(str)
    token_read = Signal(str)  # a pasted address, once read from the chain
    swap_requested = Signal(object, object)  # Shown, Account: the user asked to swap this quote
    manage_accounts = Signal()
    accounts_shown = Signal(int)  # how many accounts the picker offers

    def __init__(self, service: SwapService, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.service = service
        self.tokens: list[TokenInfo] = []
        self.balances: dict[str, int] = {}  # token address (lower case) -> the account's balance
        self.pasted: dict[str, TokenInfo | None] = {}  # pasted addresses read from the chain (None: not a token)
        self.quote: AggQuote | TronQuote | None = None
        self.quoted_at = 0.0
        self._quoting, self._loading = Latest(self._unexpected), Latest(self._unexpected)
        self._pasting = Latest(self._unexpected)
        self._balancing = Latest(self._unexpected)  # its own: a balance refresh must not cancel a token load
        self._balances_of: tuple[int, str] | None = None  # (chain id, address) the balances shown belong to
        self._request: SwapQuoteRequest | None = None
        self._quoted_request: SwapQuoteRequest | None = None  # the form the quote on screen answers
        self.accounts: list[Account] = []
        self.can_sign_here = False  # the engine can send from this window (embedded, not a remote server)

        self.account_box = QComboBox()
        self.account_box.setAccessibleName("Account")
        self.account_box.addItem("No account yet: quotes for the recipient", None)
        self.accounts_button = QPushButton("Accounts…")
        self.accounts_button.setToolTip("Import, create or watch accounts")
        self.chain_box = QComboBox()
        for chain in CHAINS:
            self.chain_box.addItem(icon(chain_icon(chain.flag)), chain.name, chain.id)
        self._shown_chain = self.chain
        self.sell_box, self.buy_box = self._token_box("Token to sell"), self._token_box("Token to buy")
        self.amount = QLineEdit(placeholderText="Amount to sell, e.g. 1000")
        self.amount.setAccessibleName("Amount")
        self.max_button = QPushButton("Max")
        self.max_button.setToolTip("Sell the whole balance (when the balance is known)")
        self.slippage = QComboBox(editable=True)
        self.slippage.addItems(SLIPPAGE_PRESETS)
        self.slippage.setCurrentText("0.5")
        self.slippage.setAccessibleName("Slippage tolerance, percent")
        self.part = QSpinBox(minimum=1, maximum=100, value=10)
        self.channel = QComboBox()
        self.channel.addItems(CHANNELS)
        self.recipient = QLineEdit(ACCOUNT_0)
        self.recipient.setAccessibleName("Recipient")
        self.balance_label = QLabel()
        self.unknown_note = QLabel()
        self.unknown_note.setStyleSheet("color: #ca8a04")
        self.unknown_note.setWordWrap(True)
        self.errors = {
            name: error_label() for name in ("chain", "token0", "token1", "amountIn", "impact", "part", "to", "quote")
        }
        self.slippage_note = QLabel()

        form = QFormLayout()
        account_row = QWidget()
        account_layout = QHBoxLayout(account_row)
        account_layout.setContentsMargins(0, 0, 0, 0)
        account_layout.addWidget(self.account_box, 1)
        account_layout.addWidget(self.accounts_button)
        form.addRow("Account", account_row)
        form.addRow("Chain", self._with_error(self.chain_box, "chain"))
        form.addRow("Sell", self._with_error(self.sell_box, "token0"))
        amount_row = QHBoxLayout()
        amount_row.addWidget(self.amount, 1)
        amount_row.addWidget(self.max_button)
        amount_box = QWidget()
        amount_box.setLayout(amount_row)
        amount_row.setContentsMargins(0, 0, 0, 0)
        form.addRow("Amount", self._with_error(amount_box, "amountIn"))
        form.addRow("", self.balance_label)
        form.addRow("Buy", self._with_error(self.buy_box, "token1"))
        form.addRow("", self.unknown_note)
        slippage_row = QWidget()
        slippage_layout = QHBoxLayout(slippage_row)
        slippage_layout.setContentsMargins(0, 0, 0, 0)
        slippage_layout.addWidget(self.slippage)
        slippage_layout.addWidget(QLabel("%"))
        slippage_layout.addWidget(self.slippage_note, 1)
        form.addRow("Slippage", self._with_error(slippage_row, "impact"))
        self.advanced = advanced = QGroupBox("Advanced")
        advanced.setCheckable(True)
        advanced.setChecked(False)
        advanced_form = QFormLayout(advanced)
        advanced_form.addRow("Split into parts", self._with_error(self.part, "part"))
        advanced_form.addRow("Channel", self.channel)
        advanced_form.addRow("Recipient", self._with_error(self.recipient, "to"))
        advanced.toggled.connect(lambda on: [w.setVisible(on) for w in advanced.findChildren(QWidget)])
        advanced.toggled.emit(False)

        # the result
        self.out_label = QLabel("Type an amount to get a quote")
        headline = self.out_label.font()
        headline.setPointSizeF(headline.pointSizeF() * 1.6)
        headline.setBold(True)
        self.out_label.setFont(headline)  # a font, not a style sheet: keeps the theme's colours
        self.details = QLabel()
        self.details.setWordWrap(True)
        self.impact_label = QLabel()
        self.age_label = QLabel()
        self.route = RouteDiagram()
        self.sources = QTableWidget(0, 3)
        self.sources.setHorizontalHeaderLabels(["Source", "Alone, whole amount", "Split's gain"])
        header = self.sources.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        self.sources.verticalHeader().hide()
        self.router = CopyableField("Router address")
        self.call_data = CopyableField("Call data (on TRON: the trigger description)")
        self.swap_button = QPushButton("Swap…")
        self.swap_button.setToolTip("Review, approve if needed, and sign this swap")
        self.swap_button.setEnabled(False)
        self.swap_note = QLabel()
        self.swap_note.setWordWrap(True)
        tx_box = QGroupBox("Transaction")
        tx_box.setCheckable(True)
        tx_box.setChecked(False)
        tx_form = QFormLayout(tx_box)
        tx_form.addRow("Router", self.router)
        tx_form.addRow("Call data", self.call_data)
        tx_box.toggled.connect(lambda on: [w.setVisible(on) for w in tx_box.findChildren(QWidget)])
        tx_box.toggled.emit(False)

        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(advanced)
        layout.addWidget(self.errors["quote"])
        layout.addWidget(self.out_label)
        layout.addWidget(self.details)
        layout.addWidget(self.impact_label)
        layout.addWidget(self.age_label)
        swap_row = QHBoxLayout()
        swap_row.addWidget(self.swap_button)
        swap_row.addWidget(self.swap_note, 1)
        layout.addLayout(swap_row)
        layout.addWidget(QLabel("Route"))
        layout.addWidget(self.route)
        layout.addWidget(self.sources, 1)
        layout.addWidget(tx_box)

        self._debounce = QTimer(self, singleShot=True, interval=DEBOUNCE_MS)
        self._debounce.timeout.connect(self._start_quote)
        self._refresh = QTimer(self, interval=REFRESH_MS)
        self._refresh.timeout.connect(self._start_quote)
        self._clock = QTimer(self, interval=1000)
        self._clock.timeout.connect(self._show_age)
        self._clock.start()

        self.account_box.currentIndexChanged.connect(self._account_changed)
        self.accounts_button.clicked.connect(self.manage_accounts)
        self.swap_button.clicked.connect(self.request_swap)
        self.chain_box.currentIndexChanged.connect(self._chain_changed)
        for box in (self.sell_box, self.buy_box):
            box.currentIndexChanged.connect(self.changed)
            box.editTextChanged.connect(self.changed)
        self.amount.textChanged.connect(self.changed)
        self.max_button.clicked.connect(self.use_max)
        self.recipient.editingFinished.connect(self.load_balances)
        self.slippage.currentTextChanged.connect(self.changed)
        self.part.valueChanged.connect(self.changed)
        self.channel.currentIndexChanged.connect(self.changed)
        self.recipient.textChanged.connect(self.changed)

    # -- building blocks -------------------------------------------------------

    def _token_box(self, name: str) -> QComboBox:
        box = QComboBox(editable=True)
        box.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        box.setAccessibleName(name)
        box.lineEdit().setPlaceholderText("Symbol or pasted address")
        return box

    def _with_error(self, widget: QWidget, name: str) -> QWidget:
        holder = QWidget()
        column = QVBoxLayout(holder)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(widget)
        column.addWidget(self.errors[name])
        return holder

    @property
    def chain(self) -> Chain:
        return by_id(int(self.chain_box.currentData()))

    # -- tokens ----------------------------------------------------------------

    def load_tokens(self) -> None:
        self._loading.run(self._load_tokens(self.chain))

    def _chain_changed(self) -> None:
        self._clear_result()
        self._rewrite_addresses()
        self.load_tokens()

    def _rewrite_addresses(self) -> None:
        """The recipient and the accounts as the new chain writes them (the same 20 bytes)."""
        before, self._shown_chain = self._shown_chain, self.chain
        try:
            raw = parse_address(self.recipient.text().strip(), before.tron)
        except InvalidAddress:
            pass  # not an address: the form says so
        else:
            self.recipient.setText(format_address(raw, self.chain.tron))
        for index, account in enumerate(self.accounts):
            self.account_box.setItemText(index, account.title(tron=self.chain.tron))

    async def _load_tokens(self, chain: Chain) -> None:
        try:
            tokens = await self.service.tokens(ChainRequest(chain))
        except ApiError as error:
            self._show_error("chain", error.message)
            self.chain_failed.emit(error.message)
            return
        self.tokens = tokens
        self.balances = {}
        self.pasted = {}
        for box, default in ((self.sell_box, _default_sell(tokens)), (self.buy_box, 0)):
            box.blockSignals(True)
            box.clear()
            for token in tokens:
                box.addItem(icon(token_icon(token.symbol)), token.symbol, token.address)
            box.setCurrentIndex(default)
            box.blockSignals(False)
        await self._load_balances(chain)
        self.tokens_loaded.emit(chain.id)
        self.changed()

    def load_balances(self, only_if_other: bool = False) -> None:
        """Refresh the balances shown; with `only_if_other`, only when they are someone else's."""
        try:
            whose = (self.chain.id, self._account(self.chain))
        except InvalidParameter:
            whose = None
        if not (only_if_other and whose == self._balances_of):
            self._balancing.run(self._load_balances(self.chain))

    async def _load_balances(self, chain: Chain) -> None:
        """The account's balances into the token lists (no account: the recipient's)."""
        try:
            owner = self._account(chain)
            found = await self.service.balances(BalancesRequest(chain, owner))
        except (ApiError, InvalidParameter):
            self.balances, self._balances_of = {}, None
        else:
            self.balances = {b.address.lower(): int(b.balance) for b in found}
            self._balances_of = (chain.id, owner)
        for box in (self.sell_box, self.buy_box):
            typed = box.currentText()
            picked = typed == box.itemText(box.currentIndex())
            box.blockSignals(True)  # the tokens chosen do not change, only their labels
            for i, token in enumerate(self.tokens):
                held = self.balances.get(token.address.lower())
                text = token.symbol if held is None else f"{token.symbol}   {to_human(held, token.decimals, 6)}"
                if box.itemText(i) != text:
                    box.setItemText(i, text)
            if not picked:
                box.setEditText(typed)  # relabelling the current item must not overwrite what was typed
            box.blockSignals(False)
        self._show_balance()

    def _account(self, chain: Chain) -> str:
        """Whose balances to show: the account's, or the recipient's when there is none."""
        account = self.account
        if account is not None:
            return account.address_on(chain.tron)
        return rules.address_on("to", self.recipient.text().strip(), chain)

    # -- accounts ----------------------------------------------------------------

    @property
    def account(self) -> Account | None:
        index = self.account_box.currentIndex()
        return self.accounts[index] if 0 <= index < len(self.accounts) else None

    def set_accounts(self, accounts: list[Account]) -> None:
        """Offer these accounts; the one chosen before stays chosen when it is still there."""
        chosen = self.account.address if self.account else None
        self.accounts = accounts
        self.account_box.blockSignals(True)
        self.account_box.clear()
        for account in accounts:
            self.account_box.addItem(account.title(tron=self.chain.tron), account.address)
        if not accounts:
            self.account_box.addItem("No account yet: quotes for the recipient", None)
        addresses = [a.address for a in accounts]
        self.account_box.setCurrentIndex(addresses.index(chosen) if chosen in addresses else 0)
        self.account_box.blockSignals(False)
        if (self.account.address if self.account else None) != chosen:
            self._account_changed()
        else:
            self._show_swap_state()
        self.accounts_shown.emit(len(accounts))

    def choose_account(self, address: str) -> None:
        self.account_box.setCurrentIndex(self.account_box.findData(address))

    def _account_changed(self) -> None:
        account = self.account
        if account is not None:
            self.recipient.setText(account.address_on(self.chain.tron))  # it pays itself, unless told otherwise
        self.load_balances(only_if_other=True)
        self.changed()

    def _show_swap_state(self) -> None:
        """The Swap button, and why it is off when it is."""
        account = self.account
        reason = ""
        if not self.can_sign_here:
            reason = "Swapping needs the embedded engine; a remote server only quotes."
        elif account is None:
            reason = "Add an account (Accounts…) to swap."
        elif not account.can_sign:
            reason = f"{account.label} is watch-only."
        current = self.quote is not None and self._request is not None and self._request == self._quoted_request
        self.swap_button.setEnabled(not reason and current)
        self.swap_note.setText(reason)

    def request_swap(self) -> None:
        """Ask to swap the quote on screen: only when it answers the form as it is now."""
        request, quote, account = self._quoted_request, self.quote, self.account
        if quote is None or request is None or request != self._request or account is None:
            return
        from swapdesk.trade.checks import Shown

        sell, buy = self._token(self.sell_box, "token0"), self._token(self.buy_box, "token1")
        self.swap_requested.emit(Shown(request, quote, (sell.symbol, buy.symbol)), account)

    def _show_balance(self) -> None:
        try:
            sell = self._token(self.sell_box, "token0")
        except InvalidParameter:
            self.balance_label.setText("")
            return
        held = self.balances.get(sell.address.lower())
        text = "" if held is None else f"Balance: {to_human(held, sell.decimals, 8)} {sell.symbol}"
        try:
            if held is not None and to_units(self.amount.text().strip(), sell.decimals) > held:
                text += " — less than the amount: you can quote, not swap"
        except BadAmount:
            pass
        self.balance_label.setText(text)
        self.max_button.setEnabled(held is not None and held > 0)

    def use_max(self) -> None:
        """The whole balance, less a little of the native coin for gas."""
        sell = self._token(self.sell_box, "token0")
        held = self.balances.get(sell.address.lower(), 0)
        if parse_address(sell.address, self.chain.tron) == bytes(20):
            reserve = TRON_FEE_RESERVE if self.chain.tron else 10 ** max(0, sell.decimals - 2)  # 0.01 for gas
            held = max(0, held - reserve)
        self.amount.setText(to_human(held, sell.decimals))

    def _token(self, box: QComboBox, name: str) -> TokenInfo:
        index = box.currentIndex()
        if 0 <= index < len(self.tokens) and box.currentText() == box.itemText(index):
            return self.tokens[index]  # picked from the list (its text carries the balance)
        text = box.currentText().strip().split()[0] if box.currentText().strip() else ""
        for token in self.tokens:
            if text.lower() in (token.symbol.lower(), token.address.lower()):
                return token
        if _looks_like_address(text, self.chain):
            key = text.lower()
            if key not in self.pasted:
                self._pasting.run(self._read_token(text))
                raise InvalidParameter(name, ErrorCode.UNKNOWN_TOKEN, "reading that token from the chain…")
            found = self.pasted[key]
            if found is None:
                raise InvalidParameter(
                    name, ErrorCode.UNKNOWN_TOKEN, f"no ERC-20 token at that address on {self.chain.flag}"
                )
            return found
        raise InvalidParameter(
            name, ErrorCode.UNKNOWN_TOKEN, f"pick a token from the list or paste its address (got {text!r})"
        )

    async def _read_token(self, address: str) -> None:
        """Symbol and decimals of a pasted address, from the chain; then check the form again."""
        try:
            found: TokenInfo | None = await self.service.token(TokenRequest(self.chain, address))
        except (ApiError, InvalidParameter) as error:
            if error.code is not ErrorCode.UNKNOWN_TOKEN:
                self._show_error("quote", error.message)
                return
            found = None
        self.pasted[address.lower()] = found
        self.changed()
        self.token_read.emit(address)

    # -- the form ----------------------------------------------------------------

    def request(self) -> SwapQuoteRequest:
        """The form as a validated request (the TRON variant's on TRON); InvalidParameter names the bad field."""
        sell, buy = self._token(self.sell_box, "token0"), self._token(self.buy_box, "token1")
        try:
            amount = to_units(self.amount.text().strip(), sell.decimals)
        except BadAmount as exc:
            raise InvalidParameter("amountIn", ErrorCode.NOT_AN_AMOUNT, str(exc)) from None
        try:
            impact = slippage_bps(self.slippage.currentText())
        except ValueError as exc:
            raise InvalidParameter("impact", ErrorCode.OUT_OF_RANGE, str(exc)) from None
        query = {
            "token0": sell.address, "token1": buy.address, "decimal0": str(sell.decimals),
            "decimal1": str(buy.decimals), "impact": str(impact), "part": str(self.part.value()),
            "amountIn": str(amount), "amountOutMin": "0", "to": self.recipient.text().strip(),
            "chain": self.chain.flag, "channel": self.channel.currentText(),
        }  # fmt: skip
        signer = self.account.address_on(self.chain.tron) if self.account is not None else None
        if signer is not None and signer != query["to"]:
            query["issuer"] = signer  # the signer: its discount tier sets the fee (else `to`'s)
        if self.chain.tron:
            query.setdefault("issuer", query["to"])  # the TRON variant requires one
            return parse(TronSwapRequest, query.items())
        return parse(AggSwapRequest, query.items())

    def changed(self) -> None:
        self._check_form()
        self._show_swap_state()

    def _check_form(self) -> None:
        for label in self.errors.values():
            label.hide()
        self._show_balance()
        self._show_unknown_note()
        self._show_slippage_note()
        if not self.amount.text().strip():
            self._request = None
            self._quoting.cancel()
            return
        try:
            request = self.request()
        except InvalidParameter as error:
            self._request = None
            self._quoting.cancel()
            self._show_error(error.parameter or "quote", error.rule)
            return
        pending = self._debounce.isActive() or self._quoting.busy
        if request == self._request and (pending or request == self._quoted_request):
            return  # nothing the quote depends on changed (balances relabelled, the same account again)
        self._request = request
        self._debounce.start()

    def _show_unknown_note(self) -> None:
        listed = {t.address.lower() for t in self.tokens}
        unknown = []
        for box, name in ((self.sell_box, "token0"), (self.buy_box, "token1")):
            try:
                token = self._token(box, name)
            except InvalidParameter:
                continue
            if token.address.lower() not in listed:
                unknown.append(token.symbol)
        warning = f"Unknown token {', '.join(unknown)}: not on swapdesk's list for this chain."
        self.unknown_note.setText(f"{warning} Check the address before swapping." if unknown else "")

    def _show_slippage_note(self) -> None:
        try:
            bps = slippage_bps(self.slippage.currentText())
        except ValueError:
            self.slippage_note.setText("")
            return
        if bps < 5:
            self.slippage_note.setText("very low: the swap may fail if the price moves")
        elif bps > 500:
            self.slippage_note.setText("high: you may receive much less than quoted")
        else:
            self.slippage_note.setText("")

    def _unexpected(self, error: BaseException) -> None:
        self._show_error("quote", f"Something went wrong inside swapdesk ({type(error).__name__}); see the log.")
        self.quote_failed.emit(str(error))

    def _show_error(self, parameter: str, message: str) -> None:
        label = self.errors.get(parameter, self.errors["quote"])
        if self.advanced.isAncestorOf(label) and not self.advanced.isChecked():
            self.advanced.setChecked(True)  # never leave an error inside a folded section
        label.setText(message)
        label.show()

    # -- quoting -----------------------------------------------------------------

    def _start_quote(self) -> None:
        if self._request is not None:
            self._quoting.run(self._quote(self._request))

    async def _quote(self, request: SwapQuoteRequest) -> None:
        try:
            if isinstance(request, TronSwapRequest):
                quote: AggQuote | TronQuote = await self.service.tron_swap(request)
            else:
                assert isinstance(request, AggSwapRequest)
                quote = await self.service.agg_swap(request)
        except ApiError as error:
            if request == self._request:  # a stale refusal must not land either
                self._show_error(error.parameter or "quote", error.message.removeprefix(f"{error.parameter}: "))
                self.quote_failed.emit(error.message)
            return
        if request != self._request:  # the form moved on while this quote was out
            return
        self._quoted_request = request
        self._show(quote)
        self._refresh.start()
        self.quote_shown.emit(quote)

    def _show(self, quote: AggQuote | TronQuote) -> None:
        self.quote, self.quoted_at = quote, time.monotonic()
        sell, buy = self._token(self.sell_box, "token0"), self._token(self.buy_box, "token1")
        out, minimum = int(quote.totalAmountOut), int(quote.totalAmountOutMin)
        self.out_label.setText(f"{to_human(out, buy.decimals, 8)} {buy.symbol}")
        amount_in = Decimal(int(quote.amountIn)).scaleb(-sell.decimals)
        rate = Decimal(out).scaleb(-buy.decimals) / amount_in if amount_in else Decimal(0)
        fee = int(quote.fee)
        # the TRON record has no normalFee: it is the rate's share of the amount, as the router computes it
        normal = int(quote.normalFee) if isinstance(quote, AggQuote) else int(quote.amountIn) * quote.feeRate // 10_000
        fee_text = f"{to_human(fee, sell.decimals, 8)} {sell.symbol} ({quote.feeRate} bps)"
        if fee < normal:
            fee_text += f", discounted from {to_human(normal, sell.decimals, 8)} for holding SWAP"
        slippage = Decimal(self._request.impact if self._request else 0) / 100
        self.details.setText(
            f"Minimum received: {to_human(minimum, buy.decimals, 8)} {buy.symbol} (slippage {slippage}%)\n"
            f"Rate: 1 {sell.symbol} = {rate:.8g} {buy.symbol}\nFee: {fee_text}"
        )
        impact = Decimal(quote.impact)
        colour, words = impact_level(impact)
        self.impact_label.setText(f'Price impact: <span style="color:{colour}">{impact * 100:.2f}% ({words})</span>')
        self.route.set_shares(shares(quote.dexPath))
        self.sources.setRowCount(len(quote.amounts))
        for row, alone in enumerate(sorted(quote.amounts, key=lambda a: -int(a.amountOut))):
            value = int(alone.amountOut)
            gain = f"{(out - value) * 10_000 // value:+d} bps" if value else "no route"
            item = QTableWidgetItem(icon(source_icon(alone.exchange)), alone.exchange)
            self.sources.setItem(row, 0, item)
            self.sources.setItem(row, 1, QTableWidgetItem(f"{to_human(value, buy.decimals, 8)} {buy.symbol}"))
            self.sources.setItem(row, 2, QTableWidgetItem(gain))
        self.router.set(quote.aggregator, self.chain.explorer_url("address", quote.aggregator))
        self.call_data.set(quote.data if isinstance(quote, AggQuote) else quote.data.model_dump_json(indent=1))
        self._show_age()
        self._show_swap_state()

    def _show_age(self) -> None:
        if self.quote is not None:
            number = self.quote.blockNumber if isinstance(self.quote, AggQuote) else None
            block = f" at block {number}" if number is not None else ""
            self.age_label.setText(f"Quoted {int(time.monotonic() - self.quoted_at)} s ago{block}")

    def _clear_result(self) -> None:
        self.quote = self._quoted_request = None
        self._quoting.cancel()
        self._refresh.stop()
        self.out_label.setText("Type an amount to get a quote")
        for label in (self.details, self.impact_label, self.age_label):
            label.setText("")
        self.route.set_shares([])
        self.sources.setRowCount(0)
        self._show_swap_state()

    def shutdown(self) -> None:
        self._quoting.close()
        self._loading.close()
        self._balancing.close()
        self._pasting.close()
        for timer in (self._debounce, self._refresh, self._clock):
            timer.stop()


def _looks_like_address(text: str, chain: Chain) -> bool:
    """A pasted token address of the chain's form (checked for real when it is read)."""
    return text.startswith("T") and len(text) == 34 if chain.tron else text.startswith("0x") and len(text) == 42


def _default_sell(tokens: list[TokenInfo]) -> int:
    for i, token in enumerate(tokens):
        if "USDT" in token.symbol:
            return i
    return 1 if len(tokens) > 1 else 0
