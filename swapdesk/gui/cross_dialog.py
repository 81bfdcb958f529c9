"""Review and sign one cross-chain transfer: the route repeated, balance, approval as its own step, then the send.

The review repeats what the person decides on before anything is signed: the chains and the bridge, what is
sent and what arrives, the least that arrives (and what happens below it), the fees by kind, the network fee,
how long it takes, who receives, and the contract the deposit goes to, named from swapdesk's own catalogue; then
what the person risks (`gui.risks`: a network fee large against the transfer, an unlimited approval, a new
recipient, a token without a price, a contract not the catalogue's). Approve is its own step, for the exact
amount, to that contract only. Send gets a final quote, checks its call data against the review, dry-runs it,
signs, records, sends, and makes the order callback; the dialog says what it is doing at each moment, and why
it stopped, in plain words. The done view gives the deposit's hash (copy, look up) and hands the order to the
Cross-chain tab, which follows it to the end; while the dialog is open its status follows that order as the card
behind it says it (`order_moved`), never Pending once received.

The steps are `SigningDialog`'s.
"""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QWidget

from swapdesk.address import format_address
from swapdesk.api.records import RouteFee
from swapdesk.bridge_names import bridge_name
from swapdesk.chains import Chain
from swapdesk.gui import formatting, risks, status, theme
from swapdesk.gui.activity import Activity
from swapdesk.gui.design.badge import StatusBadge
from swapdesk.gui.design.buttons import secondary
from swapdesk.gui.design.card import heading
from swapdesk.gui.design.copyable import CopyableField
from swapdesk.gui.design.rows import Rows
from swapdesk.gui.i18n import QT_TR_NOOP, tr
from swapdesk.gui.links import Links
from swapdesk.gui.pricing import Prices
from swapdesk.gui.risks import Risk
from swapdesk.gui.signing_dialog import SigningDialog
from swapdesk.gui.tabs.cross.orders import badge_of, ended_words
from swapdesk.gui.tabs.cross.routes import Worth, about, fee_line, nothing_worth
from swapdesk.gui.tasks import Latest
from swapdesk.store import StoredOrder
from swapdesk.trade.bridge import Bridger, BridgeResult
from swapdesk.trade.bridge_catalog import CONTRACT_NAMES
from swapdesk.trade.bridge_checks import CrossShown
from swapdesk.trade.results import Funds
from swapdesk.wallet import Account, PrivateKey, Wallet

if TYPE_CHECKING:
    from swapdesk.store import TxStore

# `bridge_catalog.CONTRACT_NAMES`, marked here for lupdate: the review names the contract in the window's language
CONTRACT_WORDS = (QT_TR_NOOP("Multichain router"), QT_TR_NOOP("Bridgers contract"), QT_TR_NOOP("cBridge contract"))

BELOW_MINIMUM = {
    "METAPATH": QT_TR_NOOP("or the desk refunds the deposit"),
    "CBRIDGE": QT_TR_NOOP("or cBridge refunds it (you then withdraw the refund here)"),
    "ANYSWAP": QT_TR_NOOP("the bridge's fixed terms: the amount less its fee"),
}


