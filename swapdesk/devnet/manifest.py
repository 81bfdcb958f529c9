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
    kind: str  # "uniswap_v2" | "stableswap"
    fee_bps: int  # swap fee in basis points (StableSwap: rounded for display)
    address: str  # V2: the factory; StableSwap: the pool
    pools: list[str] = field(default_factory=list)


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
