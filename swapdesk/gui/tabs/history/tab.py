"""The History tab: paste a transaction hash, see what happened, in plain words.

For support staff: the record as a readable card (`card.TxCard`), with tokens by symbol, human
amounts, addresses with copy buttons, local time with its zone, channel and sources; a cross-chain order
with its timeline. A transaction that is not a swap (an approval the app sent, a transfer) is described
as what it is, through the transaction extension. Every lookup shows what it is doing and can be
cancelled; "Detect chain" asks the app's own records first (what it sent, it knows where), then every chain at
once, a few at a time (TRON first for an id written as TRON writes it: 64 hex digits, no 0x), the first that
knows the hash answering (`lookup.look_up`); it says how many it has asked. A new lookup clears the old card at
once. Many hashes at once (pasted here, or into "Many hashes…", or a CSV opened there) read as a table of
results, exported as CSV (`many.ManyLookups`).
Below: the transactions sent from this app (the local store), newest first, with their status in the
same words as the card (the legend says which word means what), and an export to CSV. A cross-chain
deposit is listed with its order's normalised status (Pending until the bridge pays out or refunds).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSizePolicy,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from swapdesk.api import ApiError, ChainRequest, SwapService, TokenInfo, TxDetails
from swapdesk.chains import CHAINS, Chain, by_id
from swapdesk.gui import csv_export, error_words
from swapdesk.gui.activity import Activity
from swapdesk.gui.design.badge import StatusLegend
from swapdesk.gui.design.card import CardScroll
from swapdesk.gui.design.empty_state import EmptyState
from swapdesk.gui.design.progress import Progress
from swapdesk.gui.design.tokens import SPACE
from swapdesk.gui.i18n import QT_TR_NOOP, say, tr
from swapdesk.gui.links import Links
from swapdesk.gui.logos import chain_icon
from swapdesk.gui.tabs.history.card import TxCard
from swapdesk.gui.tabs.history.many import ManyLookups, chain_named
from swapdesk.gui.tasks import Latest
from swapdesk.gui.user_folder import suggested
from swapdesk.gui.widgets.error_label import error_label, note_label
from swapdesk.gui.widgets.sent_list import SentList
from swapdesk.hash_lists import HASH, ListRefused, read_hashes
from swapdesk.lookup import look_up
from swapdesk.off_loop import off_loop
from swapdesk.store import TxStore

DETECT = 0

NOWHERE = QT_TR_NOOP("No chain knows that transaction hash.")  # `lookup.NOWHERE`, marked for lupdate


class HistoryTab(QWidget):
    details_shown = Signal(object)  # TxDetails
    transaction_shown = Signal(object)  # TxInfo: a transaction that is not a swap
    lookup_failed = Signal(str)
    lookup_cancelled = Signal()
    trying = Signal(str)  # the name of each chain a lookup asks, as it asks it
    sent_listed = Signal(int)  # how many sent transactions the list shows

    def __init__(
        self,
        service: SwapService,
        store: TxStore | None = None,
        activity: Activity | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.service = service
        self.store = store
        self.links = Links()
        self._lookup = Latest(self._unexpected)
        self._listing = Latest(self._unexpected)
        self._symbols: dict[int, dict[str, TokenInfo]] = {}

        self.hash = QLineEdit(placeholderText=tr("Paste a transaction hash (0x…, or a TRON transaction id)"))
        self.hash.setAccessibleName(tr("Transaction hash"))
        self.chain_box = QComboBox()
        self.chain_box.setAccessibleName(tr("Chain of the transaction"))
        self.chain_box.addItem(tr("Detect chain"), DETECT)
        for chain in CHAINS:
            self.chain_box.addItem(chain_icon(chain.flag), chain.name, chain.id)
        self.look_up = QPushButton(tr("Look up"))
        self.many_button = QPushButton(tr("Many hashes…"))
        self.many_button.setCheckable(True)
        self.many_button.setToolTip(tr("Look up a list of hashes (pasted, or a CSV) and read a table of results"))
        self.progress = Progress(activity)
        self.error = error_label()
        self.note = note_label()
        self.note.hide()
        row = QHBoxLayout()
        row.addWidget(self.hash, 1)
        row.addWidget(self.chain_box)
        row.addWidget(self.look_up)
        row.addWidget(self.many_button)

        self.card = TxCard()
        self.card.hide()
        self.sent = SentList()
        self.nothing_sent = EmptyState(  # what to do, instead of empty boxes (`acted`: the window goes to Quote)
            "⇄",
            tr("Nothing sent yet"),
            tr("What you send from swapdesk is listed here. To read another transaction, paste its hash above."),
            tr("Make a swap"),
        )
        self.sent_view = QStackedWidget()  # the list, or a line saying it is empty: never an empty table
        self.sent_view.addWidget(self.nothing_sent)
        self.sent_view.addWidget(self.sent)
        self.sent_view.currentChanged.connect(self._sent_view_fits)  # as tall as the page it shows, not the tallest
        self._sent_view_fits()
        self.export_button = QPushButton(tr("Export CSV…"))
        self.export_button.setToolTip(tr("Every transaction sent from this app, amounts in smallest units"))
        self.legend = StatusLegend()
        sent_header = QHBoxLayout()
        sent_header.addWidget(QLabel(tr("<b>Sent from this app</b> (double-click one to look it up)")), 1)
        sent_header.addWidget(self.export_button)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(*[SPACE["sm"]] * 4)  # the scale's step, as the other tabs: room for the card
        layout.addLayout(row)
        for widget in (self.progress, self.error, self.note):
            layout.addWidget(widget)
        self.card_view = CardScroll(self.card)  # a long cross-chain timeline scrolls, never grows the window
        layout.addWidget(self.card_view)
        self.many = ManyLookups(lambda: self.service, self._recorded, activity)
        self.many.hide()
        layout.addWidget(self.many, 3)
        layout.addLayout(sent_header)
        layout.addWidget(self.sent_view, 1)
        layout.addWidget(self.legend)

        self.look_up.clicked.connect(self.start_lookup)
        self.hash.returnPressed.connect(self.start_lookup)
        self._shown_length = 0
        self.hash.textEdited.connect(self._edited)
        self.sent.chosen.connect(self.look_up_hash)
        self.card.look_up.connect(self.look_up_hash)
        self.export_button.clicked.connect(self._ask_export)
        self.many_button.toggled.connect(self._show_many)
        self.many.chosen.connect(self.look_up_hash)

    def look_up_hash(self, tx_hash: str, chain_id: int) -> None:
        """Show one transaction (from the list, a card, a finished swap, a row of many)."""
        self.many_button.setChecked(False)
        self.hash.setText(tx_hash)
        self._shown_length = len(tx_hash)
        self.chain_box.setCurrentIndex(max(0, self.chain_box.findData(chain_id)))
        self.start_lookup()

    def _sent_view_fits(self) -> None:
        """The page hidden asks for no height: beside a transaction looked up, the list keeps its two rows and
        leaves the rest to the transaction (the empty state, hidden, asked for more)."""
        shown = self.sent_view.currentWidget()
        for index in range(self.sent_view.count()):
            page = self.sent_view.widget(index)
            if page is None:
                continue
            vertical = QSizePolicy.Policy.Preferred if page is shown else QSizePolicy.Policy.Ignored
            page.setSizePolicy(page.sizePolicy().horizontalPolicy(), vertical)
        self.sent_view.updateGeometry()

    def refresh_sent(self) -> None:
        if self.store is not None:
            self._listing.run(self._list_sent(self.store))

    async def _list_sent(self, store: TxStore) -> None:
        rows = await off_loop(store.all)
        orders = {order.hash: order for order in await off_loop(store.orders)}
        self.sent.show_rows(rows, orders)
        self.sent_view.setCurrentWidget(self.sent if rows else self.nothing_sent)
        self.export_button.setEnabled(bool(rows))
        self.sent_listed.emit(len(rows))

    def _ask_export(self) -> None:
        path, _ = QFileDialog.getSaveFileName(
            self, tr("Export transactions"), suggested(tr("swapdesk-transactions.csv")), tr("CSV (*.csv)")
        )
        if path:
            self.export_csv(Path(path))

    def export_csv(self, path: Path) -> None:
        """Written with human amounts and the window's status words (`csv_export`), and said when done."""
        if self.store is not None:
            self.note.setText(csv_export.write(self.store, path))
            self.note.show()

    # -- looking up -------------------------------------------------------------------------

    def _show_many(self, shown: bool) -> None:
        self.many.setVisible(shown)
        self.card_view.setVisible(not shown)

    async def _recorded(self, tx_hash: str) -> int | None:
        """The chain the app sent `tx_hash` on, from its own store; None where it did not send it."""
        if self.store is None:
            return None
        row = await off_loop(self.store.get, tx_hash)
        return row.chain_id if row is not None else None

    def _edited(self, text: str) -> None:
        """Pasted (more than a key's worth at once) and no hash in it: said at once, never ignored."""
        pasted = len(text) - self._shown_length > 1
        self._shown_length = len(text)
        if pasted and text.strip() and not HASH.search(text):
            self._fail(no_hash(text))
        elif self.error.isVisible() and not text.strip():
            self.error.hide()

    def start_lookup(self) -> None:
        """A new lookup: the old card and message go at once, and the progress says what is tried. Text with more
        than one hash goes to the table of many; text with none is said to hold none."""
        text, chain_id = self.hash.text().strip(), self.chain_box.currentData()
        if text and not HASH.search(text):
            self.many_button.setChecked(False)
            self._fail(no_hash(text))
            return
        try:
            many = len(read_hashes(text)) > 1
        except ListRefused:  # said by the table of many
            many = True
        if many:
            self.many.text.setPlainText(text)
            self.many_button.setChecked(True)
            self.many.look_up_all()
            return
        self.many_button.setChecked(False)
        self.error.hide()
        self.note.hide()
        self.card.clear()
        ticket = self.progress.start(tr("Looking up the transaction…"), cancel=self.cancel_lookup)
        self.look_up.setEnabled(False)
        self._lookup.run(self._look_up(text, chain_id, ticket))

    def cancel_lookup(self) -> None:
        self._lookup.cancel()
        self.look_up.setEnabled(True)
        self.note.setText(tr("Lookup cancelled."))
        self.note.show()
        self.lookup_cancelled.emit()

    async def _look_up(self, text: str, chain_id: int, ticket: int) -> None:
        asked: list[str] = []
        mine: list[int] = []  # the chain the app's records give the hash

        async def recorded(tx_hash: str) -> int | None:
            found = await self._recorded(tx_hash)
            mine.extend([found] if found is not None else [])
            return found

        def trying(chain: Chain) -> None:
            asked.append(chain.name)
            if chain_id != DETECT:
                self.progress.say(tr("Looking up on {chain}…").format(chain=chain.name))
            elif len(asked) == 1 and mine == [chain.id]:
                self.progress.say(tr("Sent from this app: looking up on {chain}…").format(chain=chain.name))
            else:
                self.progress.say(tr("Detecting the chain: asking every chain at once ({asked} of {all} "
                                  "asked, latest {chain})…").format(
                                      asked=len(asked), all=len(CHAINS), chain=chain.name))  # fmt: skip
            self.trying.emit(chain.name)

        chain = by_id(chain_id) if chain_id != DETECT else None
        try:
            found = await look_up(self.service, text, chain, recorded, trying)
            if found.info is None or found.chain is None:
                self._fail(say(found.said) if found.said is not None else found.error)
            elif found.info.details is not None:
                await self._show(found.info.details, found.chain)
            else:
                self.card.links = self.links
                self.card.show_info(found.info, found.chain)
                self.transaction_shown.emit(found.info)
        except ApiError as error:  # on the chain asked: said with its name ("on Fantom"), not its flag
            named = chain_named(error.said, chain) if error.said is not None and chain is not None else None
            self._fail(say(named) if named is not None else error_words.said(error))
        finally:
            if self.progress.stop(ticket):  # not when a newer lookup already took over
                self.look_up.setEnabled(True)

    def _fail(self, message: str) -> None:
        self.error.setText(message)
        self.error.show()
        self.card.clear()
        self.lookup_failed.emit(message)

    def _unexpected(self, error: BaseException) -> None:
        self._fail(
            tr("Something went wrong inside swapdesk ({error}); see the log.").format(error=type(error).__name__)
        )

    async def _token(self, chain: Chain, address: str) -> TokenInfo | None:
        if chain.id not in self._symbols:
            try:
                tokens = await self.service.tokens(ChainRequest(chain))
            except ApiError:
                tokens = []
            self._symbols[chain.id] = {t.address.lower(): t for t in tokens}
        return self._symbols[chain.id].get(address.lower())

    async def _show(self, record: TxDetails, chain: Chain) -> None:
        self.progress.say(tr("Naming the tokens…"))
        target = next((c for c in CHAINS if record.toChain in c.flags), chain)  # a cross-chain order pays out there
        sold, bought = await self._token(chain, record.fromToken), await self._token(target, record.toToken)
        self.card.links = self.links
        self.card.show_details(
            record, chain, sold.symbol if sold else record.fromToken, bought.symbol if bought else record.toToken
        )
        self.details_shown.emit(record)

    def shutdown(self) -> None:
        self.many.shutdown()
        self._lookup.close()
        self._listing.close()
        self.progress.stop()


def no_hash(text: str) -> str:
    """Words for text that holds no transaction hash, quoting what was given (cut when long)."""
    shown = text.strip() if len(text.strip()) <= 40 else text.strip()[:40] + "…"
    return tr("“{text}” is not a transaction hash: a hash is 64 hexadecimal digits (0x and 64 on EVM chains, the 64"
              " alone on TRON).").format(text=shown)  # fmt: skip
