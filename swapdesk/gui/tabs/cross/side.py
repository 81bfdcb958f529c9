"""The Cross-chain tab's side: the bridges compared, or the order being followed, and under them the list of the
orders sent from this app, kept moving by tracking (`gui.order_feed.OrderFeed`) across restarts.

The tab (`cross.tab`) wires it: it hears when an order takes the place of the comparison (nothing is compared
while an order is followed) and when the comparison comes back, and an order that ended reads the balances again
(a refund gives the deposit back on the source chain).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QVBoxLayout, QWidget

from swapdesk.gui.activity import Activity
from swapdesk.gui.i18n import tr
from swapdesk.gui.links import Links
from swapdesk.gui.order_feed import OrderFeed
from swapdesk.gui.tabs.cross.orders import OrderCard, OrderList
from swapdesk.gui.tabs.cross.routes import RoutesCard
from swapdesk.gui.tasks import Latest
from swapdesk.gui.widgets.pages import Pages
from swapdesk.off_loop import off_loop
from swapdesk.store import StoredOrder, TxStore

SIDE_WIDTH = 560


@dataclass(frozen=True)
class Told:
    """What the side tells the tab."""

    following: Callable[[], None]  # an order took the comparison's place
    comparing: Callable[[], None]  # the comparison is back in view
    ended: Callable[[], None]  # an order ended
    unexpected: Callable[[BaseException], None]  # a bug in one of its tasks


class CrossSide(QObject):
    order_shown = Signal(object)  # StoredOrder, on the order card
    orders_listed = Signal(int)
    withdraw_requested = Signal(object)  # StoredOrder whose refund the person asked to withdraw
    look_up = Signal(str, int)  # a transaction to show in History

    def __init__(self, store: TxStore, activity: Activity | None, told: Told, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.store, self.activity, self.told = store, activity, told
        self.links = Links()
        self._listing = Latest(told.unexpected)
        self._showing = Latest(told.unexpected)  # apart from the listing: neither cancels the other
        self.feed = OrderFeed(store, parent=self)
        self._flying = 0  # transfers on their way, as the status bar was last told
        self.feed.updated.connect(self._order_moved)
        self.routes_card = RoutesCard(SIDE_WIDTH)
        self.order_card = OrderCard(SIDE_WIDTH, activity)
        self.order_list = OrderList(SIDE_WIDTH)
        self.pages = Pages()  # as tall as the card it shows
        self.pages.addWidget(self.routes_card)
        self.pages.addWidget(self.order_card)
        self.column = QWidget()
        self.column.setMaximumWidth(SIDE_WIDTH)
        column = QVBoxLayout(self.column)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.pages)
        column.addWidget(self.order_list)
        column.addStretch(1)
        self.order_list.chosen.connect(self.show_order)
        self.order_card.back.connect(self.show_routes)
        self.order_card.withdraw.connect(self.withdraw_requested)
        self.order_card.look_up.connect(self.look_up)

    @property
    def comparing(self) -> bool:
        """The bridges compared are in view (no order followed in their place)."""
        return self.pages.currentWidget() is self.routes_card

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
        self.pages.setCurrentWidget(self.order_card)
        self.told.following()
        self.order_list.update_order(order)
        self.say_in_flight()
        self.order_shown.emit(order)

    def show_routes(self) -> None:
        if not self.comparing:
            self.pages.setCurrentWidget(self.routes_card)
            self.told.comparing()

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
            self.told.ended()
        if self.order_card.order is not None and self.order_card.order.hash == order.hash:
            self.order_card.show_order(order)
            self.order_shown.emit(order)

    def close(self) -> None:
        for work in (self._listing, self._showing):
            work.close()
        self.feed.stop()
        self.order_card.progress.stop()
        if self.activity is not None:
            self.activity.end(f"transfers-{id(self)}")
