"""The HTTP surface: envelopes everywhere, OpenAPI, static icons."""

from __future__ import annotations

import httpx

from swapdesk.api import ENDPOINTS


def test_openapi_lists_every_path_with_its_parameters(server_url: str) -> None:
    document = httpx.get(server_url + "/openapi.json").json()
    for endpoint in ENDPOINTS:
        operation = document["paths"][endpoint.path]["get"]
        names = [p["name"] for p in operation.get("parameters", [])]
        assert names == [p.name for p in endpoint.request.PARAMS]
    assert "/rpc/{chain_id}" in document["paths"]


def test_unknown_path_and_wrong_method_answer_in_the_envelope(server_url: str) -> None:
    missing = httpx.get(server_url + "/v9/nothing")
    assert missing.status_code == 404
    assert missing.json() == {"result": -1, "message": "no such path: /v9/nothing", "data": {"code": "UNKNOWN_PATH"}}
    wrong = httpx.post(server_url + "/v3/core/details")
    assert wrong.status_code == 405 and wrong.json()["data"] == {"code": "METHOD_NOT_ALLOWED"}
    assert wrong.headers["allow"] == "GET"


def test_rpc_rejects_garbage_without_crashing(server_url: str) -> None:
    assert httpx.post(server_url + "/rpc/1", content=b"{").json()["error"]["code"] == -32700
    ping = {"jsonrpc": "2.0", "id": 1, "method": "eth_chainId", "params": []}
    assert httpx.post(server_url + "/rpc/12345", json=ping).json()["error"]["code"] == -32000
    assert httpx.post(server_url + "/rpc/1", json={"id": 1}).json()["error"]["code"] == -32600
    bad_params = {"jsonrpc": "2.0", "id": 1, "method": "eth_getBalance", "params": ["0x12"]}
    assert httpx.post(server_url + "/rpc/1", json=bad_params).json()["error"]["code"] == -32602
    batch = [{"jsonrpc": "2.0", "id": i, "method": "eth_chainId", "params": []} for i in range(3)]
    assert [r["result"] for r in httpx.post(server_url + "/rpc/56", json=batch).json()] == ["0x38"] * 3
