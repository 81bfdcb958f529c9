"""The chain libraries, imported once: py-evm, web3, eth-account, tronpy and the HTTP clients.

They take over two seconds to import (py-evm's BLS precompiles compute tables
when imported), so the window imports them only once it is shown, on the thread
that builds the engine (`session.build`): imported beside Qt before the window,
they took the interpreter from it and doubled the wait for the window (issue
31). `load` lets one thread import them while any other waits: two threads
importing py-evm at once deadlock on its circular imports.
"""

from __future__ import annotations

import threading

_importing = threading.Lock()


def load() -> None:
    """Import the chain libraries, or wait for the thread that is importing them."""
    with _importing:
        import aiohttp  # noqa: F401
        import eth.vm.forks  # noqa: F401
        import eth_account  # noqa: F401
        import httpx  # noqa: F401
        import tronpy  # noqa: F401
        import web3  # noqa: F401
