"""A chain whose data is damaged: what it says, and the copy of its damaged files kept aside.

A journal record complete in length that fails its checks (see `journal` for what tells it from a torn
write), a journal missing beside its snapshot, or a damaged snapshot, is not an unfinished write: nothing
is cut and the chain does not start. Its damaged files are copied once into
`<data>/devnet/<chain id>.damaged-<time>/` (with WHY.txt), and `ChainDamaged` says in words where the
damage is and why, what each choice keeps and loses (the blocks lost, as a range), and the commands that
make the choice (see `repair`):

    swapdesk devnet repair --chain BSC --keep-prefix --yes   keep the records before the damage
    swapdesk devnet repair --chain BSC --reset --yes         start the chain over from its world
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
from swapdesk.devnet.kvstore import SnapshotDamaged, apply_writes, decode_store

MARK = "damaged.json"  # in the chain's folder: which damage was kept aside, and where


class ChainDamaged(RuntimeError):
    """The chain's data is damaged: it does not start until the user chooses (`swapdesk devnet repair`)."""

    def __init__(self, words: str, kept: Path | None, can_keep_prefix: bool) -> None:
        super().__init__(words)
        self.kept, self.can_keep_prefix = kept, can_keep_prefix


@dataclass(frozen=True)
class Heads:
    kept: int | None  # the head the records before the damage leave
    lost: int | None  # the last block lost: the head the sound records after it reach, when they run to the end


def examine(files: ChainFiles, error: JournalDamaged | SnapshotDamaged, flag: str, name: str) -> ChainDamaged:
    """The words for a damaged chain, its damaged files kept aside (once) unless it is a read-only view."""
    kept = None if files.read_only else keep_aside(files, error)
    where = f" A copy of the damaged files is kept at {kept}." if kept else ""
    repair = f"swapdesk devnet repair --chain {flag}"
    world = world_head(files)
    if isinstance(error, SnapshotDamaged):
        snapshot = files.snapshot_path(files.generation)
        what = f"is damaged ({error})" if snapshot.exists() else str(error).removeprefix("it ")
        return ChainDamaged(
            f"The devnet's {name} chain did not start: its snapshot {snapshot.name} {what}.{where}"
            f" Nothing before its journal can be kept: `{repair} --reset --yes` starts {name} over from its world"
            f"{_losing(world, None, flag)}.",
            kept,
            can_keep_prefix=False,
        )
    heads = heads_around(files, error)
    journal = "its journal" if error.path.name == "journal" else f"its journal {error.path.name}"
    if not error.path.exists():
        what = f"{journal} {error.why.removeprefix('it ')}"
    elif error.offset == 0:
        what = f"{journal} is damaged at its header ({error.why}), with {error.after} sound records after it"
    elif error.later:
        what = (f"{journal} is damaged at {error.where}: {error.why}, with {error.after} sound records after it,"
                f" so this is not an unfinished write")  # fmt: skip
    else:
        what = (f"{journal} is damaged at {error.where}: {error.why}; it is complete in length, so it is not an"
                f" unfinished write and may hold acknowledged blocks")  # fmt: skip
    keeps = f"keeps the {error.before} records before it" if error.before else "keeps its snapshot alone"
    if heads.kept is not None:
        keeps += f": {name} goes on from block #{heads.kept:,}{_losing(heads.kept, heads.lost, flag)}"
    return ChainDamaged(
        f"The devnet's {name} chain did not start: {what}; nothing was cut.{where} Choose:"
        f" `{repair} --keep-prefix --yes` {keeps}; or `{repair} --reset --yes` starts {name} over from its world"
        f"{_losing(world, heads.lost, flag)}.",
        kept,
        can_keep_prefix=True,
    )


def lost_blocks(head: int, last: int | None) -> str:
    """The blocks lost past `head`, as a range (`last`: the highest lost block known, if any)."""
    if last is None or last <= head:
        return f"blocks #{head + 1:,} and after"
    return f"block #{last:,}" if last == head + 1 else f"blocks #{head + 1:,} to #{last:,}"


def judged_again(flag: str, head: int) -> str:
    return f"cross-chain orders touching {flag} will be judged again from block #{head + 1:,}"


def _losing(head: int | None, last: int | None, flag: str) -> str:
    if head is None:
        return ""
    return f", and {lost_blocks(head, last)} are lost ({judged_again(flag, head)})"


def heads_around(files: ChainFiles, error: JournalDamaged) -> Heads:
    """The head block before the damage, and the last block lost when it can be known: the head the sound records
    after the damage reach, if they run to the end of the journal (else more may have been lost after them)."""
    try:
        kv = store_before(files, error)
        kept = head_of(kv)
        data = error.path.read_bytes() if error.later else b""
        for start, end in error.later:
            if end > start:  # a version 1 journal's damage marks only where it ends: what follows is not read
                apply_writes(kv, data[start:end])
        return Heads(kept, head_of(kv) if error.later and error.later[-1][1] == len(data) else None)
    except Exception:  # what can be said of damaged data is said; a failure here only leaves out the numbers
        return Heads(None, None)


def head_of(kv: dict[bytes, bytes]) -> int | None:
    """The head block of a chain's store, None if it cannot be read."""
    try:
        return int(ChainDB(AtomicDB(MemoryDB(kv))).get_canonical_head().block_number)
    except Exception:
        return None


def world_head(files: ChainFiles) -> int | None:
    """The head of the world the chain was built from (its base snapshot): where a reset starts again."""
    try:
        return head_of(decode_store(files.snapshot_path(0).read_bytes()))
    except (OSError, SnapshotDamaged):
        return None


def keep_aside(files: ChainFiles, error: JournalDamaged | SnapshotDamaged) -> Path:
    """Copy the damaged generation's files beside the chain's folder, once per damage; where."""
    generation = files.generation
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
