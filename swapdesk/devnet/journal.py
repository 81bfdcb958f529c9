"""A chain's journal: the writes of every block, appended and fsynced before anyone hears of the block.

The file: MAGIC, a header (the generation of the snapshot it continues, the number of its first record,
a CRC-32 of both), then records. A record: SYNC, its number, its payload's length and CRC-32, a CRC-32
of those 20 header bytes, then the payload (`kvstore.encode_writes`). Big-endian.

Reading it back replays the whole records, numbered one after another, and stops at the first that is
not. What tells a torn write from damage there is the record's length alone:
- **torn**: the file ends inside it, that is fewer bytes are left than a record's header, or its header
  is sound (its mark and checksum hold) and says a payload longer than what is left. An append is
  acknowledged only once all of it is fsynced, and a crash (kill -9, a power cut) leaves a prefix of what
  was being written, so this record was never acknowledged: it is cut off, logged with why, and its bytes
  are kept beside the journal (`<journal>.torn-<n>`);
- **damaged**: it is complete (a whole header, and all the payload its sound header says) yet fails a
  check: its mark, its header's or its payload's checksum, or its number. It was written whole, so it may
  have been acknowledged, whether it is the last record or not: nothing is cut and nothing is guessed.
  `JournalDamaged` says where and why, and how many sound records come before and after it (see `damage`
  for what the user is then asked). A whole header that fails its checksum is damage too: a torn append
  leaves a prefix, whose header, once complete, is the one written.
So a record whose checks pass is always kept, and in doubt the chain stops and asks rather than loses. The
one loss this cannot see is a disk that drops an acknowledged tail whole: it looks like a torn write.
A failed append (a full disk) leaves the file exactly as it was before it, whatever the record's size:
the part written is cut off at once. If even that fails, the journal takes no more appends in this
process, and what is left is the torn tail the next start cuts.

Version 1 journals (MAGIC_V1, records of length and CRC only) are still read, to be carried over to
this format (`chainfiles`), by the same rule: a bad record that runs past the end of the file is torn,
any other is damage.
"""

from __future__ import annotations

import errno
import itertools
import logging
import os
import struct
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from swapdesk.devnet.kvstore import apply_writes, encode_writes

log = logging.getLogger(__name__)

MAGIC = b"swapdesk-journal/2\n"
MAGIC_V1 = b"swapdesk-journal/1\n"
SYNC = b"\xa7J\x1d\x02"  # every record starts with it: records after a damaged one are found again
_FILE_HEAD = struct.Struct(">QQ")  # generation, number of the first record; then its CRC-32
_HEAD = struct.Struct(">4sQII")  # SYNC, number, payload length, payload CRC-32; then the CRC-32 of these
_CRC = struct.Struct(">I")
_V1_HEAD = struct.Struct(">II")  # version 1: payload length, payload CRC-32
HEADER_SIZE = len(MAGIC) + _FILE_HEAD.size + _CRC.size
RECORD_HEAD = _HEAD.size + _CRC.size
FULL = (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC))


class JournalDamaged(RuntimeError):
    """A complete record that fails its checks (or a bad file header): damage, not a torn write."""

    def __init__(self, path: Path, offset: int, before: int, later: list[tuple[int, int]], why: str) -> None:
        self.path, self.offset, self.before, self.why = path, offset, before, why
        self.later = later  # (start, end) of the payload of each sound record after the damage
        super().__init__(f"{path.name} is damaged at {self.where}: {why}; {before} whole records before it,"
                         f" {len(later)} after it")  # fmt: skip

    @property
    def where(self) -> str:
        if self.offset == 0:
            return "its header"
        last = ", the last record" if not self.later else ""
        return f"record {self.before + 1} (byte {self.offset:,}){last}"

    @property
    def after(self) -> int:
        return len(self.later)


class JournalUnwritable(OSError):
    """An append failed (a full disk...): the journal is as it was before it; nothing was acknowledged."""

    def __init__(self, path: Path, cause: OSError, restored: bool = True) -> None:
        why = "the disk is full" if cause.errno in FULL else f"the disk refused the write ({cause.strerror or cause})"
        if not restored:
            why += "; the journal takes no more writes until the devnet restarts"
        super().__init__(cause.errno, f"cannot write {path}: {why}")
        self.full, self.why, self.where = cause.errno in FULL, why, path


