"""The Quote tab: a swap card as wallets draw it, and the route beside it.

Pick an account, a chain and two tokens, type an amount, read the quote. Every input is checked as it
changes, with the shared validation layer, and an error shows next to the field that caused it. A valid
form is quoted after a short pause (debounce); a newer quote cancels the older one, so a stale quote
never lands; and the moment the form changes, what is shown dims and says "Quoting…" (or clears, when
the form is no longer valid or the chain changed), so an old figure never looks current. Quotes
refresh on their own while the form is valid. On TRON the form asks the TRON variant (`tron_swap`, the
account as issuer), and addresses are shown and typed in base58.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QTimer, Signal
from PySide6.QtWidgets import QScrollArea, QVBoxLayout, QWidget

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
)
from swapdesk.api.requests import SwapQuoteRequest
from swapdesk.chains import Chain
from swapdesk.gui import formatting
from swapdesk.gui.activity import Activity
from swapdesk.gui.links import Links
from swapdesk.gui.tabs.quote_form import QuoteForm, slippage_bps
from swapdesk.gui.tabs.quote_result import RouteCard, route_lines
from swapdesk.gui.tasks import Latest
from swapdesk.gui.widgets.card import centred
from swapdesk.gui.widgets.token_picker import TokenPicker
from swapdesk.units import BadAmount

if TYPE_CHECKING:  # eth-account loads with the engine, after the window shows
    from swapdesk.wallet import Account

DEBOUNCE_MS = 300
REFRESH_MS = 10_000
ROUTE_WIDTH = 560


class QuoteTab(QuoteForm):
    quote_shown = Signal(object)  # AggQuote (TronQuote on TRON), once on screen
    quote_failed = Signal(str)
    tokens_loaded = Signal(int)  # chain id
    chain_failed = Signal(str)
    token_read = Signal(str)  # a pasted address, once read from the chain
    balances_shown = Signal(int)  # chain id
    accounts_shown = Signal(int)  # how many accounts the picker offers

    def __init__(self, service: SwapService, activity: Activity | None = None, parent: QWidget | None = None):
        super().__init__(activity, parent)
        self.route_card = RouteCard(ROUTE_WIDTH)
        self.service = service
        self.activity = activity
        self.links = Links()
        self.quote: AggQuote | TronQuote | None = None
        self.balances: dict[str, int] = {}  # token address (lower case) -> the balance shown
        self._request: SwapQuoteRequest | None = None
        self._quoted_request: SwapQuoteRequest | None = None  # the form the quote on screen answers
        self._balances_of: tuple[int, str] | None = None  # (chain id, address) the balances shown belong to
        self._quoting, self._loading = Latest(self._unexpected), Latest(self._unexpected)
        self._balancing = Latest(self._unexpected)  # its own: a balance refresh must not cancel a token load
        self._reading = {self.sell: Latest(self._unexpected), self.buy: Latest(self._unexpected)}

        page = QWidget()
        column = QVBoxLayout(page)
        column.addLayout(centred(self.card, self.route_card))
        column.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        scroll.setWidget(page)
        self.scroller = scroll  # not `scroll`: QWidget.scroll() is a method
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(scroll)

        self._debounce = QTimer(self, singleShot=True, interval=DEBOUNCE_MS)
        self._debounce.timeout.connect(self._start_quote)
        self._refresh = QTimer(self, interval=REFRESH_MS)
        self._refresh.timeout.connect(self._start_quote)
        self._clock = QTimer(self, interval=1000)
        self._clock.timeout.connect(self.summary.tick)
        self._clock.start()
        self.swap_button.clicked.connect(self.request_swap)
        self.chain_box.currentIndexChanged.connect(self._chain_changed)
        self.account_box.currentIndexChanged.connect(self._account_changed)
        self.recipient.editingFinished.connect(self.load_balances)
        for picker in (self.sell, self.buy):
            picker.pasted.connect(lambda address, p=picker: self._reading[p].run(self._read_token(p, address)))

    # -- tokens and balances ----------------------------------------------------------------

    def load_tokens(self) -> None:
        chain = self.chain
        ticket = self.loading.start(f"Loading the tokens of {chain.name}… (a chain's first start takes a few seconds)")
        self._loading.run(self._load_tokens(chain, ticket))

    def _chain_changed(self) -> None:
        self._request, self.balances = None, {}
        self._clear_result("Loading the chain's tokens…")
        for picker in (self.sell, self.buy):
            picker.set_tokens([], -1, self.chain.tron)  # nothing of the last chain's tokens or balances stays
        self._show_balances()
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

    async def _load_tokens(self, chain: Chain, ticket: int) -> None:
        try:
            tokens = await self.service.tokens(ChainRequest(chain))
        except ApiError as error:
            self._show_error("chain", error.message)
            self.chain_failed.emit(error.message)
            return
        else:
            self.balances = {}
            self.sell.set_tokens(tokens, _default_sell(tokens), chain.tron)
            self.buy.set_tokens(tokens, 0, chain.tron)
            self.loading.say(f"Reading balances on {chain.name}…")
            await self._load_balances(chain)
        finally:
            self.loading.stop(ticket)
        self.tokens_loaded.emit(chain.id)
        self.changed()

    def load_balances(self, only_if_other: bool = False) -> None:
        """Refresh the balances shown; with `only_if_other`, only when they are someone else's."""
        try:
            whose = (self.chain.id, self._owner(self.chain))
        except InvalidParameter:
            whose = None
        if not (only_if_other and whose == self._balances_of):
            self._balancing.run(self._load_balances(self.chain))

    async def _load_balances(self, chain: Chain) -> None:
        """The account's balances into the pickers (no account: the recipient's)."""
        key = f"balances-{id(self)}"
        try:
            owner = self._owner(chain)
            if self.activity is not None:
                self.activity.begin(key, f"Reading balances on {chain.name}…")
            found = await self.service.balances(BalancesRequest(chain, owner))
        except (ApiError, InvalidParameter):
            self.balances, self._balances_of = {}, None
        else:
            self.balances = {b.address.lower(): int(b.balance) for b in found}
            self._balances_of = (chain.id, owner)
        finally:
            if self.activity is not None:
                self.activity.end(key)
        for picker in (self.sell, self.buy):
            picker.set_balances(self.balances)
        self._show_balances()
        self._show_swap_state()
        self.balances_shown.emit(chain.id)

    def _owner(self, chain: Chain) -> str:
        account = self.account
        if account is not None:
            return account.address_on(chain.tron)
        return str(parse(BalancesRequest, [("chain", chain.flag), ("address", self.recipient.text().strip())]).address)

    async def _read_token(self, picker: TokenPicker, address: str) -> None:
        """Symbol and decimals of a pasted address, from the chain; the picker then checks the form again."""
        chain = self.chain
        try:
            found: TokenInfo | None = await self.service.token(TokenRequest(chain, address))
        except (ApiError, InvalidParameter) as error:
            if error.code is not ErrorCode.UNKNOWN_TOKEN:
                self._show_error("token0" if picker is self.sell else "token1", error.message)
                return
            found = None
        if chain == self.chain:
            picker.add_read(address, found)
            self.token_read.emit(address)

    # -- accounts ---------------------------------------------------------------------------

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

    def _account_changed(self) -> None:
        account = self.account
        if account is not None:
            self.recipient.setText(account.address_on(self.chain.tron))  # it pays itself, unless told otherwise
        self.load_balances(only_if_other=True)
        self.changed()

    # -- the form -----------------------------------------------------------------------------

    def request(self) -> SwapQuoteRequest:
        """The form as a validated request (the TRON variant's on TRON); InvalidParameter names the bad field."""
        sell, buy = self._token(self.sell, "token0"), self._token(self.buy, "token1")
        try:
            amount = self.sell_side.value(sell.decimals)
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
        self._show_balances()
        self._show_notes()
        if not self.amount.text().strip():
            self._request = None
            self._clear_result("Type an amount: the route shows here, split across the chain's sources.")
            for picker, name in ((self.sell, "token0"), (self.buy, "token1")):
                try:
                    self._token(picker, name)  # a token the form cannot use is said at once, amount or not
                except InvalidParameter as error:
                    self._show_error(name, error.rule)
            return
        if not self.recipient.text().strip():
            self._request = None
            self._clear_result("Choose an account (Accounts…), or type who receives the tokens under Advanced.")
            return
        try:
            request = self.request()
        except InvalidParameter as error:
            self._request = None
            self._clear_result("The form has a mistake: see the message beside it.")
            self._show_error(error.parameter or "quote", error.rule)
            return
        pending = self._debounce.isActive() or self._quoting.busy
        if request == self._request and (pending or request == self._quoted_request):
            return  # nothing the quote depends on changed (balances relabelled, the same account again)
        self._request = request
        if request != self._quoted_request:
            self._show_quoting()
        self._debounce.start()

    def _show_quoting(self) -> None:
        """At once, before the debounce: what is on screen answers another form now."""
        self.summary.quoting()
        self.route_card.set_stale(True)
        self.buy_side.set_stale(True)
        if self.quote is None:
            self.buy_side.set_text("…")

    def _unexpected(self, error: BaseException) -> None:
        self._show_error("quote", f"Something went wrong inside swapdesk ({type(error).__name__}); see the log.")
        self.quote_failed.emit(str(error))

    # -- quoting -------------------------------------------------------------------------------

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
                self._clear_result("No quote for this form: see the message.")
                self._show_error(error.parameter or "quote", error.message.removeprefix(f"{error.parameter}: "))
                self._show_swap_state()
                self.quote_failed.emit(error.message)
            return
        if request != self._request:  # the form moved on while this quote was out
            return
        self._quoted_request = request
        self._show(quote)
        self._refresh.start()
        self.quote_shown.emit(quote)

    def _show(self, quote: AggQuote | TronQuote) -> None:
        self.quote = quote
        sell, buy = self._token(self.sell, "token0"), self._token(self.buy, "token1")
        assert self._request is not None
        self.buy_side.set_text(formatting.amount(int(quote.totalAmountOut), buy.decimals))
        self.buy_side.set_stale(False)
        self.summary.show_quote(quote, sell, buy, self._request.impact)
        self.route_card.links = self.links
        lines = route_lines(quote, sell, buy, self.sell.tokens)
        self.route_card.show_quote(quote, sell, buy, lines, self.chain)
        self._show_swap_state()

    def _clear_result(self, message: str) -> None:
        """Nothing of the last quote stays on screen (figures, route, router, call data)."""
        self.quote = self._quoted_request = None
        self._quoting.cancel()
        self._debounce.stop()
        self._refresh.stop()
        self.summary.clear()
        self.route_card.clear(message)
        self.buy_side.set_text("")
        self.buy_side.set_stale(False)
        self._show_swap_state()

    def shutdown(self) -> None:
        for work in (self._quoting, self._loading, self._balancing, *self._reading.values()):
            work.close()
        for timer in (self._debounce, self._refresh, self._clock):
            timer.stop()
        self.loading.stop()
        self.summary.progress.stop()


def _default_sell(tokens: list[TokenInfo]) -> int:
    for i, token in enumerate(tokens):
        if "USDT" in token.symbol:
            return i
    return 1 if len(tokens) > 1 else 0
