"""Access lists reach execution on the devnet as on geth and anvil: a call, an estimate and a mined transaction
that carry one pay EIP-2930's gas for it (2,400 an address, 1,900 a storage key) and find what it names warm.

web3.py sends what a wallet sends: the list in `eth_estimateGas`, then the transaction with the gas estimated and
nothing to spare. anvil, forking the devnet's own /rpc at the block before, runs the same signed transaction: it
must charge the same gas.
"""

from __future__ import annotations

from typing import Any, cast

import httpx
import pytest
from eth_account import Account
from eth_account.signers.local import LocalAccount
from web3 import Web3
from web3.types import TxParams

from swapdesk.contracts import artifact
from swapdesk.devnet.accounts import demo_key
from swapdesk.devnet.sender import RpcSender
from tests.anvil import running_anvil

from .rpc_client import call, error, post

pytestmark = pytest.mark.slow

BSC = 56
ERC20 = artifact("ERC20")
ADDRESS_COST, KEY_COST = 2_400, 1_900  # EIP-2930
TRANSACTION_COST, ZERO_BYTE, NONZERO_BYTE = 21_000, 4, 16  # the yellow paper's G_transaction, G_txdatazero, ...


def _usdt(server_url: str) -> str:
    tokens = httpx.get(f"{server_url}/ext/v1/tokens", params={"chain": BSC}, timeout=120).json()["data"]
    return str(next(t["address"] for t in tokens if t["symbol"] == "USDT"))


def _funded(url: str, usdt: str) -> LocalAccount:
    """A new account with 1 BNB for gas and 100 USDT, from a demo account."""
    account: LocalAccount = Account.create()
    funder = RpcSender(url, demo_key(6))
    funder.send(account.address, value=10**18)
    funder.send(usdt, ERC20.encode("transfer", account.address, 100 * 10**18))
    funder.close()
    return account


def _result(url: str, method: str, *params: Any) -> Any:
    answer = post(url, call(method, *params)).json()
    assert "error" not in answer, answer
    return answer["result"]


def test_web3_estimates_and_sends_a_transfer_with_its_access_list_as_anvil_charges_it(server_url: str) -> None:
    url = f"{server_url}/rpc/{BSC}"
    usdt = _usdt(server_url)
    me, receiver = _funded(url, usdt), Account.create().address
    w3 = Web3(Web3.HTTPProvider(url))
    data = ERC20.encode("transfer", receiver, 10**18)
    listed = _result(url, "eth_createAccessList", {"from": me.address, "to": usdt, "input": "0x" + data.hex()})
    access_list = listed["accessList"]  # the token's two balances (the token itself is the receiver: warm anyway)
    assert [len(entry["storageKeys"]) for entry in access_list] == [2]
    fee = 2 * w3.eth.gas_price
    tx: dict[str, Any] = {
        "from": me.address, "to": usdt, "data": data, "value": 0, "accessList": access_list, "chainId": BSC,
        "nonce": w3.eth.get_transaction_count(me.address), "maxFeePerGas": fee, "maxPriorityFeePerGas": 1, "type": 2,
    }  # fmt: skip
    asked = cast(TxParams, tx)  # the one transaction, as web3 types it (eth_account's is a plain dict)
    estimate = w3.eth.estimate_gas(asked)
    raw = me.sign_transaction(tx | {"gas": estimate}).raw_transaction
    receipt = w3.eth.wait_for_transaction_receipt(w3.eth.send_raw_transaction(raw), timeout=60)
    assert receipt["status"] == 1, f"out of gas: estimated {estimate}, used {receipt['gasUsed']}"

    with running_anvil(BSC, "--fork-url", url, "--fork-block-number", str(receipt["blockNumber"] - 1),
                       "--hardfork", "cancun") as anvil:  # fmt: skip
        forked = Web3(Web3.HTTPProvider(anvil))
        least = forked.eth.estimate_gas(asked)
        again = forked.eth.wait_for_transaction_receipt(forked.eth.send_raw_transaction(raw), timeout=60)
    assert again["status"] == 1
    assert receipt["gasUsed"] == again["gasUsed"]  # the same signed transaction on the same state, the same gas
    assert least <= estimate <= least * 1.015 + 1  # geth's tolerance: enough, and within 1.5 % of the least


def test_calls_and_estimates_pay_for_the_access_list(server_url: str) -> None:
    url = f"{server_url}/rpc/{BSC}"
    usdt = _usdt(server_url)
    me, receiver = _funded(url, usdt), Account.create().address
    data = ERC20.encode("transfer", receiver, 10**18)
    plain = {"from": me.address, "to": usdt, "input": "0x" + data.hex()}
    access_list = _result(url, "eth_createAccessList", plain)["accessList"]
    listed = plain | {"accessList": access_list}
    keys = sum(len(entry["storageKeys"]) for entry in access_list)

    calldata = sum(NONZERO_BYTE if b else ZERO_BYTE for b in data)
    intrinsic = TRANSACTION_COST + calldata + ADDRESS_COST * len(access_list) + KEY_COST * keys
    refused = error(post(url, call("eth_call", listed | {"gas": hex(21_000)})).json())
    assert refused["message"] == f"intrinsic gas too low: have 21000, want {intrinsic}"

    without, with_list = (int(_result(url, "eth_estimateGas", c), 16) for c in (plain, listed))
    # listing the token costs 2,400 and saves nothing (the receiver is warm); each of its two slots costs 1,900
    # and saves the cold surcharge of its first read, 2,100 - 100 (EIP-2929)
    assert with_list - without == ADDRESS_COST + keys * (KEY_COST - 2_000)
    assert _result(url, "eth_call", listed | {"gas": hex(with_list)}) == "0x" + "00" * 31 + "01"
    short = error(post(url, call("eth_call", listed | {"gas": hex(without)})).json())
    assert short["message"] == "out of gas"  # what was enough without the list is not with it
