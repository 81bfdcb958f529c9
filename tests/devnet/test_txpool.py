"""A transaction whose nonce is ahead of its sender's is queued as geth queues it: accepted and answered with its
hash, shown without a block, not counted by the pending nonce, and mined as soon as the gap is filled; bounded per
account and in all, replaced only for a higher price, dropped when its turn comes and it cannot be paid."""

from __future__ import annotations

from typing import Any

import pytest
from eth_account import Account
from eth_account.signers.local import LocalAccount

from swapdesk.devnet import txpool
from swapdesk.devnet.accounts import demo_key
from swapdesk.devnet.sender import RpcSender

from .rpc_client import call, error, post

pytestmark = pytest.mark.slow

CHAIN = 10  # Optimism: a chain the other devnet tests send little on


def _rpc(url: str, method: str, *params: Any) -> Any:
    answer = post(url, call(method, *params)).json()
    assert "error" not in answer, answer
    return answer["result"]


def _refusal(url: str, raw: str) -> dict[str, Any]:
    return error(post(url, call("eth_sendRawTransaction", raw)).json())


class Sender:
    """A fresh account, funded by a demo account, that signs plain transfers by nonce."""

    def __init__(self, url: str, funds: int = 10**18) -> None:
        self.url = url
        self.account: LocalAccount = Account.create()
        funder = RpcSender(url, demo_key(7))
        funder.send(self.account.address, value=funds)
        funder.close()
        self.base_fee = int(_rpc(url, "eth_gasPrice"), 16)

    def raw(self, nonce: int, value: int = 1, tip: int = 1, fee: int | None = None) -> str:
        tx: dict[str, Any] = {  # as the signer takes it
            "to": "0x000000000000000000000000000000000000dEaD", "value": value, "gas": 21_000, "nonce": nonce,
            "maxFeePerGas": fee or 2 * self.base_fee, "maxPriorityFeePerGas": tip, "chainId": CHAIN,
        }  # fmt: skip
        return str(self.account.sign_transaction(tx).raw_transaction.to_0x_hex())

    def nonce(self, block: str = "latest") -> int:
        return int(_rpc(self.url, "eth_getTransactionCount", self.account.address, block), 16)


@pytest.fixture
def url(server_url: str) -> str:
    return f"{server_url}/rpc/{CHAIN}"


def test_a_future_nonce_waits_in_the_queue_until_the_gap_is_filled(url: str) -> None:
    me = Sender(url)
    later, after = me.raw(2), me.raw(1)
    tx_hash = _rpc(url, "eth_sendRawTransaction", later)
    assert tx_hash.startswith("0x") and len(tx_hash) == 66
    shown = _rpc(url, "eth_getTransactionByHash", tx_hash)
    assert shown["blockHash"] is None and shown["blockNumber"] is None and shown["transactionIndex"] is None
    assert shown["nonce"] == "0x2" and shown["chainId"] == hex(CHAIN) and shown["from"] == me.account.address
    assert _rpc(url, "eth_getTransactionReceipt", tx_hash) is None
    assert me.nonce("pending") == me.nonce() == 0  # only executable transactions count
    assert _rpc(url, "txpool_status")["queued"] != "0x0"
    assert _rpc(url, "txpool_content")["queued"][me.account.address]["2"]["hash"] == tx_hash
    assert error(post(url, call("eth_sendRawTransaction", later)).json())["message"] == "already known"

    _rpc(url, "eth_sendRawTransaction", after)  # nonce 1: still a gap at 0
    assert me.nonce() == 0
    _rpc(url, "eth_sendRawTransaction", me.raw(0))  # the gap filled: 0, 1 and 2 are mined, in order
    assert me.nonce() == me.nonce("pending") == 3
    receipt = _rpc(url, "eth_getTransactionReceipt", tx_hash)
    assert receipt["status"] == "0x1"
    assert _rpc(url, "eth_getTransactionByHash", tx_hash)["blockNumber"] == receipt["blockNumber"]
    assert me.account.address not in _rpc(url, "txpool_content")["queued"]


