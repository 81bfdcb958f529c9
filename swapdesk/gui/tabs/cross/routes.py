"""Every bridge that can carry a transfer, side by side, as LI.FI's widget compares routes; and those that cannot.

One row per route (`/ext/v1/cross/routes`, the most output first): the bridge, what the recipient gets and its
worth in dollars, the fees by kind in the token each is charged in (the bridge's and the relayer's, already
taken from the amount; the source chain's network fee, paid on top), how long it takes, and the amounts the
bridge accepts. The best return is chosen at first and tagged, the fastest tagged too; a bridge the person
chose stays chosen when the comparison is asked again. The row chosen is drawn chosen (its edge in the accent,
on the accent's quiet fill), and a click anywhere on a row chooses it. A bridge that cannot carry the transfer
is listed under the routes, in words ("METAPATH needs at least 30 USDT"). The card dims at once when the form
changes (what it shows answers another form), shows a skeleton while the first comparison is on its way, and
clears when the form cannot be compared.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QButtonGroup, QFrame, QGridLayout, QHBoxLayout, QLabel, QRadioButton, QVBoxLayout, QWidget

from swapdesk.api import ApiError, CrossRoute, CrossRoutes, ErrorCode, TokenInfo
from swapdesk.api.records import RouteFee, RouteRefusal
from swapdesk.bridge_names import bridge_name
from swapdesk.gui import error_words, formatting, theme
from swapdesk.gui.design.badge import tag
from swapdesk.gui.design.card import Card, caption
from swapdesk.gui.design.skeleton import Skeleton
from swapdesk.gui.i18n import QT_TR_NOOP, tr
from swapdesk.gui.logos import bridge_icon
from swapdesk.gui.tabs.cross.limits import of_refusal, outside, takes_line

FEE_WORDS = {"bridge": QT_TR_NOOP("bridge fee"), "relayer": QT_TR_NOOP("relayer fee"), "gas": QT_TR_NOOP("network fee")}
Worth = Callable[[int, str, int], str]  # (chain id, token address, smallest units) -> "≈ $0.43", or ""


def nothing_worth(_chain: int, _token: str, _units: int) -> str:
    return ""


def fee_line(route: CrossRoute, paid_on_top: bool = True, worth: Worth = nothing_worth) -> str:
    """'bridge fee 0.75 USDT · relayer fee 0.3 USDT, taken from the amount · network fee about 0.0001 BNB'; without
    `paid_on_top`, only the fees taken from the amount (the review shows the network fee on its own line)."""

    def one(fee: RouteFee) -> str:
        shown = formatting.amount(int(fee.amount), fee.decimals, fee.symbol)
        if not fee.included:
            shown = about(shown)
        value = worth(fee.chainId, fee.token, int(fee.amount))
        return f"{tr(FEE_WORDS.get(fee.kind, fee.kind))} {shown}" + (f" ({value})" if value else "")

    taken = [one(f) for f in route.fees if f.included]
    paid = [one(f) for f in route.fees if not f.included and paid_on_top]
    parts = [tr("{fees}, taken from the amount").format(fees=" · ".join(taken))] if taken else []
    return " · ".join(parts + paid)


def about(amount: str) -> str:
    """'about 0.0012 BNB'; an amount too small to show is 'under 0.00000001 BNB' (the devnet's gas is near free)."""
    if amount.startswith("< "):
        return tr("under {amount}").format(amount=amount.removeprefix("< "))
    return tr("about {amount}").format(amount=amount)


def held(route: CrossRoute) -> bool:
    """The bridge holds this transfer a while (a large amount): its ETA does not count the wait."""
    return route.limits.slowAbove is not None and int(route.amountIn) > int(route.limits.slowAbove)


def refusal_words(refusal: RouteRefusal, amount: int, sell: TokenInfo, chain: str) -> str:
    """Why a bridge cannot carry the transfer, in words: its limits when they are the reason."""
    limits = of_refusal(refusal)
    if limits is not None:
        return outside(limits, amount, sell)
    try:
        code = ErrorCode(refusal.code)
    except ValueError:
        code = ErrorCode.INTERNAL
    if code is ErrorCode.SERVER_UNREACHABLE:  # its provider did not answer (or answered what cannot be so): not a chain
        return tr("{provider} cannot be reached right now: its bridge is left out of this comparison, and asked again"
                  " with the next.").format(provider=bridge_name(refusal.bridge))  # fmt: skip
    error = ApiError(code, refusal.message)
    words = error_words.refusal(error, error_words.Names(chain, sell.symbol, sell.symbol))
    return tr("{bridge}: {why}").format(bridge=bridge_name(refusal.bridge), why=words)


class RouteRow(QFrame):
    def __init__(self, route: CrossRoute, sell: TokenInfo, buy: TokenInfo, tags: list[str], worth: Worth) -> None:
        super().__init__()
        self.route, self.tags = route, tags  # tags: "Best return", "Fastest", drawn as badges
        theme.mark(self, role="row", chosen="false")
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.radio = QRadioButton(bridge_name(route.bridge))  # the bridge's name first, its API code after
        self.radio.setIcon(bridge_icon(route.bridge))
        font = self.radio.font()
        font.setBold(True)
        self.radio.setFont(font)
        top = QHBoxLayout()
        top.setSpacing(8)
        top.addWidget(self.radio)
        for words in tags:
            top.addWidget(tag(words))
        top.addStretch(1)
        out = int(route.amountOut)
        self.amount = QLabel(formatting.amount(out, buy.decimals, buy.symbol))
        theme.mark(self.amount, role="heading")
        value = worth(int(route.quote.destChainID) if route.quote.destChainID.isdigit() else 0, buy.address, out)
        self.value = caption(value)
        self.eta = QLabel(tr("about {time}").format(time=formatting.duration(route.etaSeconds)))
        self.eta.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.fees, self.limits = caption(fee_line(route, worth=worth)), caption(takes_line(route, sell))
        if held(route):
            theme.tint(self.limits, "warning")
        grid = QGridLayout(self)
        grid.setContentsMargins(12, 8, 12, 10)
        grid.setVerticalSpacing(2)
        grid.addLayout(top, 0, 0, 1, 2)
        grid.addWidget(self.amount, 1, 0)
        grid.addWidget(self.eta, 1, 1)
        grid.addWidget(self.value, 2, 0, 1, 2)
        grid.addWidget(self.fees, 3, 0, 1, 2)
        grid.addWidget(self.limits, 4, 0, 1, 2)
        grid.setColumnStretch(0, 1)
        self.value.setVisible(bool(value))
        self.radio.setAccessibleName(tr("{bridge}: {amount}, {eta}").format(
            bridge=bridge_name(route.bridge), amount=self.amount.text(), eta=self.eta.text()))  # fmt: skip
        self.setAccessibleName(self.radio.accessibleName())

    def mousePressEvent(self, event: QMouseEvent) -> None:  # the whole row chooses, not only its radio button
        if self.isEnabled():
            self.radio.setChecked(True)
            self.radio.setFocus()

    def set_chosen(self, chosen: bool) -> None:
        theme.mark(self, chosen="true" if chosen else "false")


class RoutesCard(Card):
    chosen = Signal(int)  # the index of the route chosen

    def __init__(self, width: int, parent: QWidget | None = None) -> None:
        super().__init__(tr("Bridges compared"), width, parent)
        self.routes: list[CrossRoute] = []
        self.rows: list[RouteRow] = []
        self.worth: Worth = nothing_worth
        self.placeholder = caption()
        self.skeletons = QWidget()
        lines = QVBoxLayout(self.skeletons)
        lines.setContentsMargins(0, 4, 0, 4)
        for width_of in (320, 260, 300):
            lines.addWidget(Skeleton(width_of, 16))
        self.caption = caption()
        self.list = QVBoxLayout()
        self.list.setSpacing(8)
        self.unavailable_title = QLabel(tr("<b>Cannot carry this transfer</b>"))
        self.unavailable = caption()
        self.group = QButtonGroup(self)
        self.group.idToggled.connect(self._toggled)
        for part in (self.placeholder, self.skeletons, self.caption):
            self.body.addWidget(part)
        self.body.addLayout(self.list)
        self.body.addWidget(self.unavailable_title)
        self.body.addWidget(self.unavailable)
        self.priced = caption()  # where the dollar values come from, once they are shown
        self.body.addWidget(self.priced)
        self.clear(tr("Type an amount: every bridge that can carry it is compared here."))

    @property
    def route(self) -> CrossRoute | None:
        index = self.group.checkedId()
        return self.routes[index] if 0 <= index < len(self.routes) else None

    def quoting(self) -> None:
        """The form changed: what is shown answers another form now (a skeleton while nothing is shown yet)."""
        if self.rows:
            self.set_stale(True)
        else:
            self.placeholder.hide()
            self.skeletons.show()

    def show_routes(self, found: CrossRoutes, sell: TokenInfo, buy: TokenInfo, chain: str = "") -> None:
        """The comparison; the bridge chosen before stays chosen when it is still offered."""
        before = self.route.bridge if self.route is not None else None
        self._drop_rows()
        self.skeletons.hide()
        self.routes = list(found.routes)
        fastest = min(range(len(self.routes)), key=lambda i: self.routes[i].etaSeconds, default=-1)
        for index, route in enumerate(self.routes):
            tags = ([tr("Best return")] if index == 0 else []) + ([tr("Fastest")] if index == fastest else [])
            row = RouteRow(route, sell, buy, tags, self.worth)
            self.group.addButton(row.radio, index)
            self.list.addWidget(row)
            self.rows.append(row)
        count = len(self.routes)
        sent = formatting.amount(int(found.routes[0].amountIn), sell.decimals, sell.symbol) if count else ""
        self.caption.setText(
            tr("{count} bridges can carry {amount}, the best return first").format(count=count, amount=sent)
            if count > 1
            else tr("One bridge can carry {amount}").format(amount=sent)
            if count
            else tr("No bridge can carry this transfer: see why below.")
        )
        self.placeholder.hide()
        self.caption.show()
        amount = int(found.routes[0].amountIn) if count else 0
        self.unavailable.setText("<br>".join(refusal_words(r, amount, sell, chain) for r in found.unavailable))
        for widget in (self.unavailable_title, self.unavailable):
            widget.setVisible(bool(found.unavailable))
        if self.rows:
            self.choose(before or self.rows[0].route.bridge)
            if self.route is None:
                self.rows[0].radio.setChecked(True)  # the best return, chosen at first
        self.set_stale(False)

    def choose(self, bridge: str) -> None:
        for row in self.rows:
            if row.route.bridge == bridge:
                row.radio.setChecked(True)

    def _toggled(self, index: int, on: bool) -> None:
        if 0 <= index < len(self.rows):
            self.rows[index].set_chosen(on)
        if on:
            self.chosen.emit(index)

    def set_stale(self, stale: bool) -> None:
        for row in self.rows:
            row.setEnabled(not stale)  # drawn from the disabled palette: dimmer, and not to be chosen
        theme.tint(self.caption, "muted")
        theme.tint(self.unavailable, "muted")

    def clear(self, message: str) -> None:
        """Nothing of a previous comparison stays."""
        self._drop_rows()
        self.skeletons.hide()
        for widget in (self.caption, self.unavailable_title, self.unavailable):
            widget.hide()
        self.priced.setText("")
        self.placeholder.setText(message)
        self.placeholder.show()

    def _drop_rows(self) -> None:
        for row in self.rows:
            self.group.removeButton(row.radio)
            self.list.removeWidget(row)
            row.deleteLater()
        self.rows, self.routes = [], []
