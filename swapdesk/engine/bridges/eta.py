"""How long a transfer takes, estimated as a client can: the confirmations each provider publishes, and
the pace of each chain's blocks measured on the chain itself (so a devnet running fast is estimated fast).

    eta = confirmations x source block + stages x min(block) + payout blocks x destination block

A stage is one of the provider's off-chain steps (pricing, signing), about a block of the faster chain.
Waits the providers apply to large amounts (ANYSWAP's big-value wait, cBridge's delay) are not in it: a
route names the amount above which they apply (`RouteLimits.slowAbove`).
"""

from __future__ import annotations

import math

from swapdesk.engine.bridges.model import Quote
from swapdesk.engine.bridges.onchain import ChainReader

# The confirmations METAPATH and ANYSWAP publish for a deposit, its own block included (docs/providers.md;
# cBridge's gateway gives its own per chain: `block_delay`).
CONFIRMATIONS = {1: 3, 56: 8, 66: 8, 128: 8, 321: 8, 95500: 8, 137: 11, 43114: 11, 250: 21}
DEFAULT_CONFIRMATIONS = 12
PAYOUT_BLOCKS = 2  # a payout's block and one more


def confirmations(chain_id: int) -> int:
    return CONFIRMATIONS.get(chain_id, DEFAULT_CONFIRMATIONS)


async def eta_seconds(quote: Quote, chains: ChainReader) -> int:
    src = await chains.block_seconds(quote.src.chain)
    dst = await chains.block_seconds(quote.dst.chain)
    seconds = quote.confirmations * src + quote.stages * min(src, dst) + PAYOUT_BLOCKS * dst
    return max(1, math.ceil(seconds))
