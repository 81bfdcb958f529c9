"""A real JSON-RPC node for tests: anvil (npm package @foundry-rs/anvil, installed by scripts/test)."""

from __future__ import annotations

import queue
import shutil
import subprocess
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


def _binary() -> str:
    found = shutil.which("anvil") or REPO / "node_modules" / ".bin" / "anvil"
    if not Path(found).exists():
        pytest.fail("anvil is missing: `bash scripts/test` installs it (npm package @foundry-rs/anvil)")
    return str(found)


@contextmanager
def running_anvil(chain_id: int, *options: str) -> Iterator[str]:
    """anvil on a free loopback port (with anvil's `options`, such as --prune-history); yields its URL once it
    listens."""
    process = subprocess.Popen(
        [_binary(), "--chain-id", str(chain_id), "--port", "0", "--balance", "1000000000000", *options],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    listening: queue.Queue[str | None] = queue.Queue()

    def drain() -> None:
        # anvil says where it listens once it does, then logs every request: keep
        # reading, or a full pipe would block it
        assert process.stdout is not None
        for line in process.stdout:
            if line.startswith("Listening on "):
                listening.put("http://" + line.split()[-1])
        listening.put(None)

    threading.Thread(target=drain, daemon=True).start()
    try:
        url = listening.get(timeout=120)
        assert url is not None, "anvil exited before listening"
        yield url
    finally:
        process.terminate()
        process.wait(timeout=30)
