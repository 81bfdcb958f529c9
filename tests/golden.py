"""The golden corpus of recorded mainnet state (`../shared/golden/` beside the repository), read by every test of
pool math. It is the truth for that math: a recording that is not there fails the test that needs it, never skips
it, so a checkout without the corpus cannot pass for a green one."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

GOLDEN = (Path(__file__).resolve().parents[1] / ".." / "shared" / "golden").resolve()


def golden(chain_id: int, name: str) -> Path:
    """A recording's path: `../shared/golden/<chain id>/<name>`."""
    return GOLDEN / str(chain_id) / name


def load(path: Path) -> Any:
    """A recording's JSON; the test fails, naming the file, when it is missing."""
    assert path.is_file(), f"the golden corpus is missing: {path} (../shared beside the repository)"
    return json.loads(path.read_text())