class CrossSendDialog(SigningDialog):
    sent_order = Signal(object)  # BridgeResult
    follow = Signal(str)  # the deposit's hash: show the order

    def __init__(
        self, bridger: Bridger, wallet: Wallet, shown: CrossShown, account: Account, parent: QWidget | None = None,
        links: Links | None = None, worth: Worth = nothing_worth, activity: Activity | None = None,
        store: TxStore | None = None, prices: Prices | None = None,
    ) -> None:  # fmt: skip
        self.src, self.dst = shown.src, shown.dst
        sell = shown.symbols[0]
        super().__init__(
            wallet, account, devnet=bridger.trader.chains.is_devnet(self.src), action=tr("Send"),
            doing=tr("Sending…"), amount=shown.amount,
            amount_words=formatting.amount(shown.amount, shown.decimals[0], sell), token=sell,
            spender=tr("{bridge}'s contract").format(bridge=bridge_name(shown.bridge)), parent=parent,
            activity=activity, store=store,
        )  # fmt: skip
        self.bridger, self.shown, self.worth = bridger, shown, worth
        self.prices = prices or Prices(bridger.service)
        self.priced = False  # both sides' prices were asked for (a token still without one has none)
        self.catalogued: str | None = None  # the bridge's contract swapdesk's catalogue names, once read
        self._pricing = Latest()
        self.links = links or Links()
        self.send_button = self.action_button
        self.setWindowTitle(tr("Send {token} to {chain}").format(token=sell, chain=self.dst.name))
        self.setMinimumWidth(620)
        self.headline = heading(self._headline())
        self.review = self._review_rows()
        self.contract = self.review.label("contract")
        self.done_view = Rows(spacing=4)
        self.done_badge = StatusBadge()
        self.deposit = CopyableField(tr("Deposit transaction"))
        self.deposit.look_up.connect(lambda _text: self._follow())
        self.done_view.add_widget("status", tr("Status"), self.done_badge)
        self.done_view.add_widget("deposit", tr("Deposit"), self.deposit)
        self.order_id = self.done_view.add("order", tr("Order"))
        self.done_view.hide()
        self.follow_button = secondary(tr("Follow the order"))
        self.follow_button.hide()
        self.follow_button.clicked.connect(self._follow)
        self._assemble((self.headline, self.review, self.done_view), after=self.follow_button)

    @property
    def outcome(self) -> BridgeResult | None:
        result: BridgeResult | None = self.result
        return result

    def _headline(self) -> str:
        s = self.shown
        give = formatting.amount(s.amount, s.decimals[0], s.symbols[0])
        got = formatting.amount(s.amount_out, s.decimals[1], s.symbols[1])
        return tr("{give} → about {get} on {chain}").format(give=give, get=got, chain=self.dst.name)

    def _review_rows(self) -> Rows:
        s = self.shown
        gas = next((f for f in s.route.fees if f.kind == "gas"), None)
        network = (
            tr("{fee}, paid on {chain}").format(
                fee=about(formatting.amount(int(gas.amount), gas.decimals, gas.symbol))
                + _paren(self.worth(gas.chainId, gas.token, int(gas.amount))),
                chain=self.src.name,
            )
            if gas is not None
            else tr("measured when the deposit is built")
        )
        receiver = s.receiver
        own = receiver == self.account.address_on(self.dst.tron)
        devnet = tr(" (devnet)") if self.devnet else ""
        sent = formatting.amount(s.amount, s.decimals[0], s.symbols[0])
        got = formatting.amount(s.amount_out, s.decimals[1], s.symbols[1])
        route = tr("{src} → {dst}{devnet}, through {bridge}").format(
            src=self.src.name, dst=self.dst.name, devnet=devnet, bridge=bridge_name(s.bridge)
        )
        rows = Rows()
        for key, caption, text in (
            ("from", tr("From"), formatting.account_title(self.account, self.src.tron)),
            ("route", tr("Route"), route),
            ("send", tr("You send"), sent + _paren(self.worth(self.src.id, s.route.quote.token0, s.amount))),
            ("receive", tr("You receive"), tr("{amount} (quoted)").format(
                amount=got + _paren(self.worth(self.dst.id, s.route.quote.token1, s.amount_out)))),
            ("minimum", tr("At least"), f"{formatting.amount(s.min_out, s.decimals[1], s.symbols[1])}, "
                                        f"{tr(BELOW_MINIMUM.get(s.bridge, ''))}"),
            ("fees", tr("Fees"), fee_line(s.route, paid_on_top=False, worth=self.worth)),
            ("network", tr("Network fee"), network),
            ("time", tr("Time"), tr("about {time} from the deposit to the payout").format(
                time=formatting.duration(s.route.etaSeconds))),
            ("receiver", tr("Receiver"), tr("{address} (you)").format(address=receiver) if own
             else tr("{address} — not this account").format(address=receiver)),
            ("contract", tr("Contract"), tr("reading swapdesk's catalogue…")),
            ("priced", tr("Dollar values"), ""),
        ):  # fmt: skip
            rows.add(key, caption)
            rows.set(key, text)
        rows.show_row("priced", False)  # until the tab says where its dollar values come from (`say_priced`)
        if not own:
            theme.tint(rows.label("receiver"), "warning")
        return rows

    def say_priced(self, words: str) -> None:
        """Where the dollar values come from, as the tab said it ('≈ $: priced in USDT on … at block 541.')."""
        self.review.set("priced", words)
        self.review.show_row("priced", bool(words))

    # -- steps -------------------------------------------------------------------------------

    async def _read_funds(self) -> Funds:
        s = self.shown
        contract = await self.bridger.contract(s)
        self.catalogued = format_address(contract, self.src.tron)
        self.review.set(
            "contract",
            tr("{address}\n{bridge}'s {name}, from swapdesk's own catalogue").format(
                bridge=bridge_name(s.bridge), name=tr(CONTRACT_NAMES[s.bridge]), address=self.catalogued
            ),
        )
        funds = await self.bridger.funds(self.account.address, s)
        self.bridger.check_balance(funds, s)
        return funds

    def _checked(self, funds: Funds) -> None:
        if not self.priced:
            self._pricing.run(self._price_sides())

    async def _price_sides(self) -> None:
        """Both sides' prices and the network fee's coin's, each on its own chain's pools (the tab's, when known)."""
        s, who = self.shown, self.account.address
        wanted = [(self.src, s.quote.token0), (self.dst, s.quote.token1)]
        gas = self._gas()
        if gas is not None:
            wanted.append((self.src, gas.token))
        for chain, address in wanted:
            if self.prices.known(chain, address) is None:
                token = next((t for t in await self.prices.tokens(chain) if t.address.lower() == address.lower()), None)
                if token is not None:
                    await self.prices.price(chain, token, self.account.address_on(chain.tron) or who)
        self.priced = True
        self.judge()

    def _gas(self) -> RouteFee | None:
        return next((f for f in self.shown.route.fees if f.kind == "gas"), None)

    def _value(self, chain: Chain, token: str, units: int) -> Decimal | None:
        price = self.prices.known(chain, token)
        return price.value(units) if price is not None else None

    def _risks(self) -> list[Risk | None]:
        s = self.shown
        gas = self._gas()
        fee = self._value(self.src, gas.token, int(gas.amount)) if gas is not None else None
        sides = ((self.src, s.quote.token0, s.symbols[0]), (self.dst, s.quote.token1, s.symbols[1]))
        unpriced = [symbol for chain, token, symbol in sides if self.priced and self.prices.known(chain, token) is None]
        return [
            risks.network_fee(fee, self._value(self.src, s.quote.token0, s.amount)),
            risks.recipient(s.receiver, self.known, self._value(self.dst, s.quote.token1, s.amount_out)),
            risks.unpriced(unpriced, " / ".join(dict.fromkeys(chain.name for chain, _, _ in sides))),
            risks.contract(s.quote.router, self.catalogued, tr("the bridge's contract")) if self.catalogued else None,
        ]

    def _close_work(self) -> None:
        super()._close_work()
        self._pricing.close()

    async def _approve_with(self, key: PrivateKey, unlimited: bool) -> str:
        return (await self.bridger.approve(key, self.shown, unlimited=unlimited)).hash

    async def _act(self, key: PrivateKey) -> BridgeResult:
        return await self.bridger.send(key, self.shown, step=self.progress.say)

    async def _after_done(self, result: BridgeResult) -> None:
        self.sent_order.emit(result)

    def _show_done(self, result: BridgeResult) -> None:
        self.headline.setText(
            tr("Sent: {bridge} is carrying it to {chain}").format(
                bridge=bridge_name(self.shown.bridge), chain=self.dst.name
            )
        )
        self.done_badge.set(status.PENDING, tr("on its way"))
        self.deposit.set(result.hash, self.links.explorer(self.src, "tx", result.hash), lookup=True)
        self.done_view.set(
            "order", result.order_id or tr("registering with the bridge: the order is followed by its deposit")
        )
        self.step.setText(tr("Its timeline moves in the Cross-chain tab; you are told when it arrives."))
        self.review.hide()
        self.done_view.show()
        self.follow_button.show()
        self.follow_button.setDefault(True)
        self.follow_button.setFocus()
        self.adjustSize()  # as tall as the done view, not the review it replaced

    def order_moved(self, order: StoredOrder) -> None:
        """The order sent from here as the card behind says it (`cross.orders`), so the two never disagree: its
        status, its order id once registered, and how it ended."""
        result = self.outcome
        if result is None or order.hash.lower() != result.hash.lower():
            return
        self.done_badge.set(badge_of(order), tr(status.stage_words(order.notes)) if order.notes else "")
        if order.order_id:
            self.done_view.set("order", order.order_id)
        if order.ended:
            title, words, _warning = ended_words(order)
            self.headline.setText(title)
            self.step.setText(words)

    def _follow(self) -> None:
        if self.outcome is not None:
            self.follow.emit(self.outcome.hash)
            self.accept()


def _paren(words: str) -> str:
    return f" ({words})" if words else ""
