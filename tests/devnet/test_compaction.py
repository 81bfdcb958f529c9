"""A chain's journal does not grow forever: it is compacted into a snapshot and the journal since, while blocks
go on, without losing what a client was told and without losing the journal's guarantee (damage is still told
from a torn write, and a damaged snapshot stops the chain like a damaged record)."""

from __future__ import annotations

import asyncio
import json
import shutil
import struct
import threading
import zlib
from pathlib import Path
from typing import Any

import pytest
from eth.db.atomic import AtomicDB
from eth.db.backends.memory import MemoryDB
from eth.db.chain import ChainDB

from swapdesk.__main__ import main
from swapdesk.chains import by_id
from swapdesk.devnet import chainfiles
from swapdesk.devnet.chaindata import ChainData
from swapdesk.devnet.damage import ChainDamaged
from swapdesk.devnet.journal import MAGIC_V1, payloads, record_spans
from swapdesk.devnet.kvstore import decode_store
from swapdesk.devnet.network import Devnet
from swapdesk.devnet.repair import repair_chain
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
    repaired = repair_chain(ChainData(tmp_path, compact_at=SMALL), by_id(CHAIN), keep_prefix=True)
    assert "keeps its snapshot alone" in repaired.words
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
        repair_chain(data_, by_id(CHAIN), keep_prefix=True)
    assert "starts over" in repair_chain(data_, by_id(CHAIN), keep_prefix=False).words
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


def _opened_head(root: Path) -> int:
    opened = ChainData(root).open(CHAIN, "BNB Smart Chain")
    try:
        return int(opened.chain.head.block_number)
    finally:
        opened.close()


def _snapshot_head(path: Path) -> int:
    return int(ChainDB(AtomicDB(MemoryDB(decode_store(path.read_bytes())))).get_canonical_head().block_number)


