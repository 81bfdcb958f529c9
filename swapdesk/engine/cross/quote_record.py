"""The spec's cross-chain quote record (`/v3/cross/swap`) from a bridge client's quote.

Amounts are exact integer strings of smallest units. `price` is the spec's one number: token1 received per
token0 sent, fees included, computed with Decimal from the exact amounts and rounded to 10 significant
digits before it becomes a JSON number (display only: nothing is computed from it). `feeRate` is in basis
points, as everywhere in the API. `data` is call data for `router` on the source chain, built only for what
the client asked: with `to` (the recipient) and `amountIn`; `value` (an extension) is the native coin to
send with it.
"""

from __future__ import annotations

from decimal import Context, Decimal, localcontext

from swapdesk.address import ZERO, format_address, parse_address
from swapdesk.api import CrossQuote, CrossSwapRequest, ErrorCode, Unprocessable, on_parameter
from swapdesk.engine.bridges.model import Ask, Quote
from swapdesk.public_keys import PUBLIC_RECIPIENT, is_public
from swapdesk.words import QT_TR_NOOP, Term, Words

PRICE_DIGITS = 10


def price(quote: Quote) -> float:
    """token1 per token0, whole tokens, fees included, to PRICE_DIGITS significant digits."""
    if quote.amount_in == 0:
        return 0.0
    with localcontext(Context(prec=60)):
        exact = Decimal(quote.amount_out).scaleb(-quote.dst.decimals) / Decimal(quote.amount_in).scaleb(
            -quote.src.decimals
        )
    return float(Context(prec=PRICE_DIGITS).plus(exact))


def bps(rate: Decimal) -> str:
    """A rate in basis points as plain decimal text: "30", "2.5"."""
    return format(rate.normalize(), "f")


def quote_record(quote: Quote, to: str | None) -> CrossQuote:
    src, dst = quote.src.chain, quote.dst.chain
    return CrossQuote(
        token0=quote.src.shown,
        token1=quote.dst.shown,
        chainID=str(src.id),
        destChainID=str(dst.id),
        amountIn=str(quote.amount_in),
        to=to or "",
        price=price(quote),
        fee=str(quote.fee),
        relayerFee=str(quote.relayer_fee) if quote.relayer_fee is not None else None,
        feeRate=bps(quote.fee_rate_bps),
        amountOut=str(quote.amount_out),
        crossPool=format_address(quote.cross_pool, src.tron),
        router=format_address(quote.router, src.tron),
        exchange=quote.bridge,
        data="0x" + quote.data.hex() if quote.data is not None else "",
        value=str(quote.value) if quote.data is not None else None,
    )


def check_decimals(request: CrossSwapRequest, quote: Quote) -> None:
    """`decimal0` / `decimal1`, when given, must be the tokens' own."""
    for parameter, given, token in (
        ("decimal0", request.decimal0, quote.src),
        ("decimal1", request.decimal1, quote.dst),
    ):
        if given is not None and given != token.decimals:
            raise Unprocessable(
                ErrorCode.DECIMALS_MISMATCH,
                on_parameter(
                    parameter,
                    Words(
                        QT_TR_NOOP("{symbol} has {decimals} decimals on {chain}, not {given}"),
                        symbol=token.symbol,
                        decimals=token.decimals,
                        chain=token.chain.name,
                        given=given,
                    ),
                ),
                parameter,
            )


def check_parties(ask: Ask, token1: bytes | None, devnet: bool) -> None:
    """`to` must be able to use what it receives, and `issuer` to send a transaction at all. `devnet`: the
    destination is the devnet, where the public test accounts are the demo accounts."""
    receiver = parse_address(ask.to, ask.dst.tron) if ask.to is not None else None
    if receiver == ZERO:
        reason = QT_TR_NOOP("is the zero address: what is paid there is lost")
    elif receiver is not None and is_public(receiver) and not devnet:
        reason = PUBLIC_RECIPIENT
    elif receiver is not None and receiver == token1 and token1 != ZERO:
        reason = QT_TR_NOOP("is the token being received: tokens sent to its contract are lost")
    elif ask.issuer == ZERO:
        zero = Words(QT_TR_NOOP("is the zero address: no one can send from it"))
        raise Unprocessable(ErrorCode.INVALID_SENDER, on_parameter("issuer", zero), "issuer")
    else:
        return
    lost = Words(QT_TR_NOOP("{reason}; give the address that should receive"), reason=Term(reason))
    raise Unprocessable(ErrorCode.INVALID_RECIPIENT, on_parameter("to", lost), "to")
