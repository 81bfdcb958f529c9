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

AGG, TRON, CROSS, ORDER, DETAILS = (
    "/v2/agg/swap/new",
    "/v3/core/swap",
    "/v3/cross/swap",
    "/v3/cross/order",
    "/v3/core/details",
)
LIST, TOKENS, SOURCES, TOKEN, BALANCES, ROUTES, TRANSACTION = (
    "/v3/cross/common/list",
    "/ext/v1/tokens",
    "/ext/v1/sources",
    "/ext/v1/token",
    "/ext/v1/balances",
    "/ext/v1/cross/routes",
    "/ext/v1/transaction",
)
VALID: dict[str, dict[str, str]] = {
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
    "/v3/cross/common/list": {},
    "/ext/v1/tokens": {"chain": "BSC"},
    "/ext/v1/sources": {"chain": "BSC"},
    "/ext/v1/balances": {"chain": "TRON", "address": DEMO_TRON},
    "/ext/v1/token": {"chain": "BSC", "address": BSC_USDT},
    "/ext/v1/transaction": {"hash": HASH, "chain": "BSC"},
    "/ext/v1/cross/routes": {
        "fromChainID": "56",
        "toChainID": "95500",
        "token0": BSC_USDT,
        "amountIn": "1000000000000000000",
        "to": DEMO_TRON,
        "issuer": DEMO,
        "include": "ANYSWAP,metapath",
    },
}

DROP = object()


@dataclass(frozen=True)
class Bad:
    path: str
    change: dict[str, object]
    parameter: str
    code: str
    status: int = 400  # 422: each parameter is valid alone (see swapdesk.api.errors)

    def query(self) -> tuple[tuple[str, str], ...]:
        merged = {**VALID[self.path], **self.change}
        return tuple((k, str(v)) for k, v in merged.items() if v is not DROP)


HUGE = "1" + "0" * 5000  # under the 8 KiB URL limit, above Python's int() digit limit

