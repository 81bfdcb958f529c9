"""What a quote says, on screen: the figures under the Swap button, and the route beside the card.

`QuoteSummary` holds the figures a person decides on (rate, minimum received, fee, price impact, the quote's
age and block, where the dollar values come from). `RouteCard` draws the route, compares the sources (each
alone, against the split), says so when the chain's quote goes through a DEX's own router, and folds the
router and call data away. Both dim while a newer quote is on its way (the figures answer another form) and
clear when the form is no longer quoted; while the first quote of a form is on its way the route shows a
skeleton, and before there is anything to quote it says what will show there.
"""

from __future__ import annotations

import time
from decimal import Decimal

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGridLayout, QLabel, QVBoxLayout, QWidget

from swapdesk.api import AggQuote, TokenInfo, TronQuote
from swapdesk.chains import Chain
from swapdesk.gui import formatting, risks, theme
from swapdesk.gui.design.card import Card, caption
from swapdesk.gui.design.copyable import CopyableField
from swapdesk.gui.design.fold import Fold
from swapdesk.gui.design.notice import Notice
from swapdesk.gui.design.rows import Rows
from swapdesk.gui.design.skeleton import Skeleton
from swapdesk.gui.i18n import QT_TR_NOOP, tr
from swapdesk.gui.links import Links
from swapdesk.gui.logos import source_icon
from swapdesk.gui.widgets.route import RouteDiagram, RouteLine, lines_from_dex_path, lines_from_routes

Quote = AggQuote | TronQuote
# the wallets' usual thresholds: warn at 1 %, 3 %, 5 %; confirm above 10 %
IMPACT_LEVELS = (
    (Decimal("0.10"), "danger", QT_TR_NOOP("very high: confirm before swapping")),
    (Decimal("0.05"), "danger", QT_TR_NOOP("high")),
    (Decimal("0.03"), "caution", QT_TR_NOOP("significant")),
    (Decimal("0.01"), "warning", QT_TR_NOOP("noticeable")),
)
SAME = Decimal("0.0001")  # a difference under 0.01 % is "about the same"


def impact_level(impact: Decimal) -> tuple[str, str]:
    """(tone, words) for a price impact, by the wallets' usual thresholds."""
    for threshold, tone, words in IMPACT_LEVELS:
        if impact >= threshold:
            return tone, tr(words)
    return "success", tr("low")


def normal_fee(quote: Quote) -> int:
    """The fee before any discount (the TRON record has no normalFee: the rate's share, as the router takes it)."""
    return int(quote.normalFee) if isinstance(quote, AggQuote) else int(quote.amountIn) * int(quote.feeRate) // 10_000


def route_lines(quote: Quote, sell: TokenInfo, buy: TokenInfo, known: list[TokenInfo]) -> list[RouteLine]:
    """Each hop when the quote carries its routes (an extension); else one direct line per source of dexPath."""
    if not quote.routes:
        return lines_from_dex_path(quote.dexPath, sell.symbol, buy.symbol)
    names = {t.address.lower(): t.symbol for t in [*known, sell, buy]}
    routes = [(r.percent, r.sources or [r.source] * (len(r.path) - 1), r.path) for r in quote.routes]
    return lines_from_routes(routes, lambda address: names.get(address.lower(), formatting.short(address)))


def after_gas(amount_out: str, gas_cost: str | None) -> int:
    """What a route gives after its gas, as the engine chooses (`gasCost`, in the token bought; none: gas free)."""
    return int(amount_out) - int(gas_cost or 0)


def is_split(quote: Quote) -> bool:
    """The answer takes more than one route (a single route, even of two hops across sources, is no split)."""
    if quote.routes:
        return len(quote.routes) > 1
    return len(quote.dexPath) > 1


def against_split(alone: int, answer: int, split: bool = True) -> str:
    """How one source alone compares with the answer (`split`: the answer splits the amount), both after gas."""
    if alone <= 0:
        return tr("no route for this pair")
    if alone == answer:
        return tr("the same: it takes the whole amount")
    gain = Decimal(answer - alone) / alone
    if abs(gain) < SAME:
        return tr("about the same as the split") if split else tr("about the same as the route chosen")
    if gain > 0:
        words = tr("the split gives {percent} more") if split else tr("the route chosen gives {percent} more")
    else:
        words = tr("{percent} more than the split") if split else tr("{percent} more than the route chosen")
    return words.format(percent=formatting.percent(abs(gain)))


