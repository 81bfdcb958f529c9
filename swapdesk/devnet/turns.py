"""A chain's time shared fairly between its clients: turns taken round-robin, one call per turn.

A chain answers one call at a time on its own thread. Taken first come, first served, two clients that keep
many heavy `eth_call` batches in flight fill the queue, and a quote's every read waits behind all of them
(5 s each at most: geth's EVM timeout). `Turns` gives the chain's thread to one call at a time, and to the
clients in turn: each waiting client has a queue of its own, and the next call is the first of the next
client's queue, round-robin. Clients are grouped twice:

    group       whose: `LOCAL` (this process: the engine's quotes, the bridge operators), or the address a
                connection to `/rpc` or `/tron` came from
    member      within a group: `LOCAL`, or the connection (its port)

The groups take turns, and the members of a group take the group's turns in turn. So a call of the engine waits
behind at most one call of HTTP clients however many connections they flood with, and among HTTP clients, a
connection waits behind at most one call of each other connection of its address. `serving(group, member)`
names the client of everything the current task runs; unnamed, a call is `LOCAL`'s.
"""

from __future__ import annotations

import asyncio
import contextvars
from collections import OrderedDict, deque
from collections.abc import AsyncIterator, Hashable, Iterator
from contextlib import asynccontextmanager, contextmanager

LOCAL = "local"
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
    """One call at a time, the clients in turn (module doc)."""

    def __init__(self) -> None:
        self._busy = False
        self._groups: OrderedDict[Hashable, _RoundRobin] = OrderedDict()

    @asynccontextmanager
    async def turn(self) -> AsyncIterator[None]:
        """Wait for this client's turn; the chain is the caller's until the block ends."""
        group, member = _client.get()
        if self._busy or self._groups:
            waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            members = self._groups.setdefault(group, _RoundRobin())
            members.add(member, waiter)
            try:
                await waiter
            except BaseException:
                if waiter.done() and not waiter.cancelled():
                    self._pass_on()  # the turn was given just as this was cancelled: the next client's
                else:
                    members.remove(member, waiter)
                    if not members.queues and self._groups.get(group) is members:
                        del self._groups[group]
                raise
        else:
            self._busy = True
        try:
            yield
        finally:
            self._pass_on()

    def _pass_on(self) -> None:
        while self._groups:
            group, members = self._groups.popitem(last=False)
            waiter = members.next()
            if members.queues:
                self._groups[group] = members  # back of the line
            if waiter is not None:
                waiter.set_result(None)  # stays busy: the turn is the waiter's
                return
        self._busy = False

    @property
    def waiting(self) -> int:
        return sum(len(q) for members in self._groups.values() for q in members.queues.values())
