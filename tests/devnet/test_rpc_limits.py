"""The caps of the devnet's Ethereum methods: execution time and gas, log queries, and the transactions it takes."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from eth_account import Account
from web3.types import RPCEndpoint

from swapdesk.api import AggSwapRequest, parse
from swapdesk.devnet import rpc, vm
from swapdesk.devnet.accounts import ACCOUNT_0, demo_address, demo_key
from swapdesk.devnet.evm import DevChain, contract_address
from swapdesk.devnet.network import Devnet
from swapdesk.devnet.provider import DevnetProvider
from swapdesk.devnet.sender import Sender
from swapdesk.engine import Engine

from .rpc_client import call, error, post

pytestmark = pytest.mark.slow

# runtime code JUMPDEST PUSH1 0 JUMP: loops until it runs out of gas, or of time
LOOP_FOREVER = bytes.fromhex("5b600056")
CAP = 1.0  # seconds: the chains' time cap, shortened for this module (5 s, geth's, in the app)
TIMED_OUT = {"code": -32000, "message": f"execution aborted (timeout = {CAP:g}s)"}


@pytest.fixture(autouse=True)
def short_time_cap(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(vm, "CALL_TIME_CAP", CAP)


async def _deploy_loop(devnet: Devnet, chain_id: int) -> str:
    """The looping contract, deployed by a signed transaction of a demo account."""
    init = bytes.fromhex("63") + LOOP_FOREVER + bytes.fromhex("6000526004601cf3")  # MSTORE it, RETURN 4 bytes

    def deploy(chain: DevChain) -> bytes:
        found = chain.transaction(Sender(chain, demo_key(8)).send(None, init, gas=100_000))
        assert found is not None
        created = contract_address(found[0])
        assert created is not None and chain.code(created) == LOOP_FOREVER
        return created

    return "0x" + (await devnet.run(chain_id, deploy)).hex()


async def test_a_looping_call_is_cut_at_the_time_cap_while_quotes_still_answer(
    devnet: Devnet, engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A client that sends looping calls one after another, with a gas far above the cap (the attack of the
    issue), holds the chain at most the time cap at a time: a quote on the same chain comes back while
    one of those calls is still running, and every call answers geth's timeout error."""
    manifest = await devnet.manifest(56)
    usdt = manifest.token("USDT")
    query = {
        "token0": "0x0000000000000000000000000000000000000000", "token1": usdt.address, "decimal0": "18",
        "decimal1": str(usdt.decimals), "impact": "50", "part": "5", "amountIn": str(2 * 10**18),
        "amountOutMin": "0", "to": demo_address(5), "chain": "56",
    }  # fmt: skip
    request = parse(AggSwapRequest, query.items())
    with monkeypatch.context() as full:  # a first read of the chain's pools may take over 1 s on a loaded machine
        full.setattr(vm, "CALL_TIME_CAP", 5.0)
        await engine.agg_swap(request)  # warm: the quote's reads are the ones of every later quote
    looping = {"to": await _deploy_loop(devnet, 56), "gas": hex(10**9)}
    provider = DevnetProvider(devnet, 56)  # the path a body posted to /rpc/56 takes

    quoting = asyncio.create_task(engine.agg_swap(request))
    answers: list[Any] = []
    for _ in range(12):  # a quote reads a handful of times: it may wait behind one call per read, no more
        attack = asyncio.create_task(provider.make_request(RPCEndpoint("eth_call"), [looping, "latest"]))
        await asyncio.wait({quoting, attack}, return_when=asyncio.FIRST_COMPLETED)
        if quoting.done():
            break
        answers.append(attack.result())
    assert quoting.done(), "the quote waited behind every looping call"
    assert not attack.done(), "the quote came back while a looping call held the chain"
    assert int(quoting.result().totalAmountOut) > 0
    answers.append(await attack)
    assert len(answers) >= 2, "the quote started behind a looping call"
    assert all(answer["error"] == TIMED_OUT for answer in answers)


async def test_a_batch_holds_the_chain_for_one_call_at_a_time(devnet: Devnet) -> None:
    looping = {"to": await _deploy_loop(devnet, 137), "gas": hex(10**9)}
    provider = DevnetProvider(devnet, 137)
    batch = asyncio.create_task(provider.make_batch_request([(RPCEndpoint("eth_call"), [looping, "latest"])] * 2))
    later = asyncio.create_task(provider.make_request(RPCEndpoint("eth_blockNumber"), []))  # sent after the batch
    await asyncio.wait({batch, later}, return_when=asyncio.FIRST_COMPLETED)
    assert later.done() and not batch.done(), "the request waited behind one call of the batch, not all of them"
    assert int(later.result()["result"], 16) > 0
    assert [answer["error"] for answer in await batch] == [TIMED_OUT, TIMED_OUT]


async def test_a_looping_estimate_is_cut_at_the_time_cap(devnet: Devnet) -> None:
    looping = {"from": ACCOUNT_0, "to": await _deploy_loop(devnet, 137)}  # no gas: the cap's
    answer = await DevnetProvider(devnet, 137).make_request(RPCEndpoint("eth_estimateGas"), [looping])
    assert answer["error"] == TIMED_OUT


