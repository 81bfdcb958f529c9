"""`swapdesk details`: what a transaction did, from a terminal; one hash, or many (`--from-file`).

One hash: the swap or cross-chain record in words (or `--json`); anything else (an approval, a transfer, a call)
as the transaction extension says it. Without `--chain` the chain is detected: the app's own records first (what it
sent, it knows where: the History store, read where it exists), then every chain at once. A file of
hashes (pasted text, or a CSV with a hash column and perhaps a chain column) is looked up a few at a time: a line
per transaction as it lands, or with `--csv` the results as CSV (amounts in smallest units).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from swapdesk.api import ChainRequest, SwapService, TxDetails, TxInfo
from swapdesk.chains import Chain, UnknownChain, resolve
from swapdesk.cli_network import say_where
from swapdesk.files import FileRefused, read_text
from swapdesk.hash_lists import ListRefused, read_hashes, results_csv, summary
from swapdesk.lookup import Found, Recorded, look_up, look_up_many
from swapdesk.off_loop import off_loop
from swapdesk.session import Session
from swapdesk.settings import data_dir
from swapdesk.store import TxStore
from swapdesk.units import to_human

MAX_FILE = 16 * 1024 * 1024  # bytes: a hundred thousand hashes' worth of CSV


class Refused(Exception):
    """Bad command-line input, said in plain words."""


async def details(args: argparse.Namespace, session: Callable[[], Session]) -> int:
    try:
        chain = _chain(args.chain) if args.chain else None
        wanted = _file(Path(args.from_file)) if args.from_file else None
        if wanted is None and not args.hash:
            raise Refused("give a transaction hash, or --from-file FILE")
    except Refused as refused:
        print(f"error: {refused}", file=sys.stderr)
        return 1
    asked, store = session(), _store()
    engine = asked.service
    assert engine is not None
    recorded = _recorded(store) if store is not None else None
    try:
        say_where(asked, [chain] if chain is not None else None)
        if wanted is not None:
            return await _many(engine, [(h, c or chain) for h, c in wanted], args.csv, recorded)
        found = await look_up(engine, args.hash, chain, recorded)
        if found.info is None:
            print(f"error: {found.error}", file=sys.stderr)
            return 1
        return await _one(engine, found, args.json)
    finally:
        await asked.aclose()
        if store is not None:
            store.close()


def _store() -> TxStore | None:
    """The app's own record of what it sent, where there is one (never made here)."""
    path = data_dir() / "transactions.sqlite"
    return TxStore(path) if path.is_file() else None


def _recorded(store: TxStore) -> Recorded:
    async def chain_of(tx_hash: str) -> int | None:
        row = await off_loop(store.get, tx_hash)
        return row.chain_id if row is not None else None

    return chain_of


async def _one(service: SwapService, found: Found, as_json: bool) -> int:
    info = found.info
    assert info is not None and found.chain is not None
    if as_json:
        print((info.details or info).model_dump_json(indent=1, exclude_none=True))
        return 0
    if info.details is not None:
        await _record(service, info.details, found.chain)
    else:
        _info(info, found.chain, found.recorded)
    return 0


async def _record(service: SwapService, record: TxDetails, chain: Chain) -> None:
    src, dst = resolve(record.fromChain), resolve(record.toChain)
    known = {(c.id, t.address.lower()): t.symbol for c in {src, dst} for t in await service.tokens(ChainRequest(c))}

    def token(on: Chain, address: str) -> str:
        return known.get((on.id, address.lower()), address)

    notes = f" ({record.statusNotes})" if record.statusNotes and record.statusNotes != record.status else ""
    when = datetime.fromtimestamp(record.timestamp).astimezone()
    where = f"on {chain.name}" if src == dst else f"from {src.name} to {dst.name}"
    channel = f", channel {record.channel}" if record.channel else ""
    print(f"{record.status}{notes}: a {'swap' if src == dst else 'cross-chain swap'} {where}{channel}")
    unknown = "unknown (this node keeps no past balances)" if "amountOut" in (record.unknown or []) else ""
    print(f"  sold      {to_human(int(record.amountIn), record.fromDecimals)} {token(src, record.fromToken)}")
    print(f"  received  {unknown or to_human(int(record.amountOut), record.toDecimals)} {token(dst, record.toToken)}")
    print(f"  minimum   {to_human(int(record.amountOutMin), record.toDecimals)} {token(dst, record.toToken)}")
    print(f"  from      {record.fromAddress}")
    print(f"  to        {record.toAddress}")
    print(f"  {'sources' if src == dst else 'bridge '}   {', '.join(d.dex for d in record.dexs)}")
    print(f"  time      {when:%Y-%m-%d %H:%M:%S %Z} (UTC{when:%z})")
    print(f"  hash      {record.sourceHash}")
    if record.failure is not None:
        print(f"  why       {record.failure.words}")
    _progress(record)


