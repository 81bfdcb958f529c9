"""Lists of transaction hashes as support staff get them, and their lookups' results as CSV.

In: text pasted from anywhere (hashes separated by anything; a chain's flag or name on a hash's line goes with it;
a number there is a list's, not a chain id), or a CSV file with a header naming a hash column (`hash`, `tx`,
`txhash`, `transaction`...) and perhaps a chain column (`chain`, `chain_id`, `network`: flag, name or id) — the
app's own History export is one. A hash given twice is looked up once (on each chain given for it); more than
`MAX_HASHES` are refused as soon as they are counted. Only the lines that hold 64 hex digits in a row are read
word by word (16 MiB of words take tens of milliseconds, not 40 s); a CSV that cannot be read (a cell past the
csv module's limit) is said in words (`Unreadable`), never a traceback. Out: one row per hash, amounts in
smallest units, whatever each transaction is, no cell a spreadsheet would evaluate (`csv_cells`).
"""

from __future__ import annotations

import csv
import io
import re
import string
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Protocol

from swapdesk.api import TxInfo
from swapdesk.chains import CHAINS, Chain
from swapdesk.csv_cells import csv_text
from swapdesk.lookup import Found
from swapdesk.units import to_human
from swapdesk.words import QT_TR_NOOP, Worded

NATIVE = "0x0000000000000000000000000000000000000000"
MAX_HASHES = 5_000  # one paste or file
MAX_HEADER = 4096  # characters of a CSV's first line: a longer one is no header of a hash list
REPORT_EVERY = 256 * 1024  # characters read between two reports of progress
REPORT_ROWS = 4096  # a CSV's rows read between two reports
MARK_PIECE = 1024 * 1024  # characters mapped at once: the window's thread gets its turn between two pieces
Progress = Callable[[float], None]  # how much of the text is read, 0 to 1
Amount = Callable[[int, int], str]  # smallest units and decimals -> the amount in words
HASH = re.compile(r"\b(?:0x)?[0-9a-fA-F]{64}\b")
WORDS = re.compile(r"[^0-9A-Za-z-]+")  # what separates the words of a line
LINE_END = re.compile(r"[\r\n]")
HASH_COLUMNS = ("hash", "tx", "txhash", "tx_hash", "transaction", "transaction_hash", "txid", "sourcehash")
CHAIN_COLUMNS = ("chain", "chain_id", "chainid", "network", "chain_flag")
COLUMNS = (
    "hash", "chain", "kind", "status", "statusNotes", "failure", "fromAddress", "toAddress", "fromToken", "toToken",
    "amountIn", "amountOut", "amountOutMin", "fromDecimals", "toDecimals", "dexs", "token", "symbol", "amount",
    "spender", "spenderName", "recipient", "contractName", "methodName", "networkFee", "block", "time_utc", "error",
)  # fmt: skip


class ListRefused(Worded):
    """A list that cannot be read, in words: the command line says them, the window in its language."""


class TooMany(ListRefused):
    pass


class Unreadable(ListRefused):
    pass


def read_hashes(text: str, progress: Progress | None = None) -> list[tuple[str, Chain | None]]:
    """Every hash in `text` (a CSV with a header, or anything else), once, in order, with its chain when given.
    `progress` hears now and then how much of the text is read (0 to 1); it may raise to stop the reading."""
    marked = _marked(text)
    if HEX_RUN not in marked:
        return []  # no hash anywhere: nothing more to read
    found = _from_csv(text, progress)
    if found is None:
        found = _from_text(text, marked, progress)
    out: list[tuple[str, Chain | None]] = []
    at: dict[str, list[int]] = {}  # a hash's rows by its digits: once per chain, a chain given later filled in
    for shown, chain in found:
        key = shown.lower().removeprefix("0x")
        rows = at.setdefault(key, [])
        if any(out[n][1] is chain or chain is None for n in rows):  # a chain is one of CHAINS
            continue
        blank = next((n for n in rows if out[n][1] is None), None)
        if blank is not None:
            out[blank] = (out[blank][0], chain)
            continue
        rows.append(len(out))
        out.append((shown, chain))
        if len(out) > MAX_HASHES:  # said at once: the rest of the text is not read
            raise TooMany(QT_TR_NOOP("more than {most} hashes: at most {most} at once"), most=MAX_HASHES)
    return out


