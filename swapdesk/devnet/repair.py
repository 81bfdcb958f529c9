"""`swapdesk devnet repair`: the user's choice for chains whose data is damaged (see `damage`), chain by chain."""

from __future__ import annotations

import sys

from swapdesk.chains import Chain
from swapdesk.devnet.chaindata import ChainData, ChainInUse
from swapdesk.devnet.damage import ChainDamaged


def repair(chains: list[Chain], keep_prefix: bool, data: ChainData | None = None) -> int:
    """Keep what precedes each chain's damage (`keep_prefix`), or start it over; what was done, in words, one line
    a chain; the exit status (1: a chain was refused: another process runs it, or the choice cannot be made)."""
    data = data or ChainData()
    status = 0
    for chain in chains:
        try:
            done = data.repair(chain.id, chain.flag, chain.name, keep_prefix)
        except (ChainInUse, ChainDamaged) as exc:
            print(f"{chain.flag}: {exc}", file=sys.stderr)
            status = 1
            continue
        print(f"{chain.flag:6} {done}")
    return status