def test_gas_above_the_cap_is_clamped_and_gas_below_the_intrinsic_is_refused(server_url: str) -> None:
    url = f"{server_url}/rpc/56"
    transfer = {"from": ACCOUNT_0, "to": demo_address(1), "value": "0x1"}
    for gas in (hex(2**64 - 1), hex(10**9), None):  # as geth: above its RPC gas cap, or none, is the cap
        answer = post(url, call("eth_call", transfer | ({"gas": gas} if gas else {}), "latest")).json()
        assert answer["result"] == "0x", answer
        assert post(url, call("eth_estimateGas", transfer | ({"gas": gas} if gas else {}))).json()["result"] == "0x5208"
    too_big = post(url, call("eth_call", transfer | {"gas": hex(2**64)})).json()
    assert error(too_big)["code"] == -32602 and "argument 0 (transaction) gas must be" in error(too_big)["message"]
    too_little = post(url, call("eth_call", transfer | {"gas": "0x5207"})).json()
    assert error(too_little) == {"code": -32000, "message": "intrinsic gas too low: have 20999, want 21000"}
    pauper = Account.create().address
    broke = post(url, call("eth_call", {"from": pauper, "to": ACCOUNT_0, "value": "0x1"})).json()
    assert error(broke)["message"] == f"insufficient funds for gas * price + value: address {pauper} have 0 want 1"


def _logs(url: str, query: dict[str, Any]) -> Any:
    return post(url, call("eth_getLogs", query)).json()


def test_a_log_query_spans_a_bounded_range_and_says_which_works(
    server_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = f"{server_url}/rpc/56"
    monkeypatch.setattr(rpc, "MAX_LOG_RANGE", 100)  # the chains are younger than 10,000 blocks
    refused = _logs(url, {"fromBlock": "0x5", "toBlock": "latest"})
    assert error(refused) == {
        "code": -32005,
        "message": "block range is limited to 100 blocks. Try with this block range [0x5, 0x68].",
        "data": {"from": "0x5", "to": "0x68", "limit": 100},
    }
    assert isinstance(_logs(url, {"fromBlock": "0x5", "toBlock": "0x68"})["result"], list)
    assert error(_logs(url, {"fromBlock": "0x5", "toBlock": "0x69"}))["code"] == -32005
    reversed_range = _logs(url, {"fromBlock": "0x9", "toBlock": "0x5"})
    assert (
        error(reversed_range)["code"] == -32602
        and "fromBlock 0x9 is after toBlock 0x5" in error(reversed_range)["message"]
    )
    head = int(post(url, call("eth_blockNumber")).json()["result"], 16)
    future = _logs(url, {"fromBlock": "0x5", "toBlock": hex(head + 10**6)})
    assert error(future) == {"code": -32001, "message": f"block {head + 10**6} not found"}


def test_a_log_query_answers_a_bounded_number_of_logs_and_says_which_range_works(
    server_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = f"{server_url}/rpc/56"
    everything = _logs(url, {"fromBlock": "earliest", "toBlock": "latest"})["result"]
    assert len(everything) > 60, "the world's build left logs to count"
    monkeypatch.setattr(rpc, "MAX_LOGS", 50)
    refused = error(_logs(url, {"fromBlock": "earliest", "toBlock": "latest"}))
    assert refused["code"] == -32005 and refused["message"].startswith("query returned more than 50 results. Try with")
    suggested = refused["data"]
    assert suggested["from"] == "0x0" and suggested["limit"] == 50
    within = _logs(url, {"fromBlock": suggested["from"], "toBlock": suggested["to"]})["result"]
    assert within == everything[: len(within)] and len(within) <= 50
    one_more = hex(int(suggested["to"], 16) + 1)
    assert error(_logs(url, {"fromBlock": suggested["from"], "toBlock": one_more}))["code"] == -32005


def test_transactions_are_refused_in_geths_words_and_not_mined(server_url: str) -> None:
    url = f"{server_url}/rpc/1"
    sender = Account.from_key(demo_key(8))
    nonce = int(post(url, call("eth_getTransactionCount", sender.address)).json()["result"], 16)
    base_fee = int(post(url, call("eth_gasPrice")).json()["result"], 16) - 1
    legacy = {"to": demo_address(0), "value": 1, "gas": 21000, "gasPrice": 2 * base_fee, "nonce": nonce}

    def refusal(tx: dict[str, Any], key: Any = sender) -> str:
        raw = key.sign_transaction(tx).raw_transaction.to_0x_hex()
        return str(error(post(url, call("eth_sendRawTransaction", raw)).json())["message"])

    assert refusal(legacy) == "only replay-protected (EIP-155) transactions allowed over RPC"  # no chain id
    protected = legacy | {"chainId": 1}
    assert refusal(protected | {"chainId": 56}) == "invalid chain id for signer: have 56 want 1"
    # a nonce ahead of the sender's is queued as geth queues it, not refused: test_txpool.py
    assert refusal(protected | {"gas": 20_000}) == "intrinsic gas too low: have 20000, want 21000"
    assert refusal(protected | {"gas": 10**9}).startswith("exceeds block gas limit")
    assert refusal(protected | {"gasPrice": base_fee - 1}).startswith("max fee per gas less than block base fee")
    broke = Account.create()
    assert refusal(protected | {"nonce": 0}, broke).startswith("insufficient funds for gas * price + value: balance 0")
    assert int(post(url, call("eth_getTransactionCount", sender.address)).json()["result"], 16) == nonce, "none mined"
