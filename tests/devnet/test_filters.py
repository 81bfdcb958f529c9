"""Polled filters as geth keeps them: each change reported once, idle filters expired, a bound on how many a chain
keeps and on what one poll answers; and the other methods clients call: eth_getBlockReceipts, eth_createAccessList,
and `chainId` on every transaction object."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from eth_account import Account

from swapdesk.devnet import filters
from swapdesk.devnet.accounts import demo_address, demo_key
from swapdesk.devnet.sender import RpcSender

from .rpc_client import call, error, post

pytestmark = pytest.mark.slow

CHAIN = 137  # Polygon: 2 s blocks, so empty blocks pass between polls
TRANSFER = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef"


def _rpc(url: str, method: str, *params: Any) -> Any:
    answer = post(url, call(method, *params)).json()
    assert "error" not in answer, answer
    return answer["result"]


@pytest.fixture
def url(server_url: str) -> str:
    return f"{server_url}/rpc/{CHAIN}"


def _send(url: str, to: str, value: int = 1) -> dict[str, Any]:
    sender = RpcSender(url, demo_key(6))
    try:
        sender.send(to, value=value)
        return sender.last_receipt
    finally:
        sender.close()


def test_each_change_is_reported_once(url: str) -> None:
    blocks = _rpc(url, "eth_newBlockFilter")
    pending = _rpc(url, "eth_newPendingTransactionFilter")
    full = _rpc(url, "eth_newPendingTransactionFilter", True)
    receipt = _send(url, Account.create().address)
    new_blocks = _rpc(url, "eth_getFilterChanges", blocks)
    assert receipt["blockHash"] in new_blocks
    assert new_blocks == [_rpc(url, "eth_getBlockByNumber", h, False)["hash"] for h in _numbers(url, new_blocks)]
    assert receipt["transactionHash"] in _rpc(url, "eth_getFilterChanges", pending)
    (shown,) = [t for t in _rpc(url, "eth_getFilterChanges", full) if t["hash"] == receipt["transactionHash"]]
    assert shown["blockHash"] == receipt["blockHash"] and shown["chainId"] == hex(CHAIN)
    assert receipt["transactionHash"] not in _rpc(url, "eth_getFilterChanges", pending)  # reported once
    assert _rpc(url, "eth_uninstallFilter", blocks) is True
    assert _rpc(url, "eth_uninstallFilter", blocks) is False


def _numbers(url: str, hashes: list[str]) -> list[str]:
    return [_rpc(url, "eth_getBlockByHash", h, False)["number"] for h in hashes]


def test_a_log_filter_reports_matching_logs_within_its_range(url: str, server_url: str) -> None:
    sender = RpcSender(url, demo_key(6))
    head = int(_rpc(url, "eth_blockNumber"), 16)
    usdt = _usdt(server_url)
    mine = _rpc(
        url,
        "eth_newFilter",
        {"fromBlock": hex(head + 1), "address": usdt, "topics": [TRANSFER, _topic(sender.address)]},
    )
    everyone = _rpc(url, "eth_newFilter", {"topics": [TRANSFER]})
    past = _rpc(url, "eth_newFilter", {"fromBlock": hex(max(0, head - 5)), "toBlock": hex(head)})
    sender.send(Account.create().address, value=1)  # no log
    sender.send(usdt, _transfer(demo_address(0), 5))
    sender.close()
    (log,) = _rpc(url, "eth_getFilterChanges", mine)
    assert log["address"] == usdt and log["transactionHash"] == sender.last_receipt["transactionHash"]
    assert log in _rpc(url, "eth_getFilterChanges", everyone)
    assert _rpc(url, "eth_getFilterChanges", mine) == []  # reported once
    assert _rpc(url, "eth_getFilterChanges", past) == []  # its range lies before anything new
    assert _rpc(url, "eth_getFilterLogs", mine) == [log]  # eth_getLogs over the filter's own range
    assert all(head - 5 <= int(entry["blockNumber"], 16) <= head for entry in _rpc(url, "eth_getFilterLogs", past))
    refused = error(post(url, call("eth_getFilterLogs", _rpc(url, "eth_newBlockFilter"))).json())
    assert refused == {"code": -32000, "message": "filter not found"}  # geth's answer for a block filter
    bad = error(post(url, call("eth_newFilter", {"fromBlock": "0x5", "toBlock": "0x1"})).json())
    assert bad["message"] == "invalid from and to block combination"


def _usdt(server_url: str) -> str:
    listed = httpx.get(f"{server_url}/ext/v1/tokens", params={"chain": CHAIN}, timeout=120).json()["data"]
    return str(next(t["address"] for t in listed if t["symbol"] == "USDT"))


def _transfer(to: str, amount: int) -> bytes:
    return bytes.fromhex("a9059cbb") + bytes(12) + bytes.fromhex(to[2:]) + amount.to_bytes(32, "big")


def _topic(address: str) -> str:
    return "0x" + "0" * 24 + address[2:].lower()


def test_idle_filters_expire_and_a_chain_keeps_a_bounded_number(url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    kept = _rpc(url, "eth_newBlockFilter")
    monkeypatch.setattr(filters, "FILTER_TIMEOUT", 0.0)
    gone = error(post(url, call("eth_getFilterChanges", kept)).json())
    assert gone == {"code": -32000, "message": "filter not found"}
    monkeypatch.setattr(filters, "FILTER_TIMEOUT", 300.0)
    held = len(_filters(url))
    monkeypatch.setattr(filters, "MAX_FILTERS", held + 2)
    _rpc(url, "eth_newBlockFilter")
    last = _rpc(url, "eth_newBlockFilter")
    full = error(post(url, call("eth_newBlockFilter")).json())
    assert full["code"] == -32005 and full["message"].startswith("too many filters")
    _rpc(url, "eth_uninstallFilter", last)
    _rpc(url, "eth_newBlockFilter")  # room again


def _filters(url: str) -> dict[str, Any]:
    """The chain's filters (the server runs in this process)."""
    from swapdesk.devnet.filters import _FILTERS

    (found,) = [f.by_id for chain, f in list(_FILTERS.items()) if chain.chain_id == CHAIN]
    return found


