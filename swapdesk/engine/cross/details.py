"""`GET /v3/core/details` for cross-chain transactions: a deposit (source hash), a payout (target hash) or
a refund, on any chain of the cross-chain table.

The transaction is read from its chain; a log of a bridge's contract names the order it belongs to; the
bridge's provider says where the order is. A METAPATH order registered for a hash that deposited nothing
(never sent, or not a deposit) is found through its registration. Anything else is not cross-chain: the
caller then reads it as a same-chain swap.

The record: `status` is derived from the normalised status (`model.Normalized.spec`): Receiving while
PENDING, Success once paid (COMPLETED, or PARTIAL: ANYSWAP's payout in anyToken), Failure once refunded
or failed. `statusNotes` is the bridge's own (METAPATH's and ANYSWAP's statusNotes, cBridge's transfer
state). `amountOut` is what the receiver got, 0 until paid; `amountOutMin` the least the bridge's terms
give; `timestamp` the deposit's block time; `channel` METAPATH's registration's (the order callback's
`channel`), else default. Extensions: `normalizedStatus`, `timeline`, `orderId`. Hashes are shown as
their chain writes them (TRON: 64 hex digits, no 0x).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from swapdesk.address import format_address
from swapdesk.api import DetailsRequest, DexRef, Stage, TransferStatus, TxDetails, Unavailable
from swapdesk.chains import Chain
from swapdesk.engine.bridges import model as m
from swapdesk.engine.bridges.client import BridgeClient
from swapdesk.engine.bridges.eta import Observed
from swapdesk.engine.bridges.model import Found, Transfer
from swapdesk.engine.bridges.onchain import ChainReader
from swapdesk.icons import source_icon


async def cross_details(
    clients: Iterable[BridgeClient], chains: ChainReader, request: DetailsRequest, observed: Observed | None = None
) -> TxDetails | None:
    """The cross-chain record of the transaction; None when it is none of the bridges'. Each transfer seen
    is shown to `observed` (the durations real networks' ETAs are measured from)."""
    chain, bridges = request.chain, list(clients)
    if not bridges or not chain.cross_chain:
        return None
    receipt = await chains.receipt(chain, request.hash)
    found: tuple[BridgeClient, Found] | None = None
    if receipt is not None:
        for client in bridges:
            hit = await client.find(receipt) if receipt.topics & client.topics else None
            if hit is not None:
                found = client, hit
                break
    if found is None:  # not a bridge's transaction: perhaps a registration that deposited nothing
        for client in bridges:
            try:
                hit = await client.registered(chain.id, request.hash)
            except Unavailable:  # a provider that is down must not keep same-chain details from answering
                continue
            if hit is not None:
                found = client, hit
                break
    if found is None:
        return None
    client, hit = found
    transfer = await standing(await client.transfer(hit), chains)
    if observed is not None:
        observed.watch(transfer)
    return details_record(transfer, chain)


async def standing(transfer: Transfer, chains: ChainReader) -> Transfer:
    """The provider's word checked against the chains as they are now (a chain repaired or reset back may have
    lost what it reported): a step whose transaction its chain does not have is not shown, and a payout (or a
    refund) its chain does not have is not said done. A chain that cannot be reached leaves the word as it is."""
    deposit, progress = transfer.deposit, transfer.progress
    known: dict[tuple[int, str], bool] = {}

    async def there(chain: Chain, tx: str) -> bool:
        if (chain.id, tx) not in known:
            try:
                known[chain.id, tx] = await chains.mined(chain, tx)
            except Unavailable:
                known[chain.id, tx] = True
        return known[chain.id, tx]

    steps = [step for step in progress.steps if not step.tx or step.chain is None or await there(step.chain, step.tx)]
    state, gone = progress.normalized, [step for step in progress.steps if step not in steps]
    if progress.dst_tx and not await there(deposit.dst.chain, progress.dst_tx):
        gone_words = f"the payout {progress.dst_tx} the bridge reported is not on {deposit.dst.chain.name} now"
        if state.status == m.DONE or state.substatus == m.WAIT_DESTINATION:
            state = m.Normalized(m.PENDING, m.WAIT_DESTINATION, f"{gone_words}: not paid, as the chains stand")
        progress = replace(progress, dst_tx="", paid=0, paid_token=None)
    elif state.substatus == m.REFUNDED and any(step.tx != deposit.tx for step in gone):
        refund = next(step.tx for step in gone if step.tx != deposit.tx)
        where = next(step.chain.name for step in gone if step.tx == refund and step.chain is not None)
        state = m.Normalized(m.PENDING, m.REFUNDING, f"the refund {refund} the bridge reported is not on {where} now")
    if not gone and state == progress.normalized:
        return transfer
    return replace(transfer, progress=replace(progress, normalized=state, steps=tuple(steps)))


def details_record(transfer: Transfer, asked: Chain) -> TxDetails:
    deposit, progress = transfer.deposit, transfer.progress
    received = progress.paid_token or deposit.dst
    state = progress.normalized
    return TxDetails(
        sourceHash=shown_hash(deposit.src.chain, deposit.tx),
        targetHash=shown_hash(deposit.dst.chain, progress.dst_tx),
        chain=asked.flag,
        status=state.spec,
        statusNotes=progress.notes,
        fromToken=deposit.src.shown,
        toToken=received.shown,
        amountIn=str(deposit.amount),
        amountOut=str(progress.paid),
        amountOutMin=str(deposit.min_out),
        fromDecimals=deposit.src.decimals,
        toDecimals=received.decimals,
        fromAddress=format_address(deposit.sender, deposit.src.chain.tron),
        toAddress=deposit.receiver,
        fromChain=deposit.src.chain.flag,
        toChain=deposit.dst.chain.flag,
        timestamp=deposit.timestamp,
        channel=progress.channel,
        dexs=[DexRef(dex=deposit.bridge, icon=source_icon(deposit.bridge))],
        normalizedStatus=TransferStatus(status=state.status, substatus=state.substatus, substatusMessage=state.message),
        timeline=[
            Stage(
                statusNotes=step.notes,
                status=step.normalized.status,
                substatus=step.normalized.substatus,
                chain=step.chain.flag if step.chain else "",
                hash=shown_hash(step.chain, step.tx),
                timeMs=step.time_ms,
            )
            for step in progress.steps
        ],
        orderId=deposit.key,
    )


def shown_hash(chain: Chain | None, tx: str) -> str:
    """A transaction hash as its chain writes it: TRON's ids without 0x."""
    return tx.removeprefix("0x") if tx and chain is not None and chain.tron else tx
