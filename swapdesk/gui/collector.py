"""Python's cyclic garbage collector, run on the GUI thread only.

Qt widgets and signal connections form reference cycles with their Python
wrappers, so they die in the cyclic collector rather than by reference count.
That collector runs in whichever thread happens to allocate when a threshold
is crossed, and the devnet's EVM threads allocate a lot: a widget or timer
destroyed from one of them crashes the process (seen as a segfault in a test
run after the GUI tests). So while the window lives, automatic collection is
off and a timer on the GUI thread collects instead, by the same thresholds.
"""

from __future__ import annotations

import gc

from PySide6.QtCore import QObject, QTimer

INTERVAL_MS = 500


class MainThreadCollector(QObject):
    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._timer = QTimer(self, interval=INTERVAL_MS)
        self._timer.timeout.connect(self.check)
        self._thresholds = gc.get_threshold()
        self._was_enabled = True

    def start(self) -> None:
        self._was_enabled = gc.isenabled()  # a collector inside another hands back what it found
        gc.disable()
        self._timer.start()

    def settle(self) -> None:
        """Leave what is alive now (the engine, web3, the chains' state: it lives
        for the session) out of later full collections, which would otherwise
        stall the window for ~40 ms each."""
        gc.collect()
        gc.freeze()

    def stop(self) -> None:
        """Collect what is left here, on the GUI thread, and hand back to Python (or to the collector around it)."""
        self._timer.stop()
        gc.unfreeze()
        gc.collect()
        if self._was_enabled:
            gc.enable()

    def check(self) -> None:
        """Collect the oldest generation whose count is over its threshold."""
        counts = gc.get_count()
        for generation in (2, 1, 0):
            if counts[generation] > self._thresholds[generation]:
                gc.collect(generation)
                return
