"""Snapshots of built worlds, cached on disk.

A world is built once per chain (a few seconds of real transactions) and later
starts from its snapshot in milliseconds. The cache key hashes everything the
world depends on (the artifacts of the contracts it deploys, the world spec,
the builder, py-evm's version), so changing any of them rebuilds instead of loading a stale world.

A bundled app (scripts/bundle.py) ships the worlds built ahead in its `worlds/` folder, read when the cache has
none of a chain's world, so its first start builds nothing; what is built is written to the cache only.
"""

from __future__ import annotations

import hashlib
import os
import sys
import tempfile
from functools import cache
from importlib import metadata
from pathlib import Path
from typing import TYPE_CHECKING

import platformdirs

from swapdesk.contracts import ARTIFACTS, VENDORED
from swapdesk.devnet.bridges.deployment import BridgeDeployment
from swapdesk.devnet.evm import DevChain
from swapdesk.devnet.manifest import Manifest

if TYPE_CHECKING:
    from swapdesk.devnet.builder import Built
    from swapdesk.devnet.world_builds import WorldBuilds

_HERE = Path(__file__).parent
# modules whose change changes the world (network, provider and rpc do not)
_INPUTS = (
    [_HERE / f"{m}.py" for m in ("world", "builder", "uniswap", "evm", "vm", "clock", "accounts", "sender", "manifest")]
    + [_HERE / "bridges" / f"{m}.py" for m in ("config", "deploy", "deployment", "operators")]
    + [_HERE / "tron" / "contracts.py"]
)


@cache
def world_key() -> str:
    from swapdesk.devnet.builder import CONTRACTS, VENDORED_CONTRACTS

    digest = hashlib.sha256(metadata.version("py-evm").encode())
    artifacts = [ARTIFACTS / f"{name}.json" for name in sorted(CONTRACTS)]
    artifacts += [VENDORED / f"{name}.json" for name in sorted(VENDORED_CONTRACTS)]
    for path in artifacts + _INPUTS:
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def default_dir() -> Path:
    root = os.environ.get("SWAPDESK_CACHE_DIR") or platformdirs.user_cache_dir("swapdesk")
    return Path(root) / "devnet"


def bundled_dir() -> Path | None:
    """The worlds a bundled app carries (PyInstaller's bootloader sets `sys._MEIPASS` to the bundle's contents)."""
    bundle = getattr(sys, "_MEIPASS", None)
    return Path(bundle) / "worlds" if bundle is not None else None


class SnapshotStore:
    def __init__(self, root: Path | None = None) -> None:
        self.base = root or default_dir()
        self.root = self.base / world_key()
        self.builds: WorldBuilds | None = None  # worlds being built ahead in other processes (a fresh profile)
        shipped = bundled_dir() if root is None else None
        self.shipped = shipped / world_key() if shipped is not None else None  # read-only: never saved to

    def _where(self, chain_id: int) -> Path:
        """The cache, where it has this chain's world; else the bundle's worlds, where they have it."""
        for root in (self.root, self.shipped):
            if root is not None and (root / f"{chain_id}.snapshot").exists():
                return root
        return self.root

    def _paths(self, chain_id: int, root: Path) -> tuple[Path, Path]:
        return root / f"{chain_id}.snapshot", root / f"{chain_id}.manifest.json"

    def _bridges_path(self, chain_id: int, root: Path) -> Path:
        return root / f"{chain_id}.bridges.json"

    def has(self, chain_id: int) -> bool:
        """Whether this chain's world is here to load (else it is built when first needed)."""
        return all(path.exists() for path in self._paths(chain_id, self._where(chain_id)))

    def load(self, chain_id: int) -> tuple[DevChain, Manifest] | None:
        state, manifest = self._paths(chain_id, self._where(chain_id))
        if not (state.exists() and manifest.exists()):
            return None
        try:
            return DevChain.restore(chain_id, state.read_bytes()), Manifest.from_json(manifest.read_text())
        except Exception:  # a torn or foreign file: rebuild rather than fail
            return None

    def bridges(self, chain_id: int) -> BridgeDeployment | None:
        """Where the bridges are on this chain's world (None where the spec names no bridge)."""
        path = self._bridges_path(chain_id, self._where(chain_id))
        return BridgeDeployment.from_json(path.read_text()) if path.exists() else None

    def save(self, world: Built) -> None:
        state, manifest_path = self._paths(world.chain.chain_id, self.root)
        self.root.mkdir(parents=True, exist_ok=True)
        if world.bridges is not None:  # first: a world whose snapshot is there is whole
            _write_atomic(self._bridges_path(world.chain.chain_id, self.root), world.bridges.to_json().encode())
        _write_atomic(manifest_path, world.manifest.to_json().encode())
        _write_atomic(state, world.chain.dump())

    def load_or_build(self, chain_id: int) -> tuple[DevChain, Manifest]:
        found = self.load(chain_id)
        if found is not None:
            return found
        if self.builds is None:
            return self._build(chain_id)
        with self.builds.turn(chain_id) as here:  # a worker's world, or this process's turn to build it
            found = None if here else self.load(chain_id)
            return found or self._build(chain_id)

    def _build(self, chain_id: int) -> tuple[DevChain, Manifest]:
        from swapdesk.devnet.builder import build

        world = build(chain_id)
        self.save(world)
        return world.chain, world.manifest


def _write_atomic(path: Path, data: bytes) -> None:
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    with os.fdopen(fd, "wb") as out:
        out.write(data)
    os.replace(tmp, path)
