"""The main window: tabs, and a status bar that says what the engine is doing.

It observes the session (`swapdesk.session`), which owns the engine's life: its start, its restarts when the
settings change, and, when the engine runs in this process, the trader that swaps, the bridger that sends across
chains and the outbox that settles what an earlier session left open. The window asks it, and shows what it
says; it owns the wallet, follows the cross-chain orders and says when one ends (`notifier`).
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from PySide6.QtCore import QTimer, Signal
from PySide6.QtGui import QCloseEvent, QMoveEvent, QShowEvent
from PySide6.QtWidgets import QApplication, QLabel, QMainWindow, QTabWidget, QVBoxLayout, QWidget

from swapdesk import settings as stored
from swapdesk.chains import by_id
from swapdesk.gui import error_words, theme
from swapdesk.gui.activity import Activity
from swapdesk.gui.design.progress import ActivityIndicator
from swapdesk.gui.i18n import QT_TR_NOOP, say, tr
from swapdesk.gui.links import Links
from swapdesk.gui.menus import add_menus
from swapdesk.gui.notices import NoticeBar
from swapdesk.gui.notifier import Notifier
from swapdesk.gui.pricing import Prices
from swapdesk.gui.screen_fit import fit_to_screen, refit_if_framed
from swapdesk.gui.settings_dialog import SettingsDialog
from swapdesk.gui.tabs.cross import CrossChainTab
from swapdesk.gui.tabs.cross.orders import ended_words
from swapdesk.gui.tabs.cross_kept import KeptList, settings_key
from swapdesk.gui.tabs.history import HistoryTab
from swapdesk.gui.tabs.quote import QuoteTab
from swapdesk.gui.tasks import Latest
from swapdesk.off_loop import off_loop
from swapdesk.session import Session
from swapdesk.store import StoredOrder
from swapdesk.trade.errors import TradeError
from swapdesk.words import Worded, Words

if TYPE_CHECKING:  # web3 and eth-account load with the engine, on a worker thread, not before the window shows
    from swapdesk.gui.accounts_dialog import AccountsDialog
    from swapdesk.gui.cross_dialog import CrossSendDialog
    from swapdesk.gui.swap_dialog import SwapDialog
    from swapdesk.trade.bridge_checks import CrossShown
    from swapdesk.trade.checks import Shown
    from swapdesk.trade.desk import Desk
    from swapdesk.wallet import Account, Wallet

HISTORY_REFRESH_MS = 250
PREFETCH_IDLE_MS = 3000


EMBEDDED = QT_TR_NOOP("embedded devnet")  # compose's name for the devnet alone: the engine a window starts with


class MainWindow(QMainWindow):
    devnet_reset = Signal(list)  # names of the chains that started over
    refund_withdrawn = Signal(str)  # the withdrawal's hash
    refund_failed = Signal(str)

    def __init__(self, session: Session, wallet: Wallet | None = None) -> None:
        """The window over `session`; without an engine yet, it waits for the session's first (start-up shows the
        window first)."""
        super().__init__()
        assert session.store is not None, "the window's session keeps the sent transactions"
        self.session = session
        self.store = session.store
        service = session.service
        self.engine_name: str | Words = session.composed.name if session.composed is not None else EMBEDDED
        self._wallet = wallet
        self.swap_dialog: SwapDialog | None = None
        self.cross_dialog: CrossSendDialog | None = None
        self.accounts_dialog: AccountsDialog | None = None
        self.closed: asyncio.Future[None] = asyncio.get_event_loop().create_future()
        self.setWindowTitle("swapdesk")
        self._framed = False  # the window manager's frame is known, and the window fits the screen in it
        self._fitted = fit_to_screen(self)  # within the screen's free area with its title bar, its minimum too
        self.tabs = QTabWidget()
        self.activity = Activity(self)  # what runs now: the status bar says it instead of "Ready"
        self.links = Links(session.is_devnet)
        self.prices = Prices(service)  # type: ignore[arg-type]  # dollar values, priced on each chain's own pools
        self.quote_tab = QuoteTab(service, self.activity, self.prices)  # type: ignore[arg-type]
        self.history_tab = HistoryTab(service, self.store, self.activity)  # type: ignore[arg-type]
        self.cross_tab = CrossChainTab(service, self.store, self.activity, self.prices)  # type: ignore[arg-type]
        self.quote_tab.links = self.history_tab.links = self.cross_tab.links = self.links
        self.tabs.addTab(self.quote_tab, tr("Quote"))
        self.tabs.addTab(self.cross_tab, tr("Cross-chain"))
        self.tabs.addTab(self.history_tab, tr("History"))
        self.tabs.setAccessibleName(tr("Sections"))
        self._withdrawing = Latest()
        # a setting the engine started without; the devnet's: a chain started afresh (old data kept), a read-only view
        self.notices = NoticeBar()
        central = QWidget()
        column = QVBoxLayout(central)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.notices)
        column.addWidget(self.tabs, 1)
        self.setCentralWidget(central)
        self.engine_state = QLabel(tr("Starting the {engine}…").format(engine=say(self.engine_name)))
        self.engine_state.setAccessibleName(tr("Engine"))
        self.statusBar().addWidget(ActivityIndicator(self.activity))
        self.notifier = Notifier(self)  # its words beside the work under way
        self.statusBar().addPermanentWidget(self.engine_state)
        self._engine_answered = False
        self._no_account = False  # the accounts read, and none: the status bar says so, never "Ready"
        self._accounts_loader, self._router_opener = Latest(), Latest()
        self.settings_action = add_menus(self, self.edit_accounts, self.edit_settings)
        for answered in (
            self.quote_tab.tokens_loaded,
            self.history_tab.details_shown,
            self.history_tab.transaction_shown,
        ):
            answered.connect(self._engine_ready)
        self.activity.changed.connect(self._show_engine_state)
        self.activity.changed.connect(self.check_notices)  # a chain opens during some work: said when it ends
        self.quote_tab.chain_failed.connect(self._engine_failed)
        self.quote_tab.tokens_loaded.connect(lambda _: self.refresh_accounts())
        # the Cross-chain list once the window has had nothing to do a while: behind the Quote form, and behind a
        # chain the person switches to right away (it would start every bridge chain beside that one)
        self._prefetching = QTimer(self, singleShot=True, interval=PREFETCH_IDLE_MS)
        self._prefetching.timeout.connect(self._prefetch_cross)
        self.quote_tab.tokens_loaded.connect(lambda _: self._prefetching.start())
        self.quote_tab.manage_accounts.connect(self.edit_accounts)
        self.quote_tab.swap_requested.connect(self.open_swap)
        self.cross_tab.tokens_loaded.connect(self._engine_ready)
        for offering in (self.quote_tab.accounts_shown, self.cross_tab.accounts_shown):  # the same accounts, each
            offering.connect(self._accounts_counted)
        self.cross_tab.manage_accounts.connect(self.edit_accounts)
        self.history_tab.nothing_sent.acted.connect(self.start_a_swap)
        self.cross_tab.send_requested.connect(self.open_cross_send)
        self.cross_tab.withdraw_requested.connect(self.withdraw_refund)
        self.cross_tab.look_up.connect(self.show_in_history)
        # History lists a deposit with its order's status, which changes when the order ends: its list is read
        # again then, once for a burst of orders ending together (a list rebuilt per order would stall the window)
        self._history_due = QTimer(self, singleShot=True, interval=HISTORY_REFRESH_MS)
        self._history_due.timeout.connect(self.history_tab.refresh_sent)
        self.cross_tab.feed.ended.connect(self._order_ended)
        self.history_tab.refresh_sent()
        self.quote_tab.can_sign_here = self.cross_tab.can_sign_here = session.trader is not None
        session.observers.append(self)

    def start_a_swap(self) -> None:
        """History's empty state: to the Quote tab, the amount ready to type."""
        self.tabs.setCurrentWidget(self.quote_tab)
        self.quote_tab.amount.setFocus()

    def _prefetch_cross(self) -> None:
        """The Cross-chain tab's list behind the Quote form, loaded first; not while the devnet builds its worlds
        ahead (a first start): that list would build them here, and a chain asked for would wait behind them."""
        if self.activity.busy:
            self._prefetching.start()  # later, once the work under way is done
            return
        if not self.session.building_worlds():
            self.cross_tab.prefetch()

    def _engine_ready(self, *_: object) -> None:
        self._engine_answered = True
        self._show_engine_state()

    def _engine_failed(self, message: str) -> None:
        self._engine_answered = False  # until it answers again, nothing says "Ready"
        self.engine_state.setText(tr("Engine unavailable"))
        self.engine_state.setToolTip(message)

    def _accounts_counted(self, count: int) -> None:
        self._no_account = count == 0
        self._show_engine_state()

    def _show_engine_state(self) -> None:
        """'Ready · engine' only when the engine has answered, nothing runs and, where this window signs, there is
        an account to sign with (the account boxes say there is none: so does the status bar); else the engine's
        name. A server's engine only quotes, for the recipient typed: no account is needed to be ready."""
        if self._engine_answered:
            name = say(self.engine_name)
            unsigned = self._no_account and self.quote_tab.can_sign_here
            idle = tr("No account yet · {engine}") if unsigned else tr("Ready · {engine}")
            self.engine_state.setText(name if self.activity.busy else idle.format(engine=name))

    def check_notices(self) -> None:
        """The engine's notices (a devnet chain started afresh, bridges run elsewhere), shown once each."""
        self.notices.check(self.session.notices)

    def start(self) -> None:
        """Begin work that needs the engine: the first chain starts in the background."""
        self.quote_tab.load_tokens()
        if self.session.service is not None:
            self.cross_tab.use_service(self.session.service)

    # -- what the session says ---------------------------------------------------------

    def engine_starting(self, name: str | Words, switching: bool) -> None:
        self.engine_name = name
        words = tr("Switching to the {engine}…") if switching else tr("Starting the {engine}…")
        self.engine_state.setText(words.format(engine=say(name)))
        kept = self.cross_tab.kept
        if switching and kept is not None:  # another engine: its own list is kept, the last one's not shown for it
            self.cross_tab.kept = KeptList(kept.path, settings_key(self.session.settings))
            self.cross_tab.from_kept = False

    def engine_started(self) -> None:
        service = self.session.service
        assert service is not None
        self.check_notices()
        self.quote_tab.service = self.history_tab.service = service
        self.prices.use_service(service)
        self.quote_tab.can_sign_here = self.cross_tab.can_sign_here = self.session.trader is not None
        self.quote_tab.load_tokens()
        self.cross_tab.first_start = self.session.building_worlds
        self.cross_tab.use_service(service)

    def engine_failed(self, why: str | Worded) -> None:
        """No engine could be built: said in the status bar and above the tabs, never a wait without end."""
        words = tr("swapdesk's engine could not start: {why}. Check Settings: it starts again once they are kept.")
        said = words.format(why=say(why) if isinstance(why, Worded) else why)
        self._engine_failed(said)
        self.notices.check([said])

    def devnet_started_over(self, names: list[str] | None) -> None:
        if names is None:  # a server: its devnet, if any, is its own
            self._show_engine_state()
        else:
            self.devnet_reset.emit(names)

    def sent_settled(self) -> None:
        self.history_tab.refresh_sent()

    # -- settings ------------------------------------------------------------------------

    def edit_settings(self) -> SettingsDialog:
        dialog = SettingsDialog(self.session.settings, self)
        dialog.accepted.connect(lambda: self.apply_settings(dialog.chosen))
        dialog.reset_devnet.connect(self.reset_devnet)
        dialog.deploy_router.connect(self.deploy_router)
        dialog.open()
        return dialog

    def deploy_router(self) -> None:
        """Settings → Deploy swapdesk's router: the form, then the review and signing; the engine starts again
        with the catalogue written."""
        self._router_opener.run(self._open_router_form())

    async def _open_router_form(self) -> None:
        from swapdesk.gui.router_dialog import RouterForm  # web3: loaded with the engine, not before

        accounts = await off_loop(lambda: self.wallet.accounts(devnet=False))  # a keyring may be slow to answer
        form = RouterForm(self.session.settings, self.wallet, self.store, accounts, self)
        form.deployed.connect(lambda _: self.session.restart())
        form.open()

    def apply_settings(self, chosen: stored.Settings | None) -> None:
        """Keep the settings, and apply them now: theme, and the engine if it changed (the session's)."""
        if chosen is None:
            return
        app = QApplication.instance()
        if isinstance(app, QApplication):
            theme.apply(app, chosen.theme)
        self.session.apply(chosen)

    def reset_devnet(self) -> None:
        """Start every devnet chain over from its world, then a fresh engine (`devnet_reset` says which had data)."""
        self.engine_state.setText(tr("Resetting the devnet…"))
        self.session.run(self.session.reset_devnet())

    # -- accounts and swaps ------------------------------------------------------------

    @property
    def wallet(self) -> Wallet:
        """Made when first needed (off the GUI thread: it loads eth-account and asks the keyring)."""
        if self._wallet is None:
            from swapdesk.wallet import Wallet

            self._wallet = Wallet(stored.config_dir())
        return self._wallet

    def refresh_accounts(self) -> None:
        self._accounts_loader.run(self._load_accounts())

    async def _load_accounts(self) -> None:
        devnet = self.session.is_devnet(self.quote_tab.chain) is True
        key = f"accounts-{id(self)}"  # said while read: the boxes' "No account" meanwhile is not the last word
        self.activity.begin(key, tr("Reading your accounts…"))
        try:
            accounts = await off_loop(lambda: self.wallet.accounts(devnet))
            self.quote_tab.set_accounts(accounts)
            self.cross_tab.set_accounts(accounts)
        finally:
            self.activity.end(key)

    def edit_accounts(self) -> AccountsDialog:
        from swapdesk.gui.accounts_dialog import AccountsDialog

        devnet = self.session.is_devnet(self.quote_tab.chain) is True
        dialog = self.accounts_dialog = AccountsDialog(self.wallet, self, devnet)
        dialog.changed.connect(self.refresh_accounts)
        dialog.open()
        return dialog

    def open_swap(self, shown: Shown, account: Account) -> SwapDialog | None:
        trader = self.session.trader
        if trader is None:
            return None
        from swapdesk.gui.swap_dialog import SwapDialog

        dialog = self.swap_dialog = SwapDialog(
            trader, self.wallet, shown, account, self, self.links, self.prices, self.activity, store=self.store
        )
        dialog.sent.connect(self.history_tab.refresh_sent)
        dialog.swapped.connect(lambda _: self.quote_tab.reset_after_swap())
        dialog.show_in_history.connect(self.show_in_history)
        dialog.open()
        return dialog

    def open_cross_send(self, shown: CrossShown, account: Account) -> CrossSendDialog | None:
        bridger = self.session.bridger
        if bridger is None:
            return None
        from swapdesk.gui.cross_dialog import CrossSendDialog

        dialog = self.cross_dialog = CrossSendDialog(
            bridger,
            self.wallet,
            shown,
            account,
            self,
            self.links,
            self.cross_tab.worth,
            self.activity,
            store=self.store,
            prices=self.prices,
        )
        dialog.say_priced(self.cross_tab.priced_words())
        dialog.sent.connect(self.history_tab.refresh_sent)
        dialog.sent.connect(self.cross_tab.refresh_orders)
        dialog.sent_order.connect(self.cross_tab.order_sent)
        # one state on both: the dialog's status follows the order as the card behind it does
        self.cross_tab.order_shown.connect(dialog.order_moved)
        self.cross_tab.feed.updated.connect(dialog.order_moved)
        dialog.follow.connect(lambda _hash: self.tabs.setCurrentWidget(self.cross_tab))
        dialog.open()
        return dialog

    def withdraw_refund(self, order: StoredOrder) -> None:
        """Sign and send a cBridge refund's withdrawal for the account that sent the transfer."""
        desk = self.session.desk
        if desk is not None:
            card = self.cross_tab.order_card
            card.show_error("")
            card.withdraw_button.setEnabled(False)
            ticket = card.progress.start(tr("Withdrawing your refund…"))
            self._withdrawing.run(self._withdraw(desk, order, ticket))

    async def _withdraw(self, desk: Desk, order: StoredOrder, ticket: int) -> None:
        from swapdesk.wallet import WalletError  # eth-account: loaded with the engine, not before the window shows

        card = self.cross_tab.order_card
        try:
            devnet = self.session.is_devnet(by_id(order.chain_id)) is True
            key = await off_loop(self.wallet.key, order.summary.get("sender", ""), devnet)
            sent = await desk.withdraw_refund(key, order, card.progress.say)
        except (TradeError, WalletError) as error:
            card.show_error(tr("The refund's withdrawal stopped: {why}").format(why=error_words.said(error)))
            self.refund_failed.emit(str(error))
            return
        finally:
            card.progress.stop(ticket)
            card.withdraw_button.setEnabled(True)
            self.history_tab.refresh_sent()
        self.cross_tab.show_order(order.hash)
        self.cross_tab.feed.wake()
        self.refund_withdrawn.emit(sent.hash)

    def _order_ended(self, order: StoredOrder) -> None:
        title, message, warning = ended_words(order)
        self.notifier.notify(title, message, warning)
        self.cross_tab.feed.told(order)
        self._history_due.start()

    def show_in_history(self, tx_hash: str, chain_id: int) -> None:
        self.tabs.setCurrentWidget(self.history_tab)
        self.history_tab.look_up_hash(tx_hash, chain_id)

    # -- the window on its screen -------------------------------------------------------------

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self._fit_framed()

    def moveEvent(self, event: QMoveEvent) -> None:
        super().moveEvent(event)  # the window manager framing the window moves it
        self._fit_framed()

    def _fit_framed(self) -> None:
        """Once the window manager has drawn its frame, the window fits the screen in that frame."""
        if not self._framed:
            self._framed = refit_if_framed(self, self._fitted)

    def closeEvent(self, event: QCloseEvent) -> None:
        self.quote_tab.shutdown()
        self.cross_tab.shutdown()
        self.history_tab.shutdown()
        self._withdrawing.close()
        self._prefetching.stop()
        self.notifier.close()
        self.session.stop()  # what starts an engine, or settles the sent, is cancelled: nothing is left to say it
        self._accounts_loader.close()
        self._router_opener.close()
        for dialog in (self.swap_dialog, self.cross_dialog, self.accounts_dialog):
            if dialog is not None:
                dialog.close()
        if not self.closed.done():
            self.closed.set_result(None)
        super().closeEvent(event)
