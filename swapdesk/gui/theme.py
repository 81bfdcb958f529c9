"""Light, dark or the system's look: Fusion with a palette, or the native style; and the colours of meaning.

Text that carries meaning (success, warning, danger, muted notes, links) takes a *tone*, whose colour
depends on whether the palette is light or dark, and follows a theme switch at once (`apply` re-colours
every widget given a tone with `tint`). Every tone and every palette text role meets WCAG AA (4.5:1) against
the backgrounds it is drawn on: `contrast` computes the ratio and a test checks them all. The dark
palette has its own disabled colours, so a disabled button looks disabled; the primary action (`primary`)
is drawn as one in both themes.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

import shiboken6
from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QAbstractButton, QApplication, QStyleFactory, QWidget

Role, Group = QPalette.ColorRole, QPalette.ColorGroup

DARK = {
    Role.Window: "#1f2329",
    Role.WindowText: "#e6e6e6",
    Role.Base: "#15181c",
    Role.AlternateBase: "#262b31",
    Role.Text: "#e6e6e6",
    Role.Button: "#2b3038",
    Role.ButtonText: "#e6e6e6",
    Role.Highlight: "#2563eb",
    Role.HighlightedText: "#ffffff",
    Role.ToolTipBase: "#2b3038",
    Role.ToolTipText: "#e6e6e6",
    Role.Link: "#60a5fa",
    Role.PlaceholderText: "#8b949e",
    Role.Light: "#3a4049",
    Role.Midlight: "#30353d",
    Role.Mid: "#3a4049",
    Role.Dark: "#111317",
    Role.Shadow: "#000000",
}
DARK_DISABLED = {
    Role.WindowText: "#6b7280",
    Role.Text: "#6b7280",
    Role.ButtonText: "#6b7280",
    Role.Button: "#24282e",
    Role.Base: "#1b1e22",
    Role.Highlight: "#374151",
}
LIGHT = {  # Fusion's own light palette, with a highlight and placeholder that white or grey text can be read on
    Role.Highlight: "#2563eb",
    Role.Link: "#1d4ed8",
    Role.PlaceholderText: "#6b7280",
}

TONES = {
    "light": {
        "success": "#166534",
        "warning": "#854d0e",
        "caution": "#9a3412",
        "danger": "#b91c1c",
        "muted": "#4b5563",
        "accent": "#1d4ed8",
    },
    "dark": {
        "success": "#4ade80",
        "warning": "#fbbf24",
        "caution": "#fb923c",
        "danger": "#f87171",
        "muted": "#9ca3af",
        "accent": "#60a5fa",
    },
}
PRIMARY = {  # the primary action: white on the accent; disabled reads as disabled in both themes
    "light": {"fill": "#2563eb", "hover": "#1d4ed8", "off_fill": "#e5e7eb", "off_text": "#6b7280"},
    "dark": {"fill": "#2563eb", "hover": "#1d4ed8", "off_fill": "#2b3038", "off_text": "#6b7280"},
}

_native_style: str | None = None


def apply(app: QApplication, theme: str) -> None:
    global _native_style
    if _native_style is None:
        _native_style = app.style().name()
    if theme == "system":
        app.setStyle(QStyleFactory.create(_native_style))
        app.setPalette(app.style().standardPalette())
        _restyle_all()
        return
    app.setStyle(QStyleFactory.create("Fusion"))
    palette = app.style().standardPalette()
    for role, colour in (DARK if theme == "dark" else LIGHT).items():
        palette.setColor(role, QColor(colour))
    if theme == "dark":
        for role, colour in DARK_DISABLED.items():
            palette.setColor(Group.Disabled, role, QColor(colour))
    app.setPalette(palette)
    _restyle_all()


def is_dark(palette: QPalette) -> bool:
    return palette.color(Role.Window).lightness() < 128


def tone(name: str, palette: QPalette) -> str:
    """The colour of a tone ('success', 'warning', 'caution', 'danger', 'muted', 'accent') on this palette."""
    return TONES["dark" if is_dark(palette) else "light"][name]


def luminance(colour: str) -> float:
    """WCAG 2.x relative luminance of '#rrggbb'."""
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(first: str, second: str) -> float:
    """WCAG contrast ratio of two colours, from 1 to 21 (AA asks 4.5 for text)."""
    high, low = sorted((luminance(first), luminance(second)), reverse=True)
    return (high + 0.05) / (low + 0.05)


class _Follow(QObject):
    """A widget's look, re-applied by `apply` after every theme switch (a child: it dies with its widget)."""

    def __init__(self, widget: QWidget, restyle: Callable[[QWidget], None], sheet: bool) -> None:
        super().__init__(widget)
        self.setObjectName("theme-follow")
        self.restyle, self.sheet = restyle, sheet
        # held here, not by its Python wrapper, which Qt may drop while the object lives; gone with its widget
        key = next(_keys)  # never reused, unlike id(): a follower destroyed late must not drop a newer one
        _followers[key] = self
        self.destroyed.connect(lambda: _followers.pop(key, None))


