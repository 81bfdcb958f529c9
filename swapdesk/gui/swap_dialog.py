"""Review and sign one swap: balance, approval as its own step, then the swap.

The dialog says what it is doing at each moment and why it stopped, in plain
words. It holds no key: the wallet hands one out (off the GUI thread, as the
keyring may block) just before each signature, and the trader checks the
call data before that signature is asked for. On TRON the steps are the same
(the trader signs with tronpy); the account shows its TRON address and the
review adds the fee limit, the TRX the swap may burn for its energy.
"""

from __future__ import annotations

from decimal import Decimal

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from swapdesk.api import TronQuote
from swapdesk.blocking import off_loop
from swapdesk.gui.tasks import Latest
from swapdesk.gui.widgets.error_label import error_label
from swapdesk.trade.checks import Shown
from swapdesk.trade.errors import TradeError
from swapdesk.trade.swap import Funds, SwapResult, Trader
from swapdesk.units import to_human
from swapdesk.wallet import Account, Password, PrivateKey, Wallet, WalletError, WrongPassword

CONFIRM_IMPACT = Decimal("0.10")  # above this the user must tick a box to swap


class SwapDialog(QDialog):
    checked = Signal(object)  # Funds, once balance and allowance are known
    approved = Signal(str)  # approval's hash
    swapped = Signal(object)  # SwapResult
    failed = Signal(str)  # what stopped it, in words
    sent = Signal()  # a transaction was recorded: the history list has news
    show_in_history = Signal(str, int)  # hash, chain id

    def __init__(self, trader: Trader, wallet: Wallet, shown: Shown, account: Account, parent: QWidget | None = None):
        super().__init__(parent)
        self.trader, self.wallet, self.shown, self.account = trader, wallet, shown, account
        self.chain = shown.request.chain
        self.devnet = trader.chains.is_devnet(self.chain)
        self.result: SwapResult | None = None
        self._work = Latest(self._unexpected)
        request, quote = shown.request, shown.quote
        sell, buy = shown.symbols
        self.setWindowTitle(f"Swap {sell} for {buy}")

        form = QFormLayout()
        form.addRow("From", QLabel(account.title(tron=self.chain.tron)))
        form.addRow("Chain", QLabel(self.chain.name + (" (devnet)" if self.devnet else "")))
        form.addRow("Sell", QLabel(f"{to_human(request.amountIn, request.decimal0)} {sell}"))
        out, minimum = int(quote.totalAmountOut), shown.min_out
        form.addRow("Receive", QLabel(f"{to_human(out, request.decimal1, 8)} {buy} (quoted)"))
        form.addRow("At least", QLabel(f"{to_human(minimum, request.decimal1, 8)} {buy}, or nothing is swapped"))
        form.addRow("Receiver", QLabel(request.to))
        if isinstance(quote, TronQuote):
            limit = to_human(quote.data.options.feeLimit, self.chain.native_decimals)
            form.addRow("Fee limit", QLabel(f"up to {limit} TRX of energy, burnt only as used"))

        self.password = QLineEdit(echoMode=QLineEdit.EchoMode.Password, placeholderText="Keystore password")
        self.password.setAccessibleName("Keystore password")
        self.password.setVisible(wallet.is_locked(account))
        form.addRow("", self.password)

        impact = Decimal(quote.impact)
        self.confirm_impact = QCheckBox(f"I accept a price impact of {impact * 100:.2f}%")
        self.must_confirm = impact >= CONFIRM_IMPACT
        self.confirm_impact.setVisible(self.must_confirm)
        self.confirm_impact.toggled.connect(self._enable)

        self.approve_button = QPushButton(f"1. Approve {to_human(request.amountIn, request.decimal0)} {sell}")
        self.approve_button.setToolTip("Lets swapdesk's router take exactly this amount of the token, nothing more")
        self.unlimited = QCheckBox("Approve an unlimited amount (skips this step next time; riskier)")
        self.swap_button = QPushButton("Swap")
        self.swap_button.setDefault(True)
        self.progress = QLabel("Checking your balance…")
        self.progress.setWordWrap(True)
        self.error = error_label()
        self.history_button = QPushButton("View in History")
        self.history_button.hide()
        close = QPushButton("Close")

        for widget in (self.approve_button, self.unlimited):
            widget.hide()
        buttons = QHBoxLayout()
        buttons.addWidget(self.approve_button)
        buttons.addWidget(self.swap_button)
        buttons.addStretch(1)
        buttons.addWidget(self.history_button)
        buttons.addWidget(close)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.confirm_impact)
        layout.addWidget(self.unlimited)
        layout.addWidget(self.progress)
        layout.addWidget(self.error)
        layout.addLayout(buttons)

        self.funds: Funds | None = None
        self._busy = True
        self._enable()
        self.approve_button.clicked.connect(lambda: self._run(self._approve()))
        self.swap_button.clicked.connect(lambda: self._run(self._swap()))
        self.history_button.clicked.connect(self._to_history)
        close.clicked.connect(self.reject)
        self.finished.connect(lambda _: self._work.close())
        self._run(self._check())

    # -- steps -------------------------------------------------------------------

    def _run(self, work: object) -> None:
        self.error.hide()
        self._busy = True
        self._enable()
        self._work.run(work)  # type: ignore[arg-type]

    async def _check(self) -> None:
        try:
            funds = await self.trader.funds(self.account.address, self.shown)
            self.trader.check_balance(funds, self.shown)
        except TradeError as error:
            return self._fail(str(error))
        self.funds = funds
        needs = funds.approval_needed(self.shown.request.amountIn)
        self.approve_button.setVisible(needs)
        self.unlimited.setVisible(needs)
        self.swap_button.setText("2. Swap" if needs else "Swap")
        self.progress.setText(
            f"Step 1 of 2: the router may not take your {self.shown.symbols[0]} yet. Approve it first."
            if needs
            else "Ready to swap. The call data is checked again before you sign."
        )
        self._busy = False
        self._enable()
        self.checked.emit(funds)

    async def _approve(self) -> None:
        self.progress.setText("Approving: signing and sending; waiting for the receipt…")
        try:
            key = await self._key()
            sent = await self.trader.approve(key, self.shown, unlimited=self.unlimited.isChecked())
        except (TradeError, WalletError, WrongPassword) as error:
            self.sent.emit()
            return self._fail(f"Approval: {error}")
        self.sent.emit()
        self.approved.emit(sent.hash)
        await self._check()

    async def _swap(self) -> None:
        try:
            key = await self._key()
            result = await self.trader.swap(key, self.shown, step=self.progress.setText)
        except (TradeError, WalletError, WrongPassword) as error:
            self.sent.emit()
            return self._fail(str(error))
        self.result = result
        request, buy = self.shown.request, self.shown.symbols[1]
        self.progress.setText(
            f"Done: received {to_human(result.amount_out, request.decimal1, 8)} {buy}"
            f" (quoted {to_human(result.quoted_out, request.decimal1, 8)}), block {result.block}."
        )
        self.approve_button.hide()
        self.unlimited.hide()
        self.swap_button.hide()
        self.history_button.show()
        self.sent.emit()
        self.swapped.emit(result)

    async def _key(self) -> PrivateKey:
        address = self.account.address
        if self.wallet.is_locked(self.account):
            await off_loop(self.wallet.unlock, address, Password(self.password.text()))
            self.password.clear()
            self.password.hide()
        return await off_loop(self.wallet.key, address, self.devnet)

    # -- state -------------------------------------------------------------------

    def _enable(self) -> None:
        impact_ok = not self.must_confirm or self.confirm_impact.isChecked()
        needs = self.funds is not None and self.funds.approval_needed(self.shown.request.amountIn)
        ready = not self._busy and self.funds is not None and self.result is None
        self.approve_button.setEnabled(ready and needs)
        self.swap_button.setEnabled(ready and not needs and impact_ok)

    def _fail(self, message: str) -> None:
        self.error.setText(message)
        self.error.show()
        self.progress.setText("Nothing more was sent." if self.result is None else "")
        self._busy = False
        self._enable()
        self.failed.emit(message)

    def _unexpected(self, error: BaseException) -> None:
        self._fail(f"Something went wrong inside swapdesk ({type(error).__name__}); see the log.")

    def _to_history(self) -> None:
        if self.result is not None:
            self.show_in_history.emit(self.result.hash, self.chain.id)
            self.accept()