def _from_text(text: str, marked: bytes, progress: Progress | None) -> Iterator[tuple[str, Chain | None]]:
    """Each hash of each line with the chain a word of its line names. Only the lines that hold a run of 64 hex
    digits are read word by word, found in a map of the text made by C in one pass (`_marked`): 16 MiB of words
    cost a few tens of milliseconds, where reading every line and the regular expression took seconds."""
    pos = reported = 0
    while (run := marked.find(HEX_RUN, pos)) >= 0:
        start = marked.rfind(b"\n", pos, run) + 1  # pos is 0 or the break that ends the last line read
        end = marked.find(b"\n", run)
        end = len(text) if end < 0 else end
        line, pos = text[start:end], end
        hashes = HASH.findall(line)
        if hashes:
            words = WORDS.split(line)  # the hashes among them name no chain
            named = (word for word in words if word and not word.isdigit())  # "1. 0xab…": a list's number, no chain
            chain = next((c for word in named if (c := _chain(word)) is not None), None)
            yield from ((h, chain) for h in hashes)
        if progress is not None and end - reported > REPORT_EVERY:
            progress(end / len(text))
            reported = end


def _marked(text: str) -> bytes:
    """A byte per character of `text`: `h` for a hex digit, a newline where `str.splitlines` breaks a line, `.`
    for anything else (every character outside Latin-1 is one `?` first, so positions stay the same)."""
    return b"".join(_marked_piece(text[at : at + MARK_PIECE]) for at in range(0, len(text), MARK_PIECE))


def _marked_piece(text: str) -> bytes:
    return text.replace("\u2028", "\n").replace("\u2029", "\n").encode("latin-1", "replace").translate(_MARKS)


_MARKS = bytes(
    ord("h") if chr(b) in string.hexdigits else ord("\n") if chr(b) in "\n\r\v\f\x1c\x1d\x1e\x85" else ord(".")
    for b in range(256)
)
HEX_RUN = b"h" * 64


def _from_csv(text: str, progress: Progress | None) -> Iterator[tuple[str, Chain | None]] | None:
    """None when the text is not a CSV whose header names a hash column."""
    text = text.lstrip("\ufeff")
    first = LINE_END.split(text[:MAX_HEADER], maxsplit=1)[0]
    if len(first) == MAX_HEADER or ("," not in first and "\t" not in first and ";" not in first):
        return None
    try:
        dialect = csv.Sniffer().sniff(first, delimiters=",;\t")
    except csv.Error:
        return None
    rows = csv.reader(io.StringIO(text, newline=None), dialect)  # a carriage return alone ends a line too
    try:
        header = [cell.strip().lower() for cell in next(rows, [])]
    except csv.Error:
        return None  # a header's quote that never closes: not a header, read as text
    at = next((header.index(c) for c in HASH_COLUMNS if c in header), None)
    if at is None:
        return None
    where = next((header.index(c) for c in CHAIN_COLUMNS if c in header), None)
    return _csv_rows(rows, at, where, text.count("\n") + 1, progress)


class CsvRows(Protocol):
    """What `csv.reader` gives: the rows, and how many lines they took so far."""

    @property
    def line_num(self) -> int: ...
    def __iter__(self) -> Iterator[list[str]]: ...


def _csv_rows(
    rows: CsvRows, at: int, where: int | None, lines: int, progress: Progress | None
) -> Iterator[tuple[str, Chain | None]]:
    try:
        for n, row in enumerate(rows):
            if at < len(row) and HASH.fullmatch(row[at].strip()):
                chain = _chain(row[where].strip()) if where is not None and where < len(row) else None
                yield row[at].strip(), chain
            if progress is not None and n % REPORT_ROWS == 0:
                progress(min(1.0, rows.line_num / lines))
    except csv.Error as exc:
        line = rows.line_num
        if "field larger than field limit" in str(exc):
            raise Unreadable(
                QT_TR_NOOP("line {line} of the CSV has a cell longer than {limit} characters, the most one may hold"),
                line=f"{line:,}",
                limit=f"{csv.field_size_limit():,}",
            ) from None
        unread = QT_TR_NOOP("line {line} of the CSV cannot be read: {why}")
        raise Unreadable(unread, line=f"{line:,}", why=exc) from None


