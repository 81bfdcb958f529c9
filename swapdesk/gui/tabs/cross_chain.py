"""The Cross-chain tab: send a token to another chain, every bridge that can carry it compared side by side,
and each order followed to its end.

The card (`cross_form`) takes the source chain and token, the destination chain and token, the amount and
the recipient (what the bridges serve, the account and its balances: `cross_choices`). One state decides what
the card says (`cross_state.decide`): typing is judged after a short pause, then a valid form is compared by
one request to every bridge (`/ext/v1/cross/routes`); a newer request cancels the older one, and the moment
the form changes the comparison on screen dims, so an old figure never looks current. When no bridge takes
the amount the card says which takes what, and offers the amount they all take. Send… hands the chosen route
(`trade.bridge_checks.CrossShown`) to the window, which reviews and signs it; once sent, the amount is cleared
(the form does not invite a second transfer) and the order is followed beside the form
(`cross_order.OrderCard`), in the list of orders sent from this app, kept moving by tracking
(`gui.order_feed.OrderFeed`), across restarts. Amounts and fees are worth what each chain's own pools say.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QScrollArea, QVBoxLayout

from swapdesk.api import ApiError, CrossRoutes, CrossRoutesRequest, ErrorCode, InvalidParameter, SwapService, parse
from swapdesk.chains import by_id
from swapdesk.gui import error_words, formatting
from swapdesk.gui.activity import Activity
from swapdesk.gui.design.card import ColumnScroll, page
from swapdesk.gui.design.responsive import Responsive
from swapdesk.gui.design.tokens import SPACE
from swapdesk.gui.form_state import Verdict
from swapdesk.gui.i18n import tr
from swapdesk.gui.pricing import Prices
from swapdesk.gui.tabs import cross_limits
from swapdesk.gui.tabs.cross_routes import held
from swapdesk.gui.tabs.cross_side import CrossSide
from swapdesk.gui.tabs.cross_state import CrossFacts, decide
from swapdesk.gui.tasks import Latest
from swapdesk.store import TxStore

if TYPE_CHECKING:
    from swapdesk.trade.bridge import BridgeResult

PAUSE_MS = 300
REFRESH_MS = 15_000  # bridges' terms move slowly; a comparison on screen is asked again this often


class CrossChainTab(CrossSide):
    routes_shown = Signal(object)  # CrossRoutes, once on screen
    routes_failed = Signal(str)
    send_requested = Signal(object, object)  # CrossShown, Account
    priced = Signal()

    def __init__(
        self, service: SwapService, store: TxStore, activity: Activity | None = None, prices: Prices | None = None
    ) -> None:
        super().__init__(service, store, activity, prices)
        self._listed = False  # the bridges' chains and tokens asked of this engine
        self._quiet = False  # asked ahead, the tab not shown: the status bar's "Ready" is not held up by it
        self.found: CrossRoutes | None = None
        self.verdict = Verdict("", False)
        self._request: CrossRoutesRequest | None = None
        self._quoted_request: CrossRoutesRequest | None = None  # the form the comparison on screen answers
        self._invalid: tuple[str, str] | None = None
        self._quoting, self._pricing = Latest(self._unexpected), Latest()
        content = page()
        rows = QVBoxLayout(content)
        rows.setContentsMargins(*[SPACE["sm"]] * 4)  # the scale's step, not the style's 9 to 11 px
        # the order beside the form and the list under it: where the window is too short for them, they
        # scroll inside their column, never the page (issue 22, item 10)
        column = ColumnScroll(self.right)
        rows.addWidget(Responsive(self.card, column))
        rows.addStretch(1)
        self.scroller = QScrollArea()
        self.scroller.setWidgetResizable(True)
        self.scroller.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.scroller.setWidget(content)
        column.fit_within(self.scroller, 2 * SPACE["sm"])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.scroller)

        self._pause = QTimer(self, singleShot=True, interval=PAUSE_MS)
        self._pause.timeout.connect(self._judge)
        self._refresh = QTimer(self, interval=REFRESH_MS)
        self._refresh.timeout.connect(self._start_quote)
        for picker in (self.send_picker, self.receive_picker):
            picker.changed.connect(self.changed)
        self.amount.textChanged.connect(self._edited)
        self.recipient.textChanged.connect(self._edited)
        self.routes_card.chosen.connect(lambda _index: self._show_route())
        self.send_button.clicked.connect(self._primary)
        self.message.acted.connect(self._act)
        self._show_state()

    # -- the state --------------------------------------------------------------------------------

    def _facts(self) -> CrossFacts:
        account, token = self.account, self.send_picker.token
        asked, held_now = self.amount_in(), self.send_picker.balance()
        short = asked is not None and held_now is not None and asked[1] > held_now
        current = self._current()
        found = self.found if current else None
        no_bridge, use = "", ("", "")
        if found is not None and not found.routes and asked is not None:
            no_bridge, use = self._no_bridge(found, asked[1])
        route = self.routes_card.route if current else None
        return CrossFacts(
            loading=self.loading_words,
            load_failed=self._load_failed,
            amount=self.amount.text().strip(),
            typing=self._pause.isActive(),
            invalid=self._invalid,
            no_recipient=account is None and not self.recipient.text().strip(),
            comparing=self._request is not None and not current and (self._quoting.busy or self.service is None),
            refused=self._refused,
            compared=current,
            no_bridge=no_bridge,
            use_amount=use,
            chosen=route.bridge if route is not None else "",
            can_sign_here=self.can_sign_here,
            account=account.label if account is not None else None,
            watch_only=account is not None and not account.can_sign,
            token=token.symbol if token is not None else "",
            short_by=formatting.amount(held_now, token.decimals, token.symbol)
            if short and token is not None and held_now is not None
            else "",
            can_use_max=bool(held_now),
            other_recipient=self.other_recipient(),
            held=tr("{bridge} holds a transfer this large a while before paying it out.").format(bridge=route.bridge)
            if route is not None and held(route)
            else "",
        )

    def _no_bridge(self, found: CrossRoutes, amount: int) -> tuple[str, tuple[str, str]]:
        """Every bridge refused: what each takes, and the amount they all take (or one takes) on a button."""
        token = self.send_picker.token
        assert token is not None
        limits = [found_limits for r in found.unavailable if (found_limits := cross_limits.of_refusal(r))]
        if not limits:
            return tr("No bridge can carry this transfer: see why beside the form."), ("", "")
        words = "; ".join(cross_limits.outside(one, amount, token) for one in limits) + "."
        target = cross_limits.every_bridge_takes(limits, token) or cross_limits.some_bridge_takes(limits, amount, token)
        if target is None:
            return words, ("", "")
        shown = formatting.amount(target, token.decimals, token.symbol)
        return words, (tr("Use {amount}").format(amount=shown), f"amount:{target}")

    def _show_state(self) -> None:
        verdict = self.verdict = decide(self._facts())
        self.send_button.setText(verdict.button)
        self.send_button.setAccessibleName(verdict.button.rstrip("…"))
        self.send_button.setEnabled(verdict.enabled)
        self.message.show_message(verdict.message)
        self.mark_field(verdict.field)
        busy = verdict.message is not None and verdict.message.kind == "progress"
        if self.activity is not None:  # the status bar hears of work that runs: not of a list never asked yet
            busy = busy and (self._listed or not self.loading_words) and not (self._quiet and not self.isVisible())
            key = f"cross-form-{id(self)}"
            if busy and verdict.message is not None:
                self.activity.begin(key, verdict.message.text)
            else:
                self.activity.end(key)
        if self.found is None and self.side.currentWidget() is self.routes_card:
            if busy and self.amount.text().strip() and not self.loading_words:
                self.routes_card.quoting()
                self.receive_side.set_loading(True)
            else:
                self.receive_side.set_loading(False)
                self.routes_card.clear(
                    tr("Type an amount: every bridge that can carry it is compared here.")
                    if not self.amount.text().strip()
                    else tr("The bridges are compared here once the form is complete.")
                )

    def _primary(self) -> None:
        if self.verdict.acts == "accounts":
            self.manage_accounts.emit()
        else:
            self.request_send()

    def _act(self, act: str) -> None:
        token = self.send_picker.token
        if act == "max":
            self.use_max()
        elif act == "retry":
            self.load_tokens()
        elif act == "accounts":
            self.manage_accounts.emit()
        elif act.startswith("amount:") and token is not None:
            self.amount.setText(formatting.plain(int(act.removeprefix("amount:")), token.decimals))

    # -- the form and its comparison --------------------------------------------------------------

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
            names = error_words.Names(dst.name if error.parameter == "to" else src.name, sell.symbol, buy.symbol)
            raise InvalidParameter(error.parameter or "quote", error.code, error_words.refusal(error, names)) from None

    def _edited(self) -> None:
        if self.found is not None:
            self.routes_card.set_stale(True)
            self.receive_side.set_stale(True)
        asked, src = self.amount_in(), self.src  # the typed amount's worth at once, never the last judged one's
        self.send_side.set_usd(self.worth(src.id, asked[0].address, asked[1]) if asked and src else "")
        self._pause.start()
        self.show_balance(self._balance_worth())
        self._show_state()

    def changed(self) -> None:
        self._pause.stop()
        self._judge()

    def _judge(self) -> None:
        self._invalid = None
        self.show_balance(self._balance_worth())
        if not self.amount.text().strip() or (self.account is None and not self.recipient.text().strip()):
            self._request = None
            self._clear()
            return self._show_state()
        try:
            request = self.request()
        except InvalidParameter as error:
            self._request, self._invalid = None, (error.parameter or "quote", error.rule)
            self._clear()
            return self._show_state()
        if request != self._request or (request != self._quoted_request and not self._quoting.busy):
            self._request, self._refused = request, None
            if request != self._quoted_request:
                self.routes_card.quoting()
                self.receive_side.set_stale(True)
                self.show_routes()  # the form is being changed: the comparison, not an old order, is what matters
                self._start_quote()
        self._show_state()

    def _start_quote(self) -> None:
        """Compare the bridges for the form (once there is an engine: before, the kept list is filled in)."""
        if self._request is not None and self.side.currentWidget() is self.routes_card and self.service is not None:
            self._quoting.run(self._quote(self._request))
            self._show_state()

    async def _quote(self, request: CrossRoutesRequest) -> None:
        try:
            found = await self.service.cross_routes(request)
        except ApiError as error:
            if request == self._request:  # a stale refusal must not land either
                self._clear()
                names = error_words.Names(self.src.name if self.src else "")
                self._refused = (error.parameter or "", error_words.refusal(error, names))
                self.message.setToolTip(error_words.said(error))  # the engine's own words, in the window's
                self._show_state()
                self.routes_failed.emit(error.message)
            return
        if request != self._request:  # the form moved on while this comparison was out
            return
        self.found, self._quoted_request = found, request
        sell, buy = self.token(self.send_picker, "token0"), self.token(self.receive_picker, "token1")
        self.routes_card.show_routes(found, sell, buy, self.src.name if self.src else "")
        self._show_route()
        self._refresh.start()
        self.routes_shown.emit(found)
        self.routes_card.priced.setText("")  # said again once this comparison is priced
        self._pricing.run(self._price(found))

    async def _price(self, found: CrossRoutes) -> None:
        """The amounts' and fees' worth, each on its own chain's pools; the rows are drawn again with them."""
        src, dst, sell, buy = self.src, self.dst, self.send_picker.token, self.receive_picker.token
        if src is None or dst is None or sell is None or buy is None or self.account is None:
            return
        who_src, who_dst = self.account.address_on(src.tron), self.account.address_on(dst.tron)
        await self.prices.price(src, sell, who_src)
        await self.prices.price(dst, buy, who_dst)
        for fee in {(f.chainId, f.token) for r in found.routes for f in r.fees}:
            chain = by_id(fee[0])
            tokens = await self.prices.tokens(chain)
            token = next((t for t in tokens if t.address.lower() == fee[1].lower()), None)
            if token is not None:
                await self.prices.price(chain, token, who_src if chain == src else who_dst)
        if found is not self.found or sell is not self.send_picker.token:
            return
        self.routes_card.show_routes(found, sell, buy, src.name)
        self.routes_card.priced.setText(self.priced_words())
        self._show_route()
        self.show_balance(self._balance_worth())
        self.priced.emit()

    def _show_route(self) -> None:
        route, buy, sell = self.routes_card.route, self.receive_picker.token, self.send_picker.token
        self.receive_side.set_text(formatting.amount(int(route.amountOut), buy.decimals) if route and buy else "")
        self.receive_side.set_stale(False)
        dst, src = self.dst, self.src
        self.receive_side.set_usd(
            self.worth(dst.id, buy.address, int(route.amountOut)) if route and buy and dst else ""
        )
        asked = self.amount_in()
        self.send_side.set_usd(self.worth(src.id, sell.address, asked[1]) if asked and sell and src else "")
        self._show_state()

    def _clear(self) -> None:
        """Nothing of the last comparison stays on screen."""
        self.found = self._quoted_request = None
        self._quoting.cancel()
        self._pricing.cancel()
        self._refresh.stop()
        self.receive_side.set_text("")
        self.receive_side.set_stale(False)
        for side in (self.send_side, self.receive_side):
            side.set_usd("")
        self.message.setToolTip("")

    def _current(self) -> bool:
        return self._request is not None and self._request == self._quoted_request

    def request_send(self) -> None:
        """Send the chosen route: only when the comparison answers the form as it is now."""
        route, request, account = self.routes_card.route, self._quoted_request, self.account
        if route is None or request is None or account is None or not self._current():
            return
        if not self.verdict.enabled or self.verdict.acts:
            return
        from swapdesk.trade.bridge_checks import CrossShown

        sell, buy = self.token(self.send_picker, "token0"), self.token(self.receive_picker, "token1")
        self._refresh.stop()  # the review holds this route; a refresh would change what it repeats
        self.send_requested.emit(
            CrossShown(request, route, (sell.symbol, buy.symbol), (sell.decimals, buy.decimals)), account
        )

    def order_sent(self, result: BridgeResult) -> None:
        """A transfer just sent from here: follow it, clear the amount, and show the balance it left."""
        self.show_order(result.hash)
        self.feed.wake()
        self.amount.clear()
        self.changed()
        self.load_balances()

    def use_service(self, service: SwapService) -> None:
        """A new engine: its orders followed at once; the bridges' chains and tokens asked when the tab is first
        shown, or when the window has nothing else to do (`prefetch`)."""
        self.service = service
        self._request = None
        if not self.from_kept:  # the kept list stays usable until the engine's replaces it
            self.tokens = {}
        self._clear()
        self.feed.start(service)
        self.refresh_orders()
        self._listed = self._quiet = False
        if self.isVisible():
            self._list()
        if self.tokens:  # the kept list: a form filled in before the engine is compared now
            self._judge()
        else:
            self._show_state()

    def prefetch(self) -> None:
        """Ask the bridges' chains and tokens now, before the tab is shown (the window is otherwise idle)."""
        if not self._listed and self.service is not None:
            self._quiet = True
            self._list()

    def _list(self) -> None:
        self._listed = True
        self.load_tokens()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if not self._listed and self.service is not None:
            self._list()
        elif self._quiet:  # asked ahead and still loading: the status bar hears of it now
            self._show_state()

    def shutdown(self) -> None:
        for work in (self._quoting, self._loading, self._balancing, self._listing, self._showing, self._pricing):
            work.close()
        for timer in (self._pause, self._refresh):
            timer.stop()
        self.feed.stop()
        self.order_card.progress.stop()
        if self.activity is not None:
            self.activity.end(f"cross-form-{id(self)}")
            self.activity.end(f"transfers-{id(self)}")
