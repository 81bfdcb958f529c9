"""A chain's journal does not grow forever: it is compacted into a snapshot and the journal since, while blocks
go on, without losing what a client was told and without losing the journal's guarantee (damage is still told
from a torn write, and a damaged snapshot stops the chain like a damaged record)."""

from __future__ import annotations

import shutil
import struct
import threading
import zlib
from pathlib import Path
from typing import Any

import pytest

from swapdesk.devnet import chainfiles
from swapdesk.devnet.chaindata import ChainData
from swapdesk.devnet.damage import ChainDamaged
from swapdesk.devnet.journal import MAGIC_V1, payloads, record_spans
from swapdesk.devnet.network import Devnet
from swapdesk.files import try_lock

from .test_chain_data import CHAIN, call, transfer

SMALL = 40_000  # bytes of journal before a compaction: a few transfers


def _files(root: Path) -> list[str]:
    return sorted(
        p.name
        for p in (root / str(CHAIN)).iterdir()
        if p.name not in ("lock", "world", "manifest.json", "bridges.json")
    )


def _chain_files(net: Devnet) -> chainfiles.ChainFiles:
    opened = net._hosts[CHAIN].opened
    assert opened is not None and opened.chain._store.journal is not None
    files = opened.chain._store.journal
    assert isinstance(files, chainfiles.ChainFiles)
    return files


def _compactions(net: Devnet) -> int:
    return _chain_files(net).compactions


async def _transfers(net: Devnet, count: int) -> list[dict[str, Any]]:
    return [(await transfer(net))[1] for _ in range(count)]


async def _all_there(root: Path, receipts: list[dict[str, Any]], compact_at: int = SMALL) -> Devnet:
    again = Devnet(ChainData(root, compact_at=compact_at))
    for receipt in receipts:
        assert await call(again, "eth_getTransactionReceipt", receipt["transactionHash"]) == receipt
    return again


async def test_the_journal_is_compacted_and_every_block_stays(tmp_path: Path) -> None:
    net = Devnet(ChainData(tmp_path, compact_at=SMALL))
    receipts = await _transfers(net, 30)
    assert _compactions(net) >= 2
    await net.close()
    names = _files(tmp_path)
    (journal,) = [n for n in names if n.startswith("journal.")]
    generation = int(journal.split(".")[1])
    assert names == ["base.snapshot", journal, f"snapshot.{generation}"]  # the older generations are gone
    assert (tmp_path / str(CHAIN) / journal).stat().st_size < 2 * SMALL  # bounded, not the whole history
    again = await _all_there(tmp_path, receipts)
    receipts += await _transfers(again, 3)  # and it goes on
    await again.close()
    await (await _all_there(tmp_path, receipts)).close()