def test_one_poll_answers_a_bounded_span_and_the_next_goes_on(url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    blocks = _rpc(url, "eth_newBlockFilter")
    for _ in range(3):
        _send(url, Account.create().address)
    monkeypatch.setattr(filters, "MAX_BLOCKS", 2)
    first, second = _rpc(url, "eth_getFilterChanges", blocks), _rpc(url, "eth_getFilterChanges", blocks)
    assert len(first) == 2 and len(second) >= 1 and not set(first) & set(second)
    assert int(_numbers(url, second)[0], 16) == int(_numbers(url, first)[-1], 16) + 1


def test_block_receipts_access_lists_and_chain_ids(url: str, server_url: str) -> None:
    receipt = _send(url, Account.create().address)
    number, block_hash = receipt["blockNumber"], receipt["blockHash"]
    for ref in (number, block_hash, {"blockHash": block_hash}):
        assert _rpc(url, "eth_getBlockReceipts", ref) == [receipt]
    assert _rpc(url, "eth_getBlockReceipts", "0xffffffff") is None
    tx = _rpc(url, "eth_getTransactionByHash", receipt["transactionHash"])
    assert tx["chainId"] == hex(CHAIN)
    # a legacy EIP-155 transaction: v encodes the chain id, and the node says it too
    me = Account.from_key(demo_key(6))
    nonce = int(_rpc(url, "eth_getTransactionCount", me.address, "pending"), 16)
    price = 2 * int(_rpc(url, "eth_gasPrice"), 16)
    legacy = {"to": demo_address(0), "value": 1, "gas": 21_000, "gasPrice": price, "nonce": nonce, "chainId": CHAIN}
    sent = _rpc(url, "eth_sendRawTransaction", me.sign_transaction(legacy).raw_transaction.to_0x_hex())
    shown = _rpc(url, "eth_getTransactionByHash", sent)
    assert shown["type"] == "0x0" and shown["chainId"] == hex(CHAIN)
    assert int(shown["v"], 16) in (2 * CHAIN + 35, 2 * CHAIN + 36)
    # an access list: a plain transfer touches nothing but its sender and receiver, which are left out
    plain = _rpc(url, "eth_createAccessList", {"from": me.address, "to": demo_address(0), "value": "0x1"})
    assert plain == {"accessList": [], "gasUsed": hex(21_000)}
    huge = {"from": me.address, "to": _usdt(server_url), "data": "0x" + _transfer(demo_address(0), 10**40).hex()}
    failing = _rpc(url, "eth_createAccessList", huge)
    assert failing["error"] == "execution reverted: ERC20: insufficient balance"  # answered, as geth does
    assert failing["accessList"][0]["address"] == huge["to"]
    stranger = {"from": Account.create().address, "to": me.address, "value": "0x1"}
    assert error(post(url, call("eth_createAccessList", stranger)).json())["message"].startswith("insufficient funds")