TABLE = [
    # the aggregation quote: every parameter, every class of looseness
    Bad(AGG, {"token0": DROP}, "token0", "MISSING_PARAMETER"),
    Bad(AGG, {"token0": ""}, "token0", "MISSING_PARAMETER"),
    Bad(AGG, {"token0": "0x123"}, "token0", "INVALID_ADDRESS"),
    Bad(AGG, {"token0": " " + BSC_USDT}, "token0", "INVALID_ADDRESS"),
    Bad(AGG, {"token0": BSC_USDT + "\n"}, "token0", "INVALID_ADDRESS"),
    Bad(AGG, {"token0": "0X" + BSC_USDT[2:]}, "token0", "INVALID_ADDRESS"),
    Bad(AGG, {"token0": BSC_USDT[:-1] + "6"}, "token0", "BAD_CHECKSUM"),
    Bad(AGG, {"token1": BSC_USDT.lower()}, "token1", "SAME_TOKEN", 422),
    Bad(AGG, {"token1": TRX}, "token1", "INVALID_ADDRESS"),
    Bad(AGG, {"decimal0": "eighteen"}, "decimal0", "NOT_AN_INTEGER"),
    Bad(AGG, {"decimal0": "１８"}, "decimal0", "NOT_AN_INTEGER"),
    Bad(AGG, {"decimal1": "256"}, "decimal1", "OUT_OF_RANGE"),
    Bad(AGG, {"decimal1": "1e1"}, "decimal1", "NOT_AN_INTEGER"),
    Bad(AGG, {"impact": "10001"}, "impact", "OUT_OF_RANGE"),
    Bad(AGG, {"impact": "-1"}, "impact", "NOT_AN_INTEGER"),
    Bad(AGG, {"impact": "-0"}, "impact", "NOT_AN_INTEGER"),
    Bad(AGG, {"impact": "+5"}, "impact", "NOT_AN_INTEGER"),
    Bad(AGG, {"impact": "1.5"}, "impact", "NOT_AN_INTEGER"),
    Bad(AGG, {"impact": "0x10"}, "impact", "NOT_AN_INTEGER"),
    Bad(AGG, {"impact": "9" * 500}, "impact", "OUT_OF_RANGE"),
    Bad(AGG, {"impact": ""}, "impact", "MISSING_PARAMETER"),
    Bad(AGG, {"part": "0"}, "part", "OUT_OF_RANGE"),
    Bad(AGG, {"part": "101"}, "part", "OUT_OF_RANGE"),
    Bad(AGG, {"part": "٣"}, "part", "NOT_AN_INTEGER"),  # an Arabic-Indic digit
    Bad(AGG, {"amountIn": "0"}, "amountIn", "OUT_OF_RANGE"),
    Bad(AGG, {"amountIn": "-5"}, "amountIn", "NOT_AN_AMOUNT"),
    Bad(AGG, {"amountIn": "1e18"}, "amountIn", "NOT_AN_AMOUNT"),
    Bad(AGG, {"amountIn": " 100"}, "amountIn", "NOT_AN_AMOUNT"),
    Bad(AGG, {"amountIn": "100\t"}, "amountIn", "NOT_AN_AMOUNT"),
    Bad(AGG, {"amountIn": "+100"}, "amountIn", "NOT_AN_AMOUNT"),
    Bad(AGG, {"amountIn": "１２３"}, "amountIn", "NOT_AN_AMOUNT"),
    Bad(AGG, {"amountIn": "1_000"}, "amountIn", "NOT_AN_AMOUNT"),
    Bad(AGG, {"amountIn": "1,000"}, "amountIn", "NOT_AN_AMOUNT"),
    Bad(AGG, {"amountIn": "1" + "0" * 77}, "amountIn", "OUT_OF_RANGE"),
    Bad(AGG, {"amountIn": str(2**256)}, "amountIn", "OUT_OF_RANGE"),
    Bad(AGG, {"amountIn": HUGE}, "amountIn", "OUT_OF_RANGE"),
    Bad(AGG, {"amountOutMin": "abc"}, "amountOutMin", "NOT_AN_AMOUNT"),
    Bad(AGG, {"amountOutMin": DROP}, "amountOutMin", "MISSING_PARAMETER"),
    Bad(AGG, {"amountOutMin": "-0"}, "amountOutMin", "NOT_AN_AMOUNT"),
    Bad(AGG, {"to": DEMO_TRON}, "to", "INVALID_ADDRESS"),
    Bad(AGG, {"to": DEMO.lower()[:-1] + "\x00"}, "to", "INVALID_ADDRESS"),
    Bad(AGG, {"issuer": "0xZZ"}, "issuer", "INVALID_ADDRESS"),
    Bad(AGG, {"issuer": ""}, "issuer", "INVALID_ADDRESS"),  # an empty optional value is no default
    Bad(AGG, {"chain": "MARS"}, "chain", "UNKNOWN_CHAIN"),
    Bad(AGG, {"chain": "056"}, "chain", "UNKNOWN_CHAIN"),
    Bad(AGG, {"chain": "bſc"}, "chain", "UNKNOWN_CHAIN"),  # "ſ".upper() is "S": no Unicode case folding
    Bad(AGG, {"chain": "BSC "}, "chain", "UNKNOWN_CHAIN"),
    Bad(AGG, {"chain": "TRON"}, "chain", "UNSUPPORTED_CHAIN"),
    Bad(AGG, {"chain": "95500"}, "chain", "UNSUPPORTED_CHAIN"),
    Bad(AGG, {"channel": "tv"}, "channel", "UNKNOWN_CHANNEL"),
    Bad(AGG, {"channel": ""}, "channel", "UNKNOWN_CHANNEL"),
    Bad(AGG, {"channel": "ＷＥＢ"}, "channel", "UNKNOWN_CHANNEL"),
    Bad(AGG, {"isuer": DEMO}, "isuer", "UNKNOWN_PARAMETER"),
    Bad(AGG, {"Impact": "50"}, "Impact", "UNKNOWN_PARAMETER"),
    # the TRON variant
    Bad(TRON, {"token0": DROP}, "token0", "MISSING_PARAMETER"),
    Bad(TRON, {"token0": "0xa614f803b6fd780986a42c78ec9c7f77e6ded13c"}, "token0", "INVALID_ADDRESS"),
    Bad(TRON, {"token1": TRX[:-1] + "c"}, "token1", "BAD_CHECKSUM"),
    Bad(TRON, {"token1": "1" + TRX}, "token1", "INVALID_ADDRESS"),  # a leading zero digit: same bytes, not the form
    Bad(TRON, {"token1": TRON_USDT}, "token1", "SAME_TOKEN", 422),
    Bad(TRON, {"decimal0": "-6"}, "decimal0", "NOT_AN_INTEGER"),
    Bad(TRON, {"decimal1": "300"}, "decimal1", "OUT_OF_RANGE"),
    Bad(TRON, {"impact": "10001"}, "impact", "OUT_OF_RANGE"),
    Bad(TRON, {"part": "+1"}, "part", "NOT_AN_INTEGER"),
    Bad(TRON, {"amountIn": "1.5"}, "amountIn", "NOT_AN_AMOUNT"),
    Bad(TRON, {"amountOutMin": DROP}, "amountOutMin", "MISSING_PARAMETER"),
    Bad(TRON, {"to": DEMO}, "to", "INVALID_ADDRESS"),
    Bad(TRON, {"issuer": DROP}, "issuer", "MISSING_PARAMETER"),
    Bad(TRON, {"chain": "BSC"}, "chain", "UNSUPPORTED_CHAIN"),
    Bad(TRON, {"channel": "pager"}, "channel", "UNKNOWN_CHANNEL"),
    Bad(TRON, {"amount": "1"}, "amount", "UNKNOWN_PARAMETER"),
    # the cross-chain quote
    Bad(CROSS, {"fromChainID": "10"}, "fromChainID", "UNSUPPORTED_CHAIN"),
    Bad(CROSS, {"fromChainID": "BSC"}, "fromChainID", "NOT_AN_INTEGER"),
    Bad(CROSS, {"fromChainID": "-56"}, "fromChainID", "NOT_AN_INTEGER"),
    Bad(CROSS, {"toChainID": "999"}, "toChainID", "UNKNOWN_CHAIN"),
    Bad(CROSS, {"toChainID": "9" * 400}, "toChainID", "UNKNOWN_CHAIN"),
    Bad(CROSS, {"toChainID": "56"}, "toChainID", "SAME_CHAIN", 422),
    Bad(CROSS, {"token0": "0x"}, "token0", "INVALID_ADDRESS"),
    Bad(CROSS, {"token0": TRON_USDT}, "token0", "ADDRESS_CHAIN_MISMATCH", 422),
    Bad(CROSS, {"token1": TRON_USDT}, "token1", "ADDRESS_CHAIN_MISMATCH", 422),
    Bad(CROSS, {"token1": ""}, "token1", "INVALID_ADDRESS"),
    Bad(CROSS, {"bridge": "HOP"}, "bridge", "UNKNOWN_BRIDGE"),
    Bad(CROSS, {"bridge": "anyſwap"}, "bridge", "UNKNOWN_BRIDGE"),
    Bad(CROSS, {"bridge": DROP}, "bridge", "MISSING_PARAMETER"),
    Bad(CROSS, {"decimal0": "x"}, "decimal0", "NOT_AN_INTEGER"),
    Bad(CROSS, {"decimal1": "999"}, "decimal1", "OUT_OF_RANGE"),
    Bad(CROSS, {"amountIn": "0x10"}, "amountIn", "NOT_AN_AMOUNT"),
    Bad(CROSS, {"to": "T" + "1" * 33}, "to", "BAD_CHECKSUM"),  # the form of base58, not base58check
    Bad(CROSS, {"channel": "Web "}, "channel", "UNKNOWN_CHANNEL"),
    Bad(CROSS, {"issuer": DEMO_TRON}, "issuer", "ADDRESS_CHAIN_MISMATCH", 422),
    Bad(CROSS, {"isuer": DEMO}, "isuer", "UNKNOWN_PARAMETER"),
    Bad(CROSS, {"amountIn": "0"}, "amountIn", "OUT_OF_RANGE"),
    Bad(CROSS, {"amountIn": "-1"}, "amountIn", "NOT_AN_AMOUNT"),
    Bad(CROSS, {"to": DEMO_TRON}, "to", "ADDRESS_CHAIN_MISMATCH", 422),
    Bad(CROSS, {"toChainID": "95500", "token1": DROP, "to": DEMO}, "to", "ADDRESS_CHAIN_MISMATCH", 422),
    Bad(CROSS, {"fromChainID": "95500"}, "token0", "ADDRESS_CHAIN_MISMATCH", 422),
    Bad(CROSS, {"bridge": "METAPATH,CBRIDGE"}, "bridge", "UNKNOWN_BRIDGE"),
    # the order callback: every parameter is a required string
    Bad(ORDER, {"bridge": DROP}, "bridge", "MISSING_PARAMETER"),
    Bad(ORDER, {"fromChainID": "056"}, "fromChainID", "UNKNOWN_CHAIN"),  # a string enum: "056" is not "56"
    Bad(ORDER, {"toChainID": "ETH"}, "toChainID", "NOT_AN_INTEGER"),
    Bad(ORDER, {"toChainID": "56"}, "toChainID", "SAME_CHAIN", 422),
    Bad(ORDER, {"token0": DROP}, "token0", "MISSING_PARAMETER"),
    Bad(ORDER, {"token1": TRON_USDT}, "token1", "ADDRESS_CHAIN_MISMATCH", 422),
    Bad(ORDER, {"to": "not-an-address"}, "to", "INVALID_ADDRESS"),
    Bad(ORDER, {"amountIn": "0"}, "amountIn", "OUT_OF_RANGE"),
    Bad(ORDER, {"amountIn": "1e3"}, "amountIn", "NOT_AN_AMOUNT"),
    Bad(ORDER, {"channel": DROP}, "channel", "MISSING_PARAMETER"),
    Bad(ORDER, {"hash": "0x1234"}, "hash", "INVALID_HASH"),
    Bad(ORDER, {"hash": "0X" + HASH[2:]}, "hash", "INVALID_HASH"),
    Bad(ORDER, {"amountOutMin": DROP}, "amountOutMin", "MISSING_PARAMETER"),
    Bad(ORDER, {"amountOutMin": "9" * 78}, "amountOutMin", "OUT_OF_RANGE"),
    Bad(ORDER, {"orderId": "1"}, "orderId", "UNKNOWN_PARAMETER"),
    Bad(ORDER, {"bridge": "SWFT"}, "bridge", "UNKNOWN_BRIDGE"),
    Bad(ORDER, {"fromChainID": "10"}, "fromChainID", "UNSUPPORTED_CHAIN"),
    Bad(ORDER, {"to": DEMO_TRON}, "to", "ADDRESS_CHAIN_MISMATCH", 422),
    Bad(ORDER, {"token0": ETH_USDT[:-1] + "8"}, "token0", "BAD_CHECKSUM"),
    Bad(ORDER, {"channel": "WEB!"}, "channel", "UNKNOWN_CHANNEL"),
    Bad(ORDER, {"hash": ""}, "hash", "MISSING_PARAMETER"),
    # the routes extension
    Bad(ROUTES, {"fromChainID": "BSC"}, "fromChainID", "NOT_AN_INTEGER"),
    Bad(ROUTES, {"toChainID": "10"}, "toChainID", "UNSUPPORTED_CHAIN"),
    Bad(ROUTES, {"toChainID": "56"}, "toChainID", "SAME_CHAIN", 422),
    Bad(ROUTES, {"token0": TRON_USDT}, "token0", "ADDRESS_CHAIN_MISMATCH", 422),
    Bad(ROUTES, {"token1": BSC_USDT}, "token1", "ADDRESS_CHAIN_MISMATCH", 422),
    Bad(ROUTES, {"amountIn": DROP}, "amountIn", "MISSING_PARAMETER"),
    Bad(ROUTES, {"amountIn": "1e18"}, "amountIn", "NOT_AN_AMOUNT"),
    Bad(ROUTES, {"to": DEMO}, "to", "ADDRESS_CHAIN_MISMATCH", 422),
    Bad(ROUTES, {"issuer": "0x" + "g" * 40}, "issuer", "INVALID_ADDRESS"),
    Bad(ROUTES, {"include": "HOP"}, "include", "UNKNOWN_BRIDGE"),
    Bad(ROUTES, {"include": "ANYSWAP,"}, "include", "UNKNOWN_BRIDGE"),
    Bad(ROUTES, {"exclude": ""}, "exclude", "UNKNOWN_BRIDGE"),
    Bad(ROUTES, {"exclude": "cbridge metapath"}, "exclude", "UNKNOWN_BRIDGE"),
    Bad(ROUTES, {"channel": "tv"}, "channel", "UNKNOWN_CHANNEL"),
    Bad(ROUTES, {"bridge": "ANYSWAP"}, "bridge", "UNKNOWN_PARAMETER"),
    Bad(TRANSACTION, {"hash": "0x" + "ab" * 31}, "hash", "INVALID_HASH"),
    Bad(TRANSACTION, {"chain": DROP}, "chain", "MISSING_PARAMETER"),
    Bad(TRANSACTION, {"chain": "NEPTUNE"}, "chain", "UNKNOWN_CHAIN"),
    Bad(TRANSACTION, {"tx": HASH}, "tx", "UNKNOWN_PARAMETER"),
    # details
    Bad(DETAILS, {"hash": "hello"}, "hash", "INVALID_HASH"),
    Bad(DETAILS, {"hash": HASH + "00"}, "hash", "INVALID_HASH"),
    Bad(DETAILS, {"chain": DROP}, "chain", "MISSING_PARAMETER"),
    Bad(DETAILS, {"chain": ""}, "chain", "MISSING_PARAMETER"),
    Bad(DETAILS, {"chain": "ETH\u202e"}, "chain", "UNKNOWN_CHAIN"),
    Bad(DETAILS, {"hsh": HASH}, "hsh", "UNKNOWN_PARAMETER"),
    # the extensions
    Bad(LIST, {"chain": "BSC"}, "chain", "UNKNOWN_PARAMETER"),
    Bad(TOKENS, {"chain": "PLUTO"}, "chain", "UNKNOWN_CHAIN"),
    Bad(TOKENS, {"chain": DROP}, "chain", "MISSING_PARAMETER"),
    Bad(TOKENS, {"symbol": "USDT"}, "symbol", "UNKNOWN_PARAMETER"),
    Bad(SOURCES, {"chain": "1.0"}, "chain", "UNKNOWN_CHAIN"),
    Bad(SOURCES, {"chains": "BSC"}, "chains", "UNKNOWN_PARAMETER"),
    Bad(BALANCES, {"address": DEMO}, "address", "ADDRESS_CHAIN_MISMATCH", 422),
    Bad(BALANCES, {"address": DROP}, "address", "MISSING_PARAMETER"),
    Bad(BALANCES, {"chain": "tron tron"}, "chain", "UNKNOWN_CHAIN"),
    Bad(BALANCES, {"token": TRON_USDT}, "token", "UNKNOWN_PARAMETER"),
    Bad(TOKEN, {"chain": "BSC!"}, "chain", "UNKNOWN_CHAIN"),
    Bad(TOKEN, {"adress": BSC_USDT}, "adress", "UNKNOWN_PARAMETER"),
    Bad(TOKEN, {"address": BSC_USDT.lower()[:-2]}, "address", "INVALID_ADDRESS"),
    Bad(TOKEN, {"address": BSC_USDT[:-1] + "6"}, "address", "BAD_CHECKSUM"),
    Bad(TOKEN, {"chain": "BSC", "address": TRON_USDT}, "address", "ADDRESS_CHAIN_MISMATCH", 422),
]


