"""How long a transfer takes, and what the estimate rests on (`Eta.basis`).

- On the devnet (both chains): the devnet operators' timing, from the confirmations its providers wait (the
  one fact both read, `chains.deposit_confirmations`; cBridge's gateway publishes its own, `block_delay`) and
  the pace of each chain's blocks measured on the chain (so a devnet running fast is estimated fast):
  `confirmations x source block + stages x min(block) + payout blocks x destination block`.
- On real networks: the provider's own estimate where its API gives one (cBridge's median of its last 7
  days); else the median duration of the transfers this engine watched finish on that bridge and route
  (`Observed`, in memory); else no estimate (0 seconds, and the basis says so). Never the devnet's figures.

Waits the providers apply to large amounts (ANYSWAP's big-value wait, cBridge's delay) are not in it: a
route names the amount above which they apply (`RouteLimits.slowAbove`).
"""

from __future__ import annotations

import math
import statistics
import time
from collections import OrderedDict, deque
from dataclasses import dataclass

from swapdesk.chains import deposit_confirmations
from swapdesk.engine.bridges.model import COMPLETED, DONE, PARTIAL, PENDING, Quote, Transfer
from swapdesk.engine.bridges.onchain import ChainReader

PAYOUT_BLOCKS = 2  # a payout's block and one more
DEVNET, PROVIDER = "the devnet's timing", "provider's estimate"
NONE_YET = "no estimate yet: the provider gives none and no transfer on this route was watched to its end"
RECENT = 50  # finished transfers kept per bridge and route
WATCHED = 2_000  # pending transfers remembered, the oldest forgotten first


def confirmations(chain_id: int) -> int:
    """The confirmations METAPATH and ANYSWAP wait for a deposit on the devnet, its own block included."""
    return deposit_confirmations(chain_id)


@dataclass(frozen=True)
class Eta:
    seconds: int
    basis: str  # "the devnet's timing" | "provider's estimate" | "measured from N transfers" | no estimate


Route = tuple[str, int, int]  # bridge, source chain id, destination chain id


class Observed:
    """Durations of the transfers this engine watched from pending to paid, per bridge and route: from the
    deposit's block time to the provider's last stage (or, when the provider gives no times, the moment
    the engine first saw it paid). A transfer first seen already finished says nothing of its duration."""

    def __init__(self) -> None:
        self._pending: OrderedDict[tuple[str, str], int] = OrderedDict()  # (bridge, order) -> deposit time
        self._durations: dict[Route, deque[float]] = {}

    def watch(self, transfer: Transfer, now: float | None = None) -> None:
        deposit, state = transfer.deposit, transfer.progress.normalized
        key = (deposit.bridge, deposit.key)
        if state.status == PENDING:
            self._pending[key] = deposit.timestamp
            self._pending.move_to_end(key)
            while len(self._pending) > WATCHED:
                self._pending.popitem(last=False)
            return
        started = self._pending.pop(key, None)
        if started is None or state.status != DONE or state.substatus not in (COMPLETED, PARTIAL):
            return
        steps = transfer.progress.steps
        last = steps[-1].time_ms / 1000 if steps else 0.0
        finished = last if last > started else (time.time() if now is None else now)
        if finished > started:
            route = (deposit.bridge, deposit.src.chain.id, deposit.dst.chain.id)
            self._durations.setdefault(route, deque(maxlen=RECENT)).append(finished - started)

    def median(self, bridge: str, src: int, dst: int) -> tuple[int, int] | None:
        """The median duration (seconds) and how many transfers it rests on; None before the first."""
        found = self._durations.get((bridge, src, dst))
        if not found:
            return None
        return max(1, math.ceil(statistics.median(found))), len(found)


async def estimate(quote: Quote, chains: ChainReader, observed: Observed) -> Eta:
    src, dst = quote.src.chain, quote.dst.chain
    if chains.backend.is_devnet(src) and chains.backend.is_devnet(dst):
        return Eta(await devnet_seconds(quote, chains), DEVNET)
    if quote.provider_eta:
        return Eta(quote.provider_eta, PROVIDER)
    measured = observed.median(quote.bridge, src.id, dst.id)
    if measured is not None:
        seconds, count = measured
        return Eta(seconds, f"measured from {count} transfer{'s' if count != 1 else ''}")
    return Eta(0, NONE_YET)


async def devnet_seconds(quote: Quote, chains: ChainReader) -> int:
    src = await chains.block_seconds(quote.src.chain)
    dst = await chains.block_seconds(quote.dst.chain)
    seconds = quote.confirmations * src + quote.stages * min(src, dst) + PAYOUT_BLOCKS * dst
    return max(1, math.ceil(seconds))
