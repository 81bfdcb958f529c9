"""What the transaction-reading tests do on the devnet, as any wallet or script does on a real network: sign with
a demo account and send through JSON-RPC, to the world's real Uniswap contracts (Router02, V3's SwapRouter, the
pairs), to a Universal Router deployed here from its npm build, and to a fee-on-transfer token compiled here.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

import vyper
from eth_abi import encode
from eth_account import Account
from eth_account.signers.local import LocalAccount
from eth_utils import keccak, to_checksum_address
from web3 import AsyncWeb3

from swapdesk.chain.rpc import request
from swapdesk.contracts import artifact, vendored
from swapdesk.devnet.accounts import demo_key
from swapdesk.devnet.manifest import Manifest

ERC20, WETH, PAIR = artifact("ERC20"), vendored("WETH9"), vendored("UniswapV2Pair")
ROUTER02, SWAP_ROUTER, UNIVERSAL = vendored("UniswapV2Router02"), vendored("SwapRouter"), vendored("UniversalRouter")
V2_FACTORY, V3_FACTORY = vendored("UniswapV2Factory"), vendored("UniswapV3Factory")
NATIVE = "0x0000000000000000000000000000000000000000"
FAR = 2**40  # a deadline far in the future
MAX = 2**256 - 1

# the Universal Router's commands (its Commands library) and recipients (its ActionConstants)
V3_SWAP_EXACT_IN, V2_SWAP_EXACT_IN, V2_SWAP_EXACT_OUT, SWEEP, WRAP_ETH, UNWRAP_WETH = 0x00, 0x08, 0x09, 0x04, 0x0B, 0x0C
MSG_SENDER, ADDRESS_THIS = "0x0000000000000000000000000000000000000001", "0x0000000000000000000000000000000000000002"

FEE_TOKEN = """# pragma version 0.4.3
# An ERC-20 that keeps 1 % of every transfer (sent to its owner), as fee-on-transfer tokens do.
event Transfer:
    sender: indexed(address)
    receiver: indexed(address)
    amount: uint256

event Approval:
    owner: indexed(address)
    spender: indexed(address)
    amount: uint256

name: public(String[32])
symbol: public(String[16])
decimals: public(constant(uint8)) = 18
totalSupply: public(uint256)
balanceOf: public(HashMap[address, uint256])
allowance: public(HashMap[address, HashMap[address, uint256]])
owner: public(immutable(address))

@deploy
def __init__(supply: uint256):
    self.name = "Taxed Token"
    self.symbol = "TAX"
    owner = msg.sender
    self.balanceOf[msg.sender] = supply
    self.totalSupply = supply
    log Transfer(sender=empty(address), receiver=msg.sender, amount=supply)

@internal
def _move(sender: address, receiver: address, amount: uint256):
    assert self.balanceOf[sender] >= amount, "TAX: insufficient balance"
    kept: uint256 = amount // 100
    self.balanceOf[sender] -= amount
    self.balanceOf[receiver] += amount - kept
    self.balanceOf[owner] += kept
    log Transfer(sender=sender, receiver=receiver, amount=amount - kept)
    if kept > 0:
        log Transfer(sender=sender, receiver=owner, amount=kept)

@external
def transfer(receiver: address, amount: uint256) -> bool:
    self._move(msg.sender, receiver, amount)
    return True

@external
def transferFrom(sender: address, receiver: address, amount: uint256) -> bool:
    allowed: uint256 = self.allowance[sender][msg.sender]
    assert allowed >= amount, "TAX: insufficient allowance"
    if allowed != max_value(uint256):
        self.allowance[sender][msg.sender] = allowed - amount
    self._move(sender, receiver, amount)
    return True

@external
def approve(spender: address, amount: uint256) -> bool:
    self.allowance[msg.sender][spender] = amount
    log Approval(owner=msg.sender, spender=spender, amount=amount)
    return True
