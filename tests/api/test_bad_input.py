"""Every bad input gets result -1 naming the parameter, over HTTP and in process."""

from __future__ import annotations

from dataclasses import dataclass

import httpx
import pytest

from swapdesk.address import to_tron
from swapdesk.api import BY_PATH, dispatch
from swapdesk.engine import Engine

DEMO = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"
DEMO_TRON = to_tron(bytes.fromhex(DEMO[2:]))
BSC_USDT = "0x55d398326f99059fF775485246999027B3197955"
ETH_USDT = "0xdAC17F958D2ee523a2206206994597C13D831ec7"
NATIVE = "0x0000000000000000000000000000000000000000"
TRON_USDT = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t"
TRX = "T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb"
HASH = "0x" + "ab" * 32

VALID = {
    "/v2/agg/swap/new": {
        "token0": BSC_USDT,
        "token1": NATIVE,
        "decimal0": "18",
        "decimal1": "18",
        "impact": "50",
        "part": "10",
        "amountIn": "1000000000000000000",
        "amountOutMin": "0",
        "to": DEMO,
        "chain": "BSC",
    },
    "/v3/core/swap": {
        "token0": TRON_USDT,
        "token1": TRX,
        "decimal0": "6",
        "decimal1": "6",
        "impact": "50",
        "part": "10",
        "amountIn": "1000000",
        "amountOutMin": "0",
        "to": DEMO_TRON,
        "issuer": DEMO_TRON,
        "chain": "TRON",
    },
    "/v3/cross/swap": {
        "fromChainID": "56",
        "toChainID": "1",
        "token0": BSC_USDT,
        "token1": ETH_USDT,
        "bridge": "ANYSWAP",
        "amountIn": "1000000000000000000",
        "to": DEMO,
    },
    "/v3/cross/order": {
        "bridge": "METAPATH",
        "fromChainID": "56",
        "toChainID": "1",
        "token0": BSC_USDT,
        "token1": ETH_USDT,
        "to": DEMO,
        "amountIn": "1000",
        "channel": "web",
        "hash": HASH,
        "amountOutMin": "900",
    },
    "/v3/core/details": {"hash": HASH, "chain": "ETH"},
    "/ext/v1/tokens": {"chain": "BSC"},
    "/ext/v1/sources": {"chain": "BSC"},
    "/ext/v1/balances": {"chain": "TRON", "address": DEMO_TRON},
    "/ext/v1/token": {"chain": "BSC", "address": BSC_USDT},
}

DROP = object()


@dataclass(frozen=True)
class Bad:
    path: str
    change: dict[str, object]
    parameter: str
    code: str

    def query(self) -> list[tuple[str, str]]:
        merged = {**VALID[self.path], **self.change}
        return [(k, str(v)) for k, v in merged.items() if v is not DROP]


AGG, TRON, CROSS, ORDER, DETAILS = (
    "/v2/agg/swap/new",
    "/v3/core/swap",
    "/v3/cross/swap",
    "/v3/cross/order",
    "/v3/core/details",
)

