"""The History tab (`tab.HistoryTab`): one transaction's card (`card`), many at once (`many`), and what was sent."""

from swapdesk.gui.tabs.history.tab import HistoryTab

__all__ = ["HistoryTab"]
