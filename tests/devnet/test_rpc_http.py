"""Every devnet chain speaks standard JSON-RPC at /rpc/{chainID}, to any web3 client."""

from __future__ import annotations

import httpx
import pytest
from eth_account import Account
from web3 import Web3
from web3.exceptions import ContractLogicError

from swapdesk.chains import CHAINS, Chain
from swapdesk.contracts import artifact
from swapdesk.devnet.accounts import demo_address, demo_key

pytestmark = pytest.mark.slow


def _rpc(url: str, method: str, *params: object) -> object:
    reply = httpx.post(url, json={"jsonrpc": "2.0", "id": 7, "method": method, "params": list(params)}).json()
    assert reply["id"] == 7 and "error" not in reply, reply
    return reply["result"]


@pytest.mark.parametrize("chain", CHAINS, ids=lambda c: c.flag)
def test_chain_id_and_net_version(server_url: str, chain: Chain) -> None:
    url = f"{server_url}/rpc/{chain.id}"
    assert _rpc(url, "eth_chainId") == hex(chain.id)
    assert _rpc(url, "net_version") == str(chain.id)


def _usdt(server_url: str, chain: Chain) -> dict[str, object]:
    """The chain's USDT as the API lists it (the same chain the RPC serves)."""
    tokens = httpx.get(f"{server_url}/ext/v1/tokens", params={"chain": chain.id}).json()["data"]
    return next(t for t in tokens if "USDT" in t["symbol"])


@pytest.mark.parametrize("chain", CHAINS, ids=lambda c: c.flag)
def test_signed_transfer_through_web3(server_url: str, chain: Chain) -> None:
    w3 = Web3(Web3.HTTPProvider(f"{server_url}/rpc/{chain.id}"))
    assert w3.eth.chain_id == chain.id
    sender = Account.from_key(demo_key(3))
    receiver = Account.create().address
    usdt = _usdt(server_url, chain)
    address = str(usdt["address"])
    if chain.tron:  # the API shows TRON addresses in base58; RPC speaks hex
        from swapdesk.address import parse_tron, to_checksum

        address = to_checksum(parse_tron(address))
    token_address = Web3.to_checksum_address(address)
    token = w3.eth.contract(address=token_address, abi=artifact("ERC20").abi)
    amount = 12 * 10 ** int(str(usdt["decimals"]))
    before = token.functions.balanceOf(sender.address).call()

    tx = token.functions.transfer(receiver, amount).build_transaction(
        {"from": sender.address, "nonce": w3.eth.get_transaction_count(sender.address)}
    )
    signed = sender.sign_transaction(tx)
    tx_hash = w3.eth.send_raw_transaction(signed.raw_transaction)
    receipt = w3.eth.wait_for_transaction_receipt(tx_hash, timeout=30)

    assert receipt["status"] == 1
    (event,) = token.events.Transfer().process_receipt(receipt)
    assert event["args"]["sender"] == sender.address
    assert event["args"]["receiver"] == receiver
    assert event["args"]["value"] == amount
    assert token.functions.balanceOf(receiver).call() == amount
    assert token.functions.balanceOf(sender.address).call() == before - amount
    logs = w3.eth.get_logs(
        {"fromBlock": receipt["blockNumber"], "toBlock": receipt["blockNumber"], "address": token_address}
    )
    assert [log["transactionHash"] for log in logs] == [tx_hash]
    block = w3.eth.get_block(receipt["blockNumber"])
    assert tx_hash in block["transactions"]
    assert w3.eth.get_transaction(tx_hash)["from"] == sender.address


def test_revert_reason_reaches_the_client(server_url: str) -> None:
    w3 = Web3(Web3.HTTPProvider(f"{server_url}/rpc/56"))
    usdt = _usdt(server_url, CHAINS[2])
    token = w3.eth.contract(address=Web3.to_checksum_address(str(usdt["address"])), abi=artifact("ERC20").abi)
    pauper = Account.create().address
    with pytest.raises(ContractLogicError, match="ERC20: insufficient balance"):
        token.functions.transfer(demo_address(0), 1).call({"from": pauper})


def test_bad_transactions_are_refused_not_mined(server_url: str) -> None:
    url = f"{server_url}/rpc/1"
    sender = Account.from_key(demo_key(4))
    before = _rpc(url, "eth_getTransactionCount", sender.address, "latest")  # blocks come with time, not so nonces
    wrong_chain = sender.sign_transaction(
        {"to": demo_address(0), "value": 1, "gas": 21000, "gasPrice": 10**10, "nonce": 0, "chainId": 56}
    )
    reply = httpx.post(
        url,
        json={
            "jsonrpc": "2.0",
            "id": 1,
            "method": "eth_sendRawTransaction",
            "params": ["0x" + wrong_chain.raw_transaction.hex()],
        },
    ).json()
    assert reply["error"]["code"] == -32000 and "chain id" in reply["error"]["message"]
    garbage = httpx.post(
        url, json={"jsonrpc": "2.0", "id": 2, "method": "eth_sendRawTransaction", "params": ["0xdeadbeef"]}
    ).json()
    assert garbage["error"]["code"] == -32000
    unknown = httpx.post(url, json={"jsonrpc": "2.0", "id": 3, "method": "eth_mine", "params": []}).json()
    assert unknown["error"]["code"] == -32601
    assert _rpc(url, "eth_getTransactionCount", sender.address, "latest") == before


def test_send_raw_transaction_sync_answers_the_receipt(server_url: str) -> None:
    """EIP-7966, as anvil speaks it: the world builder can target either node."""
    from swapdesk.devnet.sender import RpcSender

    sender = RpcSender(f"{server_url}/rpc/10", demo_key(4))
    usdt = _usdt(server_url, CHAINS[1])
    tx_hash = sender.send(str(usdt["address"]), artifact("ERC20").encode("transfer", demo_address(8), 3), gas=100_000)
    receipt = sender.last_receipt
    assert receipt["transactionHash"] == "0x" + tx_hash.hex() and receipt["status"] == "0x1"
    assert len(receipt["logs"]) == 1
    sender.close()
