"""HTTP hygiene of the served app: methods, trailing slashes, long URLs, docs offline, a truthful document."""

from __future__ import annotations

import logging
import re
import socket
from typing import Any
from urllib.parse import urlsplit

import httpx
import pytest

from swapdesk.api import ENDPOINTS
from swapdesk.server.limits import MAX_URL
from swapdesk.server.run import MAX_HEAD, config

ERROR_STATUSES = {"400", "403", "404", "405", "414", "415", "421", "422", "500", "503"}
AGG_TYPES = {
    "token0": "string", "token1": "string", "decimal0": "integer", "decimal1": "integer", "impact": "integer",
    "part": "integer", "amountIn": "integer", "amountOutMin": "integer", "to": "string", "issuer": "string",
    "chain": "string", "channel": "string",
}  # fmt: skip
# the spec's tables, path by path: parameter -> (JSON type, required)
SPEC = {
    "/v2/agg/swap/new": {n: (t, n not in ("issuer", "channel")) for n, t in AGG_TYPES.items()},
    "/v3/core/swap": {n: (t, n != "channel") for n, t in AGG_TYPES.items()},
    "/v3/cross/swap": {
        "fromChainID": ("integer", True), "toChainID": ("integer", True), "token0": ("string", True),
        "token1": ("string", False), "bridge": ("string", True), "decimal0": ("integer", False),
        "decimal1": ("integer", False), "amountIn": ("integer", False), "to": ("string", False),
        "channel": ("string", False), "issuer": ("string", False),
    },
    "/v3/cross/order": {
        n: ("string", True)
        for n in ("bridge", "fromChainID", "toChainID", "token0", "token1", "to", "amountIn", "channel", "hash")
    }
    | {"amountOutMin": ("string", True)},
    "/v3/core/details": {"hash": ("string", True), "chain": ("string", True)},
    "/v3/cross/common/list": {},
}  # fmt: skip
RECORDS = {  # the spec's record tables: field -> JSON type
    "CrossQuote": {"price": "number"} | {f: "string" for f in ("token0", "token1", "chainID", "amountIn", "data")},
    "AggQuote": {f: "string" for f in ("part", "amountIn", "totalAmountOut", "impact", "feeRate", "data")},
    "TxDetails": {"fromDecimals": "integer", "toDecimals": "integer", "timestamp": "integer", "status": "string"},
    "TronQuote": {"feeRate": "number", "data": "TronCall"},
    "TronOptions": {"callValue": "string", "feeLimit": "number"},
}