async def test_blocks_journaled_while_the_snapshot_is_written_are_carried_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The snapshot is written on a thread of its own: blocks keep coming meanwhile, and the records journaled
    after the store was copied go into the next journal."""
    release, started = threading.Event(), threading.Event()
    write = chainfiles._write_snapshot

    def held(path: Path, store: dict[bytes, bytes]) -> Path:
        started.set()
        assert release.wait(60)
        return write(path, store)

    monkeypatch.setattr(chainfiles, "_write_snapshot", held)
    net = Devnet(ChainData(tmp_path, compact_at=SMALL))
    receipts = []
    while not started.is_set():  # bounded: a compaction starts once the journal passes SMALL bytes
        receipts += await _transfers(net, 1)
        assert len(receipts) < 100
    receipts += await _transfers(net, 3)  # journaled while the snapshot is being written
    assert _compactions(net) == 0
    release.set()
    compaction = _chain_files(net)._compaction
    assert compaction is not None
    compaction.job.result(timeout=60)  # the snapshot written, on its thread
    receipts += await _transfers(net, 1)  # the next block finds the snapshot written: the next generation takes over
    assert _compactions(net) == 1
    await net.close()
    await (await _all_there(tmp_path, receipts)).close()


async def test_a_crash_in_the_middle_of_a_compaction_leaves_a_whole_generation(tmp_path: Path) -> None:
    net = Devnet(ChainData(tmp_path, compact_at=SMALL))
    receipts = await _transfers(net, 12)
    await net.close()
    folder = tmp_path / str(CHAIN)
    (journal,) = folder.glob("journal.*")
    generation = int(journal.name.split(".")[1])
    # a crash after the next snapshot was renamed into place, before its journal was: it is not used
    (folder / f"snapshot.{generation + 1}").write_bytes(b"half a compaction")
    (folder / f"journal.{generation + 1}.new").write_bytes(b"written aside")
    # a crash after the new generation took over, before the old files went: the new one is used
    shutil.copy(folder / f"snapshot.{generation}", folder / f"snapshot.{generation - 1}")
    (folder / f"journal.{generation - 1}").write_bytes(b"an old journal")
    again = await _all_there(tmp_path, receipts)
    await again.close()
    assert _files(tmp_path) == ["base.snapshot", f"journal.{generation}", f"snapshot.{generation}"]


async def test_damage_after_a_compaction_is_still_told_from_a_torn_write(tmp_path: Path) -> None:
    net = Devnet(ChainData(tmp_path, compact_at=SMALL))
    receipts = await _transfers(net, 14)
    await net.close()
    (journal,) = (tmp_path / str(CHAIN)).glob("journal.*")
    spans = record_spans(journal.read_bytes())
    assert len(spans) >= 2
    data = bytearray(journal.read_bytes())
    data[spans[0][1] - 1] ^= 1  # the first record after the snapshot: records follow it
    journal.write_bytes(bytes(data))
    with pytest.raises(ChainDamaged, match="record 1 "):
        await Devnet(ChainData(tmp_path, compact_at=SMALL)).start(CHAIN)
    repaired = ChainData(tmp_path, compact_at=SMALL).repair(CHAIN, "BSC", "BNB Smart Chain", keep_prefix=True)
    assert "keeps the 0 journal records" in repaired
    again = Devnet(ChainData(tmp_path, compact_at=SMALL))
    present = [await call(again, "eth_getTransactionReceipt", r["transactionHash"]) for r in receipts]
    assert present[0] == receipts[0] and present[-1] is None  # the snapshot's blocks stay, the journal's go
    await again.close()


async def test_a_damaged_snapshot_stops_the_chain_and_only_a_reset_is_offered(tmp_path: Path) -> None:
    net = Devnet(ChainData(tmp_path, compact_at=SMALL))
    await _transfers(net, 12)
    await net.close()
    (snapshot,) = (tmp_path / str(CHAIN)).glob("snapshot.*")
    data = bytearray(snapshot.read_bytes())
    data[len(data) // 2] ^= 1
    snapshot.write_bytes(bytes(data))
    with pytest.raises(ChainDamaged, match="snapshot") as refused:
        await Devnet(ChainData(tmp_path)).start(CHAIN)
    assert "--keep-prefix" not in str(refused.value) and "--reset" in str(refused.value)
    data_ = ChainData(tmp_path)
    with pytest.raises(ChainDamaged):
        data_.repair(CHAIN, "BSC", "BNB Smart Chain", keep_prefix=True)
    assert "starts over" in data_.repair(CHAIN, "BSC", "BNB Smart Chain", keep_prefix=False)
    assert refused.value.kept is not None and (refused.value.kept / snapshot.name).read_bytes() == bytes(data)


async def test_a_version_1_journal_is_carried_over(tmp_path: Path) -> None:
    net = Devnet(ChainData(tmp_path))
    receipts = await _transfers(net, 3)
    await net.close()
    journal = tmp_path / str(CHAIN) / "journal"
    records = list(payloads(journal.read_bytes()))
    journal.write_bytes(MAGIC_V1 + b"".join(struct.pack(">II", len(p), zlib.crc32(p)) + p for p in records))
    again = await _all_there(tmp_path, receipts)
    await again.close()
    assert _files(tmp_path) == ["base.snapshot", "journal.1", "snapshot.1"]


async def test_a_read_only_view_reads_the_newest_generation(tmp_path: Path) -> None:
    owner = Devnet(ChainData(tmp_path, compact_at=SMALL))
    receipts = await _transfers(owner, 12)
    assert _compactions(owner) >= 1
    view = Devnet(ChainData(tmp_path), share=True)
    assert await call(view, "eth_getTransactionReceipt", receipts[-1]["transactionHash"]) == receipts[-1]
    await view.close()
    await owner.close()
    held = try_lock(tmp_path / str(CHAIN))
    assert held is not None
    held.close()
