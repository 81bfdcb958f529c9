"""The desktop window: PySide6 driven by one qasync event loop.

The GUI knows the engine only through `api.SwapService`, so it works the same
on the embedded engine and on a remote server.
"""
