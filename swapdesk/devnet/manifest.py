"""Where the demo world lives on one devnet chain: the builder's output.

A manifest is the chain's catalogue (`swapdesk.catalogs.Catalog`: what the engine reads, and what the devnet
serves to any engine) and the devnet's own facts beside it, which no engine reads: the discount token, who
deployed the world, the demo accounts, the Vyper pairs' blueprint and the fee collector. It is saved beside
each chain's snapshot.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from swapdesk.catalogs import Catalog, SourceEntry, TokenEntry

__all__ = ["Manifest", "SourceEntry", "TokenEntry"]


@dataclass(frozen=True)
class Manifest(Catalog):
    discount_token: str = ""
    deployer: str = ""
    demo_accounts: list[str] = field(default_factory=list)
    pair_blueprint: str = ""
    fee_collector: str = ""
