"""A chain's time shared between its clients: the process's own work first, the other clients in turn.

A chain answers one call at a time on its own thread, and a call in progress cannot be interrupted (py-evm is
synchronous): every execution is capped instead (`vm.CALL_TIME_CAP`, geth's 5 s; less for a call in an HTTP
batch, `vm.BATCH_CALL_TIME_CAP`). `Turns` decides whose call runs next. A client is in one of two lanes:

    local       this process: the engine's reads (quotes, the window's), the bridge operators
    external    a connection to `/rpc` or `/tron`, named by `serving(address, port)`

A waiting local call goes first. That alone does not bound a quote: between two of its reads the chain is free
and would start an external call, and a quote that reads ten times would wait behind ten of them. So the reads
of one piece of the engine's work (`chain.work`: a quote, with its deadline) hold the chain: from the first of
them until the work ends or its deadline passes, no external call starts. Holds are taken in rounds: once an
external call is waiting, a hold that opens joins the next round, and the next round begins only after one
external call ran. So a quote waits behind at most one external call (the one in progress at its first read,
or the one between rounds), and external clients get a call in at least once a round (a round lasts at most
as long as its quotes' deadlines). Local calls outside any work (the operators') let an external call in after
every `LOCAL_RUN` of them.

External clients take turns round-robin, grouped twice: by address (the groups take turns), and within an
address by connection (its connections take the address's turns in turn). So a connection waits behind at most
one call of each other address and of each other connection of its own.

`recent` keeps the last turns given (whose, and the work they were for): the order in which the chain served.
"""

from __future__ import annotations

import asyncio
import contextvars
from collections import OrderedDict, deque
from collections.abc import AsyncIterator, Hashable, Iterator
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass

from swapdesk.chain import work as engine_work
from swapdesk.chain.work import Work

LOCAL = "local"
LOCAL_RUN = 16  # local calls outside any work, in a row, before a waiting external call goes
RECENT = 1000  # turns remembered in `recent`
Client = tuple[Hashable, Hashable]  # (group, member)
_client: contextvars.ContextVar[Client] = contextvars.ContextVar("devnet_client", default=(LOCAL, LOCAL))


@contextmanager
def serving(group: Hashable, member: Hashable) -> Iterator[None]:
    """Calls made within (by this task and the tasks it starts) are the client `(group, member)`'s."""
    token = _client.set((group, member))
    try:
        yield
    finally:
        _client.reset(token)


@dataclass(frozen=True)
class Turn:
    """A turn given: to whom, and for which of the engine's work (its number) if any."""

    client: Client
    work: int | None

    @property
    def external(self) -> bool:
        return self.client[0] != LOCAL


class _RoundRobin:
    """Queues by key, served in turn: the key served last goes to the back."""

    def __init__(self) -> None:
        self.queues: OrderedDict[Hashable, deque[asyncio.Future[None]]] = OrderedDict()

    def add(self, key: Hashable, waiter: asyncio.Future[None]) -> None:
        self.queues.setdefault(key, deque()).append(waiter)

    def remove(self, key: Hashable, waiter: asyncio.Future[None]) -> None:
        queue = self.queues.get(key)
        if queue is not None and waiter in queue:
            queue.remove(waiter)
            if not queue:
                del self.queues[key]

    def next(self) -> asyncio.Future[None] | None:
        while self.queues:
            key, queue = self.queues.popitem(last=False)
            waiter = queue.popleft()
            if queue:
                self.queues[key] = queue  # back of the line
            if not waiter.done():
                return waiter
        return None


class Turns:
    """One call at a time: the local lane first, holds in rounds, external clients in turn (module doc)."""

    def __init__(self) -> None:
        self._busy = False
        self._local = _RoundRobin()  # one queue: first come, first served
        self._groups: OrderedDict[Hashable, _RoundRobin] = OrderedDict()  # the external lane, by address
        self._holding: dict[Work, asyncio.TimerHandle] = {}  # this round's holds
        self._next_round: dict[Work, asyncio.TimerHandle] = {}
        self._local_run = 0  # local turns since the last external one
        self.recent: deque[Turn] = deque(maxlen=RECENT)

    @asynccontextmanager
    async def turn(self) -> AsyncIterator[None]:
        """Wait for this client's turn; the chain is the caller's until the block ends."""
        client = group, member = _client.get()
        external = group != LOCAL
        work = None if external else engine_work.current()
        if work is not None:
            self._hold(work)
        if self._busy or (external and self._holding):
            waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            lane = self._groups.setdefault(group, _RoundRobin()) if external else self._local
            lane.add(member, waiter)
            try:
                await waiter
            except BaseException:
                if waiter.done() and not waiter.cancelled():
                    self._release()  # the turn was given just as this was cancelled: the next client's
                else:
                    lane.remove(member, waiter)
                    if external and not lane.queues and self._groups.get(group) is lane:
                        del self._groups[group]
                raise
        else:
            self._busy = True
        self._local_run = 0 if external else self._local_run + 1
        self.recent.append(Turn(client, None if work is None else work.number))
        try:
            yield
        finally:
            self._release()

    @property
    def waiting(self) -> int:
        external = sum(len(q) for members in self._groups.values() for q in members.queues.values())
        return external + sum(len(q) for q in self._local.queues.values())

    # -- holds ---------------------------------------------------------------------------

    def _hold(self, work: Work) -> None:
        """The chain kept for `work` from now: in this round, or in the next if an external call waits."""
        if work in self._holding or work in self._next_round:
            return
        round_ = self._next_round if self._holding and self._groups else self._holding
        round_[work] = asyncio.get_running_loop().call_at(work.deadline, self._unhold, work)
        work.on_end(lambda: self._unhold(work))

    def _unhold(self, work: Work) -> None:
        """The work ended, or its deadline passed: the chain is no longer kept for it."""
        timer = self._holding.pop(work, None) or self._next_round.pop(work, None)
        if timer is None:
            return
        timer.cancel()
        if not self._busy:  # idle, perhaps only because of the hold: whoever may go now goes
            self._busy = True
            self._release()

    # -- passing the chain on ------------------------------------------------------------

    def _release(self) -> None:
        """The chain is free: the next call's, or idle."""
        waiter = self._next()
        if waiter is None:
            self._busy = False
        else:
            waiter.set_result(None)  # stays busy: the turn is the waiter's

    def _next(self) -> asyncio.Future[None] | None:
        if not self._holding and self._next_round:  # a round ends: one external call first, if one waits
            self._holding, self._next_round = self._next_round, {}
            if self._groups:
                return self._next_external()
        if self._local.queues and not (self._local_run >= LOCAL_RUN and self._groups and not self._holding):
            return self._local.next()
        if self._groups and not self._holding:
            return self._next_external()
        return self._local.next()

    def _next_external(self) -> asyncio.Future[None] | None:
        while self._groups:
            group, members = self._groups.popitem(last=False)
            waiter = members.next()
            if members.queues:
                self._groups[group] = members  # back of the line
            if waiter is not None:
                return waiter
        return self._local.next()  # every external waiter had gone
