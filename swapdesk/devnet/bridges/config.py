"""What the three bridges carry, charge and hold on each devnet chain: pure data.

Amounts are in US dollars and become each token's smallest units with the
world's reference prices (`WorldSpec`, the same prices that size the pools),
so one table serves USDT with 6 decimals on Ethereum and 18 on BSC.

Where each figure lives follows the real protocols:
- ANYSWAP: on chain, in the router's per-token, per-destination SwapConfig
  (Multichain kept it on chain too, in its RouterConfig contract); its MPC
  enforces it and the engine quotes from it.
- CBRIDGE: minimum and maximum send, delay thresholds and volume caps on chain,
  as cBridge; its fees are the validators' (SGN) off-chain prices.
- METAPATH: all off chain. SWFT's fee ratio, relayer (chain) fee and deposit
  range come from its quote API and change with its desk's prices; its contract
  only takes deposits. A deposit outside the range is refunded, not refused.

Demo scale: the big-value threshold (Multichain: about $5M) and cBridge's delay
threshold are $50k, METAPATH's maximum deposit $80k and the thin chains' pools
$50k, so that a demo account (about $100k of each token) can provoke every
failure path; everything else is of the size the real services used.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_DOWN, Context, Decimal, localcontext

from swapdesk.chains import CHAINS


@dataclass(frozen=True)
class Asset:
    id: str  # the asset across chains: Multichain's tokenID, cBridge's symbol
    symbols: dict[int, str]  # chain id -> symbol of the world's token carrying it there


# The spec's cross-chain table: every bridge is deployed on each of these.
BRIDGE_CHAINS: tuple[int, ...] = tuple(chain.id for chain in CHAINS if chain.cross_chain)

_ALL = dict.fromkeys(BRIDGE_CHAINS)
ASSETS: tuple[Asset, ...] = (
    Asset("USDT", {chain: "fUSDT" if chain == 250 else "USDT" for chain in _ALL}),
    Asset("USDC", {chain: "USDC" for chain in _ALL}),
    # on Ethereum the asset is the wrapped native coin: the native-coin paths
    Asset(
        "ETH",
        {1: "WETH", 56: "ETH", 66: "ETHK", 128: "ETH", 137: "WETH", 250: "WETH", 321: "ETH", 43114: "WETH.e"}
        | {95500: "ETH"},
    ),
)


# -- ANYSWAP (on chain: AnyswapV6Router.getSwapConfig) ------------------------


@dataclass(frozen=True)
class AnyswapTerms:
    fee_per_million: int  # SwapFeeRatePerMillion
    min_fee_usd: Decimal
    max_fee_usd: Decimal
    min_swap_usd: Decimal
    max_swap_usd: Decimal
    big_value_usd: Decimal  # above it the MPC waits: BigAmount(Wait24hours)


# Multichain's published terms for its stablecoin routes: 0.1 %, fee between
# $0.9 and $1,000, swaps from $12 to $20M; Ethereum's gas raised the floor there.
ANYSWAP = AnyswapTerms(1_000, Decimal("0.9"), Decimal(1_000), Decimal(12), Decimal(20_000_000), Decimal(50_000))
ANYSWAP_TO_ETHEREUM = AnyswapTerms(
    1_000, Decimal(40), Decimal(1_000), Decimal(80), Decimal(20_000_000), Decimal(50_000)
)
ANYSWAP_MPC_DELAY = 2 * 24 * 3600  # seconds before a new MPC takes over (V6's DELAY)


def anyswap_terms(to_chain: int) -> AnyswapTerms:
    return ANYSWAP_TO_ETHEREUM if to_chain == 1 else ANYSWAP


# -- CBRIDGE (on chain: limits; off chain: fees) --------------------------------

CBRIDGE_MIN_SEND_USD = Decimal(10)  # a send must be above it
CBRIDGE_MAX_SEND_USD = Decimal(1_000_000)
CBRIDGE_DELAY_THRESHOLD_USD = Decimal(50_000)  # above it a payout waits DELAY_PERIOD
CBRIDGE_DELAY_PERIOD = 300  # seconds; demo scale (cBridge: hours)
CBRIDGE_EPOCH_LENGTH = 3_600  # seconds
CBRIDGE_EPOCH_CAP_USD = Decimal(5_000_000)  # what may leave per token per epoch
CBRIDGE_MINIMAL_MAX_SLIPPAGE = 500  # millionths (0.05 %); a send's maxSlippage must be above it
# Off chain, for the gateway's estimateAmt: a percentage fee plus a base fee
# that pays the destination chain's gas (dear on Ethereum).
CBRIDGE_FEE_PER_MILLION = 500
CBRIDGE_BASE_FEE_USD = {1: Decimal(6)} | {chain: Decimal("0.3") for chain in BRIDGE_CHAINS if chain != 1}


# -- METAPATH (all off chain: the desk's quote API) ------------------------------

METAPATH_FEE_PER_MILLION = 3_000  # 0.3 % of the deposit
METAPATH_MIN_DEPOSIT_USD = Decimal(30)
METAPATH_MAX_DEPOSIT_USD = Decimal(80_000)
# the relayer ("chain") fee, charged in token1: what paying out costs on the destination
METAPATH_RELAYER_FEE_USD = {
    1: Decimal(8),
    56: Decimal("0.3"),
    66: Decimal("0.1"),
    128: Decimal("0.1"),
    137: Decimal("0.1"),
    250: Decimal("0.1"),
    321: Decimal("0.1"),
    43114: Decimal("0.3"),
    95500: Decimal("1.5"),  # TRC-20 transfers burn energy
}


# -- destination liquidity, per bridge and token, seeded by the deployer -----------


def liquidity_usd(depth_usd: Decimal) -> Decimal:
    """A tenth of the chain's deepest DEX pool: $2M on Ethereum, $50k on HECO, OKC and KCC."""
    return depth_usd / 10


OPERATOR_NATIVE = 1_000  # whole native coins each operator gets for gas
# a TRON payout burns about 7 TRX of energy and bandwidth: 1,000 would last ~145 payouts
OPERATOR_NATIVE_ON = {95500: 1_000_000}


def usd_units(usd: Decimal, price_usd: Decimal, decimals: int) -> int:
    """`usd` worth of a token priced `price_usd`, in its smallest units, rounded down."""
    with localcontext(Context(prec=160)):
        return int((usd / price_usd).scaleb(decimals).to_integral_value(rounding=ROUND_DOWN))
