"""Lists of transaction hashes as support staff get them, and their lookups' results as CSV.

In: text pasted from anywhere (hashes separated by anything; a chain's flag, name or id on a hash's line goes with
it), or a CSV file with a header naming a hash column (`hash`, `tx`, `txhash`, `transaction`...) and perhaps a chain
column (`chain`, `chain_id`, `network`) — the app's own History export is one. Out: one row per hash, amounts in
smallest units, whatever each transaction is.
"""

from __future__ import annotations

import csv
import io
import re
import time

from swapdesk.chains import Chain, UnknownChain, resolve
from swapdesk.lookup import Found

MAX_HASHES = 5_000  # one paste or file
HASH = re.compile(r"\b(?:0x)?[0-9a-fA-F]{64}\b")
HASH_COLUMNS = ("hash", "tx", "txhash", "tx_hash", "transaction", "transaction_hash", "txid", "sourcehash")
CHAIN_COLUMNS = ("chain", "chain_id", "chainid", "network", "chain_flag")
COLUMNS = (
    "hash", "chain", "kind", "status", "statusNotes", "failure", "fromAddress", "toAddress", "fromToken", "toToken",
    "amountIn", "amountOut", "amountOutMin", "fromDecimals", "toDecimals", "dexs", "token", "symbol", "amount",
    "spender", "spenderName", "recipient", "contractName", "methodName", "networkFee", "block", "time_utc", "error",
)  # fmt: skip


class TooMany(ValueError):
    pass


def read_hashes(text: str) -> list[tuple[str, Chain | None]]:
    """Every hash in `text` (a CSV with a header, or anything else), once, in order, with its chain when given."""
    found = _from_csv(text)
    if found is None:
        found = []
        for line in text.splitlines():
            hashes = HASH.findall(line)
            rest = HASH.sub(" ", line)
            chain = next(
                (c for word in re.split(r"[\s,;|\t]+", rest) if word and (c := _chain(word)) is not None), None
            )
            found += [(h, chain) for h in hashes]
    unique = list(dict.fromkeys((h.lower().removeprefix("0x"), h, c) for h, c in found))
    seen: set[tuple[str, int | None]] = set()
    out = []
    for key, shown, chain in unique:
        if (key, chain.id if chain else None) not in seen:
            seen.add((key, chain.id if chain else None))
            out.append((shown, chain))
    if len(out) > MAX_HASHES:
        raise TooMany(f"{len(out)} hashes: at most {MAX_HASHES} at once")
    return out


def _from_csv(text: str) -> list[tuple[str, Chain | None]] | None:
    """None when the text is not a CSV whose header names a hash column."""
    first = text.lstrip("\ufeff").split("\n", 1)[0]
    if "," not in first and "\t" not in first and ";" not in first:
        return None
    try:
        dialect = csv.Sniffer().sniff(first, delimiters=",;\t")
    except csv.Error:
        return None
    rows = csv.reader(io.StringIO(text.lstrip("\ufeff")), dialect)
    header = [cell.strip().lower() for cell in next(rows, [])]
    at = next((header.index(c) for c in HASH_COLUMNS if c in header), None)
    if at is None:
        return None
    where = next((header.index(c) for c in CHAIN_COLUMNS if c in header), None)
    found = []
    for row in rows:
        if at < len(row) and HASH.fullmatch(row[at].strip()):
            chain = _chain(row[where].strip()) if where is not None and where < len(row) else None
            found.append((row[at].strip(), chain))
    return found


def _chain(word: str) -> Chain | None:
    try:
        return resolve(word)
    except UnknownChain:
        return None


def results_csv(rows: list[Found]) -> str:
    """One line per lookup, in the order given."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(COLUMNS)
    for found in rows:
        info = found.info
        if info is None:
            writer.writerow([found.hash, found.chain.flag if found.chain else ""] + [""] * (len(COLUMNS) - 3)
                            + [found.error])  # fmt: skip
            continue
        d = info.details
        when = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(info.timestamp)) if info.timestamp else ""
        failure = d.failure if d is not None and d.failure else info.failure
        writer.writerow([
            info.hash, info.chain, info.kind, info.status, d.statusNotes if d else info.statusNotes,
            failure.words if failure else "", d.fromAddress if d else info.fromAddress, d.toAddress if d else
            info.toAddress, d.fromToken if d else "", d.toToken if d else "", d.amountIn if d else "", d.amountOut if
            d else "", d.amountOutMin if d else "", d.fromDecimals if d else "", d.toDecimals if d else "",
            " ".join(x.dex for x in d.dexs) if d else "", info.token, info.symbol, info.amount if info.token else "",
            info.spender, info.spenderName, info.recipient, info.contractName, info.methodName, info.networkFee,
            info.block, when, "",
        ])  # fmt: skip
    return out.getvalue()
