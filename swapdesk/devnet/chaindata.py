"""Where each devnet chain keeps its blocks and state between runs.

    <data>/devnet/<chain id>/
        world           the key of the world the chain was started from (see snapshots.world_key)
        manifest.json   where that world's contracts are
        bridges.json    where the bridges are (chains of the spec's cross-chain table)
        base.snapshot   the chain as it was built: its first state
        journal         every block since, appended and fsynced (see journal.py), until the first
                        compaction; then snapshot.<n> and journal.<n> (see chainfiles.py)
        lock            held while a process runs the chain

A chain directory is created whole or not at all (written aside, then
renamed). One process at a time runs a chain: another one that finds it
locked may open a read-only view of it as it is now. When the world itself
changes (new contracts, new world code), the old chain directory is kept aside
under a name that says why, the chain starts afresh from the new world, and a
notice says so in plain words: chain data is never deleted silently.
`reset` is the explicit way to start a chain over.

Damaged data (a journal record complete in length that fails its checks, a
journal missing beside its snapshot, a snapshot whose checksum fails) is not
an unfinished write: the chain does not start, its damaged files are kept
aside, and `ChainDamaged` says what each choice keeps (see damage.py) until
the user makes it with `swapdesk devnet repair ... --yes` (repair.py): keep
the records before the damage, or reset.
"""

from __future__ import annotations

import logging
import os
import shutil
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from swapdesk.chains import by_id
from swapdesk.devnet import damage, rewinds
from swapdesk.devnet.bridges.deployment import BridgeDeployment
from swapdesk.devnet.chainfiles import ChainFiles
from swapdesk.devnet.damage import ChainDamaged
from swapdesk.devnet.evm import DevChain
from swapdesk.devnet.journal import JournalDamaged
from swapdesk.devnet.kvstore import SnapshotDamaged
from swapdesk.devnet.manifest import Manifest
from swapdesk.devnet.snapshots import SnapshotStore, world_key
from swapdesk.files import try_lock
from swapdesk.settings import data_dir

log = logging.getLogger(__name__)


class ChainInUse(RuntimeError):
    """Another process runs this chain."""


@dataclass
class OpenedChain:
    chain: DevChain
    manifest: Manifest
    bridges: BridgeDeployment | None = None
    notice: str | None = None  # something the user should hear (the world changed, a read-only view)
    lock: IO[bytes] | None = None  # held while the chain runs; None for a read-only view

    def close(self) -> None:
        self.chain.close()
        if self.lock is not None:
            self.lock.close()  # releases the lock
            self.lock = None


def default_root() -> Path:
    return data_dir() / "devnet"


