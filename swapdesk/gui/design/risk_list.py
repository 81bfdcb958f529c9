"""The risks of a signature, on its review: each a notice in its tone (danger for the severe, warning for the rest),
the severe first, and one box to tick ("I understand…") while any is severe. Ticked, it holds for the risks it
was ticked under: a severe risk that comes later (a price read, a fee measured) unticks it."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QCheckBox, QVBoxLayout, QWidget

from swapdesk.gui.design.notice import Notice
from swapdesk.gui.design.tokens import SPACE
from swapdesk.gui.i18n import tr
from swapdesk.gui.risks import Risk


class RiskList(QWidget):
    changed = Signal()  # the risks or the confirmation changed

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.risks: list[Risk] = []
        self.notices: list[Notice] = []
        self._confirmed_for: tuple[str, ...] = ()
        self.layout_ = QVBoxLayout(self)
        self.layout_.setContentsMargins(0, 0, 0, 0)
        self.layout_.setSpacing(SPACE["xs"])
        self.confirm = QCheckBox(tr("I understand the risks marked in red, and want to go on"))
        self.confirm.setAccessibleName(self.confirm.text())
        self.confirm.toggled.connect(self._toggled)
        self.layout_.addWidget(self.confirm)
        self.setAccessibleName(tr("Risks"))
        self.set_risks([])

    def set_risks(self, risks: Sequence[Risk]) -> None:
        ordered = sorted(risks, key=lambda r: not r.severe)
        if ordered == self.risks and self.notices:
            return
        self.risks = ordered
        for old in self.notices:
            self.layout_.removeWidget(old)
            old.deleteLater()
        self.notices = []
        for index, risk in enumerate(ordered):
            notice = Notice(risk.tone, risk.words)
            notice.setObjectName(f"risk-{risk.key}")
            self.layout_.insertWidget(index, notice)
            notice.show()  # now, not at the loop's next turn (as a layout shows a new child): the dialog measures it
            self.notices.append(notice)
        severe = self.severe_keys()
        if self.confirm.isChecked() and not set(severe) <= set(self._confirmed_for):
            self.confirm.blockSignals(True)
            self.confirm.setChecked(False)  # ticked for fewer risks than are shown now
            self.confirm.blockSignals(False)
        self.confirm.setVisible(bool(severe))
        self.setVisible(bool(ordered))
        self.setAccessibleDescription(" ".join(r.words for r in ordered))
        self.changed.emit()

    def severe_keys(self) -> tuple[str, ...]:
        return tuple(r.key for r in self.risks if r.severe)

    def confirmed(self) -> bool:
        """Nothing severe, or the box ticked for every severe risk shown."""
        return not self.severe_keys() or self.confirm.isChecked()

    def words(self) -> list[str]:
        return [r.words for r in self.risks]

    def _toggled(self, on: bool) -> None:
        self._confirmed_for = self.severe_keys() if on else ()
        self.changed.emit()