_followers: dict[int, _Follow] = {}
_keys = itertools.count()


def _restyle_all() -> None:
    """Style sheets first: setting one re-polishes the widgets inside, which puts back the palettes they had
    when first polished; the tones go on after, so none of them is lost."""
    followers = sorted(_followers.values(), key=lambda follower: not follower.sheet)
    for follower in followers:
        widget = follower.parent() if shiboken6.isValid(follower) else None
        if isinstance(widget, QWidget):
            follower.restyle(widget)


def _follow(widget: QWidget, restyle: Callable[[QWidget], None], sheet: bool = False) -> None:
    found = widget.findChild(_Follow, "theme-follow", Qt.FindChildOption.FindDirectChildrenOnly)
    if found is None:
        _Follow(widget, restyle, sheet)
    else:
        found.restyle, found.sheet = restyle, sheet
    restyle(widget)


def tint(widget: QWidget, name: str | None) -> None:
    """Draw the widget's text in a tone (None: the palette's own text colour), now and after theme switches."""

    def restyle(target: QWidget) -> None:
        app = QApplication.palette()  # the theme's, set at once (a widget's own follows it by events)
        wanted = QColor(tone(name, app)) if name else app.color(Role.WindowText)
        palette = target.palette()
        if palette.color(Role.WindowText) != wanted:
            for role in (Role.WindowText, Role.Text, Role.ButtonText):
                palette.setColor(role, wanted)
            target.setPalette(palette)

    _follow(widget, restyle)


def styled(widget: QWidget, sheet: Callable[[QPalette], str]) -> None:
    """A style sheet made from the theme's palette, made again after every theme switch.

    Not `palette(base)` in the sheet: Qt reads that once, when the sheet is set, so it would keep the
    colours of the theme the window started with."""

    def restyle(target: QWidget) -> None:
        text = sheet(QApplication.palette())
        if target.styleSheet() != text:
            target.setStyleSheet(text)

    _follow(widget, restyle, sheet=True)


def primary(button: QAbstractButton) -> None:
    """Draw the button as the screen's primary action, in both themes; disabled looks disabled."""

    def sheet(palette: QPalette) -> str:
        c = PRIMARY["dark" if is_dark(palette) else "light"]
        return (
            f"QPushButton {{ background: {c['fill']}; color: white; border: 2px solid {c['fill']};"
            " border-radius: 10px; padding: 9px 20px; font-weight: 600; }"
            f" QPushButton:hover {{ background: {c['hover']}; border-color: {c['hover']}; }}"
            " QPushButton:focus { border-color: white; }"
            f" QPushButton:disabled {{ background: {c['off_fill']}; color: {c['off_text']};"
            f" border-color: {c['off_fill']}; }}"
        )

    styled(button, sheet)
