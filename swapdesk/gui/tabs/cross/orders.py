"""A cross-chain order as it moves, and the list of the orders sent from this app.

`OrderCard` is one order, live: its status (one vocabulary: `gui.status`), where it stands in plain words
and why, what was sent and what arrived, the deposit's and the payout's transactions (copy, look up; on real
networks the explorer), and its timeline: each stage reached with its time and transaction, then the stages
still to come, muted. Its timeline is drawn whole, every stage and time in view: the column the card sits in
scrolls when it is long (never a box inside the card, where the last stages hid), so the tab never grows a
scroll bar for it. A refund reads as a refund; a cBridge refund that waits for its sender offers its withdrawal as the
card's primary button. `OrderList` lists every order, newest first, each a row with its status badge.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QListWidget, QListWidgetItem, QVBoxLayout, QWidget

from swapdesk.bridge_names import bridge_name
from swapdesk.chains import by_id
from swapdesk.gui import formatting, status, theme
from swapdesk.gui.activity import Activity
from swapdesk.gui.design.badge import StatusBadge
from swapdesk.gui.design.buttons import primary, secondary
from swapdesk.gui.design.card import Card, caption, heading
from swapdesk.gui.design.copyable import CopyableField
from swapdesk.gui.design.notice import Notice
from swapdesk.gui.design.progress import Progress
from swapdesk.gui.design.rows import Rows
from swapdesk.gui.i18n import tr
from swapdesk.gui.links import Links
from swapdesk.gui.order_timeline import order_stages
from swapdesk.gui.widgets.timeline import Timeline
from swapdesk.store import StoredOrder
from swapdesk.trade.orders import refundable

LIST_ROWS = 5  # orders the list shows before it scrolls


def badge_of(order: StoredOrder) -> status.Badge:
    return status.from_transfer(order.status, order.substatus) if order.deposit == "confirmed" or order.ended else (
        status.from_store(order.deposit))  # fmt: skip


def headline(order: StoredOrder) -> str:
    """'250 USDT · BNB Smart Chain → Polygon'."""
    s = order.summary
    sent = formatting.amount(int(s["amountIn"]), int(s["decimalsIn"]), s.get("symbolIn", ""))
    return f"{sent} · {by_id(order.chain_id).name} → {by_id(order.to_chain_id).name}"


def where(order: StoredOrder) -> str:
    """Where the order stands, in words, with the why when there is one."""
    if order.deposit != "confirmed" and not order.ended:
        return {
            "signed": tr("The deposit is signed, not sent yet"),
            "sent": tr("The deposit waits for its block"),
        }.get(order.deposit, tr("The deposit did not go through"))
    words = tr(status.stage_words(order.notes)) if order.notes else tr("Waiting for the bridge to see the deposit")
    return words + (f" — {order.message}" if order.message else "")


def ended_words(order: StoredOrder) -> tuple[str, str, bool]:
    """(title, message, is a warning) for the notification that `order` ended."""
    s = order.summary
    what = tr("{headline} through {bridge}").format(headline=headline(order), bridge=bridge_name(order.bridge))
    badge = badge_of(order)
    if badge is status.SUCCESS:
        got = formatting.amount(order.amount_out, int(s["decimalsOut"]), s.get("symbolOut", ""))
        words = tr("{what}: {amount} received on {chain}.").format(
            what=what, amount=got, chain=by_id(order.to_chain_id).name
        )
        return tr("Transfer arrived"), words, False
    if badge is status.REFUNDED:
        words = tr("{what}: the deposit is back with the sender on {chain}.").format(
            what=what, chain=by_id(order.chain_id).name
        )
        return tr("Transfer refunded"), words, True
    return tr("Transfer failed"), f"{what}: {where(order)}.", True


class OrderCard(Card):
    look_up = Signal(str, int)  # a transaction's hash, and its chain id
    withdraw = Signal(object)  # StoredOrder: the person asked to withdraw its refund
    back = Signal()

    def __init__(self, width: int, activity: Activity | None = None, parent: QWidget | None = None) -> None:
        super().__init__("", width, parent)
        self.links = Links()
        self.order: StoredOrder | None = None
        self.badge = StatusBadge()
        self.title = heading("", "title")
        self.bridge = caption()
        self.standing = QLabel()
        self.standing.setWordWrap(True)
        top = QHBoxLayout()
        top.addWidget(self.badge, 0, Qt.AlignmentFlag.AlignTop)
        top.addWidget(self.title, 1)
        self.rows = Rows(spacing=3)
        self.sent, self.received, self.started = (self.rows.add(k, c) for k, c in (
            ("sent", tr("Sent")), ("received", tr("Received")), ("started", tr("Started"))))  # fmt: skip
        self.recipient = self.rows.add_widget("recipient", tr("Recipient"), CopyableField(tr("Recipient")))
        self.deposit = self.rows.add_widget("deposit", tr("Deposit"), CopyableField(tr("Deposit transaction")))
        self.payout = self.rows.add_widget("payout", tr("Payout"), CopyableField(tr("Payout transaction")))
        self.refund = self.rows.add_widget("refund", tr("Refund"), CopyableField(tr("Refund withdrawal")))
        self.order_id = self.rows.add_widget("order", tr("Order"), CopyableField(tr("Order id")))
        for field, chain_of in ((self.deposit, "src"), (self.payout, "dst"), (self.refund, "src")):
            field.look_up.connect(lambda text, which=chain_of: self._look_up(text, which))
        self.timeline = Timeline()
        self.timeline.look_up.connect(self.look_up)
        self.refund_notice = Notice("warning")
        tip = tr("Signs cBridge's refund request, then sends the withdrawal from your account")
        self.withdraw_button = primary(tr("Withdraw your refund"), tip)
        self.progress = Progress(activity)
        self.error = Notice("danger")
        self.error.hide()
        self.new_button = secondary(tr("New transfer"), tr("Back to the bridges compared for the form"))
        buttons = QHBoxLayout()
        buttons.addWidget(self.withdraw_button)
        buttons.addStretch(1)
        buttons.addWidget(self.new_button)
        self.body.addLayout(top)
        for widget in (self.bridge, self.standing, self.rows, self.timeline, self.refund_notice, self.progress,
                       self.error):  # fmt: skip
            self.body.addWidget(widget)
        self.body.addLayout(buttons)
        self.withdraw_button.clicked.connect(lambda: self.order is not None and self.withdraw.emit(self.order))
        self.new_button.clicked.connect(self.back)
        self.setAccessibleName(tr("Cross-chain order"))

    def _field(self, key: str) -> CopyableField:
        field = self.rows.values[key]
        assert isinstance(field, CopyableField)
        return field

    def show_order(self, order: StoredOrder) -> None:
        """`order` as the store has it now (the same order again: refreshed in place)."""
        self.order = order
        s, src, dst = order.summary, by_id(order.chain_id), by_id(order.to_chain_id)
        badge = badge_of(order)
        self.badge.set(badge, tr(status.stage_words(order.notes)) if order.notes else "")
        self.title.setText(headline(order))
        bridge = tr("through {bridge}").format(bridge=bridge_name(order.bridge))
        self.bridge.setText(bridge + (f" · {formatting.short(order.order_id)}" if order.order_id else ""))
        self.standing.setText(where(order))
        theme.tint(
            self.standing, "danger" if badge is status.FAILED else "caution" if badge is status.REFUNDED else None
        )
        decimals_out, symbol_out = int(s["decimalsOut"]), s.get("symbolOut", "")
        self.rows.set("sent", formatting.amount(int(s["amountIn"]), int(s["decimalsIn"]), s.get("symbolIn", "")))
        quoted = formatting.amount(int(s["quotedOut"]), decimals_out, symbol_out)
        if order.amount_out:
            got = formatting.amount(order.amount_out, decimals_out, symbol_out)
            received = tr("{amount} (quoted {quoted})").format(amount=got, quoted=quoted)
        elif badge is status.REFUNDED:
            received = tr("nothing: the deposit went back to the sender")
        elif order.substatus == "REFUND_IN_PROGRESS":
            received = tr("nothing: the deposit is being refunded")
        else:
            received = tr("nothing yet · quoted {quoted}").format(quoted=quoted) if not order.ended else tr("nothing")
        self.rows.set("received", received)
        self._field("recipient").set(s.get("receiver", ""), self.links.explorer(dst, "address", s.get("receiver", "")))
        self._field("deposit").set(order.hash, self.links.explorer(src, "tx", order.hash), lookup=True)
        self._field("payout").set(order.target_hash, self.links.explorer(dst, "tx", order.target_hash), lookup=True)
        self._field("refund").set(order.refund_hash, self.links.explorer(src, "tx", order.refund_hash), lookup=True)
        self._field("order").set(order.order_id)
        self.rows.set("started", formatting.when_ms(order.created_ms))
        for key, shown in (("payout", bool(order.target_hash)), ("refund", bool(order.refund_hash)),
                           ("order", bool(order.order_id))):  # fmt: skip
            self.rows.show_row(key, shown)
        self.timeline.links = self.links
        refunding = order.substatus == "REFUND_IN_PROGRESS"
        self.timeline.set_stages(order_stages(order.timeline, order.bridge, not order.ended, refunding))
        waiting = refundable(order)
        self.refund_notice.set(tr("cBridge cannot pay this transfer out: your refund waits for you to withdraw it."))
        self.refund_notice.setVisible(waiting)
        self.withdraw_button.setVisible(waiting)
        self.withdraw_button.setEnabled(not self.progress.busy)
        self.withdraw_button.setDefault(waiting)

    def show_error(self, words: str) -> None:
        self.error.set(words, "danger")
        self.error.setVisible(bool(words))

    def _look_up(self, text: str, which: str) -> None:
        if self.order is not None and text:
            self.look_up.emit(text, self.order.chain_id if which == "src" else self.order.to_chain_id)


class OrderRow(QWidget):
    """One order in the list: its badge, what and where, and its bridge and time."""

    def __init__(self, order: StoredOrder) -> None:
        super().__init__()
        self.badge = StatusBadge()
        self.what = QLabel()
        self.when = caption()
        text = QVBoxLayout()
        text.setSpacing(2)  # the caption under the line, not on its descenders ("Polygon" lost its g)
        text.addWidget(self.what)
        text.addWidget(self.when)
        row = QHBoxLayout(self)
        row.setContentsMargins(8, 6, 8, 6)
        row.addWidget(self.badge)
        row.addLayout(text, 1)
        self.show_order(order)

    def show_order(self, order: StoredOrder) -> None:
        badge = badge_of(order)
        self.badge.set(badge, tr(status.stage_words(order.notes)) if order.notes else "")
        self.what.setText(headline(order))
        self.when.setText(f"{bridge_name(order.bridge)} · {formatting.when_ms(order.created_ms)}")
        self.setToolTip(where(order))


def _spoken(order: StoredOrder) -> str:
    """What a screen reader says for an order's row."""
    return f"{headline(order)} · {tr(badge_of(order).word)}"


