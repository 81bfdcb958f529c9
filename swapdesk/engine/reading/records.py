"""A reading as the API says it: the spec's details record of a swap (`TxDetails`), and the transaction extension
(`TxInfo`) of anything, which carries that very record for a swap or a cross-chain order: the two never disagree.
Addresses and hashes as the chain writes them (TRON: base58, ids without 0x)."""

from __future__ import annotations

from dataclasses import dataclass

from swapdesk.address import format_address
from swapdesk.api import DexRef, TxDetails, TxInfo
from swapdesk.api.readings import Flow
from swapdesk.chains import Chain
from swapdesk.engine.reading.flows import NATIVE
from swapdesk.engine.reading.what_it_did import Reading, pool_names
from swapdesk.icons import source_icon

UNLIMITED = 2**255  # an allowance at or above this is unlimited (wallets approve 2^256 - 1)


@dataclass(frozen=True)
class Token:
    symbol: str
    decimals: int


Tokens = dict[str, Token]  # by EIP-55 address; the all-zero address: the chain's coin


@dataclass(frozen=True)
class Tron:
    """What the TRON node adds about one of its transactions: the TRX it burnt and the energy it used."""

    fee: int
    energy: int


def show(address: str | None, chain: Chain) -> str:
    if not address:
        return ""
    return format_address(bytes.fromhex(address.removeprefix("0x")), chain.tron)


def shown_hash(reading: Reading, tron: Tron | None) -> str:
    return reading.mined.hash.removeprefix("0x") if tron is not None else reading.mined.hash


def swap_record(reading: Reading, tokens: Tokens, tron: Tron | None) -> TxDetails:
    """The spec's record of a swap, done (from what it did) or failed (from what it asked)."""
    chain, mined, view, asked = reading.chain, reading.mined, reading.swap, reading.asked
    if view is not None:
        src, dst, sender, receiver = view.token_in, view.token_out, view.sender, view.receiver
        amount_in, amount_out = view.amount_in or 0, view.amount_out or 0
        minimum, channel, dexs = view.minimum, view.channel, view.names
        status, notes = "Success", "Success" + (f" ({view.disagreement})" if view.disagreement else "")
    else:
        assert asked is not None
        src, dst = asked.token_in or NATIVE, asked.token_out or NATIVE
        sender, receiver = mined.sender, asked.recipient or mined.sender
        amount_in = asked.amount_in if asked.amount_in is not None else asked.maximum or 0
        amount_out, channel = 0, asked.channel or ""
        dexs = list(dict.fromkeys(pool_names(reading.catalog).get(p, p) for p in asked.pools))
        minimum = asked.minimum if asked.minimum is not None else asked.amount_out
        status, notes = "Failure", _failed_notes(reading)
    return TxDetails(
        sourceHash=shown_hash(reading, tron),
        targetHash="",
        chain=chain.flag,
        status=status,
        statusNotes=notes,
        fromToken=show(src, chain),
        toToken=show(dst, chain),
        amountIn=str(amount_in),
        amountOut=str(amount_out),
        amountOutMin=str(minimum or 0),
        fromDecimals=_token(tokens, src, chain).decimals,
        toDecimals=_token(tokens, dst, chain).decimals,
        fromAddress=show(sender, chain),
        toAddress=show(receiver, chain),
        fromChain=chain.flag,
        toChain=chain.flag,
        timestamp=mined.timestamp,
        channel=channel,
        dexs=[
            DexRef(dex=_dex_name(name, chain), icon="" if name.startswith("0x") else source_icon(name)) for name in dexs
        ],
        failure=reading.failure,
        unknown=list(reading.unknown) or None,
    )


def _failed_notes(reading: Reading) -> str:
    failure = reading.failure
    if failure is not None and failure.code == "OUT_OF_GAS":
        return "out of gas"
    if failure is not None and failure.reason:
        return f"reverted: {failure.reason}"
    return "reverted"


def _dex_name(name: str, chain: Chain) -> str:
    return show(name, chain) if name.startswith("0x") and len(name) == 42 else name


def info_record(reading: Reading, tokens: Tokens, tron: Tron | None, details: TxDetails | None) -> TxInfo:
    """The extension's record; `details`: the spec's record of this swap or cross-chain order."""
    chain, mined = reading.chain, reading.mined
    status = "Pending" if mined.pending else "Success" if mined.ok else "Failure"
    info = TxInfo(
        hash=shown_hash(reading, tron),
        chain=chain.flag,
        kind=reading.kind,
        status=status,
        statusNotes="" if status != "Failure" else _failed_notes(reading),
        fromAddress=show(mined.sender, chain),
        toAddress=show(mined.to, chain),
        value=str(mined.value),
        token="", symbol="", decimals=0, amount="0", spender="", spenderName="", recipient="",
        networkFee=str(mined.fee),
        gasUsed=tron.energy if tron is not None else mined.gas_used,
        block=mined.block,
        timestamp=mined.timestamp,
        contractName=reading.names.get(mined.to or "", ""),
        method="0x" + mined.selector.hex() if len(mined.input) >= 4 else "",
        methodName=reading.function.signature if reading.function is not None else "",
        details=details,
        bridge=reading.bridge,
        failure=reading.failure,
        flows=_flows(reading, tokens),
        unknown=list(reading.unknown),
    )  # fmt: skip
    if reading.moved is not None:
        token, party, amount = reading.moved
        known = _token(tokens, token, chain)
        info.token, info.symbol, info.decimals, info.amount = (
            show(token, chain),
            known.symbol,
            known.decimals,
            str(amount),
        )
        if reading.kind == "approval":
            info.spender, info.spenderName, info.unlimited = (
                show(party, chain),
                reading.names.get(party, ""),
                amount >= UNLIMITED,
            )
        else:
            info.recipient = show(party, chain)
    return info


def _flows(reading: Reading, tokens: Tokens) -> list[Flow]:
    chain, mined = reading.chain, reading.mined
    holders = [mined.sender] + (
        [reading.swap.receiver] if reading.swap and reading.swap.receiver != mined.sender else []
    )
    out = []
    for holder in holders:
        for asset, amount in reading.flows.of(holder).items():
            known = _token(tokens, asset, chain)
            out.append(Flow(address=show(holder, chain), token=show(asset, chain), symbol=known.symbol,
                            decimals=known.decimals, amount=str(amount)))  # fmt: skip
    return out


def _token(tokens: Tokens, address: str, chain: Chain) -> Token:
    if address == NATIVE:
        return Token(chain.native_symbol, chain.native_decimals)
    return tokens.get(address, Token("", 0))


def wanted_tokens(reading: Reading) -> list[str]:
    """Every token the records of `reading` name, to read their symbols and decimals."""
    found: list[str] = []
    if reading.swap is not None:
        found += [reading.swap.token_in, reading.swap.token_out]
    if reading.asked is not None:
        found += [t for t in (reading.asked.token_in, reading.asked.token_out) if t]
    if reading.moved is not None:
        found.append(reading.moved[0])
    for holder in (reading.mined.sender, reading.swap.receiver if reading.swap else None):
        found += list(reading.flows.of(holder or ""))
    return [t for t in dict.fromkeys(found) if t != NATIVE]