"""


@cache
def fee_token_code() -> bytes:
    return bytes.fromhex(vyper.compile_code(FEE_TOKEN, output_formats=["bytecode"])["bytecode"][2:])


@dataclass(frozen=True)
class Sent:
    hash: str
    ok: bool
    receipt: dict[str, Any]


@dataclass
class Wallet:
    """One demo account on one chain, sending as a wallet does: fees from the latest block, a given gas."""

    w3: AsyncWeb3[Any]
    account: LocalAccount

    @classmethod
    def of(cls, w3: AsyncWeb3[Any], index: int) -> Wallet:
        return cls(w3, Account.from_key(demo_key(index)))

    @property
    def address(self) -> str:
        return str(self.account.address)

    async def send(self, to: str | None, data: bytes = b"", value: int = 0, gas: int = 1_500_000) -> Sent:
        latest = await request(self.w3, "eth_getBlockByNumber", ["latest", False])
        tx: dict[str, Any] = {
            "data": data, "value": value, "gas": gas, "chainId": await self.w3.eth.chain_id,
            "nonce": int(await request(self.w3, "eth_getTransactionCount", [self.address, "pending"]), 16),
            "maxFeePerGas": int(latest["baseFeePerGas"], 16) * 2 + 1, "maxPriorityFeePerGas": 1,
        } | ({"to": to} if to is not None else {})  # fmt: skip
        raw = "0x" + self.account.sign_transaction(tx).raw_transaction.hex()
        receipt = await request(self.w3, "eth_sendRawTransactionSync", [raw])
        return Sent(receipt["transactionHash"], receipt["status"] == "0x1", receipt)

    async def must(self, to: str | None, data: bytes = b"", value: int = 0, gas: int = 1_500_000) -> Sent:
        sent = await self.send(to, data, value, gas)
        assert sent.ok, f"{sent.hash} reverted"
        return sent

    async def balance(self, token: str, owner: str | None = None) -> int:
        holder = owner or self.address
        if token == NATIVE:
            return int(await request(self.w3, "eth_getBalance", [holder, "latest"]), 16)
        call = {"to": token, "data": "0x" + ERC20.encode("balanceOf", holder).hex()}
        return int(await request(self.w3, "eth_call", [call, "latest"]), 16)

    async def call(self, to: str, data: bytes) -> bytes:
        found = await request(self.w3, "eth_call", [{"to": to, "data": "0x" + data.hex()}, "latest"])
        return bytes.fromhex(found[2:])


def source(manifest: Manifest, name: str) -> Any:
    return next(s for s in manifest.sources if s.name == name)


async def deploy_universal_router(deployer: Wallet, manifest: Manifest) -> str:
    """Uniswap's Universal Router on this chain, over the world's Uniswap V2 factory and V3 factory (Permit2 and
    V4 are not in the world: its commands that need them are not used)."""
    v2, v3 = source(manifest, "Uniswap V2"), source(manifest, "Uniswap V3")
    pool_code = keccak(vendored("UniswapV3Pool").bytecode)
    params = (
        NATIVE, manifest.wrapped, v2.address, v3.address, keccak(PAIR.bytecode), pool_code, NATIVE,
        v3.position_manager, NATIVE, NATIVE,
    )  # fmt: skip
    sent = await deployer.must(None, UNIVERSAL.deploy_data(params), gas=12_000_000)
    return to_checksum_address(sent.receipt["contractAddress"])


def universal(commands: list[int], inputs: list[bytes], deadline: int = FAR) -> bytes:
    return UNIVERSAL.encode("execute(bytes,bytes[],uint256)", bytes(commands), inputs, deadline)


def v2_exact_in(recipient: str, amount_in: int, minimum: int, path: list[str], payer_is_user: bool) -> bytes:
    return encode(
        ["address", "uint256", "uint256", "address[]", "bool"], [recipient, amount_in, minimum, path, payer_is_user]
    )


def v3_path(*hops: str | int) -> bytes:
    """token, fee, token, fee, token... as V3 routers take a path."""
    out = b""
    for hop in hops:
        out += hop.to_bytes(3, "big") if isinstance(hop, int) else bytes.fromhex(hop[2:])
    return out


async def deploy_fee_token(owner: Wallet, supply: int) -> str:
    sent = await owner.must(None, fee_token_code() + encode(["uint256"], [supply]), gas=3_000_000)
    return to_checksum_address(sent.receipt["contractAddress"])


async def v2_pair(wallet: Wallet, factory: str, a: str, b: str) -> str:
    (pair,) = V2_FACTORY.decode("getPair", await wallet.call(factory, V2_FACTORY.encode("getPair", a, b)))
    return to_checksum_address(pair)
