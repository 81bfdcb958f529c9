"""The engine: the swap query service, async, knowing nothing of Qt."""

from swapdesk.engine.backends import ChainBackend, DevnetBackend, RoutedBackend, RpcBackend
from swapdesk.engine.service import Engine

__all__ = ["ChainBackend", "DevnetBackend", "Engine", "RoutedBackend", "RpcBackend"]