def _check(status: int, envelope: dict[str, object], bad: Bad) -> None:
    assert status == bad.status
    assert envelope["result"] == -1
    assert envelope["data"] == {"code": bad.code, "parameter": bad.parameter}
    message = envelope["message"]
    assert isinstance(message, str) and message.startswith(f"{bad.parameter}: ")
    assert len(message) <= 400 and message.isprintable(), message  # bad input quoted briefly, escaped


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
    query = (*VALID[AGG].items(), ("impact", "60"))
    response = httpx.get(server_url + AGG, params=query)
    assert response.status_code == 400
    assert response.json()["data"] == {"code": "DUPLICATE_PARAMETER", "parameter": "impact"}


def test_table_covers_every_path_and_parameter() -> None:
    covered = {(b.path, b.parameter) for b in TABLE}
    for path, endpoint in BY_PATH.items():
        assert path in VALID, path
        for param in endpoint.request.PARAMS:
            assert (path, param.name) in covered, (path, param.name)
        assert (path, "UNKNOWN_PARAMETER") in {(b.path, b.code) for b in TABLE}, path


def test_unknown_parameters_are_named_with_a_hint(server_url: str) -> None:
    body = httpx.get(server_url + AGG, params={**VALID[AGG], "isuer": DEMO}).json()
    assert body["message"] == "isuer: unknown parameter; did you mean issuer?"
    body = httpx.get(server_url + DETAILS, params={**VALID[DETAILS], "x": "1"}).json()
    assert body["message"] == "x: unknown parameter; this path takes hash, chain"


