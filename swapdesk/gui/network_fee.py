"""The network fee a swap will cost, or cost, in a person's words: the coin and its dollars on every chain; how it
was measured (gas and its price, TRON's energy) only in a tooltip.

On EVM chains: the node's gas estimate for the quote's very call from the account, at the node's gas price. A
node can only measure a call that would succeed now, so before the approval (or without the balance) the
estimate waits for it. On TRON the quote's fee limit is the bound: energy is burnt (TRX) only as used, plus
about a TRX of bandwidth; its dollars are TRX priced on TRON's own pools, as every coin is (`gui.pricing`).
Reads only; never signs.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from swapdesk.api import AggQuote, TronQuote
from swapdesk.chains import Chain
from swapdesk.gui import formatting
from swapdesk.gui.i18n import tr

if TYPE_CHECKING:
    from web3.types import TxParams

    from swapdesk.trade.checks import Shown
    from swapdesk.trade.swap import Trader


@dataclass(frozen=True)
class Estimate:
    units: int  # the fee in the coin's smallest units; 0: not measured yet
    bound: bool = False  # at most `units` (TRON's fee limit), not an estimate of it
    detail: str = ""  # how it was measured, for a tooltip ('382,261 gas at 8 wei')


def words(estimate: Estimate, chain: Chain, worth: str) -> str:
    """'about 0.0031 BNB (≈ $1.90)'; on TRON 'up to 47.6 TRX (≈ $11.90) of energy, …'; `worth`: its dollars in
    words, or nothing where the coin has no price."""
    if not estimate.units:
        return tr("measured once the swap can run (after the approval, with the balance)")
    amount = formatting.amount(estimate.units, chain.native_decimals, chain.native_symbol)
    priced = f"{amount} ({worth})" if worth else amount
    if estimate.bound:
        words = tr("up to {fee} of energy, burnt only as used, and about 1 {coin} of bandwidth")
        return words.format(fee=priced, coin=chain.native_symbol)
    if amount.startswith("< "):  # the devnet's near-free gas: 'under 0.00000001 BNB', as the bridges' fees say it
        return tr("under {amount}").format(amount=priced.removeprefix("< "))
    return tr("about {fee}").format(fee=priced)


def paid(units: int, chain: Chain, worth: str) -> str:
    """What a mined transaction cost: '0.0031 BNB (≈ $1.90)'."""
    amount = formatting.amount(units, chain.native_decimals, chain.native_symbol)
    priced = f"{amount} ({worth})" if worth else amount
    return tr("under {amount}").format(amount=priced.removeprefix("< ")) if amount.startswith("< ") else priced


def measure(used: int, chain: Chain, price: int | None = None) -> str:
    """How a fee was measured, for its tooltip: '382,261 gas at 8 wei'; on TRON '28,000 energy'."""
    if chain.tron:
        return tr("{energy} energy").format(energy=f"{used:,}")
    if price is None:
        return tr("{gas} gas").format(gas=f"{used:,}")
    return tr("{gas} gas at {price}").format(gas=f"{used:,}", price=formatting.gas_price(price))


async def estimate(trader: Trader, shown: Shown, owner: str) -> Estimate:
    """The fee the swap will cost (0 units until a node can measure it)."""
    chain, quote = shown.request.chain, shown.quote
    if isinstance(quote, TronQuote):
        limit = int(quote.data.options.feeLimit)
        return Estimate(limit, bound=True, detail=tr("the quote's fee limit: the energy measured, with a margin"))
    assert isinstance(quote, AggQuote)
    from eth_typing import HexStr
    from eth_utils import to_checksum_address
    from web3.exceptions import Web3Exception
    from web3.types import Wei

    try:
        w3 = await trader.chains.web3(chain)
        price = await w3.eth.gas_price
        value = shown.request.amountIn if shown.sells_native else 0
        call: TxParams = {
            "from": to_checksum_address(owner),
            "to": to_checksum_address(shown.address(quote.aggregator)),
            "data": HexStr(quote.data),
            "value": Wei(value),
        }
        gas = await w3.eth.estimate_gas(call)
    except (Web3Exception, ValueError, OSError):
        return Estimate(0)
    return Estimate(gas * price, detail=measure(gas, chain, price))
