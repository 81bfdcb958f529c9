"""The transactions sent from this app, newest first, from the local store."""

from __future__ import annotations

from datetime import datetime

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableWidget, QTableWidgetItem, QWidget

from swapdesk.chains import by_id
from swapdesk.store import StoredTx
from swapdesk.units import to_human

COLUMNS = ("Time", "Chain", "What", "Status", "Hash")
STATUS_WORDS = {"signed": "signed, not yet sent", "sent": "pending", "confirmed": "confirmed",
                "failed": "failed", "dropped": "dropped"}  # fmt: skip


def describe(tx: StoredTx) -> str:
    """'Swap 250 USDT → 0.41 WBNB' or 'Approve 250 USDT', from what was recorded."""
    s = tx.summary
    if tx.kind == "approval":
        amount = int(s.get("amount", 0))
        decimals = s.get("decimals")
        shown = "unlimited" if amount >= 2**255 else to_human(amount, int(decimals)) if decimals is not None else amount
        return f"Approve {shown} {s.get('symbol', '')}".strip()
    amount_in = to_human(int(s["amountIn"]), int(s["decimalsIn"]), 8) if "amountIn" in s else "?"
    out = s.get("amountOut", s.get("quotedOut"))
    amount_out = to_human(int(out), int(s["decimalsOut"]), 8) if out is not None and "decimalsOut" in s else "?"
    return f"Swap {amount_in} {s.get('symbolIn', '')} → {amount_out} {s.get('symbolOut', '')}"


class SentList(QTableWidget):
    chosen = Signal(str, int)  # hash, chain id

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(0, len(COLUMNS), parent)
        self.setHorizontalHeaderLabels(COLUMNS)
        self.setAccessibleName("Transactions sent from this app")
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.verticalHeader().hide()
        header = self.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        self.rows: list[StoredTx] = []
        self.cellActivated.connect(self._activated)
        self.cellDoubleClicked.connect(self._activated)

    def show_rows(self, rows: list[StoredTx]) -> None:
        self.rows = rows
        self.setRowCount(len(rows))
        for row, tx in enumerate(rows):
            when = datetime.fromtimestamp(tx.created_ms / 1000).strftime("%Y-%m-%d %H:%M:%S")
            status = STATUS_WORDS[tx.status] + (f": {tx.error}" if tx.error else "")
            for column, text in enumerate((when, by_id(tx.chain_id).name, describe(tx), status, tx.hash)):
                self.setItem(row, column, QTableWidgetItem(text))

    def _activated(self, row: int, _column: int) -> None:
        if 0 <= row < len(self.rows):
            self.chosen.emit(self.rows[row].hash, self.rows[row].chain_id)
