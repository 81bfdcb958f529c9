"""`GET /v3/core/details` and `GET /ext/v1/transaction` from one reading of the transaction, so they never disagree.

A cross-chain order (a deposit, payout or refund a bridge's provider knows, or a METAPATH registration) is the
spec's cross-chain record (`cross.details`); any other transaction is read from what it did (`what_it_did`). Details
answer a swap or an order, and say what anything else is (NOT_A_SWAP, naming it); the transaction extension
describes everything, carrying the details record where there is one.

On TRON the chain's JSON-RPC view reads every transaction, and the TRON node adds what only it says of its own
(the TRX burnt, the energy used; such a transaction's id is shown without 0x). What is learnt of a chain's pools,
tokens and catalogue names is kept for the engine's life.
"""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import Any

from tronpy import AsyncTron
from tronpy.exceptions import TransactionNotFound as TronNotFound
from web3 import AsyncWeb3

from swapdesk.api import ApiError, DetailsRequest, ErrorCode, NotFound, TxDetails, TxInfo, Unprocessable
from swapdesk.api.requests import TransactionRequest
from swapdesk.catalogs import Catalog
from swapdesk.chain.erc20 import metadata
from swapdesk.chains import Chain
from swapdesk.engine.backends import ChainBackend
from swapdesk.engine.cross.cross_chain import CrossChain
from swapdesk.engine.reading.fetch import Mined, fetch
from swapdesk.engine.reading.flows import NATIVE
from swapdesk.engine.reading.names import names
from swapdesk.engine.reading.pools import PoolBook
from swapdesk.engine.reading.records import Token, Tokens, Tron, info_record, swap_record, wanted_tokens
from swapdesk.engine.reading.what_it_did import Reading, explain_failure, read
from swapdesk.engine.tron.node_client import reaching_tron, tron_client
from swapdesk.units import to_human
from swapdesk.words import QT_TR_NOOP, Term, Words

log = logging.getLogger(__name__)

KIND_WORDS = {
    "approval": QT_TR_NOOP("an approval"), "transfer": QT_TR_NOOP("a token transfer"),
    "payment": QT_TR_NOOP("a payment of the coin"), "wrap": QT_TR_NOOP("a wrap of the coin"),
    "unwrap": QT_TR_NOOP("an unwrap of the coin"), "call": QT_TR_NOOP("a contract call swapdesk cannot read as a swap"),
    "deployment": QT_TR_NOOP("a contract deployment"),
    "bridge": QT_TR_NOOP("a bridge deposit no bridge provider here knows"),
}  # fmt: skip
MAX_TOKENS = 50_000  # token facts kept per engine


