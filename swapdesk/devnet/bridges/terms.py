"""What each provider charges and pays, in integers of the tokens' smallest units: one set of rules for
the providers' quote APIs and for their operators, so a quote is exactly what the operator then pays.

- METAPATH (SWFT's desk) prices the exchange from the world's reference prices (world.py), the prices
  the desk's own book would quote: they are the same on every chain and do not move with the user's
  trade, so token0 and token1 may differ and the quote holds until the payout (a desk pricing from
  the demo world's DEX pools would see them move between quote and payout). It charges its fee ratio
  on the deposit, in token0, and a relayer (gas) fee in token1, and takes deposits between a minimum
  and a maximum worth in US dollars.
- CBRIDGE (the SGN) moves one asset 1:1 at the destination's decimals, less a percentage fee and a
  base fee that pays the destination's gas; the user's `maxSlippage` bounds what may be taken.
- ANYSWAP (the MPC) charges the source router's SwapConfig: fee rate clamped to a minimum and maximum
  fee, in the source token, and pays the rest at the destination's decimals.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from swapdesk.chains import by_id
from swapdesk.devnet.bridges import config
from swapdesk.devnet.bridges.context import ZERO, usd
from swapdesk.devnet.bridges.deployment import BridgeDeployment, BridgedToken

PER_MILLION = 1_000_000
# SWFT Bridgers' chain codes (its `fromTokenChain` / `toTokenChain`, and the CHAIN of a coin code)
BRIDGERS_CHAINS = {1: "ETH", 56: "BSC", 66: "OKEXCHAIN", 128: "HECO", 137: "POLYGON", 250: "FTM", 321: "KCC"}
BRIDGERS_CHAINS |= {43114: "AVAXC", 95500: "TRX"}
BRIDGERS_CHAIN_IDS = {code: chain for chain, code in BRIDGERS_CHAINS.items()}


def rescale(amount: int, decimals_from: int, decimals_to: int) -> int:
    """The same quantity at other decimals, rounded down."""
    factor: int = 10 ** abs(decimals_to - decimals_from)  # int ** int is typed Any (a negative power is a float)
    return amount * factor if decimals_to >= decimals_from else amount // factor


def usd_units(dollars: Decimal, price: Decimal, decimals: int) -> int:
    return config.usd_units(dollars, price, decimals)


# -- METAPATH -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Coin:
    """A coin the desk takes and pays on one chain: a vault token, or the chain's native coin."""

    chain_id: int
    symbol: str
    name: str
    token: str  # the ERC-20 the vault holds (the wrapped coin for the native one)
    decimals: int
    native: bool  # the native coin itself: deposited with swapEth, paid out unwrapped

    @property
    def code(self) -> str:
        """SWFT's coin code, SYMBOL(CHAIN): what `toToken` of a deposit names."""
        return f"{self.symbol}({BRIDGERS_CHAINS[self.chain_id]})"

    @property
    def contract_token(self) -> str:
        """The token a payout or refund of this coin names on chain (zero: the native coin)."""
        return ZERO if self.native else self.token

    @property
    def usd(self) -> Decimal:
        return usd(self.chain_id, _priced_symbol(self))


def _priced_symbol(coin: Coin) -> str:
    return by_id(coin.chain_id).wrapped_symbol if coin.native else coin.symbol


def coins(deployment: BridgeDeployment) -> list[Coin]:
    """Every coin of a chain's vault: its tokens, and the native coin beside the wrapped one."""
    chain_id, native = deployment.chain_id, by_id(deployment.chain_id).native_symbol
    out = []
    for token in deployment.metapath.tokens:
        out.append(Coin(chain_id, token.symbol, token.symbol, token.address, token.decimals, False))
        if token.native:
            out.append(Coin(chain_id, native, native, token.address, token.decimals, True))
    return out


@dataclass(frozen=True)
class MetapathQuote:
    fee: int  # token0 units: the desk's fee ratio on the deposit
    relayer_fee: int  # token1 units: what paying out costs on the destination
    amount_out: int  # token1 units: what the desk pays
    deposit_min: int  # token0 units
    deposit_max: int


def metapath_quote(coin0: Coin, coin1: Coin, amount: int) -> MetapathQuote:
    fee = amount * config.METAPATH_FEE_PER_MILLION // PER_MILLION
    value = Fraction(amount - fee) * Fraction(coin0.usd) * 10**coin1.decimals
    gross = int(value / (Fraction(coin1.usd) * 10**coin0.decimals))
    relayer = usd_units(config.METAPATH_RELAYER_FEE_USD[coin1.chain_id], coin1.usd, coin1.decimals)
    deposit_min = usd_units(config.METAPATH_MIN_DEPOSIT_USD, coin0.usd, coin0.decimals)
    deposit_max = usd_units(config.METAPATH_MAX_DEPOSIT_USD, coin0.usd, coin0.decimals)
    return MetapathQuote(fee, relayer, max(0, gross - relayer), deposit_min, deposit_max)


# -- CBRIDGE --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class CelerEstimate:
    eq_value: int  # the amount at the destination's decimals (bridge rate 1)
    perc_fee: int
    base_fee: int
    receive: int  # what the relay pays: eq_value - perc_fee - base_fee (0 when the fees exceed it)


def cbridge_estimate(src: BridgedToken, dst: BridgedToken, dst_chain: int, amount: int) -> CelerEstimate:
    eq = rescale(amount, src.decimals, dst.decimals)
    perc = eq * config.CBRIDGE_FEE_PER_MILLION // PER_MILLION
    base = usd_units(config.CBRIDGE_BASE_FEE_USD[dst_chain], usd(dst_chain, dst.symbol), dst.decimals)
    return CelerEstimate(eq, perc, base, max(0, eq - perc - base))


def cbridge_min_receive(estimate: CelerEstimate, max_slippage: int) -> int:
    """The least the sender accepted: the amount less `max_slippage` millionths."""
    return estimate.eq_value * (PER_MILLION - max_slippage) // PER_MILLION


def cbridge_max_slippage(estimate: CelerEstimate, slippage_tolerance: int) -> int:
    """The `maxSlippage` to send with (cBridge's estimateAmt): room for the fees and the user's tolerance,
    above the contract's minimal max slippage."""
    if estimate.eq_value == 0:
        return PER_MILLION - 1
    least = estimate.eq_value * (PER_MILLION - slippage_tolerance) // PER_MILLION - estimate.perc_fee
    least -= estimate.base_fee
    taken = PER_MILLION - Fraction(max(0, least) * PER_MILLION, estimate.eq_value)
    ceiling = -(-taken.numerator // taken.denominator)
    return min(PER_MILLION - 1, max(config.CBRIDGE_MINIMAL_MAX_SLIPPAGE + 1, ceiling))


# -- ANYSWAP --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class SwapConfig:
    """Multichain's SwapConfig of a token to a chain (the router's `getSwapConfig`), in token units."""

    maximum_swap: int
    minimum_swap: int
    big_value_threshold: int
    fee_per_million: int
    maximum_fee: int
    minimum_fee: int

    @property
    def routed(self) -> bool:
        return self.maximum_swap > 0

    def fee(self, amount: int) -> int:
        return min(max(amount * self.fee_per_million // PER_MILLION, self.minimum_fee), self.maximum_fee)
