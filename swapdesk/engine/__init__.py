"""The engine: the swap query service, async, knowing nothing of Qt."""

from swapdesk.engine.backends import ChainBackend, RoutedBackend, RpcBackend, ServedDevnetBackend
from swapdesk.engine.service import Engine

__all__ = ["ChainBackend", "Engine", "RoutedBackend", "RpcBackend", "ServedDevnetBackend"]
