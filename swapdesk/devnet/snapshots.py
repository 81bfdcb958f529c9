"""Snapshots of built worlds, cached on disk.

A world is built once per chain (a few seconds of real transactions) and later
starts from its snapshot in milliseconds. The cache key hashes everything the
world depends on (the artifacts of the contracts it deploys, the world spec,
the builder, py-evm's version), so changing any of them rebuilds instead of loading a stale world.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from functools import cache
from importlib import metadata
from pathlib import Path

import platformdirs

from swapdesk.contracts import ARTIFACTS
from swapdesk.devnet.evm import DevChain
from swapdesk.devnet.manifest import Manifest

_HERE = Path(__file__).parent
# modules whose change changes the world (network, provider and rpc do not)
_INPUTS = [_HERE / f"{m}.py" for m in ("world", "builder", "evm", "clock", "accounts", "sender", "manifest")]


@cache
def world_key() -> str:
    from swapdesk.devnet.builder import CONTRACTS

    digest = hashlib.sha256(metadata.version("py-evm").encode())
    for path in [ARTIFACTS / f"{name}.json" for name in sorted(CONTRACTS)] + _INPUTS:
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def default_dir() -> Path:
    root = os.environ.get("SWAPDESK_CACHE_DIR") or platformdirs.user_cache_dir("swapdesk")
    return Path(root) / "devnet"


class SnapshotStore:
    def __init__(self, root: Path | None = None) -> None:
        self.root = (root or default_dir()) / world_key()

    def _paths(self, chain_id: int) -> tuple[Path, Path]:
        return self.root / f"{chain_id}.snapshot", self.root / f"{chain_id}.manifest.json"

    def load(self, chain_id: int) -> tuple[DevChain, Manifest] | None:
        state, manifest = self._paths(chain_id)
        if not (state.exists() and manifest.exists()):
            return None
        try:
            return DevChain.restore(chain_id, state.read_bytes()), Manifest.from_json(manifest.read_text())
        except Exception:  # a torn or foreign file: rebuild rather than fail
            return None

    def save(self, chain: DevChain, manifest: Manifest) -> None:
        state, manifest_path = self._paths(chain.chain_id)
        self.root.mkdir(parents=True, exist_ok=True)
        _write_atomic(state, chain.dump())
        _write_atomic(manifest_path, manifest.to_json().encode())

    def load_or_build(self, chain_id: int) -> tuple[DevChain, Manifest]:
        found = self.load(chain_id)
        if found is not None:
            return found
        from swapdesk.devnet.builder import build

        chain, manifest = build(chain_id)
        self.save(chain, manifest)
        return chain, manifest


def _write_atomic(path: Path, data: bytes) -> None:
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    with os.fdopen(fd, "wb") as out:
        out.write(data)
    os.replace(tmp, path)
