"""swapdesk: a desktop tool for swapping, bridging and checking transactions."""

__version__ = "0.1.0"
