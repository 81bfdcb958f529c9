"""The History tab: paste a transaction hash, see what happened, in plain words.

For support staff: the details record as a readable card, with tokens by
symbol, human amounts, addresses with copy buttons and explorer links, local
time, channel and the sources used. "Detect" tries the chains in turn, TRON
first for an id written as TRON writes it (64 hex digits, no 0x).
Below it, the transactions sent from this app (the local store), newest
first, with their status, and an export to CSV.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from swapdesk.api import ApiError, ChainRequest, DetailsRequest, ErrorCode, SwapService, TokenInfo, TxDetails, parse
from swapdesk.blocking import off_loop
from swapdesk.chains import CHAINS, Chain, by_id
from swapdesk.files import write_atomically
from swapdesk.gui.icons import icon
from swapdesk.gui.tasks import Latest
from swapdesk.gui.widgets.copyable import CopyableField
from swapdesk.gui.widgets.error_label import error_label
from swapdesk.gui.widgets.sent_list import SentList
from swapdesk.icons import chain_icon
from swapdesk.store import TxStore
from swapdesk.units import to_human

DETECT = 0
STATUS_COLOURS = {"Success": "#15803d", "Failure": "#dc2626", "Receiving": "#ca8a04"}


def detection_order(text: str) -> list[Chain]:
    """The chains to try for a pasted hash: TRON first for an id without 0x, as TRON writes its ids."""
    tron_first = not text.lower().startswith("0x")
    return sorted(CHAINS, key=lambda chain: chain.tron != tron_first)


class HistoryTab(QWidget):
    details_shown = Signal(object)  # TxDetails
    lookup_failed = Signal(str)
    sent_listed = Signal(int)  # how many sent transactions the list shows

    def __init__(self, service: SwapService, store: TxStore | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.service = service
        self.store = store
        self._lookup = Latest(self._unexpected)
        self._listing = Latest(self._unexpected)
        self._symbols: dict[int, dict[str, TokenInfo]] = {}

        self.hash = QLineEdit(placeholderText="Paste a transaction hash (0x…, or a TRON transaction id)")
        self.hash.setAccessibleName("Transaction hash")
        self.chain_box = QComboBox()
        self.chain_box.addItem("Detect chain", DETECT)
        for chain in CHAINS:
            self.chain_box.addItem(icon(chain_icon(chain.flag)), chain.name, chain.id)
        self.look_up = QPushButton("Look up")
        self.error = error_label()
        row = QHBoxLayout()
        row.addWidget(self.hash, 1)
        row.addWidget(self.chain_box)
        row.addWidget(self.look_up)

        self.card = QGroupBox("Transaction")
        form = QFormLayout(self.card)
        self.status = QLabel()
        self.sold, self.bought, self.minimum = QLabel(), QLabel(), QLabel()
        self.from_address, self.to_address = CopyableField("Paying address"), CopyableField("Receiving address")
        self.source_hash = CopyableField("Transaction hash")
        self.where, self.when, self.channel, self.dexs = QLabel(), QLabel(), QLabel(), QLabel()
        for label, widget in (
            ("Status", self.status), ("Sold", self.sold), ("Bought", self.bought), ("Minimum", self.minimum),
            ("From", self.from_address), ("To", self.to_address), ("Chain", self.where), ("Time", self.when),
            ("Channel", self.channel), ("Sources", self.dexs), ("Hash", self.source_hash),
        ):  # fmt: skip
            form.addRow(label, widget)
        self.card.hide()

        self.sent = SentList()
        self.export_button = QPushButton("Export CSV…")
        self.export_button.setToolTip("Every transaction sent from this app, amounts in smallest units")
        sent_header = QHBoxLayout()
        sent_header.addWidget(QLabel("<b>Sent from this app</b> (double-click to look one up)"), 1)
        sent_header.addWidget(self.export_button)

        layout = QVBoxLayout(self)
        layout.addLayout(row)
        layout.addWidget(self.error)
        layout.addWidget(self.card)
        layout.addLayout(sent_header)
        layout.addWidget(self.sent, 1)

        self.look_up.clicked.connect(self.start_lookup)
        self.hash.returnPressed.connect(self.start_lookup)
        self.sent.chosen.connect(self.look_up_hash)
        self.export_button.clicked.connect(self._ask_export)

    def look_up_hash(self, tx_hash: str, chain_id: int) -> None:
        """Show one transaction's details (from the list, or from a finished swap)."""
        self.hash.setText(tx_hash)
        self.chain_box.setCurrentIndex(max(0, self.chain_box.findData(chain_id)))
        self.start_lookup()

    def refresh_sent(self) -> None:
        if self.store is not None:
            self._listing.run(self._list_sent(self.store))

    async def _list_sent(self, store: TxStore) -> None:
        rows = await off_loop(store.all)
        self.sent.show_rows(rows)
        self.sent_listed.emit(len(rows))

    def _ask_export(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, "Export transactions", "swapdesk-transactions.csv", "CSV (*.csv)")
        if path:
            self.export_csv(Path(path))

    def export_csv(self, path: Path) -> None:
        if self.store is not None:
            write_atomically(path, self.store.export_csv())

    def start_lookup(self) -> None:
        self.error.hide()
        self._lookup.run(self._look_up(self.hash.text().strip(), self.chain_box.currentData()))

    async def _look_up(self, text: str, chain_id: int) -> None:
        chains = [by_id(chain_id)] if chain_id != DETECT else detection_order(text)
        last: ApiError | None = None
        for chain in chains:
            try:
                request = parse(DetailsRequest, [("hash", text), ("chain", chain.flag)])
                record = await self.service.details(request)
            except ApiError as error:
                last = error
                if error.code in (ErrorCode.TRANSACTION_NOT_FOUND, ErrorCode.CHAIN_UNAVAILABLE) and len(chains) > 1:
                    continue
                break
            await self._show(record, chain)
            return
        message = last.message if last else "nothing found"
        if chain_id == DETECT and last is not None and last.code is ErrorCode.TRANSACTION_NOT_FOUND:
            message = "No chain knows that transaction hash."
        self.error.setText(message)
        self.error.show()
        self.card.hide()
        self.lookup_failed.emit(message)

    def _unexpected(self, error: BaseException) -> None:
        message = f"Something went wrong inside swapdesk ({type(error).__name__}); see the log."
        self.error.setText(message)
        self.error.show()
        self.lookup_failed.emit(message)

    async def _token(self, chain: Chain, address: str) -> TokenInfo | None:
        if chain.id not in self._symbols:
            try:
                tokens = await self.service.tokens(ChainRequest(chain))
            except ApiError:
                tokens = []
            self._symbols[chain.id] = {t.address.lower(): t for t in tokens}
        return self._symbols[chain.id].get(address.lower())

    async def _show(self, record: TxDetails, chain: Chain) -> None:
        sold, bought = await self._token(chain, record.fromToken), await self._token(chain, record.toToken)
        sold_name = sold.symbol if sold else record.fromToken
        bought_name = bought.symbol if bought else record.toToken
        colour = STATUS_COLOURS.get(record.status, "black")
        notes = f" — {record.statusNotes}" if record.statusNotes and record.statusNotes != record.status else ""
        self.status.setText(f'<b style="color:{colour}">{record.status}</b>{notes}')
        self.sold.setText(f"{to_human(int(record.amountIn), record.fromDecimals)} {sold_name}")
        self.bought.setText(f"{to_human(int(record.amountOut), record.toDecimals)} {bought_name}")
        self.minimum.setText(f"{to_human(int(record.amountOutMin), record.toDecimals)} {bought_name}")
        self.from_address.set(record.fromAddress, chain.explorer_url("address", record.fromAddress))
        self.to_address.set(record.toAddress, chain.explorer_url("address", record.toAddress))
        self.source_hash.set(record.sourceHash, chain.explorer_url("tx", record.sourceHash))
        self.where.setText(
            chain.name if record.fromChain == record.toChain else f"{record.fromChain} → {record.toChain}"
        )
        self.when.setText(datetime.fromtimestamp(record.timestamp).strftime("%Y-%m-%d %H:%M:%S (local time)"))
        self.channel.setText(record.channel)
        self.dexs.setText(", ".join(d.dex for d in record.dexs))
        self.card.show()
        self.details_shown.emit(record)

    def shutdown(self) -> None:
        self._lookup.close()
        self._listing.close()
