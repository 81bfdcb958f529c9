"""`debug_traceTransaction` and `debug_traceCall` with geth's callTracer, as swapdesk's own reader and the common
tools ask real nodes for them.

A swap through swapdesk's router, as a wallet sends it from a quote, is traced on the devnet and, the same
signed transaction, on anvil forking the devnet's /rpc at the block before: the two trees must be the same,
frame for frame (type, from, to, value, gas, gasUsed, input, output, error, and with `withLog` each frame's logs
and their positions among its calls), gas to the unit. One field differs,
by design: the top frame's `gas` is the transaction's gas limit, as geth's callTracer reports it, where anvil
reports what was left of it after the intrinsic gas.
"""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from eth_account import Account
from eth_account.signers.local import LocalAccount
from web3 import Web3

from swapdesk.contracts import artifact
from swapdesk.devnet.accounts import demo_key
from swapdesk.devnet.sender import RpcSender
from tests.anvil import running_anvil

from .rpc_client import call, error, post

pytestmark = pytest.mark.slow

BSC = 56
NATIVE = "0x" + "0" * 40
ERC20 = artifact("ERC20")
CALL_TRACER = {"tracer": "callTracer"}
WITH_LOGS = CALL_TRACER | {"tracerConfig": {"withLog": True}}
FIELDS = ("type", "from", "to", "value", "gas", "gasUsed", "input", "output", "error", "revertReason")


def _result(url: str, method: str, *params: Any) -> Any:
    answer = post(url, call(method, *params)).json()
    assert "error" not in answer, answer
    return answer["result"]


def _tokens(server_url: str) -> dict[str, dict[str, Any]]:
    listed = httpx.get(f"{server_url}/ext/v1/tokens", params={"chain": BSC}, timeout=120).json()["data"]
    return {t["symbol"]: t for t in listed}


def _swap(server_url: str, amount: int) -> tuple[bytes, Any]:
    """A fresh account's swap of `amount` BNB for USDT through swapdesk's router, from a quote: the signed
    transaction and its receipt."""
    url = f"{server_url}/rpc/{BSC}"
    me: LocalAccount = Account.create()
    funder = RpcSender(url, demo_key(6))
    funder.send(me.address, value=amount + 10**18)
    funder.close()
    usdt = _tokens(server_url)["USDT"]
    query = {"token0": NATIVE, "token1": usdt["address"], "decimal0": "18", "decimal1": str(usdt["decimals"]),
             "impact": "50", "part": "10", "amountIn": str(amount), "amountOutMin": "0", "to": me.address,
             "chain": "BSC"}  # fmt: skip
    envelope = httpx.get(f"{server_url}/v2/agg/swap/new", params=query, timeout=120).json()
    assert envelope["result"] == 0, envelope
    quote = envelope["data"]
    w3 = Web3(Web3.HTTPProvider(url))
    tx = {"to": quote["aggregator"], "data": quote["data"], "value": amount, "gas": 3_000_000, "chainId": BSC,
          "nonce": 0, "maxFeePerGas": 2 * w3.eth.gas_price, "maxPriorityFeePerGas": 1}  # fmt: skip
    raw = bytes(me.sign_transaction(tx).raw_transaction)
    receipt = w3.eth.wait_for_transaction_receipt(w3.eth.send_raw_transaction(raw), timeout=60)
    assert receipt["status"] == 1
    return raw, receipt


def _shape(frame: dict[str, Any]) -> dict[str, Any]:
    """A frame as compared: its fields (addresses in one case) and its calls'."""
    kept = {k: frame[k].lower() if k in ("from", "to") else frame[k] for k in FIELDS if k in frame}
    # anvil adds each log's index in the transaction, which geth's logs do not have
    logs = [
        {k: v for k, v in log.items() if k != "index"} | {"address": log["address"].lower()}
        for log in frame.get("logs", [])
    ]
    return kept | {"calls": [_shape(c) for c in frame.get("calls", [])], "logs": logs}


def _frames(frame: dict[str, Any]) -> list[dict[str, Any]]:
    return [frame, *(f for c in frame.get("calls", []) for f in _frames(c))]


