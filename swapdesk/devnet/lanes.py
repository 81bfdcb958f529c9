"""A chain's time shared between its clients: the process's own work first, the other clients in turn.

A chain answers one call at a time on its own thread, and a call in progress cannot be interrupted (py-evm is
synchronous): every execution is capped instead (`vm.CALL_TIME_CAP`, geth's 5 s; 1 s for an `eth_call` in an
HTTP batch, `vm.BATCH_CALL_TIME_CAP`). `Lanes` decides whose call runs next, from three lanes in this order:

    local       this process: the engine's reads (quotes, the window's), the bridge operators
    light       an HTTP client's call that executes nothing and reads little (`rpc.LIGHT`: eth_blockNumber,
                a balance, a receipt...): a few milliseconds at most
    heavy       any other call of an HTTP client (`/rpc` or `/tron`): up to the time cap

A lane that waits gets a call in after `RUN` turns in a row of the lanes before it, so none waits for ever.

That alone does not bound a quote: between two of its reads the chain is free and would start a heavy call, and
a quote that reads ten times would wait behind ten of them. So the reads of one piece of the engine's work
(`chain.work`: a quote, with its deadline) hold the chain: from the first of them until the work ends or its
deadline passes, no heavy call starts (light ones still do). Holds are taken in rounds: once a heavy call is
waiting, a hold that opens joins the next round, and the next round begins only after one heavy call ran. So a
quote waits behind at most one heavy call (the one in progress at its first read, or the one between rounds),
and heavy calls get in at least once a round (a round lasts at most as long as its quotes' deadlines).

Within a lane, HTTP clients take turns round-robin, grouped twice: by address (the groups take turns), and within
an address by connection (its connections take the address's turns in turn), each named by `serving`.

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
RUN = 16  # turns of the lanes before it, in a row, after which a waiting lane's call goes
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
    """A turn given: to whom, whether its call was light, and for which of the engine's work (its number)."""

    client: Client
    light: bool
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

    def __len__(self) -> int:
        return sum(len(queue) for queue in self.queues.values())


class _Lane:
    """Waiting calls by group, and within a group by member, each served in turn."""

    def __init__(self) -> None:
        self.groups: OrderedDict[Hashable, _RoundRobin] = OrderedDict()

    def add(self, client: Client, waiter: asyncio.Future[None]) -> None:
        group, member = client
        self.groups.setdefault(group, _RoundRobin()).add(member, waiter)

    def remove(self, client: Client, waiter: asyncio.Future[None]) -> None:
        group, member = client
        members = self.groups.get(group)
        if members is not None:
            members.remove(member, waiter)
            if not members.queues:
                del self.groups[group]

    def next(self) -> asyncio.Future[None] | None:
        while self.groups:
            group, members = self.groups.popitem(last=False)
            waiter = members.next()
            if members.queues:
                self.groups[group] = members  # back of the line
            if waiter is not None:
                return waiter
        return None

    def __len__(self) -> int:
        return sum(len(members) for members in self.groups.values())


class Lanes:
    """One call at a time: lanes in order, holds in rounds, clients in turn (module doc)."""

    def __init__(self) -> None:
        self._busy = False
        self._local, self._light, self._heavy = _Lane(), _Lane(), _Lane()
        self._lanes = (self._local, self._light, self._heavy)
        self._passed_over = {id(lane): 0 for lane in self._lanes}  # turns the lanes before it had while it waited
        self._holding: dict[Work, asyncio.TimerHandle] = {}  # this round's holds
        self._next_round: dict[Work, asyncio.TimerHandle] = {}
        self.recent: deque[Turn] = deque(maxlen=RECENT)

    @asynccontextmanager
    async def turn(self, light: bool = False) -> AsyncIterator[None]:
        """Wait for this client's turn (`light`: its call executes nothing and reads little); the chain is the
        caller's until the block ends."""
        client = _client.get()
        external = client[0] != LOCAL
        work = None if external else engine_work.current()
        if work is not None:
            self._hold(work)
        lane = self._light if external and light else self._heavy if external else self._local
        if self._busy or (lane is self._heavy and self._holding):
            waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            lane.add(client, waiter)
            try:
                await waiter
            except BaseException:
                if waiter.done() and not waiter.cancelled():
                    self._release()  # the turn was given just as this was cancelled: the next client's
                else:
                    lane.remove(client, waiter)
                raise
        else:
            self._busy = True
        self.recent.append(Turn(client, light and external, None if work is None else work.number))
        try:
            yield
        finally:
            self._release()

    @property
    def waiting(self) -> int:
        return sum(len(lane) for lane in self._lanes)

    # -- holds ---------------------------------------------------------------------------

    def _hold(self, work: Work) -> None:
        """The chain kept for `work` from now: in this round, or in the next if a heavy call waits."""
        if work in self._holding or work in self._next_round:
            return
        round_ = self._next_round if self._holding and self._heavy else self._holding
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
        if not self._holding and self._next_round:  # a round ends: one heavy call first, if one waits
            self._holding, self._next_round = self._next_round, {}
            waiter = self._heavy.next()
            if waiter is not None:
                self._served(self._heavy)
                return waiter
        while True:
            waiting = [lane for lane in self._lanes if lane and not (lane is self._heavy and self._holding)]
            if not waiting:
                return None
            lane = next((w for w in waiting[1:] if self._passed_over[id(w)] >= RUN), waiting[0])
            waiter = lane.next()
            if waiter is not None:
                self._served(lane, waiting)
                return waiter

    def _served(self, lane: _Lane, waiting: list[_Lane] | None = None) -> None:
        """A turn goes to `lane`: the lanes after it that wait were passed over once more."""
        self._passed_over[id(lane)] = 0
        for other in waiting or ():
            if self._lanes.index(other) > self._lanes.index(lane):
                self._passed_over[id(other)] += 1
