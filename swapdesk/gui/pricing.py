"""Dollar values priced from the chain itself: the engine's own quote of one unit of a token into the chain's main
stablecoin, at the block the figures on screen come from.

No price feed, no outside service: a token's price is what one unit of it would swap for, in the chain's main
stablecoin (USDT where the chain lists it, else USDC, BUSD, DAI, or another dollar token), through the same
pools and the same engine as the quote it is shown beside, before swapdesk's fee (`usedAmountIn`). The
stablecoin is taken at one dollar, and the window says all of this where it shows a value ("≈ $2,500.00 ·
priced in USDT on this chain's own pools at block 443"). A price is kept per chain, token and block: asked
once per block, never for a block already priced. Amounts stay integers; a value becomes a Decimal only to be
written (`Price.value`). A token with no route to the stablecoin has no price, and no dollar value is shown.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal, localcontext

from swapdesk.api import (
    AggQuote,
    AggSwapRequest,
    ApiError,
    ChainRequest,
    InvalidParameter,
    SwapService,
    TokenInfo,
    TronQuote,
    TronSwapRequest,
    parse,
)
from swapdesk.chains import Chain

STABLES = ("USDT", "USDC", "BUSD", "DAI")  # the main stablecoin, in this order of preference
NATIVE = {"0x0000000000000000000000000000000000000000", "T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb"}  # as each writes it
KEEP_BLOCKS = 64  # prices of older blocks are dropped


@dataclass(frozen=True)
class Price:
    """`out` smallest units of `stable` for `used` smallest units of the token, at `block` (None: not said)."""

    chain_id: int
    token: str  # the token's address, lower case
    symbol: str
    stable: TokenInfo
    used: int
    out: int
    block: int | None

    def value(self, units: int) -> Decimal:
        """What `units` of the token are worth in dollars (the stablecoin at one dollar)."""
        with localcontext() as context:
            context.prec = 80
            return (Decimal(units) * self.out / self.used).scaleb(-self.stable.decimals)

    def rate(self, decimals: int) -> Decimal:
        """One whole token in the stablecoin."""
        return self.value(10**decimals)


def main_stablecoin(tokens: list[TokenInfo]) -> TokenInfo | None:
    """The chain's main stablecoin, from its token list."""
    by_symbol = {t.symbol.upper(): t for t in tokens}
    for symbol in STABLES:
        if symbol in by_symbol:
            return by_symbol[symbol]
    return next((t for t in tokens if "USD" in t.symbol.upper()), None)


class Prices:
    def __init__(self, service: SwapService) -> None:
        self.service = service
        self._tokens: dict[int, list[TokenInfo]] = {}
        self._prices: dict[tuple[int, str, int | None], Price | None] = {}

    def use_service(self, service: SwapService) -> None:
        self.service = service
        self._tokens.clear()
        self._prices.clear()

    async def tokens(self, chain: Chain) -> list[TokenInfo]:
        if chain.id not in self._tokens:
            self._tokens[chain.id] = await self.service.tokens(ChainRequest(chain))
        return self._tokens[chain.id]

    def known(self, chain: Chain, token: str, block: int | None = None) -> Price | None:
        """The price already asked for `token` (at `block`, or the latest one asked), without asking."""
        key = token.lower()
        if block is not None:
            return self._prices.get((chain.id, key, block))
        found = [(b, p) for (c, t, b), p in self._prices.items() if c == chain.id and t == key and p is not None]
        return max(found, key=lambda pair: pair[0] or 0)[1] if found else None

    async def price(self, chain: Chain, token: TokenInfo, who: str, block: int | None = None) -> Price | None:
        """One unit of `token` in the chain's main stablecoin, quoted for `who` (an address of the chain), at the
        block the engine is at now (`block`: the block already on screen; asked again only for a newer one)."""
        key = (chain.id, token.address.lower(), block)
        if block is not None and key in self._prices:
            return self._prices[key]
        stable = main_stablecoin(await self.tokens(chain))
        if stable is None:
            return None
        if stable.address.lower() == token.address.lower():
            found: Price | None = Price(chain.id, key[1], token.symbol, stable, 1, 1, block)
        else:
            found = await self._quote(chain, token, stable, who)
        if found is not None:
            self._keep((chain.id, key[1], found.block), found)
        if block is not None and (found is None or found.block == block):
            self._keep(key, found)
        return found

    def _keep(self, key: tuple[int, str, int | None], price: Price | None) -> None:
        self._prices[key] = price
        newest = max((b for (_, _, b) in self._prices if b is not None), default=0)
        for old in [k for k in self._prices if k[2] is not None and k[2] < newest - KEEP_BLOCKS]:
            del self._prices[old]

    async def _quote(self, chain: Chain, token: TokenInfo, stable: TokenInfo, who: str) -> Price | None:
        query = {
            "token0": token.address, "token1": stable.address, "decimal0": str(token.decimals),
            "decimal1": str(stable.decimals), "amountIn": str(10**token.decimals), "to": who,
            "chain": chain.flag, "impact": "100", "part": "10", "amountOutMin": "0",
        }  # fmt: skip
        try:
            quote: AggQuote | TronQuote
            if chain.tron:
                query["issuer"] = who
                quote = await self.service.tron_swap(parse(TronSwapRequest, query.items()))
                block = None
            else:
                agg = await self.service.agg_swap(parse(AggSwapRequest, query.items()))
                quote, block = agg, agg.blockNumber
        except (ApiError, InvalidParameter):
            return None
        used, out = int(quote.usedAmountIn), int(quote.totalAmountOut)
        if used <= 0 or out <= 0:
            return None
        return Price(chain.id, token.address.lower(), token.symbol, stable, used, out, block)


def native_token(chain: Chain, tokens: list[TokenInfo]) -> TokenInfo | None:
    """The chain's coin as its token list has it (the all-zero address)."""
    return next((t for t in tokens if t.address in NATIVE or t.address.lower() == "0x" + "0" * 40), None)
