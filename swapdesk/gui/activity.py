"""What the window is doing right now, for the status bar: it never says "Ready" while work runs.

Each piece of work a person could notice (loading tokens, reading balances, a lookup, a detection)
begins with words and ends; the status bar shows the latest words still running, or nothing.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal


class Activity(QObject):
    changed = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._running: dict[str, str] = {}  # key -> words, in the order begun

    def begin(self, key: str, words: str) -> None:
        self._running.pop(key, None)
        self._running[key] = words  # the latest begun is said first
        self.changed.emit()

    def end(self, key: str) -> None:
        if self._running.pop(key, None) is not None:
            self.changed.emit()

    @property
    def busy(self) -> bool:
        return bool(self._running)

    @property
    def words(self) -> str:
        return next(reversed(self._running.values()), "")
