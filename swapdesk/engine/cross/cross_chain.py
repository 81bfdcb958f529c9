"""The engine's cross-chain part: the spec's token list, quote and order callback, the routes extension,
and the details of cross-chain transactions, over one client per bridge provider.

The engine is told where the providers are (`BridgeEndpoints`); with none, every cross-chain path answers
NOT_AVAILABLE and details are same-chain only. Wiring in `Engine` (swapdesk/engine/service.py):

    self.cross = CrossChain(self.backend, bridges)        # bridges: BridgeEndpoints | None
    cross_list / cross_swap / cross_order / cross_routes  -> self.cross.<same name>(request)
    cross_list_of(request, chains)                        -> self.cross.cross_list(request, chains)
    details: (await self.cross.details(request)) or the same-chain record
"""

from __future__ import annotations

import asyncio
import logging

from swapdesk.api import (
    ApiError,
    CrossListRequest,
    CrossOrderRequest,
    CrossQuote,
    CrossRoutes,
    CrossRoutesRequest,
    CrossSwapRequest,
    CrossTokenList,
    DetailsRequest,
    ErrorCode,
    NotFound,
    TxDetails,
)
from swapdesk.api.records import CrossChainEntry, CrossTokenEntry, ListRefusal
from swapdesk.chains import CHAINS
from swapdesk.engine.backends import ChainBackend
from swapdesk.engine.bridges import BridgeClient, BridgeEndpoints, ChainReader, bridge_clients
from swapdesk.engine.bridges.eta import Observed
from swapdesk.engine.bridges.model import Ask, Token
from swapdesk.engine.cross.details import cross_details
from swapdesk.engine.cross.quote_record import quote_record
from swapdesk.engine.cross.request_checks import check_decimals, check_parties
from swapdesk.engine.cross.routes import cross_routes
from swapdesk.icons import chain_icon, token_icon
from swapdesk.words import QT_TR_NOOP, Words

log = logging.getLogger(__name__)


class CrossChain:
    def __init__(self, backend: ChainBackend, endpoints: BridgeEndpoints | None = None) -> None:
        self.chains = ChainReader(backend)
        self.observed = Observed()  # durations of the transfers watched to their end: real networks' ETAs
        self.clients: dict[str, BridgeClient] = bridge_clients(endpoints, self.chains) if endpoints else {}

    def _offered(self) -> dict[str, BridgeClient]:
        if not self.clients:
            none = Words(QT_TR_NOOP("cross-chain swaps need bridge providers: this engine has none"))
            raise NotFound(ErrorCode.NOT_AVAILABLE, none)
        return self.clients

    def client(self, bridge: str) -> BridgeClient:
        found = self._offered().get(bridge)
        if found is None:
            offered = ", ".join(self.clients)
            elsewhere = Words(
                QT_TR_NOOP("bridge: {bridge} is not offered here; use one of {offered}"), bridge=bridge, offered=offered
            )
            raise NotFound(ErrorCode.NOT_AVAILABLE, elsewhere)
        return found

    async def cross_list(self, request: CrossListRequest, on: frozenset[int] | None = None) -> CrossTokenList:
        """`bridgers` are the bridges /v3/cross/swap answers for; per bridge its chains and tokens. With `on`
        (not the spec's: the window's first look), the same answer for those chain ids alone: it costs only
        their providers' lists (ANYSWAP's starts each chain it lists).

        A provider whose list is refused (it cannot be reached, or answers what cannot be so) leaves its bridge
        out, the others listed; a chain a provider cannot list now leaves that chain out of its bridge. Each is
        said in `unavailable` (an extension), with the words /v3/cross/swap would answer. When every list is
        refused, the first refusal is the answer."""
        clients = self._offered()
        answers = await asyncio.gather(*(client.listing(on) for client in clients.values()), return_exceptions=True)
        listed: dict[str, list[Token]] = {}
        unavailable: list[ListRefusal] = []
        for name, answer in zip(clients, answers, strict=True):
            if isinstance(answer, ApiError):
                log.warning("%s left out of the cross-chain token list: %s", name, answer.message)
                unavailable.append(ListRefusal(bridge=name, code=answer.code.value, message=answer.message))
            elif isinstance(answer, BaseException):
                raise answer
            else:
                listed[name] = answer.tokens
                for chain, refused in answer.refused:
                    log.warning("%s's %s left out of the cross-chain token list: %s", name, chain.flag, refused.message)
                    unavailable.append(
                        ListRefusal(bridge=name, chainId=chain.id, code=refused.code.value, message=refused.message)
                    )
        if not listed:
            raise next(a for a in answers if isinstance(a, ApiError))
        chains, tokens = {}, {}
        for name, found in listed.items():
            served = {token.chain.id for token in found}
            chains[name] = [
                CrossChainEntry(chainId=c.id, name=c.name, flag=c.flag, icon=chain_icon(c.flag))
                for c in CHAINS
                if c.id in served
            ]
            tokens[name] = [
                CrossTokenEntry(
                    chainId=t.chain.id,
                    address=t.shown,
                    symbol=t.symbol,
                    decimals=t.decimals,
                    name=t.name,
                    icon=token_icon(t.symbol),
                )
                for t in found
            ]
        return CrossTokenList(bridgers=list(listed), chains=chains, tokens=tokens, unavailable=unavailable or None)

    async def cross_swap(self, request: CrossSwapRequest) -> CrossQuote:
        ask = Ask.of(request)
        devnet = self.chains.backend.is_devnet(ask.dst)
        check_parties(ask, ask.token1, devnet)
        quote = await self.client(request.bridge).checked_quote(ask)
        check_parties(ask, quote.dst.address, devnet)
        check_decimals(request, quote)
        return quote_record(quote, request.to)

    async def cross_order(self, request: CrossOrderRequest) -> str:
        return await self.client(request.bridge).order(request)

    async def cross_routes(self, request: CrossRoutesRequest) -> CrossRoutes:
        return await cross_routes(self._offered(), self.chains, request, self.observed)

    async def details(self, request: DetailsRequest) -> TxDetails | None:
        """The cross-chain record of a transaction; None when it is not a bridge's (read it as same-chain)."""
        return await cross_details(self.clients.values(), self.chains, request, self.observed)

    async def aclose(self) -> None:
        for client in self.clients.values():
            await client.aclose()
