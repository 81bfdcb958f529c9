"""Moved to the design system (`swapdesk.gui.design.fold`); kept for History until it moves."""

from swapdesk.gui.design.fold import *  # noqa: F403
