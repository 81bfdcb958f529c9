"""JSON-RPC 2.0 as written at /rpc/{chainID}, over real HTTP, and the limits that keep the server up."""

from __future__ import annotations

import json

import httpx
import pytest
from eth_account import Account

from swapdesk.chain import jsonrpc
from swapdesk.devnet.accounts import demo_address, demo_key

from .rpc_client import call, error, post

pytestmark = pytest.mark.slow


def test_a_million_nested_arrays_answer_an_error_and_the_server_stays_up(server_url: str) -> None:
    url = f"{server_url}/rpc/56"
    reply = post(url, b"[" * 1_000_000)  # a million levels deep, within the body limit
    assert reply.status_code == 200
    answer = reply.json()
    assert answer["id"] is None and error(answer)["code"] == -32700
    assert "deeper than 128 levels" in error(answer)["message"]
    closed = post(url, b"[" * 1_000_000 + b"]" * 1_000_000)  # closed, it is over the body limit
    assert closed.status_code == 413 and error(closed.json())["code"] == -32005
    unbalanced = post(url, b'{"a":' * 200_000).json()  # never closed, objects this time
    assert error(unbalanced)["code"] == -32700
    assert post(url, call("eth_chainId")).json()["result"] == "0x38"


def test_nesting_is_read_up_to_the_limit_and_not_beyond(server_url: str) -> None:
    url = f"{server_url}/rpc/56"

    def nested(depth: int) -> bytes:  # the request object is one level, its params the next
        params = b"[" * (depth - 1) + b"1" + b"]" * (depth - 1)
        return b'{"jsonrpc":"2.0","id":3,"method":"eth_getBalance","params":' + params + b"}"

    read = post(url, nested(jsonrpc.MAX_DEPTH)).json()
    assert read["id"] == 3 and error(read)["code"] == -32602, "parsed, then refused by the method"
    refused = post(url, nested(jsonrpc.MAX_DEPTH + 1)).json()
    assert refused["id"] is None and error(refused)["code"] == -32700
    # brackets inside strings are text, not nesting
    text = post(url, call("eth_getBalance", "[" * 10_000, "latest")).json()
    assert error(text)["code"] == -32602 and "argument 0 (address)" in error(text)["message"]


