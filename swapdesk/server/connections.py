"""Bounds on connections, so that idle sockets cannot lock the API out.

uvicorn alone keeps a connection that never finishes its request head for ever, and accepts connections
until the process runs out of file descriptors: then every accept fails (asyncio logs each failure), and
nobody is served. `GuardedH11Protocol` (uvicorn's h11 protocol, as `server.run.config` selects) adds:

- a deadline for a request head: `HEAD_TIMEOUT` seconds from the connection (or from the end of the previous
  answer on a kept-alive connection) to the end of the request line and headers; then the connection is closed.
- a cap on open connections: `max_connections()`, below the open-file limit by `FD_RESERVE` descriptors kept
  for the server's own files and outgoing connections, and by three batches of accepts: asyncio accepts up to
  `ACCEPT_BATCH` connections (the listen backlog, `server.run` sets it) at a time, before any of them is seen
  here, so accepting never fails for want of a descriptor.
- a reserve for new clients: at the cap, a new connection takes the place of the connection that has waited
  longest for a request head (idle sockets yield to clients with something to ask). Only when every
  connection is busy with a request is the new one refused (closed at once).
- a bound on the memory unfinished heads hold together: each may grow to `server.run.MAX_HEAD` (2 MiB, so
  that a long URL can still be answered 414), but past `HEADS_BUDGET` bytes in all, the connection holding
  the largest unfinished head is closed.
- one log line per `LOG_EVERY` seconds for connections evicted or refused, with how many, not one per accept;
  and should accepting fail anyway (descriptors taken by something else), asyncio's error for it, with its
  traceback, at most once per `LOG_EVERY` seconds (`QuietAcceptErrors`).
"""

from __future__ import annotations

import asyncio
import logging
import sys
import time
from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol

log = logging.getLogger(__name__)
HEAD_TIMEOUT = 10.0  # seconds to receive a request's line and headers
FD_RESERVE = 128  # descriptors never used for clients: journals, stores, outgoing HTTP, logs
ACCEPT_BATCH = 128  # connections asyncio accepts in one go: the listen backlog
MOST_CONNECTIONS = 1000  # the cap when the open-file limit allows more
HEADS_BUDGET = 64 * 1024 * 1024  # bytes of unfinished request heads buffered across all connections
LOG_EVERY = 60.0  # seconds between two log lines about connections dropped at the cap


def max_connections() -> int:
    """Clients served at once: `MOST_CONNECTIONS`, or fewer when the open-file limit leaves less room."""
    if sys.platform == "win32":  # no open-file rlimit there (and the Proactor loop has no select() cap)
        return MOST_CONNECTIONS
    import resource  # POSIX only

    soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return MOST_CONNECTIONS
    return max(16, min(MOST_CONNECTIONS, soft - FD_RESERVE - 3 * ACCEPT_BATCH))


class QuietAcceptErrors(logging.Filter):
    """asyncio's "socket.accept() out of system resource" (logged with a traceback at each failed accept, and
    retried a second later) let through once per `LOG_EVERY` seconds, without the traceback."""

    def __init__(self) -> None:
        super().__init__()
        self.said_at: float | None = None
        self.since = 0

    def filter(self, record: logging.LogRecord) -> bool:
        if not str(record.msg).startswith("socket.accept() out of system resource"):
            return True
        now = time.monotonic()
        if self.said_at is not None and now - self.said_at < LOG_EVERY:
            self.since += 1
            return False
        record.msg = (
            f"no file descriptor left to accept a connection ({self.since} more failures since the last note); "
            f"the next note in {LOG_EVERY:.0f} s at the earliest"
        )
        record.args, record.exc_info, record.exc_text = (), None, None
        self.said_at, self.since = now, 0
        return True


