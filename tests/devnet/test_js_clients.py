"""The devnet answers the common clients as real nodes do: ethers, viem and TronWeb (npm, pinned in package.json)
drive a real `swapdesk serve --cors ORIGIN` on loopback, beside web3 and tronpy elsewhere in the suite.

Each client is a script of tests/js/ run with the machine's `node` (scripts/test installs it and the npm packages):
an action on the command line, its request as JSON on stdin, its answer as JSON on stdout. The server is the
command itself, on its own data folder, so the demo accounts' nonces are this module's alone; a `swapdesk devnet
serve --cors` answers the browser-origin check for the devnet process.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from eth_abi import encode
from eth_account import Account
from tronpy.keys import PrivateKey

from swapdesk.devnet.accounts import demo_address, demo_key
from swapdesk.devnet.sender import RpcSender

pytestmark = pytest.mark.slow

REPO = Path(__file__).resolve().parents[2]
JS = REPO / "tests" / "js"
BSC = 56
TRON = 95500
ALLOWED = "http://localhost:5173"  # a dapp's dev server
NATIVE = "0x0000000000000000000000000000000000000000"
START_TIMEOUT = 300.0  # seconds: a fresh machine builds the worlds first


def _node(script: str, request: dict[str, Any], action: str | None = None) -> Any:
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is missing: `bash scripts/test` installs it (Debian's nodejs)")
    if not (REPO / "node_modules" / "tronweb").is_dir():
        pytest.fail("the npm packages are missing: `npm ci` (scripts/test runs it) installs package.json's")
    command = [node, str(JS / script), *([action] if action else [])]
    done = subprocess.run(command, input=json.dumps(request), capture_output=True, text=True, timeout=300, cwd=REPO)
    assert done.returncode == 0, f"{script} {action}: {done.stdout}\n{done.stderr}"
    return json.loads(done.stdout)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def _command(*args: str, ready: str) -> Iterator[str]:
    """`swapdesk <args> --port P` on its own data folder until `ready` (a path) answers 200; its URL."""
    port = _free_port()
    home = Path(tempfile.mkdtemp(prefix="swapdesk-js-"))
    env = os.environ | {"SWAPDESK_DATA_DIR": str(home / "data"), "SWAPDESK_CONFIG_DIR": str(home / "config")}
    log = (home / "log").open("w+")
    process = subprocess.Popen(
        [sys.executable, "-m", "swapdesk", *args, "--port", str(port)], stdout=log, stderr=subprocess.STDOUT, env=env
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + START_TIMEOUT
        while True:
            assert process.poll() is None, f"swapdesk {' '.join(args)} exited: {(home / 'log').read_text()[-3000:]}"
            try:
                if httpx.get(url + ready, timeout=START_TIMEOUT).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            assert time.monotonic() < deadline, "the server did not come up"
            time.sleep(0.5)
        yield url
    finally:
        process.terminate()
        process.wait(timeout=120)
        log.close()


@pytest.fixture(scope="module")
def served() -> Iterator[str]:
    with _command("serve", "--cors", ALLOWED, ready=f"/ext/v1/tokens?chain={BSC}") as url:
        yield url


def _tokens(url: str, chain: int) -> dict[str, dict[str, Any]]:
    listed = httpx.get(f"{url}/ext/v1/tokens", params={"chain": chain}, timeout=120).json()["data"]
    return {t["symbol"]: t for t in listed}


def _key(index: int) -> str:
    return "0x" + demo_key(index).hex()


def _fresh(url: str, tokens: dict[str, int], native: int = 0) -> tuple[str, str]:
    """A new account on BSC (key, address), funded by demo account 1 with `native` wei and 1 BNB more for gas, and
    with `tokens` (address: amount)."""
    account = Account.create()
    funder = RpcSender(f"{url}/rpc/{BSC}", demo_key(1))
    try:
        funder.send(account.address, value=native + 10**18)
        for token, amount in tokens.items():
            funder.send(token, bytes.fromhex("a9059cbb") + encode(["address", "uint256"], [account.address, amount]))
    finally:
        funder.close()
    return "0x" + bytes(account.key).hex(), str(account.address)


# -- EVM: ethers and viem -------------------------------------------------------------------------


@pytest.mark.parametrize("script", ["ethers_client.mjs", "viem_client.mjs"])
def test_a_transfer_and_transactions_carry_their_chain_id(served: str, script: str) -> None:
    receiver = Account.create().address
    key = _key(2 if script.startswith("ethers") else 3)
    request = {"url": f"{served}/rpc/{BSC}", "chainId": BSC, "key": key, "to": receiver, "amount": str(10**15)}
    answer = _node(script, request, "transfer")
    assert int(answer["chainId"]) == BSC
    assert answer["received"] == str(10**15 + 1)  # the EIP-1559 transfer, then a legacy one of 1 wei
    assert int(answer["txChainId"]) == BSC and answer["txType"] in (2, "eip1559")
    assert int(str(answer["legacyChainId"]), 0) == BSC  # v encodes it (EIP-155); the node says it too
    assert answer["legacyType"] in ("0x0", "legacy")


@pytest.mark.parametrize("script", ["ethers_client.mjs", "viem_client.mjs"])
def test_an_erc20_call_and_transfer(served: str, script: str) -> None:
    usdt = _tokens(served, BSC)["USDT"]
    receiver = Account.create().address
    sender_index = 4 if script.startswith("ethers") else 5
    request = {"url": f"{served}/rpc/{BSC}", "chainId": BSC, "key": _key(sender_index)}
    answer = _node(script, request | {"token": usdt["address"], "to": receiver, "amount": "123456789"}, "erc20")
    assert answer["symbol"] == "USDT" and answer["received"] == "123456789"
    events = answer.get("events") or [answer["event"]]
    assert [(e["from"], e["to"], e["value"]) for e in events] == [(demo_address(sender_index), receiver, "123456789")]


def test_ethers_hears_an_event_and_a_pending_transaction_through_filters(served: str) -> None:
    usdt = _tokens(served, BSC)["USDT"]["address"]
    key, me = _fresh(served, {usdt: 10**18})
    receiver = Account.create().address
    request = {"url": f"{served}/rpc/{BSC}", "key": key, "token": usdt, "to": receiver, "amount": "777"}
    answer = _node("ethers_client.mjs", request, "filters")
    assert answer["event"] == {"from": me, "to": receiver, "value": "777", "hash": answer["sent"]}
    assert answer["pendingHeard"] is True


def test_viem_s_filter_family_access_list_and_block_receipts(served: str) -> None:
    usdt = _tokens(served, BSC)["USDT"]["address"]
    key, me = _fresh(served, {usdt: 10**18})
    receiver = Account.create().address
    request = {"url": f"{served}/rpc/{BSC}", "chainId": BSC, "key": key, "token": usdt, "to": receiver}
    answer = _node("viem_client.mjs", request | {"amount": "4242"}, "filters")
    sent = answer["hash"]
    assert answer["blockHash"] in answer["newBlocks"]
    assert answer["newEvents"] == [{"hash": sent, "from": me, "to": receiver, "value": "4242"}]
    assert sent in answer["newPending"] and answer["again"] == 0
    assert answer["logs"][-1] == sent  # eth_getFilterLogs: the filter's range, from the block it names
    assert answer["uninstalled"] is True and answer["afterUninstall"] == "filter not found"
    (entry,) = answer["accessList"]["accessList"]  # the token and the two balances' slots
    assert entry["address"].lower() == usdt.lower() and len(entry["storageKeys"]) == 2
    assert int(answer["accessList"]["gasUsed"]) > 21_000
    assert answer["receipts"] == [sent]


def test_multicall3_through_viem_and_ethers(served: str) -> None:
    usdt = _tokens(served, BSC)["USDT"]
    owners = [demo_address(0), demo_address(6), Account.create().address]
    request = {"url": f"{served}/rpc/{BSC}", "chainId": BSC, "token": usdt["address"], "owners": owners}
    viem = _node("viem_client.mjs", request, "multicall")
    symbol, decimals, *balances, missing = viem["results"]
    assert symbol == {"status": "success", "result": "USDT"}
    assert decimals == {"status": "success", "result": usdt["decimals"]}
    assert [b["result"] for b in balances] == viem["direct"] and balances[-1]["result"] == "0"
    assert missing["status"] == "failure"  # one failing call does not spoil the others
    ethers = _node("ethers_client.mjs", request | {"owner": owners[0]}, "multicall")
    assert ethers == {"symbol": "USDT", "balance": viem["direct"][0], "direct": viem["direct"][0], "failed": True}


@pytest.mark.parametrize("script", ["ethers_client.mjs", "viem_client.mjs"])
def test_a_transfer_sent_with_its_access_list_and_the_gas_left_to_the_client_is_mined(served: str, script: str) -> None:
    """The client estimates with the list (which costs 2,400 gas for the token and 1,900 for each of its two
    slots) and sends with exactly that: an estimate made without the list ran out of gas on chain."""
    usdt = _tokens(served, BSC)["USDT"]["address"]
    key, _ = _fresh(served, {usdt: 10**18})
    request = {"url": f"{served}/rpc/{BSC}", "chainId": BSC, "key": key, "token": usdt,
               "to": Account.create().address, "amount": "1000"}  # fmt: skip
    answer = _node(script, request, "accessList")
    assert answer["status"] in (1, "success"), answer
    assert answer["type"] in (2, "eip1559") and int(answer["gasUsed"]) <= int(answer["gas"])
    (entry,) = answer["accessList"]
    assert entry["address"].lower() == usdt.lower() and len(entry["storageKeys"]) == 2


@pytest.mark.parametrize(
    ("script", "sell", "buy"),
    [("ethers_client.mjs", "USDT", "ETH"), ("viem_client.mjs", "BNB", "USDT")],
    ids=["ethers-approves-a-token", "viem-sells-the-native-coin"],
)
def test_a_swap_from_a_quote_delivers_the_quoted_amount(served: str, script: str, sell: str, buy: str) -> None:
    """The client's own fresh account is the recipient: it approves (selling a token) and sends the call data."""
    tokens = _tokens(served, BSC)
    src, dst = tokens[sell], tokens[buy]
    amount = (2 if src["address"] == NATIVE else 250) * 10 ** int(src["decimals"])
    if src["address"] == NATIVE:
        key, me = _fresh(served, {}, native=amount)
    else:
        key, me = _fresh(served, {src["address"]: amount})
    query = {
        "token0": src["address"], "token1": dst["address"], "decimal0": str(src["decimals"]),
        "decimal1": str(dst["decimals"]), "impact": "50", "part": "10", "amountIn": str(amount),
        "amountOutMin": "0", "to": me, "chain": "BSC",
    }  # fmt: skip
    envelope = httpx.get(f"{served}/v2/agg/swap/new", params=query, timeout=120).json()
    assert envelope["result"] == 0, envelope
    quote = envelope["data"]
    answer = _node(script, {"url": f"{served}/rpc/{BSC}", "chainId": BSC, "key": key, "quote": quote}, "swap")
    assert answer["status"] in (1, "success")
    assert answer["received"] == quote["totalAmountOut"]


