"""The route diagram: how a swap is split across liquidity sources.

Data, not drawing code, decides the picture: a list of (source, percent, icon)
from the quote's `dexPath`, drawn as one bar cut into proportional segments.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent
from PySide6.QtWidgets import QSizePolicy, QWidget

from swapdesk.gui.icons import icon
from swapdesk.icons import source_icon

PALETTE = ["#3b82f6", "#10b981", "#f59e0b", "#ef4444", "#8b5cf6", "#14b8a6", "#ec4899", "#84cc16"]


@dataclass(frozen=True)
class Share:
    source: str
    percent: int


def shares(dex_path: list[str]) -> list[Share]:
    """'PancakeSwap:55' entries -> shares (a source's name may hold ':')."""
    out = []
    for entry in dex_path:
        name, _, percent = entry.rpartition(":")
        out.append(Share(name, int(percent)))
    return out


class RouteDiagram(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._shares: list[Share] = []
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setAccessibleName("Route split")

    def set_shares(self, value: list[Share]) -> None:
        self._shares = value
        self.setToolTip("\n".join(f"{s.source}: {s.percent}%" for s in value))
        self.update()

    def sizeHint(self) -> QSize:
        return QSize(480, 44)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        x, width, height = 0.0, float(self.width()), float(self.height())
        for n, share in enumerate(self._shares):
            w = width * share.percent / 100
            rect = QRectF(x, 0, w, height)
            painter.fillRect(rect.adjusted(1, 1, -1, -1), QColor(PALETTE[n % len(PALETTE)]))
            label = f"{share.source} {share.percent}%"
            pixmap = icon(source_icon(share.source)).pixmap(18, 18)
            if w > 60 and not pixmap.isNull():
                painter.drawPixmap(int(x + 6), int(height / 2 - 9), pixmap)
            painter.setPen(QColor("white"))
            text_rect = rect.adjusted(28 if w > 60 else 2, 0, -2, 0)
            painter.drawText(text_rect, Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft, label)
            x += w
        painter.end()