def test_a_router_swap_traces_as_anvil_traces_it(server_url: str) -> None:
    url = f"{server_url}/rpc/{BSC}"
    raw, receipt = _swap(server_url, 2 * 10**18)
    tx_hash = receipt["transactionHash"].to_0x_hex()
    traced = _result(url, "debug_traceTransaction", tx_hash, WITH_LOGS)

    block = _result(url, "eth_getBlockByNumber", hex(receipt["blockNumber"]), False)
    with running_anvil(BSC, "--fork-url", url, "--fork-block-number", str(receipt["blockNumber"] - 1),
                       "--hardfork", "cancun") as anvil:  # fmt: skip
        parent = _result(anvil, "eth_getBlockByNumber", "latest", False)
        if int(block["timestamp"], 16) > int(parent["timestamp"], 16):  # the same time, for what the router reads
            _result(anvil, "evm_setNextBlockTimestamp", int(block["timestamp"], 16))
        forked = Web3(Web3.HTTPProvider(anvil))
        again = forked.eth.wait_for_transaction_receipt(forked.eth.send_raw_transaction(raw), timeout=60)
        assert again["gasUsed"] == receipt["gasUsed"]
        reference = _result(anvil, "debug_traceTransaction", tx_hash, WITH_LOGS)
        top_only = CALL_TRACER | {"tracerConfig": {"onlyTopCall": True}}
        reference_top = _result(anvil, "debug_traceTransaction", tx_hash, top_only)

    assert _shape(traced) | {"gas": None} == _shape(reference) | {"gas": None}
    intrinsic = 21_000 + sum(16 if b else 4 for b in bytes.fromhex(traced["input"][2:]))
    assert (traced["gas"], reference["gas"]) == (hex(3_000_000), hex(3_000_000 - intrinsic))
    kinds = {f["type"] for f in _frames(traced)}
    assert {"CALL", "STATICCALL"} <= kinds and len(_frames(traced)) > 5, kinds  # a real tree: pools, the coin
    assert traced["gasUsed"] == hex(receipt["gasUsed"])

    top = _result(url, "debug_traceTransaction", tx_hash, top_only)
    assert "calls" not in top and _shape(top) | {"gas": None} == _shape(reference_top) | {"gas": None}


def test_a_call_that_reverts_traces_with_its_reason(server_url: str) -> None:
    url = f"{server_url}/rpc/{BSC}"
    usdt = _tokens(server_url)["USDT"]["address"]
    pauper = Account.create().address
    data = "0x" + ERC20.encode("transfer", pauper, 1).hex()
    frame = _result(url, "debug_traceCall", {"from": pauper, "to": usdt, "input": data}, "latest", CALL_TRACER)
    reason = "ERC20: insufficient balance"  # the devnet's token says it (eth_call says it too)
    assert (frame["type"], frame["error"], frame["revertReason"]) == ("CALL", "execution reverted", reason)
    assert frame["output"].startswith("0x08c379a0") and frame["from"] == pauper and frame["value"] == "0x0"
    refused = error(post(url, call("eth_call", {"from": pauper, "to": usdt, "input": data})).json())
    assert refused["message"] == f"execution reverted: {reason}" and refused["data"] == frame["output"]


def test_what_the_devnet_does_not_trace_is_refused_in_words(server_url: str) -> None:
    url = f"{server_url}/rpc/{BSC}"
    somewhere = {"to": "0x" + "11" * 20}
    unknown = error(post(url, call("debug_traceTransaction", "0x" + "ab" * 32, CALL_TRACER)).json())
    assert (unknown["code"], unknown["message"]) == (-32000, "transaction not found")  # geth's words
    for config in (None, {}, {"tracer": "prestateTracer"}, {"tracer": "{step: function() {}}"}):
        refused = error(post(url, call("debug_traceCall", somewhere, "latest", config)).json())
        assert refused["code"] == -32602 and '"callTracer"' in refused["message"], refused
    overridden = CALL_TRACER | {"stateOverrides": {somewhere["to"]: {"balance": "0x1"}}}
    refused = error(post(url, call("debug_traceCall", somewhere, "latest", overridden)).json())
    assert refused["code"] == -32602 and "stateOverrides" in refused["message"]
    bad = error(post(url, call("debug_traceCall", somewhere, "latest", CALL_TRACER | {"tracerConfig": 1})).json())
    assert bad["code"] == -32602 and "tracerConfig" in bad["message"]
