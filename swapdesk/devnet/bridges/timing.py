"""How long the operators take: confirmations, scan lag and waits, at the devnet's speed.

Everything an operator waits for is either blocks (confirmations, counted on the chain, so they accrue
at the chain's block time scaled by the devnet's speed) or wall time divided by that speed (the waits
the real services measure in hours). At speed 1 a cross-chain swap takes 20-60 s, so a person can
watch it move; tests run at 50-200.

Demo scale, per provider (the real figures in brackets):
- confirmations: about 20 s of each chain's blocks after the deposit's (Multichain and cBridge waited
  minutes), a fact the engine's ETAs share (`chains.deposit_confirmations`);
- METAPATH's chain scanner finds a deposit nobody registered ~10 s of blocks after it is confirmed
  (SWFT's scanner lags); a registered order is followed by its hash at once: that is what the order
  callback buys;
- a registered order whose deposit never appears times out after `DEPOSIT_TIMEOUT` s (SWFT: an hour);
- ANYSWAP's big-value wait is `BIG_AMOUNT_WAIT` s (Multichain: 24 hours);
- cBridge's delay period is on chain (`config.CBRIDGE_DELAY_PERIOD`, 300 s), set to 300 s / speed by
  the provider's governance when the operators start.
"""

from __future__ import annotations

import math

from swapdesk.chains import deposit_confirmations
from swapdesk.devnet.clock import BLOCK_SECONDS

DESTINATION_CONFIRMATIONS = 2  # blocks of a payout (its own included) before the operator calls it done
SCAN_LAG_SECONDS = 10.0  # METAPATH: of blocks between a deposit's confirmation and the scanner finding it
DEPOSIT_TIMEOUT = 60.0  # METAPATH: seconds a registered order waits for its deposit
BIG_AMOUNT_WAIT = 60.0  # ANYSWAP: seconds standing for Multichain's 24 hours
DESK_TICK = 1.0  # seconds (at speed 1) between two looks at a chain: an off-chain stage takes one
MIN_POLL = 0.05  # seconds between two polls of one chain, however fast the devnet runs


def confirmations(chain_id: int) -> int:
    """Blocks a deposit on `chain_id` needs, its own included (`chains.deposit_confirmations`: the engine's ETAs
    count the same)."""
    return deposit_confirmations(chain_id)


def scan_lag(chain_id: int) -> int:
    """METAPATH: blocks past confirmation before its scanner sees a deposit nobody registered."""
    return max(1, math.ceil(SCAN_LAG_SECONDS / BLOCK_SECONDS[chain_id]))


def poll_interval(chain_id: int, speed: float) -> float:
    """Seconds between two polls of a chain: its block time, or the desk's tick when shorter, at the
    devnet's speed (an operator looks at least once a block, and moves an off-chain stage a tick)."""
    return max(MIN_POLL, min(BLOCK_SECONDS[chain_id], DESK_TICK) / speed)


def scaled(seconds: float, speed: float) -> float:
    """A wait the real service measures in wall time, at the devnet's speed."""
    return seconds / speed


def delay_period(base: int, speed: float) -> int:
    """cBridge's on-chain delay period at the devnet's speed, whole seconds, at least 1."""
    return max(1, math.ceil(base / speed))
