"""The Cross-chain tab (`tab.CrossChainTab`), built of parts each with one job: the form, its choices, the
comparison on screen, the side with the orders and the state it says; `asking.Asking` (beside this package)
compares the bridges for the form as it changes."""

from swapdesk.gui.tabs.cross.tab import CrossChainTab

__all__ = ["CrossChainTab"]
