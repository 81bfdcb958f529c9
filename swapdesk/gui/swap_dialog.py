"""Review and sign one swap: the quote repeated, balance, approval as its own step, then the swap.

The review repeats what the person decides on before anything is signed: what is sold and received,
the minimum, the rate, the fee, the price impact (confirmed by a tick above 10 %), the network fee and
who receives. The dialog says what it is doing at each moment (busy bar and words) and why it stopped,
in plain words. The done view says what was received, what it cost, and the transaction's hash, to copy
or look up (in History; on a real network also on the chain's explorer).

The steps are `SigningDialog`'s; the trader checks the call data before the signature is asked for. On
TRON the steps are the same (the trader signs with tronpy); the account shows its TRON address.
"""

from __future__ import annotations

from decimal import Decimal

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QCheckBox, QFormLayout, QLabel, QPushButton, QWidget

from swapdesk.api import ApiError
from swapdesk.api.requests import TransactionRequest
from swapdesk.gui import formatting, network_fee, status, theme
from swapdesk.gui.links import Links
from swapdesk.gui.signing_dialog import SigningDialog
from swapdesk.gui.tabs.quote_result import impact_level, normal_fee
from swapdesk.gui.tasks import Latest
from swapdesk.gui.widgets.card import heading
from swapdesk.gui.widgets.copyable import CopyableField
from swapdesk.gui.widgets.status_badge import StatusBadge
from swapdesk.trade.checks import Shown
from swapdesk.trade.swap import Funds, SwapResult, Trader
from swapdesk.wallet import Account, PrivateKey, Wallet

CONFIRM_IMPACT = Decimal("0.10")  # above this the user must tick a box to swap


class SwapDialog(SigningDialog):
    swapped = Signal(object)  # SwapResult
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
        sell, buy = shown.symbols
        self.chain = shown.request.chain
        amount = shown.request.amountIn
        super().__init__(
            wallet, account, devnet=trader.chains.is_devnet(self.chain), action="Swap", doing="Swapping…",
            amount=amount, amount_words=formatting.amount(amount, shown.request.decimal0, sell), token=sell,
            spender="swapdesk's router", parent=parent,
        )  # fmt: skip
        self.trader, self.shown = trader, shown
        self.links = links or Links()
        self.swap_button = self.action_button
        self._fee_work = Latest()
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

        impact = Decimal(shown.quote.impact)
        self.confirm_impact = QCheckBox(f"I accept a price impact of {formatting.percent(impact)}")
        self.must_confirm = impact >= CONFIRM_IMPACT
        self.confirm_impact.setVisible(self.must_confirm)
        self.confirm_impact.toggled.connect(self._enable)
        self.history_button = QPushButton("View in History")
        self.history_button.hide()
        self.history_button.clicked.connect(self._to_history)
        self._assemble((self.headline, self.review, self.done_view, self.password, self.confirm_impact),
                       after=self.history_button)  # fmt: skip

    @property
    def swap_result(self) -> SwapResult | None:
        result: SwapResult | None = self.result
        return result

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

    async def _read_funds(self) -> Funds:
        funds = await self.trader.funds(self.account.address, self.shown)
        self.trader.check_balance(funds, self.shown)
        return funds

    def _checked(self, funds: Funds) -> None:
        self._fee_work.run(self._estimate())

    def _may_act(self) -> bool:
        return not self.must_confirm or self.confirm_impact.isChecked()

    async def _approve_with(self, key: PrivateKey, unlimited: bool) -> str:
        return (await self.trader.approve(key, self.shown, unlimited=unlimited)).hash

    async def _act(self, key: PrivateKey) -> SwapResult:
        return await self.trader.swap(key, self.shown, step=self.progress.say)

    async def _after_done(self, result: SwapResult) -> None:
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
        for widget in (self.review, self.confirm_impact):
            widget.hide()
        self.done_view.show()
        self.history_button.show()

    async def _network_paid(self, tx_hash: str) -> None:
        """What the swap cost in gas, from the chain (the engine's transaction extension)."""
        service = self.trader.service
        try:
            info = await service.transaction(TransactionRequest(tx_hash, self.chain))
        except ApiError:
            self.network_paid.setText("could not be read; see History")
            return
        chain = self.chain
        paid = formatting.network_fee(int(info.networkFee), chain.native_decimals, chain.native_symbol, info.gasUsed)
        self.network_paid.setText(paid)

    def _close_work(self) -> None:
        super()._close_work()
        self._fee_work.close()

    def _to_history(self) -> None:
        if self.swap_result is not None:
            self.show_in_history.emit(self.swap_result.hash, self.chain.id)
            self.accept()
