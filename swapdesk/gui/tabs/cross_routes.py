"""Every bridge that can carry a transfer, side by side, as LI.FI's widget compares routes; and those that cannot.

One row per route (`/ext/v1/cross/routes`, the most output first): the bridge, what the recipient gets, the
fees by kind in the token each is charged in (the bridge's and the relayer's, already taken from the amount;
the source chain's network fee, paid on top), how long it takes, and the amounts the bridge accepts. The
best return is chosen at first and tagged; the fastest is tagged too. A bridge that cannot carry the transfer
is listed under the routes with the reason it gave. Like the Quote tab's route, the card dims at once when
the form changes (what it shows answers another form) and clears when the form cannot be quoted.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QButtonGroup, QFrame, QGridLayout, QLabel, QRadioButton, QVBoxLayout, QWidget

from swapdesk.api import CrossRoute, CrossRoutes, TokenInfo
from swapdesk.api.records import RouteRefusal
from swapdesk.gui import formatting, theme
from swapdesk.gui.activity import Activity
from swapdesk.gui.widgets.card import Card
from swapdesk.gui.widgets.error_label import note_label
from swapdesk.gui.widgets.progress import Progress

BRIDGE_NAMES = {"ANYSWAP": "Multichain", "METAPATH": "SWFT Bridgers", "CBRIDGE": "Celer cBridge"}
FEE_WORDS = {"bridge": "bridge fee", "relayer": "relayer fee", "gas": "network fee"}
NO_MAXIMUM = 10**60  # a limit this high is none


def fee_line(route: CrossRoute, paid_on_top: bool = True) -> str:
    """'bridge fee 0.75 USDT · relayer fee 0.3 USDT, taken from the amount · network fee about 0.0001 BNB'; without
    `paid_on_top`, only the fees taken from the amount (the review shows the network fee on its own line)."""
    taken = [f"{FEE_WORDS.get(f.kind, f.kind)} {formatting.amount(int(f.amount), f.decimals, f.symbol)}"
             for f in route.fees if f.included]  # fmt: skip
    paid = [f"{FEE_WORDS.get(f.kind, f.kind)} {about(formatting.amount(int(f.amount), f.decimals, f.symbol))}"
            for f in route.fees if not f.included and paid_on_top]  # fmt: skip
    parts = [" · ".join(taken) + ", taken from the amount"] if taken else []
    return " · ".join(parts + paid)


def about(amount: str) -> str:
    """'about 0.0012 BNB'; an amount too small to show is 'under 0.00000001 BNB' (the devnet's gas is near free)."""
    return amount.replace("< ", "under ", 1) if amount.startswith("< ") else f"about {amount}"


def limits_line(route: CrossRoute, sell: TokenInfo) -> str:
    limits = route.limits
    low = formatting.amount(int(limits.minAmountIn), sell.decimals, sell.symbol)
    high = int(limits.maxAmountIn)
    text = f"takes {low} to {formatting.amount(high, sell.decimals, sell.symbol)}" if high < NO_MAXIMUM else (
        f"takes {low} or more")  # fmt: skip
    if limits.slowAbove:
        slow = formatting.amount(int(limits.slowAbove), sell.decimals, sell.symbol)
        over = int(route.amountIn) > int(limits.slowAbove)
        text += f"; this one is above {slow}: it is held a while, longer than shown" if over else (
            f"; holds transfers above {slow}")  # fmt: skip
    return text


def held(route: CrossRoute) -> bool:
    """The bridge holds this transfer a while (a large amount): its ETA does not count the wait."""
    return route.limits.slowAbove is not None and int(route.amountIn) > int(route.limits.slowAbove)


def refusal_words(refusal: RouteRefusal) -> str:
    """The bridge's reason without the parameter's name in front (the form names the field already)."""
    message = refusal.message
    head, sep, rest = message.partition(": ")
    return rest if sep and " " not in head else message


def _row_style(palette: QPalette) -> str:
    """The row's frame, and its radio drawn here: Fusion's own ring is lost on the dark theme's background."""
    role = QPalette.ColorRole
    line, ring = palette.color(role.Midlight).name(), palette.color(role.Highlight).name()
    hollow, base = palette.color(role.PlaceholderText).name(), palette.color(role.Base).name()
    return (
        f"QFrame#route {{ border: 1px solid {line}; border-radius: 10px; }}"
        f" QFrame#route[chosen='true'] {{ border: 2px solid {ring}; }}"
        f" QRadioButton::indicator {{ width: 10px; height: 10px; border-radius: 7px; border: 2px solid {hollow};"
        f" background: {base}; }}"
        f" QRadioButton::indicator:checked {{ border: 4px solid {ring}; width: 6px; height: 6px; }}"
        f" QRadioButton::indicator:disabled {{ border-color: {line}; }}"
    )


class RouteRow(QFrame):
    def __init__(self, route: CrossRoute, sell: TokenInfo, buy: TokenInfo, tags: list[str]) -> None:
        super().__init__()
        self.route = route
        self.setObjectName("route")
        theme.styled(self, _row_style)
        self.radio = QRadioButton(f"{route.bridge} · {BRIDGE_NAMES.get(route.bridge, '')}".rstrip(" ·"))
        font = self.radio.font()
        font.setBold(True)
        self.radio.setFont(font)
        self.tags = QLabel("  ".join(tags))
        theme.tint(self.tags, "success")
        self.amount = QLabel(formatting.amount(int(route.amountOut), buy.decimals, buy.symbol))
        big = self.amount.font()
        big.setPointSizeF(big.pointSizeF() * 1.35)
        big.setBold(True)
        self.amount.setFont(big)
        self.eta = QLabel(f"about {formatting.duration(route.etaSeconds)}")
        self.eta.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.fees, self.limits = note_label(), note_label()
        self.fees.setText(fee_line(route))
        self.limits.setText(limits_line(route, sell))
        if held(route):
            theme.tint(self.limits, "warning")
        grid = QGridLayout(self)
        grid.setContentsMargins(10, 6, 10, 8)
        grid.setVerticalSpacing(2)
        grid.addWidget(self.radio, 0, 0)
        grid.addWidget(self.tags, 0, 1, Qt.AlignmentFlag.AlignRight)
        grid.addWidget(self.amount, 1, 0)
        grid.addWidget(self.eta, 1, 1)
        grid.addWidget(self.fees, 2, 0, 1, 2)
        grid.addWidget(self.limits, 3, 0, 1, 2)
        grid.setColumnStretch(0, 1)
        self.setAccessibleName(f"{route.bridge}: {self.amount.text()}, {self.eta.text()}")

    def mousePressEvent(self, event: object) -> None:  # the whole row chooses, not only its radio button
        self.radio.setChecked(True)

    def set_chosen(self, chosen: bool) -> None:
        self.setProperty("chosen", "true" if chosen else "false")
        self.style().unpolish(self)
        self.style().polish(self)


class RoutesCard(Card):
    chosen = Signal(int)  # the index of the route chosen

    def __init__(self, width: int, activity: Activity | None = None, parent: QWidget | None = None) -> None:
        super().__init__("Bridges compared", width, parent)
        self.routes: list[CrossRoute] = []
        self.rows: list[RouteRow] = []
        self.progress = Progress(activity)
        self.placeholder = note_label()
        self.caption = note_label()
        self.list = QVBoxLayout()
        self.list.setSpacing(8)
        self.unavailable_title = QLabel("<b>Cannot carry this transfer</b>")
        self.unavailable = note_label()
        self.group = QButtonGroup(self)
        self.group.idToggled.connect(self._toggled)
        for part in (self.progress, self.placeholder, self.caption):
            self.body.addWidget(part)
        self.body.addLayout(self.list)
        self.body.addWidget(self.unavailable_title)
        self.body.addWidget(self.unavailable)
        self.clear("Type an amount: every bridge that can carry it is compared here.")

    @property
    def route(self) -> CrossRoute | None:
        index = self.group.checkedId()
        return self.routes[index] if 0 <= index < len(self.routes) else None

    def quoting(self) -> None:
        """The form changed: what is shown answers another form now."""
        self.progress.start("Comparing the bridges…")
        self.set_stale(True)

    def show_routes(self, found: CrossRoutes, sell: TokenInfo, buy: TokenInfo) -> None:
        self._drop_rows()
        self.progress.stop()
        self.routes = list(found.routes)
        fastest = min(range(len(self.routes)), key=lambda i: self.routes[i].etaSeconds, default=-1)
        for index, route in enumerate(self.routes):
            tags = (["Best return"] if index == 0 else []) + (["Fastest"] if index == fastest else [])
            row = RouteRow(route, sell, buy, tags)
            self.group.addButton(row.radio, index)
            self.list.addWidget(row)
            self.rows.append(row)
        count = len(self.routes)
        sent = formatting.amount(int(found.routes[0].amountIn), sell.decimals, sell.symbol) if count else ""
        self.caption.setText(
            f"{count} bridge{'s' if count != 1 else ''} can carry {sent}, the best return first"
            if count
            else "No bridge can carry this transfer: see why below."
        )
        self.placeholder.hide()
        self.caption.show()
        self.unavailable.setText("<br>".join(f"<b>{r.bridge}</b>: {refusal_words(r)}" for r in found.unavailable))
        for widget in (self.unavailable_title, self.unavailable):
            widget.setVisible(bool(found.unavailable))
        if self.rows:
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
        self.progress.stop()
        for widget in (self.caption, self.unavailable_title, self.unavailable):
            widget.hide()
        self.placeholder.setText(message)
        self.placeholder.show()

    def _drop_rows(self) -> None:
        for row in self.rows:
            self.group.removeButton(row.radio)
            self.list.removeWidget(row)
            row.deleteLater()
        self.rows, self.routes = [], []
