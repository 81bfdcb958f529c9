"""The Quote tab: a swap card as wallets draw it, and the route beside it (or under it, in a narrow window).

Pick an account, a chain and two tokens, type an amount, read the quote. The tab wires parts that each have one
job: the form (`quote.form`: fields and pickers, read as a request), its data (`quote.data`: the chain's tokens,
balances, accounts), the asking (`asking.Asking`: typing judged after a short pause, a valid form quoted, a newer
quote cancelling the older one, so a stale quote never lands, and quotes refreshed on their own while the form
is valid), the quote on screen (`quote.view`: the figures, the route, their dollar values at the quote's block),
and its state (`quote.state.decide`, from the facts `quote.facts` gathers, said by `voice.Voice`): the button's
words, the one message, the field at fault. The moment the form changes, what is shown dims and the card says
"Quoting…". On TRON the form asks the TRON variant (`tron_swap`, the account as issuer), and addresses are shown
and typed in base58. After a swap the amount is cleared, so the form does not invite a second one.
"""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING

from PySide6.QtCore import QTimer, Signal
from PySide6.QtWidgets import QWidget

from swapdesk.api import AggQuote, AggSwapRequest, ApiError, SwapService, TronQuote, TronSwapRequest
from swapdesk.api.requests import SwapQuoteRequest
from swapdesk.chains import Chain
from swapdesk.gui import error_words, risks
from swapdesk.gui.activity import Activity
from swapdesk.gui.form_state import Verdict
from swapdesk.gui.links import Links
from swapdesk.gui.pricing import Price, Prices
from swapdesk.gui.tabs.asking import Asking, Steps, complete
from swapdesk.gui.tabs.parts import Forwarded, page_of
from swapdesk.gui.tabs.quote.data import QuoteData, Told
from swapdesk.gui.tabs.quote.facts import facts
from swapdesk.gui.tabs.quote.form import QuoteForm, auto_bps, slippage_bps
from swapdesk.gui.tabs.quote.result import RouteCard
from swapdesk.gui.tabs.quote.state import decide
from swapdesk.gui.tabs.quote.view import QuoteView
from swapdesk.gui.tabs.voice import Voice

if TYPE_CHECKING:
    from swapdesk.wallet import Account

PAUSE_MS = 300  # typing is judged this long after the last key
REFRESH_MS = 10_000
ROUTE_WIDTH = 560

Quote = AggQuote | TronQuote


