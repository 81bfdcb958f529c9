"""A chain's durable files: a snapshot of its whole store and the journal since, compacted as it grows.

    base.snapshot    generation 0: the chain as it was built (its world)
    journal          generation 0's journal
    snapshot.<g>     generation g >= 1: the whole store when it was compacted
    journal.<g>      the journal since snapshot.<g>

A chain runs from its newest whole generation: the snapshot, then every record of its journal. When the
journal outgrows both `COMPACT_AT` and the last snapshot, the chain compacts: the store as it is is
copied (a dict copy on the chain's thread) and written as the next snapshot on a thread of its own while
blocks go on being journaled; then, on the chain's thread, the records journaled meanwhile are carried
into the next journal, written aside and renamed after the snapshot, and the older generation is deleted.
At every instant the folder holds a whole generation: a crash leaves either the old one (and a snapshot
without its journal, removed at the next start) or the new one (and the old files, removed likewise).
Nothing else newer than the generation loaded is a leftover: a journal missing beside its snapshot (the
generation before it gone too), or a journal without its snapshot, is damage, said like a damaged record,
never a reason to go back to an older generation and tidy the newer away. A read-only view opens a
generation's snapshot and journal before reading either, so its owner compacting meanwhile (and deleting
them) leaves it the two together; a generation gone before they were opened is looked for again.

Compaction keeps the journal's guarantee (see `journal`): what was acknowledged is in the snapshot or in
the journal's whole records; a snapshot carries a checksum, and a damaged one stops the chain from
starting like a damaged record does. A version 1 journal is carried over to generation 1 when its chain
starts.
"""

from __future__ import annotations

import errno
import logging
import os
import re
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from swapdesk.devnet import journal as j
from swapdesk.devnet.kvstore import SnapshotDamaged, apply_writes, decode_store, encode_store

log = logging.getLogger(__name__)

COMPACT_AT = 16 * 2**20  # bytes of journal before a compaction is worth it (and not before it outgrows the snapshot)
READ_TRIES = 3  # a read-only view racing its owner's compaction looks again, at most this many times
_GENERATION = re.compile(r"(journal|snapshot)\.(\d+)")


@dataclass(frozen=True)
class _Compaction:
    generation: int
    mark: int  # the journal's size when the store was copied: records after it are carried over
    number: int  # the number of the first record after the mark
    job: Future[Path]  # the next snapshot, written aside and fsynced


