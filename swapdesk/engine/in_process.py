"""What only an engine running in this process has, beside the wire contract.

`SwapService` is what any engine answers, here or over HTTP. An engine in this process has more, which the window's
trade layer and the command line need and a server never gives: the chains themselves (signing and sending need
them, and whether a chain is the devnet), what the person should hear about them, cBridge's gateway for the
withdrawal of a refund, and TRON's node. `compose` hands this handle, typed, to those who need it; a server's
engine has none.
"""

from __future__ import annotations

from tronpy import AsyncTron

from swapdesk.engine.backends import ChainBackend
from swapdesk.engine.bridges.cbridge import CBridge
from swapdesk.engine.bridges.cbridge_refund import Refund
from swapdesk.engine.service import Engine
from swapdesk.engine.tron.node_client import tron_client

CBRIDGE = "CBRIDGE"


class InProcess:
    def __init__(self, engine: Engine) -> None:
        self._engine = engine
        self.chains: ChainBackend = engine.backend  # its catalogues checked against their chains

    @property
    def notices(self) -> list[str]:
        """What the person should hear about the engine, in words (a chain that started afresh, a catalogue not
        used, bridges run by another process); the window shows each once."""
        return self._engine.notices

    def refund(self) -> Refund:
        """cBridge's gateway, for the withdrawal of a refund; NotFound(NOT_AVAILABLE) without cBridge here."""
        client = self._engine.cross.client(CBRIDGE)
        assert isinstance(client, CBridge), "the bridges' clients are made by name (engine.bridges.KINDS)"
        return Refund(client)

    def tron(self) -> AsyncTron:
        """A client of the TRON node behind the engine's chains; CHAIN_UNAVAILABLE where there is none."""
        return tron_client(self.chains)
