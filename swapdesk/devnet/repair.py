"""`swapdesk devnet repair`: the user's choice for a chain whose data is damaged (see `damage`), chain by chain.

A repair is asked for with `--yes`, as a reset is: without it, it says what each choice keeps and loses (the
damage's own words) and changes nothing. With it, a choice keeps exactly what those words said:

- `--keep-prefix`: the damaged generation's journal keeps the records before the damage (none when its header is
  damaged or it is missing: its snapshot alone), whatever generation the chain is at after its compactions;
- `--reset`: the chain starts over from its world (its folder made afresh from it at once).

Then the chain is read back, and what was done is said from its head: where it goes on from, the blocks lost as
a range, and that the cross-chain orders touching it will be judged again. For whoever judges them, the repair
leaves `repaired.json` in the chain's folder:

    {"chain_id": 56, "first_lost_block": 1167, "choice": "keep-prefix", "repaired_at": "2026-01-31T12:00:00"}

`first_lost_block` is the first block whose transactions are gone: every order with a deposit or a payout on this
chain at or after it must be judged again. A later repair before the record is read keeps the lower block; the
one who judges the orders deletes it once done.
"""

from __future__ import annotations

import logging
import shutil
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from swapdesk.chains import Chain
from swapdesk.devnet import damage, rewinds
from swapdesk.devnet.chaindata import ChainData, ChainInUse
from swapdesk.devnet.chainfiles import ChainFiles
from swapdesk.devnet.damage import ChainDamaged, Heads
from swapdesk.devnet.journal import JournalDamaged
from swapdesk.devnet.kvstore import SnapshotDamaged
from swapdesk.files import try_lock

log = logging.getLogger(__name__)

RECORD = rewinds.RECORD


@dataclass(frozen=True)
class Repaired:
    chain_id: int
    words: str  # what was done, for the user
    first_lost: int | None  # the first block lost (None: nothing was repaired); also in `RECORD`


def repair(chains: list[Chain], keep_prefix: bool, yes: bool, data: ChainData | None = None) -> int:
    """The command: each chain repaired (`yes`), or what the choice would keep and lose said; one line a chain.
    The exit status: 2 without `yes`; 1 when a chain was refused (another process runs it, or a damaged snapshot
    has no prefix to keep)."""
    data = data or ChainData()
    status = 0
    for chain in chains:
        try:
            said = repair_chain(data, chain, keep_prefix).words if yes else plan(data, chain)
        except (ChainInUse, ChainDamaged) as exc:
            print(f"{chain.flag}: {exc}", file=sys.stderr)
            status = 1
            continue
        print(f"{chain.flag:6} {said}")
    if not yes:
        print("Nothing was changed. Add --yes to make this choice.", file=sys.stderr)
        return status or 2
    return status


def plan(data: ChainData, chain: Chain) -> str:
    """What each choice would keep and lose for a chain, in words; nothing is written."""
    with _locked(data, chain) as directory:
        if directory is None:
            return f"{chain.name} has no data: nothing to repair"
        files, error = _loaded(ChainFiles(directory, read_only=True))
        if error is None:
            return f"{chain.name}'s data is sound: nothing to repair"
        return str(damage.examine(files, error, chain.flag, chain.name))


def repair_chain(data: ChainData, chain: Chain, keep_prefix: bool) -> Repaired:
    """Keep what precedes the chain's damage (`keep_prefix`), or start it over; what was done. ChainInUse while a
    process runs it; ChainDamaged when the choice cannot be made (a damaged snapshot has no prefix to keep)."""
    with _locked(data, chain) as directory:
        if directory is None:
            return Repaired(chain.id, f"{chain.name} has no data: nothing to repair", None)
        files, error = _loaded(ChainFiles(directory))
        if error is None:
            damage.forget(directory)
            return Repaired(chain.id, f"{chain.name}'s data is sound: nothing to repair", None)
        found = damage.examine(files, error, chain.flag, chain.name)  # its damaged files kept aside
        heads = damage.heads_around(files, error) if isinstance(error, JournalDamaged) else Heads(None, None)
        if keep_prefix:
            if not isinstance(error, JournalDamaged):
                raise found
            files.keep_prefix(error)
            damage.forget(directory)
            kept = "its snapshot alone" if error.before == 0 else f"the {error.before} journal records before it"
            done, last, promised = f"keeps {kept}", heads.lost, heads.kept
        else:
            shutil.rmtree(directory)
            data.create(chain.id)
            done, last, promised = "starts over from its world", heads.lost, None
        head = _head(directory)
        first_lost = rewinds.leave(directory, chain.id, head + 1, "keep-prefix" if keep_prefix else "reset")
        lost, again = damage.lost_blocks(head, last), damage.judged_again(chain.flag, head)
        words = (f"{chain.name} {done}: it goes on from block #{head:,}; {lost} are lost, and {again}."
                 f" The damaged files are kept at {found.kept}")  # fmt: skip
        if promised is not None and promised != head:  # never expected: said rather than hidden
            log.error("%s: the repair kept up to block #%d, not #%d as the damage's words said", chain.name, head,
                      promised)  # fmt: skip
            words += f" (the damage's words said block #{promised:,})"
        return Repaired(chain.id, words, first_lost)


@contextmanager
def _locked(data: ChainData, chain: Chain) -> Iterator[Path | None]:
    """The chain's folder, held (None: it has none); ChainInUse while another process runs it."""
    directory = data.path(chain.id)
    if not directory.exists():
        yield None
        return
    lock = try_lock(directory)
    if lock is None:
        raise ChainInUse(f"the devnet's {chain.name} chain is in use by another swapdesk process: close it first")
    with lock:
        yield directory


def _loaded(files: ChainFiles) -> tuple[ChainFiles, JournalDamaged | SnapshotDamaged | None]:
    """The chain's files loaded (and closed), and their damage if any."""
    try:
        files.load()
    except (JournalDamaged, SnapshotDamaged) as exc:
        return files, exc
    files.close()
    return files, None


def _head(directory: Path) -> int:
    """The head of the chain as its files now hold it (a repair's result, read back)."""
    files = ChainFiles(directory)
    try:
        head = damage.head_of(files.load())
    finally:
        files.close()
    if head is None:
        raise RuntimeError(f"{directory}: the repaired chain's head cannot be read")
    return head
