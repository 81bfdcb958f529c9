"""Review and sign one swap: the quote repeated, balance, approval as its own step, then the swap.

The review repeats what the person decides on before anything is signed: what is sold and received,
the minimum, the rate, the fee, the price impact (confirmed by a tick above 10 %), the network fee and
who receives. The dialog says what it is doing at each moment (busy bar and words) and why it stopped,
in plain words. The done view says what was received, what it cost, and the transaction's hash, to copy
or look up (in History; on a real network also on the chain's explorer).

It holds no key: the wallet hands one out (off the GUI thread, as the keyring may block) just before
each signature, and the trader checks the call data before that signature is asked for. On TRON the
steps are the same (the trader signs with tronpy); the account shows its TRON address.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from decimal import Decimal
from typing import Any

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

from swapdesk.api import ApiError
from swapdesk.api.requests import TransactionRequest
from swapdesk.api.service import TransactionService
from swapdesk.blocking import off_loop
from swapdesk.gui import formatting, network_fee, status, theme
from swapdesk.gui.links import Links
from swapdesk.gui.tabs.quote_result import impact_level, normal_fee
from swapdesk.gui.tasks import Latest
from swapdesk.gui.widgets.card import heading
from swapdesk.gui.widgets.copyable import CopyableField
from swapdesk.gui.widgets.error_label import error_label, note_label
from swapdesk.gui.widgets.progress import Progress
from swapdesk.gui.widgets.status_badge import StatusBadge
from swapdesk.trade.checks import Shown
from swapdesk.trade.errors import TradeError
from swapdesk.trade.swap import Funds, SwapResult, Trader
from swapdesk.wallet import Account, Password, PrivateKey, Wallet, WalletError, WrongPassword

CONFIRM_IMPACT = Decimal("0.10")  # above this the user must tick a box to swap


class SwapDialog(QDialog):
    checked = Signal(object)  # Funds, once balance and allowance are known
    approved = Signal(str)  # approval's hash
    swapped = Signal(object)  # SwapResult
    failed = Signal(str)  # what stopped it, in words
    sent = Signal()  # a transaction was recorded: the history list has news
    show_in_history = Signal(str, int)  # hash, chain id
    estimated = Signal(str)  # the network fee, in words

    def __init__(
        self,
        trader: Trader,
        wallet: Wallet,
        shown: Shown,
        account: Account,
        parent: QWidget | None = None,
        links: Links | None = None,
    ) -> None:
        super().__init__(parent)
        self.trader, self.wallet, self.shown, self.account = trader, wallet, shown, account
        self.links = links or Links()
        self.chain = shown.request.chain
        self.devnet = trader.chains.is_devnet(self.chain)
        self.swap_result: SwapResult | None = None
        self.funds: Funds | None = None
        self._busy = True
        self._work, self._fee_work = Latest(self._unexpected), Latest()
        sell, buy = shown.symbols
        self.setWindowTitle(f"Swap {sell} for {buy}")
        self.setMinimumWidth(560)

        self.headline = heading(self._headline(), 1.3)
        self.review = self._review_rows()
        self.done_view = QWidget()
        done = QFormLayout(self.done_view)
        self.done_badge = StatusBadge()
        self.received, self.paid_fee, self.network_paid, self.block = QLabel(), QLabel(), QLabel(), QLabel()
        self.hash = CopyableField("Transaction hash")
        self.hash.look_up.connect(lambda _text: self._to_history())
        for caption, value in (
            ("Status", self.done_badge), ("Received", self.received), ("Fee", self.paid_fee),
            ("Network fee", self.network_paid), ("Block", self.block), ("Transaction", self.hash),
        ):  # fmt: skip
            done.addRow(caption, value)
        self.done_view.hide()

        self.password = QLineEdit(echoMode=QLineEdit.EchoMode.Password, placeholderText="Keystore password")
        self.password.setAccessibleName("Keystore password")
        self.password.setVisible(wallet.is_locked(account))
        impact = Decimal(shown.quote.impact)
        self.confirm_impact = QCheckBox(f"I accept a price impact of {formatting.percent(impact)}")
        self.must_confirm = impact >= CONFIRM_IMPACT
        self.confirm_impact.setVisible(self.must_confirm)
        self.confirm_impact.toggled.connect(self._enable)
        amount = formatting.amount(shown.request.amountIn, shown.request.decimal0, sell)
        self.approve_button = QPushButton(f"1. Approve {amount}")
        self.approve_button.setToolTip("Lets swapdesk's router take exactly this amount of the token, nothing more")
        self.unlimited = QCheckBox("Approve an unlimited amount (skips this step next time; riskier)")
        self.swap_button = QPushButton("Swap")
        self.swap_button.setDefault(True)
        theme.primary(self.swap_button)
        self.progress = Progress()
        self.step = note_label()
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
        layout.addWidget(self.headline)
        for part in (self.review, self.done_view, self.password, self.confirm_impact, self.unlimited):
            layout.addWidget(part)
        for line in (self.progress, self.step, self.error):
            layout.addWidget(line)
        layout.addLayout(buttons)

        self._enable()
        self.approve_button.clicked.connect(lambda: self._run(self._approve, "Approving…"))
        self.swap_button.clicked.connect(lambda: self._run(self._swap, "Swapping…"))
        self.history_button.clicked.connect(self._to_history)
        close.clicked.connect(self.reject)
        self.finished.connect(lambda _: self._close_work())
        self._run(self._check, "Checking your balance and the router's allowance…")

    # -- the review ----------------------------------------------------------------------

    def _headline(self) -> str:
        request, quote = self.shown.request, self.shown.quote
        sell, buy = self.shown.symbols
        give = formatting.amount(request.amountIn, request.decimal0, sell)
        get = formatting.amount(int(quote.totalAmountOut), request.decimal1, buy)
        return f"{give} → about {get}"

    def _review_rows(self) -> QWidget:
        request, quote = self.shown.request, self.shown.quote
        sell, buy = self.shown.symbols
        holder = QWidget()
        form = QFormLayout(holder)
        out, minimum = int(quote.totalAmountOut), self.shown.min_out
        in_units = Decimal(request.amountIn).scaleb(-request.decimal0)
        price = Decimal(out).scaleb(-request.decimal1) / in_units if in_units else Decimal(0)
        fee, normal = int(quote.fee), normal_fee(quote)
        fee_text = f"{formatting.amount(fee, request.decimal0, sell)} · {formatting.bps(int(quote.feeRate))}"
        if fee < normal:
            fee_text += f", discounted from {formatting.amount(normal, request.decimal0, sell)} for holding SWAP"
        impact = Decimal(quote.impact)
        tone, words = impact_level(impact)
        self.impact = QLabel(f"{formatting.percent(impact)} · {words}")
        theme.tint(self.impact, tone)
        self.network = QLabel("estimating…")
        self.network.setWordWrap(True)
        receiver = request.to
        own = receiver == self.account.address_on(self.chain.tron)
        slippage = formatting.percent(Decimal(request.impact) / 10_000)
        rows: list[tuple[str, QWidget]] = [
            ("From", QLabel(self.account.title(tron=self.chain.tron))),
            ("Chain", QLabel(self.chain.name + (" (devnet)" if self.devnet else ""))),
            ("You sell", QLabel(formatting.amount(request.amountIn, request.decimal0, sell))),
            ("You receive", QLabel(f"{formatting.amount(out, request.decimal1, buy)} (quoted)")),
            ("At least", QLabel(f"{formatting.amount(minimum, request.decimal1, buy)} at {slippage} slippage, "
                                "or nothing is swapped")),
            ("Rate", QLabel(formatting.rate(price, sell, buy))),
            ("Fee", QLabel(fee_text)),
            ("Price impact", self.impact),
            ("Network fee", self.network),
            ("Receiver", QLabel(f"{receiver} (you)" if own else f"{receiver} — not this account")),
        ]  # fmt: skip
        for caption, value in rows:
            if isinstance(value, QLabel):
                value.setWordWrap(True)
            form.addRow(caption, value)
        if not own:
            theme.tint(rows[-1][1], "warning")
        return holder

    async def _estimate(self) -> None:
        text = await network_fee.estimate(self.trader, self.shown, self.account.address)
        self.network.setText(text)
        self.estimated.emit(text)

    # -- steps -------------------------------------------------------------------------------

    def _run(self, work: Callable[[], Coroutine[Any, Any, None]], words: str) -> None:
        """A step: the progress shows at once, and goes when the step ends, however it ends."""
        self.error.hide()
        self._busy = True
        self._enable()
        ticket = self.progress.start(words)

        async def step() -> None:
            try:
                await work()  # made here: a step cancelled before it starts leaves no coroutine unawaited
            finally:
                self.progress.stop(ticket)

        self._work.run(step())

    async def _check(self) -> None:
        self.progress.say("Checking your balance and the router's allowance…")
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
        self.step.setText(
            f"Step 1 of 2: the router may not take your {self.shown.symbols[0]} yet. Approve it first."
            if needs
            else "Ready to swap. The call data is checked again before you sign."
        )
        self._fee_work.run(self._estimate())
        self._busy = False
        self._enable()
        self.checked.emit(funds)

    async def _approve(self) -> None:
        try:
            key = await self._key()
            self.progress.say("Approving: signing and sending; waiting for the receipt…")
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
            result = await self.trader.swap(key, self.shown, step=self.progress.say)
        except (TradeError, WalletError, WrongPassword) as error:
            self.sent.emit()
            return self._fail(str(error))
        self.swap_result = result
        self._show_done(result)
        self.sent.emit()
        self.swapped.emit(result)
        await self._network_paid(result.hash)

    def _show_done(self, result: SwapResult) -> None:
        request, (sell, buy) = self.shown.request, self.shown.symbols
        received = formatting.amount(result.amount_out, request.decimal1, buy)
        quoted = formatting.amount(result.quoted_out, request.decimal1, buy)
        self.headline.setText(f"Swapped: you received {received}")
        self.done_badge.set(status.SUCCESS)
        self.received.setText(f"{received} (quoted {quoted})")
        self.paid_fee.setText(formatting.amount(result.fee, request.decimal0, sell))
        self.network_paid.setText("reading…")
        self.block.setText(f"{result.block:,}")
        self.hash.set(result.hash, self.links.explorer(self.chain, "tx", result.hash), lookup=True)
        self.step.setText("Done. The transaction is in the History tab.")
        for widget in (self.review, self.approve_button, self.unlimited, self.swap_button, self.confirm_impact):
            widget.hide()
        self.done_view.show()
        self.history_button.show()

    async def _network_paid(self, tx_hash: str) -> None:
        """What the swap cost in gas, from the chain (the engine's transaction extension)."""
        service = self.trader.service
        if not isinstance(service, TransactionService):
            self.network_paid.setText("see History")
            return
        try:
            info = await service.transaction(TransactionRequest(tx_hash, self.chain))
        except ApiError:
            self.network_paid.setText("could not be read; see History")
            return
        chain = self.chain
        paid = formatting.network_fee(int(info.networkFee), chain.native_decimals, chain.native_symbol, info.gasUsed)
        self.network_paid.setText(paid)

    async def _key(self) -> PrivateKey:
        address = self.account.address
        if self.wallet.is_locked(self.account):
            self.progress.say("Unlocking the keystore…")
            await off_loop(self.wallet.unlock, address, Password(self.password.text()))
            self.password.clear()
            self.password.hide()
        return await off_loop(self.wallet.key, address, self.devnet)

    # -- state -------------------------------------------------------------------------------

    def _enable(self) -> None:
        impact_ok = not self.must_confirm or self.confirm_impact.isChecked()
        needs = self.funds is not None and self.funds.approval_needed(self.shown.request.amountIn)
        ready = not self._busy and self.funds is not None and self.swap_result is None
        self.approve_button.setEnabled(ready and needs)
        self.swap_button.setEnabled(ready and not needs and impact_ok)

    def _fail(self, message: str) -> None:
        self.error.setText(message)
        self.error.show()
        self.step.setText("Nothing more was sent." if self.swap_result is None else "")
        self._busy = False
        self._enable()
        self.failed.emit(message)

    def _unexpected(self, error: BaseException) -> None:
        self._fail(f"Something went wrong inside swapdesk ({type(error).__name__}); see the log.")

    def _close_work(self) -> None:
        self._work.close()
        self._fee_work.close()
        self.progress.stop()

    def _to_history(self) -> None:
        if self.swap_result is not None:
            self.show_in_history.emit(self.swap_result.hash, self.chain.id)
            self.accept()