class QuoteTab(QWidget):
    quote_shown = Signal(object)  # AggQuote (TronQuote on TRON), once on screen
    quote_failed = Signal(str)
    priced = Signal()  # the dollar values of the quote on screen are shown
    manage_accounts = Signal()
    swap_requested = Signal(object, object)  # Shown, Account: the user asked to swap this quote

    # what the window and the tests read on the tab, held by its parts
    chain: Forwarded[Chain] = Forwarded("form")
    accounts: Forwarded[list[Account]] = Forwarded("form.offered")
    account: Forwarded[Account | None] = Forwarded("form")
    quote: Forwarded[Quote | None] = Forwarded("view")
    links: Forwarded[Links] = Forwarded("view")
    verdict: Forwarded[Verdict] = Forwarded("voice")

    def __init__(
        self, service: SwapService, activity: Activity | None = None, prices: Prices | None = None,
        parent: QWidget | None = None,
    ) -> None:  # fmt: skip
        super().__init__(parent)
        self.service, self.activity = service, activity
        self.prices = prices or Prices(service)
        self.can_sign_here = False  # the engine can send from this window (embedded, not a remote server)
        self.form = form = QuoteForm(self)
        self.route_card = RouteCard(ROUTE_WIDTH)
        # the terms sit at the top of the card beside the form, not under the Swap button: the form then fits
        # 1024×640 with no page scroll bar, and the terms stay in view beside the button (issue 22, item 10)
        self.route_card.add_terms(form.summary)
        steps: Steps[SwapQuoteRequest, Quote] = Steps(
            read=self._read, ask=self._ask, say=self.say, judging=self._judging, sent=self._sent,
            answered=self._answered, refused=self._refused, cleared=self._cleared, words=self._refusal_words,
        )  # fmt: skip
        self.asking = Asking(self, steps, PAUSE_MS, REFRESH_MS, self._unexpected)
        told = Told(say=self.say, changed=self.changed, refused=self._token_refused, unexpected=self._unexpected)
        self.data = QuoteData(form, lambda: self.service, activity, self.prices, told)
        self.view = QuoteView(form, self.route_card, self.prices, lambda: self.asking.request, self._priced)
        acts = {"": lambda _: self.request_swap(), "accounts": lambda _: self.manage_accounts.emit(),
                "max": lambda _: self.use_max(), "retry": lambda _: self.load_tokens()}  # fmt: skip
        self.voice = Voice(form.swap_button, form.message, form.mark_field, activity, f"quote-form-{id(self)}", acts)
        self._surface(form)
        self.scroller = page_of(self, form.card, self.route_card)
        self._clock = QTimer(self, interval=1000)
        self._clock.timeout.connect(form.summary.tick)
        self._clock.start()
        self._connect()
        self.say()

    def _surface(self, form: QuoteForm) -> None:
        """The form's fields and the data's news, as the window and the tests reach them on the tab."""
        self.card, self.chain_box, self.account_box, self.accounts_button = (
            form.card, form.chain_box, form.account_box, form.accounts_button)  # fmt: skip
        self.sell, self.buy, self.sell_side, self.buy_side = form.sell, form.buy, form.sell_side, form.buy_side
        self.amount, self.max_button, self.flip_button = form.amount, form.max_button, form.flip_button
        self.slippage, self.part, self.channel, self.recipient = form.slippage, form.part, form.channel, form.recipient
        self.advanced, self.message, self.swap_button = form.advanced, form.message, form.swap_button
        self.summary = form.summary
        data = self.data
        self.tokens_loaded, self.chain_failed, self.token_read = data.tokens_loaded, data.chain_failed, data.token_read
        self.balances_shown, self.accounts_shown = data.balances_shown, data.accounts_shown
        self.set_accounts, self.load_tokens = data.set_accounts, data.load_tokens
        self.choose_account, self.request = form.offered.choose, form.request

    def _connect(self) -> None:
        form = self.form
        form.chain_box.currentIndexChanged.connect(self._chain_changed)
        form.accounts_button.clicked.connect(self.manage_accounts)
        form.max_button.clicked.connect(self.use_max)
        form.flip_button.clicked.connect(self.flip)
        form.flipped.connect(self.changed)
        for edit in (form.amount.textChanged, form.recipient.textChanged, form.slippage.changed):
            edit.connect(self._edited)
        for picker in (form.sell, form.buy):
            picker.changed.connect(self.changed)
        form.part.valueChanged.connect(self._edited)
        form.channel.currentIndexChanged.connect(self.changed)

    # -- what the window asks of the tab ----------------------------------------------------------

    def use_max(self) -> None:
        """The whole balance, less a little of the native coin for gas."""
        self.form.use_max(self.data.held())

    def flip(self) -> None:
        """Sell what was to be bought; the amount becomes the quoted output when the quote answers the form."""
        quote = self.view.quote if self.asking.current else None
        self.form.flip(int(quote.totalAmountOut) if quote is not None else None)

    def changed(self) -> None:
        """Chosen (a token, an account, a channel): judged now."""
        if not self.form.flipping:
            self.asking.changed()

    def reset_after_swap(self) -> None:
        """A swap went through: the amount goes (the form does not invite a second one), the balances are read."""
        self.amount.clear()
        self.asking.pause.stop()
        self.changed()
        self.data.load_balances()

    def request_swap(self) -> None:
        """Ask to swap the quote on screen: only when it answers the form as it is now."""
        request, quote, account = self.asking.answered, self.view.quote, self.form.account
        if quote is None or request is None or not self.asking.current or account is None or not self.voice.allows:
            return
        from swapdesk.trade.checks import Shown

        sell, buy = self.form.token(self.sell, "token0"), self.form.token(self.buy, "token1")
        self.swap_requested.emit(Shown(request, quote, (sell.symbol, buy.symbol)), account)

    def shutdown(self) -> None:
        self.asking.close()
        self.data.close()
        self.view.pricing.close()
        self._clock.stop()
        self.voice.quiet()

    # -- the state -----------------------------------------------------------------------------

    def say(self) -> None:
        """Everything the card says about itself, from one decision."""
        # the status bar hears of work that runs: not of a start not begun yet
        busy = self.voice.say(decide(facts(self)), heard=self.data.loading.busy or self.data.tokens_known)
        verdict, refused = self.voice.verdict, self.asking.refused
        said = refused is not None and verdict.message is not None and verdict.message.text == refused[1]
        self.message.setToolTip(self.asking.detail if said else "")
        if self.view.quote is None:
            self.view.waiting(busy, bool(self.amount.text().strip()))
        self.slippage.describe_auto(f"{Decimal(auto_bps(self.sell.token, self.buy.token)) / 100}%")
        self._judge_slippage()

    def _judge_slippage(self) -> None:
        """A slippage outside the sane band, said where it is set (the message says it too, once quoted)."""
        try:
            bps: int | None = slippage_bps(self.form.slippage_text())
        except ValueError:  # said by the form's own check, beside its field
            bps = None
        tone = risks.slippage_tone(bps) if bps is not None else None
        self.slippage.warn(tone, risks.slippage_words(bps) if tone is not None and bps is not None else "")

    def _unexpected(self, error: BaseException) -> None:
        self.asking.unexpected(error)
        self.quote_failed.emit(str(error))

    def _token_refused(self, parameter: str, words: str) -> None:
        self.asking.invalid = (parameter, words)
        self.say()

    # -- the form, as it changes ------------------------------------------------------------------

    def _chain_changed(self) -> None:
        self.asking.forget()
        self.asking.clear()
        self.data.chain_changed()

    def _edited(self) -> None:
        """Typed: what is shown dims at once; the form is judged after the pause."""
        if self.form.flipping:
            return
        if self.view.quote is not None:
            self.view.dim()
        self.asking.edited()
        self.data.show_balances()
        self.say()

    # -- the asking's steps (`asking.Steps`) ------------------------------------------------------

    def _read(self) -> SwapQuoteRequest | None:
        form = self.form
        return form.request() if complete(form.amount.text(), form.account, form.recipient.text()) else None

    async def _ask(self, request: SwapQuoteRequest) -> Quote:
        if isinstance(request, TronSwapRequest):
            return await self.service.tron_swap(request)
        assert isinstance(request, AggSwapRequest)
        return await self.service.agg_swap(request)

    def _judging(self) -> None:
        self.data.show_balances()

    def _sent(self) -> None:
        self.view.dim()

    def _answered(self, request: SwapQuoteRequest, quote: Quote) -> None:
        self.view.show(request, quote)
        self.say()
        self.view.price(request)
        self.quote_shown.emit(quote)

    def _priced(self, prices: tuple[Price | None, Price | None]) -> None:
        self.data.show_balances(prices)
        self.priced.emit()

    def _refusal_words(self, error: ApiError) -> str:
        sell, buy = self.sell.token, self.buy.token
        chain = self.form.chain
        names = error_words.Names(chain.name, sell.symbol if sell else "", buy.symbol if buy else "", chain.tron)
        return error_words.refusal(error, names)

    def _refused(self, error: ApiError) -> None:
        self.say()
        self.quote_failed.emit(error.message)

    def _cleared(self) -> None:
        self.view.clear()