@dataclass(frozen=True)
class Replayed:
    records: int  # whole records applied
    next_number: int  # the number the next record gets
    end: int  # the file's size once a torn tail is cut
    version: int
    torn: int = 0  # bytes of a torn tail cut off (or, read only, left to the owner)


def header(generation: int, first: int) -> bytes:
    head = _FILE_HEAD.pack(generation, first)
    return MAGIC + head + _CRC.pack(zlib.crc32(MAGIC + head))


def record(number: int, payload: bytes) -> bytes:
    head = _HEAD.pack(SYNC, number, len(payload), zlib.crc32(payload))
    return head + _CRC.pack(zlib.crc32(head)) + payload


def _record_at(data: bytes | memoryview, offset: int) -> tuple[int, int, int] | None:
    """(number, payload start, end) of a whole, sound record at `offset`, else None."""
    if offset + RECORD_HEAD > len(data):
        return None
    head = bytes(data[offset : offset + _HEAD.size])
    sync, number, length, crc = _HEAD.unpack(head)
    if sync != SYNC or _CRC.unpack_from(data, offset + _HEAD.size)[0] != zlib.crc32(head):
        return None
    start = offset + RECORD_HEAD
    if start + length > len(data) or zlib.crc32(data[start : start + length]) != crc:
        return None
    return number, start, start + length


def _unfinished(data: bytes | memoryview, offset: int) -> str | None:
    """Why the record at `offset` is an unfinished append (the file ends inside it), or None: it is complete."""
    left = len(data) - offset
    if left < RECORD_HEAD:
        return f"the file ends {left} bytes into its {RECORD_HEAD}-byte header"
    head = bytes(data[offset : offset + _HEAD.size])
    sync, _, length, _ = _HEAD.unpack(head)
    sound = sync == SYNC and _CRC.unpack_from(data, offset + _HEAD.size)[0] == zlib.crc32(head)
    if sound and RECORD_HEAD + length > left:
        return f"its header says {length:,} bytes of payload and the file ends {left - RECORD_HEAD:,} bytes into them"
    return None


def _fault(data: bytes, offset: int, number: int) -> str:
    """What is wrong with the complete record at `offset`, where record `number` was due."""
    head = bytes(data[offset : offset + _HEAD.size])
    sync, found, _, _ = _HEAD.unpack(head)
    if sync != SYNC:
        return "it does not start with a record's mark"
    if _CRC.unpack_from(data, offset + _HEAD.size)[0] != zlib.crc32(head):
        return "its header fails its checksum"
    if _record_at(data, offset) is None:
        return "its payload fails its checksum"
    return f"it is numbered {found} where {number} was due"


def _good_after(data: bytes, offset: int, number: int) -> list[tuple[int, int]]:
    """The payloads (start, end) of the sound records that follow a bad one at `offset` (numbered `number` or
    later): the first found by its SYNC, the rest one after another."""
    found = data.find(SYNC, offset + 1)
    while found != -1:  # each turn moves `found` forward: at most len(data) turns
        sound = _record_at(data, found)
        if sound is not None and sound[0] >= number:
            later = [(sound[1], sound[2])]
            while (more := _record_at(data, sound[2])) is not None and more[0] == sound[0] + 1:  # ends with the file
                later.append((more[1], more[2]))
                sound = more
            return later
        found = data.find(SYNC, found + 1)
    return []