# -- TRON: TronWeb ---------------------------------------------------------------------------------


def _tron_address(index: int) -> str:
    return str(PrivateKey(demo_key(index)).public_key.to_base58check_address())


def test_tronweb_reads_blocks_accounts_energy_and_bandwidth(served: str) -> None:
    answer = _node("tronweb_client.mjs", {"url": served, "address": _tron_address(2)}, "read")
    assert answer["errors"] == {}, answer["errors"]  # every read TronWeb makes in these flows is served
    head = answer["currentBlock"]
    assert answer["connected"]["fullNode"] and answer["connected"]["solidityNode"]
    assert head <= answer["latest"] and head <= answer["confirmed"] and answer["byHash"] == head
    assert answer["range"] == [head - 2, head - 1, head]
    # the head when TronWeb asked for the reference, read just after `latest`: a block may have come between the two
    referenced = int(answer["refBlock"]["ref_block_bytes"], 16)
    assert referenced in {answer["latest"] & 0xFFFF, (answer["latest"] + 1) & 0xFFFF}, answer["refBlock"]
    assert int(answer["balance"]) > 0
    # no staking and no free bandwidth on the devnet: every resource is paid by burning TRX at these prices
    assert answer["resources"] == {"TotalNetLimit": 43_200_000_000, "TotalEnergyLimit": 180_000_000_000}
    assert answer["bandwidth"] == 0
    assert (answer["energyPrices"], answer["bandwidthPrices"]) == ("0:100", "0:1000")
    stranger = PrivateKey.random().public_key.to_base58check_address()
    stranger = _node("tronweb_client.mjs", {"url": served, "address": stranger}, "read")
    assert stranger["resources"] == {} and stranger["balance"] == "0"  # TRON knows no such account yet


