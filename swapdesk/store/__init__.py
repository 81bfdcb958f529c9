"""The local store: what the app has sent, kept safe across crashes."""

from swapdesk.store.transactions import StoredTx, TxStore

__all__ = ["StoredTx", "TxStore"]
