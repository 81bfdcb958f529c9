"""Checks on a quote's call before anything is signed.

The call comes from the engine, which may be a remote server: call data on
EVM chains, a trigger description on TRON (`engine.tron.swap_flat`). It is decoded
here and held against what the user was shown. The router must be swapdesk's
own router for the chain (from the local catalogue, never from the quote), and
the tokens, amount, receiver, minimum and deadline must be the ones on
screen; on TRON also the function, the TRX sent with the call and the signer.
Each failure says, in plain words, what does not hold.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from swapdesk.address import ZERO, InvalidAddress, format_address, parse_address, parse_tron, to_checksum
from swapdesk.api import AggQuote, TronQuote
from swapdesk.api.requests import SwapQuoteRequest
from swapdesk.contracts import artifact
from swapdesk.engine.tron.swap_flat import NotTheSwap, SwapArguments, arguments
from swapdesk.trade.errors import CheckFailed, TradeError
from swapdesk.trade.results import Funds
from swapdesk.units import to_human
from swapdesk.words import QT_TR_NOOP, Term

ROUTER = artifact("AggregationRouter")
MAX_DEADLINE_SECONDS = 60 * 60  # a deadline further out protects nothing


@dataclass(frozen=True)
class Shown:
    """A quote as the user saw it, with the request that produced it (the TRON variant's on TRON)."""

    request: SwapQuoteRequest
    quote: AggQuote | TronQuote
    symbols: tuple[str, str] = ("", "")  # of token0 and token1, for messages

    @property
    def min_out(self) -> int:
        return int(self.quote.totalAmountOutMin)

    @property
    def sells_native(self) -> bool:
        return self.address(self.request.token0) == to_checksum(ZERO)

    def address(self, text: str) -> str:
        """An address of the request (base58 on TRON) as EIP-55 hex."""
        return to_checksum(parse_address(text, self.request.chain.tron))

    def show(self, address: str) -> str:
        """An EIP-55 address as the chain writes it (base58 on TRON)."""
        return format_address(parse_address(address, False), self.request.chain.tron)


@dataclass(frozen=True)
class SwapCall:
    src_token: str
    dst_token: str
    amount: int
    min_return: int
    receiver: str
    channel: str
    deadline: int
    routes: list[Any]


def swap_summary(
    shown: Shown, call: SwapCall, final: AggQuote | TronQuote, tokens: tuple[str, str], receiver: str
) -> dict[str, Any]:
    """What the History keeps of a swap on any chain: the tokens and the receiver as that chain's call names them,
    the symbols as shown, the amounts as signed, and what the `final` quote promised."""
    request = shown.request
    return {
        "chain": request.chain.flag,
        "tokenIn": tokens[0],
        "tokenOut": tokens[1],
        "symbolIn": shown.symbols[0],
        "symbolOut": shown.symbols[1],
        "decimalsIn": request.decimal0,
        "decimalsOut": request.decimal1,
        "amountIn": str(call.amount),
        "quotedOut": final.totalAmountOut,
        "minOut": str(call.min_return),
        "receiver": receiver,
    }


def decode_swap(data: str) -> SwapCall:
    try:
        (params,) = ROUTER.decode_input("swap", bytes.fromhex(data.removeprefix("0x")))
    except Exception:
        raise CheckFailed(QT_TR_NOOP("the call data is not a swap through the router")) from None
    return _swap_call(params)


def _swap_call(params: SwapArguments) -> SwapCall:
    src, dst, amount, min_return, receiver, channel, deadline, routes = params
    return SwapCall(
        to_checksum(bytes.fromhex(src[2:])),
        to_checksum(bytes.fromhex(dst[2:])),
        amount,
        min_return,
        to_checksum(bytes.fromhex(receiver[2:])),
        channel,
        deadline,
        list(routes),
    )


def check_balance(funds: Funds, shown: Shown) -> None:
    """TradeError when the account holds less of the token sold than the swap needs."""
    needed = shown.request.amountIn
    if funds.balance < needed:
        decimals, symbol = shown.request.decimal0, shown.symbols[0]
        raise TradeError(
            QT_TR_NOOP("insufficient balance: you have {balance} {symbol}, the swap needs {needed} {symbol}"),
            balance=to_human(funds.balance, decimals),
            symbol=symbol,
            needed=to_human(needed, decimals),
        )


def verify(quote: AggQuote, shown: Shown, known_router: str, now: int) -> SwapCall:
    """The decoded call when every check holds; CheckFailed naming the first that does not.

    `quote` is the final re-quote, `shown` what the user agreed to, `now` the
    chain's latest block time."""
    chain = shown.request.chain
    router = shown.address(quote.aggregator)
    if router != to_checksum(parse_address(known_router, False)):
        raise CheckFailed(
            QT_TR_NOOP("the quote sends the swap to {router}, which is not swapdesk's router on {chain}"),
            router=router,
            chain=chain.name,
        )
    return as_shown(decode_swap(quote.data), shown, now)


def verify_tron(quote: TronQuote, shown: Shown, known_router: str, now: int, signer: str) -> SwapCall:
    """`verify` for the TRON variant: its trigger description, field by field, before tronpy builds it.

    `known_router` and `signer` (whose key will sign) are TRON addresses (base58)."""
    described = quote.data
    try:
        contract = to_checksum(parse_tron(described.contract))
    except InvalidAddress:
        raise CheckFailed(
            QT_TR_NOOP("the description calls {contract!r}, which is not a TRON address"), contract=described.contract
        ) from None
    if contract != to_checksum(parse_tron(known_router)):
        raise CheckFailed(
            QT_TR_NOOP("the description calls {contract}, which is not swapdesk's router on TRON"),
            contract=described.contract,
        )
    try:
        call = as_shown(_swap_call(arguments(described.fun, described.parameter)), shown, now)
    except NotTheSwap as exc:
        raise CheckFailed(
            QT_TR_NOOP("the description is not a swap through the router: {reason}"), reason=exc
        ) from None
    sent = shown.request.amountIn if shown.sells_native else 0
    if described.options.callValue != str(sent):
        raise CheckFailed(
            QT_TR_NOOP("the description sends {value} sun of TRX with the call, not {sent}"),
            value=described.options.callValue,
            sent=sent,
        )
    if described.issuer != signer:
        raise CheckFailed(
            QT_TR_NOOP("the description is to be sent by {issuer}, not by your account {signer}"),
            issuer=described.issuer,
            signer=signer,
        )
    if described.options.feeLimit <= 0:
        raise CheckFailed(QT_TR_NOOP("the description's fee limit leaves no energy for the swap"))
    return call


def as_shown(call: SwapCall, shown: Shown, now: int) -> SwapCall:
    """`call` when it is what the user was shown, with a deadline ahead and within the hour."""
    expected = {
        Term(QT_TR_NOOP("token sold")): (call.src_token, shown.address(shown.request.token0)),
        Term(QT_TR_NOOP("token bought")): (call.dst_token, shown.address(shown.request.token1)),
        Term(QT_TR_NOOP("amount sold")): (call.amount, shown.request.amountIn),
        Term(QT_TR_NOOP("receiver")): (call.receiver, shown.address(shown.request.to)),
        Term(QT_TR_NOOP("minimum received")): (call.min_return, shown.min_out),
    }
    for what, (found, wanted) in expected.items():
        if found != wanted:
            if isinstance(found, str):  # an address: as the chain writes it
                found, wanted = shown.show(found), shown.show(str(wanted))
            raise CheckFailed(
                QT_TR_NOOP("the call's {what} is {found}, not the {wanted} you were shown"),
                what=what,
                found=found,
                wanted=wanted,
            )
    if call.deadline <= now:
        raise CheckFailed(QT_TR_NOOP("the call's deadline has already passed"))
    if call.deadline > now + MAX_DEADLINE_SECONDS:
        raise CheckFailed(QT_TR_NOOP("the call's deadline is more than an hour away"))
    return call
