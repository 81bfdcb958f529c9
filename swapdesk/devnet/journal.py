"""A devnet chain's database that survives restarts, kill -9 and power cuts.

py-evm keeps a chain (state, blocks, receipts, indexes) in a key-value store.
`JournaledDB` is that store in memory, and it remembers every write since
the last `flush`. A flush appends those writes to the chain's journal as one
record (length, CRC-32, payload) and fsyncs it: one record per mined block,
written before anyone hears of the block. Opening replays the journal over
the chain's base snapshot; a record torn by a crash fails its length or
checksum and is cut off with everything after it. Such a record was never
acknowledged, so what a client was told stays true.

Record payload: u32 count, then per write u32 key length, u32 value length
(DELETED for a deletion), key, value. Big-endian.
"""

from __future__ import annotations

import os
import struct
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO

from eth.db.backends.memory import MemoryDB

MAGIC = b"swapdesk-journal/1\n"
DELETED = 0xFFFFFFFF
_HEAD = struct.Struct(">II")  # payload length, crc32 of the payload
_ENTRY = struct.Struct(">II")  # key length, value length


class CorruptJournal(RuntimeError):
    """The journal is not one of ours (bad magic): never overwritten, never guessed at."""


class Journal:
    def __init__(self, path: Path, read_only: bool = False) -> None:
        """`read_only`: replay only (another process owns the journal and appends to it)."""
        self.path = path
        self.read_only = read_only
        self._file: BinaryIO | None = None

    def replay(self, store: dict[bytes, bytes]) -> int:
        """Apply every whole record to `store`, cut off a torn tail; the number of records applied."""
        if not self.path.exists():
            return 0
        data = self.path.read_bytes()
        if not data.startswith(MAGIC):
            raise CorruptJournal(f"{self.path} is not a swapdesk journal")
        offset, applied = len(MAGIC), 0
        while offset + _HEAD.size <= len(data):
            length, crc = _HEAD.unpack_from(data, offset)
            start, end = offset + _HEAD.size, offset + _HEAD.size + length
            if end > len(data) or zlib.crc32(data[start:end]) != crc:
                break
            _apply(store, data[start:end])
            offset, applied = end, applied + 1
        if offset != len(data) and not self.read_only:  # a torn last record: it was never acknowledged
            with open(self.path, "r+b") as out:
                out.truncate(offset)
                os.fsync(out.fileno())
        return applied

    def append(self, writes: dict[bytes, bytes | None]) -> None:
        assert not self.read_only, "a read-only journal is never written"
        if self._file is None:
            self._file = self._open()
        payload = _encode(writes)
        self._file.write(_HEAD.pack(len(payload), zlib.crc32(payload)) + payload)
        self._file.flush()
        os.fsync(self._file.fileno())

    def _open(self) -> BinaryIO:
        new = not self.path.exists()
        out = open(self.path, "ab")  # noqa: SIM115 - kept open for the chain's life
        if new:
            out.write(MAGIC)
            out.flush()
            os.fsync(out.fileno())
            _fsync_dir(self.path.parent)
        return out

    def size(self) -> int:
        return self.path.stat().st_size if self.path.exists() else 0

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None


class JournaledDB(MemoryDB):
    """py-evm's in-memory store, remembering the writes the next `flush` journals."""

    def __init__(self, kv_store: dict[bytes, bytes], journal: Journal | None = None) -> None:
        super().__init__(kv_store)
        self.journal = journal
        self._pending: dict[bytes, bytes | None] = {}
        self._undo: dict[bytes, bytes | None] | None = None  # old values, while `all_or_nothing` runs

    def __setitem__(self, key: bytes, value: bytes) -> None:
        self._remember(key)
        self.kv_store[key] = value
        if self.journal is not None:
            self._pending[key] = value

    def __delitem__(self, key: bytes) -> None:
        self._remember(key)
        del self.kv_store[key]
        if self.journal is not None:
            self._pending[key] = None

    def _remember(self, key: bytes) -> None:
        if self._undo is not None and key not in self._undo:
            self._undo[key] = self.kv_store.get(key)

    @contextmanager
    def all_or_nothing(self) -> Iterator[None]:
        """Every write in the block is undone if it raises: a block that failed leaves no trace."""
        self._undo, pending = {}, dict(self._pending)
        try:
            yield
        except BaseException:
            for key, old in self._undo.items():
                if old is None:
                    self.kv_store.pop(key, None)
                else:
                    self.kv_store[key] = old
            self._pending = pending
            raise
        finally:
            self._undo = None

    def flush(self) -> None:
        """Make every write so far durable (one fsynced journal record)."""
        if self.journal is not None and self._pending:
            self.journal.append(self._pending)
            self._pending = {}


def _encode(writes: dict[bytes, bytes | None]) -> bytes:
    parts = [struct.pack(">I", len(writes))]
    for key, value in writes.items():
        parts.append(_ENTRY.pack(len(key), DELETED if value is None else len(value)))
        parts.append(key)
        if value is not None:
            parts.append(value)
    return b"".join(parts)


def _apply(store: dict[bytes, bytes], payload: bytes) -> None:
    (count,) = struct.unpack_from(">I", payload, 0)
    offset = 4
    for _ in range(count):
        key_len, value_len = _ENTRY.unpack_from(payload, offset)
        offset += _ENTRY.size
        key = payload[offset : offset + key_len]
        offset += key_len
        if value_len == DELETED:
            store.pop(key, None)
        else:
            store[key] = payload[offset : offset + value_len]
            offset += value_len


def _fsync_dir(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


# -- snapshots: the whole store as zlib over length-prefixed key/value records ---------------


def encode_store(store: dict[bytes, bytes]) -> bytes:
    parts = []
    for key, value in store.items():
        parts.append(struct.pack(">II", len(key), len(value)))
        parts.append(key)
        parts.append(value)
    return zlib.compress(b"".join(parts), 6)


def decode_store(blob: bytes) -> dict[bytes, bytes]:
    raw = zlib.decompress(blob)
    store: dict[bytes, bytes] = {}
    offset = 0
    while offset < len(raw):
        key_len, value_len = struct.unpack_from(">II", raw, offset)
        offset += 8
        key = raw[offset : offset + key_len]
        offset += key_len
        store[key] = raw[offset : offset + value_len]
        offset += value_len
    return store
