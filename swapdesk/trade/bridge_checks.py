"""Checks on a cross-chain quote's call before anything is signed.

The quote comes from the engine, which may be a remote server: its `router` and `data` are decoded here and
held against what the person was shown. The contract must be the bridge's contract in swapdesk's own
catalogue of the source chain (`bridge_catalog`), never the quote's word; the call must be one of that
bridge's deposits; and the token taken, the amount, the receiver, the destination chain and the minimum the
receiver gets must be the ones on screen, with the native coin sent only when the native coin is sold.

What each bridge's deposit says (docs/cross-chain.md):

- ANYSWAP `anySwapOutUnderlying(anyToken, to, amount, toChainID)` or `anySwapOutNative(anyToken, to,
  toChainID)`: the anyToken must be the catalogue's wrapper of the token sold. Its payout is the bridge's
  fixed terms (amount less the fee): the call carries no minimum.
- CBRIDGE `send(receiver, token, amount, dstChainId, nonce, maxSlippage)` or `sendNative(...)`: the least
  the receiver gets is the amount less `maxSlippage` millionths; below it the transfer is refunded.
- METAPATH `swap(fromToken, toCoinCode, destination, amount, minReturnAmount)` or `swapEth(toCoinCode,
  destination, minReturnAmount)`: the coin code `SYMBOL(CHAIN)` names the token and chain paid.

The provider's answer behind the quote is the engine's to check, for every client (`engine/bridges/quote_checks`:
amounts, fees, slippage, decimals, and its contract against the same catalogue and the chain); what is here is
what only the signer can check: the call data it is about to sign, against what the person was shown.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from swapdesk.address import ZERO, InvalidAddress, format_address, parse_address, to_checksum
from swapdesk.api import CrossQuote, CrossRoute, CrossRoutesRequest
from swapdesk.chains import Chain, UnknownChain, by_id
from swapdesk.contracts import artifact
from swapdesk.engine.bridges.cbridge import SLIPPAGE_TOLERANCE
from swapdesk.engine.bridges.metapath import CHAIN_CODES
from swapdesk.engine.bridges.model import rescale
from swapdesk.trade.bridge_catalog import CONTRACT_NAMES, BridgeRouters
from swapdesk.trade.errors import CheckFailed
from swapdesk.units import to_human
from swapdesk.words import QT_TR_NOOP, Term

ANYSWAP, CBRIDGE, METAPATH = artifact("AnyswapV6Router"), artifact("CBridge"), artifact("Bridgers")
PER_MILLION = 10**6
DEPOSITS = {
    "ANYSWAP": (ANYSWAP, ("anySwapOutUnderlying", "anySwapOutNative")),
    "CBRIDGE": (CBRIDGE, ("send", "sendNative")),
    "METAPATH": (METAPATH, ("swap", "swapEth")),
}


@dataclass(frozen=True)
class CrossShown:
    """A bridge's route as the person saw it: the request, the route (with the spec's quote record), and the
    tokens' symbols and decimals, for the checks and for their messages."""

    request: CrossRoutesRequest
    route: CrossRoute
    symbols: tuple[str, str]
    decimals: tuple[int, int]

    @property
    def quote(self) -> CrossQuote:
        return self.route.quote

    @property
    def bridge(self) -> str:
        return self.route.bridge

    @property
    def src(self) -> Chain:
        return self.request.fromChainID

    @property
    def dst(self) -> Chain:
        return self.request.toChainID

    @property
    def amount(self) -> int:
        return int(self.route.amountIn)

    @property
    def amount_out(self) -> int:
        return int(self.route.amountOut)

    @property
    def token0(self) -> bytes:
        return parse_address(self.quote.token0, self.src.tron)

    @property
    def sells_native(self) -> bool:
        return self.token0 == ZERO

    @property
    def receiver(self) -> str:
        """The recipient as the destination writes it."""
        return self.quote.to

    @property
    def min_out(self) -> int:
        """The least the receiver is to get, as shown: what the call must guarantee at least."""
        if self.bridge == "CBRIDGE":  # the quote's maxSlippage leaves the tolerance, and a unit of rounding
            sent = rescale(self.amount, *self.decimals)
            return max(0, self.amount_out - sent * (SLIPPAGE_TOLERANCE + 1) // PER_MILLION - 2)
        return self.amount_out

    def human(self, units: int, side: int = 1) -> str:
        return f"{to_human(units, self.decimals[side])} {self.symbols[side]}"


@dataclass(frozen=True)
class BridgeCall:
    bridge: str
    function: str
    token: bytes  # what the call takes on the source chain (the zero address: the native coin)
    amount: int
    receiver: bytes  # on the destination
    dst_chain: int
    min_out: int  # the least the receiver gets by the call's terms
    value: int  # native coin sent with the call


def decode(bridge: str, data: str, value: int, routers: BridgeRouters, shown: CrossShown) -> BridgeCall:
    """The deposit the call data makes; CheckFailed when it is not one of the bridge's deposits."""
    contract, functions = DEPOSITS[bridge]
    raw = bytes.fromhex(data.removeprefix("0x")) if data else b""
    found = next((f for f in functions if raw[:4] == contract.selector(f)), None)
    if found is None:
        raise CheckFailed(QT_TR_NOOP("the call data is not a deposit into {bridge}: nothing is sent"), bridge=bridge)
    try:
        args: list[Any] = list(contract.decode_input(found, raw))
    except Exception:
        raise CheckFailed(
            QT_TR_NOOP("the call data of {bridge}'s {found} cannot be decoded: nothing is sent"),
            bridge=bridge,
            found=found,
        ) from None
    dst = shown.dst
    if bridge == "ANYSWAP":
        any_token = to_checksum(bytes.fromhex(args[0][2:]))
        underlying = routers.underlying(any_token)
        if underlying is None:
            raise CheckFailed(
                QT_TR_NOOP("the call names {token}, which is not a Multichain token swapdesk knows"), token=any_token
            )
        token = ZERO if found == "anySwapOutNative" else parse_address(underlying, False)
        if found == "anySwapOutNative" and not routers.wraps_native(underlying):
            raise CheckFailed(QT_TR_NOOP("the call sends the native coin through a Multichain token of another asset"))
        amount = value if found == "anySwapOutNative" else args[2]
        return BridgeCall(bridge, found, token, amount, _bytes(args[1]), int(args[-1]), shown.amount_out, value)
    if bridge == "CBRIDGE":
        native = found == "sendNative"  # send(receiver, token, amount, …) / sendNative(receiver, amount, …)
        token, amount = (ZERO, args[1]) if native else (_bytes(args[1]), args[2])
        receiver, dst_chain, max_slippage = args[0], args[-3], args[-1]
        least = rescale(amount, *shown.decimals) * (PER_MILLION - min(max_slippage, PER_MILLION)) // PER_MILLION
        return BridgeCall(bridge, found, token, amount, _bytes(receiver), int(dst_chain), least, value)
    # METAPATH: the coin code names the token and the chain paid; the receiver is text, in the destination's format
    code, destination, min_return = (args[1], args[2], args[4]) if found == "swap" else (args[0], args[1], args[2])
    symbol, _, chain_code = code.rstrip(")").partition("(")
    dst_chain = next((cid for cid, c in CHAIN_CODES.items() if c == chain_code), 0)
    if symbol.upper() != shown.symbols[1].upper():
        raise CheckFailed(
            QT_TR_NOOP("the call asks to be paid in {code}, not the {symbol} you were shown"),
            code=code,
            symbol=shown.symbols[1],
        )
    try:
        receiver = parse_address(destination, by_chain(dst_chain, dst).tron)
    except InvalidAddress:
        raise CheckFailed(
            QT_TR_NOOP("the call pays {destination!r}, which is not an address of {chain}"),
            destination=destination,
            chain=dst.name,
        ) from None
    token = ZERO if found == "swapEth" else _bytes(args[0])
    amount = value if found == "swapEth" else args[3]
    return BridgeCall(bridge, found, token, amount, receiver, dst_chain, min_return, value)


def verify_cross(quote: CrossQuote, shown: CrossShown, routers: BridgeRouters) -> BridgeCall:
    """The decoded deposit when every check holds; CheckFailed naming the first that does not.

    `quote` is the final quote, `shown` what the person agreed to, `routers` swapdesk's catalogue of the source
    chain."""
    src, dst, bridge = shown.src, shown.dst, shown.bridge
    if quote.exchange != bridge:
        raise CheckFailed(
            QT_TR_NOOP("the quote is for {exchange}, not the {bridge} you chose"),
            exchange=quote.exchange,
            bridge=bridge,
        )
    known = routers.router(bridge, src)
    try:
        router = to_checksum(parse_address(quote.router, src.tron))
    except InvalidAddress:
        raise CheckFailed(
            QT_TR_NOOP("the quote's contract {router!r} is not an address of {chain}"),
            router=quote.router,
            chain=src.name,
        ) from None
    if router != known:
        raise CheckFailed(
            QT_TR_NOOP(
                "the quote sends the deposit to {router}, which is not {bridge}'s {contract} on {chain} in swapdesk's "
                "catalogue"
            ),
            router=quote.router,
            bridge=bridge,
            contract=Term(CONTRACT_NAMES[bridge]),
            chain=src.name,
        )
    value = int(quote.value or 0)
    call = decode(bridge, quote.data, value, routers, shown)
    if call.token != shown.token0:
        raise CheckFailed(
            QT_TR_NOOP("the call takes {token}, not the {symbol} you were shown"),
            token=_named(call.token, src),
            symbol=shown.symbols[0],
        )
    if call.amount != shown.amount:
        raise CheckFailed(
            QT_TR_NOOP("the call sends {amount}, not the {shown} shown"),
            amount=shown.human(call.amount, 0),
            shown=shown.human(shown.amount, 0),
        )
    if call.value != (shown.amount if shown.sells_native else 0):
        raise CheckFailed(
            QT_TR_NOOP("the call sends {amount} {coin} with it"),
            amount=to_human(call.value, src.native_decimals),
            coin=src.native_symbol,
        )
    wanted_receiver = parse_address(shown.receiver, dst.tron)
    if call.receiver != wanted_receiver:
        raise CheckFailed(
            QT_TR_NOOP("the call pays {receiver}, not the recipient {shown} shown"),
            receiver=format_address(call.receiver, dst.tron),
            shown=shown.receiver,
        )
    if call.dst_chain != dst.id:
        named = by_chain(call.dst_chain, dst)
        where = f"{named.name} (chain {call.dst_chain})" if named.id == call.dst_chain else f"chain {call.dst_chain}"
        raise CheckFailed(QT_TR_NOOP("the call sends to {where}, not to {chain}"), where=where, chain=dst.name)
    if call.min_out < shown.min_out:
        raise CheckFailed(
            QT_TR_NOOP("the call guarantees the receiver {amount}, below the {shown} you were shown"),
            amount=shown.human(call.min_out),
            shown=shown.human(shown.min_out),
        )
    return call


def by_chain(chain_id: int, fallback: Chain) -> Chain:
    try:
        return by_id(chain_id)
    except UnknownChain:
        return fallback


def _bytes(address: str) -> bytes:
    return bytes.fromhex(address[2:])


def _named(raw: bytes, chain: Chain) -> str:
    return f"the native {chain.native_symbol}" if raw == ZERO else format_address(raw, chain.tron)
