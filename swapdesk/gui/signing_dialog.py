"""What every dialog that signs has in common: review, approval as its own step, then the one action.

A subclass shows its review, names its action ("Swap", "Send") and who must be allowed to take the token,
and supplies four steps: read the funds (`_read_funds`), approve (`_approve_with`), act (`_act`) and show
what happened (`_show_done`). This class runs them: each step shows its progress at once and says why it
stopped, in plain words; the buttons are on only when their step can run; the key is handed out by the
wallet (off the GUI thread, as the keyring may block) just before each signature, and held no longer.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine, Sequence
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QCheckBox, QDialog, QHBoxLayout, QLineEdit, QPushButton, QVBoxLayout, QWidget

from swapdesk.blocking import off_loop
from swapdesk.gui import theme
from swapdesk.gui.tasks import Latest
from swapdesk.gui.widgets.error_label import error_label, note_label
from swapdesk.gui.widgets.progress import Progress
from swapdesk.trade.errors import TradeError
from swapdesk.trade.results import Funds
from swapdesk.wallet import Account, Password, PrivateKey, Wallet, WalletError, WrongPassword

SIGNING_ERRORS = (TradeError, WalletError, WrongPassword)  # said in words; anything else is a bug


class SigningDialog(QDialog):
    checked = Signal(object)  # Funds, once balance and allowance are known
    approved = Signal(str)  # the approval's hash
    failed = Signal(str)  # what stopped it, in words
    sent = Signal()  # a transaction was recorded: the lists have news

    def __init__(
        self, wallet: Wallet, account: Account, *, devnet: bool, action: str, doing: str, amount: int,
        amount_words: str, token: str, spender: str, parent: QWidget | None = None,
    ) -> None:  # fmt: skip
        """`action`: the button's word ("Swap"), `doing` its progress ("Swapping…"); `amount`: what the spender
        must be allowed to take of `token`, in smallest units (`amount_words` says it); `spender`: who takes it,
        in words ("swapdesk's router")."""
        super().__init__(parent)
        self.wallet, self.account, self.devnet = wallet, account, devnet
        self.action, self.amount, self.token, self.spender = action, amount, token, spender
        self.funds: Funds | None = None
        self.result: Any = None  # the action's outcome, once it succeeded
        self._busy = True
        self._work = Latest(self._unexpected)

        self.password = QLineEdit(echoMode=QLineEdit.EchoMode.Password, placeholderText="Keystore password")
        self.password.setAccessibleName("Keystore password")
        self.password.setVisible(wallet.is_locked(account))
        self.approve_button = QPushButton(f"1. Approve {amount_words}")
        self.approve_button.setToolTip(f"Lets {spender} take exactly this amount of the token, nothing more")
        self.unlimited = QCheckBox("Approve an unlimited amount (skips this step next time; riskier)")
        self.action_button = QPushButton(action)
        self.action_button.setDefault(True)
        theme.primary(self.action_button)
        self.progress = Progress()
        self.step = note_label()
        self.error = error_label()
        self.close_button = QPushButton("Close")
        for widget in (self.approve_button, self.unlimited):
            widget.hide()
        self.approve_button.clicked.connect(lambda: self._run(self._approve, "Approving…"))
        self.action_button.clicked.connect(lambda: self._run(self._go, doing))
        self.close_button.clicked.connect(self.reject)
        self.finished.connect(lambda _: self._close_work())

    def _assemble(self, parts: Sequence[QWidget], after: QPushButton) -> None:
        """Lay out `parts` (the review and what goes with it), then the progress, the step and the error, then
        the buttons (`after` beside Close, for the done view); then check the funds."""
        buttons = QHBoxLayout()
        buttons.addWidget(self.approve_button)
        buttons.addWidget(self.action_button)
        buttons.addStretch(1)
        buttons.addWidget(after)
        buttons.addWidget(self.close_button)
        layout = QVBoxLayout(self)
        for part in (*parts, self.unlimited, self.progress, self.step, self.error):
            layout.addWidget(part)
        layout.addLayout(buttons)
        self._enable()
        self._run(self._check, f"Checking your balance and what {self.spender} may take…")

    # -- the subclass's part ------------------------------------------------------------------

    async def _read_funds(self) -> Funds:
        """Balance and allowance, checked against the amount (TradeError when they fall short)."""
        raise NotImplementedError

    async def _approve_with(self, key: PrivateKey, unlimited: bool) -> str:
        """Approve the spender; the approval's hash."""
        raise NotImplementedError

    async def _act(self, key: PrivateKey) -> Any:
        """Do the action (the trade layer checks its call data before signing); its outcome."""
        raise NotImplementedError

    def _show_done(self, result: Any) -> None:
        raise NotImplementedError

    async def _after_done(self, result: Any) -> None:
        """What follows the done view (signals, reads); nothing by default."""

    def _checked(self, funds: Funds) -> None:
        """The funds are known (before the buttons come on); nothing by default."""

    def _may_act(self) -> bool:
        """Whatever else the action waits for (a confirmation the person ticks); nothing by default."""
        return True

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
        try:
            funds = await self._read_funds()
        except TradeError as error:
            return self._fail(str(error))
        self.funds = funds
        needs = funds.approval_needed(self.amount)
        self.approve_button.setVisible(needs)
        self.unlimited.setVisible(needs)
        self.action_button.setText(f"2. {self.action}" if needs else self.action)
        self.step.setText(
            f"Step 1 of 2: {self.spender} may not take your {self.token} yet. Approve it first."
            if needs
            else f"Ready to {self.action.lower()}. The call data is checked again before you sign."
        )
        self._checked(funds)
        self._busy = False
        self._enable()
        self.checked.emit(funds)

    async def _approve(self) -> None:
        try:
            key = await self._key()
            self.progress.say("Approving: signing and sending; waiting for the receipt…")
            approval = await self._approve_with(key, self.unlimited.isChecked())
        except SIGNING_ERRORS as error:
            self.sent.emit()
            return self._fail(f"Approval: {error}")
        self.sent.emit()
        self.approved.emit(approval)
        await self._check()

    async def _go(self) -> None:
        try:
            result = await self._act(await self._key())
        except SIGNING_ERRORS as error:
            self.sent.emit()
            return self._fail(str(error))
        self.result = result
        self._show_done(result)
        for widget in (self.approve_button, self.unlimited, self.action_button):
            widget.hide()
        self.sent.emit()
        await self._after_done(result)

    async def _key(self) -> PrivateKey:
        if self.wallet.is_locked(self.account):
            self.progress.say("Unlocking the keystore…")
            await off_loop(self.wallet.unlock, self.account.address, Password(self.password.text()))
            self.password.clear()
            self.password.hide()
        return await off_loop(self.wallet.key, self.account.address, self.devnet)

    # -- state -------------------------------------------------------------------------------

    def _enable(self) -> None:
        needs = self.funds is not None and self.funds.approval_needed(self.amount)
        ready = not self._busy and self.funds is not None and self.result is None
        self.approve_button.setEnabled(ready and needs)
        self.action_button.setEnabled(ready and not needs and self._may_act())

    def _fail(self, message: str) -> None:
        self.error.setText(message)
        self.error.show()
        self.step.setText("Nothing more was sent." if self.result is None else "")
        self._busy = False
        self._enable()
        self.failed.emit(message)

    def _unexpected(self, error: BaseException) -> None:
        self._fail(f"Something went wrong inside swapdesk ({type(error).__name__}); see the log.")

    def _close_work(self) -> None:
        self._work.close()
        self.progress.stop()