class OrderList(Card):
    chosen = Signal(str)  # the deposit's hash

    def __init__(self, width: int, parent: QWidget | None = None) -> None:
        super().__init__(tr("Your cross-chain transfers"), width, parent)
        self.orders: list[StoredOrder] = []
        self.list = QListWidget()
        self.list.setAccessibleName(tr("Cross-chain transfers sent from this app"))
        theme.mark(self.list, role="rows")
        self.list.setVerticalScrollMode(QListWidget.ScrollMode.ScrollPerPixel)
        self.empty = caption(tr("Nothing sent yet: the transfers you send are followed here until they arrive."))
        self.body.addWidget(self.empty)
        self.body.addWidget(self.list)
        self.list.itemClicked.connect(self._activated)
        self.list.itemActivated.connect(self._activated)
        self.show_orders([])

    def show_orders(self, orders: list[StoredOrder]) -> None:
        self.orders = list(orders)
        self.list.clear()
        for order in orders:
            self._add(order, self.list.count())
        self._fit()

    def _add(self, order: StoredOrder, at: int) -> None:
        item = QListWidgetItem()
        item.setData(Qt.ItemDataRole.UserRole, order.hash)
        row = OrderRow(order)
        item.setData(Qt.ItemDataRole.AccessibleTextRole, _spoken(order))  # not its text: drawn under the row
        self.list.insertItem(at, item)
        self.list.setItemWidget(item, row)
        row.ensurePolished()  # measured in the fonts the style sheet gives it in the list, not the default ones
        item.setSizeHint(QSize(0, row.sizeHint().height()))

    def row(self, index: int) -> OrderRow:
        widget = self.list.itemWidget(self.list.item(index))
        assert isinstance(widget, OrderRow)
        return widget

    def _fit(self) -> None:
        """As tall as its rows, up to LIST_ROWS of them; a line in words when there are none."""
        self.empty.setVisible(not self.orders)
        self.list.setVisible(bool(self.orders))
        shown = min(len(self.orders), LIST_ROWS)
        height = sum(self.list.sizeHintForRow(r) for r in range(shown)) + 2 * self.list.frameWidth() + 4
        self.list.setFixedHeight(height)

    def update_order(self, order: StoredOrder) -> None:
        """One order's news: its row alone, in place (tracking many orders must not rebuild the list each time);
        a new order goes on top."""
        index = next((n for n, o in enumerate(self.orders) if o.hash == order.hash), None)
        if index is None:
            self.orders.insert(0, order)
            self._add(order, 0)
            self._fit()
            return
        self.orders[index] = order
        self.row(index).show_order(order)
        self.list.item(index).setData(Qt.ItemDataRole.AccessibleTextRole, _spoken(order))

    def _activated(self, item: QListWidgetItem) -> None:
        self.chosen.emit(str(item.data(Qt.ItemDataRole.UserRole)))
