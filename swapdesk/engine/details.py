"""`GET /v3/core/details` for same-chain swaps through the router.

The record is decoded from the chain: the transaction (what was asked: the router call, `swap` or its
TRON entry point `swapFlat`) and its outcome (the router's `Swapped` event: what happened). A reverted swap
is Failure; its statusNotes carry the revert reason. Same-chain swaps are never Receiving: they settle in
one transaction.

An Ethereum transaction is read through JSON-RPC (the reason found by replaying the call on the state
before its block). On TRON a transaction id is looked up on the TRON node first, as a TRON explorer does
(`gettransactionbyid`, `gettransactioninfobyid`: the reason is in its `contractResult`), and shown as TRON
writes it (64 hex digits, no 0x); the devnet's TRON chain also holds the Ethereum transactions that built
its world, which are read as on any other chain.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tronpy import AsyncTron
from tronpy.exceptions import TransactionNotFound as TronNotFound
from web3 import AsyncWeb3
from web3.exceptions import TransactionNotFound

from swapdesk.address import ZERO, format_address, parse_tron, to_checksum, to_tron
from swapdesk.api import DetailsRequest, DexRef, ErrorCode, NotFound, TxDetails, Unprocessable
from swapdesk.chain.erc20 import metadata
from swapdesk.chain.receipts import revert_reason
from swapdesk.chain.receipts import swapped_event as ethereum_swapped_event
from swapdesk.chains import Chain
from swapdesk.devnet.manifest import Manifest
from swapdesk.engine.backends import ChainBackend
from swapdesk.engine.tron_call import NotTheSwap, SwapArguments, swap_arguments
from swapdesk.engine.tron_node import failure, reaching_tron, swapped_event, tron_client
from swapdesk.icons import source_icon


@dataclass(frozen=True)
class Reading:
    """One router transaction as the chain tells it."""

    hash: str  # as the chain writes it
    sender: str  # 0x-hex
    asked: SwapArguments  # the router call's arguments, addresses as 0x-hex
    event: dict[str, Any] | None  # the Swapped event, when the swap went through
    failure: str  # why not, when it did not
    timestamp: int


class SameChainDetails:
    def __init__(self, backend: ChainBackend) -> None:
        self.backend = backend
        self._tron: AsyncTron | None = None

    async def details(self, request: DetailsRequest) -> TxDetails:
        chain = request.chain
        catalog = await self.backend.catalog(chain)
        w3 = await self.backend.web3(chain)
        reading = await self._read_tron(request, catalog) if chain.tron else None
        if reading is None:
            reading = await _read_ethereum(request, catalog, w3)
        src, dst, amount, minimum, receiver, channel, _deadline, routes = reading.asked
        if reading.event is not None:
            status, notes = "Success", "Success"
            amount_in, amount_out, pools = reading.event["amountIn"], reading.event["amountOut"], reading.event["pools"]
        else:
            status, notes = "Failure", reading.failure
            amount_in, amount_out, pools = amount, 0, [hop[0] for route in routes for hop in route[1]]
        src, dst = _checksum(src), _checksum(dst)
        decimals = await _decimals(w3, catalog, chain, [src, dst])
        return TxDetails(
            sourceHash=reading.hash,
            targetHash="",
            chain=chain.flag,
            status=status,
            statusNotes=notes,
            fromToken=_show(src, chain),
            toToken=_show(dst, chain),
            amountIn=str(amount_in),
            amountOut=str(amount_out),
            amountOutMin=str(minimum),
            fromDecimals=decimals[src],
            toDecimals=decimals[dst],
            fromAddress=_show(reading.sender, chain),
            toAddress=_show(receiver, chain),
            fromChain=chain.flag,
            toChain=chain.flag,
            timestamp=reading.timestamp,
            channel=channel,
            dexs=_dexs(pools, catalog),
        )

    async def _read_tron(self, request: DetailsRequest, catalog: Manifest) -> Reading | None:
        """The TRON transaction with that id; None when the TRON node knows none."""
        txid = request.hash.removeprefix("0x")
        if self._tron is None:
            self._tron = tron_client(self.backend)
        async with reaching_tron(request.chain):
            try:
                tx = await self._tron.get_transaction(txid)
            except TronNotFound:
                return None
            try:
                info = await self._tron.get_transaction_info(txid)
            except TronNotFound:
                raise _not_found(f"the transaction is not in a block yet on {request.chain.flag}") from None
        contract = tx["raw_data"]["contract"][0]
        value = contract["parameter"]["value"]
        router = to_tron(_raw(catalog.router))
        if contract["type"] != "TriggerSmartContract" or value.get("contract_address") != router:
            raise _not_a_swap(request.chain)
        asked = _asked(bytes.fromhex(value.get("data", "")))
        event = swapped_event(info, router) if info.get("receipt", {}).get("result") == "SUCCESS" else None
        return Reading(
            hash=txid,
            sender=to_checksum(parse_tron(value["owner_address"])),
            asked=asked,
            event=event,
            failure=failure(info),
            timestamp=int(info["blockTimeStamp"]) // 1000,
        )


async def _read_ethereum(request: DetailsRequest, catalog: Manifest, w3: AsyncWeb3) -> Reading:
    chain = request.chain
    try:
        tx = await w3.eth.get_transaction(request.hash)  # type: ignore[arg-type]
    except TransactionNotFound:
        raise _not_found(f"no transaction with that hash on {chain.flag}") from None
    try:  # the receipt decides: a node may still show a transaction it just mined as pending (anvil, briefly)
        receipt = await w3.eth.get_transaction_receipt(request.hash)  # type: ignore[arg-type]
    except TransactionNotFound:
        raise _not_found(f"the transaction is not mined yet on {chain.flag}") from None
    if tx.get("to") != catalog.router:
        raise _not_a_swap(chain)
    asked = _asked(bytes(tx["input"]))
    block = await w3.eth.get_block(receipt["blockNumber"])
    event = ethereum_swapped_event(receipt, catalog.router) if receipt["status"] == 1 else None
    return Reading(
        hash=request.hash,
        sender=str(tx["from"]),
        asked=asked,
        event=event,
        failure="" if event is not None else await revert_reason(w3, tx),
        timestamp=int(block["timestamp"]),
    )


def _asked(data: bytes) -> SwapArguments:
    try:
        return swap_arguments(data)
    except NotTheSwap:
        raise Unprocessable(
            ErrorCode.NOT_A_SWAP, "hash: that transaction does not call the router's swap", "hash"
        ) from None


def _not_found(why: str) -> NotFound:
    return NotFound(ErrorCode.TRANSACTION_NOT_FOUND, f"hash: {why}", "hash")


def _not_a_swap(chain: Chain) -> Unprocessable:
    return Unprocessable(
        ErrorCode.NOT_A_SWAP, f"hash: that transaction is not a swap through the {chain.flag} router", "hash"
    )


def _raw(address: str) -> bytes:
    return bytes.fromhex(address.removeprefix("0x"))


def _checksum(address: str) -> str:
    return to_checksum(_raw(address))


def _show(address: str, chain: Chain) -> str:
    """A 0x address as the API shows it on `chain` (base58 on TRON)."""
    return format_address(_raw(address), chain.tron)


async def _decimals(w3: AsyncWeb3, catalog: Manifest, chain: Chain, tokens: list[str]) -> dict[str, int]:
    native = to_checksum(ZERO)
    found = {native: chain.native_decimals}
    erc20s = [t for t in tokens if t != native]
    for token, meta in zip(erc20s, await metadata(w3, catalog.multicall, erc20s), strict=True):
        found[token] = meta.decimals if meta is not None else 0
    return found


def _dexs(pools: list[str], catalog: Manifest) -> list[DexRef]:
    source_of = {pool.lower(): s.name for s in catalog.sources for pool in s.pools}
    names: list[str] = []
    for pool in pools:
        name = source_of.get(pool.lower(), "unknown pool")
        if name not in names:
            names.append(name)
    return [DexRef(dex=name, icon=source_icon(name)) for name in names]
