"""The design system's tokens: spacing and type scales, radii, and the colour roles of the light and dark themes.

Everything the window draws takes its measures and colours from here, through the application's style sheet
(`design.sheet`), the palette (`gui.theme`) and the components (`swapdesk.gui.design`). No Qt: plain data, and
the WCAG contrast helpers that check it (every text role meets AA, 4.5:1, on the surfaces it is drawn on).
"""

from __future__ import annotations

from dataclasses import dataclass

# spacing, in pixels: every margin and gap is one of these
SPACE = {"xxs": 2, "xs": 4, "sm": 8, "md": 12, "lg": 16, "xl": 24, "xxl": 32}

# type, as a factor of the application's own font size (the system's, so a larger system font scales the window)
TYPE = {"caption": 0.86, "body": 1.0, "title": 1.12, "heading": 1.35, "display": 1.9}

# corner radii, in pixels; a pill is rounded by half its height (`pill`)
RADIUS = {"sm": 6, "md": 10, "lg": 14}
CONTROL_HEIGHT = 34  # a button, a field, a box: one height, so rows line up
FIELD_HEIGHT = 40  # the token button and the amount's field


@dataclass(frozen=True)
class Roles:
    """What each colour is for. `*_soft` are the quiet fills behind a notice of that tone."""

    window: str  # the window's background, behind the cards
    surface: str  # a card
    surface_alt: str  # inside a card: an amount field, a route row, a hovered button
    border: str
    border_strong: str  # an input's edge
    text: str
    text_muted: str
    text_disabled: str
    accent: str  # the primary action's fill, the chosen card's edge, the focus ring
    accent_hover: str
    on_accent: str  # text on the accent
    accent_text: str  # links and accent words on a surface
    accent_soft: str  # the fill of something chosen
    success: str
    warning: str
    caution: str
    danger: str
    success_soft: str
    warning_soft: str
    danger_soft: str
    info_soft: str
    skeleton: str  # a placeholder bar while something loads
    disabled_fill: str


LIGHT = Roles(
    window="#f3f4f6", surface="#ffffff", surface_alt="#f3f5f8", border="#e3e6eb", border_strong="#c9ced6",
    text="#111827", text_muted="#4b5563", text_disabled="#8b929c",
    accent="#2563eb", accent_hover="#1d4ed8", on_accent="#ffffff", accent_text="#1d4ed8", accent_soft="#eef3ff",
    success="#166534", warning="#854d0e", caution="#9a3412", danger="#b91c1c",
    success_soft="#ecfdf3", warning_soft="#fff8e6", danger_soft="#fef2f2", info_soft="#eff5ff",
    skeleton="#e5e7eb", disabled_fill="#e5e7eb",
)  # fmt: skip
DARK = Roles(
    window="#121418", surface="#1b1f26", surface_alt="#232932", border="#2c333d", border_strong="#3b4350",
    text="#e6e8eb", text_muted="#a1a8b3", text_disabled="#6b7280",
    accent="#2563eb", accent_hover="#1d4ed8", on_accent="#ffffff", accent_text="#7cb4fb", accent_soft="#1c2a45",
    success="#4ade80", warning="#fbbf24", caution="#fb923c", danger="#f87171",
    success_soft="#13291d", warning_soft="#2a2412", danger_soft="#2e1719", info_soft="#17233a",
    skeleton="#2a3039", disabled_fill="#2a3039",
)  # fmt: skip
THEMES = {"light": LIGHT, "dark": DARK}

# the tones a line of words can take (`theme.tint`), by role
TONES = ("success", "warning", "caution", "danger", "muted", "accent")


def roles(dark: bool) -> Roles:
    return DARK if dark else LIGHT


def tone_colour(name: str, dark: bool) -> str:
    """A tone's colour: 'muted' and 'accent' are the muted and accent text roles, the others their own."""
    chosen = roles(dark)
    return {"muted": chosen.text_muted, "accent": chosen.accent_text}.get(name) or getattr(chosen, name)


def luminance(colour: str) -> float:
    """WCAG 2.x relative luminance of '#rrggbb'."""
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(first: str, second: str) -> float:
    """WCAG contrast ratio of two colours, from 1 to 21 (AA asks 4.5 for text)."""
    high, low = sorted((luminance(first), luminance(second)), reverse=True)
    return (high + 0.05) / (low + 0.05)
