"""The quote on screen: the amount received under the form, the quote's terms, the route beside the card, and
their dollar values, priced on the chain at the quote's block (`quote.prices`) once the quote has landed.

What it shows answers one form: when the form changes, everything dims at once (and the amount typed is worth
what the price known says), and clears when the form can no longer be quoted. A quote asked again for the
same form keeps its dollar values until the new block's land; another form's never stay beside new figures, and
prices that land for a form that changed since are dropped.
"""

from __future__ import annotations

from collections.abc import Callable

from swapdesk.api import AggQuote, TokenInfo, TronQuote
from swapdesk.api.requests import SwapQuoteRequest
from swapdesk.gui import formatting
from swapdesk.gui.i18n import tr
from swapdesk.gui.links import Links
from swapdesk.gui.pricing import Price, Prices
from swapdesk.gui.tabs.quote.form import QuoteForm
from swapdesk.gui.tabs.quote.prices import fee_worth, price_pair, provenance, show_sides, worth
from swapdesk.gui.tabs.quote.result import RouteCard, route_lines
from swapdesk.gui.tasks import Latest

Quote = AggQuote | TronQuote
Priced = Callable[[tuple[Price | None, Price | None]], None]  # the balances shown again with these prices


class QuoteView:
    def __init__(
        self, form: QuoteForm, route_card: RouteCard, prices: Prices, current: Callable[[], SwapQuoteRequest | None],
        priced: Priced,
    ) -> None:  # fmt: skip
        """`current` is the form as last judged; `priced` hears of the dollar values once they are shown."""
        self.form, self.route_card, self.prices = form, route_card, prices
        self.current, self.priced = current, priced
        self.quote: Quote | None = None
        self.priced_request: SwapQuoteRequest | None = None  # the form the dollar values on screen answer
        self.pricing = Latest()
        self.links = Links()

    def show(self, request: SwapQuoteRequest, quote: Quote) -> None:
        form = self.form
        self.quote = quote
        sell, buy = form.token(form.sell, "token0"), form.token(form.buy, "token1")
        form.buy_side.set_text(formatting.amount(int(quote.totalAmountOut), buy.decimals))
        form.buy_side.set_stale(False)
        fee = ""
        if request == self.priced_request:  # a refresh: the values stay until the new block's land
            fee = fee_worth(self.prices.known(form.chain, sell.address), int(quote.fee))
        else:  # another form: no dollar value of the last one stays beside these figures
            self.priced_request = None
            form.buy_side.set_usd("")  # (the sell side's is the typed amount's already: `dim`)
            form.summary.priced.setText("")
        form.summary.show_quote(quote, sell, buy, request.impact, fee)
        self.route_card.links = self.links
        lines = route_lines(quote, sell, buy, form.sell.tokens)
        self.route_card.show_quote(quote, sell, buy, lines, form.chain)

    def price(self, request: SwapQuoteRequest) -> None:
        """The dollar values of the quote on screen, at its block."""
        quote, form = self.quote, self.form
        assert quote is not None
        sell, buy = form.token(form.sell, "token0"), form.token(form.buy, "token1")
        block = quote.blockNumber if isinstance(quote, AggQuote) else None
        self.pricing.run(self._price(request, quote, sell, buy, block))

    async def _price(
        self, request: SwapQuoteRequest, quote: Quote, sell: TokenInfo, buy: TokenInfo, at: int | None
    ) -> None:
        form, chain = self.form, self.form.chain
        price_in, price_out = await price_pair(self.prices, chain, sell, buy, request.to, at)
        if quote is not self.quote or request != self.current():  # another quote, or the form changed since
            return
        show_sides((form.sell_side, form.buy_side), (price_in, price_out), quote)
        fee = fee_worth(price_in, int(quote.fee))
        form.summary.show_quote(quote, sell, buy, request.impact, fee)
        form.summary.priced.setText(provenance(chain, price_in, price_out))
        self.priced_request = request
        self.priced((price_in, price_out))

    def dim(self) -> None:
        """What is on screen answers another form now."""
        form = self.form
        form.summary.set_stale(True)
        self.route_card.set_stale(True)
        form.buy_side.set_stale(True)
        # the worth of what is typed now (dimmed at the first key, before the form is judged), at the price known
        token, typed = form.sell.token, 0
        if token is not None:
            try:
                typed = formatting.parse_amount(form.amount.text(), token.decimals)
            except ValueError:  # half-typed: no worth yet
                typed = 0
        price = self.prices.known(form.chain, token.address) if token is not None and typed else None
        form.sell_side.set_usd(worth(price, typed))

    def waiting(self, busy: bool, typed: bool) -> None:
        """No quote on screen: a skeleton while the first one for the amount typed is on its way, else what will
        show here."""
        if busy and typed:
            self.route_card.loading()
            self.form.buy_side.set_loading(True)
            return
        self.form.buy_side.set_loading(False)
        self.route_card.clear(
            tr("The route shows here once the form can be quoted.")
            if typed
            else tr("Type an amount: the route shows here, split across the chain's sources.")
        )

    def clear(self) -> None:
        """Nothing of the last quote stays on screen (figures, route, router, call data, dollar values)."""
        form = self.form
        self.quote = self.priced_request = None
        self.pricing.cancel()
        form.summary.clear()
        self.route_card.clear("")  # its words are the state's (`QuoteTab.say`)
        form.buy_side.set_text("")
        form.buy_side.set_stale(False)
        for side in (form.sell_side, form.buy_side):
            side.set_usd("")
