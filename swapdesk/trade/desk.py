"""The trade side of an engine in this process: who swaps, who bridges (and withdraws a cBridge refund), and the
outbox that resumes.

Signing and sending need the chains themselves, which only an engine in this process has (`InProcess`); a
server's engine only answers, and has no desk. The session makes one per engine (`swapdesk.session`).
"""

from __future__ import annotations

from collections.abc import Callable

from swapdesk.api import SwapService
from swapdesk.chains import by_id
from swapdesk.engine.in_process import InProcess
from swapdesk.store import StoredOrder, TxStore
from swapdesk.trade.bridge import Bridger
from swapdesk.trade.bridge_catalog import BridgeCatalog
from swapdesk.trade.bridge_refund import RefundWithdraw
from swapdesk.trade.outbox import Network, Outbox, Sent, network_of
from swapdesk.trade.swap import Trader
from swapdesk.wallet import PrivateKey
from swapdesk.words import Words


class Desk:
    def __init__(self, service: SwapService, here: InProcess, store: TxStore) -> None:
        self.trader = Trader(service, here, Outbox(store))
        self.bridger = Bridger(self.trader, BridgeCatalog(here.chains))

    async def resume(self) -> list[str]:
        """Settle what a previous session sent (or signed) and never saw settled, each transaction on the network
        it was signed for only (`outbox.Network`); the hashes looked at."""
        chains = self.trader.chains

        async def network_for(chain_id: int) -> Network:
            return await network_of(chains, by_id(chain_id))

        return await self.trader.outbox.resume(network_for)

    async def withdraw_refund(
        self, key: PrivateKey, order: StoredOrder, step: Callable[[Words], None] = lambda _: None
    ) -> Sent:
        """A cBridge refund waiting for its sender (`key`), asked for and withdrawn (`bridge_refund`)."""
        return await RefundWithdraw(self.bridger).withdraw(key, order, step)