SPELLINGS = {
    **{said.lower(): c for c in CHAINS for said in (c.name, c.name.split()[0])},  # "Arbitrum One", "Arbitrum"
    **{flag.lower(): c for c in CHAINS for flag in c.flags},
    **{str(c.id): c for c in CHAINS},
}


def _chain(word: str) -> Chain | None:
    """A chain by its flag or id ("bsc", "56"), or as people write it: its name, or its name's first word."""
    return SPELLINGS.get(word.strip().lower())


def results_csv(rows: list[Found]) -> str:
    """One line per lookup, in the order given; no cell a spreadsheet would evaluate (`csv_cells`)."""
    return csv_text(COLUMNS, [_result(found) for found in rows])


def _result(found: Found) -> Sequence[object]:
    info = found.info
    if info is None:
        return [found.hash, found.chain.flag if found.chain else ""] + [""] * (len(COLUMNS) - 3) + [found.error]
    d = info.details
    when = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(info.timestamp)) if info.timestamp else ""
    failure = d.failure if d is not None and d.failure else info.failure
    return [
        info.hash, info.chain, info.kind, info.status, d.statusNotes if d else info.statusNotes,
        failure.words if failure else "", d.fromAddress if d else info.fromAddress, d.toAddress if d else
        info.toAddress, d.fromToken if d else "", d.toToken if d else "", d.amountIn if d else "", d.amountOut if
        d else "", d.amountOutMin if d else "", d.fromDecimals if d else "", d.toDecimals if d else "",
        " ".join(x.dex for x in d.dexs) if d else "", info.token, info.symbol, info.amount if info.token else "",
        info.spender, info.spenderName, info.recipient, info.contractName, info.methodName, info.networkFee,
        info.block, when, "",
    ]  # fmt: skip


def summary(info: TxInfo, known: dict[str, str] | None = None, write: Amount = to_human) -> str:
    """One line: what the transaction is, amounts as a person reads them, tokens by symbol where the transaction
    or `known` (symbols by lower-case address: a chain's token list) says it, else by address. `write` writes an
    amount (smallest units, decimals): exact by default (the CSV's), rounded for a table a person reads."""
    d = info.details
    if d is not None:
        symbols = (known or {}) | {f.token.lower(): f.symbol for f in info.flows if f.symbol}

        def named(token: str, chain: str) -> str:
            native = _chain(chain)
            if token == NATIVE and native is not None:
                return native.native_symbol
            return symbols.get(token.lower(), token)

        kind = "cross-chain transfer" if d.fromChain != d.toChain else "swap"
        sold = f"{write(int(d.amountIn), d.fromDecimals)} {named(d.fromToken, d.fromChain)}"
        got = "" if "amountOut" in (d.unknown or []) or d.status != "Success" else (
            f" for {write(int(d.amountOut), d.toDecimals)} {named(d.toToken, d.toChain)}")  # fmt: skip
        dexs = f" ({', '.join(x.dex for x in d.dexs)})" if d.dexs else ""
        return f"{kind} of {sold}{got or f' for {named(d.toToken, d.toChain)}'}{dexs}"
    if info.kind == "approval":
        amount = "unlimited" if info.unlimited else write(int(info.amount), info.decimals)
        return f"approval of {amount} {info.symbol or info.token} to {info.spenderName or info.spender}"
    if info.kind == "transfer":
        return f"transfer of {write(int(info.amount), info.decimals)} {info.symbol or info.token} to {info.recipient}"
    if info.kind == "bridge" and info.bridge is not None:
        return f"deposit into {info.bridge.bridge} of {info.bridge.amount} of {info.bridge.token}"
    if info.kind in ("payment", "wrap", "unwrap"):
        coin = _chain(info.chain)
        value = f" of {write(int(info.value), coin.native_decimals)} {coin.native_symbol}" if coin else ""
        return f"{info.kind}{value if int(info.value or 0) else ''}"
    if info.kind == "call":
        method = info.methodName.split("(")[0] if info.methodName else info.method
        return f"call{f' {method}' if method else ''}{f' on {info.contractName}' if info.contractName else ''}"
    return info.kind