def test_odd_names_are_quoted_briefly(server_url: str) -> None:
    name = "\x00\u202e" * 300  # control and bidi characters, 600 of them (3.6 KB once percent-encoded)
    response = httpx.get(server_url + DETAILS, params={**VALID[DETAILS], name: "1"})
    body = response.json()
    assert response.status_code == 400 and body["data"]["code"] == "UNKNOWN_PARAMETER"
    assert body["data"]["parameter"].startswith("'\\x00\\u202e") and len(body["data"]["parameter"]) <= 44
    assert body["message"].isprintable() and len(body["message"]) <= 400


@pytest.mark.parametrize("path", list(VALID))
def test_valid_queries_pass_validation(server_url: str, path: str) -> None:
    """A valid query passes validation: what follows is the engine's answer.

    (The table's tokens are mainnet addresses, unknown on the devnet and to its
    bridges; parts a server does not offer are 404.)"""
    response = httpx.get(server_url + path, params=VALID[path])
    body = response.json()
    if response.status_code != 200:
        assert body["data"]["code"] in ("NOT_AVAILABLE", "UNKNOWN_TOKEN", "TRANSACTION_NOT_FOUND", "NO_ROUTE")
    else:
        assert response.status_code == 200 and body["result"] == 0 and body["message"] == "success"
