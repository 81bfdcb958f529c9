"""The in-process engine: `SwapService` over a `ChainBackend`.

Each method answers one endpoint of the spec. Cross-chain needs the bridge
providers' endpoints: without them it answers NOT_AVAILABLE (404) rather
than inventing data.

A chain's listed tokens (symbol, name, decimals: facts of the catalogue's
contracts) are read once per engine: the window lists them on every chain it
shows, and again for each balance refresh. Whoever lists a chain's tokens is
about to quote on it: the first listing starts reading the chain's pools in
the background, so the first quote finds them read, or joins the read.
"""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

from swapdesk.address import ZERO, format_address, parse_address, to_checksum
from swapdesk.api import (
    AggQuote,
    AggSwapRequest,
    Balance,
    BalancesRequest,
    ChainRequest,
    CrossListRequest,
    CrossOrderRequest,
    CrossQuote,
    CrossRoutes,
    CrossRoutesRequest,
    CrossSwapRequest,
    CrossTokenList,
    DetailsRequest,
    ErrorCode,
    InvalidParameter,
    SourceInfo,
    TokenInfo,
    TokenRequest,
    TransactionRequest,
    TronQuote,
    TronSwapRequest,
    TxDetails,
    TxInfo,
)
from swapdesk.chain.erc20 import MAX_DECIMALS, balances_of, metadata
from swapdesk.chain.work import working
from swapdesk.chains import Chain
from swapdesk.engine.backends import ChainBackend, reaching
from swapdesk.engine.bridges import BridgeEndpoints
from swapdesk.engine.catalog_check import CheckedChains
from swapdesk.engine.cross.cross_chain import CrossChain
from swapdesk.engine.deadline import QUOTE_SECONDS, quoting
from swapdesk.engine.quote.aggregator import Aggregator
from swapdesk.engine.reading.transaction_reader import TransactionReader
from swapdesk.engine.routing.discovery import DiscoveryCache
from swapdesk.engine.tron.quote import TronQuoter
from swapdesk.icons import source_icon, token_icon
from swapdesk.words import QT_TR_NOOP, Words

log = logging.getLogger(__name__)


