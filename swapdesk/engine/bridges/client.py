"""The one interface of the bridge clients, and what all of them do alike: the order callback's checks.

A client speaks to its provider's API (`ProviderApi`) and reads its contracts through the engine's chains
(`ChainReader`). It knows its contracts' addresses only from its provider (token lists, configs, quotes),
as a client of the real provider would.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import ClassVar

from swapdesk.address import InvalidAddress, parse_address
from swapdesk.api import CrossOrderRequest, ErrorCode, NotFound, Unprocessable, on_parameter
from swapdesk.engine.bridges.model import Ask, Deposit, Found, Listing, Quote, Token, Transfer
from swapdesk.engine.bridges.onchain import ChainReader, Receipt
from swapdesk.engine.bridges.provider import ProviderApi
from swapdesk.engine.bridges.quote_checks import check_quote
from swapdesk.words import QT_TR_NOOP, Words

ORDER_WAIT = 20.0  # seconds the order callback waits for a deposit still pending to be mined


class BridgeClient(ABC):
    name: ClassVar[str]  # the spec's bridge name
    topics: ClassVar[frozenset[bytes]]  # first topics of the events that mark this bridge's transactions

    def __init__(self, api: ProviderApi, chains: ChainReader) -> None:
        self.api = api
        self.chains = chains

    @abstractmethod
    async def tokens(self, on: frozenset[int] | None = None) -> list[Token]:
        """Every token this bridge takes, on every chain it serves (the native coin where it takes it); with
        `on`, only those on these chain ids (what a provider asks per chain is asked of those alone)."""

    async def listing(self, on: frozenset[int] | None = None) -> Listing:
        """`tokens`, for the cross-chain list. A provider asked chain by chain may leave out a chain it cannot list
        now and keep the others (each said in `Listing.refused`); a refusal of the whole list is raised."""
        return Listing(await self.tokens(on))

    @abstractmethod
    async def quote(self, ask: Ask) -> Quote:
        """The provider's price for `ask`, refused in the API's words (NO_ROUTE, OUTSIDE_LIMITS...), each field
        of its answer held to its rule; what anyone is shown is `checked_quote`'s."""

    async def checked_quote(self, ask: Ask) -> Quote:
        """`quote`, once it holds as a whole (`quote_checks`: amounts, decimals, the contract)."""
        quote = await self.quote(ask)
        await check_quote(self.api, self.chains, quote)
        return quote

    @abstractmethod
    async def deposit(self, receipt: Receipt) -> Deposit | None:
        """The deposit into this bridge that a mined source transaction made; None when it made none."""

    @abstractmethod
    async def register(self, deposit: Deposit, channel: str) -> str:
        """Tell the provider of the deposit (where it has a way to be told); the order's id."""

    @abstractmethod
    async def find(self, receipt: Receipt) -> Found | None:
        """The order a transaction of this bridge's contracts belongs to (a deposit, payout or refund)."""

    async def registered(self, chain_id: int, tx: str) -> Found | None:
        """An order the provider keeps for a hash the chain cannot show as this bridge's (METAPATH's
        registrations of transactions never sent, or that deposited nothing). None by default."""
        return None

    @abstractmethod
    async def transfer(self, found: Found) -> Transfer:
        """The order's deposit and where its provider says it is."""

    async def order(self, request: CrossOrderRequest) -> str:
        """The order callback: the hash must be a deposit into this bridge on the source chain, made with
        the request's parameters; then the provider is told, once (the same hash, the same order id)."""
        src = request.fromChainID
        receipt = await self.chains.receipt(src, request.hash, wait=ORDER_WAIT)
        if receipt is None:
            unmined = Words(QT_TR_NOOP("hash: no mined transaction with that hash on {chain}"), chain=src.name)
            raise NotFound(ErrorCode.TRANSACTION_NOT_FOUND, unmined, "hash")
        deposit = await self.deposit(receipt) if receipt.ok else None
        if deposit is None:
            why = (
                Words(QT_TR_NOOP("it failed: it deposited nothing"))
                if not receipt.ok
                else Words(QT_TR_NOOP("it is not a deposit into {bridge}"), bridge=self.name)
            )
            nothing = Words(QT_TR_NOOP("{why} on {chain}"), why=why, chain=src.name)
            raise Unprocessable(ErrorCode.NOT_A_DEPOSIT, on_parameter("hash", nothing), "hash")
        check_order(request, deposit)
        return await self.register(deposit, request.channel)

    async def aclose(self) -> None:
        await self.api.aclose()


def check_order(request: CrossOrderRequest, deposit: Deposit) -> None:
    """Each parameter must say what the deposit did: ORDER_MISMATCH names the first that does not."""
    src, dst = request.fromChainID, request.toChainID

    def differs(parameter: str, found: Words) -> Unprocessable:
        return Unprocessable(ErrorCode.ORDER_MISMATCH, on_parameter(parameter, found), parameter)

    if deposit.dst.chain != dst:
        raise differs(
            "toChainID",
            Words(
                QT_TR_NOOP("the deposit goes to {chain} ({id})"), chain=deposit.dst.chain.name, id=deposit.dst.chain.id
            ),
        )
    if parse_address(request.token0, src.tron) != deposit.src.address:
        raise differs(
            "token0",
            Words(
                QT_TR_NOOP("the deposit sent {symbol} ({token})"), symbol=deposit.src.symbol, token=deposit.src.shown
            ),
        )
    if parse_address(request.token1, dst.tron) != deposit.dst.address:
        raise differs(
            "token1",
            Words(
                QT_TR_NOOP("the deposit asks for {symbol} ({token})"),
                symbol=deposit.dst.symbol,
                token=deposit.dst.shown,
            ),
        )
    try:
        same_receiver = parse_address(deposit.receiver, dst.tron) == parse_address(request.to, dst.tron)
    except InvalidAddress:
        same_receiver = False
    if not same_receiver:
        raise differs("to", Words(QT_TR_NOOP("the deposit pays {receiver}"), receiver=repr(deposit.receiver)))
    if deposit.amount != request.amountIn:
        raise differs(
            "amountIn",
            Words(
                QT_TR_NOOP("the deposit sent {amount} ({human})"),
                amount=deposit.amount,
                human=deposit.src.human(deposit.amount),
            ),
        )
    if deposit.min_on_chain and deposit.min_out != request.amountOutMin:
        raise differs(
            "amountOutMin", Words(QT_TR_NOOP("the deposit accepts no less than {minimum}"), minimum=deposit.min_out)
        )