class ChainFiles:
    def __init__(self, directory: Path, read_only: bool = False, compact_at: int | None = None) -> None:
        """`compact_at`: journal bytes at which to compact; by default `COMPACT_AT` or the last snapshot's
        size, whichever is larger (a compaction rewrites the snapshot: never more often than it pays)."""
        self.directory = directory
        self.read_only = read_only
        self.compact_at = compact_at
        self.generation = 0
        self.compactions = 0  # how many this object finished (tests, benchmarks)
        self.journal = j.Journal(self.journal_path(0), 0, read_only)
        self._kv: dict[bytes, bytes] = {}
        self._snapshot_size = 0
        self._compaction: _Compaction | None = None
        self._workers: ThreadPoolExecutor | None = None
        self._retry_at = 0  # after a failed compaction, the journal size at which to try again

    def journal_path(self, generation: int) -> Path:
        return self.directory / ("journal" if generation == 0 else f"journal.{generation}")

    def snapshot_path(self, generation: int) -> Path:
        return self.directory / ("base.snapshot" if generation == 0 else f"snapshot.{generation}")

    # -- starting ----------------------------------------------------------------------------

    def load(self) -> dict[bytes, bytes]:
        """The store of the newest whole generation, its journal replayed (JournalDamaged, SnapshotDamaged)."""
        for attempt in range(READ_TRIES):
            try:
                return self._load()
            except (FileNotFoundError, _Missing) as exc:  # a read-only view: its owner compacted under it
                if self.read_only and attempt < READ_TRIES - 1:
                    continue
                raise exc.damage if isinstance(exc, _Missing) else exc from None
        raise AssertionError("unreachable")

    def _load(self) -> dict[bytes, bytes]:
        generation = self.newest()
        self.generation = generation
        snapshot, journal = self._read(generation)
        self._check_newer(generation, journal is not None)
        kv = decode_store(snapshot)
        self._snapshot_size = len(snapshot)
        self.journal = j.Journal(self.journal_path(generation), generation, self.read_only)
        replayed = self.journal.replay_bytes(kv, journal)
        self._kv = kv
        if not self.read_only:
            self._tidy()
            if replayed.version == 1:  # carried over to this format at once: appends are never mixed
                self._compact_now()
        return kv

    def _read(self, generation: int) -> tuple[bytes, bytes | None]:
        """A generation's snapshot and journal (None: it has none yet), both opened before either is read: an
        owner's compaction that deletes them meanwhile leaves a read-only view the two as they were, together
        (read apart, a view could take the snapshot and find no journal after it)."""
        with open(self.snapshot_path(generation), "rb") as snapshot:
            try:
                journal = open(self.journal_path(generation), "rb")  # noqa: SIM115 - closed below
            except FileNotFoundError:
                if generation:  # newest() saw it: deleted since
                    raise
                return snapshot.read(), None
            with journal:
                return snapshot.read(), journal.read()

    def _check_newer(self, generation: int, has_journal: bool) -> None:
        """Files of a generation newer than the one loaded are what an interrupted compaction leaves: the next
        snapshot without its journal, the generation before it whole (its journal there). Anything else is data
        lost, not left over: the chain does not go back to an older generation (nor tidy the newer away)."""
        for path in self.directory.iterdir():
            match = _GENERATION.fullmatch(path.name)
            newer = int(match[2]) if match else 0
            if match is None or newer <= generation:
                continue
            if self.snapshot_path(newer).exists() and self.journal_path(newer).exists():  # since newest() looked
                raise FileNotFoundError(errno.ENOENT, "a newer generation was made meanwhile", str(path))
            why = f"it is missing beside {path.name}"
            if match[1] == "journal":  # newest() would have loaded it, had its snapshot been there
                self.generation = newer  # the damaged generation: what is said, kept aside and repaired
                raise _Missing(SnapshotDamaged(why))
            if newer > generation + 1 or not has_journal:
                self.generation = newer
                raise _Missing(j.JournalDamaged(self.journal_path(newer), 0, 0, [], why))

    def newest(self) -> int:
        """The newest generation whose snapshot and journal are both there (0 always counts: its journal may
        not exist yet)."""
        found = {0}
        for path in self.directory.iterdir():
            match = _GENERATION.fullmatch(path.name)
            if match and match[1] == "journal" and self.snapshot_path(int(match[2])).exists():
                found.add(int(match[2]))
        return max(found)

    def _tidy(self) -> None:
        """Remove what a compaction interrupted by a crash left: older generations, a snapshot without its
        journal, files written aside."""
        for path in self.directory.iterdir():
            match = _GENERATION.fullmatch(path.name)
            stale = match is not None and int(match[2]) != self.generation
            if stale or path.name.endswith(".new") or (path.name == "journal" and self.generation > 0):
                path.unlink()

    # -- writing -----------------------------------------------------------------------------

    def append(self, writes: dict[bytes, bytes | None]) -> None:
        """One journal record (JournalUnwritable: as before it), then a compaction if one is due."""
        self.journal.append(writes)
        self._compact_if_due()

    def _compact_if_due(self) -> None:
        if self._compaction is not None:
            if self._compaction.job.done():
                self._finish()
            return
        size = self.journal.size()
        if size >= max(self._due(), self._retry_at):
            self._start()

    def _due(self) -> int:
        return self.compact_at if self.compact_at is not None else max(COMPACT_AT, self._snapshot_size)

    def _start(self) -> None:
        frozen = dict(self._kv)  # the store as journaled up to now: the appends so far are all in it
        generation = self.generation + 1
        if self._workers is None:
            self._workers = ThreadPoolExecutor(1, thread_name_prefix=f"compact-{self.directory.name}")
        job = self._workers.submit(_write_snapshot, self.snapshot_path(generation), frozen)
        self._compaction = _Compaction(generation, self.journal.size(), self.journal.next_number, job)

    def _finish(self) -> None:
        """On the chain's thread: the next generation takes over, with the records journaled meanwhile."""
        compaction, self._compaction = self._compaction, None
        assert compaction is not None
        snapshot = self.snapshot_path(compaction.generation)
        journal = self.journal_path(compaction.generation)
        try:
            staged = compaction.job.result()
            with open(self.journal.path, "rb") as old:
                old.seek(compaction.mark)
                tail = old.read(self.journal.size() - compaction.mark)
            os.replace(staged, snapshot)
            fd = j.create(journal, compaction.generation, compaction.number, tail)
        except OSError as exc:
            snapshot.unlink(missing_ok=True)
            snapshot.with_name(snapshot.name + ".new").unlink(missing_ok=True)
            self._retry_at = self.journal.size() + self._due()
            log.warning("%s: the journal could not be compacted (%s); it is tried again later", self.directory, exc)
            return
        previous, carried = self.generation, j.Journal(journal, compaction.generation)
        carried.attach(fd, j.HEADER_SIZE + len(tail), self.journal.next_number)
        self.journal.close()
        self.journal = carried
        self.generation, self._snapshot_size = compaction.generation, snapshot.stat().st_size
        self.compactions += 1
        for old_file in (self.journal_path(previous), self.snapshot_path(previous) if previous else None):
            if old_file is not None:
                old_file.unlink(missing_ok=True)

    def _compact_now(self) -> None:
        """Compact at once, on this thread (carrying a version 1 journal over)."""
        self._start()
        assert self._compaction is not None
        self._compaction.job.result()
        self._finish()

    def keep_prefix(self, damage: j.JournalDamaged) -> None:
        """The user's choice after a damaged record: the damaged generation's journal keeps the records before
        the damage alone (none, when its header is damaged or it is missing: then its snapshot alone)."""
        assert damage.path == self.journal_path(self.generation), "the damage is in the generation loaded"
        j.keep_prefix(damage, self.generation)

    def close(self) -> None:
        """Close the journal; a compaction under way is finished first (or abandoned if it failed)."""
        if self._compaction is not None:
            self._compaction.job.exception()  # waits for it
            self._finish()
        if self._workers is not None:
            self._workers.shutdown(wait=True)
            self._workers = None
        self.journal.close()


def _write_snapshot(path: Path, store: dict[bytes, bytes]) -> Path:
    """On the compaction thread: `store` encoded into `<path>.new`, fsynced; that path."""
    staging = path.with_name(path.name + ".new")
    with open(staging, "wb") as out:
        out.write(encode_store(store))
        out.flush()
        os.fsync(out.fileno())
    return staging


class _Missing(Exception):
    """A newer generation's file is missing: the damage to say (once a read-only view has looked again)."""

    def __init__(self, damage: j.JournalDamaged | SnapshotDamaged) -> None:
        super().__init__(str(damage))
        self.damage = damage


def store_before(files: ChainFiles, damage: j.JournalDamaged) -> dict[bytes, bytes]:
    """The store as the records before a damage leave it (what keeping the prefix keeps)."""
    kv = decode_store(files.snapshot_path(files.generation).read_bytes())
    data = damage.path.read_bytes() if damage.path.exists() else b""
    for number, payload in enumerate(j.payloads(data)):
        if number >= damage.before:
            break
        apply_writes(kv, payload)
    return kv
