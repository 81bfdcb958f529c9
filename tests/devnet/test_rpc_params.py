"""Every method checks its parameters: counts and forms refused with -32602 naming the parameter, and no
value, however hostile, reaches Python's own errors."""

from __future__ import annotations

from typing import Any

import pytest
from eth_account import Account

from swapdesk.devnet.accounts import ACCOUNT_0
from swapdesk.devnet.rpc import METHODS
from swapdesk.devnet.rpc_params import REQUIRED

from .rpc_client import call, error, post

pytestmark = pytest.mark.slow

HASH = "0x" + "11" * 32
CALL = {"from": ACCOUNT_0, "to": ACCOUNT_0, "data": "0x", "gas": "0x5208"}
# signed for the chain, from an account that holds nothing: well formed, and never mined
UNFUNDED = Account.create().sign_transaction(
    {"to": ACCOUNT_0, "value": 1, "gas": 21000, "maxFeePerGas": 10**10, "maxPriorityFeePerGas": 1, "nonce": 0}
    | {"chainId": 56}
)
# valid parameters of each method, which the tests spoil one position at a time
SAMPLES: dict[str, list[Any]] = {
    "eth_chainId": [],
    "net_version": [],
    "web3_clientVersion": [],
    "eth_blockNumber": [],
    "eth_gasPrice": [],
    "eth_maxPriorityFeePerGas": [],
    "eth_feeHistory": ["0x4", "latest", [25, 75]],
    "eth_getBalance": [ACCOUNT_0, "latest"],
    "eth_getTransactionCount": [ACCOUNT_0, "latest"],
    "eth_getCode": [ACCOUNT_0, "latest"],
    "eth_getStorageAt": [ACCOUNT_0, "0x0", "latest"],
    "eth_call": [CALL, "latest", {}],
    "eth_estimateGas": [CALL, "latest", {}],
    "eth_sendRawTransaction": [UNFUNDED.raw_transaction.to_0x_hex()],
    "eth_sendRawTransactionSync": [UNFUNDED.raw_transaction.to_0x_hex(), "0x3e8"],
    "eth_getTransactionByHash": [HASH],
    "eth_getTransactionReceipt": [HASH],
    "eth_getBlockByNumber": ["0x1", False],
    "eth_getBlockByHash": [HASH, True],
    "eth_getLogs": [{"fromBlock": "0x1", "toBlock": "0x2", "address": ACCOUNT_0, "topics": [None, [HASH]]}],
    "eth_accounts": [],
    "eth_syncing": [],
    "eth_getBlockReceipts": ["0x1"],
    "eth_createAccessList": [CALL, "latest"],
    "eth_getProof": [ACCOUNT_0, ["0x0", HASH], "latest"],
    "debug_traceTransaction": [HASH, {"tracer": "callTracer", "tracerConfig": {"withLog": True}}],
    "debug_traceCall": [CALL, "latest", {"tracer": "callTracer", "tracerConfig": {"onlyTopCall": False}}],
    "eth_newFilter": [{"fromBlock": "0x1", "address": ACCOUNT_0, "topics": [HASH]}],
    "eth_newBlockFilter": [],
    "eth_newPendingTransactionFilter": [False],
    "eth_getFilterChanges": ["0x1"],
    "eth_getFilterLogs": ["0x1"],
    "eth_uninstallFilter": ["0x1"],
    "txpool_status": [],
    "txpool_content": [],
}
WRONG = "zz"  # of the wrong form for every parameter of every method
HOSTILE: list[Any] = [
    *(None, True, False, 0, -1, 1.5, 10**30, 2**64, "", "0x", "0x0", "0xzz", "0x 12", "0x1_0", "0x١", "latest"),
    *("0x" + "f" * 65, "0x" + "0" * 70 + "1", "0x" + "ab" * 20, HASH, "zz" * 1000, [], [1], [None], [[HASH] * 5]),
    *({}, {"a": 1}, {"blockHash": HASH}, {"blockHash": HASH, "blockNumber": "0x1"}, {"blockNumber": "0xffff"}),
    *({"to": 5}, {"gas": "0x0"}, {"gas": "0x1"}, {"value": "0x" + "f" * 64}, {"data": "0x00", "input": "0x01"}),
    {"fromBlock": "0x5", "toBlock": "0x1"},
    {"topics": [None, None, None, None, None]},
    {"address": [ACCOUNT_0] * 2000},
    {"accessList": [{"address": 1}]},
    {"accessList": [{"storageKeys": [HASH]}]},
    {"tracer": "callTracer", "tracerConfig": {"withLog": "yes"}},
    {"tracer": ["callTracer"]},
]


def _spoiled(sample: list[Any], index: int, value: Any) -> list[Any]:
    return [*sample[:index], value, *sample[index + 1 :]]


def test_every_method_has_a_sample() -> None:
    assert set(SAMPLES) == set(METHODS)


@pytest.mark.parametrize("method", sorted(METHODS))
def test_wrong_counts_and_forms_are_invalid_params_naming_the_parameter(server_url: str, method: str) -> None:
    sample, params = SAMPLES[method], METHODS[method].params
    cases: list[tuple[list[Any], str]] = [([*sample, "0x1"], f"too many arguments, want at most {len(params)}")]
    for index, param in enumerate(params):
        cases.append((_spoiled(sample, index, WRONG), f"invalid params: argument {index} ({param.name}) must be"))
        cases.append((_spoiled(sample, index, [[1]]), f"argument {index} ({param.name})"))
        if param.default is REQUIRED:
            cases.append((sample[:index], f"missing value for required argument {index} ({param.name})"))
    answers = post(f"{server_url}/rpc/56", [call(method, *p, request_id=n) for n, (p, _) in enumerate(cases)]).json()
    for answer, (spoiled, says) in zip(answers, cases, strict=True):
        assert error(answer)["code"] == -32602, (spoiled, answer)
        assert says in error(answer)["message"], (spoiled, answer)


@pytest.mark.parametrize("method", sorted(METHODS))
def test_no_value_reaches_python_errors(server_url: str, method: str) -> None:
    sample = SAMPLES[method]
    # each position, and one past the last
    cases = [_spoiled(sample, index, value) for index in range(len(sample) + 1) for value in HOSTILE]
    answers = post(f"{server_url}/rpc/56", [call(method, *p, request_id=n) for n, p in enumerate(cases)]).json()
    assert [a["id"] for a in answers] == list(range(len(cases)))
    for answer, params in zip(answers, cases, strict=True):
        if "error" in answer:
            assert error(answer)["code"] != -32603, (params, answer)
