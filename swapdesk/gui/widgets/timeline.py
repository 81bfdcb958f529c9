"""A timeline: the stages something went through, each with its time and transaction (copy, look up).

Used by History for a cross-chain order (deposit, the bridge's steps, payout or refund) and by the
Cross-chain tab while an order is under way. Stages are data (`TimelineStage`, made by
`gui.order_timeline`); a dot and a line join them, coloured by state: done, under way, failed, a refund's
step, or still to come (hollow and muted).
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QGuiApplication, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QGridLayout, QHBoxLayout, QLabel, QPushButton, QSizePolicy, QVBoxLayout, QWidget

from swapdesk.chains import Chain
from swapdesk.gui import formatting, theme
from swapdesk.gui.i18n import tr
from swapdesk.gui.links import Links

STATES = ("done", "current", "failed", "refund", "waiting")
_TONES = {"done": "success", "current": "accent", "failed": "danger", "refund": "caution", "waiting": "muted"}


@dataclass(frozen=True)
class TimelineStage:
    title: str  # in plain words
    state: str  # one of STATES
    time_ms: int | None = None
    chain: Chain | None = None  # of its transaction
    hash: str = ""
    detail: str = ""


class _Dot(QWidget):
    """The stage's dot, and the line to its neighbours."""

    def __init__(self, state: str, first: bool, last: bool) -> None:
        super().__init__()
        self.state, self.first, self.last = state, first, last
        self.setFixedWidth(22)
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Expanding)

    def sizeHint(self) -> QSize:
        return QSize(22, 24)  # a stage still to come is one line: no taller than it

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        colour = QColor(theme.tone(_TONES[self.state], self.palette()))
        middle, top = self.width() / 2, 12.0
        painter.setPen(QPen(QColor(theme.tone("muted", self.palette())), 2))
        if not self.first:
            painter.drawLine(QPointF(middle, 0), QPointF(middle, top - 6))
        if not self.last:
            painter.drawLine(QPointF(middle, top + 6), QPointF(middle, self.height()))
        painter.setPen(QPen(colour, 2))
        painter.setBrush(colour if self.state in ("done", "failed", "refund") else Qt.BrushStyle.NoBrush)
        painter.drawEllipse(QPointF(middle, top), 5, 5)
        painter.end()


class Timeline(QWidget):
    look_up = Signal(str, int)  # hash, chain id: show this transaction in the app

    def __init__(self, links: Links | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.links = links or Links()
        self.stages: list[TimelineStage] = []
        self.grid = QGridLayout(self)
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.grid.setHorizontalSpacing(10)
        self.grid.setVerticalSpacing(0)
        self.setAccessibleName(tr("Timeline"))

    def set_stages(self, stages: list[TimelineStage]) -> None:
        while self.grid.count():
            item = self.grid.takeAt(0)
            gone = item.widget() if item is not None else None
            if gone is not None:
                gone.deleteLater()
        self.stages = stages
        for row, stage in enumerate(stages):
            self.grid.addWidget(_Dot(stage.state, row == 0, row == len(stages) - 1), row, 0)
            self.grid.addWidget(self._stage(stage), row, 1, Qt.AlignmentFlag.AlignTop)
        self.grid.setColumnStretch(1, 1)
        self.setAccessibleDescription(
            "; ".join(f"{s.title} ({s.state})" + (f" {s.hash}" if s.hash else "") for s in stages)
        )

    def _stage(self, stage: TimelineStage) -> QWidget:
        """Its title and time on one line, why under it, then its transaction: narrow enough for a side card."""
        holder = QWidget()
        lines = QVBoxLayout(holder)
        lines.setContentsMargins(0, 0, 0, 6)
        lines.setSpacing(1)
        top = QHBoxLayout()
        title = QLabel(f"<b>{stage.title}</b>")
        title.setWordWrap(True)
        if stage.state == "waiting":
            theme.tint(title, "muted")
        top.addWidget(title, 1)
        if stage.time_ms:
            when = QLabel(formatting.when_ms(stage.time_ms))
            theme.tint(when, "muted")
            top.addWidget(when, 0, Qt.AlignmentFlag.AlignTop)
        lines.addLayout(top)
        if stage.detail:
            detail = QLabel(stage.detail[:1].upper() + stage.detail[1:])
            detail.setWordWrap(True)
            theme.tint(detail, "muted")
            lines.addWidget(detail)
        if stage.hash:
            lines.addLayout(self._hash_row(stage))
        return holder

    def _hash_row(self, stage: TimelineStage) -> QHBoxLayout:
        line = QHBoxLayout()
        chain = stage.chain
        shown = QLabel(f"{chain.name}: {formatting.short(stage.hash)}" if chain else formatting.short(stage.hash))
        shown.setToolTip(stage.hash)
        shown.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        copy = QPushButton(tr("Copy"))
        copy.setToolTip(tr("Copy the transaction hash"))
        copy.clicked.connect(lambda: QGuiApplication.clipboard().setText(stage.hash))
        line.addWidget(shown)
        line.addWidget(copy)
        if chain is not None:
            look = QPushButton(tr("Look up"))
            look.setToolTip(tr("Show this {chain} transaction in History").format(chain=chain.name))
            look.clicked.connect(lambda: self.look_up.emit(stage.hash, chain.id))
            line.addWidget(look)
            link = self.links.explorer(chain, "tx", stage.hash)
            if link:
                explorer = QLabel('<a href="{link}">{word}</a>'.format(link=link, word=tr("explorer")))
                explorer.setOpenExternalLinks(True)
                line.addWidget(explorer)
        line.addStretch(1)
        return line