class ChainData:
    def __init__(
        self, root: Path | None = None, worlds: SnapshotStore | None = None, compact_at: int | None = None
    ) -> None:
        """`compact_at`: journal bytes before a chain compacts (default: see `chainfiles.ChainFiles`)."""
        self.root = root or default_root()
        self.worlds = worlds or SnapshotStore()
        self.compact_at = compact_at

    def path(self, chain_id: int) -> Path:
        return self.root / str(chain_id)

    def open(self, chain_id: int, name: str, share: bool = False) -> OpenedChain:
        """Run chain `chain_id` (`name` for messages) from its data, creating it from the world the
        first time. Locked by another process: ChainInUse, or with `share` a read-only view."""
        self.root.mkdir(parents=True, exist_ok=True)
        directory = self.path(chain_id)
        notice = None
        if directory.exists():
            lock = try_lock(directory)
            if lock is None:
                if not share:
                    raise ChainInUse(f"the devnet's {name} chain is in use by another swapdesk process")
                chain, manifest = self._load(chain_id, name, directory, read_only=True)
                view = f"{name} is in use by another swapdesk process: a read-only view"
                return OpenedChain(chain, manifest, _bridges(directory), view)
            try:
                problem = _problem(directory)
                if problem is None:
                    chain, manifest = self._load(chain_id, name, directory)
                    return OpenedChain(chain, manifest, _bridges(directory), None, lock)
            except (ChainDamaged, OSError):  # damaged, or unreadable now: never set aside, never started afresh
                lock.close()
                raise
            except ValueError as exc:  # a manifest that is not one
                problem = f"its data could not be read ({exc})"
            lock.close()
            kept = self._set_aside(directory, problem)
            notice = f"The devnet's {name} chain starts afresh because {problem}; its previous data is kept at {kept}."
        self._create(chain_id, directory)
        lock = try_lock(directory)
        if lock is None:  # another process created and opened it in the meantime
            raise ChainInUse(f"the devnet's {name} chain is in use by another swapdesk process")
        chain, manifest = self._load(chain_id, name, directory)
        return OpenedChain(chain, manifest, _bridges(directory), notice, lock)

    def _load(self, chain_id: int, name: str, directory: Path, read_only: bool = False) -> tuple[DevChain, Manifest]:
        """The chain from its files (`read_only`: as it is now, writing nothing: its files belong to the process
        that runs it); ChainDamaged when they are damaged."""
        manifest = Manifest.from_json((directory / "manifest.json").read_text())
        files = ChainFiles(directory, read_only=read_only, compact_at=self.compact_at)
        try:
            kv = files.load()
        except (JournalDamaged, SnapshotDamaged) as exc:
            found = damage.examine(files, exc, by_id(chain_id).flag, name)
            log.error("%s", found)
            raise found from exc
        return DevChain.over(chain_id, kv, None if read_only else files), manifest

    def reset(self, chain_id: int, name: str) -> bool:
        """Start a chain over from its world (its data deleted, its folder made afresh) and, where the world has
        bridges, leave the record of the rewind for the orders touching it (`rewinds`); False when it had no data."""
        directory = self.path(chain_id)
        if not directory.exists():
            return False
        lock = try_lock(directory)
        if lock is None:
            raise ChainInUse(f"the devnet's {name} chain is in use by another swapdesk process: close it first")
        with lock:
            unread = rewinds.read(directory)  # a rewind not judged yet: its lower block stands
            shutil.rmtree(directory)
        head = self._create(chain_id, directory)
        if self.worlds.bridges(chain_id) is not None:  # bridges' orders touch it: they are judged again
            rewinds.leave(directory, chain_id, min(head + 1, unread.first_lost if unread else head + 1), "reset")
        return True

    def create(self, chain_id: int) -> int:
        """The chain's folder made afresh from its world (`repair --reset`, its damaged folder deleted); its head."""
        return self._create(chain_id, self.path(chain_id))

    def _create(self, chain_id: int, directory: Path) -> int:
        """The chain's directory, whole: from the cached world (built if need be), written aside, then renamed;
        the world's head block."""
        chain, manifest = self.worlds.load_or_build(chain_id)
        staging = self.root / f".{chain_id}.new-{os.getpid()}"
        shutil.rmtree(staging, ignore_errors=True)
        staging.mkdir()
        _write(staging / "base.snapshot", chain.dump())
        _write(staging / "manifest.json", manifest.to_json().encode())
        bridges = self.worlds.bridges(chain_id)
        if bridges is not None:
            _write(staging / "bridges.json", bridges.to_json().encode())
        _write(staging / "world", world_key().encode())
        try:
            staging.rename(directory)
        except OSError:  # another process made it first: theirs stands
            shutil.rmtree(staging, ignore_errors=True)
        _fsync_dir(self.root)
        return int(chain.head.block_number)

    def _set_aside(self, directory: Path, why: str) -> Path:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        kept = directory.with_name(f"{directory.name}.kept-{stamp}")
        n = 1
        while kept.exists():
            n += 1
            kept = directory.with_name(f"{directory.name}.kept-{stamp}-{n}")
        directory.rename(kept)
        (kept / "WHY.txt").write_text(f"Set aside on {time.ctime()} because {why}.\n")
        return kept


def _problem(directory: Path) -> str | None:
    """Why this chain directory cannot be run as it is, or None."""
    world = directory / "world"
    if not world.exists():
        return "its data is incomplete"
    if world.read_text().strip() != world_key():
        return "the devnet's world changed (new contracts or world code)"
    return None


def _bridges(directory: Path) -> BridgeDeployment | None:
    path = directory / "bridges.json"
    return BridgeDeployment.from_json(path.read_text()) if path.exists() else None


def _write(path: Path, data: bytes) -> None:
    with open(path, "wb") as out:
        out.write(data)
        out.flush()
        os.fsync(out.fileno())


def _fsync_dir(path: Path) -> None:
    if sys.platform == "win32":
        return
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
