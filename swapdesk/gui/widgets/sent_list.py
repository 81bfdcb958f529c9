"""The transactions sent from this app, newest first, from the local store, with their status badges.

A bridge deposit's status is its cross-chain order's (normalised: Pending until the bridge pays out or
refunds), not only its own transaction's: "Success" for a deposit means the transfer arrived.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableWidget, QTableWidgetItem, QWidget

from swapdesk.chains import UnknownChain, by_id, resolve
from swapdesk.gui import formatting, status
from swapdesk.gui.i18n import QT_TR_NOOP, tr
from swapdesk.gui.widgets.status_badge import StatusBadge
from swapdesk.store import StoredOrder, StoredTx

COLUMNS = (QT_TR_NOOP("Time"), QT_TR_NOOP("Chain"), QT_TR_NOOP("What"), QT_TR_NOOP("Status"), QT_TR_NOOP("Hash"))
UNLIMITED = 2**255


def describe(tx: StoredTx) -> str:
    """'Swap 250 USDT → 0.41 WBNB' or 'Approve 250 USDT', from what was recorded."""
    s = tx.summary
    if tx.kind == "bridge":
        sent = _amount(s, "amountIn", "decimalsIn", "symbolIn")
        return tr("Bridge {amount}, {chain} → {to_chain} ({bridge})").format(
            amount=sent, chain=_chain_name(s, "chain"), to_chain=_chain_name(s, "toChain"), bridge=s.get("bridge", "?")
        )
    if tx.kind == "refund":
        return tr("Refund withdrawal {amount} ({bridge})").format(
            amount=_amount(s, "amount", "decimals", "symbol"), bridge=s.get("bridge", "?")
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


class SentList(QTableWidget):
    chosen = Signal(str, int)  # hash, chain id

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(0, len(COLUMNS), parent)
        self.setHorizontalHeaderLabels([tr(c) for c in COLUMNS])
        self.setAccessibleName(tr("Transactions sent from this app"))
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.verticalHeader().hide()
        self.setShowGrid(False)  # a list of rows, not a spreadsheet's grid
        header = self.horizontalHeader()
        header.setDefaultAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        self.rows: list[StoredTx] = []
        self.cellActivated.connect(self._activated)
        self.cellDoubleClicked.connect(self._activated)

    def show_rows(self, rows: list[StoredTx], orders: dict[str, StoredOrder] | None = None) -> None:
        """`orders`: the cross-chain orders by their deposit's hash."""
        self.rows = rows
        self.setRowCount(len(rows))
        for row, tx in enumerate(rows):
            word, detail = badge(tx, (orders or {}).get(tx.hash))
            texts = (formatting.when_ms(tx.created_ms), by_id(tx.chain_id).name, describe(tx), word.word, tx.hash)
            for column, text in enumerate(texts):
                item = QTableWidgetItem(text)
                item.setToolTip(detail if column == 3 else text)
                self.setItem(row, column, item)
            cell = self.cellWidget(row, 3)
            if not isinstance(cell, StatusBadge):  # a row's badge is kept from one reading to the next
                cell = StatusBadge()
                self.setCellWidget(row, 3, cell)  # the item's word stays under it, for sorting and reading
            cell.set(word, detail)

    def _activated(self, row: int, _column: int) -> None:
        if 0 <= row < len(self.rows):
            self.chosen.emit(self.rows[row].hash, self.rows[row].chain_id)