def test_tronweb_sends_trx(served: str) -> None:
    receiver = PrivateKey.random().public_key.to_base58check_address()
    request = {"url": served, "key": demo_key(3).hex(), "to": receiver, "amount": "2500000"}
    answer = _node("tronweb_client.mjs", request, "trxTransfer")
    assert answer["from"] == _tron_address(3)
    assert answer["received"] == "2500000" and answer["contractRet"] == "SUCCESS"
    assert answer["confirmed"] and answer["inBlock"] and answer["again"] is True
    assert answer["fee"] > 0  # bandwidth and the new account, burnt


def test_tronweb_sends_trc20(served: str) -> None:
    usdt = _tokens(served, TRON)["USDT"]["address"]
    receiver = PrivateKey.random().public_key.to_base58check_address()
    request = {"url": served, "key": demo_key(4).hex(), "token": usdt, "to": receiver, "amount": "1234567"}
    answer = _node("tronweb_client.mjs", request, "trc20Transfer")
    assert (answer["symbol"], answer["received"], answer["sent"]) == ("USDT", "1234567", "1234567")
    assert answer["result"] == "SUCCESS" and answer["events"] == 1
    assert answer["energyUsed"] == answer["energyEstimate"]  # wallet/estimateenergy measured it exactly


def test_tronweb_sends_the_v3_core_swap_description(served: str) -> None:
    tokens = _tokens(served, TRON)
    me = _tron_address(5)
    receiver = PrivateKey.random().public_key.to_base58check_address()
    trx, usdt = tokens["TRX"], tokens["USDT"]
    query = {
        "token0": trx["address"], "token1": usdt["address"], "decimal0": str(trx["decimals"]),
        "decimal1": str(usdt["decimals"]), "impact": "50", "part": "10", "amountIn": str(20 * 10**6),
        "amountOutMin": "0", "to": receiver, "issuer": me, "chain": "TRON",
    }  # fmt: skip
    envelope = httpx.get(f"{served}/v3/core/swap", params=query, timeout=120).json()
    assert envelope["result"] == 0, envelope
    quote = envelope["data"]
    answer = _node("tronweb_client.mjs", {"url": served, "key": demo_key(5).hex(), "quote": quote}, "swap")
    assert answer["result"] == "SUCCESS" and answer["received"] == quote["totalAmountOut"]


