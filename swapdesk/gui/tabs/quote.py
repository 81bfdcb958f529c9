"""The Quote tab: a swap card as wallets draw it, and the route beside it (or under it, in a narrow window).

Pick an account, a chain and two tokens, type an amount, read the quote. One state decides what the card says
(`quote_state.decide`, from the facts gathered in `_facts`): the button's words, the one message, the field at
fault. Typing is judged after a short pause, never while it goes on; the moment the form changes, what is
shown dims and the card says "Quoting…", and a valid form is then quoted; a newer quote cancels the older one,
so a stale quote never lands. Quotes refresh on their own while the form is valid. Dollar values are priced on
the chain at the quote's block (`quote_prices`). On TRON the form asks the TRON variant (`tron_swap`, the
account as issuer), and addresses are shown and typed in base58. After a swap the amount is cleared, so the
form does not invite a second one.
"""

from __future__ import annotations

from decimal import Decimal

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import QScrollArea, QVBoxLayout, QWidget

from swapdesk.api import (
    AggQuote,
    AggSwapRequest,
    ApiError,
    ErrorCode,
    InvalidParameter,
    SwapService,
    TokenInfo,
    TronQuote,
    TronSwapRequest,
    parse,
)
from swapdesk.api.requests import SwapQuoteRequest
from swapdesk.gui import error_words, formatting
from swapdesk.gui.activity import Activity
from swapdesk.gui.design.card import ColumnScroll, page
from swapdesk.gui.design.responsive import Responsive
from swapdesk.gui.design.tokens import SPACE
from swapdesk.gui.form_state import Verdict
from swapdesk.gui.i18n import tr
from swapdesk.gui.links import Links
from swapdesk.gui.pricing import Prices
from swapdesk.gui.tabs import quote_prices
from swapdesk.gui.tabs.quote_data import QuoteData
from swapdesk.gui.tabs.quote_form import auto_bps, slippage_bps
from swapdesk.gui.tabs.quote_result import RouteCard, route_lines
from swapdesk.gui.tabs.quote_state import QuoteFacts, decide
from swapdesk.gui.tasks import Latest

PAUSE_MS = 300  # typing is judged this long after the last key
REFRESH_MS = 10_000
ROUTE_WIDTH = 560
CONFIRM_IMPACT = Decimal("0.10")


