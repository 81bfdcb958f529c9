"""A chain whose journal is damaged mid-file does not start: it says so in words (log, the devnet's notices, the
engine's CHAIN_UNAVAILABLE), keeps a copy of the damaged files, and waits for the user's choice (`swapdesk devnet
repair ... --yes`: keep what precedes the damage, or reset). An unfinished last record (its header incomplete, or
its length past the end of the file) is a torn write: cut, kept aside, said; a last record complete in length
whose checks fail is damage like any other."""

from __future__ import annotations

import logging
import shutil
from pathlib import Path
from typing import Any

import pytest

from swapdesk.__main__ import main
from swapdesk.api import ErrorCode, Unavailable
from swapdesk.chains import by_id
from swapdesk.devnet.backend import DevnetBackend
from swapdesk.devnet.chaindata import ChainData
from swapdesk.devnet.damage import ChainDamaged
from swapdesk.devnet.journal import HEADER_SIZE, RECORD_HEAD, record_spans
from swapdesk.devnet.network import Devnet
from swapdesk.files import try_lock

from .test_chain_data import CHAIN, ask, call, transfer

BSC = by_id(CHAIN)


async def _chain_with_transfers(root: Path, count: int) -> list[dict[str, Any]]:
    """A chain kept under `root` with `count` transfers, closed; their receipts."""
    net = Devnet(ChainData(root))
    receipts = [(await transfer(net))[1] for _ in range(count)]
    await net.close()
    return receipts


def _journal(root: Path) -> Path:
    return root / str(CHAIN) / "journal"


def _flip(path: Path, at: int) -> None:
    data = bytearray(path.read_bytes())
    data[at] ^= 0x10
    path.write_bytes(bytes(data))


def _record_of(root: Path, receipt: dict[str, Any]) -> tuple[int, int]:
    """The journal record that holds a transfer's block: the one that ends it, found by replaying up to each."""
    data = _journal(root).read_bytes()
    for start, end in record_spans(data):
        if _head_of(root, data[:end]) >= int(receipt["blockNumber"], 16):
            return start, end
    raise AssertionError("no record holds the block")


def _head_of(root: Path, journal: bytes) -> int:
    probe = root.parent / f"{root.name}-probe"
    shutil.rmtree(probe, ignore_errors=True)
    shutil.copytree(root / str(CHAIN), probe / str(CHAIN), ignore=shutil.ignore_patterns("lock", "journal"))
    (probe / str(CHAIN) / "journal").write_bytes(journal)
    opened = ChainData(probe).open(CHAIN, BSC.name)
    try:
        return int(opened.chain.head.block_number)
    finally:
        opened.close()
        shutil.rmtree(probe)


