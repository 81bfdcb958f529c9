"""A wait a person can see: a busy bar, words saying what is happening, and Cancel where the wait can stop.

`Progress` sits where the work shows its result; it also tells the window's `Activity`, so the status
bar says the same words instead of "Ready". `ActivityIndicator` is that status-bar part.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QProgressBar, QPushButton, QSizePolicy, QWidget

from swapdesk.gui import theme
from swapdesk.gui.activity import Activity
from swapdesk.gui.i18n import say as i18n_say
from swapdesk.gui.i18n import tr
from swapdesk.words import Words


def busy_bar(width: int = 90) -> QProgressBar:
    """An indeterminate bar: the work has no known length, only that it is running."""
    bar = QProgressBar()
    bar.setRange(0, 0)
    bar.setTextVisible(False)
    bar.setFixedSize(width, 8)
    bar.setAccessibleName(tr("Working"))
    return bar


class Progress(QWidget):
    cancelled = Signal()

    def __init__(self, activity: Activity | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.activity = activity
        self._key = f"progress-{id(self)}"
        self._cancel: Callable[[], None] | None = None
        self._ticket = 0  # which start the progress on screen belongs to
        self.bar = busy_bar()
        self.words = QLabel()
        self.words.setWordWrap(True)
        self.words.setAccessibleName(tr("Progress"))
        theme.tint(self.words, "muted")
        self.cancel_button = QPushButton(tr("Cancel"))
        self.cancel_button.setAccessibleName(tr("Cancel"))
        theme.mark(self.cancel_button, variant="compact")
        self.cancel_button.clicked.connect(self.cancel)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.bar)
        layout.addWidget(self.words, 1)
        layout.addWidget(self.cancel_button)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self.hide()

    @property
    def busy(self) -> bool:
        return not self.isHidden()

    def start(self, words: str, cancel: Callable[[], None] | None = None) -> int:
        """Show the work; with `cancel`, a Cancel button that calls it. The ticket stops this work only:
        a cancelled task that ends after its successor started must not hide its successor's progress."""
        self._ticket += 1
        self._cancel = cancel
        self.cancel_button.setVisible(cancel is not None)
        self.say(words)
        self.show()
        return self._ticket

    def say(self, words: str | Words) -> None:
        """`words` as they are (the window's own, translated already), or the trade's steps said in its language."""
        text = i18n_say(words) if isinstance(words, Words) else words
        self.words.setText(text)
        if self.activity is not None:
            self.activity.begin(self._key, text)

    def stop(self, ticket: int | None = None) -> bool:
        """Hide the progress; False (and nothing done) when newer work owns it now."""
        if ticket is not None and ticket != self._ticket:
            return False
        self.hide()
        self._cancel = None
        if self.activity is not None:
            self.activity.end(self._key)
        return True

    def cancel(self) -> None:
        stop_work = self._cancel
        self.stop()
        if stop_work is not None:
            stop_work()
        self.cancelled.emit()


class ActivityIndicator(QWidget):
    """The status bar's share of the work: the busy bar and the latest words, hidden when idle."""

    def __init__(self, activity: Activity, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.activity = activity
        self.bar = busy_bar(60)
        self.words = QLabel()
        self.words.setAccessibleName(tr("What the window is doing"))
        layout = QHBoxLayout(self)
        layout.setContentsMargins(4, 0, 4, 0)
        layout.addWidget(self.bar)
        layout.addWidget(self.words)
        activity.changed.connect(self._show)
        self._show()

    def _show(self) -> None:
        self.words.setText(self.activity.words)
        self.setVisible(self.activity.busy)
