"""`GET /v3/core/details` for same-chain swaps through the router.

The record is decoded from the chain: the transaction and its receipt, the
router call data (what was asked), and the router's `Swapped` event (what
happened). A reverted swap is Failure; its statusNotes carry the revert reason,
found by replaying the call on the state before its block. Same-chain swaps
are never Receiving: they settle in one transaction.
"""

from __future__ import annotations

from web3 import AsyncWeb3
from web3.exceptions import TransactionNotFound

from swapdesk.address import ZERO, format_address, to_checksum
from swapdesk.api import DetailsRequest, DexRef, ErrorCode, NotFound, TxDetails, Unprocessable
from swapdesk.chain.erc20 import metadata
from swapdesk.chain.receipts import revert_reason, swapped_event
from swapdesk.chains import Chain
from swapdesk.contracts import artifact
from swapdesk.devnet.manifest import Manifest
from swapdesk.engine.backends import ChainBackend
from swapdesk.icons import source_icon

ROUTER = artifact("AggregationRouter")


class SameChainDetails:
    def __init__(self, backend: ChainBackend) -> None:
        self.backend = backend

    async def details(self, request: DetailsRequest) -> TxDetails:
        chain = request.chain
        catalog = await self.backend.catalog(chain)
        w3 = await self.backend.web3(chain)
        try:
            tx = await w3.eth.get_transaction(request.hash)  # type: ignore[arg-type]
        except TransactionNotFound:
            raise NotFound(
                ErrorCode.TRANSACTION_NOT_FOUND, f"hash: no transaction with that hash on {chain.flag}", "hash"
            ) from None
        if tx.get("blockNumber") is None:
            raise NotFound(
                ErrorCode.TRANSACTION_NOT_FOUND, f"hash: the transaction is not mined yet on {chain.flag}", "hash"
            )
        if tx.get("to") != catalog.router:
            raise Unprocessable(
                ErrorCode.NOT_A_SWAP, f"hash: that transaction is not a swap through the {chain.flag} router", "hash"
            )
        try:
            (asked,) = ROUTER.decode_input("swap", bytes(tx["input"]))
        except Exception:
            raise Unprocessable(
                ErrorCode.NOT_A_SWAP, "hash: that transaction does not call the router's swap", "hash"
            ) from None
        src, dst, amount, min_return, receiver, channel, _deadline, routes = asked
        receipt = await w3.eth.get_transaction_receipt(request.hash)  # type: ignore[arg-type]
        block = await w3.eth.get_block(receipt["blockNumber"])
        event = swapped_event(receipt, catalog.router)

        if receipt["status"] == 1 and event is not None:
            status, notes = "Success", "Success"
            amount_in, amount_out, pools = event["amountIn"], event["amountOut"], event["pools"]
        else:
            status, notes = "Failure", await revert_reason(w3, tx)
            amount_in, amount_out = amount, 0
            pools = [hop[0] for route in routes for hop in route[1]]
        src, dst = to_checksum(bytes.fromhex(src[2:])), to_checksum(bytes.fromhex(dst[2:]))
        decimals = await _decimals(w3, catalog, chain, [src, dst])
        return TxDetails(
            sourceHash=request.hash,
            targetHash="",
            chain=chain.flag,
            status=status,
            statusNotes=notes,
            fromToken=_show(src, chain),
            toToken=_show(dst, chain),
            amountIn=str(amount_in),
            amountOut=str(amount_out),
            amountOutMin=str(min_return),
            fromDecimals=decimals[src],
            toDecimals=decimals[dst],
            fromAddress=_show(tx["from"], chain),
            toAddress=_show(receiver, chain),
            fromChain=chain.flag,
            toChain=chain.flag,
            timestamp=int(block["timestamp"]),
            channel=channel,
            dexs=_dexs(pools, catalog),
        )


def _show(address: str, chain: Chain) -> str:
    """A 0x address as the API shows it on `chain` (base58 on TRON)."""
    return format_address(bytes.fromhex(address[2:]), chain.tron)


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