async def test_a_damaged_record_stops_the_chain_until_the_user_keeps_the_prefix(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], caplog: Any
) -> None:
    root = tmp_path / "devnet"
    first, second, third = await _chain_with_transfers(root, 3)
    start, end = _record_of(root, second)
    _flip(_journal(root), (start + end) // 2)  # inside the record of the second transfer's block
    damaged = _journal(root).read_bytes()

    net = Devnet(ChainData(root))
    with pytest.raises(ChainDamaged) as refused, caplog.at_level(logging.ERROR):
        await net.start(CHAIN)
    words = str(refused.value)
    assert "is damaged at record" in words and "not an unfinished write" in words
    assert f"swapdesk devnet repair --chain {BSC.flag} --keep-prefix" in words and "--reset" in words
    kept = refused.value.kept
    assert kept is not None and str(kept) in words and (kept / "journal").read_bytes() == damaged
    lost_from = int(second["blockNumber"], 16)
    assert f"blocks #{lost_from:,} to #" in words  # what keeping the prefix loses, in blocks
    assert words in net.notices and words in caplog.text
    with pytest.raises(Unavailable) as unavailable:  # the API says it too, in the same words
        await DevnetBackend(net).catalog(BSC)
    assert unavailable.value.code == ErrorCode.CHAIN_UNAVAILABLE and words in unavailable.value.message
    with pytest.raises(ChainDamaged):
        await net.start(CHAIN)  # still refused: nothing was cut, nothing was chosen
    assert _journal(root).read_bytes() == damaged and len(list(root.glob(f"{CHAIN}.damaged-*"))) == 1
    await net.close()

    monkeypatch.setenv("SWAPDESK_DATA_DIR", str(tmp_path))
    assert main(["devnet", "repair", "--chain", BSC.flag, "--keep-prefix", "--yes"]) == 0
    said = capsys.readouterr().out
    assert f"goes on from block #{lost_from - 1:,}" in said and str(kept) in said

    again = Devnet(ChainData(root))
    assert await call(again, "eth_getTransactionReceipt", first["transactionHash"]) == first
    for lost in (second, third):
        assert await call(again, "eth_getTransactionReceipt", lost["transactionHash"]) is None
    await transfer(again)  # the chain goes on from there
    await again.close()
    assert (kept / "journal").read_bytes() == damaged  # the copy stays


async def test_reset_is_the_other_choice_and_keeps_the_copy_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tmp_path / "devnet"
    (receipt,) = await _chain_with_transfers(root, 1)
    _flip(_journal(root), 60)  # the first record's head, with the transfer's record after it
    monkeypatch.setenv("SWAPDESK_DATA_DIR", str(tmp_path))
    assert main(["devnet", "repair", "--chain", BSC.flag, "--reset", "--yes"]) == 0
    (kept,) = root.glob(f"{CHAIN}.damaged-*")
    assert (kept / "journal").exists() and "damaged" in (kept / "WHY.txt").read_text()
    net = Devnet(ChainData(root))
    assert await call(net, "eth_getTransactionReceipt", receipt["transactionHash"]) is None
    await net.close()
    assert main(["devnet", "repair", "--chain", BSC.flag, "--reset", "--yes"]) == 0  # sound now: nothing to do


async def test_at_every_record_boundary_and_inside_records(tmp_path: Path, caplog: Any) -> None:
    """A cut keeps the records wholly before it (a torn remainder kept aside and logged); a flipped byte anywhere,
    the last record included, is damage that stops the chain: nothing is cut."""
    root = tmp_path / "devnet"
    await _chain_with_transfers(root, 2)
    data = _journal(root).read_bytes()
    spans = record_spans(data)
    assert len(spans) >= 3 and spans[-1][1] == len(data)
    heads = [_head_of(root, data[:HEADER_SIZE])] + [_head_of(root, data[:end]) for _, end in spans]
    for n, (start, end) in enumerate(spans):  # heads[n]: the head the records before record n leave
        for at in sorted({start, start + 1, start + 30, (start + end) // 2, end - 1}):
            case = tmp_path / f"case-{at}"
            shutil.copytree(root / str(CHAIN), case / str(CHAIN), ignore=shutil.ignore_patterns("lock"))
            journal = case / str(CHAIN) / "journal"
            journal.write_bytes(data[:at])
            assert _opened_head(case) == heads[n], at
            assert at == start or list(journal.parent.glob("journal.torn-*"))
            journal.write_bytes(data)
            _flip(journal, at)
            flipped = journal.read_bytes()
            with pytest.raises(ChainDamaged, match=f"record {n + 1} "):
                _opened_head(case)
            assert journal.read_bytes() == flipped, at
            shutil.rmtree(case)


async def test_a_flipped_byte_in_the_last_record_is_damage_not_a_torn_write(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], caplog: Any
) -> None:
    """Issue 29, 2: the last record's header checks out and its length is all there: it was written whole, so it
    was acknowledged; a byte flipped in it is damage. It was cut and logged "never acknowledged" (1 of 5
    acknowledged transfers lost)."""
    root = tmp_path / "devnet"
    receipts = await _chain_with_transfers(root, 5)
    data = _journal(root).read_bytes()
    start, end = record_spans(data)[-1]
    assert _record_of(root, receipts[-1]) == (start, end)
    _flip(_journal(root), (start + RECORD_HEAD + end) // 2)  # inside its payload
    flipped = _journal(root).read_bytes()
    records = len(record_spans(data))
    with pytest.raises(ChainDamaged) as refused, caplog.at_level(logging.WARNING):
        _opened_head(root)
    words = str(refused.value)
    assert f"record {records} " in words and "payload fails its checksum" in words and "last record" in words
    assert "never acknowledged" not in caplog.text
    assert _journal(root).read_bytes() == flipped and not list(_journal(root).parent.glob("journal.torn-*"))
    kept = refused.value.kept
    assert kept is not None and (kept / "journal").read_bytes() == flipped

    _journal(root).write_bytes(data)  # the byte put back (as from a backup): all five are there
    net = Devnet(ChainData(root))
    for receipt in receipts:
        assert await call(net, "eth_getTransactionReceipt", receipt["transactionHash"]) == receipt
    await net.close()


async def test_a_repair_is_asked_for_with_yes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 29, 6: `repair --reset` deleted the chain without `--yes` (`devnet reset` asks for it). Without it a
    repair says what each choice keeps and loses, and touches nothing."""
    root = tmp_path / "devnet"
    first, _ = await _chain_with_transfers(root, 2)
    start, end = _record_of(root, first)
    _flip(_journal(root), (start + end) // 2)
    folder = root / str(CHAIN)
    before = {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()}
    monkeypatch.setenv("SWAPDESK_DATA_DIR", str(tmp_path))
    for choice in ("--reset", "--keep-prefix"):
        assert main(["devnet", "repair", "--chain", BSC.flag, choice]) == 2
        said = capsys.readouterr()
        assert "--yes" in said.err and "lost" in said.out
        assert {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()} == before
        assert not list(root.glob(f"{CHAIN}.damaged-*"))
    assert main(["devnet", "repair", "--chain", BSC.flag, "--reset", "--yes"]) == 0
    net = Devnet(ChainData(root))
    assert await call(net, "eth_getTransactionReceipt", first["transactionHash"]) is None
    await net.close()


def _opened_head(root: Path) -> int:
    opened = ChainData(root).open(CHAIN, BSC.name)
    try:
        return int(opened.chain.head.block_number)
    finally:
        opened.close()


async def test_a_read_only_view_of_a_damaged_chain_says_so_and_keeps_nothing(tmp_path: Path) -> None:
    root = tmp_path / "devnet"
    await _chain_with_transfers(root, 2)
    _, end = record_spans(_journal(root).read_bytes())[0]
    _flip(_journal(root), end - 1)
    held = try_lock(root / str(CHAIN))  # as if another process ran it
    assert held is not None
    view = Devnet(ChainData(root), share=True)
    with pytest.raises(ChainDamaged):
        await ask(view, "eth_blockNumber")
    assert not list(root.glob(f"{CHAIN}.damaged-*"))
    await view.close()
    held.close()
