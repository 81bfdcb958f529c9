"""The Cross-chain tab's side: the bridges compared, or the order being followed, and the list of the orders sent
from this app, kept moving by tracking (`gui.order_feed.OrderFeed`) across restarts; and the worth of what the
side and the card show, in dollars, each on its own chain's pools (`gui.pricing`).

`CrossChainTab` (cross_chain.py) adds the comparison itself; `_refresh`, `_request`, `_quoted_request`,
`_start_quote` and `_show_state` are its.
"""

from __future__ import annotations

from PySide6.QtCore import QTimer, Signal
from PySide6.QtWidgets import QVBoxLayout, QWidget

from swapdesk.api import CrossRoutesRequest, SwapService
from swapdesk.blocking import off_loop
from swapdesk.chains import UnknownChain, by_id
from swapdesk.gui import formatting
from swapdesk.gui.activity import Activity
from swapdesk.gui.i18n import tr
from swapdesk.gui.links import Links
from swapdesk.gui.order_feed import OrderFeed
from swapdesk.gui.pricing import Prices
from swapdesk.gui.tabs import quote_prices
from swapdesk.gui.tabs.cross_choices import CrossChoices
from swapdesk.gui.tabs.cross_order import OrderCard, OrderList
from swapdesk.gui.tabs.cross_routes import RoutesCard
from swapdesk.gui.tasks import Latest
from swapdesk.gui.widgets.pages import Pages
from swapdesk.store import StoredOrder, TxStore

SIDE_WIDTH = 560


class CrossSide(CrossChoices):
    order_shown = Signal(object)  # StoredOrder, on the order card
    orders_listed = Signal(int)
    withdraw_requested = Signal(object)  # StoredOrder whose refund the person asked to withdraw
    look_up = Signal(str, int)  # a transaction to show in History

    # the tab's (cross_chain.py)
    _refresh: QTimer
    _request: CrossRoutesRequest | None
    _quoted_request: CrossRoutesRequest | None

    def __init__(
        self, service: SwapService, store: TxStore, activity: Activity | None = None, prices: Prices | None = None
    ) -> None:
        super().__init__(service, activity, prices)
        self.store = store
        self.links = Links()
        self._listing = Latest(self._unexpected)
        self._showing = Latest(self._unexpected)  # apart from the listing: neither cancels the other
        self.feed = OrderFeed(store, parent=self)
        self._flying = 0  # transfers on their way, as the status bar was last told
        self.feed.updated.connect(self._order_moved)
        self.routes_card = RoutesCard(SIDE_WIDTH)
        self.routes_card.worth = self.worth
        self.order_card = OrderCard(SIDE_WIDTH, activity)
        self.order_list = OrderList(SIDE_WIDTH)
        self.side = Pages()  # as tall as the card it shows
        self.side.addWidget(self.routes_card)
        self.side.addWidget(self.order_card)
        self.right = QWidget()
        self.right.setMaximumWidth(SIDE_WIDTH)
        column = QVBoxLayout(self.right)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.side)
        column.addWidget(self.order_list)
        column.addStretch(1)
        self.order_list.chosen.connect(self.show_order)
        self.order_card.back.connect(self.show_routes)
        self.order_card.withdraw.connect(self.withdraw_requested)
        self.order_card.look_up.connect(self.look_up)

    def _start_quote(self) -> None:
        raise NotImplementedError

    def refresh_orders(self) -> None:
        self._listing.run(self._list_orders())

    async def _list_orders(self) -> None:
        orders = await off_loop(self.store.orders)
        self.order_list.show_orders(orders)
        self.say_in_flight()
        self.orders_listed.emit(len(orders))

    def show_order(self, tx_hash: str) -> None:
        """Follow one order on the card beside the form."""
        self._showing.run(self._show_order(tx_hash))

    async def _show_order(self, tx_hash: str) -> None:
        order = await off_loop(self.store.order, tx_hash)
        if order is None:
            return
        self.order_card.links = self.links
        self.order_card.show_order(order)
        self.side.setCurrentWidget(self.order_card)
        self._refresh.stop()
        self.order_list.update_order(order)
        self.say_in_flight()
        self.order_shown.emit(order)

    def show_routes(self) -> None:
        if self.side.currentWidget() is not self.routes_card:
            self.side.setCurrentWidget(self.routes_card)
            if self._request is not None and self._request != self._quoted_request:
                self._start_quote()
            self._show_state()

    def say_in_flight(self) -> None:
        """The status bar says a transfer is on its way while one is: never "Ready" with money in flight."""
        flying = sum(1 for order in self.order_list.orders if not order.ended)
        if self.activity is None or flying == self._flying:
            return
        self._flying, key = flying, f"transfers-{id(self)}"
        if flying:
            words = tr("A transfer is on its way…") if flying == 1 else tr("{count} transfers are on their way…")
            self.activity.begin(key, words.format(count=flying))
        else:
            self.activity.end(key)

    def _order_moved(self, order: StoredOrder) -> None:
        self.order_list.update_order(order)
        self.say_in_flight()
        if order.ended:
            self.load_balances()  # a refund gives the deposit back on the source chain
        if self.order_card.order is not None and self.order_card.order.hash == order.hash:
            self.order_card.show_order(order)
            self.order_shown.emit(order)

    def priced_words(self) -> str:
        """Where the dollar values on screen come from: each side on its own chain's pools."""
        sides = ((self.src, self.send_picker.token), (self.dst, self.receive_picker.token))
        return quote_prices.provenance_of_sides([(c, self.prices.known(c, t.address)) for c, t in sides if c and t])

    def worth(self, chain_id: int, token: str, units: int) -> str:
        """'≈ $0.43' for `units` of a token of a chain, when its price is known (else nothing)."""
        try:
            chain = by_id(chain_id)
        except UnknownChain:  # a chain the registry does not know has no price
            return ""
        price = self.prices.known(chain, token)
        return formatting.approx_usd(price.value(units)) if price is not None and units else ""

    def _balance_worth(self) -> str:
        token, src, held_now = self.send_picker.token, self.src, self.send_picker.balance()
        if token is None or src is None or not held_now:
            return ""
        return self.worth(src.id, token.address, held_now)
