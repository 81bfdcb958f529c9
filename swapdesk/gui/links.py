"""Where a hash or an address may be looked at: in the app always, on a public explorer only on real networks.

A devnet hash exists nowhere but here: an explorer link would open a page that does not exist
(etherscan.io for a devnet swap). Whether a chain is the devnet is the trader's backend's word
(`ChainBackend.is_devnet`); when nobody can say (a remote server), no explorer is offered.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from swapdesk.chains import Chain


@dataclass(frozen=True)
class Links:
    is_devnet: Callable[[Chain], bool | None] = lambda _chain: None  # None: cannot say

    def explorer(self, chain: Chain, kind: str, value: str) -> str | None:
        """The public explorer's page (`kind` "tx" or "address"), only for a chain known to be real."""
        return chain.explorer_url(kind, value) if self.is_devnet(chain) is False else None