def test_a_body_over_the_limit_is_refused_before_it_is_read(server_url: str) -> None:
    url = f"{server_url}/rpc/56"
    padding = json.dumps(call("eth_chainId", "x" * jsonrpc.MAX_BODY)).encode()
    reply = post(url, padding)
    assert reply.status_code == 413 and error(reply.json())["code"] == -32005
    assert str(jsonrpc.MAX_BODY) in error(reply.json())["message"]
    with httpx.Client(timeout=120) as client:  # chunked: no Content-Length to go by
        streamed = client.post(url, content=iter([padding[: len(padding) // 2], padding[len(padding) // 2 :]]))
    assert streamed.status_code == 413 and error(streamed.json())["code"] == -32005
    at_the_limit = json.dumps(call("eth_chainId", request_id=5)).encode().ljust(jsonrpc.MAX_BODY)
    assert post(url, at_the_limit).json() == {"jsonrpc": "2.0", "id": 5, "result": "0x38"}


@pytest.mark.parametrize(
    ("body", "says"),
    [
        (b'{"jsonrpc":"2.0","id":1,"method":"eth_chainId"', "not JSON (line 1, column"),
        (b"", "not JSON"),
        (b'{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[\xff]}', "not UTF-8"),
        (b'{"jsonrpc":"2.0","id":NaN,"method":"eth_chainId"}', "a number"),
        (b'{"jsonrpc":"2.0","id":1e999,"method":"eth_chainId"}', "a number"),
        (b'{"jsonrpc":"2.0","id":' + b"9" * 5000 + b',"method":"eth_chainId"}', "a number"),
    ],
)
def test_what_is_not_json_is_a_parse_error(server_url: str, body: bytes, says: str) -> None:
    answer = post(f"{server_url}/rpc/56", body).json()
    assert answer["id"] is None and error(answer)["code"] == -32700 and says in error(answer)["message"]


def test_notifications_are_run_and_never_answered(server_url: str) -> None:
    url = f"{server_url}/rpc/10"
    sender = Account.from_key(demo_key(8))
    nonce = int(post(url, call("eth_getTransactionCount", sender.address, "latest")).json()["result"], 16)
    base_fee = int(post(url, call("eth_gasPrice")).json()["result"], 16)
    tx = {"to": demo_address(0), "value": 1, "gas": 21000, "maxFeePerGas": 2 * base_fee, "nonce": nonce}
    signed = sender.sign_transaction(tx | {"maxPriorityFeePerGas": 1, "chainId": 10})
    raw = signed.raw_transaction.to_0x_hex()
    notification = {"jsonrpc": "2.0", "method": "eth_sendRawTransaction", "params": [raw]}

    alone = post(url, notification)
    assert alone.status_code == 204 and alone.content == b""
    receipt = post(url, call("eth_getTransactionReceipt", signed.hash.to_0x_hex())).json()["result"]
    assert receipt["status"] == "0x1", "a notification is run"

    quiet = {"jsonrpc": "2.0", "method": "eth_chainId"}
    only_notifications = post(url, [quiet, quiet, {"jsonrpc": "2.0", "method": "no_such_method"}])
    assert only_notifications.status_code == 204 and only_notifications.content == b""
    mixed = post(url, [quiet, call("eth_chainId", request_id="a"), quiet, call("net_version", request_id=None)])
    assert mixed.json() == [
        {"jsonrpc": "2.0", "id": "a", "result": "0xa"},
        {"jsonrpc": "2.0", "id": None, "result": "10"},  # an id of null is a call, not a notification
    ]


def test_an_empty_batch_is_an_error(server_url: str) -> None:
    answer = post(f"{server_url}/rpc/56", []).json()
    assert isinstance(answer, dict) and answer["id"] is None
    assert error(answer)["code"] == -32600 and "empty batch" in error(answer)["message"]


@pytest.mark.parametrize(
    ("request_object", "says", "echoed"),
    [
        ({"jsonrpc": "1.0", "id": 4, "method": "eth_chainId"}, 'jsonrpc must be "2.0"', 4),
        ({"id": 4, "method": "eth_chainId"}, 'jsonrpc must be "2.0"', 4),
        ({"jsonrpc": "2.0", "id": "x", "method": 1}, "method must be a string", "x"),
        ({"jsonrpc": "2.0", "method": 1, "params": "bar"}, "method must be a string", None),
        ({"jsonrpc": "2.0", "id": 4, "method": "eth_chainId", "params": "bar"}, "params must be", 4),
        ({"jsonrpc": "2.0", "id": True, "method": "eth_chainId"}, "id must be", None),
        ({"jsonrpc": "2.0", "id": {"a": 1}, "method": "eth_chainId"}, "id must be", None),
        (1, "expected a request object", None),
    ],
)
def test_an_envelope_not_of_json_rpc_2_is_an_invalid_request(
    server_url: str, request_object: object, says: str, echoed: object
) -> None:
    answer = post(f"{server_url}/rpc/56", request_object).json()
    assert error(answer)["code"] == -32600 and says in error(answer)["message"]
    assert answer["id"] == echoed


def test_each_request_of_a_batch_is_answered_on_its_own(server_url: str) -> None:
    answers = post(f"{server_url}/rpc/56", [1, call("eth_chainId", request_id=2), [], call("eth_nope", request_id=3)])
    first, second, third, fourth = answers.json()
    assert error(first)["code"] == -32600 and first["id"] is None
    assert second == {"jsonrpc": "2.0", "id": 2, "result": "0x38"}
    assert error(third)["code"] == -32600 and third["id"] is None
    assert error(fourth) == {"code": -32601, "message": "the method eth_nope does not exist/is not available"}
    assert fourth["id"] == 3
    by_name = post(f"{server_url}/rpc/56", {"jsonrpc": "2.0", "id": 9, "method": "eth_chainId", "params": {}})
    assert error(by_name.json())["code"] == -32602 and "by position" in error(by_name.json())["message"]


def test_batches_are_capped(server_url: str) -> None:
    url = f"{server_url}/rpc/56"
    full = post(url, [call("eth_chainId", request_id=n) for n in range(jsonrpc.MAX_BATCH)]).json()
    assert [a["id"] for a in full] == list(range(jsonrpc.MAX_BATCH)) and all(a["result"] == "0x38" for a in full)
    over = post(url, [call("eth_chainId", request_id=n) for n in range(jsonrpc.MAX_BATCH + 1)]).json()
    assert isinstance(over, dict) and over["id"] is None
    assert error(over) == {"code": -32600, "message": f"batch too large: at most {jsonrpc.MAX_BATCH} requests"}


def test_an_unknown_chain_echoes_each_id(server_url: str) -> None:
    for chain in ("999", "abc", "5" * 40):
        url = f"{server_url}/rpc/{chain}"
        one = post(url, call("eth_chainId", request_id="mine")).json()
        assert one["id"] == "mine" and error(one)["code"] == -32000 and chain in error(one)["message"]
        batch = post(url, [call("eth_chainId", request_id=7), {"jsonrpc": "2.0", "method": "eth_chainId"}]).json()
        assert [a["id"] for a in batch] == [7]
        assert post(url, {"jsonrpc": "2.0", "method": "eth_chainId"}).status_code == 204
        assert post(url, b"[").json()["id"] is None


def test_the_answer_is_capped_in_size(server_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    url = f"{server_url}/rpc/56"
    block = post(url, call("eth_getBlockByNumber", "0x1", True)).content
    monkeypatch.setattr(jsonrpc, "MAX_ANSWER", 2 * len(block) + 50)
    batch = [call("eth_getBlockByNumber", "0x1", True, request_id=n) for n in range(5)]
    answers = post(url, batch).json()
    assert [a["id"] for a in answers] == list(range(5))
    assert [a["result"]["number"] for a in answers[:2]] == ["0x1", "0x1"]
    for refused in answers[2:]:  # not run: the answer would have grown past the cap
        assert error(refused)["code"] == -32003 and "response too large" in error(refused)["message"]
    monkeypatch.setattr(jsonrpc, "MAX_ANSWER", len(block) - 1)
    alone = post(url, call("eth_getBlockByNumber", "0x1", True, request_id="big")).json()
    assert alone["id"] == "big" and error(alone)["code"] == -32003


def test_a_batch_runs_for_a_bounded_time(server_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(jsonrpc, "BATCH_TIME", -1.0)  # already over: nothing more is run
    answers = post(f"{server_url}/rpc/56", [call("eth_chainId", request_id=n) for n in range(3)]).json()
    assert [a["id"] for a in answers] == [0, 1, 2]
    assert all(error(a)["code"] == -32002 and "timed out" in error(a)["message"] for a in answers)