async def test_keeping_the_prefix_of_a_compacted_journal_keeps_its_snapshot(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 29, 1: after a compaction, the header of journal.<g> damaged: `--keep-prefix` keeps snapshot.<g> as
    its message promised, not the world (the journal unlinked made generation 0 the newest, and snapshot.<g> was
    tidied away); the repair says the blocks lost as a range and leaves what the bridges need to judge again."""
    root = tmp_path / "devnet"
    net = Devnet(ChainData(root, compact_at=SMALL))
    receipts = await _transfers(net, 14)
    assert _compactions(net) >= 1
    await net.close()
    folder = root / str(CHAIN)
    (journal,) = folder.glob("journal.*")
    generation = int(journal.name.split(".")[1])
    kept_head = _snapshot_head(folder / f"snapshot.{generation}")
    in_snapshot = [r for r in receipts if int(r["blockNumber"], 16) <= kept_head]
    in_journal = [r for r in receipts if int(r["blockNumber"], 16) > kept_head]
    assert in_snapshot and in_journal
    data = bytearray(journal.read_bytes())
    data[25] ^= 0x10  # the file's header: the generation it continues
    journal.write_bytes(bytes(data))

    with pytest.raises(ChainDamaged) as refused:
        await Devnet(ChainData(root)).start(CHAIN)
    words = str(refused.value)
    assert f"keeps its snapshot alone: BNB Smart Chain goes on from block #{kept_head:,}" in words
    assert "its header fails its checksum" in words  # the cause, named

    monkeypatch.setenv("SWAPDESK_DATA_DIR", str(tmp_path))
    assert main(["devnet", "repair", "--chain", "BSC", "--keep-prefix", "--yes"]) == 0
    said = capsys.readouterr().out
    assert f"goes on from block #{kept_head:,}" in said
    assert f"blocks #{kept_head + 1:,} to #" in said and "judged again" in said
    record = json.loads((folder / "repaired.json").read_text())
    assert (record["chain_id"], record["first_lost_block"]) == (CHAIN, kept_head + 1)
    assert _snapshot_head(folder / f"snapshot.{generation}") == kept_head  # still there, still the base

    again = Devnet(ChainData(root))
    for receipt in in_snapshot:
        assert await call(again, "eth_getTransactionReceipt", receipt["transactionHash"]) == receipt
    for receipt in in_journal:
        assert await call(again, "eth_getTransactionReceipt", receipt["transactionHash"]) is None
    await transfer(again)  # and it goes on from there
    await again.close()


@pytest.mark.parametrize("gone", ["journal", "snapshot"])
async def test_a_compacted_chain_missing_a_file_does_not_fall_back_to_its_world(tmp_path: Path, gone: str) -> None:
    """journal.<g> or snapshot.<g> gone (not an interrupted compaction: that leaves the generation before it whole)
    stops the chain as damage; the other file is not tidied away and the chain does not start from its world."""
    net = Devnet(ChainData(tmp_path, compact_at=SMALL))
    await _transfers(net, 14)
    await net.close()
    (journal,) = (tmp_path / str(CHAIN)).glob("journal.*")
    files = {"journal": journal, "snapshot": journal.with_name(journal.name.replace("journal", "snapshot"))}
    files[gone].unlink()
    with pytest.raises(ChainDamaged, match=f"{files[gone].name} is missing") as refused:
        ChainData(tmp_path).open(CHAIN, "BNB Smart Chain")
    (left,) = [path for name, path in files.items() if name != gone]
    assert left.exists() and refused.value.kept is not None and (refused.value.kept / left.name).exists()
    assert ("--keep-prefix" in str(refused.value)) == (gone == "journal")
    if gone == "journal":  # its snapshot alone is kept, as said
        head = _snapshot_head(files["snapshot"])
        assert f"goes on from block #{head:,}" in str(refused.value)
        repaired = repair_chain(ChainData(tmp_path), by_id(CHAIN), keep_prefix=True)
        assert repaired.first_lost == head + 1 and files["journal"].exists()
        assert _opened_head(tmp_path) == head


async def test_a_view_opened_mid_compaction_sees_a_whole_generation(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 29, 6: a read-only view that read a generation's snapshot just before its owner's compaction
    finished (and deleted that generation) read no journal, and missed every transaction acknowledged in it."""
    release, started = threading.Event(), threading.Event()
    write = chainfiles._write_snapshot

    def held(path: Path, store: dict[bytes, bytes]) -> Path:
        started.set()
        assert release.wait(60)
        return write(path, store)

    monkeypatch.setattr(chainfiles, "_write_snapshot", held)
    owner = Devnet(ChainData(tmp_path, compact_at=SMALL))
    receipts = []
    while not started.is_set():  # bounded: a compaction starts once the journal passes SMALL bytes
        receipts += await _transfers(owner, 1)
        assert len(receipts) < 100
    receipts += await _transfers(owner, 3)  # acknowledged in the generation being compacted

    reading, resume = threading.Event(), threading.Event()
    decode = decode_store  # the function chainfiles calls, patched there and put back

    def paused(blob: bytes) -> dict[bytes, bytes]:  # the view, between its snapshot and its journal
        reading.set()
        assert resume.wait(60)
        return decode(blob)

    monkeypatch.setattr(chainfiles, "decode_store", paused)
    view = Devnet(ChainData(tmp_path), share=True)
    opening = asyncio.ensure_future(view.start(CHAIN))
    assert await asyncio.to_thread(reading.wait, 60)
    monkeypatch.setattr(chainfiles, "decode_store", decode)
    release.set()
    compaction = _chain_files(owner)._compaction
    assert compaction is not None
    compaction.job.result(timeout=60)
    await _transfers(owner, 1)  # the next generation takes over; the one the view was reading is deleted
    assert _compactions(owner) == 1
    resume.set()
    await opening
    for receipt in receipts:  # everything acknowledged before the view was opened
        assert await call(view, "eth_getTransactionReceipt", receipt["transactionHash"]) == receipt
    await view.close()
    await owner.close()
