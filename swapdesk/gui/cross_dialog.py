"""Review and sign one cross-chain transfer: the route repeated, balance, approval as its own step, then the send.

The review repeats what the person decides on before anything is signed: the chains and the bridge, what is
sent and what arrives, the least that arrives (and what happens below it), the fees by kind, the network fee,
how long it takes, who receives, and the contract the deposit goes to, named from swapdesk's own catalogue.
Approve is its own step, for the exact amount, to that contract only. Send gets a final quote, checks its call
data against the review, dry-runs it, signs, records, sends, and makes the order callback; the dialog says
what it is doing at each moment, and why it stopped, in plain words. The done view gives the deposit's hash
(copy, look up) and hands the order to the Cross-chain tab, which follows it to the end.

The steps are `SigningDialog`'s.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QFormLayout, QLabel, QPushButton, QWidget

from swapdesk.address import format_address
from swapdesk.gui import formatting, status, theme
from swapdesk.gui.links import Links
from swapdesk.gui.signing_dialog import SigningDialog
from swapdesk.gui.tabs.cross_routes import BRIDGE_NAMES, about, fee_line
from swapdesk.gui.widgets.card import heading
from swapdesk.gui.widgets.copyable import CopyableField
from swapdesk.gui.widgets.status_badge import StatusBadge
from swapdesk.trade.bridge import Bridger, BridgeResult
from swapdesk.trade.bridge_catalog import CONTRACT_NAMES
from swapdesk.trade.bridge_checks import CrossShown
from swapdesk.trade.results import Funds
from swapdesk.wallet import Account, PrivateKey, Wallet

BELOW_MINIMUM = {
    "METAPATH": "or the desk refunds the deposit",
    "CBRIDGE": "or cBridge refunds it (you then withdraw the refund here)",
    "ANYSWAP": "the bridge's fixed terms: the amount less its fee",
}


class CrossSendDialog(SigningDialog):
    sent_order = Signal(object)  # BridgeResult
    follow = Signal(str)  # the deposit's hash: show the order

    def __init__(
        self, bridger: Bridger, wallet: Wallet, shown: CrossShown, account: Account, parent: QWidget | None = None,
        links: Links | None = None,
    ) -> None:  # fmt: skip
        self.src, self.dst = shown.src, shown.dst
        sell = shown.symbols[0]
        super().__init__(
            wallet, account, devnet=bridger.trader.chains.is_devnet(self.src), action="Send", doing="Sending…",
            amount=shown.amount, amount_words=formatting.amount(shown.amount, shown.decimals[0], sell), token=sell,
            spender=f"{shown.bridge}'s contract", parent=parent,
        )  # fmt: skip
        self.bridger, self.shown = bridger, shown
        self.links = links or Links()
        self.send_button = self.action_button
        self.setWindowTitle(f"Send {sell} to {self.dst.name}")
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
        self.follow_button = QPushButton("Follow the order")
        self.follow_button.hide()
        self.follow_button.clicked.connect(self._follow)
        self._assemble((self.headline, self.review, self.done_view, self.password), after=self.follow_button)

    @property
    def outcome(self) -> BridgeResult | None:
        result: BridgeResult | None = self.result
        return result

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

    async def _read_funds(self) -> Funds:
        s = self.shown
        contract = await self.bridger.contract(s)
        self.contract.setText(
            f"{s.bridge}'s {CONTRACT_NAMES[s.bridge]} {format_address(contract, self.src.tron)}, from swapdesk's"
            " own catalogue (the quote's word is not taken)"
        )
        funds = await self.bridger.funds(self.account.address, s)
        self.bridger.check_balance(funds, s)
        return funds

    async def _approve_with(self, key: PrivateKey, unlimited: bool) -> str:
        return (await self.bridger.approve(key, self.shown, unlimited=unlimited)).hash

    async def _act(self, key: PrivateKey) -> BridgeResult:
        return await self.bridger.send(key, self.shown, step=self.progress.say)

    async def _after_done(self, result: BridgeResult) -> None:
        self.sent_order.emit(result)

    def _show_done(self, result: BridgeResult) -> None:
        self.headline.setText(f"Sent: {self.shown.bridge} is carrying it to {self.dst.name}")
        self.done_badge.set(status.PENDING, "on its way")
        self.deposit.set(result.hash, self.links.explorer(self.src, "tx", result.hash), lookup=True)
        self.order_id.setText(result.order_id or "registering with the bridge: the order is followed by its deposit")
        self.step.setText("Its timeline moves in the Cross-chain tab; you are told when it arrives.")
        self.review.hide()
        self.done_view.show()
        self.follow_button.show()
        self.follow_button.setDefault(True)
        self.adjustSize()  # as tall as the done view, not the review it replaced

    def _follow(self) -> None:
        if self.outcome is not None:
            self.follow.emit(self.outcome.hash)
            self.accept()
