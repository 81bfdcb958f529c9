"""The OpenAPI document tells the truth: schemathesis fuzzes every path of the served app against it.

Every check schemathesis has runs on every answer (status and content type
documented, body valid against its schema, no 5xx, `Allow` on 405, schema-
invalid input refused, schema-valid input accepted), over its examples,
coverage and fuzzing phases, bounded in examples per path.

Schema-valid input may be answered, besides 2xx:
- 404, when what it names does not exist (a random transaction hash) or the
  engine does not offer the path yet (cross-chain, the TRON variant);
- 422, when every parameter is valid alone but the request cannot be served:
  a random address is no token, the two tokens are one, a TRON address is
  given for an EVM chain (rules between parameters no schema can state).
Never 400: that status means the document's own rules were broken.

The address formats the document names (`evm-address`: EIP-55 when mixed
case; `tron-address`: base58check) are taught to the generator here, with
eth-utils and base58, not with swapdesk's own code.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

import base58
import httpx
import pytest
import schemathesis
from eth_account import Account
from eth_utils import to_checksum_address
from hypothesis import strategies as st

from swapdesk.devnet.accounts import demo_key

NATIVE = "0x0000000000000000000000000000000000000000"
TRADER = 3  # a demo account no other test on the served devnet signs with
DATA_PATHS = (  # the paths with data today: each must answer 200 to the fuzzer
    "/v2/agg/swap/new",
    "/v3/core/details",
    "/ext/v1/tokens",
    "/ext/v1/sources",
    "/ext/v1/token",
    "/ext/v1/balances",
    "/v3/cross/common/list",
    "/v3/cross/swap",
    "/ext/v1/cross/routes",
)

_raw = st.binary(min_size=20, max_size=20)
_evm = st.one_of(
    _raw.map(to_checksum_address),
    _raw.map(lambda b: "0x" + b.hex()),
    _raw.map(lambda b: "0x" + b.hex().upper()),
)
_tron = _raw.map(lambda b: base58.b58encode_check(b"\x41" + b).decode())
schemathesis.openapi.format("evm-address", _evm)
schemathesis.openapi.format("tron-address", _tron)
schemathesis.openapi.format("evm-or-tron-address", st.one_of(_evm, _tron))

CONFIG = {
    "seed": 20240856,
    "generation": {"max-examples": 20, "database": "none"},
    "checks": {"positive_data_acceptance": {"expected-statuses": ["2xx", "404", "422"]}},
    "phases": {"stateful": {"enabled": False}},  # no links between operations: every path is a query
    "request-timeout": 60,
}


def _rpc(url: str, method: str, *params: Any) -> Any:
    answer = httpx.post(url, json={"jsonrpc": "2.0", "id": 1, "method": method, "params": list(params)}).json()
    assert "result" in answer, answer
    return answer["result"]


@pytest.fixture(scope="module")
def swap_hash(server_url: str) -> str:
    """A real swap on the served BSC devnet: quoted over HTTP, signed by a demo account, sent through /rpc/56."""
    tokens = httpx.get(f"{server_url}/ext/v1/tokens", params={"chain": "BSC"}).json()["data"]
    usdt = next(t for t in tokens if t["symbol"] == "USDT")
    trader = Account.from_key(demo_key(TRADER))
    query = {
        "token0": NATIVE, "token1": usdt["address"], "decimal0": "18", "decimal1": str(usdt["decimals"]),
        "impact": "100", "part": "4", "amountIn": str(10**18), "amountOutMin": "0", "to": trader.address,
        "chain": "BSC",
    }  # fmt: skip
    answer = httpx.get(f"{server_url}/v2/agg/swap/new", params=query)
    assert answer.status_code == 200, answer.text
    quote = answer.json()["data"]
    rpc = f"{server_url}/rpc/56"
    block = _rpc(rpc, "eth_getBlockByNumber", "latest", False)
    tx = {
        "to": quote["aggregator"], "data": quote["data"], "value": 10**18, "chainId": 56, "gas": 3_000_000,
        "nonce": int(_rpc(rpc, "eth_getTransactionCount", trader.address, "latest"), 16),
        "maxFeePerGas": int(block["baseFeePerGas"], 16) * 2 + 1, "maxPriorityFeePerGas": 1,
    }  # fmt: skip
    signed = trader.sign_transaction(tx)
    receipt = _rpc(rpc, "eth_sendRawTransactionSync", "0x" + signed.raw_transaction.hex())
    assert receipt["status"] == "0x1"
    return str(receipt["transactionHash"])


@pytest.fixture(scope="module")
def api(server_url: str, swap_hash: str) -> schemathesis.BaseSchema:
    """The served document, with the details example pointing at the swap made above."""
    document = httpx.get(f"{server_url}/openapi.json").json()
    for parameter in document["paths"]["/v3/core/details"]["get"]["parameters"]:
        parameter["example"] = {"hash": swap_hash, "chain": "BSC"}[parameter["name"]]
    schema = schemathesis.openapi.from_dict(document, config=schemathesis.Config.from_dict(CONFIG))
    schema.config.update(base_url=server_url)
    return schema


@pytest.fixture(scope="module")
def answers() -> dict[str, set[int]]:
    """The statuses each path answered during the fuzzing, for the test after it."""
    return defaultdict(set)


schema = schemathesis.pytest.from_fixture("api")


@schema.parametrize()
def test_every_path_keeps_to_the_document(case: schemathesis.Case[Any], answers: dict[str, set[int]]) -> None:
    response = case.call_and_validate()
    answers[case.operation.path].add(response.status_code)


def test_the_fuzzing_reached_every_path_and_success_where_there_is_data(
    server_url: str, answers: dict[str, set[int]]
) -> None:
    """Runs after the fuzzing above (pytest keeps a file's order)."""
    assert answers, "run test_every_path_keeps_to_the_document first (the whole file)"
    assert set(answers) == set(httpx.get(f"{server_url}/openapi.json").json()["paths"])
    for path in DATA_PATHS:
        assert 200 in answers[path], (path, answers[path])
