"""A chain that went back: the record a repair or a reset leaves in the chain's folder for whoever judges the
cross-chain orders touching it again (the bridge operators).

    <data>/devnet/<chain id>/repaired.json
    {"chain_id": 56, "first_lost_block": 1167, "choice": "keep-prefix", "repaired_at": "2026-01-31T12:00:00"}

`first_lost_block` is the first block whose transactions are gone: every order with a deposit or a payout on the
chain at or after it must be judged again. The record is written aside, fsynced and renamed; a later rewind before
it is read keeps the lower block. Its readers delete it once each has taken it (`remove`).
"""

from __future__ import annotations

import json
import os
import time
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path

from swapdesk.devnet.journal import fsync_dir

RECORD = "repaired.json"


@dataclass(frozen=True)
class Rewound:
    chain_id: int
    first_lost: int  # the first block whose transactions are gone
    choice: str  # keep-prefix, reset


def leave(directory: Path, chain_id: int, first_lost: int, choice: str) -> int:
    """The record written in the chain's folder (the lower block kept if one is there unread); its first lost
    block."""
    earlier = read(directory)
    if earlier is not None:
        first_lost = min(first_lost, earlier.first_lost)
    record = {"chain_id": chain_id, "first_lost_block": first_lost, "choice": choice,
              "repaired_at": time.strftime("%Y-%m-%dT%H:%M:%S")}  # fmt: skip
    path = directory / RECORD
    staging = path.with_name(path.name + ".new")
    with open(staging, "w") as out:
        out.write(json.dumps(record, indent=1) + "\n")
        out.flush()
        os.fsync(out.fileno())
    staging.replace(path)
    fsync_dir(directory)
    return first_lost


def read(directory: Path) -> Rewound | None:
    """The record in a chain's folder; None when there is none (or it is not one: never written whole)."""
    with suppress(OSError, ValueError, KeyError, TypeError):
        found = json.loads((directory / RECORD).read_text())
        return Rewound(int(found["chain_id"]), int(found["first_lost_block"]), str(found.get("choice", "")))
    return None


def remove(directory: Path, taken: Rewound) -> None:
    """The record deleted once its readers took it: unless a later rewind wrote another meanwhile."""
    if read(directory) == taken:
        with suppress(FileNotFoundError):
            (directory / RECORD).unlink()
