"""Light, dark or the system's look: Fusion with a palette, or the native style."""

from __future__ import annotations

from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication, QStyleFactory

DARK = {
    QPalette.ColorRole.Window: "#1f2329",
    QPalette.ColorRole.WindowText: "#e6e6e6",
    QPalette.ColorRole.Base: "#15181c",
    QPalette.ColorRole.AlternateBase: "#262b31",
    QPalette.ColorRole.Text: "#e6e6e6",
    QPalette.ColorRole.Button: "#2b3038",
    QPalette.ColorRole.ButtonText: "#e6e6e6",
    QPalette.ColorRole.Highlight: "#3b82f6",
    QPalette.ColorRole.HighlightedText: "#ffffff",
    QPalette.ColorRole.ToolTipBase: "#2b3038",
    QPalette.ColorRole.ToolTipText: "#e6e6e6",
    QPalette.ColorRole.Link: "#60a5fa",
    QPalette.ColorRole.PlaceholderText: "#8b949e",
}

_native_style: str | None = None


def apply(app: QApplication, theme: str) -> None:
    global _native_style
    if _native_style is None:
        _native_style = app.style().name()
    if theme == "system":
        app.setStyle(QStyleFactory.create(_native_style))
        app.setPalette(app.style().standardPalette())
        return
    app.setStyle(QStyleFactory.create("Fusion"))
    palette = app.style().standardPalette()
    if theme == "dark":
        for role, colour in DARK.items():
            palette.setColor(role, QColor(colour))
    app.setPalette(palette)
