"""A full disk, inside small and large journal records: the block is refused in words (a JSON-RPC error saying
the disk is full, the API's CHAIN_UNAVAILABLE naming it), the journal stays exactly as it was, and every block
acknowledged once space comes back survives a restart.

The disk fills either for real (a small tmpfs, where the test may mount one) or at the OS-write boundary:
`os.write` on the chain's files takes a few more bytes, then answers ENOSPC, as a filling disk does."""

from __future__ import annotations

import contextlib
import errno
import json
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from eth_account import Account

from swapdesk.api import BalancesRequest, ErrorCode, Unavailable
from swapdesk.chains import by_id
from swapdesk.devnet.accounts import demo_address, demo_key
from swapdesk.devnet.backend import DevnetBackend
from swapdesk.devnet.chaindata import ChainData
from swapdesk.devnet.network import Devnet
from swapdesk.engine import Engine

from .test_chain_data import CHAIN, call

BIG = 20_000  # calldata bytes: a record well over 8 KiB
SENDER = 3


class FillingDisk:
    """os.write as a disk that fills up under `folder`: `room` more bytes (a short write when that is less than
    asked), then ENOSPC; writes elsewhere go through."""

    def __init__(self, folder: Path, room: int) -> None:
        self.folder, self.room, self.refused = str(folder), room, 0
        self._write = os.write

    def __call__(self, fd: int, data: Any) -> int:
        if not os.readlink(f"/proc/self/fd/{fd}").startswith(self.folder):
            return self._write(fd, data)
        if self.room <= 0:
            self.refused += 1
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        taken = self._write(fd, bytes(data)[: self.room])
        self.room -= taken
        return taken


async def send(net: Devnet, data: bytes = b"") -> dict[str, Any]:
    """A signed transfer of 1 wei carrying `data` (BIG bytes: a large record), sent and waited for: the answer."""
    account = Account.from_key(demo_key(SENDER))
    nonce = int(await call(net, "eth_getTransactionCount", account.address, "latest"), 16)
    tx = {"to": demo_address(9), "data": data, "gas": 21_000 + 16 * len(data), "maxFeePerGas": 10**10,
          "maxPriorityFeePerGas": 1, "nonce": nonce, "chainId": CHAIN, "type": 2, "value": 1}  # fmt: skip
    raw = "0x" + bytes(account.sign_transaction(tx).raw_transaction).hex()
    request = {"jsonrpc": "2.0", "id": 7, "method": "eth_sendRawTransactionSync", "params": [raw]}
    answer = await net.rpc(CHAIN, request)
    assert answer is not None
    return dict(json.loads(answer))


def _said_full(answer: dict[str, Any]) -> None:
    assert "result" not in answer, answer
    error = answer["error"]
    assert error["code"] == -32000 and "the disk is full" in error["message"], error  # never -32603
    assert "cannot keep new blocks" in error["message"] and answer["id"] == 7


def _journal(root: Path) -> Path:
    (path,) = [p for p in (root / str(CHAIN)).iterdir() if p.name.split(".")[0] == "journal" and ".torn" not in p.name]
    return path


async def _survives(root: Path, acknowledged: list[dict[str, Any]], refused: int) -> None:
    """After a restart every acknowledged block is there, with its receipt; nothing refused is."""
    again = Devnet(ChainData(root))
    for receipt in acknowledged:
        assert await call(again, "eth_getTransactionReceipt", receipt["transactionHash"]) == receipt
    sender = Account.from_key(demo_key(SENDER)).address
    assert int(await call(again, "eth_getTransactionCount", sender, "latest"), 16) == len(acknowledged)
    assert refused > 0
    await again.close()