class TransactionReader:
    def __init__(self, backend: ChainBackend, cross: CrossChain) -> None:
        self.backend, self.cross = backend, cross
        self._pools: dict[int, PoolBook] = {}
        self._names: dict[int, tuple[Catalog, dict[str, str]]] = {}
        self._tokens: dict[int, Tokens] = {}
        self._tron: AsyncTron | None = None

    async def details(self, request: DetailsRequest) -> TxDetails:
        chain = request.chain
        mined = await self._mined_or_order(chain, request.hash)
        if isinstance(mined, TxDetails):
            return mined
        order = await self._order(chain, request.hash) if chain.cross_chain and not mined.pending else None
        if order is not None:
            return order
        if mined.pending:  # a swap's outcome is not known before its block: neither Success nor Failure yet
            pending = Words(QT_TR_NOOP("hash: the transaction is not mined yet on {chain}"), chain=chain.flag)
            raise NotFound(ErrorCode.TRANSACTION_NOT_FOUND, pending, "hash")
        reading, tokens, tron = await self._read(chain, mined)
        if reading.kind == "swap":
            return swap_record(reading, tokens, tron)
        what = Term(KIND_WORDS.get(reading.kind, QT_TR_NOOP("not a swap")))
        raise Unprocessable(
            ErrorCode.NOT_A_SWAP,
            Words(
                QT_TR_NOOP(
                    "hash: that transaction is {what}, not a swap or a cross-chain transfer; /ext/v1/transaction"
                    " describes it"
                ),
                what=what,
            ),
            "hash",
        )

    async def transaction(self, request: TransactionRequest) -> TxInfo:
        chain = request.chain
        mined = await self._mined_or_order(chain, request.hash)
        if isinstance(mined, TxDetails):  # an order registered for a transaction the chain does not show
            return _order_only(mined, chain)
        order = None
        if chain.cross_chain and not mined.pending:  # where the provider cannot say, the deposit's event still does
            order = await self._order(chain, request.hash, quiet=True)
        reading, tokens, tron = await self._read(chain, mined)
        if order is not None:
            reading.kind = "bridge"
        swapped = reading.kind == "swap" and not mined.pending  # pending: no record, as details answer none yet
        details = order or (swap_record(reading, tokens, tron) if swapped else None)
        return info_record(reading, tokens, tron, details)

    async def _mined_or_order(self, chain: Chain, tx_hash: str) -> Mined | TxDetails:
        """The transaction; where the chain shows none, an order a provider keeps for its hash; else NotFound."""
        try:
            return await fetch(await self.backend.web3(chain), chain, tx_hash)
        except NotFound:
            order = await self._order(chain, tx_hash)
            if order is not None:
                return order
            raise

    async def _order(self, chain: Chain, tx_hash: str, quiet: bool = False) -> TxDetails | None:
        """The cross-chain record, where a bridge's provider knows the transaction; `quiet`: None where the provider
        cannot say."""
        try:
            return await self.cross.details(DetailsRequest(tx_hash, chain))
        except ApiError:
            if quiet:
                return None
            raise

    async def _read(self, chain: Chain, mined: Mined) -> tuple[Reading, Tokens, Tron | None]:
        catalog, w3 = await self.backend.catalog(chain), await self.backend.web3(chain)
        tron = await self._tron_facts(chain, mined) if chain.tron and not mined.pending else None
        if tron is not None:
            mined = replace(mined, burnt=tron.fee)  # the TRX it burnt: energy and bandwidth
        reading = await read(w3, chain, catalog, self._names_of(chain, catalog), self._book(chain), mined)
        tokens = await self._token_facts(w3, chain, catalog, wanted_tokens(reading))

        def shown(token: str | None, amount: int) -> str:
            native = Token(chain.native_symbol, chain.native_decimals)
            known = native if token == NATIVE else tokens.get(token or "")
            if known is None or not known.symbol:
                return f"{amount} (smallest units)"
            return f"{to_human(amount, known.decimals)} {known.symbol}"

        await explain_failure(w3, reading, shown)
        return reading, tokens, tron

    def _book(self, chain: Chain) -> PoolBook:
        return self._pools.setdefault(chain.id, PoolBook())

    def _names_of(self, chain: Chain, catalog: Catalog) -> dict[str, str]:
        kept = self._names.get(chain.id)
        if kept is None or kept[0] is not catalog:
            kept = self._names[chain.id] = (catalog, names(catalog))
        return kept[1]

    async def _token_facts(self, w3: AsyncWeb3[Any], chain: Chain, catalog: Catalog, wanted: list[str]) -> Tokens:
        known = self._tokens.setdefault(chain.id, {})
        missing = [t for t in wanted if t not in known]
        if missing:
            for token, meta in zip(missing, await metadata(w3, catalog.multicall, missing), strict=True):
                known[token] = Token(meta.symbol, meta.decimals) if meta is not None else Token("", 0)
            while len(known) > MAX_TOKENS:
                known.pop(next(iter(known)))
        return {t: known[t] for t in wanted if t in known}

    async def _tron_facts(self, chain: Chain, mined: Mined) -> Tron | None:
        """The TRON node's word on one of its own transactions; None for an Ethereum one (or without a node)."""
        try:
            if self._tron is None:
                self._tron = tron_client(self.backend)
            async with reaching_tron(chain):
                info: dict[str, Any] = await self._tron.get_transaction_info(mined.hash.removeprefix("0x"))
        except TronNotFound:
            return None
        except ApiError:
            log.debug("no TRON node to ask about %s", mined.hash, exc_info=True)
            return None
        if not info or not info.get("id"):
            return None
        return Tron(int(info.get("fee", 0)), int(info.get("receipt", {}).get("energy_usage_total", 0)))

    async def aclose(self) -> None:
        if self._tron is not None:
            await self._tron.close()
            self._tron = None


def _order_only(record: TxDetails, chain: Chain) -> TxInfo:
    """An order a provider keeps for a hash the chain does not show (a METAPATH registration): the order alone."""
    return TxInfo(
        hash=record.sourceHash, chain=chain.flag, kind="bridge", status=record.status, statusNotes=record.statusNotes,
        fromAddress=record.fromAddress, toAddress="", value="0", token=record.fromToken, symbol="",
        decimals=record.fromDecimals, amount=record.amountIn, spender="", spenderName="", recipient=record.toAddress,
        networkFee="0", gasUsed=0, block=0, timestamp=record.timestamp, details=record,
    )  # fmt: skip
