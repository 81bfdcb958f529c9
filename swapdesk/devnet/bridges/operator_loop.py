"""The loop every provider's operator runs: watch each chain, keep what it finds, move each order on.

Each chain is polled at its block time (or the desk's tick when shorter), at the devnet's speed, as a
real operator polls its node: the chains that run now (nothing new can happen on one that does not) and
the chains that open orders wait on (a payout to a chain not started yet starts it). One poll:

1. the head, and whether the chain went back: a repair or a reset left its record (`devnet.rewinds`), or
   the last block scanned is no longer what it was. Then every order touching the chain is judged again
   against the chains as they are now (`rejudge`), before anything else happens on it, and it is scanned
   again from before the blocks lost (docs/providers.md, "When a chain goes back");
2. `eth_getLogs` of the provider's contracts from the cursor (at first: the block that created them) up
   to the head (less the provider's scan lag); new orders are kept together with the cursor, in one
   transaction, so a crash neither loses nor doubles one;
3. each open order that waits on this chain moves one stage on, if its time has come.

A provider says which contracts and events it watches, what an event means (`found`), and how an order
moves on (`advance`). Nothing one order does stops the loop: a failure is logged and tried again at
the next poll.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from abc import ABC, abstractmethod
from typing import ClassVar

from swapdesk.devnet.bridges import rejudge, timing
from swapdesk.devnet.bridges.client import MAX_LOG_BLOCKS, ChainStopped, Log, RpcFailure, parse_log
from swapdesk.devnet.bridges.context import BridgeWorld
from swapdesk.devnet.bridges.deployment import BridgeDeployment
from swapdesk.devnet.bridges.payer import Payer
from swapdesk.devnet.bridges.rejudge import Outcome
from swapdesk.devnet.bridges.store import Machine, Order, OrderStore, StaleOrder
from swapdesk.off_loop import off_loop

log = logging.getLogger(__name__)

MAX_ORDERS_PER_POLL = 500  # a poll moves at most this many orders; the rest wait for the next one
REWINDS_EVERY = 1.0  # seconds between two looks for chains that went back while no order needed them
CURSOR_EVERY = 256  # blocks scanned with nothing found before the cursor is kept: after a crash, at most
# these are scanned again (finding nothing new: a kept order is never added twice)


class Operator(ABC):
    name: ClassVar[str]
    machine: ClassVar[Machine]
    topics: ClassVar[tuple[bytes, ...]]  # first topics of the events it watches
    outcomes: ClassVar[tuple[Outcome, ...]]  # the transactions its orders' states stand on, the payout first
    payer_key: ClassVar[bytes]  # the account that sends its transactions: payouts, settlements, refunds

    def __init__(self, world: BridgeWorld, store: OrderStore) -> None:
        self.world = world
        self.store = store
        self.polls = 0  # for tests and benchmarks: how many polls ran
        self._stop = asyncio.Event()
        self._next_poll: dict[int, float] = {}
        self._scanned: dict[int, tuple[int, str] | None] = {}  # per chain, the last block scanned and its hash
        self._kept: dict[int, int] = {}  # and the last one whose cursor is kept (-1: none)
        self._went_back: set[int] = set()  # chains whose orders are to be judged again (`rejudge`)
        self._rewinds_seen = 0.0  # when the chains' folders were last looked at for a rewind's record
        self._payers: dict[int, Payer] = {}

    def payer(self, chain_id: int) -> Payer:
        """Its sender on a chain: one a chain, which keeps its nonces in order."""
        if chain_id not in self._payers:
            self._payers[chain_id] = Payer(self.world.client(chain_id), self.payer_key, self.store)
        return self._payers[chain_id]

    # -- what a provider says -------------------------------------------------------------------

    @abstractmethod
    def watched(self, deployment: BridgeDeployment) -> list[str]:
        """The contracts whose events it watches on a chain."""

    @abstractmethod
    async def found(self, chain_id: int, logs: list[Log]) -> list[Order]:
        """The orders new events make (an event about a kept order moves that order itself)."""

    @abstractmethod
    async def advance(self, order: Order, head: int) -> None:
        """Move an order on by one stage if it can; `head` is the head of the chain it waits on."""

    async def first_look(self, chain_id: int) -> None:  # noqa: B027 - most providers need none
        """Work on a chain each time it starts running, before its first poll."""

    def scan_lag(self, chain_id: int) -> int:
        """Blocks below the head its scanner stays (METAPATH's scanner lags)."""
        return 0

    async def resettle(self, order: Order) -> None:  # noqa: B027 - most providers record nothing at the source
        """After the order's source went back, its deposit still there: what it recorded there of the payout,
        recorded again if it is gone (`rejudge`)."""

    # -- running --------------------------------------------------------------------------------

    async def run(self) -> None:
        while not self._stop.is_set():
            now = time.monotonic()
            running = self.world.running()
            for gone in set(self._scanned) - running:  # stopped: look at its cursor again when it runs
                self._scanned.pop(gone)
            chains = running | await off_loop(self.store.awaited_chains) | await self._rewound()
            for chain_id in sorted(chains):
                if self._next_poll.get(chain_id, 0.0) <= now:
                    self._next_poll[chain_id] = now + timing.poll_interval(chain_id, self.world.speed)
                    await self._poll_safely(chain_id)
            soonest = min((self._next_poll[c] for c in chains), default=now + timing.DESK_TICK)
            pause = min(timing.DESK_TICK, max(0.0, soonest - time.monotonic()))
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._stop.wait(), timeout=pause)

    def stop(self) -> None:
        self._stop.set()

    async def _rewound(self) -> set[int]:
        """The chains whose orders wait to be judged again, and (once a second) those a repair or a reset left
        its record in: each is looked at, started if it is not running, as a user would start it."""
        if time.monotonic() - self._rewinds_seen >= REWINDS_EVERY:
            self._rewinds_seen = time.monotonic()
            self._went_back = set(await off_loop(self.store.rewinds)) | await off_loop(self.world.rewound_chains)
        return self._went_back

    async def need(self, chain_id: int) -> None:
        """A chain an order needs now besides the one it waits on (its source, to record its payout): started
        if it does not run, as a user sending there would start it."""
        if chain_id not in self.world.running():
            await self.world.devnet.start(chain_id)

    async def _poll_safely(self, chain_id: int) -> None:
        try:
            await self.poll(chain_id)
        except ChainStopped:
            pass  # stopped under the poll: looked at again when it runs
        except RpcFailure as exc:
            log.warning("%s: chain %s: %s", self.name, chain_id, exc)
        except Exception:
            log.exception("%s: polling chain %s failed", self.name, chain_id)

    async def poll(self, chain_id: int) -> None:
        """One look at a chain: its news, then the orders waiting on it."""
        self.polls += 1
        if chain_id not in self.world.running():  # stopped since the loop looked (a reset?), or never started
            if chain_id not in await off_loop(self.store.awaited_chains) | self._went_back:
                return
            await self.world.devnet.start(chain_id)  # an order waits on it: start it, as a user sending there would
        head = await self._look(chain_id)
        rewinds = await off_loop(self.store.rewinds)
        if chain_id in rewinds:  # its orders judged again before anything else happens on it
            if not await rejudge.judge_chain(self, chain_id, *rewinds.pop(chain_id)):
                return  # more of them at the next poll
            self._went_back.discard(chain_id)
        await self._scan(chain_id, head)
        now = time.time()
        for order in await off_loop(self.store.waiting, chain_id, MAX_ORDERS_PER_POLL):
            if order.due > now or order.src_chain in rewinds or order.dst_chain in rewinds:
                continue  # not yet due, or touching a chain whose orders are still to be judged again
            try:
                await self.advance(order, head)
            except ChainStopped:
                return  # a chain it needs stopped under it: the next poll goes on
            except StaleOrder:
                pass  # moved meanwhile (by the provider's API): looked at again next poll
            except RpcFailure as exc:
                log.warning("%s: order %s: %s", self.name, order.id, exc)
            except Exception:
                log.exception("%s: order %s could not move on", self.name, order.id)

    async def _look(self, chain_id: int) -> int:
        """The chain's head, once sure the chain is still the one scanned: one that went back is noted for its
        orders to be judged again."""
        client = self.world.client(chain_id)
        if chain_id not in self._scanned:
            await self.first_look(chain_id)
            kept = await off_loop(self.store.cursor, chain_id)
            self._scanned[chain_id], self._kept[chain_id] = kept, kept[0] if kept else -1
        record = await off_loop(self.world.rewound, chain_id, self.name)
        if record is not None:  # a repair or a reset said from which block: noted, then its record let go
            await self._noted(chain_id, record.first_lost)
            await off_loop(self.world.took, chain_id, self.name, record)
        scanned = self._scanned[chain_id]
        if scanned is None:
            return await client.head()
        head, block = await client.many(("eth_blockNumber",), ("eth_getBlockByNumber", hex(scanned[0]), False))
        if block is None or block["hash"] != scanned[1]:  # that block is not what it was: the chain went back
            await self._noted(chain_id, 0)  # from where, nothing says: every order touching it is judged again
        return int(head, 16)

    async def _noted(self, chain_id: int, first_lost: int) -> None:
        """A chain went back from `first_lost` (0: not known): kept for its orders to be judged again, and
        scanned again from its cursor if that lies before the blocks lost, else from the start."""
        kept = await off_loop(self.store.rewound, chain_id, first_lost)
        self.world.forget(chain_id)
        self._scanned[chain_id], self._kept[chain_id] = kept, kept[0] if kept else -1
        self._went_back.add(chain_id)
        log.warning("%s: chain %s went back (from block #%s): its orders are judged again", self.name, chain_id,
                    first_lost or "?")  # fmt: skip

    async def _scan(self, chain_id: int, head: int) -> None:
        deployment = await self.world.deployment(chain_id)
        if deployment is None:
            return
        client, watched = self.world.client(chain_id), self.watched(deployment)
        scanned = self._scanned[chain_id]
        first = scanned[0] + 1 if scanned else await client.deployed_at(watched[0], head)
        last = min(head - self.scan_lag(chain_id), first + MAX_LOG_BLOCKS - 1)
        if last < first:
            return
        logs, block = await client.many(
            ("eth_getLogs", client.log_query(first, last, watched, list(self.topics))),
            ("eth_getBlockByNumber", hex(last), False),
        )
        new = await self.found(chain_id, [parse_log(raw) for raw in logs])
        for order in await off_loop(self.store.lost_deposits, [o.id for o in new]) if new else []:
            await self.resettle(order)  # a deposit lost with its chain landed again: recorded paid at its source
        if new or self._kept[chain_id] < 0 or last - self._kept[chain_id] >= CURSOR_EVERY:
            await off_loop(self.store.scanned, chain_id, last, block["hash"], new)  # (then it is no longer lost)
            self._kept[chain_id] = last
        self._scanned[chain_id] = (last, block["hash"])
