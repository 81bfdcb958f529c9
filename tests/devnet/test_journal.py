"""The journal under a chain's database: whole records replay; an unfinished last record (its header incomplete, or
its length past the end of the file) is a torn write, cut off (its bytes kept aside); a record complete in length
whose checks fail is damage, never cut, wherever it is (the last one included); a process killed mid-append leaves
a torn write, never damage; a failed append leaves the file exactly as it was, whatever the record's size."""

from __future__ import annotations

import errno
import itertools
import os
import signal
import struct
import subprocess
import sys
import zlib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from swapdesk.devnet import journal as j
from swapdesk.devnet.journal import HEADER_SIZE, MAGIC_V1, Journal, JournalDamaged, JournalUnwritable
from swapdesk.devnet.kvstore import JournaledDB, encode_writes

keys = st.binary(min_size=1, max_size=40)
writes = st.lists(st.dictionaries(keys, st.one_of(st.none(), st.binary(max_size=300)), max_size=12), max_size=25)
Batch = dict[bytes, bytes | None]
FIXED: list[Batch] = [
    {b"a": b"1" * 40},
    {b"b": b"2" * 300, b"a": None},
    {b"c": b"3"},
    {b"d": b"4" * 9000},
    {b"e": b"5" * 70},
]


def _run(path: Path, batches: list[Batch]) -> dict[bytes, bytes]:
    """Write `batches` through a JournaledDB over a replayed journal, one flush each; the store as it ends."""
    store: dict[bytes, bytes] = {}
    journal = Journal(path)
    journal.replay(store)
    db = JournaledDB(store, journal)
    for batch in batches:
        for key, value in batch.items():
            if value is None:
                if key in db.kv_store:
                    del db[key]
            else:
                db[key] = value
        db.flush()
    journal.close()
    return dict(db.kv_store)


def _boundaries(path: Path, batches: list[Batch]) -> tuple[list[int], list[dict[bytes, bytes]]]:
    """The journal's size and the store after each batch (index 0: before any)."""
    sizes = [HEADER_SIZE]
    stores: list[dict[bytes, bytes]] = [{}]
    for batch in batches:
        stores.append(_run(path, [batch]))
        sizes.append(path.stat().st_size)
    return sizes, stores


