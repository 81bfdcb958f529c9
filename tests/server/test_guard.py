"""Requests a web page could make the browser send are refused: a foreign Host (DNS rebinding), a foreign Origin
(cross-site requests), and bodies that are not JSON; the clients that are not pages are served as before."""

from __future__ import annotations

from urllib.parse import urlsplit

import httpx
import pytest
from starlette.types import Receive, Scope, Send
from web3 import Web3

from swapdesk.server.guard import RequestGuard

CHAIN_ID = b'{"jsonrpc":"2.0","id":7,"method":"eth_chainId","params":[]}'
# one POST of each kind a page would aim at: a chain's JSON-RPC, a bridge provider's API (the order registration
# kind of call), the TRON node; and the API's own order registration, a GET
POSTS = ("/rpc/56", "/providers/metapath/api/sswap/swap", "/tron/wallet/getnowblock")
ORDER = "/v3/cross/order?bridge=METAPATH&hash=0x" + "ab" * 32
EVIL = "https://evil.example"


def _port(url: str) -> int:
    port = urlsplit(url).port
    assert port is not None
    return port


@pytest.mark.parametrize("path", POSTS)
def test_a_cross_site_post_is_refused_before_its_body_is_read(server_url: str, path: str) -> None:
    headers = {"Origin": EVIL, "Content-Type": "text/plain;charset=UTF-8"}  # no preflight asks first
    answer = httpx.post(server_url + path, content=CHAIN_ID, headers=headers)
    assert answer.status_code == 403
    message = answer.json()["error"]["message"] if path.startswith("/rpc") else answer.json()["message"]
    assert "'https://evil.example' are refused" in message
    if not path.startswith("/rpc"):
        assert answer.json()["result"] == -1 and answer.json()["data"] == {"code": "CROSS_ORIGIN"}
    blob = httpx.post(server_url + path, content=CHAIN_ID, headers={"Origin": "null"})  # a sandboxed frame
    assert blob.status_code == 403


@pytest.mark.parametrize("path", POSTS)
def test_a_text_or_form_body_is_never_parsed(server_url: str, path: str) -> None:
    for media in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"):
        answer = httpx.post(server_url + path, content=CHAIN_ID, headers={"Content-Type": media})
        assert answer.status_code == 415, (path, media)
        if path.startswith("/rpc"):
            said = f"a {media.split(';')[0]!r} body is refused; send application/json"
            assert answer.json() == {"jsonrpc": "2.0", "id": None, "error": {"code": -32600, "message": said}}
        else:
            assert answer.json()["data"] == {"code": "UNSUPPORTED_MEDIA_TYPE"}
    empty = httpx.post(server_url + path, headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert empty.status_code not in (403, 415, 421)  # nothing to parse: TronWeb's POSTs without parameters


def test_the_apis_get_with_side_effects_is_refused_to_other_sites(server_url: str) -> None:
    for headers in ({"Origin": EVIL}, {"Sec-Fetch-Site": "cross-site"}, {"Sec-Fetch-Site": "same-site"}):
        answer = httpx.get(server_url + ORDER, headers=headers)
        assert answer.status_code == 403 and answer.json()["data"] == {"code": "CROSS_ORIGIN"}, headers
    for headers in ({"Sec-Fetch-Site": "none"}, {"Sec-Fetch-Site": "same-origin"}, {"Origin": server_url}):
        assert httpx.get(server_url + "/v3/cross/common/list", headers=headers).status_code == 200, headers


@pytest.mark.parametrize("host", ["evil.example", "evil.example:{port}", "rebind.127.0.0.1.nip.io:{port}", "[::2]"])
def test_a_foreign_host_is_refused_everywhere(server_url: str, host: str) -> None:
    headers = {"Host": host.format(port=_port(server_url))}
    for path in (*POSTS, ORDER, "/v3/cross/common/list", "/docs"):
        if path in POSTS:
            json_body = headers | {"Content-Type": "application/json"}
            answer = httpx.post(server_url + path, content=CHAIN_ID, headers=json_body)
        else:
            answer = httpx.get(server_url + path, headers=headers)
        assert answer.status_code == 421, (host, path)
        body = answer.json()
        if path.startswith("/rpc"):
            assert body["error"]["code"] == -32000 and "is not a name of this server" in body["error"]["message"]
        else:
            assert body["result"] == -1 and body["data"] == {"code": "MISDIRECTED_REQUEST"}


OWN_NAMES = ["localhost:{port}", "127.0.0.1:{port}", "LOCALHOST", "app.localhost:{port}", "127.0.0.1", "[::1]:{port}"]


@pytest.mark.parametrize("host", OWN_NAMES)
def test_the_servers_own_names_are_served(server_url: str, host: str) -> None:
    headers = {"Host": host.format(port=_port(server_url)), "Content-Type": "application/json"}
    assert httpx.post(server_url + "/rpc/56", content=CHAIN_ID, headers=headers).json()["result"] == "0x38"
    assert httpx.get(server_url + "/v3/cross/common/list", headers=headers).status_code == 200


def test_clients_that_are_not_pages_are_served_as_before(server_url: str) -> None:
    assert Web3(Web3.HTTPProvider(server_url + "/rpc/56")).eth.chain_id == 56
    assert httpx.post(server_url + "/rpc/56", content=CHAIN_ID).json()["result"] == "0x38"  # no Content-Type: a script
    same_origin = {"Origin": server_url, "Content-Type": "application/json; charset=utf-8"}  # the /docs page's own
    assert httpx.post(server_url + "/rpc/56", content=CHAIN_ID, headers=same_origin).json()["result"] == "0x38"
    signed = {"Content-Type": "application/json-rpc"}
    assert httpx.post(server_url + "/rpc/56", content=CHAIN_ID, headers=signed).json()["result"] == "0x38"


async def test_an_origin_the_user_allowed_is_served() -> None:
    async def app(scope: Scope, receive: Receive, send: Send) -> None:
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"ok"})

    guard = RequestGuard(app, origins=["http://localhost:5173"])
    transport = httpx.ASGITransport(app=guard)
    async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1:8545") as client:
        allowed = await client.post("/rpc/56", content=CHAIN_ID, headers={"Origin": "http://localhost:5173"})
        assert allowed.status_code == 200 and allowed.text == "ok"
        other = await client.post("/rpc/56", content=CHAIN_ID, headers={"Origin": "http://localhost:5174"})
        assert other.status_code == 403
