"""The Quote tab's dollar values: what is sold and received, the fee and the balances, priced on the chain at the
block of the quote on screen (`gui.pricing`), and said to be so.

Prices are asked after the quote lands, for its block; a form that moved on in the meantime drops them (the
figures they would go beside answer another form). Nothing is shown where there is no price.
"""

from __future__ import annotations

from decimal import Decimal

from swapdesk.api import AggQuote, TokenInfo, TronQuote
from swapdesk.chains import Chain
from swapdesk.gui import formatting
from swapdesk.gui.design.amount_field import AmountField
from swapdesk.gui.i18n import tr
from swapdesk.gui.pricing import Price, Prices

PRICING_SLACK = Decimal("0.0001")  # a hundredth of a percent: rounding, not pricing


def worth(price: Price | None, units: int) -> str:
    """'≈ $2,500.00', or nothing without a price."""
    return formatting.approx_usd(price.value(units)) if price is not None else ""


def balance_words(token: TokenInfo, held: int, price: Price | None) -> str:
    words = tr("Balance: {amount}").format(amount=formatting.amount(held, token.decimals, token.symbol))
    return words + (f" · {worth(price, held)}" if price is not None and held else "")


def swap_keeps(quote: AggQuote | TronQuote) -> Decimal:
    """The share of what is sold that the quote's own terms keep, at the pools' price: swapdesk's fee and the
    price impact taken off (the pools' own fees are in their price)."""
    amount_in, used = int(quote.amountIn), int(quote.usedAmountIn)
    return Decimal(used) / amount_in * (1 - Decimal(quote.impact)) if amount_in else Decimal(1)


def pricing_gap(
    price_in: Price | None, sold: int, price_out: Price | None, out: int, quote: AggQuote | TronQuote
) -> Decimal | None:
    """How the received side's dollars compare with the sold side's when that is more than the swap's own terms
    allow (its fee and price impact): the two sides priced on other pools, a difference of pricing and not of the
    swap; None when it is not (or a side has no price)."""
    if price_in is None or price_out is None:
        return None
    paid, got = price_in.value(sold), price_out.value(out)
    if paid <= 0:
        return None
    change = (got - paid) / paid
    return change if change > swap_keeps(quote) - 1 + PRICING_SLACK else None


def received_words(
    price_in: Price | None, sold: int, price_out: Price | None, out: int, quote: AggQuote | TronQuote
) -> str:
    """'≈ $2,494.10 (−0.24 %)': what is received, and how it compares with what is sold, in dollars; where the two
    sides' prices disagree with what the swap costs, that is said instead of a gain the swap does not give."""
    if price_out is None:
        return ""
    text = worth(price_out, out)
    if price_in is None or price_in.value(sold) <= 0:
        return text
    if pricing_gap(price_in, sold, price_out, out, quote) is not None:
        return tr("{worth} (priced on other pools than this swap)").format(worth=text)
    change = (price_out.value(out) - price_in.value(sold)) / price_in.value(sold)
    sign = "−" if change < 0 else "+"
    return text + f" ({sign}{formatting.percent(abs(change))})"


def pricing_words(
    price_in: Price | None, sold: int, price_out: Price | None, out: int, quote: AggQuote | TronQuote
) -> str:
    """Why the two sides' dollars disagree with the swap's cost, in a sentence ("" when they do not)."""
    gap = pricing_gap(price_in, sold, price_out, out, quote)
    if gap is None or price_out is None:
        return ""
    cost = 1 - swap_keeps(quote)
    words = tr("The received {buy} is priced on other pools than this swap's route: its dollars are {gap} above"
               " what you sell, where the swap's fee and price impact alone take {cost}. The difference comes from"
               " the pools' prices, not from the swap.")  # fmt: skip
    sign = "+" if gap >= 0 else "−"
    return words.format(
        buy=price_out.symbol, gap=f"{sign}{formatting.percent(abs(gap))}", cost=formatting.percent(cost)
    )


def _quoted(prices: tuple[Price | None, ...]) -> tuple[Price | None, Price | None]:
    """(a price that came from a quote, the first price at all): the stablecoin itself is one dollar, at no block."""
    found = [p for p in prices if p is not None]
    quoted = next((p for p in found if p.token != p.stable.address.lower()), None)
    return quoted, (found[0] if found else None)


def provenance(chain: Chain, *prices: Price | None) -> str:
    """Where the dollar values come from, in one line."""
    price, first = _quoted(prices)
    if price is None:
        if first is None:
            return ""
        return tr("≈ $: {stable} counted as one dollar on {chain}.").format(
            stable=first.stable.symbol, chain=chain.name
        )
    if price.block is None:
        return tr("≈ $: priced in {stable} on {chain}'s own pools, now.").format(
            stable=price.stable.symbol, chain=chain.name
        )
    return tr("≈ $: priced in {stable} on {chain}'s own pools, at block {block}.").format(
        stable=price.stable.symbol, chain=chain.name, block=f"{price.block:,}"
    )


def provenance_of_sides(sides: list[tuple[Chain, Price | None]]) -> str:
    """Where the dollar values of a transfer's two sides come from: each on its own chain's pools, or, when both are
    the same stablecoin counted as one dollar, that said once for the two chains."""
    counted = [(chain, p) for chain, p in sides if p is not None and p.token == p.stable.address.lower()]
    if len(counted) == 2 == len(sides) and counted[0][1].stable.symbol == counted[1][1].stable.symbol:
        (chain, price), (other, _) = counted
        return tr("≈ $: {stable} counted as one dollar on {chain} and {other}.").format(
            stable=price.stable.symbol, chain=chain.name, other=other.name
        )
    return " ".join(words for chain, price in sides if (words := provenance(chain, price)))


def source(chain: Chain, *prices: Price | None) -> str:
    """What a dialog's dollar values are: swapdesk's own quote against the chain's stablecoin, and when."""
    price, first = _quoted(prices)
    if price is None:
        if first is None:
            return ""
        return tr("{stable} counted as one dollar").format(stable=first.stable.symbol)
    words = tr("swapdesk's own quote into {stable} on {chain}'s pools").format(
        stable=price.stable.symbol, chain=chain.name
    )
    if price.block is None:
        return words
    return words + tr(", at block {block}").format(block=f"{price.block:,}")


async def price_pair(
    prices: Prices, chain: Chain, sell: TokenInfo, buy: TokenInfo, who: str, block: int | None
) -> tuple[Price | None, Price | None]:
    return await prices.price(chain, sell, who, block), await prices.price(chain, buy, who, block)


def show_sides(
    sides: tuple[AmountField, AmountField], prices: tuple[Price | None, Price | None], quote: AggQuote | TronQuote
) -> None:
    """Each side's dollar value, under its amount."""
    (sell_side, buy_side), (price_in, price_out) = sides, prices
    sold, out = int(quote.amountIn), int(quote.totalAmountOut)
    sell_side.set_usd(worth(price_in, sold))
    buy_side.set_usd(received_words(price_in, sold, price_out, out, quote))
    buy_side.usd.setToolTip(pricing_words(price_in, sold, price_out, out, quote))


def fee_worth(price: Price | None, fee: int) -> str:
    return f" ({worth(price, fee)})" if price is not None and fee else ""
