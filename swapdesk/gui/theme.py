"""Light, dark or the system's choice of the two: Fusion with the design system's palette and style sheet, and
the colours of meaning.

The colours are the design system's (`design.tokens`): `apply` builds the palette and the application's style
sheet (`design.sheet`) from them. "system" follows the operating system's colour scheme (light or dark). Text
that carries meaning (success, warning, danger, muted notes, links) takes a *tone*, whose colour depends on
whether the palette is light or dark, and follows a theme switch at once (`apply` re-colours every widget given
a tone with `tint`). Every tone and every palette text role meets WCAG AA (4.5:1) against the surfaces it is
drawn on (a test checks them all). Components mark what they are with a property (`mark`), which the style
sheet draws.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

import shiboken6
from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QAbstractButton, QApplication, QStyleFactory, QWidget

from swapdesk.gui.design import sheet, tokens
from swapdesk.gui.design.tokens import Roles, contrast, luminance

__all__ = ["apply", "contrast", "is_dark", "luminance", "mark", "primary", "styled", "tint", "tone"]

Role, Group = QPalette.ColorRole, QPalette.ColorGroup
TONES = {name: {t: tokens.tone_colour(t, name == "dark") for t in tokens.TONES} for name in ("light", "dark")}
DEFAULT_POINTS = 10.0


def palette_roles(c: Roles) -> tuple[dict[QPalette.ColorRole, str], dict[QPalette.ColorRole, str]]:
    """The palette's roles (active) and their disabled colours, from the design system's."""
    active = {
        Role.Window: c.window, Role.WindowText: c.text, Role.Base: c.surface, Role.AlternateBase: c.surface_alt,
        Role.Text: c.text, Role.Button: c.surface, Role.ButtonText: c.text, Role.Highlight: c.accent,
        Role.HighlightedText: c.on_accent, Role.ToolTipBase: c.surface, Role.ToolTipText: c.text,
        Role.Link: c.accent_text, Role.LinkVisited: c.accent_text, Role.PlaceholderText: c.text_muted,
        Role.Light: c.border, Role.Midlight: c.border, Role.Mid: c.border_strong, Role.Dark: c.border_strong,
        Role.Shadow: "#000000", Role.BrightText: c.on_accent,
    }  # fmt: skip
    disabled = {
        Role.WindowText: c.text_disabled, Role.Text: c.text_disabled, Role.ButtonText: c.text_disabled,
        Role.Button: c.disabled_fill, Role.Base: c.surface_alt, Role.Highlight: c.border_strong,
    }  # fmt: skip
    return active, disabled


# the palette's active roles and the primary button's fills, by theme (for checks and for what draws itself)
LIGHT, DARK = palette_roles(tokens.LIGHT)[0], palette_roles(tokens.DARK)[0]
PRIMARY = {
    name: {"fill": r.accent, "hover": r.accent_hover, "off_fill": r.disabled_fill} for name, r in tokens.THEMES.items()
}


def system_is_dark() -> bool:
    """The operating system's colour scheme (Qt 6.5+), light when it does not say."""
    return QGuiApplication.styleHints().colorScheme() == Qt.ColorScheme.Dark


def apply(app: QApplication, theme: str) -> None:
    """'light', 'dark' or 'system': the palette and the style sheet, then every tone again."""
    dark = theme == "dark" or (theme == "system" and system_is_dark())
    if app.style().name().lower() != "fusion":
        app.setStyle(QStyleFactory.create("Fusion"))
    colours = tokens.roles(dark)
    active, disabled = palette_roles(colours)
    palette = QPalette()
    for role, colour in active.items():
        palette.setColor(role, QColor(colour))
    for role, colour in disabled.items():
        palette.setColor(Group.Disabled, role, QColor(colour))
    app.setPalette(palette)
    points = app.font().pointSizeF()
    app.setStyleSheet(sheet.build(colours, dark, points if points > 0 else DEFAULT_POINTS))
    _restyle_all()


def is_dark(palette: QPalette) -> bool:
    return palette.color(Role.Window).lightness() < 128


def tone(name: str, palette: QPalette) -> str:
    """The colour of a tone ('success', 'warning', 'caution', 'danger', 'muted', 'accent') on this palette."""
    return tokens.tone_colour(name, is_dark(palette))


def roles(palette: QPalette | None = None) -> Roles:
    """The design system's colours for the theme in use (or the one `palette` belongs to)."""
    return tokens.roles(is_dark(palette or QApplication.palette()))


def mark(widget: QWidget, **properties: str) -> None:
    """Say what a widget is (`role="card"`, `variant="primary"`, `kind="warning"`...): the style sheet draws it.
    A change is drawn at once (Qt reads a property's rules only when the widget is polished)."""
    changed = False
    for name, value in properties.items():
        if widget.property(name) != value:
            widget.setProperty(name, value)
            changed = True
    if changed and widget.style() is not None:
        widget.style().unpolish(widget)
        widget.style().polish(widget)
        widget.update()


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


def styled(widget: QWidget, sheet_of: Callable[[QPalette], str]) -> None:
    """A widget's own style sheet made from the theme's palette, made again after every theme switch (for what
    the application's sheet cannot say: a colour that comes from data, such as a status badge's fill)."""

    def restyle(target: QWidget) -> None:
        text = sheet_of(QApplication.palette())
        if target.styleSheet() != text:
            target.setStyleSheet(text)

    _follow(widget, restyle, sheet=True)


def primary(button: QAbstractButton) -> None:
    """Draw the button as the screen's primary action, in both themes; disabled looks disabled."""
    mark(button, variant="primary")
