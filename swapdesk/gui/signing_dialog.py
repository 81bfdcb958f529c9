"""What every dialog that signs has in common: review, approval as its own step, then the one action.

A subclass shows its review, names its action ("Swap", "Send") and who must be allowed to take the token,
and supplies four steps: read the funds (`_read_funds`), approve (`_approve_with`), act (`_act`) and show
what happened (`_show_done`). This class runs them. The steps are drawn in a row at the top ("1 Approve USDT ›
2 Swap"): the one to do now outlined, a finished one ticked ("✓ Approved USDT"), so a step done never just
vanishes. The next action is always the dialog's one primary, default button (Enter presses it): Approve while
the approval is missing, then the action, then, once done, what comes next; Close is secondary. What the person
risks is said on the review before any signature (`gui.risks`: the subclass's, and an unlimited approval and a
recipient never seen before here); a severe risk keeps both buttons off until its box is ticked. The dialog grows
with its risks up to its screen's room with a title bar; on a shorter screen the review and its risks scroll
between the steps and the box, the step's words and the buttons, which stay in view. Each step shows
its progress at once (and in the window's status bar) and says why it stopped, in plain words; the key is
handed out by the wallet (off the GUI thread, as the keyring may block) just before each signature, and held
no longer.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine, Sequence
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEvent, QObject, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QCheckBox, QDialog, QHBoxLayout, QLineEdit, QPushButton, QVBoxLayout, QWidget

from swapdesk.gui import error_words, risks, theme
from swapdesk.gui.activity import Activity
from swapdesk.gui.design.buttons import secondary
from swapdesk.gui.design.card import caption
from swapdesk.gui.design.dialog_fit import ScrollingPart, room
from swapdesk.gui.design.notice import Notice
from swapdesk.gui.design.progress import Progress
from swapdesk.gui.design.risk_list import RiskList
from swapdesk.gui.design.steps import Steps
from swapdesk.gui.design.tokens import SPACE
from swapdesk.gui.i18n import tr
from swapdesk.gui.risks import Risk
from swapdesk.gui.screen_fit import FRAME
from swapdesk.gui.tasks import Latest
from swapdesk.off_loop import off_loop
from swapdesk.trade.errors import TradeError
from swapdesk.trade.results import Funds
from swapdesk.wallet import Account, Password, PrivateKey, Wallet, WalletError, WrongPassword

if TYPE_CHECKING:
    from swapdesk.store import TxStore

SIGNING_ERRORS = (TradeError, WalletError, WrongPassword)  # said in words; anything else is a bug


class SigningDialog(QDialog):
    checked = Signal(object)  # Funds, once balance and allowance are known
    approved = Signal(str)  # the approval's hash
    failed = Signal(str)  # what stopped it, in words
    sent = Signal()  # a transaction was recorded: the lists have news

    def __init__(
        self, wallet: Wallet, account: Account, *, devnet: bool, action: str, doing: str, amount: int,
        amount_words: str, token: str, spender: str, parent: QWidget | None = None, activity: Activity | None = None,
        store: TxStore | None = None,
    ) -> None:  # fmt: skip
        """`action`: the button's word ("Swap"), `doing` its progress ("Swapping…"); `amount`: what the spender
        must be allowed to take of `token`, in smallest units (`amount_words` says it); `spender`: who takes it,
        in words ("swapdesk's router"); `store`: the transactions sent, whose recipients are not new."""
        super().__init__(parent)
        self.wallet, self.account, self.devnet = wallet, account, devnet
        self.action, self.amount, self.token, self.spender = action, amount, token, spender
        self.funds: Funds | None = None
        self.result: Any = None  # the action's outcome, once it succeeded
        self.approved_once = False
        self._busy = True
        self._work = Latest(self._unexpected)
        self.store = store
        self.known: list[str] | None = None  # the accounts and the recipients sent to before, once read
        self._reading = Latest(self._unexpected)
        self.risks = RiskList()
        self.risks.changed.connect(self._enable)

        self.steps = Steps()
        self.steps.set_steps([(tr("Approve {token}").format(token=token), tr("Approved {token}").format(token=token)),
                              (action, tr("Done"))])  # fmt: skip
        self.password = QLineEdit(echoMode=QLineEdit.EchoMode.Password, placeholderText=tr("Keystore password"))
        self.password.setAccessibleName(tr("Keystore password"))
        self.password.setVisible(wallet.is_locked(account))
        self.approve_button = QPushButton(tr("Approve {amount}").format(amount=amount_words))
        self.approve_button.setAccessibleName(self.approve_button.text())
        self.approve_button.setToolTip(
            tr("Lets {spender} take exactly this amount of the token, nothing more").format(spender=spender)
        )
        theme.primary(self.approve_button)
        self.unlimited = QCheckBox(tr("Approve an unlimited amount (skips this step next time; riskier)"))
        self.unlimited.toggled.connect(lambda _: self.judge())
        self.action_button = QPushButton(action)
        self.action_button.setAccessibleName(action)
        theme.primary(self.action_button)
        self.progress = Progress(activity)
        self.step = caption()
        self.error = Notice("danger")
        self.error.hide()
        self.close_button = secondary(tr("Close"))
        self.close_button.setAutoDefault(False)  # Enter, wherever the focus is, presses the step to do now
        for widget in (self.approve_button, self.unlimited, self.steps):
            widget.hide()
        self.approve_button.clicked.connect(lambda: self._run(self._approve, tr("Approving…")))
        self.action_button.clicked.connect(lambda: self._run(self._go, doing))
        self.close_button.clicked.connect(self.reject)
        self.finished.connect(lambda _: self._close_work())

    def _assemble(self, parts: Sequence[QWidget], after: QPushButton) -> None:
        """Lay out the steps; then `parts` (the review and what goes with it), the unlimited box and the risks, which
        scroll where the screen is too short for them; then, always in view, the risks' box to tick, the password,
        the progress, the step's words and the error, and the buttons (`after`, the done view's next action, beside
        Close); then check the funds."""
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.close_button)
        buttons.addWidget(after)
        buttons.addWidget(self.approve_button)
        buttons.addWidget(self.action_button)
        theme.primary(after)
        page = QWidget()
        review = QVBoxLayout(page)
        review.setContentsMargins(0, 0, 0, 0)
        review.setSpacing(SPACE["md"])
        for part in (*parts, self.unlimited, self.risks):
            review.addWidget(part)
        review.addStretch(1)  # a short review stays at the top when the dialog is taller (a person enlarged it)
        self.body = ScrollingPart(page)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(SPACE["xl"], SPACE["lg"], SPACE["xl"], SPACE["lg"])
        layout.setSpacing(SPACE["md"])
        layout.addWidget(self.steps)
        layout.addWidget(self.body, 1)
        self.risks.layout_.removeWidget(self.risks.confirm)  # what must be ticked before signing: never scrolled away
        self.risks.confirm.installEventFilter(self)  # reached by Tab: the risks it confirms scrolled into view
        for part in (self.risks.confirm, self.password, self.progress, self.step, self.error):
            layout.addWidget(part)
        layout.addLayout(buttons)
        for button in (self.close_button, after, self.approve_button, self.action_button):
            button.setAutoDefault(False)
        self._enable()
        self.judge()
        self._reading.run(self._read_known())
        self._run(self._check, tr("Checking your balance and what {spender} may take…").format(spender=self.spender))

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
        """Whatever else the action waits for; nothing by default (a severe risk's confirmation is the base's)."""
        return True

    def _risks(self) -> list[Risk | None]:
        """The subclass's risks, as known now (asked again whenever something is learnt: `judge`)."""
        return []

    # -- risks -------------------------------------------------------------------------------

    def judge(self) -> None:
        """The risks as known now, on the review: the subclass's, and an unlimited approval."""
        allowance = self.funds.allowance if self.funds is not None else None
        ticked = self.unlimited.isChecked() and not self.unlimited.isHidden()
        found = [*self._risks(), risks.unlimited(ticked, allowance, self.spender, self.token)]
        if self.result is None:
            self.risks.set_risks([r for r in found if r is not None])

    def _grow(self) -> None:
        """As tall as the review and its risks, nothing squeezed, up to the room its screen has with a title bar
        (Qt's own first size, and `adjustSize`, stop at two thirds of the screen, which a review with its risks may
        need more than); where the screen is shorter, the review scrolls between the steps and the buttons."""
        space, layout, screen = room(self), self.layout(), self.screen()
        if space is None or layout is None or screen is None:
            return
        for _ in range(3):  # laid out at the new height, a wrapped line may need a little more: measured again
            layout.activate()
            wanted = layout.totalHeightForWidth(self.width()) if layout.hasHeightForWidth() else -1
            height = min(wanted if wanted > 0 else self.sizeHint().height(), space.height())
            if height <= self.height():
                break
            self.resize(self.width(), height)
        free = screen.availableGeometry().marginsRemoved(FRAME)
        inside = self.geometry()
        overflow = min(inside.bottom() - free.bottom(), inside.top() - free.top())
        if overflow > 0:  # grown past the free area's foot: moved up, its title bar never above the screen's top
            self.move(self.x(), self.y() - overflow)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self._grow()  # risks known before the dialog opened (a slippage, an impact) count in its first height

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.risks.confirm and event.type() == QEvent.Type.FocusIn and hasattr(self, "body"):
            self.body.ensureWidgetVisible(self.risks, 0, 0)
        return super().eventFilter(watched, event)

    def event(self, event: QEvent) -> bool:
        handled = super().event(event)
        if event.type() == QEvent.Type.LayoutRequest and self.isVisible() and self.result is None:
            self._grow()  # a risk said, a figure that wraps once known: laid out anew, and grown if it must
        return handled

    async def _read_known(self) -> None:
        """The person's accounts and the recipients swapdesk has sent to: a recipient among them is not new."""
        accounts = await off_loop(self.wallet.accounts, self.devnet)
        known = [a.address for a in accounts]
        if self.store is not None:
            rows = await off_loop(self.store.all)
            known += [str(r.summary["receiver"]) for r in rows if r.summary.get("receiver")]
        self.known = known
        self.judge()

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
            return self._fail(error_words.said(error))
        self.funds = funds
        needs = funds.approval_needed(self.amount)
        self.steps.setVisible(needs or self.approved_once)
        self.steps.set_state(0, "now" if needs else "done")
        self.steps.set_state(1, "todo" if needs else "now")
        self.unlimited.setVisible(needs)
        self.step.setText(
            tr("{spender} may not take your {token} yet: approve it first, for this amount only.").format(
                spender=self.spender, token=self.token
            )
            if needs
            else tr("Ready to {action}. The call data is checked again before you sign.").format(
                action=self.action.lower()
            )
        )
        self._checked(funds)
        self.judge()
        self._busy = False
        self._enable()
        self.checked.emit(funds)

    async def _approve(self) -> None:
        try:
            key = await self._key()
            self.progress.say(tr("Approving: signing and sending; waiting for the receipt…"))
            approval = await self._approve_with(key, self.unlimited.isChecked())
        except SIGNING_ERRORS as error:
            self.sent.emit()
            return self._fail(tr("The approval stopped: {why}").format(why=error_words.said(error)))
        self.approved_once = True
        self.sent.emit()
        self.approved.emit(approval)
        await self._check()

    async def _go(self) -> None:
        try:
            result = await self._act(await self._key())
        except SIGNING_ERRORS as error:
            self.sent.emit()
            return self._fail(error_words.said(error))
        self.result = result
        self.steps.set_state(1, "done")
        self._show_done(result)
        for widget in (self.approve_button, self.unlimited, self.action_button, self.risks, self.risks.confirm):
            widget.hide()
        self.close_button.setText(tr("Close"))
        self.sent.emit()
        self.progress.stop()  # done: the done view says what it still reads ("reading…"), never "waiting for…"
        await self._after_done(result)

    async def _key(self) -> PrivateKey:
        if self.wallet.is_locked(self.account):
            self.progress.say(tr("Unlocking the keystore…"))
            await off_loop(self.wallet.unlock, self.account.address, Password(self.password.text()))
            self.password.clear()
            self.password.hide()
        return await off_loop(self.wallet.key, self.account.address, self.devnet)

    # -- state -------------------------------------------------------------------------------

    def _enable(self) -> None:
        """The step to do now is the one primary button, and the default; the other step's is not shown."""
        needs = self.funds is not None and self.funds.approval_needed(self.amount)
        ready = not self._busy and self.funds is not None and self.result is None
        self.approve_button.setVisible(self.result is None and needs)
        self.action_button.setVisible(self.result is None and not needs)
        confirmed = self.risks.confirmed()  # a severe risk: nothing is signed before its box is ticked
        self.approve_button.setEnabled(ready and needs and confirmed)
        self.action_button.setEnabled(ready and not needs and self._may_act() and confirmed)
        current = self.approve_button if needs else self.action_button
        current.setDefault(self.result is None)
        (self.action_button if needs else self.approve_button).setDefault(False)
        focused = self.focusWidget()
        if current.isEnabled() and (focused is None or focused is self.close_button or not focused.isEnabled()):
            current.setFocus()  # the ring on the next action, not on Close

    def _fail(self, message: str) -> None:
        self.error.set(message, "danger")
        self.error.show()
        self.step.setText(tr("Nothing more was sent.") if self.result is None else "")
        self._busy = False
        self._enable()
        self.failed.emit(message)

    def _unexpected(self, error: BaseException) -> None:
        self._fail(error_words.unexpected(error))

    def _close_work(self) -> None:
        self._work.close()
        self._reading.close()
        self.progress.stop()
