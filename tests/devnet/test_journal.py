"""The journal under a chain's database: whole records replay, a torn tail is cut, nothing else is guessed."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from swapdesk.devnet.journal import MAGIC, CorruptJournal, Journal, JournaledDB

keys = st.binary(min_size=1, max_size=40)
writes = st.lists(st.dictionaries(keys, st.one_of(st.none(), st.binary(max_size=300)), max_size=12), max_size=25)


def _run(path: Path, batches: list[dict[bytes, bytes | None]]) -> dict[bytes, bytes]:
    """Write `batches` through a JournaledDB, one flush each; the store as it ends."""
    db = JournaledDB({}, Journal(path))
    for batch in batches:
        for key, value in batch.items():
            if value is None:
                if key in db.kv_store:
                    del db[key]
            else:
                db[key] = value
        db.flush()
    assert db.journal is not None
    db.journal.close()
    return dict(db.kv_store)


@settings(max_examples=60, deadline=None)
@given(batches=writes)
def test_replay_rebuilds_the_store(tmp_path_factory: pytest.TempPathFactory, batches: list[dict]) -> None:
    path = tmp_path_factory.mktemp("j") / "journal"
    expected = _run(path, batches)
    replayed: dict[bytes, bytes] = {}
    Journal(path).replay(replayed)
    assert replayed == expected


@settings(max_examples=40, deadline=None)
@given(batches=writes.filter(lambda b: len(b) >= 2), cut=st.integers(min_value=1, max_value=10_000))
def test_a_torn_tail_is_cut_and_the_rest_stands(
    tmp_path_factory: pytest.TempPathFactory, batches: list[dict], cut: int
) -> None:
    """A crash in the middle of the last append: every earlier record replays, the torn one is dropped
    (it was never acknowledged), and the file is cut back so later appends follow a whole record."""
    path = tmp_path_factory.mktemp("j") / "journal"
    before_last = _run(path, batches[:-1])
    whole = path.stat().st_size if path.exists() else len(MAGIC)  # the file starts at the first append
    _run(path, batches[-1:])
    full = path.stat().st_size if path.exists() else len(MAGIC)
    if full == whole:
        return  # the last batch wrote nothing
    torn = whole + cut % (full - whole)  # somewhere inside the last record
    with open(path, "r+b") as out:
        out.truncate(torn)
    replayed: dict[bytes, bytes] = {}
    Journal(path).replay(replayed)
    assert replayed == before_last
    assert path.stat().st_size == whole


def test_a_flipped_bit_ends_the_replay_there(tmp_path: Path) -> None:
    path = tmp_path / "journal"
    _run(path, [{b"a": b"1"}, {b"b": b"2"}, {b"c": b"3"}])
    data = bytearray(path.read_bytes())
    data[-1] ^= 1  # inside the last record's payload: its checksum fails
    path.write_bytes(bytes(data))
    replayed: dict[bytes, bytes] = {}
    assert Journal(path).replay(replayed) == 2
    assert replayed == {b"a": b"1", b"b": b"2"}


def test_a_read_only_journal_leaves_a_torn_tail_to_its_owner(tmp_path: Path) -> None:
    path = tmp_path / "journal"
    _run(path, [{b"a": b"1"}, {b"b": b"2"}])
    with open(path, "ab") as out:
        out.write(b"\x00\x00\x01")  # an append in progress in another process
    size = path.stat().st_size
    replayed: dict[bytes, bytes] = {}
    Journal(path, read_only=True).replay(replayed)
    assert replayed == {b"a": b"1", b"b": b"2"}
    assert path.stat().st_size == size


def test_a_file_that_is_not_a_journal_is_refused_not_overwritten(tmp_path: Path) -> None:
    path = tmp_path / "journal"
    path.write_bytes(b"something else entirely")
    with pytest.raises(CorruptJournal):
        Journal(path).replay({})
    assert path.read_bytes() == b"something else entirely"


def test_writes_reach_the_file_only_on_flush(tmp_path: Path) -> None:
    path = tmp_path / "journal"
    db = JournaledDB({}, Journal(path))
    db[b"k"] = b"v"
    assert not path.exists() or path.read_bytes() == MAGIC
    db.flush()
    replayed: dict[bytes, bytes] = {}
    Journal(path).replay(replayed)
    assert replayed == {b"k": b"v"}
