"""A cross-chain order as it moves, and the list of the orders sent from this app.

`OrderCard` is one order, live: its status (one vocabulary: `gui.status`), where it stands in plain words
and why, what was sent and what arrived, the deposit's and the payout's transactions (copy, look up; on real
networks the explorer), and its timeline: each stage reached with its time and transaction, then the stages
still to come, muted. A refund reads as a refund; a cBridge refund that waits for its sender offers its
withdrawal as a button. `OrderList` lists every order, newest first, with its status badge.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QWidget,
)

from swapdesk.chains import by_id
from swapdesk.gui import formatting, status, theme
from swapdesk.gui.activity import Activity
from swapdesk.gui.links import Links
from swapdesk.gui.order_timeline import order_stages
from swapdesk.gui.widgets.card import Card, heading
from swapdesk.gui.widgets.copyable import CopyableField
from swapdesk.gui.widgets.error_label import error_label, note_label
from swapdesk.gui.widgets.progress import Progress
from swapdesk.gui.widgets.status_badge import StatusBadge
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
        return {"signed": "The deposit is signed, not sent yet", "sent": "The deposit waits for its block"}.get(
            order.deposit, "The deposit did not go through")  # fmt: skip
    words = status.stage_words(order.notes) if order.notes else "Waiting for the bridge to see the deposit"
    return words + (f" — {order.message}" if order.message else "")


def ended_words(order: StoredOrder) -> tuple[str, str, bool]:
    """(title, message, is a warning) for the notification that `order` ended."""
    s = order.summary
    what = f"{headline(order)} through {order.bridge}"
    badge = badge_of(order)
    if badge is status.SUCCESS:
        got = formatting.amount(order.amount_out, int(s["decimalsOut"]), s.get("symbolOut", ""))
        return "Transfer arrived", f"{what}: {got} received on {by_id(order.to_chain_id).name}.", False
    if badge is status.REFUNDED:
        return (
            "Transfer refunded",
            f"{what}: the deposit is back with the sender on {by_id(order.chain_id).name}.",
            True,
        )
    return "Transfer failed", f"{what}: {where(order)}.", True


class OrderCard(Card):
    look_up = Signal(str, int)  # a transaction's hash, and its chain id
    withdraw = Signal(object)  # StoredOrder: the person asked to withdraw its refund
    back = Signal()

    def __init__(self, width: int, activity: Activity | None = None, parent: QWidget | None = None) -> None:
        super().__init__("", width, parent)
        self.links = Links()
        self.order: StoredOrder | None = None
        self.badge = StatusBadge()
        self.title = heading("", 1.1)
        self.title.setWordWrap(True)
        self.bridge = note_label()
        self.standing = QLabel()
        self.standing.setWordWrap(True)
        top = QHBoxLayout()
        top.addWidget(self.badge)
        top.addWidget(self.title, 1)
        self.sent, self.received, self.started = QLabel(), QLabel(), QLabel()
        self.recipient = CopyableField("Recipient")
        self.deposit, self.payout, self.refund = (CopyableField(n) for n in ("Deposit", "Payout", "Refund withdrawal"))
        self.order_id = CopyableField("Order id")
        self.form = QFormLayout()
        self.form.setVerticalSpacing(3)
        rows = (("Sent", self.sent), ("Received", self.received), ("Recipient", self.recipient),
                ("Deposit", self.deposit), ("Payout", self.payout), ("Refund", self.refund),
                ("Order", self.order_id), ("Started", self.started))  # fmt: skip
        for caption, value in rows:
            self.form.addRow(caption, value)
        for field, chain_of in ((self.deposit, "src"), (self.payout, "dst"), (self.refund, "src")):
            field.look_up.connect(lambda text, which=chain_of: self._look_up(text, which))
        self.timeline = Timeline()
        self.timeline.look_up.connect(self.look_up)
        self.withdraw_button = QPushButton("Withdraw your refund")
        self.withdraw_button.setToolTip("Signs cBridge's refund request, then sends the withdrawal from your account")
        theme.primary(self.withdraw_button)
        self.progress = Progress(activity)
        self.error = error_label()
        self.new_button = QPushButton("New transfer")
        self.new_button.setToolTip("Back to the bridges compared for the form")
        buttons = QHBoxLayout()
        buttons.addWidget(self.withdraw_button)
        buttons.addStretch(1)
        buttons.addWidget(self.new_button)
        self.body.addLayout(top)
        for label in (self.bridge, self.standing):
            self.body.addWidget(label)
        self.body.addLayout(self.form)
        for part in (self.timeline, self.progress, self.error):
            self.body.addWidget(part)
        self.body.addLayout(buttons)
        self.withdraw_button.clicked.connect(lambda: self.order is not None and self.withdraw.emit(self.order))
        self.new_button.clicked.connect(self.back)
        self.setAccessibleName("Cross-chain order")

    def show_order(self, order: StoredOrder) -> None:
        """`order` as the store has it now (the same order again: refreshed in place)."""
        self.order = order
        s, src, dst = order.summary, by_id(order.chain_id), by_id(order.to_chain_id)
        badge = badge_of(order)
        self.badge.set(badge, order.notes)
        self.title.setText(headline(order))
        self.bridge.setText(
            f"through {order.bridge}" + (f" · order {formatting.short(order.order_id)}" if order.order_id else "")
        )
        self.standing.setText(where(order))
        theme.tint(
            self.standing, "danger" if badge is status.FAILED else "caution" if badge is status.REFUNDED else None
        )
        decimals_out, symbol_out = int(s["decimalsOut"]), s.get("symbolOut", "")
        self.sent.setText(formatting.amount(int(s["amountIn"]), int(s["decimalsIn"]), s.get("symbolIn", "")))
        quoted = formatting.amount(int(s["quotedOut"]), decimals_out, symbol_out)
        if order.amount_out:
            self.received.setText(f"{formatting.amount(order.amount_out, decimals_out, symbol_out)} (quoted {quoted})")
        elif badge is status.REFUNDED:
            self.received.setText("nothing: the deposit went back to the sender")
        elif order.substatus == "REFUND_IN_PROGRESS":
            self.received.setText("nothing: the deposit is being refunded")
        else:
            self.received.setText(f"nothing yet · quoted {quoted}" if not order.ended else "nothing")
        self.recipient.set(s.get("receiver", ""), self.links.explorer(dst, "address", s.get("receiver", "")))
        self.deposit.set(order.hash, self.links.explorer(src, "tx", order.hash), lookup=True)
        self.payout.set(order.target_hash, self.links.explorer(dst, "tx", order.target_hash), lookup=True)
        self.refund.set(order.refund_hash, self.links.explorer(src, "tx", order.refund_hash), lookup=True)
        self.order_id.set(order.order_id)
        self.started.setText(formatting.when_ms(order.created_ms))
        for field, shown in ((self.payout, bool(order.target_hash)), (self.refund, bool(order.refund_hash)),
                             (self.order_id, bool(order.order_id))):  # fmt: skip
            self.form.setRowVisible(field, shown)
        self.timeline.links = self.links
        refunding = order.substatus == "REFUND_IN_PROGRESS"
        self.timeline.set_stages(order_stages(order.timeline, order.bridge, not order.ended, refunding))
        self.withdraw_button.setVisible(refundable(order))
        self.withdraw_button.setEnabled(not self.progress.busy)

    def _look_up(self, text: str, which: str) -> None:
        if self.order is not None and text:
            self.look_up.emit(text, self.order.chain_id if which == "src" else self.order.to_chain_id)


class OrderList(Card):
    chosen = Signal(str)  # the deposit's hash

    def __init__(self, width: int, parent: QWidget | None = None) -> None:
        super().__init__("Your cross-chain transfers", width, parent)
        self.orders: list[StoredOrder] = []
        self.table = QTableWidget(0, 3)
        self.table.setHorizontalHeaderLabels(["Transfer", "Bridge", "Status"])
        self.table.setAccessibleName("Cross-chain transfers sent from this app")
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.verticalHeader().hide()
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.empty = note_label()
        self.empty.setText("Nothing sent yet: the transfers you send are followed here until they arrive.")
        self.body.addWidget(self.empty)
        self.body.addWidget(self.table)
        self.table.cellClicked.connect(self._activated)
        self.table.cellActivated.connect(self._activated)
        self.show_orders([])

    def show_orders(self, orders: list[StoredOrder]) -> None:
        self.orders = list(orders)
        self.table.setRowCount(len(orders))
        for row, order in enumerate(orders):
            self._show_row(row, order)
        self._fit()

    def _fit(self) -> None:
        """The table as tall as its rows, up to LIST_ROWS of them; a line in words when there are none."""
        self.empty.setVisible(not self.orders)
        self.table.setVisible(bool(self.orders))
        shown = min(len(self.orders), LIST_ROWS)
        height = self.table.horizontalHeader().height() + 2 * self.table.frameWidth()
        self.table.setFixedHeight(height + sum(self.table.rowHeight(r) for r in range(shown)))

    def _show_row(self, row: int, order: StoredOrder) -> None:
        badge = badge_of(order)
        for column, text in enumerate((headline(order), order.bridge, badge.word)):
            item = QTableWidgetItem(text)
            item.setToolTip(where(order) if column == 2 else f"{text} · {formatting.when_ms(order.created_ms)}")
            self.table.setItem(row, column, item)
        cell = self.table.cellWidget(row, 2)
        if not isinstance(cell, StatusBadge):
            cell = StatusBadge()
            self.table.setCellWidget(row, 2, cell)
        cell.set(badge, status.stage_words(order.notes) if order.notes else "")

    def update_order(self, order: StoredOrder) -> None:
        """One order's news: its row alone, in place (tracking many orders must not rebuild the list each time);
        a new order goes on top."""
        row = next((n for n, o in enumerate(self.orders) if o.hash == order.hash), None)
        if row is None:
            self.orders.insert(0, order)
            self.table.insertRow(0)
            self._show_row(0, order)
            self._fit()
            return
        self.orders[row] = order
        self._show_row(row, order)

    def _activated(self, row: int, _column: int) -> None:
        if 0 <= row < len(self.orders):
            self.chosen.emit(self.orders[row].hash)