def _progress(record: TxDetails) -> None:
    """A cross-chain transfer's target, normalised status and every stage it reached, with local times."""
    if record.targetHash:
        print(f"  target    {record.targetHash}")
    if record.normalizedStatus is not None:
        state = record.normalizedStatus
        why = f": {state.substatusMessage}" if state.substatusMessage else ""
        print(f"  progress  {state.status} / {state.substatus}{why}")
    for n, stage in enumerate(record.timeline or []):
        at = datetime.fromtimestamp(stage.timeMs / 1000).astimezone()
        where = f"{stage.chain} {stage.hash}" if stage.hash else ""
        label = "timeline" if n == 0 else ""
        print(f"  {label:<9} {at:%H:%M:%S}.{stage.timeMs % 1000:03d}  {stage.statusNotes:<30} {where}".rstrip())


def _info(info: TxInfo, chain: Chain, recorded: bool = False) -> None:
    print(f"{info.status}: {summary(info)} on {chain.name}{' (sent from this app)' if recorded else ''}")
    named = f" ({info.contractName})" if info.contractName else ""
    print(f"  from      {info.fromAddress}")
    print(f"  to        {info.toAddress}{named}")
    if info.method:
        print(f"  method    {info.methodName or 'unknown'} ({info.method})")
    for flow in info.flows:
        print(f"  moved     {to_human(int(flow.amount), flow.decimals)} {flow.symbol or flow.token}  ({flow.address})")
    if info.failure is not None:
        print(f"  why       {info.failure.words}")
    if info.block:
        print(f"  fee       {to_human(int(info.networkFee), chain.native_decimals)} {chain.native_symbol}")
        print(f"  block     {info.block}")
    print(f"  hash      {info.hash}")


async def _many(
    service: SwapService, wanted: list[tuple[str, Chain | None]], as_csv: bool, recorded: Recorded | None
) -> int:
    rows: list[Found | None] = [None] * len(wanted)
    async for index, found in look_up_many(service, wanted, recorded):
        rows[index] = found
        if not as_csv:
            where = found.chain.flag if found.chain else "?"
            said = f"{found.info.status}: {summary(found.info)}" if found.info else found.error
            print(f"{found.hash}  {where:<6} {said}", flush=True)
    done = [r for r in rows if r is not None]
    if as_csv:
        sys.stdout.write(results_csv(done))
    else:
        missing = sum(1 for r in done if r.info is None)
        print(f"{len(done) - missing} found, {missing} not found", file=sys.stderr)
    return 0


def _file(path: Path) -> list[tuple[str, Chain | None]]:
    try:
        found = read_hashes(read_text(path, MAX_FILE))
    except (FileRefused, ListRefused) as exc:
        raise Refused(f"--from-file: {exc}") from None
    if not found:
        raise Refused(f"--from-file: no transaction hash in {path} (64 hex digits, 0x optional)")
    return found


def _chain(text: str) -> Chain:
    try:
        return resolve(text)
    except UnknownChain:
        raise Refused(f"--chain: unknown chain {text!r}") from None


def add_details(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> argparse.ArgumentParser:
    parser = commands.add_parser(
        "details",
        help="look up any transaction: a swap, a cross-chain transfer, an approval... (one, or a file of them)",
        description="Look up what a transaction did (a swap, a cross-chain transfer by its source, target or refund "
        "hash, an approval, a transfer, any call); or many: --from-file with one hash a line, or a CSV with a hash "
        "column.",
    )
    parser.add_argument("hash", nargs="?", help="the transaction's hash: 64 hex digits, with or without 0x")
    parser.add_argument("--chain", help="the chain it was sent on: flag or id (default: detected)")
    parser.add_argument("--from-file", metavar="FILE", help="look up every hash in FILE (text or CSV)")
    parser.add_argument("--csv", action="store_true", help="with --from-file: print the results as CSV")
    parser.add_argument("--json", action="store_true", help="print the record (the spec's, for a swap or transfer)")
    parser.add_argument("--server", help="ask this server instead of the embedded engine")
    return parser
