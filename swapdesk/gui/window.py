"""The main window: tabs, and a status bar that says what the engine is doing.

It owns what lives as long as the window: the wallet, the local store of
sent transactions and, when the engine is in-process, the trader that swaps.
On each engine start it settles transactions a previous session left open.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from PySide6.QtCore import Signal
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import QApplication, QLabel, QMainWindow, QTabWidget

from swapdesk import settings as stored
from swapdesk.api import SwapService
from swapdesk.blocking import off_loop
from swapdesk.chains import CHAINS, Chain, by_id
from swapdesk.gui import theme
from swapdesk.gui.activity import Activity
from swapdesk.gui.links import Links
from swapdesk.gui.settings_dialog import SettingsDialog
from swapdesk.gui.tabs.history import HistoryTab
from swapdesk.gui.tabs.quote import QuoteTab
from swapdesk.gui.tasks import Latest
from swapdesk.gui.widgets.progress import ActivityIndicator
from swapdesk.store import TxStore

if TYPE_CHECKING:  # web3 and eth-account load with the engine, on a worker thread, not before the window shows
    from web3 import AsyncWeb3

    from swapdesk.engine.backends import ChainBackend
    from swapdesk.gui.accounts_dialog import AccountsDialog
    from swapdesk.gui.swap_dialog import SwapDialog
    from swapdesk.trade.checks import Shown
    from swapdesk.trade.swap import Trader
    from swapdesk.wallet import Account, Wallet


class MainWindow(QMainWindow):
    devnet_reset = Signal(list)  # names of the chains that started over

    def __init__(
        self,
        service: SwapService | None = None,
        engine_name: str = "embedded devnet",
        wallet: Wallet | None = None,
        store: TxStore | None = None,
    ) -> None:
        """Without a service the window waits for `use_service` (start-up shows it first)."""
        super().__init__()
        self.service = service
        self.engine_name = engine_name
        self._wallet = wallet
        self.store = store or TxStore(stored.data_dir() / "transactions.sqlite")
        self.trader: Trader | None = None
        self.swap_dialog: SwapDialog | None = None
        self.accounts_dialog: AccountsDialog | None = None
        self.closed: asyncio.Future[None] = asyncio.get_event_loop().create_future()
        self.setWindowTitle("swapdesk")
        self.resize(1100, 760)
        self.tabs = QTabWidget()
        self.activity = Activity(self)  # what runs now: the status bar says it instead of "Ready"
        self.links = Links(self.is_devnet)
        self.quote_tab = QuoteTab(service, self.activity)  # type: ignore[arg-type]
        self.history_tab = HistoryTab(service, self.store, self.activity)  # type: ignore[arg-type]
        self.quote_tab.links = self.history_tab.links = self.links
        self.tabs.addTab(self.quote_tab, "Quote")
        self.tabs.addTab(self.history_tab, "History")
        self.setCentralWidget(self.tabs)
        self.engine_state = QLabel(f"Starting the {engine_name}…")
        self.statusBar().addWidget(ActivityIndicator(self.activity))
        self.statusBar().addPermanentWidget(self.engine_state)
        self._engine_answered = False
        self.settings = stored.load()
        self.engine_loader = Latest()
        self._accounts_loader, self._resumer = Latest(), Latest()
        menu = self.menuBar().addMenu("&File")
        accounts_action = QAction("&Accounts…", self)
        accounts_action.triggered.connect(self.edit_accounts)
        menu.addAction(accounts_action)
        self.settings_action = QAction("&Settings…", self, shortcut=QKeySequence.StandardKey.Preferences)
        self.settings_action.triggered.connect(self.edit_settings)
        menu.addAction(self.settings_action)
        quit_action = QAction("&Quit", self, shortcut=QKeySequence.StandardKey.Quit)
        quit_action.triggered.connect(self.close)
        menu.addAction(quit_action)
        for answered in (
            self.quote_tab.tokens_loaded,
            self.history_tab.details_shown,
            self.history_tab.transaction_shown,
        ):
            answered.connect(self._engine_ready)
        self.activity.changed.connect(self._show_engine_state)
        self.quote_tab.chain_failed.connect(self._engine_failed)
        self.quote_tab.tokens_loaded.connect(lambda _: self.refresh_accounts())
        self.quote_tab.manage_accounts.connect(self.edit_accounts)
        self.quote_tab.swap_requested.connect(self.open_swap)
        self.history_tab.refresh_sent()
        if service is not None:
            self._attach_trader(service)

    def _engine_ready(self, *_: object) -> None:
        self._engine_answered = True
        self._show_engine_state()

    def _engine_failed(self, message: str) -> None:
        self._engine_answered = False  # until it answers again, nothing says "Ready"
        self.engine_state.setText(f"Engine unavailable: {message}")

    def _show_engine_state(self) -> None:
        """'Ready · engine' only when the engine has answered and nothing runs; else the engine's name."""
        if self._engine_answered:
            self.engine_state.setText(self.engine_name if self.activity.busy else f"Ready · {self.engine_name}")

    def is_devnet(self, chain: Chain) -> bool | None:
        """Whether `chain` is the embedded devnet (None: a remote server, which does not say)."""
        return self.trader.chains.is_devnet(chain) if self.trader is not None else None

    def start(self) -> None:
        """Begin work that needs the engine: the first chain starts in the background."""
        self.quote_tab.load_tokens()

    def edit_settings(self) -> SettingsDialog:
        dialog = SettingsDialog(self.settings, self)
        dialog.accepted.connect(lambda: self.apply_settings(dialog.chosen))
        dialog.reset_devnet.connect(lambda: self.engine_loader.run(self.reset_devnet()))
        dialog.open()
        return dialog

    def apply_settings(self, chosen: stored.Settings | None) -> None:
        """Keep the settings, and apply them now: theme, and the engine if it changed."""
        if chosen is None:
            return
        stored.save(chosen)
        previous, self.settings = self.settings, chosen
        app = QApplication.instance()
        if isinstance(app, QApplication):
            theme.apply(app, chosen.theme)
        engine_changed = (previous.engine, previous.server_url, previous.rpc, previous.devnet_speed) != (
            chosen.engine, chosen.server_url, chosen.rpc, chosen.devnet_speed
        )  # fmt: skip
        if engine_changed:
            self.restart_engine()

    def restart_engine(self) -> None:
        """A new engine from the settings as they are (after a change, or a devnet reset)."""
        from swapdesk.gui.app import make_service

        service, name = make_service(self.settings)
        self.engine_loader.run(self.use_service(service, name))

    async def use_service(self, service: SwapService, name: str) -> None:
        old, self.service, self.engine_name = self.service, service, name
        self.engine_state.setText(f"Starting the {name}…" if old is None else f"Switching to the {name}…")
        if old is not None:
            await old.aclose()  # first: the old engine's devnet chains release their data for the new one
        self.quote_tab.service = self.history_tab.service = service
        self._attach_trader(service)
        self.quote_tab.load_tokens()

    async def reset_devnet(self) -> list[str]:
        """Start every devnet chain over from its world; the names of those that had data."""
        from swapdesk.gui.app import devnet_of

        devnet = devnet_of(self.service)
        if devnet is None:
            return []
        self.engine_state.setText("Resetting the devnet…")
        reset = [chain.name for chain in CHAINS if await devnet.reset(chain.id)]
        self.devnet_reset.emit(reset)
        self.restart_engine()  # a fresh engine, nothing of the old chains remembered; it replaces this task
        return reset

    # -- accounts and swaps ------------------------------------------------------------

    @property
    def wallet(self) -> Wallet:
        """Made when first needed (off the GUI thread: it loads eth-account and asks the keyring)."""
        if self._wallet is None:
            from swapdesk.wallet import Wallet

            self._wallet = Wallet(stored.config_dir())
        return self._wallet

    def _attach_trader(self, service: SwapService) -> None:
        """Swaps need the chains themselves: only an in-process engine has them."""
        chains: ChainBackend | None = getattr(service, "backend", None)
        self.trader = None
        if chains is not None:
            from swapdesk.trade.outbox import Outbox
            from swapdesk.trade.swap import Trader

            self.trader = Trader(service, chains, Outbox(self.store))
        self.quote_tab.can_sign_here = self.trader is not None
        if chains is not None:
            self._resumer.run(self._resume(chains))

    async def _resume(self, chains: ChainBackend) -> None:
        """Settle what a previous session sent (or signed) and never saw settled."""

        async def web3_for(chain_id: int) -> AsyncWeb3:
            return await chains.web3(by_id(chain_id))

        assert self.trader is not None
        if await self.trader.outbox.resume(web3_for):
            self.history_tab.refresh_sent()

    def refresh_accounts(self) -> None:
        self._accounts_loader.run(self._load_accounts())

    async def _load_accounts(self) -> None:
        chain = self.quote_tab.chain
        devnet = self.trader is not None and self.trader.chains.is_devnet(chain)
        accounts = await off_loop(lambda: self.wallet.accounts(devnet))
        self.quote_tab.set_accounts(accounts)

    def edit_accounts(self) -> AccountsDialog:
        from swapdesk.gui.accounts_dialog import AccountsDialog

        dialog = self.accounts_dialog = AccountsDialog(self.wallet, self)
        dialog.changed.connect(self.refresh_accounts)
        dialog.open()
        return dialog

    def open_swap(self, shown: Shown, account: Account) -> SwapDialog | None:
        if self.trader is None:
            return None
        from swapdesk.gui.swap_dialog import SwapDialog

        dialog = self.swap_dialog = SwapDialog(self.trader, self.wallet, shown, account, self, self.links)
        dialog.sent.connect(self.history_tab.refresh_sent)
        dialog.swapped.connect(lambda _: self.quote_tab.load_balances())
        dialog.show_in_history.connect(self.show_in_history)
        dialog.open()
        return dialog

    def show_in_history(self, tx_hash: str, chain_id: int) -> None:
        self.tabs.setCurrentWidget(self.history_tab)
        self.history_tab.look_up_hash(tx_hash, chain_id)

    def closeEvent(self, event: QCloseEvent) -> None:
        self.quote_tab.shutdown()
        self.history_tab.shutdown()
        self.engine_loader.close()
        self._accounts_loader.close()
        self._resumer.close()
        for dialog in (self.swap_dialog, self.accounts_dialog):
            if dialog is not None:
                dialog.close()
        if not self.closed.done():
            self.closed.set_result(None)
        super().closeEvent(event)
