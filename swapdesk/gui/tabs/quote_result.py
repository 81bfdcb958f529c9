"""What a quote says, on screen: the figures under the form, and the route beside it.

`QuoteSummary` holds the figures a person decides on (rate, minimum, fee, price impact, the quote's
age) and says "Quoting…" while a quote is on its way. `RouteCard` draws the route and compares the
sources, with the router and call data folded away. Both can be dimmed (a newer quote is coming: the
figures are not current) or cleared (the form no longer asks for them), so nothing stale ever looks
current.
"""

from __future__ import annotations

import time
from decimal import Decimal

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFormLayout,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from swapdesk.api import AggQuote, TokenInfo, TronQuote
from swapdesk.chains import Chain
from swapdesk.gui import formatting, theme
from swapdesk.gui.activity import Activity
from swapdesk.gui.icons import icon
from swapdesk.gui.links import Links
from swapdesk.gui.widgets.card import Card
from swapdesk.gui.widgets.copyable import CopyableField
from swapdesk.gui.widgets.error_label import note_label
from swapdesk.gui.widgets.fold import Fold
from swapdesk.gui.widgets.progress import Progress
from swapdesk.gui.widgets.route import RouteDiagram, RouteLine, lines_from_dex_path, lines_from_routes
from swapdesk.icons import source_icon

Quote = AggQuote | TronQuote
# the wallets' usual thresholds: warn at 1 %, 3 %, 5 %; confirm above 10 %
IMPACT_LEVELS = (
    (Decimal("0.10"), "danger", "very high: confirm before swapping"),
    (Decimal("0.05"), "danger", "high"),
    (Decimal("0.03"), "caution", "significant"),
    (Decimal("0.01"), "warning", "noticeable"),
)


def impact_level(impact: Decimal) -> tuple[str, str]:
    """(tone, words) for a price impact, by the wallets' usual thresholds."""
    for threshold, tone, words in IMPACT_LEVELS:
        if impact >= threshold:
            return tone, words
    return "success", "low"


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


class QuoteSummary(QWidget):
    def __init__(self, activity: Activity | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.quoted_at = 0.0
        self.block: int | None = None
        self.rate, self.minimum, self.fee, self.impact, self.age = (QLabel() for _ in range(5))
        for label in (self.rate, self.minimum, self.fee, self.impact, self.age):
            label.setWordWrap(True)
            label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.form = QFormLayout()
        self.form.setContentsMargins(0, 0, 0, 0)
        self.form.setVerticalSpacing(3)
        self.names = []
        for name, value in (
            ("Rate", self.rate), ("Minimum received", self.minimum), ("Fee", self.fee),
            ("Price impact", self.impact), ("Quote", self.age),
        ):  # fmt: skip
            caption = QLabel(name)
            theme.tint(caption, "muted")
            self.names.append(caption)
            self.form.addRow(caption, value)
        self.progress = Progress(activity)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.progress)
        layout.addLayout(self.form)
        self.clear()

    def show_quote(self, quote: Quote, sell: TokenInfo, buy: TokenInfo, slippage_bps: int) -> None:
        out, minimum, fee, normal = int(quote.totalAmountOut), int(quote.totalAmountOutMin), int(quote.fee), 0
        normal = normal_fee(quote)
        amount_in = Decimal(int(quote.amountIn)).scaleb(-sell.decimals)
        price = Decimal(out).scaleb(-buy.decimals) / amount_in if amount_in else Decimal(0)
        self.rate.setText(formatting.rate(price, sell.symbol, buy.symbol))
        slippage = formatting.percent(Decimal(slippage_bps) / 10_000)
        self.minimum.setText(f"{formatting.amount(minimum, buy.decimals, buy.symbol)} at {slippage} slippage")
        text = f"{formatting.amount(fee, sell.decimals, sell.symbol)} · {formatting.bps(int(quote.feeRate))}"
        if fee < normal:
            text += f", discounted from {formatting.amount(normal, sell.decimals, sell.symbol)} for holding SWAP"
        self.fee.setText(text)
        impact = Decimal(quote.impact)
        tone, words = impact_level(impact)
        self.impact.setText(f"{formatting.percent(impact)} · {words}")
        theme.tint(self.impact, tone)
        self.quoted_at = time.monotonic()
        self.block = quote.blockNumber if isinstance(quote, AggQuote) else None
        self.progress.stop()
        self._show_rows(True)
        self.set_stale(False)
        self.tick()

    def tick(self) -> None:
        """The quote's age, once a second."""
        if self.quoted_at:
            block = f" · block {self.block:,}" if self.block is not None else ""
            self.age.setText(f"{formatting.ago(time.monotonic() - self.quoted_at)}{block}")

    def quoting(self) -> None:
        """A quote is on its way for the form as it is now: say so, and dim what is shown."""
        self.progress.start("Quoting…")
        self.set_stale(True)

    def set_stale(self, stale: bool) -> None:
        for label in (self.rate, self.minimum, self.fee, self.age):
            theme.tint(label, "muted" if stale else None)
        if stale:
            theme.tint(self.impact, "muted")

    def clear(self) -> None:
        self.quoted_at = 0.0
        self.progress.stop()
        for label in (self.rate, self.minimum, self.fee, self.impact, self.age):
            label.setText("")
        self._show_rows(False)

    def _show_rows(self, on: bool) -> None:
        for row in range(self.form.rowCount()):
            self.form.setRowVisible(row, on)


