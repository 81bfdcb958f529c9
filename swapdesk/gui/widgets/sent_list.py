"""The transactions sent from this app, newest first, from the local store: a list of rows, each its status badge,
what it did, and when, on which chain, with which hash (the design system's badge and caption, not a table).

Practice stands apart: a transaction signed on a practice fork (`swapdesk --fork`) reads "Practice: …" with
"practice fork" beside its chain, one on the embedded devnet "devnet", so neither passes for a real one.

A bridge deposit's status is its cross-chain order's (normalised: Pending until the bridge pays out or
refunds), not only its own transaction's: "Success" for a deposit means the transfer arrived.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QListWidget, QListWidgetItem, QVBoxLayout, QWidget

from swapdesk.bridge_names import bridge_name
from swapdesk.chains import UnknownChain, by_id, resolve
from swapdesk.gui import formatting, status, theme
from swapdesk.gui.design.badge import StatusBadge
from swapdesk.gui.design.card import caption
from swapdesk.gui.design.tokens import SPACE
from swapdesk.gui.i18n import tr
from swapdesk.store import StoredOrder, StoredTx
from swapdesk.words import QT_TR_NOOP

UNLIMITED = 2**255


def describe(tx: StoredTx) -> str:
    """'Swap 250 USDT → 0.41 WBNB' or 'Approve 250 USDT', from what was recorded."""
    s = tx.summary
    if tx.kind == "bridge":
        sent = _amount(s, "amountIn", "decimalsIn", "symbolIn")
        return tr("Bridge {amount}, {chain} → {to_chain}, through {bridge}").format(
            amount=sent,
            chain=_chain_name(s, "chain"),
            to_chain=_chain_name(s, "toChain"),
            bridge=bridge_name(s.get("bridge", "?")),
        )
    if tx.kind == "refund":
        return tr("Refund withdrawal {amount}, from {bridge}").format(
            amount=_amount(s, "amount", "decimals", "symbol"), bridge=bridge_name(s.get("bridge", "?"))
        )
    if tx.kind == "approval":
        amount, decimals, symbol = int(s.get("amount", 0)), s.get("decimals"), s.get("symbol", "")
        if amount >= UNLIMITED:
            return tr("Approve unlimited {symbol}").format(symbol=symbol).strip()
        shown = formatting.amount(amount, int(decimals), symbol) if decimals is not None else f"{amount} {symbol}"
        return tr("Approve {amount}").format(amount=shown).strip()
    sold = (
        formatting.amount(int(s["amountIn"]), int(s["decimalsIn"]), s.get("symbolIn", "")) if "amountIn" in s else "?"
    )
    out = s.get("amountOut", s.get("quotedOut"))
    bought = formatting.amount(int(out), int(s["decimalsOut"]), s.get("symbolOut", "")) if out is not None else "?"
    return tr("Swap {sold} → {bought}").format(sold=sold, bought=bought)


NETWORK_WORDS = {"devnet": QT_TR_NOOP("devnet"), "practice": QT_TR_NOOP("practice fork")}  # a real one needs none


def network_words(tx: StoredTx) -> str:
    """Where it was signed, when that is not the real network: 'practice fork', 'devnet', or ''."""
    word = NETWORK_WORDS.get(tx.network)
    return tr(word) if word else ""


def _chain_name(summary: dict[str, object], key: str) -> str:
    """The chain's one name, as everywhere in the window ('BNB Smart Chain', not the API's flag 'BSC')."""
    flag = str(summary.get(key, ""))
    try:
        return resolve(flag).name if flag else "?"
    except UnknownChain:
        return flag


def _amount(summary: dict[str, object], amount: str, decimals: str, symbol: str) -> str:
    if amount not in summary or decimals not in summary:
        return "?"
    return formatting.amount(int(str(summary[amount])), int(str(summary[decimals])), str(summary.get(symbol, "")))


def badge(tx: StoredTx, order: StoredOrder | None) -> tuple[status.Badge, str]:
    """The status word of a row, and its detail: a confirmed deposit reads as its order."""
    if order is not None and (tx.status == "confirmed" or order.ended):
        words = tr(status.stage_words(order.notes)) if order.notes else tr("the bridge is about to see it")
        return status.from_transfer(order.status, order.substatus), words
    return status.from_store(tx.status), tx.error or tr(status.STORE_NOTES.get(tx.status, ""))


class SentRow(QWidget):
    """One transaction: its badge; what it did; under it, in a caption, when, on which chain, its hash."""

    def __init__(self) -> None:
        super().__init__()
        self.badge = StatusBadge()
        self.what = QLabel()
        self.when, self.chain, self.hash = caption(), caption(), caption()
        facts = QHBoxLayout()
        facts.setSpacing(SPACE["xs"])
        for n, label in enumerate((self.when, self.chain, self.hash)):
            label.setWordWrap(False)  # one line: a hash is selectable whole, never broken
            if n:
                facts.addWidget(caption("·"))
            facts.addWidget(label)
        facts.addStretch(1)
        self.hash.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        text = QVBoxLayout()
        text.setSpacing(SPACE["xxs"])  # the caption under the line, not on its descenders
        text.addWidget(self.what)
        text.addLayout(facts)
        row = QHBoxLayout(self)
        row.setContentsMargins(SPACE["sm"], SPACE["xs"] + 2, SPACE["sm"], SPACE["xs"] + 2)
        row.setSpacing(SPACE["md"])
        row.addWidget(self.badge, 0, Qt.AlignmentFlag.AlignVCenter)
        row.addLayout(text, 1)

    def show_tx(self, tx: StoredTx, order: StoredOrder | None) -> None:
        word, detail = badge(tx, order)
        self.badge.set(word, detail)
        self.what.setText(tr("Practice: {what}").format(what=describe(tx)) if tx.practice else describe(tx))
        self.when.setText(formatting.when_ms(tx.created_ms))
        where = network_words(tx)
        name = by_id(tx.chain_id).name
        self.chain.setText(tr("{chain} ({network})").format(chain=name, network=where) if where else name)
        self.hash.setText(tx.hash)
        self.setToolTip(detail)


class SentList(QListWidget):
    """The rows; beside a transaction looked up it keeps two rows in view and leaves the rest of the tab to the
    transaction (History shares its height), else it takes what there is."""

    chosen = Signal(str, int)  # hash, chain id
    LEAST_ROWS, WANTED_ROWS = 2, 3

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName(tr("Transactions sent from this app"))
        theme.mark(self, role="rows")
        self.setVerticalScrollMode(QListWidget.ScrollMode.ScrollPerPixel)
        self.setSpacing(SPACE["xxs"])
        self.rows: list[StoredTx] = []
        self.itemActivated.connect(self._activated)
        self.itemDoubleClicked.connect(self._activated)

    def show_rows(self, rows: list[StoredTx], orders: dict[str, StoredOrder] | None = None) -> None:
        """`orders`: the cross-chain orders by their deposit's hash. The same transactions again: each row is
        refreshed in place (its badge kept: a badge's style costs a re-polish), not rebuilt."""
        same = [tx.hash for tx in rows] == [tx.hash for tx in self.rows]
        self.rows = rows
        if not same:
            self.clear()
        for index, tx in enumerate(rows):
            if same:
                row = self.sent_row(index)
            else:
                row = SentRow()
                item = QListWidgetItem(self)
                self.setItemWidget(item, row)
            row.show_tx(tx, (orders or {}).get(tx.hash))
            row.ensurePolished()  # measured in the fonts the style sheet gives it in the list, not the default ones
            item = self.item(index)
            item.setSizeHint(QSize(0, row.sizeHint().height()))
            item.setData(Qt.ItemDataRole.AccessibleTextRole, f"{row.what.text()} · {row.badge.text()}")

    def _rows_high(self, rows: int) -> int:
        row = self.sizeHintForRow(0) if self.count() else 2 * self.fontMetrics().lineSpacing() + 3 * SPACE["sm"]
        return rows * (row + 2 * self.spacing()) + 2 * self.frameWidth()

    def sizeHint(self) -> QSize:
        return QSize(super().sizeHint().width(), self._rows_high(self.WANTED_ROWS))

    def minimumSizeHint(self) -> QSize:
        return QSize(super().minimumSizeHint().width(), self._rows_high(self.LEAST_ROWS))

    def sent_row(self, index: int) -> SentRow:
        widget = self.itemWidget(self.item(index))
        assert isinstance(widget, SentRow)
        return widget

    def _activated(self, item: QListWidgetItem) -> None:
        index = self.row(item)
        if 0 <= index < len(self.rows):
            self.chosen.emit(self.rows[index].hash, self.rows[index].chain_id)
