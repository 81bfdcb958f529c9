"""The engine's estimate of a devnet transfer counts the confirmations the devnet's operators wait: one fact
(`chains.deposit_confirmations`), tied here on every chain, as the engine may not import the devnet."""

from __future__ import annotations

from swapdesk.chains import CHAINS
from swapdesk.devnet.bridges import timing
from swapdesk.engine.bridges import eta


def test_the_etas_count_the_confirmations_the_devnets_operators_wait_on_every_chain() -> None:
    differ = {
        chain.flag: (eta.confirmations(chain.id), timing.confirmations(chain.id))
        for chain in CHAINS
        if eta.confirmations(chain.id) != timing.confirmations(chain.id)
    }
    assert not differ, f"the ETA's count against the operators' wait, by chain: {differ}"
