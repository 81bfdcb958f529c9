"""What one mined transaction is, read from what it did: a bridge deposit (a bridge's event), a swap (pools that
swapped and who paid and got what), a wrap or an unwrap of the coin, an approval, a token transfer, a payment of the
coin, a deployment, or a call swapdesk cannot read (said with what it can say: its contract, its method). A failed
one is read from what it asked, and why it failed is explained (`failures`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from eth_abi import decode
from eth_abi.exceptions import DecodingError
from eth_utils import to_checksum_address
from web3 import AsyncWeb3

from swapdesk.api.readings import BridgeDeposit, Failure
from swapdesk.catalogs import Catalog
from swapdesk.chain.bridge_events import ANY_SWAP_OUT, CB_SEND
from swapdesk.chain.events import DEPOSIT, WITHDRAWAL, Event
from swapdesk.chain.receipts import SWAPPED
from swapdesk.chains import Chain
from swapdesk.engine.reading.calls import Function, known
from swapdesk.engine.reading.events import BRIDGE_DEPOSITS, Log, first
from swapdesk.engine.reading.failures import Need, Shown, explain
from swapdesk.engine.reading.fetch import Mined
from swapdesk.engine.reading.flows import NATIVE, Flows, add_native, token_flows
from swapdesk.engine.reading.pools import PoolBook
from swapdesk.engine.reading.swap_call import swap_asked
from swapdesk.engine.reading.swap_terms import Asked
from swapdesk.engine.reading.swaps import SwapView, check_swapped, read_swap

APPROVE, TRANSFER, TRANSFER_FROM = (bytes.fromhex(s) for s in ("095ea7b3", "a9059cbb", "23b872dd"))
DEPOSIT_CALL, WITHDRAW_CALL = bytes.fromhex("d0e30db0"), bytes.fromhex("2e1a7d4d")


@dataclass
class Reading:
    chain: Chain
    mined: Mined
    catalog: Catalog
    kind: str
    flows: Flows
    function: Function | None = None
    asked: Asked | None = None
    swap: SwapView | None = None
    bridge: BridgeDeposit | None = None
    moved: tuple[str, str, int] | None = None  # approval: token, spender, amount; transfer: token, recipient, amount
    failure: Failure | None = None
    unknown: list[str] = field(default_factory=list)
    names: dict[str, str] = field(default_factory=dict)  # every address the catalogue names


async def read(
    w3: AsyncWeb3[Any], chain: Chain, catalog: Catalog, names: dict[str, str], pools: PoolBook, mined: Mined
) -> Reading:
    """Everything but the failure's explanation (`explain_failure`, once the tokens' names are known)."""
    function = known(mined.selector) if len(mined.input) >= 4 else None
    asked = swap_asked(mined.input, mined.value, catalog.wrapped) if mined.to is not None else None
    flows = token_flows(mined)
    reading = Reading(chain, mined, catalog, "call", flows, function, asked, names=names)
    if mined.to is None:
        reading.kind = "deployment"
        return reading
    if mined.ok and not mined.pending:
        await _what_it_did(w3, reading, pools)
    if reading.kind == "call":
        _what_it_asked(reading)
    return reading


async def _what_it_did(w3: AsyncWeb3[Any], reading: Reading, pools: PoolBook) -> None:
    mined, catalog, asked = reading.mined, reading.catalog, reading.asked
    deposit = first(list(mined.logs), *BRIDGE_DEPOSITS)
    if deposit is not None:
        reading.kind, reading.bridge = "bridge", _bridge(*deposit)
        return
    swaps = await pools.swaps(w3, catalog, mined.logs)
    said = _swapped(mined, catalog)
    recipient = (asked.recipient if asked else None) or (str(said["receiver"]) if said else None)
    unwraps = any(WITHDRAWAL.decode(log) is not None for log in mined.logs)
    if unwraps or mined.value:
        await add_native(w3, mined, reading.flows, [mined.sender, *([recipient] if recipient else [])])
    view = read_swap(mined, reading.flows, swaps, catalog.wrapped, asked, pool_names(catalog))
    if view is not None:
        if said is not None:
            check_swapped(view, said, catalog.wrapped)
        elif asked is not None:  # an exact-output call's least is its exact amount
            view.minimum = asked.minimum if asked.minimum is not None else asked.amount_out
        unknown = {"amountIn": view.amount_in, "amountOut": view.amount_out, "amountOutMin": view.minimum}
        reading.unknown += [name for name, figure in unknown.items() if figure is None]
        reading.kind, reading.swap = "swap", view
        return
    if unwraps and not reading.flows.knows_native(mined.sender) and mined.to == catalog.wrapped:
        reading.unknown.append("nativeReceived")


def _what_it_asked(reading: Reading) -> None:
    """A call that did no swap and made no deposit: what its method and arguments say it is."""
    mined, selector = reading.mined, reading.mined.selector
    if reading.function is not None and reading.function.bridge and not mined.ok:
        reading.kind = "bridge"
    elif reading.asked is not None and not mined.ok:
        reading.kind = "swap"
        asked = reading.asked
        figures = {"fromToken": asked.token_in, "toToken": asked.token_out,
                   "amountIn": asked.amount_in if asked.amount_in is not None else asked.maximum,
                   "amountOutMin": asked.minimum if asked.minimum is not None else asked.amount_out}  # fmt: skip
        reading.unknown += [name for name, figure in figures.items() if figure is None]
    elif (wrapping := _wraps(reading)) is not None:
        reading.kind = wrapping
    elif not mined.input:
        reading.kind = "payment"
    elif selector == APPROVE and len(mined.input) == 68:
        spender, amount = _two(mined.input)
        reading.kind, reading.moved = "approval", (str(mined.to), spender, amount)
    elif selector == TRANSFER and len(mined.input) == 68:
        recipient, amount = _two(mined.input)
        reading.kind, reading.moved = "transfer", (str(mined.to), recipient, amount)
    elif selector == TRANSFER_FROM and len(mined.input) == 100:
        _source, recipient, amount = decode(["address", "address", "uint256"], mined.input[4:])
        reading.kind = "transfer"
        reading.moved = (str(mined.to), to_checksum_address(recipient), int(amount))


def _wraps(reading: Reading) -> str | None:
    """wrap or unwrap: the coin's wrapper called, or any contract that minted or burnt its wrapped coin for the
    sender as it was called; None otherwise."""
    mined = reading.mined
    wrapper = mined.to == reading.catalog.wrapped
    for log in mined.logs:
        if log.address != mined.to:
            continue
        minted, burnt = DEPOSIT.decode(log), WITHDRAWAL.decode(log)
        if minted is not None and minted["dst"] == mined.sender:
            return "wrap"
        if burnt is not None and burnt["src"] == mined.sender:
            return "unwrap"
    if wrapper and mined.selector in (DEPOSIT_CALL, b"") and (mined.value or not mined.ok):
        return "wrap"
    if wrapper and mined.selector == WITHDRAW_CALL:
        return "unwrap"
    return None


def need(reading: Reading) -> Need | None:
    """What the call needed of its sender, to check a failure against: a swap's input, a transfer's amount."""
    mined, asked = reading.mined, reading.asked
    if reading.kind == "swap" and asked is not None and asked.token_in not in (None, NATIVE):
        amount = asked.amount_in if asked.amount_in is not None else asked.maximum
        if amount is not None and mined.to is not None:
            return Need(str(asked.token_in), mined.sender, mined.to, amount)
    if reading.kind == "transfer" and reading.moved is not None:
        token, _, amount = reading.moved
        if mined.selector == TRANSFER_FROM:
            owner = to_checksum_address(decode(["address"], mined.input[4:36])[0])
            return Need(token, owner, mined.sender, amount)
        return Need(token, mined.sender, None, amount)
    return None


async def explain_failure(w3: AsyncWeb3[Any], reading: Reading, show: Shown) -> None:
    if not reading.mined.ok and not reading.mined.pending:
        reading.failure = await explain(w3, reading.mined, reading.asked, need(reading), show)


def _bridge(event: Event, log: Log, fields: dict[str, Any]) -> BridgeDeposit:
    """A deposit as its bridge's event says it."""
    said = {"bridge": BRIDGE_DEPOSITS[event], "event": event.name, "contract": log.address}
    if event is ANY_SWAP_OUT:
        return BridgeDeposit(**said, token=str(fields["token"]), amount=str(fields["amount"]),
                             toChainId=int(fields["toChainID"]), receiver=str(fields["to"]), toToken="")  # fmt: skip
    if event is CB_SEND:
        return BridgeDeposit(**said, token=str(fields["token"]), amount=str(fields["amount"]),
                             toChainId=int(fields["dstChainId"]), receiver=str(fields["receiver"]),
                             toToken="")  # fmt: skip
    return BridgeDeposit(**said, token=str(fields.get("fromToken", NATIVE)), amount=str(fields["fromAmount"]),
                         toChainId=0, receiver=str(fields["destination"]), toToken=str(fields["toToken"]))  # fmt: skip


def _swapped(mined: Mined, catalog: Catalog) -> dict[str, object] | None:
    """swapdesk's router's Swapped event, from the catalogue's router only."""
    if catalog.router is None:
        return None
    found = first([log for log in mined.logs if log.address == catalog.router], SWAPPED)
    return found[2] if found is not None else None


def pool_names(catalog: Catalog) -> dict[str, str]:
    """Each pool the catalogue lists (and each StableSwap pool, which is its own source), by its source's name."""
    return {pool: s.name for s in catalog.sources for pool in (*s.pools, s.address)}


def _two(data: bytes) -> tuple[str, int]:
    try:
        party, amount = decode(["address", "uint256"], data[4:68])
    except (DecodingError, OverflowError):
        return "", 0
    return to_checksum_address(party), int(amount)
