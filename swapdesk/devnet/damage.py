"""A chain whose data is damaged: what it says, and the copy of its damaged files kept aside.

A damaged journal record with sound records after it, or a damaged snapshot, is not an unfinished write:
nothing is cut and the chain does not start. Its damaged files are copied once into
`<data>/devnet/<chain id>.damaged-<time>/` (with WHY.txt), and `ChainDamaged` says in words where the
damage is, what each choice keeps and loses, and the commands that make the choice:

    swapdesk devnet repair --chain BSC --keep-prefix   keep the records before the damage
    swapdesk devnet repair --chain BSC --reset         start the chain over from its world
"""

from __future__ import annotations

import json
import shutil
import time
from dataclasses import dataclass
from pathlib import Path

from eth.db.atomic import AtomicDB
from eth.db.backends.memory import MemoryDB
from eth.db.chain import ChainDB

from swapdesk.devnet.chainfiles import ChainFiles, store_before
from swapdesk.devnet.journal import JournalDamaged
from swapdesk.devnet.kvstore import SnapshotDamaged, apply_writes

MARK = "damaged.json"  # in the chain's folder: which damage was kept aside, and where


class ChainDamaged(RuntimeError):
    """The chain's data is damaged: it does not start until the user chooses (`swapdesk devnet repair`)."""

    def __init__(self, words: str, kept: Path | None, can_keep_prefix: bool) -> None:
        super().__init__(words)
        self.kept, self.can_keep_prefix = kept, can_keep_prefix


@dataclass(frozen=True)
class Heads:
    kept: int | None  # the head the records before the damage leave
    lost: int | None  # the head the sound records after it reached


def examine(files: ChainFiles, error: JournalDamaged | SnapshotDamaged, flag: str, name: str) -> ChainDamaged:
    """The words for a damaged chain, its damaged files kept aside (once) unless it is a read-only view."""
    kept = None if files.read_only else keep_aside(files, error)
    where = f" A copy of the damaged files is kept at {kept}." if kept else ""
    repair = f"swapdesk devnet repair --chain {flag}"
    if isinstance(error, SnapshotDamaged):
        snapshot = files.snapshot_path(files.newest()).name
        return ChainDamaged(
            f"The devnet's {name} chain did not start: its snapshot {snapshot} is damaged ({error}).{where}"
            f" Nothing before its journal can be kept: `{repair} --reset` starts {name} over from its world.",
            kept,
            can_keep_prefix=False,
        )
    heads = heads_around(files, error)
    at = "its header" if error.offset == 0 else f"record {error.before + 1} (byte {error.offset:,})"
    keeps = f"keeps the {error.before} records before it" if error.before else "keeps its snapshot alone"
    if heads.kept is not None:
        keeps += f": {name} goes on from block #{heads.kept:,}"
        if heads.lost is not None and heads.lost > heads.kept:
            keeps += f", and blocks #{heads.kept + 1:,} to #{heads.lost:,} are lost"
    return ChainDamaged(
        f"The devnet's {name} chain did not start: its journal is damaged at {at}, with {error.after} sound"
        f" records after it, so this is not an unfinished write and nothing was cut.{where} Choose:"
        f" `{repair} --keep-prefix` {keeps}; or `{repair} --reset` starts {name} over from its world.",
        kept,
        can_keep_prefix=True,
    )


def heads_around(files: ChainFiles, error: JournalDamaged) -> Heads:
    """The head block before the damage, and the one the sound records after it reached."""
    try:
        kv = store_before(files, error)
        kept = _head(kv)
        data = error.path.read_bytes()
        for start, end in error.later:
            apply_writes(kv, data[start:end])
        return Heads(kept, _head(kv) if error.later else None)
    except Exception:  # what can be said of damaged data is said; a failure here only leaves out the numbers
        return Heads(None, None)


def _head(kv: dict[bytes, bytes]) -> int | None:
    try:
        return int(ChainDB(AtomicDB(MemoryDB(kv))).get_canonical_head().block_number)
    except Exception:
        return None


def keep_aside(files: ChainFiles, error: JournalDamaged | SnapshotDamaged) -> Path:
    """Copy the damaged generation's files beside the chain's folder, once per damage; where."""
    generation = files.newest()
    journal, snapshot = files.journal_path(generation), files.snapshot_path(generation)
    damage = {
        "journal": journal.name,
        "size": journal.stat().st_size if journal.exists() else 0,
        "offset": error.offset if isinstance(error, JournalDamaged) else -1,
    }
    mark = files.directory / MARK
    if mark.exists():
        known = json.loads(mark.read_text())
        if {k: known.get(k) for k in damage} == damage and Path(known["kept"]).exists():
            return Path(known["kept"])
    folder = _free_name(files.directory.with_name(f"{files.directory.name}.damaged-{time.strftime('%Y%m%d-%H%M%S')}"))
    folder.mkdir()
    for path in (journal, snapshot):
        if path.exists():
            shutil.copy2(path, folder / path.name)
    (folder / "WHY.txt").write_text(f"Kept on {time.ctime()} because {files.directory} is damaged: {error}.\n")
    mark.write_text(json.dumps({**damage, "kept": str(folder)}))
    return folder


def forget(directory: Path) -> None:
    """The damage was dealt with (a repair): its mark goes; the copy kept aside stays."""
    (directory / MARK).unlink(missing_ok=True)


def _free_name(path: Path) -> Path:
    for n in range(1, 1000):
        candidate = path if n == 1 else path.with_name(f"{path.name}-{n}")
        if not candidate.exists():
            return candidate
    raise RuntimeError(f"too many copies kept beside {path}")