class Journal:
    def __init__(self, path: Path, generation: int = 0, read_only: bool = False) -> None:
        """`generation`: the snapshot this journal continues. `read_only`: replay only (another process
        owns the journal and appends to it)."""
        self.path = path
        self.generation = generation
        self.read_only = read_only
        self.next_number = 1
        self._fd: int | None = None
        self._size = 0  # what is whole on disk: a failed append is cut back to it
        self._broken: JournalUnwritable | None = None

    # -- reading ----------------------------------------------------------------------------

    def replay(self, store: dict[bytes, bytes]) -> Replayed:
        """Apply every whole record to `store`; a torn tail is cut (kept aside); damage raises JournalDamaged."""
        return self.replay_bytes(store, self.path.read_bytes() if self.path.exists() else None)

    def replay_bytes(self, store: dict[bytes, bytes], data: bytes | None) -> Replayed:
        """`replay`, of the file's bytes read already (None: there was no file, an empty journal)."""
        if data is None:
            self._size = 0
            return Replayed(0, self.next_number, 0, 2)
        if data.startswith(MAGIC_V1):
            return self._done(data, *_replay_v1(self.path, data, store), version=1)
        first = self._first_number(data)
        offset, number, records = HEADER_SIZE, first, 0
        while offset < len(data) and (sound := _record_at(data, offset)) is not None and sound[0] == number:
            apply_writes(store, data[sound[1] : sound[2]])
            offset, number, records = sound[2], number + 1, records + 1
        torn = _unfinished(data, offset) if offset < len(data) else None
        if offset < len(data) and torn is None:
            later = _good_after(data, offset, number)
            raise JournalDamaged(self.path, offset, records, later, _fault(data, offset, number))
        self.next_number = number
        return self._done(data, offset, records, version=2, why=torn)

    def _first_number(self, data: bytes) -> int:
        found = _file_header(data)
        if isinstance(found, str):
            why = found
        elif found[0] != self.generation:
            why = f"its header names generation {found[0]:,}, not {self.generation}"
        else:
            return found[1]
        raise JournalDamaged(self.path, 0, 0, _good_after(data, 0, 0), why)

    def _done(self, data: bytes, end: int, records: int, version: int, why: str | None = None) -> Replayed:
        torn = len(data) - end
        if torn and not self.read_only:  # never acknowledged: cut, but kept and said
            kept = _keep_aside(self.path, data[end:])
            log.warning("%s: an unfinished last record (%d bytes: %s) was cut off; it was never acknowledged. "
                        "Its bytes are kept at %s", self.path, torn, why or "it runs past the end of the file",
                        kept)  # fmt: skip
            with open(self.path, "r+b") as out:
                out.truncate(end)
                os.fsync(out.fileno())
        self._size = end
        return Replayed(records, self.next_number, end, version, torn)

    # -- writing ----------------------------------------------------------------------------

    def append(self, writes: dict[bytes, bytes | None]) -> None:
        """One record, fsynced; JournalUnwritable (the file as before) when the disk refuses it."""
        assert not self.read_only, "a read-only journal is never written"
        if self._broken is not None:
            raise self._broken
        if self._fd is None:
            self._fd = self._open()
        framed = record(self.next_number, encode_writes(writes))
        try:
            _write_all(self._fd, framed)
            os.fsync(self._fd)
        except OSError as exc:
            raise self._undo(exc) from exc
        self._size += len(framed)
        self.next_number += 1

    def attach(self, fd: int, size: int, next_number: int) -> None:
        """Append from now on to the file open at `fd` (a journal `create` just made)."""
        self.close()
        self._fd, self._size, self.next_number = fd, size, next_number

    def _open(self) -> int:
        if self.path.exists():
            fd = os.open(self.path, os.O_RDWR | getattr(os, "O_BINARY", 0))
            os.lseek(fd, self._size, os.SEEK_SET)
            return fd
        created = create(self.path, self.generation, self.next_number)
        self._size = HEADER_SIZE
        return created

    def _undo(self, cause: OSError) -> JournalUnwritable:
        """Cut what a failed append wrote; the error to raise."""
        assert self._fd is not None
        try:
            os.ftruncate(self._fd, self._size)
            os.fsync(self._fd)
            os.lseek(self._fd, self._size, os.SEEK_SET)
        except OSError:
            self._broken = JournalUnwritable(self.path, cause, restored=False)
            log.error("%s: a failed append could not be cut off: no more appends until restart", self.path)
            return self._broken
        return JournalUnwritable(self.path, cause)

    def size(self) -> int:
        return self._size

    def close(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None


def create(path: Path, generation: int, first: int, records: bytes = b"") -> int:
    """A new journal file, whole or not at all (written aside, fsynced, renamed); its descriptor, at its end."""
    staging = path.with_name(path.name + ".new")
    fd = os.open(staging, os.O_RDWR | os.O_CREAT | os.O_TRUNC | getattr(os, "O_BINARY", 0), 0o644)
    try:
        _write_all(fd, header(generation, first) + records)
        os.fsync(fd)
        os.replace(staging, path)
        fsync_dir(path.parent)
    except OSError as exc:
        os.close(fd)
        staging.unlink(missing_ok=True)
        raise JournalUnwritable(path, exc) from exc
    return fd


def payloads(data: bytes) -> Iterator[bytes]:
    """The payload of each sound record of a journal's bytes from its start, in order, up to the first bad one."""
    if data.startswith(MAGIC_V1):
        offset = len(MAGIC_V1)
        while offset + _V1_HEAD.size <= len(data):
            length, crc = _V1_HEAD.unpack_from(data, offset)
            payload = data[offset + _V1_HEAD.size : offset + _V1_HEAD.size + length]
            if len(payload) != length or zlib.crc32(payload) != crc:
                return
            yield payload
            offset += _V1_HEAD.size + length
        return
    offset = HEADER_SIZE
    while (sound := _record_at(data, offset)) is not None:
        yield data[sound[1] : sound[2]]
        offset = sound[2]


def record_spans(data: bytes) -> list[tuple[int, int]]:
    """(start, end) of each sound record of a (version 2) journal's bytes from its start, up to the first bad one."""
    spans, offset = [], HEADER_SIZE
    while (sound := _record_at(data, offset)) is not None:
        spans.append((offset, sound[2]))
        offset = sound[2]
    return spans


def keep_prefix(damage: JournalDamaged, generation: int) -> None:
    """The user chose to keep what precedes a damage: the journal written again (aside, then renamed) with the
    records before it alone, under a sound header of its `generation`; a version 1 journal becomes version 2.
    Even a journal damaged at its header stays, empty: its generation's snapshot stays the chain's base."""
    data = damage.path.read_bytes() if damage.path.exists() else b""
    kept = list(itertools.islice(payloads(data), damage.before))
    assert len(kept) == damage.before, "the records before a damage are sound"
    found = _file_header(data)
    first = 1 if isinstance(found, str) else found[1]  # numbers only follow each other within a file
    os.close(create(damage.path, generation, first, b"".join(record(first + n, p) for n, p in enumerate(kept))))


def _file_header(data: bytes) -> tuple[int, int] | str:
    """(generation, first record's number) of a version 2 file's header; why not, when it is not sound."""
    head = data[len(MAGIC) : len(MAGIC) + _FILE_HEAD.size]
    if not data.startswith(MAGIC):
        return "it does not start with a journal's mark"
    if len(data) < HEADER_SIZE:
        return "the file ends inside its header"
    if _CRC.unpack_from(data, len(MAGIC) + _FILE_HEAD.size)[0] != zlib.crc32(MAGIC + head):
        return "its header fails its checksum"
    generation, first = _FILE_HEAD.unpack(head)
    return int(generation), int(first)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:  # os.write may write less than asked (a disk filling up): each turn writes at least one byte
        written = os.write(fd, view)
        if written <= 0:
            raise OSError(errno.EIO, "the write made no progress")
        view = view[written:]


def _replay_v1(path: Path, data: bytes, store: dict[bytes, bytes]) -> tuple[int, int]:
    """Version 1: (end of the whole records, their count). A bad record that runs past the end of the file is a
    torn tail; one that ends within it is damage (what follows it is not read)."""
    offset, records = len(MAGIC_V1), 0
    while offset + _V1_HEAD.size <= len(data):
        length, crc = _V1_HEAD.unpack_from(data, offset)
        start, end = offset + _V1_HEAD.size, offset + _V1_HEAD.size + length
        if end > len(data) or zlib.crc32(data[start:end]) != crc:
            if end <= len(data):
                later = [(end, end)] if end < len(data) else []
                raise JournalDamaged(path, offset, records, later, "its payload fails its checksum")
            break
        apply_writes(store, data[start:end])
        offset, records = end, records + 1
    return offset, records


def _keep_aside(path: Path, tail: bytes) -> Path:
    for n in range(1, 10_000):
        kept = path.with_name(f"{path.name}.torn-{n}")
        if not kept.exists():
            kept.write_bytes(tail)
            return kept
    raise RuntimeError(f"too many torn tails kept beside {path}")


def fsync_dir(path: Path) -> None:
    if os.name == "nt":
        return
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
