"""A chain made only of the protocols' own bytecode, on anvil: what a real network looks like to swapdesk.

WETH9, three of Uniswap V2's own test ERC-20s, Uniswap V2's factory and Router02, Uniswap V3's factory,
SwapRouter and NonfungiblePositionManager (all from the npm packages package.json pins, `vendored`), and
Multicall3 at its canonical address (on real chains a presigned keyless transaction puts it there; here its
runtime is placed with `anvil_setCode`). Liquidity is added through the protocols' own periphery, as anyone
would. Nothing of swapdesk's devnet is used: this module imports only web3, eth-account and the artifacts.

`build(url)` writes nothing of swapdesk's and answers the chain's catalogue in the shipped format, listing
factories only (no pool), for the engine to find the pools itself.
"""

from __future__ import annotations

from decimal import Decimal, localcontext
from math import isqrt
from typing import Any

from eth_account import Account
from eth_account.signers.local import LocalAccount
from web3 import HTTPProvider, Web3
from web3.types import RPCEndpoint

from swapdesk.contracts import Artifact, vendored

MULTICALL3 = "0xcA11bde05977b3631167028862bE2a173976CA11"
E18 = 10**18
V3_FULL_RANGE = {500: 887270, 3000: 887220}  # the widest ticks each fee's spacing allows


class Chain:
    """Transactions from one funded account, each mined (anvil mines on every transaction)."""

    def __init__(self, url: str, key: bytes) -> None:
        self.w3 = Web3(HTTPProvider(url, request_kwargs={"timeout": 60}))
        self.me: LocalAccount = Account.from_key(key)
        self.nonce: int = self.w3.eth.get_transaction_count(self.me.address)

    def send(self, to: str | None, data: bytes, value: int = 0) -> Any:
        tx: dict[str, Any] = {
            "from": self.me.address, "data": "0x" + data.hex(), "value": value, "nonce": self.nonce,
            "chainId": self.w3.eth.chain_id, "gas": 8_000_000, "maxFeePerGas": 10**11, "maxPriorityFeePerGas": 10**9,
        }  # fmt: skip
        if to is not None:
            tx["to"] = to
        signed = self.me.sign_transaction(tx)
        self.nonce += 1
        receipt = self.w3.eth.wait_for_transaction_receipt(self.w3.eth.send_raw_transaction(signed.raw_transaction))
        assert receipt["status"] == 1, f"reverted: {tx.get('to')} {data[:4].hex()}"
        return receipt

    def deploy(self, artifact: Artifact, *args: Any) -> str:
        return str(self.send(None, artifact.deploy_data(*args))["contractAddress"])

    def call(self, artifact: Artifact, to: str, function: str, *args: Any) -> Any:
        return self.send(to, artifact.encode(function, *args))


def _sqrt_price_x96(amount0: int, amount1: int) -> int:
    """The price token1/token0 of a pool holding these amounts, as V3 keeps it."""
    with localcontext() as context:
        context.prec = 80
        return isqrt(int(Decimal(amount1) / Decimal(amount0) * (Decimal(2) ** 192)))


def build(url: str, funder_key: bytes, funded: list[str]) -> dict[str, Any]:
    """Deploy the world from `funder_key` (an anvil account), give each of `funded` 100 ETH and 100,000 of
    each token, and answer the catalogue (a dict in the shipped format)."""
    chain = Chain(url, funder_key)
    chain.w3.provider.make_request(
        RPCEndpoint("anvil_setCode"), [MULTICALL3, "0x" + vendored("Multicall3").deployed_bytecode.hex()]
    )
    erc20, weth9 = vendored("TestERC20"), vendored("WETH9")
    weth = chain.deploy(weth9)
    tokens = {name: chain.deploy(erc20, 10**9 * E18) for name in ("TKA", "TKB", "TKC")}
    v2_factory = chain.deploy(vendored("UniswapV2Factory"), chain.me.address)
    v2_router = chain.deploy(vendored("UniswapV2Router02"), v2_factory, weth)
    v3_factory = chain.deploy(vendored("UniswapV3Factory"))
    manager = chain.deploy(vendored("NonfungiblePositionManager"), v3_factory, weth, "0x" + "00" * 20)
    v3_router = chain.deploy(vendored("SwapRouter"), v3_factory, weth)
    chain.send(weth, weth9.encode("deposit"), value=1_000 * E18)
    for held in [weth, *tokens.values()]:
        for spender in (v2_router, manager):
            chain.call(erc20, held, "approve", spender, 2**256 - 1)
    deadline = chain.w3.eth.get_block("latest")["timestamp"] + 3600
    router02 = vendored("UniswapV2Router02")
    a, b, c = tokens["TKA"], tokens["TKB"], tokens["TKC"]
    # prices: 1 WETH = 2,000 TKA; TKA = TKB; 1 TKB = 10 TKC
    for x, y, amount_x, amount_y in (
        (weth, a, 100 * E18, 200_000 * E18),
        (weth, b, 50 * E18, 100_000 * E18),
        (a, b, 500_000 * E18, 500_000 * E18),
        (b, c, 100_000 * E18, 1_000_000 * E18),
    ):
        chain.call(router02, v2_router, "addLiquidity", x, y, amount_x, amount_y, 0, 0, chain.me.address, deadline)
    chain.call(vendored("UniswapV2Factory"), v2_factory, "createPair", a, c)  # an empty pair: not worth finding
    npm = vendored("NonfungiblePositionManager")
    for x, y, amount_x, amount_y, fee in (
        (weth, a, 150 * E18, 300_000 * E18, 3000),
        (a, b, 400_000 * E18, 400_000 * E18, 500),
    ):
        (t0, a0), (t1, a1) = sorted(((x, amount_x), (y, amount_y)), key=lambda ta: int(ta[0], 16))
        chain.call(npm, manager, "createAndInitializePoolIfNecessary", t0, t1, fee, _sqrt_price_x96(a0, a1))
        edge = V3_FULL_RANGE[fee]
        chain.call(npm, manager, "mint", (t0, t1, fee, -edge, edge, a0, a1, 0, 0, chain.me.address, deadline))
    for address in funded:
        chain.send(address, b"", value=100 * E18)
        for held in tokens.values():
            chain.call(erc20, held, "transfer", address, 100_000 * E18)

    def token(address: str, symbol: str) -> dict[str, Any]:
        return {
            "address": address,
            "symbol": symbol,
            "name": symbol,
            "decimals": 18,
            "reference": "deployed by the test",
        }

    return {
        "chain_id": chain.w3.eth.chain_id,
        "name": "anvil",
        "multicall": MULTICALL3,
        "wrapped": weth,
        "router": None,
        "tokens": [token(weth, "WETH"), *(token(address, symbol) for symbol, address in tokens.items())],
        "sources": [
            {"name": "Uniswap V2", "kind": "uniswap_v2", "fee_bps": 30, "address": v2_factory, "router": v2_router},
            {
                "name": "Uniswap V3",
                "kind": "uniswap_v3",
                "fee_bps": 5,
                "address": v3_factory,
                "router": v3_router,
                "fee_tiers": [500, 3000],
            },
        ],
    }
