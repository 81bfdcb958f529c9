"""The Cross-chain tab: send a token to another chain, every bridge that can carry it compared side by side,
and each order followed to its end.

The tab wires parts that each have one job: the form (`cross.form`: the source chain and token, the destination
chain and token, the amount and the recipient, read as a request), its choices (`cross.choices`: what the
bridges serve, the account and its balances), the asking (`asking.Asking`: typing judged after a short pause,
then a valid form compared by one request to every bridge, `/ext/v1/cross/routes`, a newer request cancelling
the older one), the comparison on screen (`cross.view`), the side with the orders (`cross.side`), and the state
(`cross.state.decide`, from the facts `cross.facts` gathers, said by `voice.Voice`). The moment the form changes
the comparison on screen dims, so an old figure never looks current. When no bridge takes the amount the card
says which takes what, and offers the amount they all take. Send… hands the chosen route
(`trade.bridge_checks.CrossShown`) to the window, which reviews and signs it; once sent, the amount is cleared
(the form does not invite a second transfer) and the order is followed beside the form. Amounts and fees are
worth what each chain's own pools say.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QWidget

from swapdesk.api import ApiError, CrossRoutes, CrossRoutesRequest, SwapService
from swapdesk.chains import Chain
from swapdesk.gui import error_words, formatting
from swapdesk.gui.activity import Activity
from swapdesk.gui.form_state import Verdict
from swapdesk.gui.links import Links
from swapdesk.gui.pricing import Prices
from swapdesk.gui.tabs.asking import Asking, Steps, complete
from swapdesk.gui.tabs.cross.choices import CrossChoices
from swapdesk.gui.tabs.cross.choices import Told as ChoicesTold
from swapdesk.gui.tabs.cross.facts import facts
from swapdesk.gui.tabs.cross.form import CrossForm
from swapdesk.gui.tabs.cross.side import CrossSide
from swapdesk.gui.tabs.cross.side import Told as SideTold
from swapdesk.gui.tabs.cross.state import decide
from swapdesk.gui.tabs.cross.view import RoutesView
from swapdesk.gui.tabs.parts import Forwarded, page_of
from swapdesk.gui.tabs.voice import Voice
from swapdesk.store import TxStore

if TYPE_CHECKING:
    from swapdesk.gui.tabs.cross_kept import KeptList
    from swapdesk.trade.bridge import BridgeResult
    from swapdesk.wallet import Account

PAUSE_MS = 300
REFRESH_MS = 15_000  # bridges' terms move slowly; a comparison on screen is asked again this often


class CrossChainTab(QWidget):
    routes_shown = Signal(object)  # CrossRoutes, once on screen
    routes_failed = Signal(str)
    send_requested = Signal(object, object)  # CrossShown, Account
    priced = Signal()
    manage_accounts = Signal()

    # what the window and the tests read or set on the tab, held by its parts
    src: Forwarded[Chain | None] = Forwarded("form")
    dst: Forwarded[Chain | None] = Forwarded("form")
    accounts: Forwarded[list[Account]] = Forwarded("form.offered")
    account: Forwarded[Account | None] = Forwarded("form")
    found: Forwarded[CrossRoutes | None] = Forwarded("view")
    verdict: Forwarded[Verdict] = Forwarded("voice")
    links: Forwarded[Links] = Forwarded("aside")
    pending: Forwarded[frozenset[int]] = Forwarded("choices")  # chains said loading: only the pair is listed
    loading_words: Forwarded[str] = Forwarded("choices")
    kept: Forwarded[KeptList | None] = Forwarded("choices")  # the last run's list (`cross_kept`), until listed
    from_kept: Forwarded[bool] = Forwarded("choices")  # the tokens listed are the kept ones
    first_start: Forwarded[Callable[[], bool]] = Forwarded("choices")  # whether the devnet builds its worlds

    def __init__(
        self, service: SwapService, store: TxStore, activity: Activity | None = None, prices: Prices | None = None
    ) -> None:
        super().__init__()
        self.service: SwapService | None = service
        self.activity = activity
        self.prices = prices or Prices(service)
        self.can_sign_here = False  # the engine can send from this window (embedded, not a remote server)
        self._listed = False  # the bridges' chains and tokens asked of this engine
        self._quiet = False  # asked ahead, the tab not shown: the status bar's "Ready" is not held up by it
        self.form = form = CrossForm(self)
        steps: Steps[CrossRoutesRequest, CrossRoutes] = Steps(
            read=self._read, ask=self._ask, say=self.say, judging=self._show_balance, sent=self._sent,
            answered=self._answered, refused=self._refused, cleared=self._cleared, words=self._refusal_words,
            may_ask=lambda: self.aside.comparing and self.service is not None,
        )  # fmt: skip
        self.asking = Asking(self, steps, PAUSE_MS, REFRESH_MS)
        told = ChoicesTold(say=self.say, changed=self.changed, balance=self._show_balance,
                           unexpected=self.asking.unexpected)  # fmt: skip
        self.choices = CrossChoices(form, lambda: self.service, activity, told)
        beside = SideTold(following=self.asking.refresh.stop, comparing=self._comparing,
                          ended=self.choices.load_balances, unexpected=self.asking.unexpected)  # fmt: skip
        self.aside = CrossSide(store, activity, beside, self)
        self.view = RoutesView(form, self.aside.routes_card, self.prices, self._priced)
        acts = {
            "": lambda _: self.request_send(),
            "accounts": lambda _: self.manage_accounts.emit(),
            "max": lambda _: self.use_max(),
            "retry": lambda _: self.load_tokens(),
            "amount": self._use_amount,
        }
        self.voice = Voice(form.send_button, form.message, form.mark_field, activity, f"cross-form-{id(self)}", acts)
        self._surface(form)
        self.scroller = page_of(self, form.card, self.aside.column)
        form.accounts_button.clicked.connect(self.manage_accounts)
        form.send_side.max_clicked.connect(self.use_max)
        for picker in (form.send_picker, form.receive_picker):
            picker.changed.connect(self.changed)
        form.amount.textChanged.connect(self._edited)
        form.recipient.textChanged.connect(self._edited)
        self.routes_card.chosen.connect(lambda _index: self._show_route())
        self.say()

    def _surface(self, form: CrossForm) -> None:
        """The form's fields and the parts' news, as the window and the tests reach them on the tab."""
        self.card, self.account_box, self.accounts_button = form.card, form.account_box, form.accounts_button
        self.src_box, self.dst_box, self.flip_button = form.src_box, form.dst_box, form.flip_button
        self.send_picker, self.receive_picker = form.send_picker, form.receive_picker
        self.send_side, self.receive_side = form.send_side, form.receive_side
        self.amount, self.max_button, self.recipient = form.amount, form.max_button, form.recipient
        self.message, self.send_button = form.message, form.send_button
        self.choose_account, self.choose_chains, self.ready = form.offered.choose, form.choose_chains, form.ready
        self.amount_in, self.request = form.amount_in, form.request
        choices, aside = self.choices, self.aside
        self.tokens_loaded, self.pair_listed, self.list_failed = (
            choices.tokens_loaded, choices.pair_listed, choices.list_failed)  # fmt: skip
        self.balances_shown, self.accounts_shown = choices.balances_shown, choices.accounts_shown
        self.set_accounts, self.load_tokens = choices.set_accounts, choices.load_tokens
        self.show_kept = choices.show_kept
        self.order_shown, self.orders_listed = aside.order_shown, aside.orders_listed
        self.withdraw_requested, self.look_up = aside.withdraw_requested, aside.look_up
        self.routes_card, self.order_card, self.order_list = aside.routes_card, aside.order_card, aside.order_list
        self.side, self.feed = aside.pages, aside.feed  # the bridges compared, or the order followed
        self.refresh_orders, self.show_order = aside.refresh_orders, aside.show_order
        self.show_routes = aside.show_routes
        self.worth, self.priced_words = self.view.worth, self.view.priced_words

    # -- what the window asks of the tab ----------------------------------------------------------

    def use_max(self) -> None:
        self.form.use_max(self.choices.held())

    def changed(self) -> None:
        self.asking.changed()

    def request_send(self) -> None:
        """Send the chosen route: only when the comparison answers the form as it is now."""
        route, request, account = self.routes_card.route, self.asking.answered, self.form.account
        if route is None or request is None or account is None or not self.asking.current or not self.voice.allows:
            return
        from swapdesk.trade.bridge_checks import CrossShown

        sell, buy = self.form.token(self.send_picker, "token0"), self.form.token(self.receive_picker, "token1")
        self.asking.refresh.stop()  # the review holds this route; a refresh would change what it repeats
        self.send_requested.emit(
            CrossShown(request, route, (sell.symbol, buy.symbol), (sell.decimals, buy.decimals)), account
        )

    def order_sent(self, result: BridgeResult) -> None:
        """A transfer just sent from here: follow it, clear the amount, and show the balance it left."""
        self.show_order(result.hash)
        self.feed.wake()
        self.amount.clear()
        self.changed()
        self.choices.load_balances()

    def use_service(self, service: SwapService) -> None:
        """A new engine: its orders followed at once; the bridges' chains and tokens asked when the tab is first
        shown, or when the window has nothing else to do (`prefetch`)."""
        self.service = service
        self.asking.request = None
        if not self.from_kept:  # the kept list stays usable until the engine's replaces it
            self.choices.tokens = {}
        self.asking.clear()
        self.feed.start(service)
        self.refresh_orders()
        self._listed = self._quiet = False
        if self.isVisible():
            self._list()
        if self.choices.tokens:  # the kept list: a form filled in before the engine is compared now
            self.asking.judge()
        else:
            self.say()

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
            self.say()

    def shutdown(self) -> None:
        self.asking.close()
        self.choices.close()
        self.view.pricing.close()
        self.aside.close()
        self.voice.quiet()

    # -- the state --------------------------------------------------------------------------------

    def say(self) -> None:
        """Everything the card says about itself, from one decision."""
        # the status bar hears of work that runs: not of a list never asked yet, nor of one asked ahead unseen
        heard = (self._listed or not self.loading_words) and not (self._quiet and not self.isVisible())
        busy = self.voice.say(decide(facts(self)), heard)
        if self.view.found is None and self.aside.comparing:
            self.view.waiting(busy and not self.loading_words, bool(self.amount.text().strip()))

    def _use_amount(self, units: str) -> None:
        """The amount the bridges take, from the message's button."""
        token = self.send_picker.token
        if token is not None:
            self.amount.setText(formatting.plain(int(units), token.decimals))

    # -- the form, as it changes ------------------------------------------------------------------

    def _edited(self) -> None:
        self.view.dim()
        asked, src = self.form.amount_in(), self.form.src  # the typed amount's worth now, not the last judged one's
        self.send_side.set_usd(self.view.worth(src.id, asked[0].address, asked[1]) if asked and src else "")
        self.asking.edited()
        self._show_balance()
        self.say()

    def _show_balance(self) -> None:
        self.form.show_balance(self.view.balance_worth())

    def _show_route(self) -> None:
        self.view.show_route()
        self.say()

    def _comparing(self) -> None:
        """The comparison is back beside the form: asked again if the form changed meanwhile."""
        if self.asking.request is not None and not self.asking.current:
            self.asking.ask()
        self.say()

    # -- the asking's steps (`asking.Steps`) ------------------------------------------------------

    def _read(self) -> CrossRoutesRequest | None:
        form = self.form
        return form.request() if complete(form.amount.text(), form.account, form.recipient.text()) else None

    async def _ask(self, request: CrossRoutesRequest) -> CrossRoutes:
        assert self.service is not None  # `may_ask`
        return await self.service.cross_routes(request)

    def _sent(self) -> None:
        self.routes_card.quoting()
        self.receive_side.set_stale(True)
        self.show_routes()  # the form is being changed: the comparison, not an old order, is what matters

    def _answered(self, _request: CrossRoutesRequest, found: CrossRoutes) -> None:
        self.view.show(found)
        self.say()
        self.routes_shown.emit(found)
        self.view.price(found)

    def _priced(self) -> None:
        self.say()
        self._show_balance()
        self.priced.emit()

    def _refusal_words(self, error: ApiError) -> str:
        src = self.form.src
        return error_words.refusal(error, error_words.Names(src.name if src else ""))

    def _refused(self, error: ApiError) -> None:
        self.message.setToolTip(self.asking.detail)  # the engine's own words, in the window's
        self.say()
        self.routes_failed.emit(error.message)

    def _cleared(self) -> None:
        self.view.clear()
        self.message.setToolTip("")
