"""Slippage as wallets offer it: Auto, three presets and a custom value, one of them chosen.

Auto is the form's own choice for the pair (`auto_text` says which: 0.1 % between two stablecoins, else 0.5 %).
A custom value is typed as a percentage (digits and one point only, as it is typed); the form judges it after
the pause, like every field.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtGui import QRegularExpressionValidator
from PySide6.QtWidgets import QButtonGroup, QHBoxLayout, QLabel, QLineEdit, QPushButton, QSizePolicy, QWidget

from swapdesk.gui import theme
from swapdesk.gui.design.tokens import SPACE
from swapdesk.gui.i18n import tr

PRESETS = ("0.1", "0.5", "1")
AUTO = "auto"


class SlippagePresets(QWidget):
    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.group = QButtonGroup(self)
        self.auto = self._preset(tr("Auto"), AUTO)
        self.auto.setToolTip(tr("0.1 % between two stablecoins, 0.5 % otherwise"))
        self.presets = [self._preset(f"{p}%", p) for p in PRESETS]
        self.custom = QLineEdit()
        self.custom.setPlaceholderText(tr("Custom"))
        self.custom.setAccessibleName(tr("Custom slippage, percent"))
        self.custom.setValidator(QRegularExpressionValidator(r"[0-9]{0,3}(\.[0-9]{0,2})?", self.custom))
        self.custom.setMaximumWidth(84)
        # the field gives way first in a narrow card, never a preset's words, but never cuts its own "Custom"
        self.custom.setMinimumWidth(self.custom.fontMetrics().horizontalAdvance(tr("Custom")) + 26)
        self.caption = QLabel(tr("Slippage"))
        theme.tint(self.caption, "muted")
        self.caption.setBuddy(self.auto)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(SPACE["xs"] + 2)
        row.addWidget(self.caption)
        row.addSpacing(SPACE["xs"])
        for button in (self.auto, *self.presets):
            row.addWidget(button)
        row.addWidget(self.custom)
        row.addStretch(1)
        self.auto.setChecked(True)
        self.group.buttonToggled.connect(self._toggled)
        self.custom.textEdited.connect(self._typed)
        self.setAccessibleName(tr("Slippage tolerance"))

    def _preset(self, text: str, value: str) -> QPushButton:
        button = QPushButton(text)
        button.setCheckable(True)
        button.setSizePolicy(QSizePolicy.Policy.Minimum, QSizePolicy.Policy.Fixed)  # never narrower than its words
        button.setProperty("value", value)
        theme.mark(button, variant="preset")
        button.setAccessibleName(tr("Slippage {value}").format(value=text))
        self.group.addButton(button)
        return button

    def _toggled(self, button: QPushButton, on: bool) -> None:
        if on:
            self.custom.blockSignals(True)
            self.custom.clear()
            self.custom.blockSignals(False)
            self.changed.emit()

    def _typed(self, text: str) -> None:
        if text.strip():
            self.group.setExclusive(False)
            for button in self.group.buttons():
                button.setChecked(False)
            self.group.setExclusive(True)
        elif self.group.checkedButton() is None:
            self.auto.setChecked(True)
        self.changed.emit()

    def text(self) -> str:
        """'auto', a preset ('0.5') or what was typed (judged by the form)."""
        checked = self.group.checkedButton()
        return str(checked.property("value")) if checked is not None else self.custom.text().strip()

    def choose(self, value: str) -> None:
        """Choose 'auto', a preset, or type a custom value."""
        for button in self.group.buttons():
            if button.property("value") == value:
                button.setChecked(True)
                return
        self.custom.setText(value)
        self._typed(value)

    def warn(self, tone: str | None, words: str) -> None:
        """A slippage outside the sane band, said where it is set: the caption in the risk's tone, with a mark,
        and the words in its tooltip (the form's message says them too, once quoted)."""
        self.caption.setText(f"{tr('Slippage')} ⚠" if tone else tr("Slippage"))
        theme.tint(self.caption, tone or "muted")
        for widget in (self, self.caption, self.custom):
            widget.setToolTip(words)
        self.setAccessibleDescription(words)

    def describe_auto(self, percent: str) -> None:
        """What Auto stands for now ('0.5%'), said on the button."""
        self.auto.setText(tr("Auto {percent}").format(percent=percent) if percent else tr("Auto"))
