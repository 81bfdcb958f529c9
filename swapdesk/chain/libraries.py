"""The chain libraries, imported once: py-evm, web3, eth-account, tronpy and the HTTP clients.

They take over two seconds to import (py-evm's BLS precompiles compute tables
when imported), so the window begins importing them on a thread before it
loads Qt (`load_in_background`), and the engine's loader waits for that
thread (`load`) instead of importing them beside it: two threads importing
py-evm at once deadlock on its circular imports. The libraries the window
imports itself (eth-utils, pydantic) are imported first, on the caller's
thread, so that the window and the thread never import one package at once.
"""

from __future__ import annotations

import logging
import threading

log = logging.getLogger(__name__)
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


def load_in_background() -> None:
    import eth_utils  # noqa: F401
    import pydantic  # noqa: F401

    def run() -> None:
        try:
            load()
        except Exception:  # the engine's loader imports them again, and says what is wrong
            log.debug("importing the chain libraries ahead failed", exc_info=True)

    threading.Thread(target=run, name="chain-libraries", daemon=True).start()
