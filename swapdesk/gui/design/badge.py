"""Badges: a status as a coloured badge, one vocabulary everywhere (`gui.status`), and its legend; a tag (Best
return, Fastest) in the success tone on its quiet fill."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGridLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from swapdesk.gui import theme
from swapdesk.gui.design.flow import FlowLayout
from swapdesk.gui.design.fold import Fold
from swapdesk.gui.i18n import tr
from swapdesk.gui.status import BADGES, Badge


class StatusBadge(QLabel):
    def __init__(self, badge: Badge | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.badge: Badge | None = None
        theme.mark(self, role="badge")
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        if badge is not None:
            self.set(badge)

    def set(self, badge: Badge, detail: str = "") -> None:
        """Show `badge`; `detail` (the bridge's or the store's own words) goes in the tooltip."""
        if badge is not self.badge:  # a style sheet costs a re-polish: only when the badge changes
            self.setText(tr(badge.word))
            self.setStyleSheet(f"QLabel {{ background: {badge.fill}; }}")
        self.badge = badge
        word, meaning = tr(badge.word), tr(badge.meaning)
        self.setToolTip(f"{word}: {meaning}" + (f" ({detail})" if detail else ""))
        self.setAccessibleName(tr("Status: {word}").format(word=word) + (f", {detail}" if detail else ""))


def tag(text: str) -> QLabel:
    """'Best return', 'Fastest': a short word of praise on a card."""
    label = QLabel(text)
    theme.mark(label, role="tag")
    theme.tint(label, "success")
    label.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
    return label


class StatusLegend(QWidget):
    """Every badge with its meaning, wrapping to the width there is; the fold under it says which API and local
    words become it."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        line_holder = QWidget()
        line = FlowLayout(line_holder, spacing=6)
        line.addWidget(QLabel(tr("Status:")))
        for badge in BADGES:
            pair = QWidget()
            inner = QGridLayout(pair)
            inner.setContentsMargins(0, 0, 8, 0)
            inner.setHorizontalSpacing(6)
            inner.addWidget(StatusBadge(badge), 0, 0)
            meaning = QLabel(tr(badge.meaning))
            theme.tint(meaning, "muted")
            inner.addWidget(meaning, 0, 1)
            line.addWidget(pair)
        table = QWidget()
        grid = QGridLayout(table)
        grid.setContentsMargins(12, 0, 0, 0)
        grid.setHorizontalSpacing(14)
        for row, badge in enumerate(BADGES):
            grid.addWidget(StatusBadge(badge), row, 0, Qt.AlignmentFlag.AlignLeft)
            sources = QLabel(tr(badge.sources))
            sources.setWordWrap(True)
            grid.addWidget(sources, row, 1)
        grid.setColumnStretch(1, 1)
        self.mapping = Fold(tr("Which API and local statuses become which"), table)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addWidget(line_holder)
        layout.addWidget(self.mapping)
        self.setAccessibleName(tr("Status legend"))
