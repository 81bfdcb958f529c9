"""Moved to the design system (`swapdesk.gui.design.copyable`); kept for History until it moves."""

from swapdesk.gui.design.copyable import *  # noqa: F403
