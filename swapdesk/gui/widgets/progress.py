"""Moved to the design system (`swapdesk.gui.design.progress`); kept for History until it moves."""

from swapdesk.gui.design.progress import *  # noqa: F403