@pytest.mark.skipif(not Path("/proc/self/fd").exists(), reason="finds the chain's files by /proc/self/fd")
@pytest.mark.parametrize(
    ("size", "room"),
    [(0, 0), (0, 100), (0, 1_000), (BIG, 0), (BIG, 100), (BIG, 9_000)],
    ids=["small-0", "small-100", "small-1000", "large-0", "large-100", "large-9000"],
)
async def test_a_full_disk_inside_a_record_loses_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: int, room: int
) -> None:
    root = tmp_path / "devnet"
    net = Devnet(ChainData(root))
    acknowledged = [(await send(net))["result"]]
    journal, before = _journal(root), _journal(root).read_bytes()
    disk = FillingDisk(root, room)
    monkeypatch.setattr(os, "write", disk)
    _said_full(await send(net, b"\x01" * size))
    assert journal.read_bytes() == before  # exactly as it was
    _said_full(await send(net, b"\x01" * size))  # and again: the chain stands, nothing half-written
    assert journal.read_bytes() == before
    monkeypatch.undo()  # space comes back
    for data in (b"", b"\x02" * BIG, b""):
        answer = await send(net, data)
        assert answer["result"]["status"] == "0x1"
        acknowledged.append(answer["result"])
    await net.close()
    await _survives(root, acknowledged, disk.refused)


@pytest.mark.skipif(not Path("/proc/self/fd").exists(), reason="finds the chain's files by /proc/self/fd")
async def test_reads_say_the_disk_is_full_when_blocks_fall_due_and_the_api_names_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At speed 1000 every look at the chain has empty blocks to keep: on a full disk each says why it cannot,
    as a JSON-RPC error and as the API's CHAIN_UNAVAILABLE, and the chain goes on once space comes back."""
    root = tmp_path / "devnet"
    net = Devnet(ChainData(root), speed=1000)
    engine = Engine(DevnetBackend(net))
    holder = demo_address(SENDER)
    assert await engine.balances(BalancesRequest(by_id(CHAIN), holder))
    head = int(await call(net, "eth_blockNumber"), 16)
    monkeypatch.setattr(os, "write", FillingDisk(root, 0))
    answer = json.loads(await net.rpc(CHAIN, {"jsonrpc": "2.0", "id": 1, "method": "eth_blockNumber"}) or b"")
    assert answer["error"]["code"] == -32000 and "the disk is full" in answer["error"]["message"]
    assert await net.rpc(CHAIN, {"jsonrpc": "2.0", "method": "eth_blockNumber"}) is None  # a notification: no answer
    with pytest.raises(Unavailable) as unavailable:
        await engine.balances(BalancesRequest(by_id(CHAIN), holder))
    assert unavailable.value.code == ErrorCode.CHAIN_UNAVAILABLE and "the disk is full" in unavailable.value.message
    monkeypatch.undo()
    assert int(await call(net, "eth_blockNumber"), 16) > head
    assert await engine.balances(BalancesRequest(by_id(CHAIN), holder))
    await engine.aclose()


@contextlib.contextmanager
def tmpfs(where: Path, size: str) -> Iterator[Path]:
    where.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(where)], capture_output=True)
    if mounted.returncode != 0:
        pytest.skip(f"no tmpfs to fill: {mounted.stderr.decode().strip() or 'mount refused'}")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], check=True)


def fill(folder: Path, leave: int) -> Path:
    """A file that takes the disk's space but `leave` bytes (to the page)."""
    filler = folder / "filler"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT)
    chunk = b"\0" * 65_536
    with contextlib.suppress(OSError):  # ENOSPC: full
        while os.write(fd, chunk):  # each turn takes space the disk has: it ends when none is left
            pass
    os.ftruncate(fd, max(0, os.fstat(fd).st_size - leave))
    os.close(fd)
    return filler


@pytest.mark.skipif(os.geteuid() != 0 if hasattr(os, "geteuid") else True, reason="mounting a tmpfs needs root")
@pytest.mark.parametrize("leave", [0, 8_192, 12_288], ids=["no-room", "8KiB", "12KiB"])
async def test_a_real_full_disk_on_a_small_tmpfs(tmp_path: Path, leave: int) -> None:
    with tmpfs(tmp_path / "disk", "4m") as disk:
        root = disk / "devnet"
        net = Devnet(ChainData(root))
        acknowledged = [(await send(net))["result"]]
        journal = _journal(root)
        filler = fill(disk, leave)
        before = journal.read_bytes()
        refused = 0
        for data in (b"\x01" * BIG, b"\x01" * BIG):
            _said_full(await send(net, data))
            refused += 1
            assert journal.read_bytes() == before
        filler.unlink()  # space comes back
        for data in (b"\x02" * BIG, b"", b"\x03" * BIG):
            answer = await send(net, data)
            assert answer["result"]["status"] == "0x1"
            acknowledged.append(answer["result"])
        await net.close()
        await _survives(root, acknowledged, refused)
