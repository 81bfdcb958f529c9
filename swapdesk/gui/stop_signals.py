"""SIGTERM, SIGINT and SIGHUP close the window as its close button does.

Python's default for SIGTERM is to die on the spot: the engine unclosed, a practice fork's anvil and the
world builders left running. Here each of those signals closes the window instead, so the app ends the way it
always does (the engine closed, the forks and builders stopped). Qt's loop runs in C++ and Python handles a
signal only when it runs Python again: the C handler writes the signal's number to a socket
(`signal.set_wakeup_fd`), whose notifier wakes the loop, and the window is closed from there, in Qt's thread.
"""

from __future__ import annotations

import signal
import socket
from collections.abc import Callable
from types import FrameType

from PySide6.QtCore import QObject, QSocketNotifier

STOPPING = (signal.SIGTERM, signal.SIGINT, getattr(signal, "SIGHUP", signal.SIGTERM))


class StopSignals(QObject):
    """While it lives, the stopping signals call `stop` once, on Qt's thread; `close` puts things back."""

    def __init__(self, stop: Callable[[], object]) -> None:
        super().__init__()
        self._stop: Callable[[], object] | None = stop
        self._read, self._write = socket.socketpair()
        self._read.setblocking(False)
        self._write.setblocking(False)
        self._previous_fd = signal.set_wakeup_fd(self._write.fileno())
        self._previous = {number: signal.signal(number, self._noted) for number in set(STOPPING)}
        self._notifier = QSocketNotifier(self._read.fileno(), QSocketNotifier.Type.Read, self)
        self._notifier.activated.connect(self._woken)
        self.received: list[int] = []  # the signals' numbers, as the C handler wrote them

    def _noted(self, number: int, frame: FrameType | None) -> None:
        """Python's handler, run when Python next runs: the socket already says it all."""

    def _woken(self) -> None:
        try:
            while chunk := self._read.recv(64):
                self.received += list(chunk)
        except BlockingIOError:
            pass
        if set(self.received) & set(STOPPING) and self._stop is not None:
            stop, self._stop = self._stop, None  # once: a second signal while closing changes nothing
            stop()

    def close(self) -> None:
        self._notifier.setEnabled(False)
        for number, handler in self._previous.items():
            signal.signal(number, handler)
        signal.set_wakeup_fd(self._previous_fd)
        self._read.close()
        self._write.close()