def test_a_queued_transaction_is_replaced_only_for_ten_percent_more(url: str) -> None:
    me = Sender(url)
    first = _rpc(url, "eth_sendRawTransaction", me.raw(1, tip=100))
    assert _refusal(url, me.raw(1, value=2, tip=105))["message"] == "replacement transaction underpriced"
    replacement = _rpc(url, "eth_sendRawTransaction", me.raw(1, value=2, tip=110, fee=3 * me.base_fee))
    assert _rpc(url, "eth_getTransactionByHash", first) is None
    _rpc(url, "eth_sendRawTransaction", me.raw(0))
    assert _rpc(url, "eth_getTransactionReceipt", replacement)["status"] == "0x1"


def test_the_queue_is_bounded_per_account_and_in_all(url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    me = Sender(url)
    monkeypatch.setattr(txpool, "ACCOUNT_QUEUE", 2)
    _rpc(url, "eth_sendRawTransaction", me.raw(1))
    _rpc(url, "eth_sendRawTransaction", me.raw(2))
    assert _refusal(url, me.raw(3))["message"] == "account limit exceeded: pooled 2 txs"
    monkeypatch.setattr(txpool, "ACCOUNT_QUEUE", 64)
    monkeypatch.setattr(txpool, "GLOBAL_QUEUE", 0)
    assert _refusal(url, me.raw(3))["message"] == "txpool is full"
    monkeypatch.setattr(txpool, "GLOBAL_QUEUE", 1024)
    _rpc(url, "eth_sendRawTransaction", me.raw(0))
    assert me.nonce() == 3


def test_what_cannot_be_paid_when_its_turn_comes_is_dropped(url: str) -> None:
    funds = 10**16
    me = Sender(url, funds=funds)
    gas_cost = 21_000 * 2 * me.base_fee
    queued = _rpc(url, "eth_sendRawTransaction", me.raw(1, value=funds - gas_cost))  # payable now, alone
    _rpc(url, "eth_sendRawTransaction", me.raw(0, value=funds // 2))  # ...but not after this one
    assert me.nonce() == 1
    assert _rpc(url, "eth_getTransactionByHash", queued) is None  # dropped, as geth drops it


def test_the_sync_send_of_a_queued_transaction_says_it_was_not_processed(url: str) -> None:
    me = Sender(url)
    refused = error(post(url, call("eth_sendRawTransactionSync", me.raw(1))).json())
    assert refused["code"] == 4 and refused["data"].startswith("0x")  # EIP-7966: in the pool, not (yet) mined
    assert _rpc(url, "eth_getTransactionByHash", refused["data"])["blockNumber"] is None
    _rpc(url, "eth_sendRawTransaction", me.raw(0))
    assert me.nonce() == 2


def test_the_old_refusals_still_come_first(url: str) -> None:
    me = Sender(url)
    poor = Account.create()
    tx = {"to": me.account.address, "value": 1, "gas": 21_000, "maxFeePerGas": 2 * me.base_fee}
    raw = poor.sign_transaction(tx | {"maxPriorityFeePerGas": 1, "nonce": 5, "chainId": CHAIN}).raw_transaction
    assert _refusal(url, raw.to_0x_hex())["message"].startswith("insufficient funds for gas * price + value")
    assert _refusal(url, me.raw(3, fee=1))["message"].startswith("max fee per gas less than block base fee")


def test_a_type_cancun_does_not_know_is_refused_in_geths_words(url: str) -> None:
    """A set-code transaction (EIP-7702, type 4) is Prague's: a geth pool before Prague decodes it and turns it
    away; a type no fork has is not even decoded. Neither is ever called "not RLP"."""
    me = Sender(url)
    authorization = me.account.sign_authorization({"chainId": CHAIN, "address": "0x" + "11" * 20, "nonce": 1})
    tx: dict[str, Any] = {
        "to": me.account.address, "value": 0, "gas": 100_000, "maxFeePerGas": 2 * me.base_fee, "nonce": 0,
        "maxPriorityFeePerGas": 1, "chainId": CHAIN, "authorizationList": [authorization], "type": 4,
    }  # fmt: skip
    set_code = me.account.sign_transaction(tx).raw_transaction.to_0x_hex()
    assert set_code.startswith("0x04")
    prague = "transaction type not supported: type 4 rejected, pool not yet in Prague"
    assert _refusal(url, set_code)["message"] == prague
    assert error(post(url, call("eth_sendRawTransactionSync", set_code)).json())["message"] == prague
    unknown = "0x05" + set_code[4:]  # the same fields under a type nobody has
    assert _refusal(url, unknown)["message"] == "transaction type not supported"
    assert me.nonce() == 0
