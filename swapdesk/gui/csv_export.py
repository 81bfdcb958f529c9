"""History's CSV export, for a person and a spreadsheet alike: each amount written as a person reads it with its
symbol ("1,500 USDT") beside its exact figure in smallest units, the status in the window's own words (Success,
Pending, Failed, Dropped: `status.from_store`, never the store's "confirmed"), and a plain column per fact instead
of a JSON blob. `write` returns the sentence the window says once the file is written."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from swapdesk.chains import by_id
from swapdesk.csv_cells import csv_text
from swapdesk.files import write_atomically
from swapdesk.gui import formatting, status
from swapdesk.gui.i18n import tr
from swapdesk.gui.widgets.sent_list import network_words
from swapdesk.store import TxStore
from swapdesk.store.transactions import StoredTx

COLUMNS = (
    "time_utc", "chain", "network", "kind", "status", "sent", "sent_units", "received", "received_units", "to_chain",
    "bridge", "receiver", "spender", "hash", "sender", "nonce", "block", "error",
)  # fmt: skip
UNLIMITED_FROM = 2**255  # an approval this large is "unlimited"


def _units(summary: dict[str, Any], amount: str, decimals: str, symbol: str) -> tuple[str, str]:
    """(as a person reads it, with its symbol; in smallest units), or two blanks."""
    raw = summary.get(amount)
    if raw in (None, ""):
        return "", ""
    units = int(raw)
    if units >= UNLIMITED_FROM:
        return tr("unlimited {symbol}").format(symbol=summary.get(symbol, "")).strip(), str(units)
    places = summary.get(decimals)
    if places is None:
        return "", str(units)
    return formatting.amount(units, int(places), str(summary.get(symbol, ""))), str(units)


def _chain_name(chain_id: int) -> str:
    try:
        return by_id(chain_id).name
    except (KeyError, ValueError):
        return str(chain_id)


def row(tx: StoredTx) -> list[str]:
    s = tx.summary
    if tx.kind == "approval":
        sent, sent_units = _units(s, "amount", "decimals", "symbol")
    else:
        sent, sent_units = _units(s, "amountIn", "decimalsIn", "symbolIn")
    received, received_units = _units(s, "quotedOut", "decimalsOut", "symbolOut")
    when = time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(tx.created_ms / 1000))
    to_chain = _chain_name(int(s["toChainId"])) if s.get("toChainId") else ""
    network = network_words(tx) or tr("real")
    return [
        when, _chain_name(tx.chain_id), network, tx.kind, tr(status.from_store(tx.status).word), sent, sent_units,
        received, received_units, to_chain, str(s.get("bridge", "")), str(s.get("receiver", "")),
        str(s.get("spender", "")), tx.hash, tx.sender, "" if tx.nonce is None else str(tx.nonce),
        "" if tx.block is None else str(tx.block), tx.error or "",
    ]  # fmt: skip


def text(transactions: list[StoredTx]) -> str:
    """No cell a spreadsheet would evaluate (`csv_cells`): a revert reason or a symbol is a stranger's text."""
    return csv_text(COLUMNS, [row(tx) for tx in transactions])


def write(store: TxStore, path: Path) -> str:
    """Every transaction sent from this app, newest first, into `path`; what to say once done."""
    transactions = store.all()
    write_atomically(path, text(transactions))
    count = len(transactions)
    words = tr("Exported one transaction to {path}.") if count == 1 else tr("Exported {count} transactions to {path}.")
    return words.format(count=count, path=path)
