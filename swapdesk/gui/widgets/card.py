"""Moved to the design system (`swapdesk.gui.design.card`); kept for the History tab's imports until it moves too."""

from swapdesk.gui.design.card import Card, CardScroll, heading  # noqa: F401