class _Dropped:
    """Connections evicted or refused at the cap, said at most once per `LOG_EVERY` seconds."""

    def __init__(self) -> None:
        self.evicted = self.refused = 0
        self.said_at: float | None = None

    def count(self, evicted: bool, cap: int) -> None:
        if evicted:
            self.evicted += 1
        else:
            self.refused += 1
        now = time.monotonic()
        if self.said_at is None or now - self.said_at >= LOG_EVERY:
            log.warning(
                "at the cap of %d open connections: %d idle ones closed to make room for new clients, %d new ones "
                "refused (all busy) since the last note; the next note in %.0f s at the earliest",
                cap, self.evicted, self.refused, LOG_EVERY,
            )  # fmt: skip
            self.evicted = self.refused = 0
            self.said_at = now


DROPPED = _Dropped()


class _Heads:
    total = 0  # bytes of unfinished request heads, across the process's connections
    said_at: float | None = None


class GuardedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol with a deadline for request heads and a cap on connections (module doc)."""

    max_connections = max_connections()
    head_timeout = HEAD_TIMEOUT

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._head_due: asyncio.TimerHandle | None = None
        self.waiting_since: float | None = None  # when it began waiting for a request head; None while serving
        self.head_bytes = 0  # received of the head it waits for

    def data_received(self, data: bytes) -> None:
        if self.waiting_since is not None:
            self.head_bytes += len(data)
            _Heads.total += len(data)
            if _Heads.total > HEADS_BUDGET:
                self._shed_largest_head()
                if self.transport.is_closing():
                    return
        super().data_received(data)

    def _shed_largest_head(self) -> None:
        waiting = [c for c in self.connections if isinstance(c, GuardedH11Protocol) and c.waiting_since is not None]
        if waiting:
            largest = max(waiting, key=lambda c: c.head_bytes)
            now = time.monotonic()
            if _Heads.said_at is None or now - _Heads.said_at >= LOG_EVERY:
                log.warning(
                    "unfinished request heads hold over %d bytes: closing the largest (%d bytes), and so "
                    "on; the next note in %.0f s at the earliest",
                    HEADS_BUDGET,
                    largest.head_bytes,
                    LOG_EVERY,
                )
                _Heads.said_at = now
            largest.drop()

    # uvicorn's H11Protocol narrows asyncio's BaseTransport to a Transport, with this same ignore
    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        if len(self.connections) >= self.max_connections and not self._make_room():
            DROPPED.count(evicted=False, cap=self.max_connections)
            self.transport = transport  # for connection_lost, which asyncio still calls
            transport.abort()  # never added: uvicorn knows nothing of it
            return
        super().connection_made(transport)
        self._await_head()

    def _make_room(self) -> bool:
        """Close the connection that has waited longest for a request head; False when all are serving."""
        idle = [c for c in self.connections if isinstance(c, GuardedH11Protocol) and c.waiting_since is not None]
        if not idle:
            return False
        oldest = min(idle, key=lambda c: c.waiting_since or 0.0)
        DROPPED.count(evicted=True, cap=self.max_connections)
        oldest.drop()
        return True

    def drop(self) -> None:
        """Close at once, and count no more: uvicorn forgets it when the transport reports the loss."""
        self._stop_waiting()
        self.connections.discard(self)
        self.transport.abort()

    def _await_head(self) -> None:
        self._stop_waiting()
        self.waiting_since = time.monotonic()
        self._head_due = self.loop.call_later(self.head_timeout, self._head_late)

    def _stop_waiting(self) -> None:
        _Heads.total -= self.head_bytes
        self.head_bytes = 0
        if self._head_due is not None:
            self._head_due.cancel()
            self._head_due = None
        self.waiting_since = None

    def _head_late(self) -> None:
        self._head_due = None
        if self.waiting_since is not None and not self.transport.is_closing():
            self.drop()

    def _serving(self) -> bool:
        return self.cycle is not None and not self.cycle.response_complete

    def handle_events(self) -> None:
        super().handle_events()
        if self._serving():
            self._stop_waiting()  # a head arrived: the request's own bounds apply from here

    def on_response_complete(self) -> None:
        super().on_response_complete()  # may start a pipelined request at once
        if not self.transport.is_closing() and not self._serving():
            self._await_head()

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_waiting()
        super().connection_lost(exc)
