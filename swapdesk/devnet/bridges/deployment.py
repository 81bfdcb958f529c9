"""Where the bridges live on one devnet chain: `deploy_bridges`'s output.

Saved beside the chain's manifest, it is how the providers' APIs and operators
find the contracts, the tokens each bridge carries and the operators' accounts
(on a real network the same facts come from each provider's configuration).
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from typing import Any


@dataclass(frozen=True)
class BridgedToken:
    asset: str  # the same asset on every chain: "USDT", "USDC", "ETH", or the native coin's symbol
    address: str  # the ERC-20 the bridge takes and pays on this chain
    symbol: str  # its symbol here (fUSDT on Fantom, WETH.e on Avalanche)
    decimals: int  # its decimals here (USDT: 6 on Ethereum, 18 on BSC)
    native: bool  # it is the wrapped native coin: the bridge also takes and pays the coin itself


@dataclass(frozen=True)
class AnyToken:
    address: str  # the anyToken (AnyswapV6ERC20); its underlying balance is the pool
    symbol: str  # anyUSDT
    underlying: BridgedToken


@dataclass(frozen=True)
class AnyswapDeployment:
    router: str  # AnyswapV6Router: anySwapOut* here, anySwapIn* from the MPC
    mpc: str
    tokens: list[AnyToken]


@dataclass(frozen=True)
class CBridgeDeployment:
    bridge: str  # CBridge: send, sendNative, relay, withdraw; also the pool
    signers: list[str]  # the validators, ascending, as relay and withdraw take them
    powers: list[int]
    tokens: list[BridgedToken]


@dataclass(frozen=True)
class MetapathDeployment:
    contract: str  # Bridgers: swap, swapEth; also the desk's vault
    operator: str  # the desk's key: payout and refund
    tokens: list[BridgedToken]  # what the vault holds and can pay out


@dataclass(frozen=True)
class BridgeDeployment:
    chain_id: int
    owner: str  # configures all three
    anyswap: AnyswapDeployment
    cbridge: CBridgeDeployment
    metapath: MetapathDeployment

    def to_json(self) -> str:
        return json.dumps(asdict(self), indent=1)

    @classmethod
    def from_json(cls, text: str) -> BridgeDeployment:
        raw: dict[str, Any] = json.loads(text)
        anyswap, cbridge, metapath = raw["anyswap"], raw["cbridge"], raw["metapath"]
        return cls(
            chain_id=raw["chain_id"],
            owner=raw["owner"],
            anyswap=AnyswapDeployment(
                router=anyswap["router"],
                mpc=anyswap["mpc"],
                tokens=[
                    AnyToken(t["address"], t["symbol"], BridgedToken(**t["underlying"])) for t in anyswap["tokens"]
                ],
            ),
            cbridge=CBridgeDeployment(
                bridge=cbridge["bridge"],
                signers=cbridge["signers"],
                powers=cbridge["powers"],
                tokens=[BridgedToken(**t) for t in cbridge["tokens"]],
            ),
            metapath=MetapathDeployment(
                contract=metapath["contract"],
                operator=metapath["operator"],
                tokens=[BridgedToken(**t) for t in metapath["tokens"]],
            ),
        )
