"""Many transactions at once, for support staff with a list: paste hashes (from a chat, a ticket, a spreadsheet;
a chain's name on a line goes with its hashes) or open a CSV with a hash column, and read a table of what each
is, as each lands. The lookups run a few at a time (`lookup.look_up_many`), each chain detected as one hash's
is (the app's own records first, then every chain at once); Cancel stops them all. `service` is asked for the
engine each time: the window may switch engines. A file is read, and any text's hashes found, off the window's
thread with their progress said (16 MiB of text stays a wait with a Cancel, not a frozen window); a file that is
not a regular file, or is larger than 16 MiB, or a CSV that cannot be read, is said in words. The results
export as CSV (amounts in smallest units, `hash_lists.COLUMNS`; no cell a spreadsheet would evaluate);
double-clicking a row shows that transaction's card.
"""

from __future__ import annotations

import asyncio
import copy
import threading
from collections.abc import Awaitable, Callable
from pathlib import Path

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from swapdesk.api import ApiError, ChainRequest, SwapService
from swapdesk.chains import Chain
from swapdesk.files import FileRefused, read_text, write_atomically
from swapdesk.gui import formatting, status
from swapdesk.gui.activity import Activity
from swapdesk.gui.design.badge import StatusBadge
from swapdesk.gui.design.progress import Progress
from swapdesk.gui.i18n import QT_TR_NOOP, say, tr
from swapdesk.gui.tasks import Latest
from swapdesk.gui.user_folder import suggested
from swapdesk.gui.widgets.error_label import error_label, note_label
from swapdesk.gui.widgets.hashes_field import HashesField
from swapdesk.hash_lists import ListRefused, read_hashes, results_csv, summary
from swapdesk.lookup import Found, look_up_many
from swapdesk.off_loop import off_loop
from swapdesk.words import Words

COLUMNS = (
    QT_TR_NOOP("Hash"),
    QT_TR_NOOP("Chain"),
    QT_TR_NOOP("Status"),
    QT_TR_NOOP("What it is"),
    QT_TR_NOOP("Why / notes"),
)
STATUS, SUMMARY = COLUMNS.index("Status"), COLUMNS.index("What it is")
MAX_FILE = 16 * 1024 * 1024  # bytes of a CSV opened here

Recorded = Callable[[str], Awaitable[int | None]]
Wanted = list[tuple[str, Chain | None]]


def chain_named(said: Words, chain: Chain) -> Words:
    """The engine's marked words with `chain` named rather than flagged ("on Fantom", not the API's "on FTM")."""
    if said.words.get("chain") != chain.flag:
        return said
    named = copy.copy(said)  # the same template, so the same translation
    named.words = said.words | {"chain": chain.name}
    return named


class Stopped(Exception):
    """The reading was cancelled: raised in the reading's thread at its next report of progress."""