# -- a browser's origin ----------------------------------------------------------------------------


def _origin_check(url: str, origin: str, calls: dict[str, dict[str, str]]) -> dict[str, Any]:
    return dict(_node("browser_origin.mjs", {"url": url, "origin": origin, "calls": calls}))


def _assert_allowed(answer: dict[str, Any], origin: str) -> None:
    for name, seen in answer.items():
        preflight, request = seen["preflight"], seen["request"]
        assert preflight["status"] == 204 and preflight["access-control-allow-origin"] == origin, name
        assert preflight["access-control-allow-methods"] == "GET, POST", name
        assert preflight["access-control-allow-headers"] == "content-type", name
        assert preflight["access-control-allow-private-network"] == "true", name
        assert request["access-control-allow-origin"] == origin and request["ok"], name


def _assert_refused(answer: dict[str, Any]) -> None:
    for name, seen in answer.items():
        for asked in ("preflight", "request"):
            assert not any(h.startswith("access-control-") for h in seen[asked]), (name, asked, seen)
        assert seen["preflight"]["status"] != 204, name  # answered as if CORS did not exist: the browser refuses


SERVE_CALLS = {
    "rpc": {"path": f"/rpc/{BSC}", "method": "POST", "body": '{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}'},
    "tron": {"path": "/tron/wallet/getnowblock", "method": "POST", "body": "{}"},
    "api": {"path": f"/ext/v1/tokens?chain={BSC}", "method": "GET"},
}


def test_only_the_allowed_origin_may_read_the_served_api(served: str) -> None:
    _assert_allowed(_origin_check(served, ALLOWED, SERVE_CALLS), ALLOWED)
    _assert_refused(_origin_check(served, "http://localhost:5174", SERVE_CALLS))  # another port: another origin
    _assert_refused(_origin_check(served, "https://swapdesk.example", SERVE_CALLS))


def test_devnet_serve_allows_only_the_origins_named() -> None:
    calls = SERVE_CALLS | {"api": {"path": f"/devnet/v1/catalogs/{BSC}", "method": "GET"}}
    with _command("devnet", "serve", "--cors", ALLOWED, ready=f"/devnet/v1/catalogs/{BSC}") as url:
        _assert_allowed(_origin_check(url, ALLOWED, calls), ALLOWED)
        _assert_refused(_origin_check(url, "http://127.0.0.1:5173", calls))
