"""The local store: what the app has sent, and the cross-chain orders it follows, kept safe across crashes."""

from swapdesk.store.orders import StoredOrder
from swapdesk.store.transactions import StoredTx, TxStore

__all__ = ["StoredOrder", "StoredTx", "TxStore"]
