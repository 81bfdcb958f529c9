"""Lists of transaction hashes as support staff get them, and their lookups' results as CSV.

In: text pasted from anywhere (hashes separated by anything; a chain's flag or name on a hash's line goes with it;
a number there is a list's, not a chain id), or a CSV file with a header naming a hash column (`hash`, `tx`,
`txhash`, `transaction`...) and perhaps a chain column (`chain`, `chain_id`, `network`: flag, name or id) — the
app's own History export is one. A hash given twice is looked up once (on each chain given for it). Out: one row
per hash, amounts in smallest units, whatever each transaction is.
"""

from __future__ import annotations

import csv
import io
import re
import time
from collections.abc import Sequence

from swapdesk.api import TxInfo
from swapdesk.chains import CHAINS, Chain, UnknownChain, resolve
from swapdesk.csv_cells import csv_text
from swapdesk.lookup import Found
from swapdesk.units import to_human

NATIVE = "0x0000000000000000000000000000000000000000"
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
            words = re.split(r"[^0-9A-Za-z-]+", HASH.sub(" ", line))
            named = (word for word in words if word and not word.isdigit())  # "1. 0xab…": a list's number, no chain
            chain = next((c for word in named if (c := _chain(word)) is not None), None)
            found += [(h, chain) for h in hashes]
    out: list[tuple[str, Chain | None]] = []
    at: dict[str, list[int]] = {}  # a hash's rows by its digits: once per chain, a chain given later filled in
    for shown, chain in found:
        key = shown.lower().removeprefix("0x")
        rows = at.setdefault(key, [])
        if any(out[n][1] == chain or chain is None for n in rows):
            continue
        blank = next((n for n in rows if out[n][1] is None), None)
        if blank is not None:
            out[blank] = (out[blank][0], chain)
            continue
        rows.append(len(out))
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


NAMES = {said.lower(): c for c in CHAINS for said in (c.name, c.name.split()[0])}  # "Arbitrum One", "Arbitrum"


def _chain(word: str) -> Chain | None:
    """A chain by its flag or id ("bsc", "56"), or as people write it: its name, or its name's first word."""
    try:
        return resolve(word)
    except UnknownChain:
        return NAMES.get(word.strip().lower())


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


def summary(info: TxInfo, known: dict[str, str] | None = None) -> str:
    """One line: what the transaction is, amounts as a person reads them, tokens by symbol where the transaction
    or `known` (symbols by lower-case address: a chain's token list) says it, else by address."""
    d = info.details
    if d is not None:
        symbols = (known or {}) | {f.token.lower(): f.symbol for f in info.flows if f.symbol}

        def named(token: str, chain: str) -> str:
            native = _chain(chain)
            if token == NATIVE and native is not None:
                return native.native_symbol
            return symbols.get(token.lower(), token)

        kind = "cross-chain transfer" if d.fromChain != d.toChain else "swap"
        sold = f"{to_human(int(d.amountIn), d.fromDecimals)} {named(d.fromToken, d.fromChain)}"
        got = "" if "amountOut" in (d.unknown or []) or d.status != "Success" else (
            f" for {to_human(int(d.amountOut), d.toDecimals)} {named(d.toToken, d.toChain)}")  # fmt: skip
        dexs = f" ({', '.join(x.dex for x in d.dexs)})" if d.dexs else ""
        return f"{kind} of {sold}{got or f' for {named(d.toToken, d.toChain)}'}{dexs}"
    if info.kind == "approval":
        amount = "unlimited" if info.unlimited else to_human(int(info.amount), info.decimals)
        return f"approval of {amount} {info.symbol or info.token} to {info.spenderName or info.spender}"
    if info.kind == "transfer":
        return (
            f"transfer of {to_human(int(info.amount), info.decimals)} {info.symbol or info.token} to {info.recipient}"
        )
    if info.kind == "bridge" and info.bridge is not None:
        return f"deposit into {info.bridge.bridge} of {info.bridge.amount} of {info.bridge.token}"
    if info.kind in ("payment", "wrap", "unwrap"):
        coin = _chain(info.chain)
        value = f" of {to_human(int(info.value), coin.native_decimals)} {coin.native_symbol}" if coin else ""
        return f"{info.kind}{value if int(info.value or 0) else ''}"
    if info.kind == "call":
        method = info.methodName.split("(")[0] if info.methodName else info.method
        return f"call{f' {method}' if method else ''}{f' on {info.contractName}' if info.contractName else ''}"
    return info.kind
