"""The network fee a swap will cost, in words, for the review before signing.

On EVM chains: the node's gas estimate for the quote's very call from the account, at the node's gas
price. A node can only measure a call that would succeed now, so before the approval (or without the
balance) the estimate waits for it. On TRON the quote's fee limit is the bound: energy is burnt only as
used, plus about a TRX of bandwidth. Reads only; never signs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from swapdesk.api import AggQuote, TronQuote
from swapdesk.gui import formatting
from swapdesk.gui.i18n import tr

if TYPE_CHECKING:
    from web3.types import TxParams

    from swapdesk.trade.checks import Shown
    from swapdesk.trade.swap import Trader


async def estimate(trader: Trader, shown: Shown, owner: str) -> tuple[str, int]:
    """('about 0.00123 BNB (151,234 gas at 3 gwei)', the fee in the coin's smallest units), or why there is no
    figure yet (and 0)."""
    chain, quote = shown.request.chain, shown.quote
    native = chain.native_symbol
    if isinstance(quote, TronQuote):
        limit = formatting.amount(quote.data.options.feeLimit, chain.native_decimals, native)
        words = tr("up to {limit} of energy, burnt only as used, and about 1 {coin} of bandwidth")
        return words.format(limit=limit, coin=native), 0
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
        return tr("measured once the swap can run (after the approval, with the balance)"), 0
    fee = formatting.network_fee(gas * price, chain.native_decimals, native, gas, price)
    return (fee if fee.startswith("<") else tr("about {fee}").format(fee=fee)), gas * price
