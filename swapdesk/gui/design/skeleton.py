"""A skeleton: a rounded bar in the placeholder colour with a soft light passing over it, where a figure will be
once it is known (never a blank, never an old figure). It animates only while it is shown."""

from __future__ import annotations

from PySide6.QtCore import QRectF, QTimer
from PySide6.QtGui import QColor, QHideEvent, QLinearGradient, QPainter, QPaintEvent, QShowEvent
from PySide6.QtWidgets import QSizePolicy, QWidget

from swapdesk.gui import theme
from swapdesk.gui.i18n import tr

FRAME_MS = 40
PERIOD_FRAMES = 40


class Skeleton(QWidget):
    def __init__(self, width: int = 160, height: int = 18, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFixedSize(width, height)
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.setAccessibleName(tr("Loading"))
        self._frame = 0
        self._timer = QTimer(self, interval=FRAME_MS)
        self._timer.timeout.connect(self._step)

    def _step(self) -> None:
        self._frame = (self._frame + 1) % PERIOD_FRAMES
        self.update()

    def showEvent(self, event: QShowEvent) -> None:
        self._timer.start()
        super().showEvent(event)

    def hideEvent(self, event: QHideEvent) -> None:
        self._timer.stop()
        super().hideEvent(event)

    def paintEvent(self, event: QPaintEvent) -> None:
        colours = theme.roles()
        base, light = QColor(colours.skeleton), QColor(colours.surface)
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        rect = QRectF(self.rect())
        shine = QLinearGradient(rect.topLeft(), rect.topRight())
        middle = self._frame / PERIOD_FRAMES
        for at, colour in ((max(0.0, middle - 0.25), base), (middle, light), (min(1.0, middle + 0.25), base)):
            shine.setColorAt(at, colour)
        painter.setPen(base)
        painter.setBrush(shine if 0 < middle < 1 else base)
        radius = min(6.0, rect.height() / 2)
        painter.drawRoundedRect(rect.adjusted(0.5, 0.5, -0.5, -0.5), radius, radius)
        painter.end()