def _raw_get(url: str, target: bytes) -> bytes:
    """Send a GET with any request target (httpx refuses long URLs); what came back before the server closed."""
    parts = urlsplit(url)
    answer = b""
    with socket.create_connection((parts.hostname, parts.port), timeout=60) as conn:
        try:
            conn.sendall(b"GET " + target + b" HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            while chunk := conn.recv(65536):
                answer += chunk
        except ConnectionError:  # refused mid-send: the server closed on what it would not read
            pass
    return answer


@pytest.fixture(scope="module")
def document(server_url: str) -> dict[str, Any]:
    served: dict[str, Any] = httpx.get(server_url + "/openapi.json").json()
    return served


@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE", "PATCH", "OPTIONS"])
def test_a_wrong_method_is_405_with_allow(server_url: str, method: str) -> None:
    response = httpx.request(method, server_url + "/v3/core/details")
    assert response.status_code == 405 and response.headers["allow"] == "GET"
    assert response.json()["data"] == {"code": "METHOD_NOT_ALLOWED"}
    rpc = httpx.get(server_url + "/rpc/56")
    assert rpc.status_code == 405 and rpc.headers["allow"] == "POST"


def test_a_trailing_slash_is_another_path(server_url: str) -> None:
    response = httpx.get(server_url + "/v3/core/details/", params={"hash": "ab" * 32, "chain": "BSC"})
    assert response.status_code == 404
    assert response.json() == {
        "result": -1,
        "message": "no such path: /v3/core/details/; did you mean /v3/core/details?",
        "data": {"code": "UNKNOWN_PATH"},
    }
    assert httpx.get(server_url + "/nowhere/").json()["message"] == "no such path: /nowhere/"


def test_a_long_url_is_414_in_the_envelope(server_url: str) -> None:
    within = "/v3/core/details?hash=" + "a" * (MAX_URL - 40)
    assert httpx.get(server_url + within).json()["data"]["code"] == "INVALID_HASH"
    over = httpx.get(server_url + "/v3/core/details?hash=" + "a" * MAX_URL)
    assert over.status_code == 414
    assert over.json() == {
        "result": -1,
        "message": f"the URL has {MAX_URL + 22} bytes; at most {MAX_URL} are read",
        "data": {"code": "URI_TOO_LONG"},
    }
    megabyte = _raw_get(server_url, b"/v3/core/details?hash=" + b"a" * 1_000_000)  # used to reset the connection
    head, body = megabyte.split(b"\r\n\r\n", 1)
    assert head.startswith(b"HTTP/1.1 414 ") and b'"code":"URI_TOO_LONG"' in body


def test_beyond_the_head_limit_the_server_refuses_and_stays_up(server_url: str) -> None:
    answer = _raw_get(server_url, b"/v3/core/details?hash=" + b"a" * (4 * MAX_HEAD))
    assert answer == b"" or answer.startswith(b"HTTP/1.1 400 ")  # uvicorn's refusal: never buffered in full
    assert httpx.get(server_url + "/ext/v1/tokens", params={"chain": "BSC"}).status_code == 200


def test_access_log_lines_are_bounded(caplog: pytest.LogCaptureFixture) -> None:
    config(app=None)  # as the server is configured; then log the line uvicorn logs for a long URL
    access = logging.getLogger("uvicorn.access")
    access.addHandler(caplog.handler)  # uvicorn's loggers do not propagate to the root caplog listens on
    try:
        access.info('%s - "%s %s HTTP/%s" %d', "127.0.0.1:1", "GET", "/x?" + "a" * 1_000_000, "1.1", 414)
    finally:
        access.removeHandler(caplog.handler)
    (line,) = [r.getMessage() for r in caplog.records]
    assert len(line) < 300 and line.endswith('… (1000003 characters) HTTP/1.1" 414')


def test_docs_need_no_internet(server_url: str) -> None:
    page = httpx.get(server_url + "/docs")
    assert page.status_code == 200
    assets = re.findall(r'(?:src|href)="([^"]+)"', page.text)
    assert assets and all(a.startswith("/") for a in assets), assets  # nothing from a CDN
    for asset in assets:
        assert httpx.get(server_url + asset).status_code == 200, asset
    assert "'/openapi.json'" in page.text or '"/openapi.json"' in page.text


def test_the_document_has_the_spec_types_and_every_rule(document: dict[str, Any]) -> None:
    paths = document["paths"]
    assert isinstance(paths, dict)
    for path, table in SPEC.items():
        parameters = paths[path]["get"].get("parameters", [])
        assert {p["name"]: (p["schema"]["type"], p["required"]) for p in parameters} == table, path
    for endpoint in ENDPOINTS:
        operation = paths[endpoint.path]["get"]
        assert set(operation["responses"]) == {"200"} | ERROR_STATUSES, endpoint.path
        assert operation["tags"] == ["extensions" if endpoint.path.startswith("/ext/v1/") else "spec"]
        for parameter in operation.get("parameters", []):
            assert {"pattern", "enum", "minimum"} & set(parameter["schema"]) and "example" in parameter
    assert {"404", "405", "414", "500"} <= set(paths["/rpc/{chain_id}"]["post"]["responses"])


def test_the_document_has_the_spec_record_types(document: dict[str, Any]) -> None:
    schemas = document["components"]["schemas"]
    for record, fields in RECORDS.items():
        properties = schemas[record]["properties"]
        for field, kind in fields.items():
            found = properties[field].get("type") or properties[field]["$ref"].rsplit("/", 1)[1]
            assert found == kind, (record, field)
    assert "relayerFee" not in schemas["CrossQuote"]["required"]
    assert schemas["CrossQuote"]["properties"]["relayerFee"]["type"] == "string"  # absent, never null
    assert set(schemas["Error422"]["properties"]["data"]["properties"]["code"]["enum"]) >= {"UNKNOWN_TOKEN", "NO_ROUTE"}
    assert "UNKNOWN_TOKEN" not in schemas["Error400"]["properties"]["data"]["properties"]["code"]["enum"]


def test_examples_are_the_served_chains_tokens(server_url: str, document: dict[str, Any]) -> None:
    bsc = httpx.get(server_url + "/ext/v1/tokens", params={"chain": "BSC"}).json()["data"]
    usdt = next(t for t in bsc if t["symbol"] == "USDT")
    parameters = document["paths"]["/v2/agg/swap/new"]["get"]["parameters"]
    examples = {p["name"]: p["example"] for p in parameters}
    assert (examples["token0"], examples["decimal0"]) == (usdt["address"], usdt["decimals"])
    quote = httpx.get(server_url + "/v2/agg/swap/new", params=examples)
    assert quote.status_code == 200 and int(quote.json()["data"]["totalAmountOut"]) > 0
