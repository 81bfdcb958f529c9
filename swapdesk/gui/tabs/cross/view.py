"""The comparison on screen: the bridges compared beside the form (`cross.routes.RoutesCard`), the chosen route's
amount under "You receive", and their worth in dollars, each on its own chain's pools (`gui.pricing`).

What it shows answers one form: it dims at once when the form changes, and clears when the form can no longer
be compared; prices that land for another comparison, or another token, are dropped.
"""

from __future__ import annotations

from collections.abc import Callable

from swapdesk.api import CrossRoutes
from swapdesk.chains import UnknownChain, by_id
from swapdesk.gui import formatting
from swapdesk.gui.i18n import tr
from swapdesk.gui.pricing import Prices
from swapdesk.gui.tabs.cross.form import CrossForm
from swapdesk.gui.tabs.cross.routes import RoutesCard
from swapdesk.gui.tabs.quote.prices import provenance_of_sides
from swapdesk.gui.tasks import Latest


class RoutesView:
    def __init__(self, form: CrossForm, routes_card: RoutesCard, prices: Prices, priced: Callable[[], None]) -> None:
        """`priced` hears of the dollar values once they are shown."""
        self.form, self.routes_card, self.prices, self.priced = form, routes_card, prices, priced
        self.found: CrossRoutes | None = None
        self.pricing = Latest()
        routes_card.worth = self.worth

    def show(self, found: CrossRoutes) -> None:
        form = self.form
        self.found = found
        sell, buy = form.token(form.send_picker, "token0"), form.token(form.receive_picker, "token1")
        self.routes_card.show_routes(found, sell, buy, form.src.name if form.src else "")
        self.show_route()

    def show_route(self) -> None:
        """The chosen route's amount under the form, and both sides' worth."""
        form = self.form
        route, buy, sell = self.routes_card.route, form.receive_picker.token, form.send_picker.token
        form.receive_side.set_text(formatting.amount(int(route.amountOut), buy.decimals) if route and buy else "")
        form.receive_side.set_stale(False)
        dst, src = form.dst, form.src
        form.receive_side.set_usd(
            self.worth(dst.id, buy.address, int(route.amountOut)) if route and buy and dst else ""
        )
        asked = form.amount_in()
        form.send_side.set_usd(self.worth(src.id, sell.address, asked[1]) if asked and sell and src else "")

    def price(self, found: CrossRoutes) -> None:
        self.routes_card.priced.setText("")  # said again once this comparison is priced
        self.pricing.run(self._price(found))

    async def _price(self, found: CrossRoutes) -> None:
        """The amounts' and fees' worth, each on its own chain's pools; the rows are drawn again with them."""
        form = self.form
        src, dst, sell, buy = form.src, form.dst, form.send_picker.token, form.receive_picker.token
        if src is None or dst is None or sell is None or buy is None or form.account is None:
            return
        who_src, who_dst = form.account.address_on(src.tron), form.account.address_on(dst.tron)
        await self.prices.price(src, sell, who_src)
        await self.prices.price(dst, buy, who_dst)
        for fee in {(f.chainId, f.token) for r in found.routes for f in r.fees}:
            chain = by_id(fee[0])
            tokens = await self.prices.tokens(chain)
            token = next((t for t in tokens if t.address.lower() == fee[1].lower()), None)
            if token is not None:
                await self.prices.price(chain, token, who_src if chain == src else who_dst)
        if found is not self.found or sell is not form.send_picker.token:
            return
        self.routes_card.show_routes(found, sell, buy, src.name)
        self.routes_card.priced.setText(self.priced_words())
        self.show_route()
        self.priced()

    def waiting(self, busy: bool, typed: bool) -> None:
        """No comparison on screen: a skeleton while the first one for the amount typed is on its way, else what
        will show here."""
        if busy and typed:
            self.routes_card.quoting()
            self.form.receive_side.set_loading(True)
            return
        self.form.receive_side.set_loading(False)
        self.routes_card.clear(
            tr("The bridges are compared here once the form is complete.")
            if typed
            else tr("Type an amount: every bridge that can carry it is compared here.")
        )

    def dim(self) -> None:
        """The form changed: what is shown answers another form now."""
        if self.found is not None:
            self.routes_card.set_stale(True)
            self.form.receive_side.set_stale(True)

    def clear(self) -> None:
        """Nothing of the last comparison stays on screen."""
        form = self.form
        self.found = None
        self.pricing.cancel()
        form.receive_side.set_text("")
        form.receive_side.set_stale(False)
        for side in (form.send_side, form.receive_side):
            side.set_usd("")

    def priced_words(self) -> str:
        """Where the dollar values on screen come from: each side on its own chain's pools."""
        form = self.form
        sides = ((form.src, form.send_picker.token), (form.dst, form.receive_picker.token))
        return provenance_of_sides([(c, self.prices.known(c, t.address)) for c, t in sides if c and t])

    def worth(self, chain_id: int, token: str, units: int) -> str:
        """'≈ $0.43' for `units` of a token of a chain, when its price is known (else nothing)."""
        try:
            chain = by_id(chain_id)
        except UnknownChain:  # a chain the registry does not know has no price
            return ""
        price = self.prices.known(chain, token)
        return formatting.approx_usd(price.value(units)) if price is not None and units else ""

    def balance_worth(self) -> str:
        """The worth of the balance shown under the amount."""
        form = self.form
        token, src, held_now = form.send_picker.token, form.src, form.send_picker.balance()
        if token is None or src is None or not held_now:
            return ""
        return self.worth(src.id, token.address, held_now)