class ManyLookups(QWidget):
    read_so_far = Signal(float)  # how much of a long text is read, 0 to 1, as its reading reports it
    started = Signal(int)  # the hashes read: this many lookups begin
    finished = Signal(int, int)  # found, not found
    refused = Signal(str)  # nothing to look up, in words
    cancelled = Signal()
    chosen = Signal(str, int)  # a result's hash and chain id, to show as a card

    def __init__(
        self, service: Callable[[], SwapService], recorded: Recorded | None = None, activity: Activity | None = None,
        parent: QWidget | None = None,
    ) -> None:  # fmt: skip
        super().__init__(parent)
        self.service, self.recorded = service, recorded
        self.rows: list[Found | None] = []
        self.reading = False  # a file or the hashes in a text being read, before any lookup
        self._symbols: dict[int, dict[str, str]] = {}  # each chain's token list: symbols by lower-case address
        self._work = Latest(self._unexpected)
        self.text = HashesField(
            tr(
                "Paste transaction hashes: one a line or any way, from anywhere (a chain's name on a line goes with"
                " its hashes); or open a CSV with a hash column."
            )
        )
        self.text.setAccessibleName(tr("Transaction hashes"))
        self.text.setMaximumHeight(90)
        self.open_button = QPushButton(tr("Open CSV…"))
        self.run_button = QPushButton(tr("Look up all"))
        self.export_button = QPushButton(tr("Export results…"))
        self.export_button.setToolTip(tr("The table as CSV: every field, amounts in smallest units"))
        self.export_button.setEnabled(False)
        self.progress = Progress(activity)
        self.error = error_label()
        self.count = note_label()
        self.count.setWordWrap(False)
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setHorizontalHeaderLabels([tr(c) for c in COLUMNS])
        self.table.setAccessibleName(tr("Transactions looked up"))
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.verticalHeader().hide()
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(True)
        for column, width in enumerate((190, 90, 80, 420)):
            self.table.setColumnWidth(column, width)

        buttons = QHBoxLayout()
        buttons.addWidget(self.open_button)
        buttons.addWidget(self.run_button)
        buttons.addStretch(1)
        buttons.addWidget(self.count)
        buttons.addWidget(self.export_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.text)
        layout.addLayout(buttons)
        layout.addWidget(self.progress)
        layout.addWidget(self.error)
        layout.addWidget(self.table, 1)

        self.run_button.clicked.connect(self.look_up_all)
        self.open_button.clicked.connect(self._ask_open)
        self.export_button.clicked.connect(self._ask_export)
        self.table.cellDoubleClicked.connect(self._activated)

    # -- in and out --------------------------------------------------------------------------

    def _ask_open(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self, tr("Open hashes"), suggested(), tr("CSV or text (*.csv *.txt *.tsv);;Any (*)")
        )
        if path:
            self.open_file(Path(path))

    def open_file(self, path: Path) -> None:
        """Look up every hash in a CSV (or any text file): its text is shown, as if pasted (kept aside when too
        long to show). Read off the window's thread: a file on a slow disk or share freezes nothing."""
        ticket = self._reading(tr("Reading {file}…").format(file=path.name))
        self._work.run(self._open(path, ticket))

    async def _open(self, path: Path, ticket: int) -> None:
        try:
            text = await off_loop(read_text, path, MAX_FILE)
        except FileRefused as refused:
            self._read_done(ticket)
            said = say(refused)  # a sentence that starts with the file's name keeps it as it is spelled
            self._refuse(said if said.startswith(path.name) else _sentence(said))
            return
        self.text.show_text(text, path.name)
        await self._look_up(text, ticket)

    def _ask_export(self) -> None:
        path, _ = QFileDialog.getSaveFileName(
            self, tr("Export results"), suggested(tr("swapdesk-lookups.csv")), tr("CSV (*.csv)")
        )
        if path:
            self.export(Path(path))

    def export(self, path: Path) -> None:
        write_atomically(path, results_csv([r for r in self.rows if r is not None]))

    # -- looking up --------------------------------------------------------------------------

    def look_up_all(self) -> None:
        """Look up every hash the field holds; its hashes are found off the window's thread."""
        ticket = self._reading(tr("Reading the hashes…"))
        self._work.run(self._look_up(self.text.text_to_read(), ticket))

    def _reading(self, words: str) -> int:
        """A file or a text is being read, from now: said at once, before its work first steps."""
        self.error.hide()
        self.reading = True
        self.run_button.setEnabled(False)
        return self.progress.start(words, cancel=self.cancel)

    def _read_done(self, ticket: int) -> None:
        if self.progress.stop(ticket):  # else newer work, started since, owns the progress and the button
            self.reading = False
            self.run_button.setEnabled(True)

    async def _look_up(self, text: str, ticket: int) -> None:
        try:
            wanted = await self._read(text)
        except ListRefused as refused:
            self._refuse(_sentence(say(refused)))
            wanted = None
        finally:
            self._read_done(ticket)
        if wanted is None:
            return
        if not wanted:
            self._refuse(tr("No transaction hash there: 64 hexadecimal digits, with or without 0x."))
            return
        self.rows = [None] * len(wanted)
        self.table.setRowCount(len(wanted))
        for row, (hash_text, chain) in enumerate(wanted):
            self._cells(row, (hash_text, chain.name if chain else "", "", tr("looking up…"), ""))
        self.export_button.setEnabled(False)
        self.run_button.setEnabled(False)
        self.count.setText("")
        ticket = self.progress.start(
            tr("Looking up {count} transactions…").format(count=len(wanted)), cancel=self.cancel
        )
        self.started.emit(len(wanted))
        await self._run(wanted, ticket)

    async def _read(self, text: str) -> Wanted:
        """The hashes in `text`, found on a thread of their own, the share read said as it goes; cancelling stops
        that thread at its next report."""
        loop = asyncio.get_event_loop()
        stop = threading.Event()

        def said(fraction: float) -> None:
            if not stop.is_set():
                self.progress.say(tr("Reading the hashes… {percent}%").format(percent=int(fraction * 100)))
                self.read_so_far.emit(fraction)

        def heard(fraction: float) -> None:  # on the reading's thread
            if stop.is_set():
                raise Stopped
            loop.call_soon_threadsafe(said, fraction)

        try:
            return await off_loop(read_hashes, text, heard)
        finally:
            stop.set()  # cancelled, or done: nothing more is said

    def cancel(self) -> None:
        self._work.cancel()
        self.run_button.setEnabled(True)
        self.export_button.setEnabled(any(self.rows))
        if self.reading:
            self.reading = False
            self.count.setText(tr("Cancelled before the hashes were all read."))
        else:
            self.count.setText(
                tr("Cancelled: {done} of {count} looked up.").format(
                    done=sum(1 for r in self.rows if r), count=len(self.rows)
                )
            )
        self.cancelled.emit()

    async def _run(self, wanted: list[tuple[str, Chain | None]], ticket: int) -> None:
        done = 0
        try:
            async for index, found in look_up_many(self.service(), wanted, self.recorded):
                self.rows[index] = found
                self._show(index, found, await self._known(found.chain) if found.info is not None else {})
                done += 1
                self.progress.say(tr("Looked up {done} of {count}…").format(done=done, count=len(wanted)))
        finally:
            if self.progress.stop(ticket):
                self.run_button.setEnabled(True)
        missing = sum(1 for r in self.rows if r is not None and r.info is None)
        self.count.setText(tr("{found} found, {missing} not found").format(found=done - missing, missing=missing))
        self.export_button.setEnabled(True)
        self.finished.emit(done - missing, missing)

    async def _known(self, chain: Chain | None) -> dict[str, str]:
        """The chain's listed tokens by address, to name a swap's tokens its transaction did not move (a failure)."""
        if chain is None:
            return {}
        if chain.id not in self._symbols:
            try:
                listed = await self.service().tokens(ChainRequest(chain))
            except ApiError:
                listed = []
            self._symbols[chain.id] = {t.address.lower(): t.symbol for t in listed}
        return self._symbols[chain.id]

    def _show(self, row: int, found: Found, known: dict[str, str]) -> None:
        info = found.info
        chain = found.chain.name if found.chain else ""  # the chain's name, never its API flag ("ETH")
        if info is None:
            said = found.said
            if said is not None and found.chain is not None:
                said = chain_named(said, found.chain)
            self._cells(row, (found.hash, chain, tr("Not found"), "", say(said) if said is not None else found.error))
            return
        record = info.details
        badge = status.from_spec(record.status if record else info.status, record.statusNotes if record else "")
        failure = (record.failure if record else None) or info.failure
        notes = failure.words if failure else (tr("from the app's records") if found.recorded else "")
        exact = summary(info, known)  # every digit, in the tooltip (and the CSV); the cell rounds as the window does
        self._cells(row, (info.hash, chain, badge.word, summary(info, known, formatting.amount), notes))
        item = self.table.item(row, SUMMARY)
        if item is not None:
            item.setToolTip(exact)
        cell = StatusBadge()  # the word's colour, as the card and the sent list show it; the item's word beneath
        cell.set(badge, record.statusNotes if record else info.statusNotes)
        self.table.setCellWidget(row, STATUS, cell)

    def _cells(self, row: int, texts: tuple[str, ...]) -> None:
        self.table.removeCellWidget(row, STATUS)
        for column, text in enumerate(texts):
            item = QTableWidgetItem(text)
            item.setToolTip(text)
            self.table.setItem(row, column, item)

    def _activated(self, row: int, _column: int) -> None:
        found = self.rows[row] if 0 <= row < len(self.rows) else None
        if found is not None and found.info is not None and found.chain is not None:
            self.chosen.emit(found.info.hash, found.chain.id)

    def _refuse(self, message: str) -> None:
        self.error.setText(message)
        self.error.show()
        self.refused.emit(message)

    def _unexpected(self, error: BaseException) -> None:
        self._refuse(
            tr("Something went wrong inside swapdesk ({error}); see the log.").format(error=type(error).__name__)
        )

    def shutdown(self) -> None:
        self._work.close()
        self.progress.stop()


def _sentence(words: str) -> str:
    """Words from below the window as a sentence of its own: its first letter a capital (the rest as it is)."""
    return words[:1].upper() + words[1:]