TABLE = [
    Bad(AGG, {"token0": DROP}, "token0", "MISSING_PARAMETER"),
    Bad(AGG, {"token0": "0x123"}, "token0", "INVALID_ADDRESS"),
    Bad(AGG, {"token0": BSC_USDT[:-1] + "6"}, "token0", "BAD_CHECKSUM"),
    Bad(AGG, {"token1": BSC_USDT.lower()}, "token1", "SAME_TOKEN"),
    Bad(AGG, {"decimal0": "eighteen"}, "decimal0", "NOT_AN_INTEGER"),
    Bad(AGG, {"decimal1": "256"}, "decimal1", "OUT_OF_RANGE"),
    Bad(AGG, {"impact": "10001"}, "impact", "OUT_OF_RANGE"),
    Bad(AGG, {"impact": "-1"}, "impact", "OUT_OF_RANGE"),
    Bad(AGG, {"impact": "1.5"}, "impact", "NOT_AN_INTEGER"),
    Bad(AGG, {"part": "0"}, "part", "OUT_OF_RANGE"),
    Bad(AGG, {"part": "101"}, "part", "OUT_OF_RANGE"),
    Bad(AGG, {"amountIn": "0"}, "amountIn", "OUT_OF_RANGE"),
    Bad(AGG, {"amountIn": "-5"}, "amountIn", "NOT_AN_AMOUNT"),
    Bad(AGG, {"amountIn": "1e18"}, "amountIn", "NOT_AN_AMOUNT"),
    Bad(AGG, {"amountIn": " 100"}, "amountIn", "NOT_AN_AMOUNT"),
    Bad(AGG, {"amountIn": "+100"}, "amountIn", "NOT_AN_AMOUNT"),
    Bad(AGG, {"amountIn": "１２３"}, "amountIn", "NOT_AN_AMOUNT"),
    Bad(AGG, {"amountIn": "1_000"}, "amountIn", "NOT_AN_AMOUNT"),
    Bad(AGG, {"amountIn": str(2**256)}, "amountIn", "OUT_OF_RANGE"),
    Bad(AGG, {"amountIn": "9" * 500}, "amountIn", "NOT_AN_AMOUNT"),
    Bad(AGG, {"amountOutMin": "abc"}, "amountOutMin", "NOT_AN_AMOUNT"),
    Bad(AGG, {"amountOutMin": DROP}, "amountOutMin", "MISSING_PARAMETER"),
    Bad(AGG, {"to": DEMO_TRON}, "to", "INVALID_ADDRESS"),
    Bad(AGG, {"issuer": "0xZZ"}, "issuer", "INVALID_ADDRESS"),
    Bad(AGG, {"chain": "MARS"}, "chain", "UNKNOWN_CHAIN"),
    Bad(AGG, {"chain": "056"}, "chain", "UNKNOWN_CHAIN"),
    Bad(AGG, {"chain": "TRON"}, "chain", "UNSUPPORTED_CHAIN"),
    Bad(AGG, {"channel": "tv"}, "channel", "UNKNOWN_CHANNEL"),
    Bad(TRON, {"issuer": DROP}, "issuer", "MISSING_PARAMETER"),
    Bad(TRON, {"chain": "BSC"}, "chain", "UNSUPPORTED_CHAIN"),
    Bad(TRON, {"token0": "0xa614f803b6fd780986a42c78ec9c7f77e6ded13c"}, "token0", "INVALID_ADDRESS"),
    Bad(TRON, {"token1": TRX[:-1] + "c"}, "token1", "BAD_CHECKSUM"),
    Bad(CROSS, {"fromChainID": "10"}, "fromChainID", "UNSUPPORTED_CHAIN"),
    Bad(CROSS, {"fromChainID": "BSC"}, "fromChainID", "NOT_AN_INTEGER"),
    Bad(CROSS, {"toChainID": "999"}, "toChainID", "UNKNOWN_CHAIN"),
    Bad(CROSS, {"toChainID": "56"}, "toChainID", "SAME_CHAIN"),
    Bad(CROSS, {"bridge": "HOP"}, "bridge", "UNKNOWN_BRIDGE"),
    Bad(CROSS, {"bridge": DROP}, "bridge", "MISSING_PARAMETER"),
    Bad(CROSS, {"token1": TRON_USDT}, "token1", "INVALID_ADDRESS"),
    Bad(CROSS, {"amountIn": "0x10"}, "amountIn", "NOT_AN_AMOUNT"),
    Bad(CROSS, {"decimal0": "x"}, "decimal0", "NOT_AN_INTEGER"),
    Bad(ORDER, {"hash": "0x1234"}, "hash", "INVALID_HASH"),
    Bad(ORDER, {"amountOutMin": DROP}, "amountOutMin", "MISSING_PARAMETER"),
    Bad(ORDER, {"channel": DROP}, "channel", "MISSING_PARAMETER"),
    Bad(ORDER, {"to": "not-an-address"}, "to", "INVALID_ADDRESS"),
    Bad(DETAILS, {"hash": "hello"}, "hash", "INVALID_HASH"),
    Bad(DETAILS, {"chain": DROP}, "chain", "MISSING_PARAMETER"),
    Bad(DETAILS, {"chain": ""}, "chain", "MISSING_PARAMETER"),
    Bad("/ext/v1/tokens", {"chain": "PLUTO"}, "chain", "UNKNOWN_CHAIN"),
    Bad("/ext/v1/balances", {"address": DEMO}, "address", "INVALID_ADDRESS"),
    Bad("/ext/v1/balances", {"address": DROP}, "address", "MISSING_PARAMETER"),
    Bad("/ext/v1/token", {"address": BSC_USDT.lower()[:-2]}, "address", "INVALID_ADDRESS"),
]


def _check(status: int, envelope: dict[str, object], bad: Bad) -> None:
    assert status == 400
    assert envelope["result"] == -1
    assert envelope["data"] == {"code": bad.code, "parameter": bad.parameter}
    message = envelope["message"]
    assert isinstance(message, str) and message.startswith(f"{bad.parameter}: ")


def _id(bad: Bad) -> str:
    return f"{bad.path}-{bad.parameter}-{bad.code}"


@pytest.mark.parametrize("bad", TABLE, ids=_id)
def test_over_http(server_url: str, bad: Bad) -> None:
    response = httpx.get(server_url + bad.path, params=bad.query())
    _check(response.status_code, response.json(), bad)


@pytest.mark.parametrize("bad", TABLE, ids=_id)
async def test_in_process(engine: Engine, bad: Bad) -> None:
    status, envelope = await dispatch(engine, BY_PATH[bad.path], bad.query())
    _check(status, envelope, bad)


def test_duplicate_parameter(server_url: str) -> None:
    query = [*VALID[AGG].items(), ("impact", "60")]
    response = httpx.get(server_url + AGG, params=query)
    assert response.status_code == 400
    assert response.json()["data"] == {"code": "DUPLICATE_PARAMETER", "parameter": "impact"}


def test_table_covers_every_path_and_parameter() -> None:
    covered = {(b.path, b.parameter) for b in TABLE}
    assert len(TABLE) >= 30
    for path in (AGG, TRON, CROSS, ORDER, DETAILS):
        assert any(p == path for p, _ in covered), path
    for param in VALID[AGG]:
        assert (AGG, param) in covered, param


@pytest.mark.parametrize("path", list(VALID))
def test_valid_queries_pass_validation(server_url: str, path: str) -> None:
    """A valid query passes validation: what follows is the engine's answer.

    (The table's tokens are mainnet addresses, unknown on the devnet; parts not
    built yet are 404.)"""
    response = httpx.get(server_url + path, params=VALID[path])
    body = response.json()
    if response.status_code != 200:
        assert body["data"]["code"] in ("NOT_AVAILABLE", "UNKNOWN_TOKEN", "TRANSACTION_NOT_FOUND")
    else:
        assert response.status_code == 200 and body["result"] == 0 and body["message"] == "success"