class QuoteTab(QuoteData):
    quote_shown = Signal(object)  # AggQuote (TronQuote on TRON), once on screen
    quote_failed = Signal(str)
    priced = Signal()  # the dollar values of the quote on screen are shown

    def __init__(
        self, service: SwapService, activity: Activity | None = None, prices: Prices | None = None,
        parent: QWidget | None = None,
    ) -> None:  # fmt: skip
        super().__init__(service, activity, prices, parent)
        self.quote: AggQuote | TronQuote | None = None
        self.verdict = Verdict("", False)
        self._request: SwapQuoteRequest | None = None
        self._quoted_request: SwapQuoteRequest | None = None  # the form the quote on screen answers
        self._priced_request: SwapQuoteRequest | None = None  # the form the dollar values on screen answer
        self._detail = ""  # the engine's own words for that refusal (a tooltip)
        self._quoting, self._pricing = Latest(self._unexpected), Latest()
        self.route_card = RouteCard(ROUTE_WIDTH)
        # the terms sit at the top of the card beside the form, not under the Swap button: the form then fits
        # 1024×640 with no page scroll bar, and the terms stay in view beside the button (issue 22, item 10)
        self.route_card.add_terms(self.summary)
        self.links = Links()

        content = page()
        column = QVBoxLayout(content)
        column.setContentsMargins(*[SPACE["sm"]] * 4)  # the scale's step, not the style's 9 to 11 px
        route = ColumnScroll(self.route_card)  # many routes drawn: the card scrolls inside itself, not the page
        column.addWidget(Responsive(self.card, route))
        column.addStretch(1)
        self.scroller = QScrollArea()  # not `scroll`: QWidget.scroll() is a method
        self.scroller.setWidgetResizable(True)
        self.scroller.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.scroller.setWidget(content)
        route.fit_within(self.scroller, 2 * SPACE["sm"])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.scroller)

        self._pause = QTimer(self, singleShot=True, interval=PAUSE_MS)
        self._pause.timeout.connect(self._judge)
        self._refresh = QTimer(self, interval=REFRESH_MS)
        self._refresh.timeout.connect(self._start_quote)
        self._clock = QTimer(self, interval=1000)
        self._clock.timeout.connect(self.summary.tick)
        self._clock.start()
        for edit in (self.amount.textChanged, self.recipient.textChanged, self.slippage.changed):
            edit.connect(self._edited)
        for picker in (self.sell, self.buy):
            picker.changed.connect(self.changed)
        self.part.valueChanged.connect(self._edited)
        self.channel.currentIndexChanged.connect(self.changed)
        self.swap_button.clicked.connect(self._primary)
        self.message.acted.connect(self._act)
        self._show_state()

    # -- the state -----------------------------------------------------------------------------

    def _facts(self) -> QuoteFacts:
        account, sell = self.account, self.sell.token
        asked, held = self._amount_in(), self.sell.balance()
        short = asked is not None and held is not None and asked[1] > held
        quoted = self.quote is not None and self._request is not None and self._request == self._quoted_request
        impact = Decimal(self.quote.impact) if quoted and self.quote is not None else Decimal(0)
        reading = bool(self.being_read)
        loading = self._loading.busy or not self.tokens_known
        return QuoteFacts(
            chain=self.chain.name,
            loading=self._loading_words if loading else "",
            load_failed=self._load_failed,
            amount=self.amount.text().strip(),
            typing=self._pause.isActive(),
            reading_token=reading,
            invalid=self._invalid,
            no_recipient=account is None and not self.recipient.text().strip(),
            quoting=self._request is not None and self._request != self._quoted_request and self._quoting.busy,
            refused=self._refused,
            quoted=quoted,
            can_sign_here=self.can_sign_here,
            account=account.label if account is not None else None,
            watch_only=account is not None and not account.can_sign,
            sell=sell.symbol if sell is not None else "",
            short_by=formatting.amount(held, sell.decimals, sell.symbol) if short and sell and held is not None else "",
            can_use_max=bool(held),
            unknown=tuple(p.token.symbol for p in (self.sell, self.buy) if p.token and not p.is_listed(p.token)),
            impact_words=tr("Price impact {impact}: you get much less than the pools' price. The review asks you to"
                            " confirm it.").format(impact=formatting.percent(impact)) if impact >= CONFIRM_IMPACT
            else "",
        )  # fmt: skip

    def _show_state(self) -> None:
        """Everything the card says about itself, from one decision."""
        verdict = self.verdict = decide(self._facts())
        self.swap_button.setText(verdict.button)
        self.swap_button.setAccessibleName(verdict.button.rstrip("…"))
        self.swap_button.setEnabled(verdict.enabled)
        self.message.show_message(verdict.message)
        self.mark_field(verdict.field)
        busy = verdict.message is not None and verdict.message.kind == "progress"
        refused = self._refused is not None and verdict.message is not None and verdict.message.text == self._refused[1]
        self.message.setToolTip(self._detail if refused else "")
        if self.activity is not None:  # the status bar hears of work that runs: not of a start not begun yet
            busy = busy and (self._loading.busy or self.tokens_known)
            key = f"quote-form-{id(self)}"
            if busy and verdict.message is not None:
                self.activity.begin(key, verdict.message.text)
            else:
                self.activity.end(key)
        if self.quote is None:
            if busy and self.amount.text().strip():
                self.route_card.loading()
                self.buy_side.set_loading(True)
            else:
                self.buy_side.set_loading(False)
                self.route_card.clear(
                    tr("Type an amount: the route shows here, split across the chain's sources.")
                    if not self.amount.text().strip()
                    else tr("The route shows here once the form can be quoted.")
                )
        self.slippage.describe_auto(f"{Decimal(auto_bps(self.sell.token, self.buy.token)) / 100}%")

    def _primary(self) -> None:
        if self.verdict.acts == "accounts":
            self.manage_accounts.emit()
        else:
            self.request_swap()

    def _act(self, act: str) -> None:
        if act == "max":
            self.use_max()
        elif act == "retry":
            self.load_tokens()
        elif act == "accounts":
            self.manage_accounts.emit()

    # -- the form -----------------------------------------------------------------------------

    def request(self) -> SwapQuoteRequest:
        """The form as a validated request (the TRON variant's on TRON); InvalidParameter names the bad field."""
        sell, buy = self._token(self.sell, "token0"), self._token(self.buy, "token1")
        problem = error_words.amount_problem(self.amount.text(), sell.decimals, sell.symbol)
        if problem:
            raise InvalidParameter("amountIn", ErrorCode.NOT_AN_AMOUNT, problem)
        amount = self.sell_side.value(sell.decimals)
        try:
            impact = slippage_bps(self.slippage_text())
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
        try:
            if self.chain.tron:
                query.setdefault("issuer", query["to"])  # the TRON variant requires one
                return parse(TronSwapRequest, query.items())
            return parse(AggSwapRequest, query.items())
        except InvalidParameter as error:
            names = error_words.Names(self.chain.name, sell.symbol, buy.symbol)
            raise InvalidParameter(error.parameter or "quote", error.code, error_words.refusal(error, names)) from None

    def _edited(self) -> None:
        """Typed: what is shown dims at once; the form is judged after the pause."""
        if self._flipping:
            return
        if self.quote is not None:
            self._dim()
        self._pause.start()
        self._show_balances()
        self._show_state()

    def changed(self) -> None:
        """Chosen (a token, an account, a channel): judged now."""
        if self._flipping:
            return
        self._pause.stop()
        self._judge()

    def _judge(self) -> None:
        self._invalid = None
        self._show_balances()
        if not self.amount.text().strip() or (self.account is None and not self.recipient.text().strip()):
            self._request = None
            self._clear_result()
            return self._show_state()
        try:
            request = self.request()
        except InvalidParameter as error:
            self._request, self._invalid = None, (error.parameter or "quote", error.rule)
            self._clear_result()
            return self._show_state()
        if request != self._request or (request != self._quoted_request and not self._quoting.busy):
            self._request, self._refused = request, None
            if request != self._quoted_request:
                self._dim()
                self._start_quote()
        self._show_state()

    def _dim(self) -> None:
        """What is on screen answers another form now."""
        self.summary.set_stale(True)
        self.route_card.set_stale(True)
        self.buy_side.set_stale(True)
        # the worth of what is typed now (dimmed at the first key, before the form is judged), at the price known
        token, typed = self.sell.token, 0
        if token is not None:
            try:
                typed = formatting.parse_amount(self.amount.text(), token.decimals)
            except ValueError:  # half-typed: no worth yet
                typed = 0
        price = self.prices.known(self.chain, token.address) if token is not None and typed else None
        self.sell_side.set_usd(quote_prices.worth(price, typed))

    def _unexpected(self, error: BaseException) -> None:
        self._refused = ("", error_words.unexpected(error))
        self._show_state()
        self.quote_failed.emit(str(error))

    # -- quoting -------------------------------------------------------------------------------

    def _start_quote(self) -> None:
        if self._request is not None:
            self._quoting.run(self._quote(self._request))
            self._show_state()

    async def _quote(self, request: SwapQuoteRequest) -> None:
        try:
            if isinstance(request, TronSwapRequest):
                quote: AggQuote | TronQuote = await self.service.tron_swap(request)
            else:
                assert isinstance(request, AggSwapRequest)
                quote = await self.service.agg_swap(request)
        except ApiError as error:
            if request == self._request:  # a stale refusal must not land either
                self._clear_result()
                sell, buy = self.sell.token, self.buy.token
                names = error_words.Names(self.chain.name, sell.symbol if sell else "", buy.symbol if buy else "")
                self._refused = (error.parameter or "", error_words.refusal(error, names))
                self._detail = error_words.said(error)  # the engine's own words, for the details
                self._show_state()
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
        fee = ""
        if self._request == self._priced_request:  # a refresh: the values stay until the new block's land
            fee = quote_prices.fee_worth(self.prices.known(self.chain, sell.address), int(quote.fee))
        else:  # another form: no dollar value of the last one stays beside these figures
            self._priced_request = None
            self.buy_side.set_usd("")  # (the sell side's is the typed amount's already: `_dim`)
            self.summary.priced.setText("")
        self.summary.show_quote(quote, sell, buy, self._request.impact, fee)
        self.route_card.links = self.links
        lines = route_lines(quote, sell, buy, self.sell.tokens)
        self.route_card.show_quote(quote, sell, buy, lines, self.chain)
        self._show_state()
        block = quote.blockNumber if isinstance(quote, AggQuote) else None
        self._pricing.run(self._price(quote, sell, buy, self._request.to, block))

    async def _price(
        self, quote: AggQuote | TronQuote, sell: TokenInfo, buy: TokenInfo, who: str, at: int | None
    ) -> None:
        chain = self.chain
        price_in, price_out = await quote_prices.price_pair(self.prices, chain, sell, buy, who, at)
        if quote is not self.quote:
            return
        quote_prices.show_sides((self.sell_side, self.buy_side), (price_in, price_out), quote)
        assert self._request is not None
        fee = quote_prices.fee_worth(price_in, int(quote.fee))
        self.summary.show_quote(quote, sell, buy, self._request.impact, fee)
        self.summary.priced.setText(quote_prices.provenance(chain, price_in, price_out))
        self._priced_request = self._request
        self._show_balances((price_in, price_out))
        self.priced.emit()

    def _clear_result(self) -> None:
        """Nothing of the last quote stays on screen (figures, route, router, call data, dollar values)."""
        self.quote = self._quoted_request = self._priced_request = None
        self._quoting.cancel()
        self._pricing.cancel()
        self._refresh.stop()
        self.summary.clear()
        self.route_card.clear("")  # its words are the state's (`_show_state`)
        self.buy_side.set_text("")
        self.buy_side.set_stale(False)
        for side in (self.sell_side, self.buy_side):
            side.set_usd("")

    def reset_after_swap(self) -> None:
        """A swap went through: the amount goes (the form does not invite a second one), the balances are read."""
        self.amount.clear()
        self._pause.stop()
        self.changed()
        self.load_balances()

    def request_swap(self) -> None:
        """Ask to swap the quote on screen: only when it answers the form as it is now."""
        request, quote, account = self._quoted_request, self.quote, self.account
        if quote is None or request is None or request != self._request or account is None:
            return
        if not self.verdict.enabled or self.verdict.acts:
            return
        from swapdesk.trade.checks import Shown

        sell, buy = self._token(self.sell, "token0"), self._token(self.buy, "token1")
        self.swap_requested.emit(Shown(request, quote, (sell.symbol, buy.symbol)), account)

    def shutdown(self) -> None:
        for work in (self._quoting, self._loading, self._balancing, self._pricing, *self._reading.values()):
            work.close()
        for timer in (self._pause, self._refresh, self._clock):
            timer.stop()
        if self.activity is not None:
            self.activity.end(f"quote-form-{id(self)}")
