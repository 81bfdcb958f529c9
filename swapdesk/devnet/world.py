"""What the demo world holds on each devnet chain: pure data.

Tokens carry their real decimals on that chain (USDT: 6 on Ethereum, 18 on
BSC; WBTC 8) and a reference price in USD used only to size liquidity. The
DEX families are the ones each chain is known for, each with its real swap
fee; every chain has at least three constant-product sources and one
StableSwap pool of its three stablecoins. Depth shrinks from the first source
to the last and every pool's price is nudged by a few basis points
(`skew_bps`), so that splitting a trade across sources pays, as it does on
real chains.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from decimal import Decimal


@dataclass(frozen=True)
class TokenSpec:
    symbol: str
    name: str
    decimals: int
    usd: Decimal  # reference price, to size pools; never used for quotes


@dataclass(frozen=True)
class SourceSpec:
    name: str
    fee_bps: int  # V2 swap fee in basis points
    weight: Decimal  # share of the chain's base depth


@dataclass(frozen=True)
class StableSpec:
    name: str
    coins: tuple[str, str, str]
    amplification: int
    fee: int  # Curve units: 10 decimals (4_000_000 = 0.04%)


@dataclass(frozen=True)
class WorldSpec:
    chain_id: int
    wrapped: TokenSpec
    tokens: tuple[TokenSpec, ...]  # ERC-20s besides the wrapped native
    sources: tuple[SourceSpec, ...]
    stable: StableSpec
    depth_usd: Decimal  # per side of a main pair on the deepest source
    discount_token: str  # symbol of the fee-discount token (chain's DEX token)

    def symbols(self) -> list[str]:
        return [self.wrapped.symbol] + [t.symbol for t in self.tokens]

    def token(self, symbol: str) -> TokenSpec:
        for token in (self.wrapped, *self.tokens):
            if token.symbol == symbol:
                return token
        raise KeyError(symbol)

    def v3_pairs(self) -> list[tuple[tuple[str, str], int]]:
        """Uniswap V3 pools (pair, fee in pips): the main pairs in the tiers real markets use for them."""
        stable_a, stable_b, _ = self.stable.coins
        wrapped = self.wrapped.symbol
        major = next(
            t.symbol for t in self.tokens if t.symbol not in self.stable.coins and t.symbol != self.discount_token
        )
        return [
            ((wrapped, stable_a), 500), ((wrapped, stable_a), 3000), ((wrapped, stable_b), 3000),
            ((stable_a, stable_b), 100), ((wrapped, major), 3000), ((stable_a, major), 10000),
        ]  # fmt: skip

    def pairs(self) -> list[tuple[str, str]]:
        """Pairs every constant-product source lists: the wrapped native with
        everything, then stable/stable, stable/majors and the chain's token."""
        stable_a, stable_b, stable_c = self.stable.coins
        pairs = [(self.wrapped.symbol, t.symbol) for t in self.tokens]
        pairs += [(stable_a, stable_b), (stable_b, stable_c)]
        majors = [t.symbol for t in self.tokens if t.symbol not in self.stable.coins]
        pairs += [(stable_a, m) for m in majors]
        pairs += [(stable_b, m) for m in majors[:2]]
        return pairs


# The router's fee, in basis points of amountIn, by channel ("default" when
# the request names none), and the discount tiers of the fee token: holding at
# least `threshold` whole tokens pays `share` bps of the normal fee.
FEE_RATE_BPS = {"default": 20, "web": 20, "extension": 25, "android": 15, "ios": 15}
DISCOUNT_TIERS = ((100_000, 2_500), (10_000, 5_000), (1_000, 7_500), (100, 9_000))


def skew_bps(chain_id: int, source: str, pair: tuple[str, str]) -> int:
    """Deterministic price nudge of one pool, in -40..+40 basis points."""
    digest = hashlib.sha256(f"{chain_id}:{source}:{pair[0]}/{pair[1]}".encode()).digest()
    return int.from_bytes(digest[:4], "big") % 81 - 40


def _t(symbol: str, name: str, decimals: int, usd: str) -> TokenSpec:
    return TokenSpec(symbol, name, decimals, Decimal(usd))


def _s(name: str, fee_bps: int, weight: str) -> SourceSpec:
    return SourceSpec(name, fee_bps, Decimal(weight))


def _stable(name: str, coins: tuple[str, str, str], amplification: int = 1000) -> StableSpec:
    return StableSpec(name, coins, amplification, 4_000_000)


