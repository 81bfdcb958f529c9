"""Where the demo world lives on one devnet chain: the builder's output.

A manifest is saved beside each chain's snapshot and is how the engine finds
the tokens, the liquidity sources and Multicall3 on the devnet (on a real
network the same facts come from configuration).
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from typing import Any


@dataclass(frozen=True)
class TokenEntry:
    address: str
    symbol: str
    name: str
    decimals: int


@dataclass(frozen=True)
class SourceEntry:
    name: str
    kind: str  # "uniswap_v2" | "uniswap_v3" | "stableswap"
    fee_bps: int  # swap fee in basis points (StableSwap: rounded for display; V3: the lowest tier's)
    address: str  # V2 and V3: the factory; StableSwap: the pool
    pools: list[str] = field(default_factory=list)
    fee_tiers: list[int] = field(default_factory=list)  # V3: the fee tiers its pools use, in pips (1e-6)
    router: str | None = None  # the DEX's own router (UniswapV2Router02, V3's SwapRouter), where it has one
    quoter: str | None = None  # V3: QuoterV2
    position_manager: str | None = None  # V3: NonfungiblePositionManager
    tick_lens: str | None = None  # V3: TickLens


@dataclass(frozen=True)
class Manifest:
    chain_id: int
    multicall: str
    wrapped: str
    discount_token: str
    deployer: str
    demo_accounts: list[str]
    tokens: list[TokenEntry]  # ERC-20s, the wrapped native first
    sources: list[SourceEntry]
    pair_blueprint: str
    router: str
    fee_collector: str

    def to_json(self) -> str:
        return json.dumps(asdict(self), indent=1)

    @classmethod
    def from_json(cls, text: str) -> Manifest:
        raw: dict[str, Any] = json.loads(text)
        raw["tokens"] = [TokenEntry(**t) for t in raw["tokens"]]
        raw["sources"] = [SourceEntry(**s) for s in raw["sources"]]
        return cls(**raw)

    def token(self, symbol: str) -> TokenEntry:
        for token in self.tokens:
            if token.symbol == symbol:
                return token
        raise KeyError(symbol)
