"""The settings dialog: engine (embedded or a server), RPC endpoints, theme."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLineEdit,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from swapdesk.gui.widgets.error_label import error_label
from swapdesk.settings import ENGINES, THEMES, BadSetting, Settings


class SettingsDialog(QDialog):
    def __init__(self, current: Settings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Settings")
        self.engine = QComboBox()
        self.engine.addItems(["Embedded devnet (offline)", "A server speaking the swap API"])
        self.engine.setCurrentIndex(ENGINES.index(current.engine))
        self.server_url = QLineEdit(current.server_url)
        self.server_url.setAccessibleName("Server URL")
        self.rpc = QPlainTextEdit("\n".join(f"{flag} {url}" for flag, url in current.rpc.items()))
        self.rpc.setPlaceholderText("One chain a line: BSC https://…  (for real networks)")
        self.theme = QComboBox()
        self.theme.addItems([t.title() for t in THEMES])
        self.theme.setCurrentIndex(THEMES.index(current.theme))
        self.error = error_label()
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form = QFormLayout()
        form.addRow("Engine", self.engine)
        form.addRow("Server URL", self.server_url)
        form.addRow("RPC endpoints", self.rpc)
        form.addRow("Theme", self.theme)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.error)
        layout.addWidget(buttons)
        self.chosen: Settings | None = None

    def settings(self) -> Settings:
        """The form as checked settings; BadSetting names what is wrong."""
        rpc = {}
        for n, line in enumerate(self.rpc.toPlainText().splitlines(), 1):
            if line.strip():
                parts = line.split()
                if len(parts) != 2:
                    raise BadSetting("rpc", f"line {n}: write a chain and a URL, like 'BSC https://…'")
                rpc[parts[0]] = parts[1]
        return Settings(
            engine=ENGINES[self.engine.currentIndex()],
            server_url=self.server_url.text().strip(),
            theme=THEMES[self.theme.currentIndex()],
            rpc=rpc,
        ).checked()

    def accept(self) -> None:
        try:
            self.chosen = self.settings()
        except BadSetting as error:
            self.error.setText(str(error))
            self.error.show()
            return
        super().accept()
