"""Review and sign one swap: the quote repeated, balance, approval as its own step, then the swap.

The review repeats what the person decides on before anything is signed: what is sold and received (and
their worth in dollars, priced on the chain's own pools), the minimum, the rate, the fee, the price impact,
the network fee in the coin and in dollars (how it was measured in its tooltip), and who receives; then what
the person risks (`gui.risks`: the slippage, the impact, the network fee against the trade, an unlimited
approval, a new recipient, a token without a price, a router not the catalogue's), the severe ones confirmed
by a tick before anything is signed. The done view
says what was received, what the swap changed in the account's balances, what it cost, and the transaction's
hash, to copy or look up (in History; on a real network also on the chain's explorer).

The steps are `SigningDialog`'s; the trader checks the call data before the signature is asked for. On
TRON the steps are the same (the trader signs with tronpy); the account shows its TRON address.
"""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QWidget

from swapdesk.api import AggQuote, ApiError, BalancesRequest, TokenInfo
from swapdesk.api.requests import TransactionRequest
from swapdesk.gui import formatting, network_fee, risks, status, theme
from swapdesk.gui.activity import Activity
from swapdesk.gui.design.badge import StatusBadge
from swapdesk.gui.design.buttons import secondary
from swapdesk.gui.design.card import heading
from swapdesk.gui.design.copyable import CopyableField
from swapdesk.gui.design.rows import Rows, plain
from swapdesk.gui.i18n import tr
from swapdesk.gui.links import Links
from swapdesk.gui.pricing import Price, Prices, native_token
from swapdesk.gui.risks import Risk
from swapdesk.gui.signing_dialog import SigningDialog
from swapdesk.gui.tabs.quote.prices import pricing_gap, pricing_words
from swapdesk.gui.tabs.quote.prices import source as priced_source
from swapdesk.gui.tabs.quote.result import impact_level, normal_fee
from swapdesk.gui.tasks import Latest
from swapdesk.trade.checks import Shown
from swapdesk.trade.errors import TradeError
from swapdesk.trade.results import Funds, SwapResult
from swapdesk.trade.swap import Trader
from swapdesk.wallet import Account, PrivateKey, Wallet

if TYPE_CHECKING:
    from swapdesk.store import TxStore


