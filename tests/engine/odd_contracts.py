"""Contracts that are not honest tokens, deployed as anyone could deploy them on a real network.

Two are a few bytes of raw EVM code; the token with odd metadata is Vyper,
compiled here (its constructor takes its symbol and name as raw bytes, so they
need not even be UTF-8).
"""

from __future__ import annotations

from functools import cache
from typing import Any

import vyper
from eth_abi import encode
from eth_account import Account
from web3 import AsyncWeb3

from swapdesk.devnet.accounts import demo_key

# JUMPDEST PUSH1 0 JUMP: every call loops until its gas (or the node's time cap) runs out
BURNS_ALL_GAS = bytes.fromhex("5b600056")
# PUSH32 0xff..ff PUSH1 0 MSTORE PUSH1 32 PUSH1 0 RETURN: every call answers 2^256 - 1
ALL_ONES = bytes.fromhex("7f" + "ff" * 32 + "60005260206000f3")

ODD_TOKEN = """# pragma version 0.4.3
symbol: public(String[400])
name: public(String[400])
decimals: public(uint256)

@deploy
def __init__(symbol: String[400], name: String[400], decimals: uint256):
    self.symbol = symbol
    self.name = name
    self.decimals = decimals
"""


@cache
def _odd_token_code() -> bytes:
    return bytes.fromhex(vyper.compile_code(ODD_TOKEN, output_formats=["bytecode"])["bytecode"][2:])


def odd_token(symbol: bytes, name: bytes, decimals: int) -> bytes:
    """Creation code of a token answering these symbol, name (any bytes) and decimals."""
    return _odd_token_code() + encode(["bytes", "bytes", "uint256"], [symbol, name, decimals])


def raw_runtime(runtime: bytes) -> bytes:
    """Creation code that deploys `runtime` as it is."""
    # PUSH2 len DUP1 PUSH1 12 PUSH1 0 CODECOPY PUSH1 0 RETURN: copy the code after these 12 bytes, return it
    return b"\x61" + len(runtime).to_bytes(2, "big") + b"\x80\x60\x0c\x60\x00\x39\x60\x00\xf3" + runtime


async def deploy(w3: AsyncWeb3[Any], creation: bytes, account_index: int = 8) -> str:
    """Deploy with a demo account's signed transaction; the new contract's address."""
    account = Account.from_key(demo_key(account_index))
    block = await w3.eth.get_block("latest")
    tx = {
        "nonce": await w3.eth.get_transaction_count(account.address),
        "chainId": await w3.eth.chain_id,
        "gas": 2_000_000,
        "maxFeePerGas": block["baseFeePerGas"] * 2 + 1,
        "maxPriorityFeePerGas": 1,
        "data": creation,
        "value": 0,
    }
    signed = account.sign_transaction(tx)
    receipt = await w3.eth.wait_for_transaction_receipt(await w3.eth.send_raw_transaction(signed.raw_transaction))
    assert receipt["status"] == 1
    return str(receipt["contractAddress"])