class RouteCard(Card):
    def __init__(self, width: int, parent: QWidget | None = None) -> None:
        super().__init__("Route", width, parent)
        self.links = Links()
        self.placeholder = note_label()
        self.caption = note_label()
        self.diagram = RouteDiagram()
        self.sources = QTableWidget(0, 3)
        self.sources.setHorizontalHeaderLabels(["Source", "Alone, for the whole amount", "The split gives"])
        self.sources.setAccessibleName("Each source alone")
        self.sources.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.sources.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.sources.verticalHeader().hide()
        header = self.sources.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        self.sources_caption = QLabel("<b>Each source alone</b>: what it would give for the whole amount")
        self.router = CopyableField("Router address")
        self.call_data = CopyableField("Call data (on TRON: the trigger description)")
        transaction = QWidget()
        rows = QFormLayout(transaction)
        rows.setContentsMargins(0, 0, 0, 0)
        rows.addRow("Router", self.router)
        rows.addRow("Call data", self.call_data)
        self.transaction = Fold("Transaction: router and call data", transaction)
        for widget in (
            self.placeholder, self.caption, self.diagram, self.sources_caption, self.sources, self.transaction
        ):  # fmt: skip
            self.body.addWidget(widget)
        self.clear("Type an amount: the route shows here, split across the chain's sources.")

    def show_quote(self, quote: Quote, sell: TokenInfo, buy: TokenInfo, lines: list[RouteLine], chain: Chain) -> None:
        out = int(quote.totalAmountOut)
        self.placeholder.hide()
        count = len({hop.source for line in lines for hop in line.hops})
        self.caption.setText(
            f"{formatting.amount(int(quote.amountIn), sell.decimals, sell.symbol)} → "
            f"{formatting.amount(out, buy.decimals, buy.symbol)}, through {count} source{'s' if count != 1 else ''}"
        )
        self.diagram.set_lines(lines)
        alone = sorted(quote.amounts, key=lambda a: -int(a.amountOut))
        self.sources.setRowCount(len(alone))
        for row, source in enumerate(alone):
            value = int(source.amountOut)
            if value == out:
                gives = "the same: this source takes it all"
            elif value:
                gain = formatting.percent(Decimal(out - value) / value)
                gives = f"+{gain} more" if out > value else f"{gain} less"
            else:
                gives = "this source has no route"
            self.sources.setItem(row, 0, QTableWidgetItem(icon(source_icon(source.exchange)), source.exchange))
            self.sources.setItem(row, 1, QTableWidgetItem(formatting.amount(value, buy.decimals, buy.symbol)))
            self.sources.setItem(row, 2, QTableWidgetItem(gives))
        self._fit_table()
        self.router.set(quote.aggregator, self.links.explorer(chain, "address", quote.aggregator))
        self.call_data.set(quote.data if isinstance(quote, AggQuote) else quote.data.model_dump_json(indent=1))
        for widget in (self.caption, self.diagram, self.sources_caption, self.sources, self.transaction):
            widget.show()
        self.set_stale(False)

    def set_stale(self, stale: bool) -> None:
        self.diagram.setEnabled(not stale)  # drawn from the disabled palette: dimmer
        self.sources.setEnabled(not stale)
        theme.tint(self.caption, "muted")

    def clear(self, message: str) -> None:
        """Nothing of a previous quote stays: no route, no sources, no router or call data."""
        self.diagram.set_lines([])
        self.sources.setRowCount(0)
        self.router.set("")
        self.call_data.set("")
        for widget in (self.caption, self.diagram, self.sources_caption, self.sources, self.transaction):
            widget.hide()
        self.placeholder.setText(message)
        self.placeholder.show()

    def _fit_table(self) -> None:
        """As tall as its rows: no empty box under them."""
        table = self.sources
        height = table.horizontalHeader().height() + 2 * table.frameWidth()
        height += sum(table.rowHeight(r) for r in range(table.rowCount()))
        table.setFixedHeight(height)
