"""Bridgers' quote (`/api/sswap/quote`'s `txData`) read, each field held to its rule, as the real API and the
devnet's model both write it: the fee a ratio (a JSON number), `feeAmount` and `chainFeeAmount` in smallest units
where the devnet adds them, the relayer fee and the deposit range in whole tokens otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_CEILING, ROUND_FLOOR, Context, Decimal, localcontext
from typing import Any

import swapdesk.engine.bridges.model as m
from swapdesk.engine.bridges.metapath_orders import whole
from swapdesk.words import QT_TR_NOOP, Words


@dataclass(frozen=True)
class Priced:
    amount_out: int
    fee: int
    fee_rate_bps: Decimal
    relayer_fee: int
    limits: m.Limits
    contract: bytes


def priced(quoted: dict[str, Any], token0: m.Token, token1: m.Token, amount: int) -> Priced:
    """A quote's `txData` read, each field held to its rule (`m.Broken` names the first that breaks one): the
    fee ratio from 0 to 1 and the fee in units that ratio of the deposit (a unit of rounding either way), the
    relayer fee and the deposit range not negative and the range in order, the decimals it echoes the coins'.
    Amounts in whole tokens are rounded the safe way. What arrives against what was sent, and the contract, are
    the quote's checks (`quote_checks`)."""
    written = str(quoted["fee"])
    rate = Decimal(written) if len(written) <= 40 else Decimal("NaN")  # a ratio: 0.003 is 0.3 %
    if not (rate.is_finite() and 0 <= rate < 1):
        raise m.broken("fee", quoted["fee"], Words(QT_TR_NOOP("a ratio of the deposit from 0 to 1")))
    with localcontext(Context(prec=120)):  # exact: any uint256 times any ratio written in 40 digits
        ratio_of_amount = amount * rate
    fee = whole(quoted["feeAmount"]) if "feeAmount" in quoted else int(ratio_of_amount)
    if abs(fee - ratio_of_amount) > 1:
        ratio = Words(
            QT_TR_NOOP("the fee ratio {rate} of the {amount} deposited is {fee}"),
            rate=rate,
            amount=amount,
            fee=int(ratio_of_amount),
        )
        raise m.broken("feeAmount", fee, ratio)
    relayer = (
        whole(quoted["chainFeeAmount"])
        if "chainFeeAmount" in quoted
        else m.units_of(quoted["chainFee"], token1.decimals, ROUND_CEILING, "chainFee")
    )
    low = m.units_of(quoted["depositMin"], token0.decimals, ROUND_CEILING, "depositMin")
    high = m.units_of(quoted["depositMax"], token0.decimals, ROUND_FLOOR, "depositMax")
    if high < low:
        raise m.broken("depositMax", quoted["depositMax"], Words(QT_TR_NOOP("below depositMin")))
    for field, token in (("fromTokenDecimal", token0), ("toTokenDecimal", token1)):
        if field in quoted and str(quoted[field]) != str(token.decimals):
            listed = Words(
                QT_TR_NOOP("{symbol} has {decimals} decimals in the coin list"),
                symbol=token.symbol,
                decimals=token.decimals,
            )
            raise m.broken(field, quoted[field], listed)
    contract = m.address_of(quoted["contractAddress"], "contractAddress", token0.chain.tron)
    return Priced(whole(quoted["amountOutMin"]), fee, rate * 10_000, relayer, m.Limits(low, high), contract)
