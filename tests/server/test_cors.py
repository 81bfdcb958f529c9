"""CORS only for the origins the user names (`--cors`): none by default, exact origins, preflights as browsers
expect them, and everything else answered as if CORS did not exist."""

from __future__ import annotations

import httpx
import pytest
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.routing import Route

from swapdesk.server.cors import BadOrigin, Cors, origin

ALLOWED = "http://localhost:5173"


@pytest.mark.parametrize(
    ("given", "normal"),
    [
        ("http://localhost:5173", "http://localhost:5173"),
        ("HTTP://LocalHost:5173/", "http://localhost:5173"),
        ("https://app.example:443", "https://app.example"),
        ("http://app.example:80", "http://app.example"),
        ("http://[::1]:3000", "http://[::1]:3000"),
    ],
)
def test_origins_are_read_as_browsers_send_them(given: str, normal: str) -> None:
    assert origin(given) == normal


@pytest.mark.parametrize(
    "given", ["*", "null", "localhost:5173", "ftp://x", "http://x/app", "http://x?a=1", "http://u@x", "http://x:99999"]
)
def test_anything_but_an_origin_is_refused(given: str) -> None:
    with pytest.raises(BadOrigin):
        origin(given)


def _client() -> httpx.AsyncClient:
    async def read(request: Request) -> Response:
        return PlainTextResponse("ok", headers={"Vary": "Accept-Encoding"})

    app = Starlette(routes=[Route("/read", read, methods=["GET", "POST"])])
    transport = httpx.ASGITransport(app=Cors(app, [ALLOWED, "https://wallet.example"]))
    return httpx.AsyncClient(transport=transport, base_url="http://swapdesk.test")


async def test_an_allowed_origin_is_echoed_and_its_preflight_answered() -> None:
    client = _client()
    answer = await client.get("/read", headers={"Origin": ALLOWED})
    assert answer.headers["access-control-allow-origin"] == ALLOWED
    assert answer.headers["vary"] == "Accept-Encoding, Origin"
    asked = {"Origin": ALLOWED, "Access-Control-Request-Method": "POST"}
    preflight = await client.options(
        "/read", headers=asked | {"Access-Control-Request-Headers": "content-type, x-api-key"}
    )
    assert preflight.status_code == 204
    assert preflight.headers["access-control-allow-origin"] == ALLOWED
    assert preflight.headers["access-control-allow-methods"] == "GET, POST"
    assert preflight.headers["access-control-allow-headers"] == "content-type, x-api-key"
    assert preflight.headers["access-control-max-age"] == "600"
    assert "access-control-allow-private-network" not in preflight.headers
    assert "access-control-allow-credentials" not in preflight.headers  # no cookies to share
    odd = await client.options("/read", headers=asked | {"Access-Control-Request-Headers": "x\r\ny: 1" * 3})
    assert "access-control-allow-headers" not in odd.headers  # not a header list: not echoed


@pytest.mark.parametrize("other", ["http://localhost:5174", "https://localhost:5173", "null", "http://evil.example"])
async def test_any_other_origin_is_answered_as_without_cors(other: str) -> None:
    client = _client()
    answer = await client.get("/read", headers={"Origin": other})
    assert answer.status_code == 200 and "access-control-allow-origin" not in answer.headers
    preflight = await client.options("/read", headers={"Origin": other, "Access-Control-Request-Method": "POST"})
    assert preflight.status_code == 405 and not [h for h in preflight.headers if h.startswith("access-control-")]


def test_no_origin_is_allowed_by_default(server_url: str) -> None:
    asked = {"Origin": ALLOWED, "Access-Control-Request-Method": "POST"}
    for path in ("/rpc/56", "/tron/wallet/getnowblock", "/ext/v1/tokens"):
        answer = httpx.options(server_url + path, headers=asked)
        assert answer.status_code == 403 and not [h for h in answer.headers if h.startswith("access-control-")]
    refused = httpx.get(server_url + "/ext/v1/tokens", params={"chain": 56}, headers={"Origin": ALLOWED}, timeout=60)
    assert refused.status_code == 403 and "access-control-allow-origin" not in refused.headers  # `server.guard`


async def test_the_api_workers_answer_for_the_origins_named() -> None:
    """`swapdesk serve --workers N --cors ORIGIN`: each worker's app allows the origin (preflights never reach the
    devnet process, which the workers pass /rpc and /tron on to)."""
    from swapdesk.server.workers import Setup

    app = Setup("http://127.0.0.1:9", cors=(ALLOWED,)).app()
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://swapdesk.test") as client:
        for path in ("/rpc/56", "/tron/wallet/getnowblock", "/v2/agg/swap/new"):
            asked = {"Origin": ALLOWED, "Access-Control-Request-Method": "POST"}
            preflight = await client.options(path, headers=asked)
            assert preflight.status_code == 204 and preflight.headers["access-control-allow-origin"] == ALLOWED
        refused = await client.get("/nowhere", headers={"Origin": ALLOWED})
        assert refused.status_code == 404 and refused.headers["access-control-allow-origin"] == ALLOWED
