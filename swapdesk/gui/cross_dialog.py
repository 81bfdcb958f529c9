"""Review and sign one cross-chain transfer: the route repeated, balance, approval as its own step, then the send.

The review repeats what the person decides on before anything is signed: the chains and the bridge, what is
sent and what arrives, the least that arrives (and what happens below it), the fees by kind, the network fee,
how long it takes, who receives, and the contract the deposit goes to, named from swapdesk's own catalogue.
Approve is its own step, for the exact amount, to that contract only. Send gets a final quote, checks its call
data against the review, dry-runs it, signs, records, sends, and makes the order callback; the dialog says
what it is doing at each moment, and why it stopped, in plain words. The done view gives the deposit's hash
(copy, look up) and hands the order to the Cross-chain tab, which follows it to the end.

It holds no key: the wallet hands one out (off the GUI thread) just before each signature.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
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

from swapdesk.address import format_address
from swapdesk.blocking import off_loop
from swapdesk.gui import formatting, status, theme
from swapdesk.gui.links import Links
from swapdesk.gui.tabs.cross_routes import BRIDGE_NAMES, about, fee_line
from swapdesk.gui.tasks import Latest
from swapdesk.gui.widgets.card import heading
from swapdesk.gui.widgets.copyable import CopyableField
from swapdesk.gui.widgets.error_label import error_label, note_label
from swapdesk.gui.widgets.progress import Progress
from swapdesk.gui.widgets.status_badge import StatusBadge
from swapdesk.trade.bridge import Bridger, BridgeResult
from swapdesk.trade.bridge_catalog import CONTRACT_NAMES
from swapdesk.trade.bridge_checks import CrossShown
from swapdesk.trade.errors import TradeError
from swapdesk.trade.results import Funds
from swapdesk.wallet import Account, Password, PrivateKey, Wallet, WalletError, WrongPassword

BELOW_MINIMUM = {
    "METAPATH": "or the desk refunds the deposit",
    "CBRIDGE": "or cBridge refunds it (you then withdraw the refund here)",
    "ANYSWAP": "the bridge's fixed terms: the amount less its fee",
}


class CrossSendDialog(QDialog):
    checked = Signal(object)  # Funds, once balance and allowance are known
    approved = Signal(str)
    sent_order = Signal(object)  # BridgeResult
    failed = Signal(str)
    sent = Signal()  # a transaction was recorded: the lists have news
    follow = Signal(str)  # the deposit's hash: show the order

    def __init__(
        self, bridger: Bridger, wallet: Wallet, shown: CrossShown, account: Account, parent: QWidget | None = None,
        links: Links | None = None,
    ) -> None:  # fmt: skip
        super().__init__(parent)
        self.bridger, self.wallet, self.shown, self.account = bridger, wallet, shown, account
        self.links = links or Links()
        self.src, self.dst = shown.src, shown.dst
        self.devnet = bridger.trader.chains.is_devnet(self.src)
        self.funds: Funds | None = None
        self.outcome: BridgeResult | None = None
        self._busy = True
        self._work = Latest(self._unexpected)
        self.setWindowTitle(f"Send {shown.symbols[0]} to {self.dst.name}")
        self.setMinimumWidth(600)
        self.headline = heading(self._headline(), 1.3)
        self.contract = QLabel("reading swapdesk's catalogue…")
        self.contract.setWordWrap(True)
        self.review = self._review_rows()
        self.done_view = QWidget()
        done = QFormLayout(self.done_view)
        self.done_badge = StatusBadge()
        self.deposit = CopyableField("Deposit transaction")
        self.deposit.look_up.connect(lambda _text: self._follow())
        self.order_id = QLabel()
        self.order_id.setWordWrap(True)
        for caption, value in (("Status", self.done_badge), ("Deposit", self.deposit), ("Order", self.order_id)):
            done.addRow(caption, value)
        self.done_view.hide()
        self.password = QLineEdit(echoMode=QLineEdit.EchoMode.Password, placeholderText="Keystore password")
        self.password.setAccessibleName("Keystore password")
        self.password.setVisible(wallet.is_locked(account))
        amount = formatting.amount(shown.amount, shown.decimals[0], shown.symbols[0])
        self.approve_button = QPushButton(f"1. Approve {amount}")
        self.approve_button.setToolTip(f"Lets {shown.bridge}'s contract take exactly this amount, nothing more")
        self.unlimited = QCheckBox("Approve an unlimited amount (skips this step next time; riskier)")
        self.send_button = QPushButton("Send")
        self.send_button.setDefault(True)
        theme.primary(self.send_button)
        self.progress = Progress()
        self.step = note_label()
        self.error = error_label()
        self.follow_button = QPushButton("Follow the order")
        self.follow_button.hide()
        close = QPushButton("Close")
        for widget in (self.approve_button, self.unlimited):
            widget.hide()
        buttons = QHBoxLayout()
        for widget in (self.approve_button, self.send_button):
            buttons.addWidget(widget)
        buttons.addStretch(1)
        buttons.addWidget(self.follow_button)
        buttons.addWidget(close)
        layout = QVBoxLayout(self)
        for part in (self.headline, self.review, self.done_view, self.password, self.unlimited, self.progress,
                     self.step, self.error):  # fmt: skip
            layout.addWidget(part)
        layout.addLayout(buttons)
        self._enable()
        self.approve_button.clicked.connect(lambda: self._run(self._approve, "Approving…"))
        self.send_button.clicked.connect(lambda: self._run(self._send, "Sending…"))
        self.follow_button.clicked.connect(self._follow)
        close.clicked.connect(self.reject)
        self.finished.connect(lambda _: self._close_work())
        self._run(self._check, "Checking your balance and the bridge's allowance…")

    def _headline(self) -> str:
        s = self.shown
        give = formatting.amount(s.amount, s.decimals[0], s.symbols[0])
        return f"{give} → about {formatting.amount(s.amount_out, s.decimals[1], s.symbols[1])} on {self.dst.name}"

    def _review_rows(self) -> QWidget:
        s = self.shown
        holder = QWidget()
        form = QFormLayout(holder)
        gas = next((f for f in s.route.fees if f.kind == "gas"), None)
        network = (f"{about(formatting.amount(int(gas.amount), gas.decimals, gas.symbol))}, paid on {self.src.name}"
                   if gas is not None else "measured when the deposit is built")  # fmt: skip
        receiver = s.receiver
        own = receiver == self.account.address_on(self.dst.tron)
        devnet = " (devnet)" if self.devnet else ""
        rows: list[tuple[str, QWidget]] = [
            ("From", QLabel(self.account.title(tron=self.src.tron))),
            ("Route", QLabel(f"{self.src.name} → {self.dst.name}{devnet}, through {s.bridge}"
                             f" ({BRIDGE_NAMES.get(s.bridge, s.bridge)})")),
            ("You send", QLabel(formatting.amount(s.amount, s.decimals[0], s.symbols[0]))),
            ("You receive", QLabel(f"{formatting.amount(s.amount_out, s.decimals[1], s.symbols[1])} (quoted)")),
            ("At least", QLabel(f"{formatting.amount(s.min_out, s.decimals[1], s.symbols[1])}, "
                                f"{BELOW_MINIMUM.get(s.bridge, '')}")),
            ("Fees", QLabel(fee_line(s.route, paid_on_top=False))),
            ("Network fee", QLabel(network)),
            ("Time", QLabel(f"about {formatting.duration(s.route.etaSeconds)} from the deposit to the payout")),
            ("Receiver", QLabel(f"{receiver} (you)" if own else f"{receiver} — not this account")),
            ("Contract", self.contract),
        ]  # fmt: skip
        for caption, value in rows:
            if isinstance(value, QLabel):
                value.setWordWrap(True)
            form.addRow(caption, value)
        if not own:
            theme.tint(rows[-2][1], "warning")
        return holder

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
        s = self.shown
        try:
            contract = await self.bridger.contract(s)
            self.contract.setText(
                f"{s.bridge}'s {CONTRACT_NAMES[s.bridge]} {format_address(contract, self.src.tron)}, from swapdesk's"
                " own catalogue (the quote's word is not taken)"
            )
            funds = await self.bridger.funds(self.account.address, s)
            self.bridger.check_balance(funds, s)
        except TradeError as error:
            return self._fail(str(error))
        self.funds = funds
        needs = funds.approval_needed(s.amount)
        self.approve_button.setVisible(needs)
        self.unlimited.setVisible(needs)
        self.send_button.setText("2. Send" if needs else "Send")
        self.step.setText(
            f"Step 1 of 2: {s.bridge}'s contract may not take your {s.symbols[0]} yet. Approve it first."
            if needs
            else "Ready to send. The call data is checked again before you sign."
        )
        self._busy = False
        self._enable()
        self.checked.emit(funds)

    async def _approve(self) -> None:
        try:
            key = await self._key()
            self.progress.say("Approving: signing and sending; waiting for the receipt…")
            approval = await self.bridger.approve(key, self.shown, unlimited=self.unlimited.isChecked())
        except (TradeError, WalletError, WrongPassword) as error:
            self.sent.emit()
            return self._fail(f"Approval: {error}")
        self.sent.emit()
        self.approved.emit(approval.hash)
        await self._check()

    async def _send(self) -> None:
        try:
            key = await self._key()
            result = await self.bridger.send(key, self.shown, step=self.progress.say)
        except (TradeError, WalletError, WrongPassword) as error:
            self.sent.emit()
            return self._fail(str(error))
        self.outcome = result
        self._show_done(result)
        self.sent.emit()
        self.sent_order.emit(result)

    def _show_done(self, result: BridgeResult) -> None:
        self.headline.setText(f"Sent: {self.shown.bridge} is carrying it to {self.dst.name}")
        self.done_badge.set(status.PENDING, "on its way")
        self.deposit.set(result.hash, self.links.explorer(self.src, "tx", result.hash), lookup=True)
        self.order_id.setText(result.order_id or "registering with the bridge: the order is followed by its deposit")
        self.step.setText("Its timeline moves in the Cross-chain tab; you are told when it arrives.")
        for widget in (self.review, self.approve_button, self.unlimited, self.send_button):
            widget.hide()
        self.done_view.show()
        self.follow_button.show()
        self.follow_button.setDefault(True)
        self.adjustSize()  # as tall as the done view, not the review it replaced

    async def _key(self) -> PrivateKey:
        if self.wallet.is_locked(self.account):
            self.progress.say("Unlocking the keystore…")
            await off_loop(self.wallet.unlock, self.account.address, Password(self.password.text()))
            self.password.clear()
            self.password.hide()
        return await off_loop(self.wallet.key, self.account.address, self.devnet)

    # -- state -------------------------------------------------------------------------------

    def _enable(self) -> None:
        needs = self.funds is not None and self.funds.approval_needed(self.shown.amount)
        ready = not self._busy and self.funds is not None and self.outcome is None
        self.approve_button.setEnabled(ready and needs)
        self.send_button.setEnabled(ready and not needs)

    def _fail(self, message: str) -> None:
        self.error.setText(message)
        self.error.show()
        self.step.setText("Nothing more was sent." if self.outcome is None else "")
        self._busy = False
        self._enable()
        self.failed.emit(message)

    def _unexpected(self, error: BaseException) -> None:
        self._fail(f"Something went wrong inside swapdesk ({type(error).__name__}); see the log.")

    def _close_work(self) -> None:
        self._work.close()
        self.progress.stop()

    def _follow(self) -> None:
        if self.outcome is not None:
            self.follow.emit(self.outcome.hash)
            self.accept()