class SwapDialog(SigningDialog):
    swapped = Signal(object)  # SwapResult
    show_in_history = Signal(str, int)  # hash, chain id
    estimated = Signal(str)  # the network fee, in words
    changes_shown = Signal()  # the balances after the swap are read and shown

    def __init__(
        self, trader: Trader, wallet: Wallet, shown: Shown, account: Account, parent: QWidget | None = None,
        links: Links | None = None, prices: Prices | None = None, activity: Activity | None = None,
        store: TxStore | None = None,
    ) -> None:  # fmt: skip
        sell, buy = shown.symbols
        self.chain = shown.request.chain
        amount = shown.request.amountIn
        super().__init__(
            wallet, account, devnet=trader.chains.is_devnet(self.chain), action=tr("Swap"), doing=tr("Swapping…"),
            amount=amount, amount_words=formatting.amount(amount, shown.request.decimal0, sell), token=sell,
            spender=tr("swapdesk's router"), parent=parent, activity=activity, store=store,
        )  # fmt: skip
        self.trader, self.shown = trader, shown
        self.links = links or Links()
        self.prices = prices or Prices(trader.service)
        self.swap_button = self.action_button
        self.before: dict[str, int] = {}  # the account's balances before the swap, by token address (lower case)
        self.fee: network_fee.Estimate | None = None  # the network fee, once measured
        self.priced = False  # the review's prices were asked for (a token still without one has none)
        self.catalogued: str | None = None  # the router swapdesk's catalogue names, once read
        self.native: TokenInfo | None = None  # the chain's coin, as its token list has it
        self._fee_work = Latest()
        self.setWindowTitle(tr("Swap {sell} for {buy}").format(sell=sell, buy=buy))
        self.setMinimumWidth(600)

        self.headline = heading(self._headline())
        self.review = self._review_rows()
        self.done_view = Rows(spacing=4)
        self.done_badge = self.done_view.add_widget("status", tr("Status"), StatusBadge())
        self.received = self.done_view.add("received", tr("Received"))
        self.changes = self.done_view.add("changes", tr("Your balances"))
        self.paid_fee = self.done_view.add("fee", tr("Fee"))
        self.network_paid = self.done_view.add("network", tr("Network fee"))
        self.done_priced = self.done_view.add("priced", tr("Dollar values"))
        self.block = self.done_view.add("block", tr("Block"))
        self.hash = self.done_view.add_widget("hash", tr("Transaction"), CopyableField(tr("Transaction hash")))
        self.hash.look_up.connect(lambda _text: self._to_history())
        self.done_view.hide()

        self.history_button = secondary(tr("View in History"))
        self.history_button.hide()
        self.history_button.clicked.connect(self._to_history)
        self._assemble((self.headline, self.review, self.done_view), after=self.history_button)

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
        return tr("{give} → about {get}").format(give=give, get=get)

    def _usd(self, token: str, units: int) -> str:
        """'≈ $1,500.00' ('under $0.01'), or nothing without a price."""
        price = self.prices.known(self.chain, token)
        return formatting.approx_usd(price.value(units)) if price is not None and units else ""

    def _worth(self, token: str, units: int) -> str:
        usd = self._usd(token, units)
        return f" ({usd})" if usd else ""

    def _sides(self) -> tuple[Price | None, Price | None]:
        request = self.shown.request
        return self.prices.known(self.chain, request.token0), self.prices.known(self.chain, request.token1)

    def _priced_words(self) -> str:
        """Where the dollar values come from ('swapdesk's own quote into USDT on BNB Smart Chain's pools, at
        block 533'), or nothing when none is shown."""
        return priced_source(self.chain, *self._sides())

    def _explain_gap(self) -> None:
        """Why the two sides' dollars disagree with the swap's cost, where they do: in the tooltips of what is
        received and of where the dollars come from (the row itself says it in a few words)."""
        request, quote = self.shown.request, self.shown.quote
        price_in, price_out = self._sides()
        why = pricing_words(price_in, request.amountIn, price_out, int(quote.totalAmountOut), quote)
        for key in ("receive", "priced"):
            self.review.label(key).setToolTip(why)

    def _received_worth(self, out: int) -> str:
        """' (≈ $1,497.00)', said to be priced on other pools where it is worth more than the swap gives."""
        request = self.shown.request
        price_in, price_out = self._sides()
        usd = self._usd(request.token1, out)
        if pricing_gap(price_in, request.amountIn, price_out, out, self.shown.quote) is not None:
            return " " + tr("({worth}, priced on other pools than this swap)").format(worth=usd)
        return f" ({usd})" if usd else ""

    def _review_rows(self) -> Rows:
        request, quote = self.shown.request, self.shown.quote
        sell, buy = self.shown.symbols
        rows = Rows()
        out, minimum = int(quote.totalAmountOut), self.shown.min_out
        in_units = Decimal(request.amountIn).scaleb(-request.decimal0)
        price = Decimal(out).scaleb(-request.decimal1) / in_units if in_units else Decimal(0)
        fee, normal = int(quote.fee), normal_fee(quote)
        fee_text = (f"{formatting.amount(fee, request.decimal0, sell)}{self._worth(request.token0, fee)} · "
                    f"{formatting.bps(int(quote.feeRate))}")  # fmt: skip
        if fee < normal:
            fee_text += tr(", discounted from {amount} for holding SWAP").format(
                amount=formatting.amount(normal, request.decimal0, sell)
            )
        impact = Decimal(quote.impact)
        tone, words = impact_level(impact)
        receiver = request.to
        own = receiver == self.account.address_on(self.chain.tron)
        slippage = formatting.percent(Decimal(request.impact) / 10_000)
        sold = formatting.amount(request.amountIn, request.decimal0, sell)
        sold += self._worth(request.token0, request.amountIn)
        got = formatting.amount(out, request.decimal1, buy) + self._received_worth(out)
        chain = self.chain.name + (tr(" (devnet)") if self.devnet else "")
        at_least = tr("{amount} at {slippage} slippage, or nothing is swapped").format(
            amount=formatting.amount(minimum, request.decimal1, buy), slippage=slippage
        )
        for key, caption, text in (
            ("from", tr("From"), formatting.account_title(self.account, self.chain.tron)),
            ("chain", tr("Chain"), chain),
            ("sell", tr("You sell"), sold),
            ("receive", tr("You receive"), tr("{amount} (quoted)").format(amount=got)),
            ("minimum", tr("At least"), at_least),
            ("rate", tr("Rate"), formatting.rate(price, sell, buy)),
            ("fee", tr("Fee"), fee_text),
            ("impact", tr("Price impact"), f"{formatting.percent(impact)} · {words}"),
            ("network", tr("Network fee"), tr("estimating…")),
            ("receiver", tr("Receiver"), tr("{address} (you)").format(address=receiver) if own
             else tr("{address} — not this account").format(address=receiver)),
            ("priced", tr("Dollar values"), self._priced_words()),
        ):  # fmt: skip
            rows.add(key, caption)
            rows.set(key, text)
        self.impact, self.network = rows.label("impact"), rows.label("network")
        rows.show_row("priced", bool(rows.label("priced").text()))
        theme.tint(self.impact, tone)
        theme.tint(rows.label("minimum"), risks.slippage_tone(request.impact))
        if not own:
            theme.tint(rows.label("receiver"), "warning")
        return rows

    async def _estimate(self) -> None:
        if self.catalogued is None:
            await self._read_catalogued()
        self.fee = await network_fee.estimate(self.trader, self.shown, self.account.address)
        self._show_fee()  # the fee in the coin first; its dollars once the review is priced
        await self._price_review()
        self.native = native_token(self.chain, await self.prices.tokens(self.chain))
        if self.native is not None and self.fee.units:
            await self.prices.price(self.chain, self.native, self.account.address_on(self.chain.tron))
        self._show_fee()
        self.judge()
        self.estimated.emit(self.network.text())

    def _fee_usd(self) -> tuple[str, Decimal | None]:
        """The network fee's dollars, in words and as a figure (nothing, None: no price for the coin)."""
        price = self.prices.known(self.chain, self.native.address) if self.native is not None else None
        if self.fee is None or price is None or not self.fee.units:
            return "", None
        value = price.value(self.fee.units)
        return formatting.approx_usd(value), value

    def _show_fee(self) -> None:
        if self.fee is not None:
            self.network.setText(network_fee.words(self.fee, self.chain, self._fee_usd()[0]))
            self.network.setToolTip(self.fee.detail)

    async def _read_catalogued(self) -> None:
        """The router swapdesk's catalogue names for this swap (on a chain without swapdesk's, the DEX's)."""
        quote = self.shown.quote
        try:
            if self.chain.tron:
                self.catalogued = await self.trader.tron.router(self.shown)
            elif isinstance(quote, AggQuote):
                self.catalogued = await self.trader.spender(self.chain, quote)
        except TradeError:  # no router here: the signing says so
            return

    def _risks(self) -> list[Risk | None]:
        request, quote = self.shown.request, self.shown.quote
        price_in, price_out = self._sides()
        out, least = int(quote.totalAmountOut), self.shown.min_out
        minimum = formatting.amount(least, request.decimal1, self.shown.symbols[1]) + self._worth(request.token1, least)
        unpriced = [symbol for token, symbol in zip((request.token0, request.token1), self.shown.symbols, strict=True)
                    if self.priced and self.prices.known(self.chain, token) is None]  # fmt: skip
        trade = price_in.value(request.amountIn) if price_in is not None else None
        return [
            risks.slippage(request.impact, minimum),
            risks.impact(Decimal(quote.impact)),
            risks.network_fee(self._fee_usd()[1], trade, self.fee is not None and self.fee.bound),
            risks.recipient(request.to, self.known, price_out.value(out) if price_out is not None else None),
            risks.unpriced(unpriced, self.chain.name),
            risks.contract(quote.aggregator, self.catalogued, tr("the router")) if self.catalogued else None,
        ]

    async def _price_review(self) -> None:
        """The review opened before the tab had priced its quote: its dollar values, priced now."""
        request, who = self.shown.request, self.account.address_on(self.chain.tron)
        unknown = [t.lower() for t in (request.token0, request.token1) if self.prices.known(self.chain, t) is None]
        self.priced = True
        if not unknown:
            self._explain_gap()
            return
        for token in await self.prices.tokens(self.chain):
            if token.address.lower() in unknown:
                await self.prices.price(self.chain, token, who)
        impact, network = self.impact, self.network  # `_review_rows` points these at its own rows
        fresh = self._review_rows()  # the same rows, written again with the prices now known
        self.impact, self.network = impact, network
        for key in ("sell", "receive", "fee", "priced"):
            self.review.set(key, plain(fresh.label(key).text()))
        self.review.show_row("priced", bool(fresh.label("priced").text()))
        fresh.deleteLater()
        self._explain_gap()

    # -- steps -------------------------------------------------------------------------------

    async def _read_funds(self) -> Funds:
        funds = await self.trader.funds(self.account.address, self.shown)
        self.trader.check_balance(funds, self.shown)
        self.before = await self._balances()
        return funds

    async def _balances(self) -> dict[str, int]:
        try:
            found = await self.trader.service.balances(
                BalancesRequest(self.chain, self.account.address_on(self.chain.tron))
            )
        except ApiError:
            return {}
        return {b.address.lower(): int(b.balance) for b in found}

    def _checked(self, funds: Funds) -> None:
        self._fee_work.run(self._estimate())

    async def _approve_with(self, key: PrivateKey, unlimited: bool) -> str:
        return (await self.trader.approve(key, self.shown, unlimited=unlimited)).hash

    async def _act(self, key: PrivateKey) -> SwapResult:
        return await self.trader.swap(key, self.shown, step=self.progress.say)

    async def _after_done(self, result: SwapResult) -> None:
        self.swapped.emit(result)
        await self._network_paid(result.hash)
        await self._show_changes()

    def _show_done(self, result: SwapResult) -> None:
        request, (sell, buy) = self.shown.request, self.shown.symbols
        received = formatting.amount(result.amount_out, request.decimal1, buy)
        quoted = formatting.amount(result.quoted_out, request.decimal1, buy)
        self.headline.setText(tr("Swapped: you received {amount}").format(amount=received))
        self.done_badge.set(status.SUCCESS)
        self.done_view.set("received", tr("{amount} (quoted {quoted})").format(
            amount=received + self._worth(request.token1, result.amount_out), quoted=quoted))  # fmt: skip
        self.done_view.set("changes", tr("reading…"))
        self.done_view.set(
            "fee", formatting.amount(result.fee, request.decimal0, sell) + self._worth(request.token0, result.fee)
        )
        self.done_view.set("priced", self._priced_words())
        self.done_view.show_row("priced", bool(self.done_priced.text()))
        self.done_view.set("network", tr("reading…"))
        self.done_view.set("block", f"{result.block:,}")
        link = self.links.explorer(self.chain, "tx", result.hash)
        self.hash.set(result.hash, link, lookup=True)
        self.step.setText(tr("Done. The transaction is in the History tab."))
        self.review.hide()
        self.done_view.show()
        self.history_button.show()
        self.history_button.setDefault(True)
        self.history_button.setFocus()
        self.adjustSize()  # as tall as the done view, not the review it replaced

    async def _show_changes(self) -> None:
        """What the swap changed in the account's balances of the two tokens (the coin's includes the gas)."""
        after = await self._balances()
        request, (sell, buy) = self.shown.request, self.shown.symbols
        lines = []
        sides = ((request.token0, request.decimal0, sell), (request.token1, request.decimal1, buy))
        for token, decimals, symbol in sides:
            key = token.lower()
            if key not in after or key not in self.before:
                continue
            change = after[key] - self.before[key]
            value = self.prices.known(self.chain, token)
            worth = f" ≈ {formatting.usd(value.value(change), signed=True)}" if value is not None and change else ""
            was, now = formatting.amount(self.before[key], decimals), formatting.amount(after[key], decimals)
            lines.append(f"{symbol}: {was} → {now} ({formatting.signed_amount(change, decimals)}{worth})")
        self.done_view.set("changes", "\n".join(lines) or tr("could not be read; see History"))
        self.changes_shown.emit()

    async def _network_paid(self, tx_hash: str) -> None:
        """What the swap cost in gas, from the chain (the engine's transaction extension)."""
        service = self.trader.service
        try:
            info = await service.transaction(TransactionRequest(tx_hash, self.chain))
        except ApiError:
            self.done_view.set("network", tr("could not be read; see History"))
            return
        chain = self.chain
        native = native_token(chain, await self.prices.tokens(chain))
        worth = self._usd(native.address, int(info.networkFee)) if native is not None else ""
        self.done_view.set("network", network_fee.paid(int(info.networkFee), chain, worth))
        self.network_paid.setToolTip(network_fee.measure(info.gasUsed, chain) if info.gasUsed else "")

    def _close_work(self) -> None:
        super()._close_work()
        self._fee_work.close()

    def _to_history(self) -> None:
        if self.swap_result is not None:
            self.show_in_history.emit(self.swap_result.hash, self.chain.id)
            self.accept()
