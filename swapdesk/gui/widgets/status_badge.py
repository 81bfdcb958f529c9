"""A status as a coloured badge, one vocabulary everywhere (`gui.status`), and its legend."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGridLayout, QHBoxLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from swapdesk.gui import theme
from swapdesk.gui.status import BADGES, Badge
from swapdesk.gui.widgets.fold import Fold


class StatusBadge(QLabel):
    def __init__(self, badge: Badge | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.badge: Badge | None = None
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        if badge is not None:
            self.set(badge)

    def set(self, badge: Badge, detail: str = "") -> None:
        """Show `badge`; `detail` (the bridge's or the store's own words) goes in the tooltip."""
        if badge is not self.badge:  # a style sheet costs a re-polish: only when the badge changes
            self.setText(badge.word)
            self.setStyleSheet(
                f"QLabel {{ background: {badge.fill}; color: white; border-radius: 9px; padding: 2px 10px;"
                " font-weight: 600; }"
            )
        self.badge = badge
        self.setToolTip(f"{badge.word}: {badge.meaning}" + (f" ({detail})" if detail else ""))
        self.setAccessibleName(f"Status: {badge.word}" + (f", {detail}" if detail else ""))


class StatusLegend(QWidget):
    """Every badge with its meaning on one line; the fold under it says which API and local words become it."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        line = QHBoxLayout()
        line.setContentsMargins(0, 0, 0, 0)
        line.addWidget(QLabel("Status:"))
        for badge in BADGES:
            line.addWidget(StatusBadge(badge))
            meaning = QLabel(badge.meaning)
            theme.tint(meaning, "muted")
            line.addWidget(meaning)
            line.addSpacing(8)
        line.addStretch(1)
        table = QWidget()
        grid = QGridLayout(table)
        grid.setContentsMargins(12, 0, 0, 0)
        grid.setHorizontalSpacing(14)
        for row, badge in enumerate(BADGES):
            grid.addWidget(StatusBadge(badge), row, 0, Qt.AlignmentFlag.AlignLeft)
            grid.addWidget(QLabel(badge.sources), row, 1)
        grid.setColumnStretch(1, 1)
        self.mapping = Fold("Which API and local statuses become which", table)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addLayout(line)
        layout.addWidget(self.mapping)
        self.setAccessibleName("Status legend")
