"""The Quote tab (`tab.QuoteTab`), built of parts each with one job: the form, its data, the quote on screen and
the state it says; `asking.Asking` (beside this package) quotes the form as it changes."""

from swapdesk.gui.tabs.quote.tab import QuoteTab

__all__ = ["QuoteTab"]
