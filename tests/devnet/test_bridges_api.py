"""The providers' APIs under bad input: every refusal is the provider's own error shape, names the
parameter and the rule, and is never a 500 (nor a traceback)."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .bridges_world import BridgeNet, bridge_net

BSC, POLYGON = 56, 137
USDT_BSC = "0x" + "11" * 20  # not a coin the desk exchanges


@pytest.fixture(scope="module")
async def net() -> AsyncIterator[BridgeNet]:
    async with bridge_net([BSC, POLYGON]) as running:
        yield running


async def bridgers(net: BridgeNet) -> dict[str, str]:
    usdt = next(t.address for t in (await net.deployment(BSC)).metapath.tokens if t.symbol == "USDT")
    usdc = next(t.address for t in (await net.deployment(POLYGON)).metapath.tokens if t.symbol == "USDC")
    return {"fromTokenChain": "BSC", "toTokenChain": "POLYGON", "fromTokenAddress": usdt, "toTokenAddress": usdc,
            "fromTokenAmount": "1000000000000000000000"}  # fmt: skip


@pytest.mark.parametrize(
    ("change", "named"),
    [
        ({"fromTokenChain": None}, "fromTokenChain: is required"),
        ({"fromTokenChain": "MOON"}, "fromTokenChain: must be one of"),
        ({"toTokenChain": "BSC"}, "toTokenChain: must differ from fromTokenChain"),
        ({"fromTokenAddress": "0x1234"}, "fromTokenAddress: must be an address on BNB Smart Chain"),
        ({"fromTokenAddress": USDT_BSC}, "fromTokenAddress: is not a coin the desk exchanges"),
        ({"fromTokenAmount": "1e18"}, "fromTokenAmount: must be an integer"),
        ({"fromTokenAmount": "-5"}, "fromTokenAmount: must be an integer"),
        ({"fromTokenAmount": "9" * 78}, "fromTokenAmount: must be an integer of at most 77 digits"),
        ({"fromTokenAmount": "0"}, "fromTokenAmount: must be above 0"),
        ({"fromTokenAmount": ["1"]}, "fromTokenAmount: must be an integer"),
        ({"toTokenAddress": "T" * 34}, "toTokenAddress: must be an address on Polygon"),
    ],
)
async def test_metapath_quote_names_what_is_wrong(net: BridgeNet, change: dict[str, Any], named: str) -> None:
    body = {k: v for k, v in ({**await bridgers(net), **change}).items() if v is not None}
    answer = await net.post("metapath", "/api/sswap/quote", body)
    assert answer["resCode"] == 400 and answer["resMsg"].startswith(named) and answer["data"] is None


async def test_metapath_registration_and_details_refuse_bad_input(net: BridgeNet) -> None:
    base = await bridgers(net) | {"fromAddress": "0x" + "22" * 20, "toAddress": "0x" + "33" * 20, "amountOutMin": "0"}
    answer = await net.post("metapath", "/api/exchangeRecord/updateDataAndStatus", base | {"hash": "0xabc"})
    assert answer["resCode"] == 400 and answer["resMsg"].startswith("hash: must be 64 hexadecimal digits")
    answer = await net.post("metapath", "/api/exchangeRecord/updateDataAndStatus", base)
    assert answer["resMsg"] == "hash: is required"
    answer = await net.post("metapath", "/api/exchangeRecord/getTransDataById", {"orderId": "0x" + "00" * 32})
    assert answer["resCode"] == 404 and answer["resMsg"].startswith("orderId: no order")


@pytest.mark.parametrize(
    ("method", "path", "body", "code"),
    [
        ("GET", "/api/sswap/quote", None, 405),
        ("POST", "/api/sswap/nothing", b"{}", 404),
        ("POST", "/api/sswap/quote", b"not json", 400),
        ("POST", "/api/sswap/quote", b"[1, 2]", 400),
        ("POST", "/api/sswap/quote", b"[" * 100_000 + b"]" * 100_000, 400),  # too large, and far too deep
        ("POST", "/api/sswap/quote", b"[" * 5_000 + b"]" * 5_000, 400),  # deep enough to blow a parser's stack
    ],
)
async def test_metapath_answers_its_own_shape_to_anything(
    net: BridgeNet, method: str, path: str, body: bytes | None, code: int
) -> None:
    reply = await net.apis["metapath"].request(method, path, content=body)
    assert reply.status_code == 200 and reply.json()["resCode"] == code and set(reply.json()) == {
        "resCode", "resMsg", "data"
    }  # fmt: skip


@pytest.mark.parametrize(
    ("change", "code", "named"),
    [
        ({"amt": None}, 500, "amt: is required"),
        ({"amt": "12.5"}, 500, "amt: must be an integer"),
        ({"slippage_tolerance": "1000000"}, 500, "slippage_tolerance: must be an integer from 1 to 999999"),
        ({"src_chain_id": "70"}, 500, "src_chain_id: chain 70 is disabled"),
        ({"src_chain_id": "x"}, 500, "src_chain_id: must be an integer"),
        ({"dst_chain_id": "56"}, 500, "dst_chain_id: must differ from src_chain_id"),
        ({"token_symbol": "DOGE"}, 1002, "token_symbol: DOGE is not transferred from"),
        ({"usr_addr": "0xnothex"}, 500, "usr_addr: must be an address on BNB Smart Chain"),
        ({"amt": str(10**30)}, 1004, "amt: Polygon holds"),
    ],
)
async def test_cbridge_estimate_names_what_is_wrong(
    net: BridgeNet, change: dict[str, Any], code: int, named: str
) -> None:
    query = {"src_chain_id": "56", "dst_chain_id": "137", "token_symbol": "USDT", "amt": str(10**21),
             "slippage_tolerance": "3000"} | change  # fmt: skip
    answer = await net.get("cbridge", "/v2/estimateAmt", **{k: v for k, v in query.items() if v is not None})
    assert answer["err"]["code"] == code and answer["err"]["msg"].startswith(named)


@pytest.mark.parametrize(
    ("path", "body", "code", "named"),
    [
        ("/v2/getTransferStatus", {"transfer_id": "zz"}, 500, "transfer_id: must be 64 hexadecimal digits"),
        ("/v1/withdrawLiquidity", {"withdraw_req": "%%%", "sig": "AA=="}, 500, "withdraw_req: must be base64"),
        ("/v1/withdrawLiquidity", {"withdraw_req": "/////w==", "sig": "AA=="}, 500, "withdraw_req: must be a With"),
        ("/v1/withdrawLiquidity", {"withdraw_req": "CgEB", "sig": "AA=="}, 1003, "withdraw_req: the devnet's gateway"),
        ("/v1/withdrawLiquidity", {"withdraw_req": "CgEBGAE=", "sig": "AA=="}, 500, "withdraw_req: xfer_id must"),
    ],
)
async def test_cbridge_status_and_refund_requests_refuse_bad_input(
    net: BridgeNet, path: str, body: dict[str, Any], code: int, named: str
) -> None:
    answer = await net.post("cbridge", path, body)
    assert answer["err"]["code"] == code and answer["err"]["msg"].startswith(named)


async def test_cbridge_unknown_transfer_is_transfer_unknown(net: BridgeNet) -> None:
    answer = await net.post("cbridge", "/v2/getTransferStatus", {"transfer_id": "AB" * 32})
    assert answer["err"] is None and answer["status"] == 0


@pytest.mark.parametrize(
    ("path", "status", "named"),
    [
        ("/v4/tokenlistv4/70", 400, "chainId: must be the id of a chain Multichain serves"),
        ("/v4/tokenlistv4/abc", 400, "chainId: must be the id"),
        ("/v3/tx/0x123", 400, "hash: must be 64 hexadecimal digits"),
        ("/v3/tx/" + "ab" * 32, 404, "tx not found"),
        ("/v3/nothing", 404, "no such path"),
    ],
)
async def test_anyswap_refusals_are_multichains_shape(net: BridgeNet, path: str, status: int, named: str) -> None:
    reply = await net.apis["anyswap"].get(path)
    assert reply.status_code == status and reply.json()["msg"] == "Error" and reply.json()["error"].startswith(named)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=50),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=20), inner, max_size=6),
    max_leaves=20,
)
FIELDS = ["fromTokenChain", "toTokenChain", "fromTokenAddress", "toTokenAddress", "fromTokenAmount", "hash"]
FIELDS += ["fromAddress", "toAddress", "amountOutMin", "orderId", "transfer_id", "withdraw_req", "sig", "chain"]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=st.dictionaries(st.sampled_from(FIELDS), JSON, max_size=8) | JSON)
async def test_no_body_makes_a_provider_fail(net: BridgeNet, body: Any) -> None:
    raw = json.dumps(body).encode()
    for provider, path in [
        ("metapath", "/api/sswap/quote"),
        ("metapath", "/api/exchangeRecord/updateDataAndStatus"),
        ("metapath", "/api/exchangeRecord/getTransDataById"),
        ("metapath", "/api/exchangeRecord/getToken"),
        ("cbridge", "/v2/getTransferStatus"),
        ("cbridge", "/v1/withdrawLiquidity"),
    ]:
        reply = await net.apis[provider].post(path, content=raw)
        assert reply.status_code < 500, (path, body, reply.text)
        shape = reply.json()
        assert ("resCode" in shape) if provider == "metapath" else ("err" in shape), (path, shape)
