"""The Cross-chain tab: send a token to another chain, every bridge that can carry it compared side by side,
and each order followed to its end.

The card (`cross_form`) takes the source chain and token, the destination chain and token, the amount and
the recipient (what the bridges serve, the account and its balances: `cross_choices`); every change is
checked with the shared validation layer, and a valid form is quoted after a short pause by one request to
every bridge (`/ext/v1/cross/routes`). A newer request cancels the older one (exclusive work,
`tasks.Latest`), and the moment the form changes the comparison on screen dims and says "Comparing the
bridges…", or clears when the form cannot be quoted, so an old figure never looks current.
Send… hands the chosen route (`trade.bridge_checks.CrossShown`) to the window, which reviews and signs it.
Beside the card: the routes compared, or the order being followed (`cross_order.OrderCard`), and the list of
orders sent from this app, kept moving by tracking (`gui.order_feed.OrderFeed`), across restarts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QTimer, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QScrollArea, QVBoxLayout, QWidget

from swapdesk.api import (
    ApiError,
    CrossRoutes,
    CrossRoutesRequest,
    ErrorCode,
    InvalidParameter,
    SwapService,
    parse,
)
from swapdesk.blocking import off_loop
from swapdesk.gui import formatting
from swapdesk.gui.activity import Activity
from swapdesk.gui.links import Links
from swapdesk.gui.order_feed import OrderFeed
from swapdesk.gui.tabs.cross_choices import CrossChoices
from swapdesk.gui.tabs.cross_order import OrderCard, OrderList
from swapdesk.gui.tabs.cross_routes import RoutesCard
from swapdesk.gui.tasks import Latest
from swapdesk.gui.widgets.card import centred
from swapdesk.gui.widgets.pages import Pages
from swapdesk.store import StoredOrder, TxStore
from swapdesk.units import BadAmount

if TYPE_CHECKING:
    from swapdesk.trade.bridge import BridgeResult

DEBOUNCE_MS = 300
REFRESH_MS = 15_000  # bridges' terms move slowly; a comparison on screen is asked again this often
SIDE_WIDTH = 560


class CrossChainTab(CrossChoices):
    routes_shown = Signal(object)  # CrossRoutes, once on screen
    routes_failed = Signal(str)
    send_requested = Signal(object, object)  # CrossShown, Account
    order_shown = Signal(object)  # StoredOrder, on the order card
    orders_listed = Signal(int)
    withdraw_requested = Signal(object)  # StoredOrder whose refund the person asked to withdraw
    look_up = Signal(str, int)  # a transaction to show in History

    def __init__(self, service: SwapService, store: TxStore, activity: Activity | None = None) -> None:
        super().__init__(service, activity)
        self.store = store
        self._listed = False  # the bridges' chains and tokens asked of this engine
        self.links = Links()
        self.found: CrossRoutes | None = None
        self._request: CrossRoutesRequest | None = None
        self._quoted_request: CrossRoutesRequest | None = None  # the form the comparison on screen answers
        self._quoting, self._listing = Latest(self._unexpected), Latest(self._unexpected)
        self._showing = Latest(self._unexpected)  # apart from the listing: neither cancels the other
        self.feed = OrderFeed(store, parent=self)
        self.feed.updated.connect(self._order_moved)

        self.routes_card = RoutesCard(SIDE_WIDTH, activity)
        self.order_card = OrderCard(SIDE_WIDTH, activity)
        self.order_list = OrderList(SIDE_WIDTH)
        self.side = Pages()  # as tall as the card it shows
        self.side.addWidget(self.routes_card)
        self.side.addWidget(self.order_card)
        self.side.setFixedWidth(SIDE_WIDTH)
        right = QWidget()
        column = QVBoxLayout(right)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.side)
        column.addWidget(self.order_list)
        column.addStretch(1)
        page = QWidget()
        rows = QVBoxLayout(page)
        rows.addLayout(centred(self.card, right))
        rows.addStretch(1)
        self.scroller = QScrollArea()
        self.scroller.setWidgetResizable(True)
        self.scroller.setFrameShape(QScrollArea.Shape.NoFrame)
        self.scroller.setWidget(page)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.scroller)

        self._debounce = QTimer(self, singleShot=True, interval=DEBOUNCE_MS)
        self._debounce.timeout.connect(self._start_quote)
        self._refresh = QTimer(self, interval=REFRESH_MS)
        self._refresh.timeout.connect(self._start_quote)
        for picker in (self.send_picker, self.receive_picker):
            picker.changed.connect(self.changed)
        self.amount.textChanged.connect(self.changed)
        self.recipient.textChanged.connect(self.changed)
        self.routes_card.chosen.connect(lambda _index: self._show_route())
        self.send_button.clicked.connect(self.request_send)
        self.order_list.chosen.connect(self.show_order)
        self.order_card.back.connect(self.show_routes)
        self.order_card.withdraw.connect(self.withdraw_requested)
        self.order_card.look_up.connect(self.look_up)

    # -- the form and its comparison --------------------------------------------------------------

    def request(self) -> CrossRoutesRequest:
        """The form as a validated routes request; InvalidParameter names the field at fault."""
        src, dst = self.src, self.dst
        if src is None or dst is None:
            raise InvalidParameter("fromChainID", ErrorCode.UNKNOWN_CHAIN, "the bridges' chains are loading…")
        sell, buy = self.token(self.send_picker, "token0"), self.token(self.receive_picker, "token1")
        try:
            amount = self.send_side.value(sell.decimals)
        except BadAmount as exc:
            raise InvalidParameter("amountIn", ErrorCode.NOT_AN_AMOUNT, str(exc)) from None
        query = {"fromChainID": str(src.id), "toChainID": str(dst.id), "token0": sell.address,
                 "token1": buy.address, "amountIn": str(amount), "to": self.recipient.text().strip()}  # fmt: skip
        if self.account is not None:
            query["issuer"] = self.account.address_on(src.tron)  # its gas is measured, once it can be
        return parse(CrossRoutesRequest, query.items())

    def changed(self) -> None:
        self.hide_errors()
        self.show_balance()
        self.show_recipient_note()
        if not self.amount.text().strip():
            self._request = None
            self._clear("Type an amount: every bridge that can carry it is compared here.")
            return
        try:
            request = self.request()
        except InvalidParameter as error:
            self._request = None
            self._clear("The form has a mistake: see the message beside it.")
            self.show_error(error.parameter or "quote", error.rule)
            return
        pending = self._debounce.isActive() or self._quoting.busy
        if request == self._request and (pending or request == self._quoted_request):
            self._show_send_state()
            return  # nothing the comparison depends on changed
        self._request = request
        if request != self._quoted_request:
            self.routes_card.quoting()
            self.receive_side.set_stale(True)
            self.show_routes()  # the form is being changed: the comparison, not an old order, is what matters
        self._show_send_state()
        self._debounce.start()

    def _start_quote(self) -> None:
        if self._request is not None and self.side.currentWidget() is self.routes_card:
            self._quoting.run(self._quote(self._request))

    async def _quote(self, request: CrossRoutesRequest) -> None:
        try:
            found = await self.service.cross_routes(request)
        except ApiError as error:
            if request == self._request:  # a stale refusal must not land either
                self._clear("No bridge can be asked for this form: see the message.")
                self.show_error(error.parameter or "quote", error.message.removeprefix(f"{error.parameter}: "))
                self.routes_failed.emit(error.message)
            return
        if request != self._request:  # the form moved on while this comparison was out
            return
        self.found, self._quoted_request = found, request
        self.routes_card.show_routes(
            found, self.token(self.send_picker, "token0"), self.token(self.receive_picker, "token1")
        )
        self._show_route()
        self._refresh.start()
        self.routes_shown.emit(found)

    def _show_route(self) -> None:
        route, buy = self.routes_card.route, self.receive_picker.token
        self.receive_side.set_text(formatting.amount(int(route.amountOut), buy.decimals) if route and buy else "")
        self.receive_side.set_stale(False)
        self._show_send_state()

    def _clear(self, message: str) -> None:
        """Nothing of the last comparison stays on screen."""
        self.found = self._quoted_request = None
        self._quoting.cancel()
        self._debounce.stop()
        self._refresh.stop()
        self.routes_card.clear(message)
        self.receive_side.set_text("")
        self.receive_side.set_stale(False)
        self._show_send_state()

    def _current(self) -> bool:
        return self._request is not None and self._request == self._quoted_request

    def _show_send_state(self) -> None:
        self.show_send_state(self.send_blocked(self._current() and self.routes_card.route is not None))

    def _unexpected(self, error: BaseException) -> None:
        super()._unexpected(error)
        self.routes_failed.emit(str(error))

    def request_send(self) -> None:
        """Send the chosen route: only when the comparison answers the form as it is now."""
        route, request, account = self.routes_card.route, self._quoted_request, self.account
        if route is None or request is None or account is None or not self._current() or self.send_button.isHidden():
            return
        if self.send_blocked(True):
            return
        from swapdesk.trade.bridge_checks import CrossShown

        sell, buy = self.token(self.send_picker, "token0"), self.token(self.receive_picker, "token1")
        self._refresh.stop()  # the review holds this route; a refresh would change what it repeats
        self.send_requested.emit(
            CrossShown(request, route, (sell.symbol, buy.symbol), (sell.decimals, buy.decimals)), account
        )

    # -- orders ----------------------------------------------------------------------------------------

    def refresh_orders(self) -> None:
        self._listing.run(self._list_orders())

    async def _list_orders(self) -> None:
        orders = await off_loop(self.store.orders)
        self.order_list.show_orders(orders)
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
        self.order_shown.emit(order)

    def order_sent(self, result: BridgeResult) -> None:
        """A transfer just sent from here: follow it now, and show the balance it left."""
        self.show_order(result.hash)
        self.feed.wake()
        self.load_balances()

    def show_routes(self) -> None:
        if self.side.currentWidget() is not self.routes_card:
            self.side.setCurrentWidget(self.routes_card)
            if self._request is not None and self._request != self._quoted_request:
                self._debounce.start()

    def _order_moved(self, order: StoredOrder) -> None:
        self.order_list.update_order(order)
        if order.ended:
            self.load_balances()  # a refund gives the deposit back on the source chain
        if self.order_card.order is not None and self.order_card.order.hash == order.hash:
            self.order_card.show_order(order)
            self.order_shown.emit(order)

    def use_service(self, service: SwapService) -> None:
        """A new engine: its orders followed at once; the bridges' chains and tokens asked when the tab is first
        shown (asking lists every chain the bridges serve, which starts every one of the devnet's)."""
        self.service = service
        self.tokens, self._request = {}, None
        self._clear("Type an amount: every bridge that can carry it is compared here.")
        self.feed.start(service)
        self.refresh_orders()
        self._listed = False
        if self.isVisible():
            self._list()

    def _list(self) -> None:
        self._listed = True
        self.load_tokens()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if not self._listed and self.service is not None:
            self._list()

    def shutdown(self) -> None:
        for work in (self._quoting, self._loading, self._balancing, self._listing, self._showing):
            work.close()
        for timer in (self._debounce, self._refresh):
            timer.stop()
        self.feed.stop()
        self.loading.stop()
        self.routes_card.progress.stop()
        self.order_card.progress.stop()
