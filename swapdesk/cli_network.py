"""Which network the command line answers from, said first.

The chains of the spec keep their real names on the devnet (its Ethereum is chain 1 too), so a figure from the
demo world could pass for the real network's. Before anything else, each command says on its first line which
of its chains are swapdesk's devnet here (those without a node in Settings); a server answers from its own.
"""

from __future__ import annotations

import sys

from swapdesk.chains import CHAINS, Chain
from swapdesk.session import Session


def say_where(session: Session, chains: list[Chain] | None) -> None:
    """On standard error (standard output may be JSON): which of `chains` (None: any chain) are the devnet."""
    demo = [chain for chain in (chains if chains is not None else CHAINS) if session.is_devnet(chain)]
    if not demo:
        return
    named = "every chain without a node in Settings" if chains is None else ", ".join(c.name for c in demo)
    print(f"answering from swapdesk's devnet, a demo world, for {named} (set a node in Settings for the real one)",
          file=sys.stderr)  # fmt: skip