def router_words(quote: Quote) -> str:
    """A quote through a DEX's own router (a chain with no swapdesk router), said plainly; empty otherwise."""
    router = getattr(quote, "router", None)
    if router is None:
        return ""
    return tr(
        "No swapdesk router on this chain: the swap goes through {name}'s own {contract}, in one route, and"
        " swapdesk takes no fee."
    ).format(name=router.name, contract=router.contract)


class QuoteSummary(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.quoted_at = 0.0
        self.block: int | None = None
        self.minimum_tone: str | None = None
        self.rows = Rows(spacing=3)
        self.rate = self.rows.add("rate", tr("Rate"))
        self.minimum = self.rows.add("minimum", tr("Minimum received"))
        self.fee = self.rows.add("fee", tr("Fee"))
        self.impact = self.rows.add("impact", tr("Price impact"))
        self.age = self.rows.add("age", tr("Quote"))
        self.priced = caption()  # where the dollar values come from
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        layout.addWidget(self.rows)
        layout.addWidget(self.priced)
        self.clear()

    def show_quote(self, quote: Quote, sell: TokenInfo, buy: TokenInfo, slippage_bps: int, fee_usd: str = "") -> None:
        out, minimum, fee = int(quote.totalAmountOut), int(quote.totalAmountOutMin), int(quote.fee)
        normal = normal_fee(quote)
        amount_in = Decimal(int(quote.amountIn)).scaleb(-sell.decimals)
        price = Decimal(out).scaleb(-buy.decimals) / amount_in if amount_in else Decimal(0)
        self.rate.setText(formatting.rate(price, sell.symbol, buy.symbol))
        slippage = formatting.percent(Decimal(slippage_bps) / 10_000)
        self.minimum.setText(
            tr("{amount} at {slippage} slippage").format(
                amount=formatting.amount(minimum, buy.decimals, buy.symbol), slippage=slippage
            )
        )
        self.minimum_tone = risks.slippage_tone(slippage_bps)  # outside the sane band: in the risk's tone
        theme.tint(self.minimum, self.minimum_tone)
        self.minimum.setToolTip(risks.slippage_words(slippage_bps))
        text = f"{formatting.amount(fee, sell.decimals, sell.symbol)}{fee_usd} · {formatting.bps(int(quote.feeRate))}"
        if fee < normal:
            text += tr(", discounted from {amount} for holding SWAP").format(
                amount=formatting.amount(normal, sell.decimals, sell.symbol)
            )
        self.fee.setText(text)
        impact = Decimal(quote.impact)
        tone, words = impact_level(impact)
        self.impact.setText(f"{formatting.percent(impact)} · {words}")
        theme.tint(self.impact, tone)
        self.quoted_at = time.monotonic()
        self.block = quote.blockNumber if isinstance(quote, AggQuote) else None
        self.setVisible(True)
        self.set_stale(False)
        self.tick()

    def tick(self) -> None:
        """The quote's age, once a second."""
        if self.quoted_at:
            block = tr(" · block {block}").format(block=f"{self.block:,}") if self.block is not None else ""
            self.age.setText(f"{formatting.ago(time.monotonic() - self.quoted_at)}{block}")

    def set_stale(self, stale: bool) -> None:
        """Figures that answer an older form: drawn fainter than their captions, as the route card's rows are
        (issue 31, item 6: muted, they read as the captions beside them and looked unchanged); the sheet's colour
        is drawn over a tone (the minimum's in a risky slippage's)."""
        for label in (self.rate, self.minimum, self.fee, self.impact, self.age):
            theme.mark(label, stale="true" if stale else "false")

    def clear(self) -> None:
        self.quoted_at = 0.0
        for label in (self.rate, self.minimum, self.fee, self.impact, self.age):
            label.setText("")
        self.priced.setText("")
        self.setVisible(False)


class SourcesList(QWidget):
    """Each source alone, for the whole amount, against what the split gives: rows, not a grid."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.grid = QGridLayout(self)
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.grid.setHorizontalSpacing(12)
        self.grid.setVerticalSpacing(4)
        self.grid.setColumnStretch(2, 1)
        self.count = 0
        self.setAccessibleName(tr("Each source alone"))

    def rowCount(self) -> int:
        return self.count

    def show_sources(self, quote: Quote, buy: TokenInfo) -> None:
        self.clear()
        answer, split = after_gas(quote.totalAmountOut, quote.gasCost), is_split(quote)
        alone = sorted(quote.amounts, key=lambda a: -after_gas(a.amountOut, a.gasCost))
        for row, source in enumerate(alone):
            value = int(source.amountOut)
            logo = QLabel()
            logo.setPixmap(source_icon(source.exchange).pixmap(18, 18))
            name = QLabel(source.exchange)
            amount = QLabel(formatting.amount(value, buy.decimals, buy.symbol) if value else "—")
            amount.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            words = QLabel(against_split(after_gas(source.amountOut, source.gasCost) if value else 0, answer, split))
            theme.tint(words, "muted")
            if not value:
                theme.tint(name, "muted")
            for column, widget in enumerate((logo, name, amount, words)):
                self.grid.addWidget(widget, row, column)
            self.setAccessibleDescription(f"{self.accessibleDescription()}{source.exchange}: {words.text()}; ")
        self.grid.setColumnStretch(3, 1)
        self.count = len(alone)

    def clear(self) -> None:
        while self.grid.count():
            item = self.grid.takeAt(0)
            gone = item.widget() if item is not None else None
            if gone is not None:
                gone.deleteLater()
        self.count = 0
        self.setAccessibleDescription("")


class RouteCard(Card):
    def __init__(self, width: int, parent: QWidget | None = None) -> None:
        super().__init__(tr("Route"), width, parent)
        self.links = Links()
        self.placeholder = caption()
        self.skeletons = QWidget()
        lines = QVBoxLayout(self.skeletons)
        lines.setContentsMargins(0, 4, 0, 4)
        for width_of in (300, 240, 270):
            lines.addWidget(Skeleton(width_of, 16))
        self.caption = caption()
        self.router_notice = Notice("info")
        self.diagram = RouteDiagram()
        self.sources_caption = QLabel(tr("<b>Each source alone</b>, for the whole amount, compared after network fees"))
        self.sources = SourcesList()
        self.router = CopyableField(tr("Router address"))
        self.call_data = CopyableField(tr("Call data (on TRON: the trigger description)"))
        transaction = Rows()
        transaction.add_widget("router", tr("Router"), self.router)
        transaction.add_widget("data", tr("Call data"), self.call_data)
        self.transaction = Fold(tr("Transaction: router and call data"), transaction)
        self.shown = (self.caption, self.router_notice, self.diagram, self.sources_caption, self.sources,
                      self.transaction)  # fmt: skip
        for widget in (self.placeholder, self.skeletons, *self.shown):
            self.body.addWidget(widget)
        self.clear(tr("Type an amount: the route shows here, split across the chain's sources."))

    def add_terms(self, terms: QWidget) -> None:
        """The quote's terms (rate, minimum, fee, impact) under the card's caption; they show and hide themselves."""
        self.body.insertWidget(self.body.indexOf(self.caption) + 1, terms)

    def show_quote(self, quote: Quote, sell: TokenInfo, buy: TokenInfo, lines: list[RouteLine], chain: Chain) -> None:
        out = int(quote.totalAmountOut)
        self.placeholder.hide()
        self.skeletons.hide()
        count = len({hop.source for line in lines for hop in line.hops})
        self.caption.setText(
            tr("{sold} → {bought}, through {count} sources").format(
                sold=formatting.amount(int(quote.amountIn), sell.decimals, sell.symbol),
                bought=formatting.amount(out, buy.decimals, buy.symbol),
                count=count,
            )
            if count != 1
            else tr("{sold} → {bought}, through one source").format(
                sold=formatting.amount(int(quote.amountIn), sell.decimals, sell.symbol),
                bought=formatting.amount(out, buy.decimals, buy.symbol),
            )
        )
        self.diagram.set_lines(lines)
        self.sources.show_sources(quote, buy)
        self.router.set(quote.aggregator, self.links.explorer(chain, "address", quote.aggregator))
        self.call_data.set(quote.data if isinstance(quote, AggQuote) else quote.data.model_dump_json(indent=1))
        for widget in self.shown:
            widget.show()
        notice = router_words(quote)
        self.router_notice.set(notice, "info")
        router = getattr(quote, "router", None)
        self.router_notice.setToolTip(router.why if router is not None else "")
        self.router_notice.setVisible(bool(notice))
        self.set_stale(False)

    def set_stale(self, stale: bool) -> None:
        self.diagram.setEnabled(not stale)  # drawn from the disabled palette: dimmer
        self.sources.setEnabled(not stale)
        theme.tint(self.caption, "muted")

    def loading(self) -> None:
        """The first quote of this form is on its way: a skeleton where the route will be."""
        if self.diagram.lines:
            self.set_stale(True)
            return
        self.placeholder.hide()
        self.skeletons.show()

    def clear(self, message: str) -> None:
        """Nothing of a previous quote stays: no route, no sources, no router or call data."""
        self.diagram.set_lines([])
        self.sources.clear()
        self.router.set("")
        self.call_data.set("")
        for widget in self.shown:
            widget.hide()
        self.skeletons.hide()
        self.placeholder.setText(message)
        self.placeholder.show()
