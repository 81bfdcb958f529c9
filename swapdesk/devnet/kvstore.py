"""A chain's key-value store in memory, the writes it journals, and its snapshot encoding.

py-evm keeps a chain (state, blocks, receipts, indexes) in a key-value store. `JournaledDB` is that store
in memory, and it remembers every write since the last `flush`; a flush hands them to the chain's
durable files (`chainfiles.ChainFiles`: one journal record, fsynced) before anyone hears of the block.

Writes (a journal record's payload): u32 count, then per write u32 key length, u32 value length
(DELETED for a deletion), key, value. A snapshot (the whole store): SNAPSHOT_MAGIC, the CRC-32 of the
rest, then zlib over length-prefixed key/value pairs (older snapshots are the bare zlib stream).
Big-endian.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Protocol

from eth.db.backends.memory import MemoryDB

DELETED = 0xFFFFFFFF
SNAPSHOT_MAGIC = b"swapdesk-snapshot/1\n"
_ENTRY = struct.Struct(">II")  # key length, value length
_COUNT = struct.Struct(">I")


class SnapshotDamaged(ValueError):
    """A snapshot whose checksum or compression does not hold."""


class Durable(Protocol):
    """Where a JournaledDB makes its writes durable."""

    def append(self, writes: dict[bytes, bytes | None]) -> None: ...
    def close(self) -> None: ...


class JournaledDB(MemoryDB):
    """py-evm's in-memory store, remembering the writes the next `flush` journals."""

    def __init__(self, kv_store: dict[bytes, bytes], journal: Durable | None = None) -> None:
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
        """Make every write so far durable (one fsynced journal record); on failure they stay pending."""
        if self.journal is not None and self._pending:
            self.journal.append(self._pending)
            self._pending = {}


def encode_writes(writes: dict[bytes, bytes | None]) -> bytes:
    parts = [_COUNT.pack(len(writes))]
    for key, value in writes.items():
        parts.append(_ENTRY.pack(len(key), DELETED if value is None else len(value)))
        parts.append(key)
        if value is not None:
            parts.append(value)
    return b"".join(parts)


def apply_writes(store: dict[bytes, bytes], payload: bytes) -> None:
    (count,) = _COUNT.unpack_from(payload, 0)
    offset = _COUNT.size
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


def encode_store(store: dict[bytes, bytes]) -> bytes:
    parts = []
    for key, value in store.items():
        parts.append(_ENTRY.pack(len(key), len(value)))
        parts.append(key)
        parts.append(value)
    packed = zlib.compress(b"".join(parts), 6)
    return SNAPSHOT_MAGIC + _COUNT.pack(zlib.crc32(packed)) + packed


def decode_store(blob: bytes) -> dict[bytes, bytes]:
    """The store of a snapshot; SnapshotDamaged when it does not hold together."""
    packed = blob
    if blob.startswith(SNAPSHOT_MAGIC):
        packed = blob[len(SNAPSHOT_MAGIC) + _COUNT.size :]
        if _COUNT.unpack_from(blob, len(SNAPSHOT_MAGIC))[0] != zlib.crc32(packed):
            raise SnapshotDamaged("its checksum does not match")
    try:
        raw = zlib.decompress(packed)
    except zlib.error as exc:
        raise SnapshotDamaged(f"it does not decompress ({exc})") from None
    store: dict[bytes, bytes] = {}
    offset = 0
    while offset < len(raw):
        key_len, value_len = _ENTRY.unpack_from(raw, offset)
        offset += _ENTRY.size
        store[raw[offset : offset + key_len]] = raw[offset + key_len : offset + key_len + value_len]
        offset += key_len + value_len
    return store