ETH, BTC = "3000", "60000"

WORLDS: dict[int, WorldSpec] = {
    1: WorldSpec(
        1,
        _t("WETH", "Wrapped Ether", 18, ETH),
        (
            _t("USDT", "Tether USD", 6, "1"),
            _t("USDC", "USD Coin", 6, "1"),
            _t("DAI", "Dai Stablecoin", 18, "1"),
            _t("WBTC", "Wrapped BTC", 8, BTC),
            _t("UNI", "Uniswap", 18, "10"),
            _t("LINK", "ChainLink Token", 18, "15"),
            _t("SWAP", "swapdesk Discount Token", 18, "1"),
        ),
        (_s("Uniswap V2", 30, "1"), _s("SushiSwap", 30, "0.45"), _s("PancakeSwap", 25, "0.2")),
        _stable("Curve", ("USDT", "USDC", "DAI"), 2000),
        Decimal("20000000"),
        "SWAP",
    ),
    10: WorldSpec(
        10,
        _t("WETH", "Wrapped Ether", 18, ETH),
        (
            _t("USDT", "Tether USD", 6, "1"),
            _t("USDC", "USD Coin", 6, "1"),
            _t("DAI", "Dai Stablecoin", 18, "1"),
            _t("WBTC", "Wrapped BTC", 8, BTC),
            _t("OP", "Optimism", 18, "1.8"),
            _t("SWAP", "swapdesk Discount Token", 18, "1"),
        ),
        (_s("Velodrome", 20, "1"), _s("Uniswap V2", 30, "0.5"), _s("SushiSwap", 30, "0.25")),
        _stable("Curve", ("USDT", "USDC", "DAI")),
        Decimal("3000000"),
        "SWAP",
    ),
    56: WorldSpec(
        56,
        _t("WBNB", "Wrapped BNB", 18, "600"),
        (
            _t("USDT", "Tether USD", 18, "1"),
            _t("USDC", "USD Coin", 18, "1"),
            _t("BUSD", "BUSD Token", 18, "1"),
            _t("BTCB", "BTCB Token", 18, BTC),
            _t("ETH", "Ethereum Token", 18, ETH),
            _t("CAKE", "PancakeSwap Token", 18, "2.5"),
            _t("SWAP", "swapdesk Discount Token", 18, "1"),
        ),
        (
            _s("PancakeSwap", 25, "1"),
            _s("BiSwap", 10, "0.35"),
            _s("ApeSwap", 20, "0.2"),
            _s("MDEX", 30, "0.15"),
        ),
        _stable("Ellipsis", ("USDT", "USDC", "BUSD")),
        Decimal("10000000"),
        "SWAP",
    ),
    66: WorldSpec(
        66,
        _t("WOKT", "Wrapped OKT", 18, "15"),
        (
            _t("USDT", "Tether USD", 18, "1"),
            _t("USDC", "USD Coin", 18, "1"),
            _t("DAI", "Dai Stablecoin", 18, "1"),
            _t("BTCK", "OKC Wrapped BTC", 18, BTC),
            _t("ETHK", "OKC Wrapped ETH", 18, ETH),
            _t("CHE", "CherrySwap Token", 18, "0.02"),
            _t("SWAP", "swapdesk Discount Token", 18, "1"),
        ),
        (_s("CherrySwap", 30, "1"), _s("JSwap", 30, "0.5"), _s("PanKSwap", 20, "0.25")),
        _stable("KSwap Stable", ("USDT", "USDC", "DAI")),
        Decimal("500000"),
        "SWAP",
    ),
    70: WorldSpec(
        70,
        _t("WHOO", "Wrapped HOO", 18, "0.05"),
        (
            _t("USDT", "Tether USD", 18, "1"),
            _t("USDC", "USD Coin", 18, "1"),
            _t("DAI", "Dai Stablecoin", 18, "1"),
            _t("HBTC", "Hoo BTC", 18, BTC),
            _t("HETH", "Hoo ETH", 18, ETH),
            _t("SWAP", "swapdesk Discount Token", 18, "1"),
        ),
        (_s("HooSwap", 30, "1"), _s("PippiShrimp", 25, "0.4"), _s("Hoo Lite", 20, "0.2")),
        _stable("HooSwap Stable", ("USDT", "USDC", "DAI")),
        Decimal("200000"),
        "SWAP",
    ),
    128: WorldSpec(
        128,
        _t("WHT", "Wrapped HT", 18, "0.5"),
        (
            _t("USDT", "Heco-Peg USDT", 18, "1"),
            _t("HUSD", "HUSD", 8, "1"),
            _t("USDC", "Heco-Peg USDC", 18, "1"),
            _t("HBTC", "Heco-Peg HBTC", 18, BTC),
            _t("ETH", "Heco-Peg ETH", 18, ETH),
            _t("MDX", "MDX Token", 18, "0.03"),
            _t("SWAP", "swapdesk Discount Token", 18, "1"),
        ),
        (_s("MDEX", 30, "1"), _s("MakiSwap", 20, "0.4"), _s("BXH", 30, "0.25")),
        _stable("LendHub Stable", ("USDT", "HUSD", "USDC")),
        Decimal("500000"),
        "SWAP",
    ),
    137: WorldSpec(
        137,
        _t("WMATIC", "Wrapped Matic", 18, "0.5"),
        (
            _t("USDT", "(PoS) Tether USD", 6, "1"),
            _t("USDC", "USD Coin (PoS)", 6, "1"),
            _t("DAI", "(PoS) Dai Stablecoin", 18, "1"),
            _t("WBTC", "(PoS) Wrapped BTC", 8, BTC),
            _t("WETH", "Wrapped Ether", 18, ETH),
            _t("QUICK", "QuickSwap", 18, "0.05"),
            _t("SWAP", "swapdesk Discount Token", 18, "1"),
        ),
        (_s("QuickSwap", 30, "1"), _s("SushiSwap", 30, "0.45"), _s("ApeSwap", 20, "0.2")),
        _stable("Curve", ("USDT", "USDC", "DAI")),
        Decimal("3000000"),
        "SWAP",
    ),
    250: WorldSpec(
        250,
        _t("WFTM", "Wrapped Fantom", 18, "0.7"),
        (
            _t("fUSDT", "Frapped USDT", 6, "1"),
            _t("USDC", "USD Coin", 6, "1"),
            _t("DAI", "Dai Stablecoin", 18, "1"),
            _t("WBTC", "Wrapped BTC", 8, BTC),
            _t("WETH", "Wrapped Ether", 18, ETH),
            _t("BOO", "SpookyToken", 18, "0.5"),
            _t("SWAP", "swapdesk Discount Token", 18, "1"),
        ),
        (_s("SpookySwap", 20, "1"), _s("SpiritSwap", 30, "0.4"), _s("SushiSwap", 30, "0.2")),
        _stable("Curve", ("fUSDT", "USDC", "DAI")),
        Decimal("1000000"),
        "SWAP",
    ),
    321: WorldSpec(
        321,
        _t("WKCS", "Wrapped KCS", 18, "10"),
        (
            _t("USDT", "KCC-Peg Tether USD", 18, "1"),
            _t("USDC", "KCC-Peg USD Coin", 18, "1"),
            _t("DAI", "KCC-Peg Dai", 18, "1"),
            _t("BTCK", "KCC-Peg BTC", 18, BTC),
            _t("ETH", "KCC-Peg ETH", 18, ETH),
            _t("MJT", "MojitoToken", 18, "0.05"),
            _t("SWAP", "swapdesk Discount Token", 18, "1"),
        ),
        (_s("MojitoSwap", 30, "1"), _s("KuSwap", 30, "0.4"), _s("KoffeeSwap", 25, "0.2")),
        _stable("MojitoSwap Stable", ("USDT", "USDC", "DAI")),
        Decimal("500000"),
        "SWAP",
    ),
    1030: WorldSpec(
        1030,
        _t("WCFX", "Wrapped CFX", 18, "0.15"),
        (
            _t("USDT", "Tether USD", 18, "1"),
            _t("USDC", "USD Coin", 18, "1"),
            _t("DAI", "Dai Stablecoin", 18, "1"),
            _t("WBTC", "Wrapped BTC", 18, BTC),
            _t("ETH", "Ether", 18, ETH),
            _t("PPI", "Swappi Token", 18, "0.01"),
            _t("SWAP", "swapdesk Discount Token", 18, "1"),
        ),
        (_s("Swappi", 30, "1"), _s("MoonSwap", 30, "0.35"), _s("Kinspad", 25, "0.2")),
        _stable("Swappi Stable", ("USDT", "USDC", "DAI")),
        Decimal("300000"),
        "SWAP",
    ),
    1284: WorldSpec(
        1284,
        _t("WGLMR", "Wrapped GLMR", 18, "0.2"),
        (
            _t("USDT", "xcUSDT", 6, "1"),
            _t("USDC", "USD Coin", 6, "1"),
            _t("DAI", "Dai Stablecoin", 18, "1"),
            _t("WBTC", "Wrapped BTC", 8, BTC),
            _t("WETH", "Wrapped Ether", 18, ETH),
            _t("STELLA", "StellaSwap", 18, "0.05"),
            _t("SWAP", "swapdesk Discount Token", 18, "1"),
        ),
        (_s("StellaSwap", 25, "1"), _s("BeamSwap", 30, "0.4"), _s("Solarflare", 25, "0.2")),
        _stable("Curve", ("USDT", "USDC", "DAI")),
        Decimal("300000"),
        "SWAP",
    ),
    8217: WorldSpec(
        8217,
        _t("WKLAY", "Wrapped KLAY", 18, "0.15"),
        (
            _t("oUSDT", "Orbit Bridge Klaytn USD Tether", 6, "1"),
            _t("oUSDC", "Orbit Bridge Klaytn USD Coin", 6, "1"),
            _t("KDAI", "Klaytn Dai", 18, "1"),
            _t("oWBTC", "Orbit Bridge Klaytn Wrapped BTC", 8, BTC),
            _t("oETH", "Orbit Bridge Klaytn Ethereum", 18, ETH),
            _t("KSP", "KLAYswap Protocol", 18, "0.3"),
            _t("SWAP", "swapdesk Discount Token", 18, "1"),
        ),
        (_s("KLAYswap", 30, "1"), _s("ClaimSwap", 25, "0.4"), _s("DefinixSwap", 20, "0.2")),
        _stable("KLAYswap Stable", ("oUSDT", "oUSDC", "KDAI")),
        Decimal("500000"),
        "SWAP",
    ),
    42161: WorldSpec(
        42161,
        _t("WETH", "Wrapped Ether", 18, ETH),
        (
            _t("USDT", "Tether USD", 6, "1"),
            _t("USDC", "USD Coin", 6, "1"),
            _t("DAI", "Dai Stablecoin", 18, "1"),
            _t("WBTC", "Wrapped BTC", 8, BTC),
            _t("ARB", "Arbitrum", 18, "0.8"),
            _t("SWAP", "swapdesk Discount Token", 18, "1"),
        ),
        (_s("Camelot", 30, "1"), _s("SushiSwap", 30, "0.5"), _s("Zyberswap", 25, "0.2")),
        _stable("Curve", ("USDT", "USDC", "DAI")),
        Decimal("5000000"),
        "SWAP",
    ),
    43114: WorldSpec(
        43114,
        _t("WAVAX", "Wrapped AVAX", 18, "30"),
        (
            _t("USDT", "TetherToken", 6, "1"),
            _t("USDC", "USD Coin", 6, "1"),
            _t("DAI.e", "Dai Stablecoin", 18, "1"),
            _t("WBTC.e", "Wrapped BTC", 8, BTC),
            _t("WETH.e", "Wrapped Ether", 18, ETH),
            _t("JOE", "JoeToken", 18, "0.4"),
            _t("SWAP", "swapdesk Discount Token", 18, "1"),
        ),
        (_s("Trader Joe", 30, "1"), _s("Pangolin", 30, "0.45"), _s("Lydia Finance", 20, "0.2")),
        _stable("Curve", ("USDT", "USDC", "DAI.e")),
        Decimal("3000000"),
        "SWAP",
    ),
    95500: WorldSpec(
        95500,
        _t("WTRX", "Wrapped TRX", 6, "0.25"),
        (
            _t("USDT", "Tether USD", 6, "1"),
            _t("USDC", "USD Coin", 6, "1"),
            _t("USDD", "Decentralized USD", 18, "1"),
            _t("BTC", "Bitcoin", 8, BTC),
            _t("ETH", "Ethereum", 18, ETH),
            _t("SUN", "SUN", 18, "0.02"),
            _t("SWAP", "swapdesk Discount Token", 18, "1"),
        ),
        (_s("SunSwap V2", 30, "1"), _s("JustMoney", 30, "0.4"), _s("SunSwap V1", 25, "0.2")),
        _stable("SUN 3pool", ("USDT", "USDC", "USDD")),
        Decimal("5000000"),
        "SWAP",
    ),
}
