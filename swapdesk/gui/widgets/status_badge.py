"""Moved to the design system (`swapdesk.gui.design.badge`); kept for the History tab's imports until it moves too."""

from swapdesk.gui.design.badge import StatusBadge, StatusLegend  # noqa: F401