class Engine:
    def __init__(
        self, backend: ChainBackend, bridges: BridgeEndpoints | None = None, pools_found: Path | None = None
    ) -> None:
        """`backend`: where the chains are (a network's nodes and catalogues); `bridges`: where the bridge
        providers' APIs are (none: cross-chain is not available); `pools_found`: a folder where the pools found
        on each chain are kept between runs (none: found again each run)."""
        self.backend: ChainBackend = CheckedChains(backend)  # catalogues checked against their chains
        self.aggregator = Aggregator(self.backend, DiscoveryCache(pools_found))
        self.tron = TronQuoter(self.aggregator, self.backend)
        self.cross = CrossChain(self.backend, bridges)
        self.reader = TransactionReader(self.backend, self.cross)  # details and the transaction extension
        self._listed: dict[int, list[TokenInfo]] = {}
        self._reading_ahead: set[asyncio.Task[None]] = set()
        self._started_chains: set[int] = set()  # a quote's chain, started once: later ones start it as they read

    @property
    def notices(self) -> list[str]:
        """What the person should hear about the engine's chains (not the wire contract's: `InProcess.notices`)."""
        return self.backend.notices

    async def start(self) -> None:
        """Nothing runs beside the engine itself (the app's embedded engine adds the world's bridges)."""

    async def tokens(self, request: ChainRequest) -> list[TokenInfo]:
        chain = request.chain
        if chain.id not in self._listed:
            self._listed[chain.id] = await self._read_tokens(chain)
            self._read_pools_ahead(chain)
        return list(self._listed[chain.id])

    def _read_pools_ahead(self, chain: Chain) -> None:
        async def read() -> None:
            try:
                with working(QUOTE_SECONDS):  # the first quote's reads, which it joins: kept together as its own
                    await (await self.aggregator.reader(chain)).current()
            except Exception:  # the quote that needs the pools reads them again, and says what went wrong
                log.debug("reading the %s pools ahead failed", chain.flag, exc_info=True)

        task = asyncio.ensure_future(read())
        self._reading_ahead.add(task)
        task.add_done_callback(self._reading_ahead.discard)

    async def _read_tokens(self, chain: Chain) -> list[TokenInfo]:
        catalog = await self.backend.catalog(chain)
        w3 = await self.backend.web3(chain)
        async with reaching(chain):
            found = await metadata(w3, catalog.multicall, [t.address for t in catalog.tokens])
        native = TokenInfo(
            address=format_address(ZERO, chain.tron),
            symbol=chain.native_symbol,
            name=chain.name + " native coin",
            decimals=chain.native_decimals,
            icon=token_icon(chain.native_symbol),
        )
        listed = [native]
        for token in found:
            if token is None:
                continue
            address = format_address(parse_address(token.address, False), chain.tron)
            listed.append(
                TokenInfo(
                    address=address,
                    symbol=token.symbol,
                    name=token.name,
                    decimals=token.decimals,
                    icon=token_icon(token.symbol),
                )
            )
        return listed

    async def sources(self, request: ChainRequest) -> list[SourceInfo]:
        chain = request.chain
        catalog = await self.backend.catalog(chain)
        return [
            SourceInfo(
                name=s.name,
                kind=s.kind,
                feeBps=s.fee_bps,
                feeTiers=s.fee_tiers,
                address=format_address(parse_address(s.address, False), chain.tron),
                pools=len(s.pools),
                icon=source_icon(s.name),
            )
            for s in catalog.sources
        ]

    async def token(self, request: TokenRequest) -> TokenInfo:
        chain = request.chain
        wanted = parse_address(request.address, chain.tron)
        for listed in await self.tokens(ChainRequest(chain)):
            if parse_address(listed.address, chain.tron) == wanted:  # any spelling of a listed address
                return listed
        catalog = await self.backend.catalog(chain)
        w3 = await self.backend.web3(chain)
        async with reaching(chain):
            (found,) = await metadata(w3, catalog.multicall, [to_checksum(wanted)])
        if found is None:
            raise InvalidParameter(
                "address",
                ErrorCode.UNKNOWN_TOKEN,
                Words(
                    QT_TR_NOOP(
                        "no ERC-20 token at that address on {chain}: it must answer symbol() and decimals() "
                        "(at most {decimals})"
                    ),
                    chain=chain.flag,
                    decimals=MAX_DECIMALS,
                ),
            )
        return TokenInfo(
            address=format_address(wanted, chain.tron),
            symbol=found.symbol,
            name=found.name,
            decimals=found.decimals,
            icon="",
        )

    async def balances(self, request: BalancesRequest) -> list[Balance]:
        chain = request.chain
        catalog = await self.backend.catalog(chain)
        w3 = await self.backend.web3(chain)
        holder = to_checksum(parse_address(request.address, chain.tron))
        async with reaching(chain):
            tokens = await self.tokens(ChainRequest(chain))
            return [
                Balance(address=t.address, symbol=t.symbol, decimals=t.decimals, balance=str(amount))
                for t, amount in zip(
                    tokens, await balances_of(w3, catalog.multicall, holder, tokens, chain.tron), strict=True
                )
            ]

    async def agg_swap(self, request: AggSwapRequest) -> AggQuote:
        async with reaching(request.chain):
            await self._started(request.chain)
            async with quoting(request.chain):
                return await self.aggregator.quote(request)

    async def tron_swap(self, request: TronSwapRequest) -> TronQuote:
        async with reaching(request.chain):
            await self._started(request.chain)
            async with quoting(request.chain):
                return await self.tron.quote(request)

    async def _started(self, chain: Chain) -> None:
        """The chain started and its catalogue checked before a quote's deadline counts (a devnet chain's first
        start may build its world); the checks' reads kept together as a quote's are (`chain.work`)."""
        if chain.id not in self._started_chains:
            with working(QUOTE_SECONDS):
                await self.backend.catalog(chain)
            self._started_chains.add(chain.id)

    async def cross_list(self, request: CrossListRequest) -> CrossTokenList:
        return await self.cross.cross_list(request)

    async def cross_list_of(self, request: CrossListRequest, chains: frozenset[int]) -> CrossTokenList:
        return await self.cross.cross_list(request, chains)

    async def cross_swap(self, request: CrossSwapRequest) -> CrossQuote:
        return await self.cross.cross_swap(request)

    async def cross_order(self, request: CrossOrderRequest) -> str:
        return await self.cross.cross_order(request)

    async def cross_routes(self, request: CrossRoutesRequest) -> CrossRoutes:
        return await self.cross.cross_routes(request)

    async def details(self, request: DetailsRequest) -> TxDetails:
        """A cross-chain order by its source or target hash, else a swap read from what it did."""
        async with reaching(request.chain):
            return await self.reader.details(request)

    async def transaction(self, request: TransactionRequest) -> TxInfo:
        """Any transaction described (a swap or an order carries its details record)."""
        async with reaching(request.chain):
            return await self.reader.transaction(request)

    async def aclose(self) -> None:
        for task in list(self._reading_ahead):
            task.cancel()
        await asyncio.gather(*self._reading_ahead, return_exceptions=True)
        await self.aggregator.aclose()
        await self.cross.aclose()
        await self.tron.aclose()
        await self.reader.aclose()
        await self.backend.aclose()