def _positions(sizes: list[int]) -> list[int]:
    """Every record boundary, and inside each record: every byte of its head, and of its payload every byte of a
    small one, the first, middle and last few of a large one."""
    found = set(sizes)
    for start, end in itertools.pairwise(sizes):
        head = start + j.RECORD_HEAD
        found.update(range(start, head))
        found.update(range(head, end) if end - head <= 512 else [head, head + 1, (head + end) // 2, end - 2, end - 1])
    return sorted(found)


def _replayed(path: Path) -> dict[bytes, bytes]:
    store: dict[bytes, bytes] = {}
    Journal(path).replay(store)
    return store


@settings(max_examples=60, deadline=None)
@given(batches=writes)
def test_replay_rebuilds_the_store(tmp_path_factory: pytest.TempPathFactory, batches: list[Batch]) -> None:
    path = tmp_path_factory.mktemp("j") / "journal"
    expected = _run(path, batches)
    assert _replayed(path) == expected


def test_a_cut_anywhere_keeps_every_whole_record_before_it(tmp_path: Path) -> None:
    """At every record boundary and inside every record: the records wholly before the cut replay, a torn
    remainder is cut off and kept aside, and the file is whole again for later appends."""
    source = tmp_path / "source"
    sizes, stores = _boundaries(source, FIXED)
    data = source.read_bytes()
    for cut in _positions(sizes):
        path = tmp_path / f"cut-{cut}" / "journal"
        path.parent.mkdir()
        path.write_bytes(data[:cut])
        whole = max(n for n, size in enumerate(sizes) if size <= cut)
        assert _replayed(path) == stores[whole], cut
        assert path.stat().st_size == sizes[whole]
        torn = list(path.parent.glob("journal.torn-*"))
        assert [t.read_bytes() for t in torn] == ([data[sizes[whole] : cut]] if cut != sizes[whole] else [])
        assert _run(path, [{b"z": b"after"}]) == stores[whole] | {b"z": b"after"}


def test_a_flipped_byte_is_damage_wherever_it_is(tmp_path: Path) -> None:
    """Bytes of every record flipped in turn, the last record's too: a record complete in length whose checks fail
    was written whole, so it may have been acknowledged: the journal is refused as damaged, untouched, saying
    where (a torn append never leaves a whole record behind). The file's header likewise."""
    source = tmp_path / "source"
    sizes, _ = _boundaries(source, FIXED)
    data = source.read_bytes()
    for at in [*range(HEADER_SIZE), *_positions(sizes)[:-1]]:
        path = tmp_path / f"flip-{at}" / "journal"
        path.parent.mkdir()
        flipped = bytearray(data)
        flipped[at] ^= 0x40
        path.write_bytes(bytes(flipped))
        record = next((n for n in range(len(FIXED)) if sizes[n] <= at < sizes[n + 1]), None)
        with pytest.raises(JournalDamaged) as damaged:
            _replayed(path)
        assert path.read_bytes() == bytes(flipped)  # nothing cut
        assert not list(path.parent.glob("journal.torn-*"))
        if record is None:  # the file's header
            assert damaged.value.offset == 0 and damaged.value.after == len(FIXED)
        else:
            assert (damaged.value.offset, damaged.value.before) == (sizes[record], record), at
            assert damaged.value.after == len(FIXED) - record - 1


def test_the_tail_is_torn_only_when_it_ends_inside_its_record(tmp_path: Path) -> None:
    """What tells torn from damaged at the tail is the length alone: the header incomplete, or a sound header
    whose payload runs past the end of the file, is cut (whatever the bytes there); a whole header that fails its
    checksum, or a whole record whose payload fails it, is damage; a whole last record that checks out is kept."""
    source = tmp_path / "source"
    sizes, stores = _boundaries(source, FIXED)
    data = source.read_bytes()
    last = sizes[-2]
    cases = {
        "header incomplete, garbage": (data[:last] + b"\xff" * (j.RECORD_HEAD - 1), "torn"),
        "sound header, payload short": (data[:-1], "torn"),
        "sound header, short payload of garbage": (data[: last + j.RECORD_HEAD] + b"\x00" * 10, "torn"),
        "header's checksum fails": (data[:last] + bytes([data[last] ^ 1]) + data[last + 1 :], "damaged"),
        "payload's checksum fails": (data[:-1] + bytes([data[-1] ^ 1]), "damaged"),
        "whole and sound": (data, "kept"),
    }
    for n, (name, (content, verdict)) in enumerate(cases.items()):
        path = tmp_path / f"case-{n}" / "journal"
        path.parent.mkdir()
        path.write_bytes(content)
        if verdict == "damaged":
            with pytest.raises(JournalDamaged, match="last record") as damaged:
                _replayed(path)
            assert (damaged.value.offset, damaged.value.after) == (last, 0), name
            assert path.read_bytes() == content, name
        else:
            assert _replayed(path) == stores[-2 if verdict == "torn" else -1], name
            assert path.stat().st_size == (last if verdict == "torn" else len(data)), name


_APPENDER = """
import os, sys
from pathlib import Path
from swapdesk.devnet.journal import Journal
write = os.write

def announced(fd, data):  # says when a large record's bytes start going to the file
    if len(data) > 1_000_000:
        print("writing", flush=True)
    return write(fd, data)

os.write = announced
journal = Journal(Path(sys.argv[1]))
journal.replay({})
for n in range(10**6):
    journal.append({b"k%d" % n: bytes([n % 251]) * (n % 3 * 3_000_000 + 1)})
    print("acknowledged", n, flush=True)  # its record is fsynced
"""


@pytest.mark.parametrize("killed_in", [1, 2, 4, 5, 7, 8])
def test_a_process_killed_mid_append_leaves_a_torn_write_never_damage(tmp_path: Path, killed_in: int) -> None:
    """A real kill -9 as the bytes of a 3 or 6 MB record start going to the file: the journal opens, never
    damaged, with every record the appender had acknowledged (what was written of the next one is cut, or kept
    if it got there whole)."""
    path = tmp_path / "journal"
    child = subprocess.Popen([sys.executable, "-c", _APPENDER, str(path)], stdout=subprocess.PIPE, text=True)
    assert child.stdout is not None
    acknowledged: list[int] = []
    while (line := child.stdout.readline()) != "writing\n" or len(acknowledged) < killed_in:
        assert line, "the appender stopped"
        acknowledged += [int(line.split()[1])] if line.startswith("acknowledged") else []
    child.send_signal(signal.SIGKILL)  # while it writes record `killed_in` (or fsyncs it)
    child.wait()
    replayed: dict[bytes, bytes] = {}
    Journal(path).replay(replayed)  # never JournalDamaged
    assert acknowledged == list(range(killed_in))
    for n in acknowledged:
        assert replayed[b"k%d" % n] == bytes([n % 251]) * (n % 3 * 3_000_000 + 1)


def test_a_read_only_journal_leaves_a_torn_tail_to_its_owner(tmp_path: Path) -> None:
    path = tmp_path / "journal"
    _run(path, [{b"a": b"1"}, {b"b": b"2"}])
    with open(path, "ab") as out:
        out.write(j.SYNC + b"\x00\x00\x01")  # an append in progress in another process
    size = path.stat().st_size
    replayed: dict[bytes, bytes] = {}
    Journal(path, read_only=True).replay(replayed)
    assert replayed == {b"a": b"1", b"b": b"2"}
    assert path.stat().st_size == size
    assert not list(tmp_path.glob("journal.torn-*"))


def test_a_file_that_is_not_a_journal_is_refused_not_overwritten(tmp_path: Path) -> None:
    path = tmp_path / "journal"
    path.write_bytes(b"something else entirely")
    with pytest.raises(JournalDamaged):
        Journal(path).replay({})
    assert path.read_bytes() == b"something else entirely"


def test_a_journal_of_another_generation_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "journal.3"
    _run(path, [{b"a": b"1"}])  # written as generation 0
    with pytest.raises(JournalDamaged):
        Journal(path, generation=3).replay({})


def test_writes_reach_the_file_only_on_flush(tmp_path: Path) -> None:
    path = tmp_path / "journal"
    db = JournaledDB({}, Journal(path))
    db[b"k"] = b"v"
    assert not path.exists()
    db.flush()
    assert _replayed(path) == {b"k": b"v"}


def test_a_version_1_journal_is_read_and_its_damage_told_from_a_torn_tail(tmp_path: Path) -> None:
    def v1(*payloads: bytes) -> bytes:
        return MAGIC_V1 + b"".join(struct.pack(">II", len(p), zlib.crc32(p)) + p for p in payloads)

    records = [encode_writes({b"a": b"1"}), encode_writes({b"b": b"2"}), encode_writes({b"c": b"3"})]
    path = tmp_path / "journal"
    path.write_bytes(v1(*records))
    assert _replayed(path) == {b"a": b"1", b"b": b"2", b"c": b"3"}
    path.write_bytes(v1(*records)[:-2])  # torn last record
    assert _replayed(path) == {b"a": b"1", b"b": b"2"}
    damaged = bytearray(v1(*records))
    damaged[len(MAGIC_V1) + 9] ^= 1  # inside the first record's payload, two records after it
    path.write_bytes(bytes(damaged))
    with pytest.raises(JournalDamaged):
        _replayed(path)


class FullDisk:
    """os.write as a disk that fills up: it takes `room` more bytes (writing short when that is less than asked),
    then answers ENOSPC; `fsync_fails` makes fsync fail instead."""

    def __init__(self, room: int) -> None:
        self.room = room
        self._write = os.write

    def __call__(self, fd: int, data: Any) -> int:
        if self.room <= 0:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        taken = self._write(fd, bytes(data)[: self.room])
        self.room -= taken
        return taken


@pytest.mark.parametrize("size", [100, 9_000, 200_000], ids=["small", "over-8KiB", "large"])
@pytest.mark.parametrize("room", [0, 1, 23, 24, 4_096, 8_191, 8_192, 100_000])
def test_a_failed_append_leaves_the_journal_exactly_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: int, room: int
) -> None:
    path = tmp_path / "journal"
    journal = Journal(path)
    journal.replay({})
    journal.append({b"before": b"x" * 50})
    before = path.read_bytes()
    record = j.record(2, encode_writes({b"big": b"y" * size}))
    if room >= len(record):
        return  # the disk has room for it: not this case
    monkeypatch.setattr(os, "write", FullDisk(room))
    with pytest.raises(JournalUnwritable, match="the disk is full"):
        journal.append({b"big": b"y" * size})
    assert path.read_bytes() == before
    monkeypatch.undo()  # space comes back
    journal.append({b"after": b"z"})
    journal.close()
    assert _replayed(path) == {b"before": b"x" * 50, b"after": b"z"}
    assert not list(tmp_path.glob("journal.torn-*"))


def test_a_failed_fsync_is_cut_back_too(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "journal"
    journal = Journal(path)
    journal.replay({})
    journal.append({b"a": b"1"})
    before = path.read_bytes()

    def failing(fd: int) -> None:
        raise OSError(errno.EIO, os.strerror(errno.EIO))

    monkeypatch.setattr(os, "fsync", failing)
    with pytest.raises(JournalUnwritable, match="refused the write") as refused:
        journal.append({b"b": b"2" * 20_000})
    assert "no more writes" in str(refused.value)  # the cut back needs an fsync too: it could not be made sure
    monkeypatch.undo()
    with pytest.raises(JournalUnwritable):
        journal.append({b"c": b"3"})  # a journal that could not be restored takes nothing more
    journal.close()
    assert path.read_bytes() == before
    assert _replayed(path) == {b"a": b"1"}
