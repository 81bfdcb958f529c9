"""A dialog's steps in a row ("1 Approve USDT  ›  2 Swap"): each done (✓, in the success tone), the one to do
now (outlined in the accent), or still to come (muted). A person always sees where they are, and that a step
they finished stays finished."""

from __future__ import annotations

from PySide6.QtWidgets import QHBoxLayout, QLabel, QWidget

from swapdesk.gui import theme
from swapdesk.gui.i18n import tr


class Steps(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.row = QHBoxLayout(self)
        self.row.setContentsMargins(0, 0, 0, 0)
        self.row.setSpacing(6)
        self.labels: list[QLabel] = []
        self.words: list[tuple[str, str]] = []
        self.setAccessibleName(tr("Steps"))

    def set_steps(self, steps: list[tuple[str, str]]) -> None:
        """(what it does while to do, what it says once done) for each step; all to come at first."""
        while self.row.count():
            item = self.row.takeAt(0)
            gone = item.widget() if item is not None else None
            if gone is not None:
                gone.deleteLater()
        self.labels, self.words = [], steps
        for n, _ in enumerate(steps):
            if n:
                arrow = QLabel("›")
                theme.tint(arrow, "muted")
                self.row.addWidget(arrow)
            label = QLabel()
            self.labels.append(label)
            self.row.addWidget(label)
        self.row.addStretch(1)
        for n in range(len(steps)):
            self.set_state(n, "todo")

    def set_state(self, index: int, state: str) -> None:
        if not 0 <= index < len(self.labels):
            return
        todo, done = self.words[index]
        label = self.labels[index]
        label.setText(f"✓ {done}" if state == "done" else f"{index + 1}  {todo}")
        theme.mark(label, role="step", state=state)
        label.setAccessibleName(label.text())
        self.setAccessibleDescription(" · ".join(x.text() for x in self.labels))

    def state(self, index: int) -> str:
        return str(self.labels[index].property("state")) if 0 <= index < len(self.labels) else ""
