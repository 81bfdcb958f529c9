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

from swapdesk.address import format_address
from swapdesk.api import CrossQuote
from swapdesk.engine.bridges.model import Quote

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
