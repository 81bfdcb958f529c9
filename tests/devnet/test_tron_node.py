"""The devnet's TRON chain answers TRON's full-node HTTP API: tronpy, used as a TRON developer uses it, over HTTP.

The server here mounts only the TRON routes and the chain's Ethereum JSON-RPC, on its own devnet, whose
world's contracts are registered with the node as the world builder will register them.
"""

from __future__ import annotations

import asyncio
import json
import tempfile
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
from eth_typing import ChecksumAddress
from fastapi import FastAPI
from hexbytes import HexBytes
from tronpy import Tron
from tronpy.exceptions import BadSignature, TaposError, TransactionError, TvmError, UnknownError
from tronpy.keys import PrivateKey
from tronpy.providers import HTTPProvider
from tronpy.tron import Transaction
from web3 import Web3

from swapdesk.address import to_tron
from swapdesk.chain.tron.messages import RAW, TRANSACTION
from swapdesk.chain.tron.protobuf import ProtoError, decode, encode
from swapdesk.chain.tron.transactions import raw_from_json
from swapdesk.contracts import artifact
from swapdesk.devnet.accounts import demo_key
from swapdesk.devnet.chaindata import ChainData
from swapdesk.devnet.manifest import Manifest
from swapdesk.devnet.network import Devnet
from swapdesk.devnet.tron import ethview
from swapdesk.devnet.tron.contracts import register_world
from swapdesk.server.background import BackgroundServer
from swapdesk.server.rpc import add_rpc_route
from swapdesk.server.tron import MAX_BODY, TRON, add_tron_routes


@dataclass
class Node:
    url: str
    tron: Tron
    manifest: Manifest
    on_chain: Callable[..., Any]  # fn(chain, *args) on the chain's own thread, as the routes run it

    def token(self, symbol: str) -> str:
        return to_tron(bytes.fromhex(self.manifest.token(symbol).address[2:]))

    def parameter(self, key: str) -> int:
        return next(int(p.get("value", 0)) for p in self.tron.get_chain_parameters() if p["key"] == key)


@contextmanager
def tron_server(data: Path) -> Iterator[Node]:
    devnet = Devnet(ChainData(data))
    started: dict[str, Any] = {}

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        manifest = await devnet.start(TRON)
        await devnet.run(TRON, register_world, manifest)  # what the world builder will do for TRON
        started.update(manifest=manifest, loop=asyncio.get_running_loop())
        yield
        await devnet.close()

    app = FastAPI(lifespan=lifespan)
    add_tron_routes(app, devnet)
    add_rpc_route(app, devnet)
    with BackgroundServer(app) as server:
        tron = Tron(HTTPProvider(server.url + "/tron/", timeout=300))  # the first request waits for the world
        tron.get_node_info()  # served once the lifespan has started the chain

        def on_chain(fn: Callable[..., Any], *args: Any) -> Any:
            future = asyncio.run_coroutine_threadsafe(devnet.run(TRON, fn, *args), started["loop"])
            return future.result(timeout=60)

        yield Node(server.url, tron, started["manifest"], on_chain)


@pytest.fixture(scope="module")
def node() -> Iterator[Node]:
    with tron_server(Path(tempfile.mkdtemp(prefix="swapdesk-tron-"))) as running:
        yield running


def _key(index: int) -> PrivateKey:
    return PrivateKey(demo_key(index))


def _stranger() -> str:
    return str(PrivateKey.random().public_key.to_base58check_address())


# -- the node, its blocks and accounts ------------------------------------------------------------


def test_blocks_are_the_evm_chains_blocks(node: Node) -> None:
    tron = node.tron
    number = tron.get_latest_block_number()
    block = tron.get_block(number)
    assert block["block_header"]["raw_data"]["number"] == number
    assert tron.get_block(block["blockID"]) == block
    parent = tron.get_block(number - 1)
    assert block["block_header"]["raw_data"]["parentHash"] == parent["blockID"]
    assert tron.get_latest_block()["block_header"]["raw_data"]["number"] >= number
    # a TRON block id is the block's number, then the last 24 bytes of the EVM block's hash
    evm = Web3(Web3.HTTPProvider(f"{node.url}/rpc/{TRON}")).eth.get_block(number)
    ident = bytes.fromhex(block["blockID"])
    assert int.from_bytes(ident[:8], "big") == number and ident[8:] == bytes(evm["hash"])[8:]
    assert block["block_header"]["raw_data"]["timestamp"] == evm["timestamp"] * 1000
    info = tron.get_node_info()
    assert info["solidityBlock"] == info["block"]  # one producer, no forks: every block is final at once


def test_accounts_show_the_chains_balances(node: Node) -> None:
    me = _key(2).public_key
    account = node.tron.get_account(me.to_base58check_address())
    w3 = Web3(Web3.HTTPProvider(f"{node.url}/rpc/{TRON}"))
    assert account["balance"] == w3.eth.get_balance(_evm(me.to_base58check_address()))
    assert account["owner_permission"]["keys"] == [{"address": me.to_base58check_address(), "weight": 1}]
    assert node.tron.get_account_permission(me.to_base58check_address())["owner"]["threshold"] == 1
    unknown = httpx.post(f"{node.url}/tron/wallet/getaccount", json={"address": _stranger(), "visible": True})
    assert unknown.json() == {}


def test_contract_abi_is_the_deployed_contracts(node: Node) -> None:
    usdt = node.tron.get_contract(node.token("USDT"))
    functions = {e["name"] for e in artifact("ERC20").abi if e["type"] == "function"}
    assert set(dir(usdt.functions)) == functions
    assert usdt.functions.decimals() == node.manifest.token("USDT").decimals
    assert usdt.functions.symbol() == "USDT"
    info = httpx.post(f"{node.url}/tron/wallet/getcontract", json={"value": _stranger(), "visible": True})
    assert info.json() == {}


# -- TRC-20 and TRX, signed and broadcast ---------------------------------------------------------


def test_trc20_transfer_moves_exactly_the_amount_and_burns_the_fee(node: Node) -> None:
    tron, key = node.tron, _key(3)
    me, receiver = key.public_key.to_base58check_address(), _stranger()
    usdt = tron.get_contract(node.token("USDT"))
    amount = 1_234_567
    tokens_before, trx_before = usdt.functions.balanceOf(me), tron.get_account(me)["balance"]

    sent = usdt.functions.transfer(receiver, amount).with_owner(me).build().sign(key).broadcast()
    info = sent.wait()

    assert sent.result() is True
    assert usdt.functions.balanceOf(receiver) == amount
    assert usdt.functions.balanceOf(me) == tokens_before - amount
    assert tron.get_account(me)["balance"] == trx_before - info["fee"]
    receipt = info["receipt"]
    assert receipt["result"] == "SUCCESS" and "result" not in info
    assert receipt["energy_fee"] == receipt["energy_usage_total"] * node.parameter("getEnergyFee")
    assert info["fee"] == receipt["energy_fee"] + receipt["net_fee"]
    assert receipt["net_fee"] % node.parameter("getTransactionFee") == 0
    (event,) = usdt.events.Transfer.process_receipt(info)
    assert event["args"] == {"sender": me, "receiver": receiver, "value": amount}
    assert tron.get_transaction(sent.txid)["ret"] == [{"contractRet": "SUCCESS"}]
    block = tron.get_block(info["blockNumber"])
    assert [t["txID"] for t in block["transactions"]] == [sent.txid]
    # the same state, seen by an Ethereum client of the chain
    w3 = Web3(Web3.HTTPProvider(f"{node.url}/rpc/{TRON}"))
    erc20 = w3.eth.contract(
        address=Web3.to_checksum_address(node.manifest.token("USDT").address), abi=artifact("ERC20").abi
    )
    assert erc20.functions.balanceOf(_evm(receiver)).call() == amount


def _evm(address: str) -> ChecksumAddress:
    """The same 20 bytes, as an Ethereum client writes them."""
    return Web3.to_checksum_address("0x" + Tron.to_hex_address(address)[2:])


def test_trc20_approval_sets_exactly_the_allowance(node: Node) -> None:
    tron, key = node.tron, _key(4)
    me = key.public_key.to_base58check_address()
    assert node.manifest.router is not None  # the devnet deploys swapdesk's router on every chain
    router = to_tron(bytes.fromhex(node.manifest.router[2:]))
    usdt = tron.get_contract(node.token("USDT"))
    assert usdt.functions.allowance(me, router) == 0

    info = usdt.functions.approve(router, 777_000).with_owner(me).build().sign(key).broadcast().wait()

    assert usdt.functions.allowance(me, router) == 777_000
    (event,) = usdt.events.Approval.process_receipt(info)
    assert event["args"] == {"owner": me, "spender": router, "value": 777_000}


def test_trx_transfer_creates_the_account_and_charges_for_it(node: Node) -> None:
    tron, key = node.tron, _key(5)
    me, receiver = key.public_key.to_base58check_address(), _stranger()
    before = tron.get_account(me)["balance"]

    first = tron.trx.transfer(me, receiver, 2_500_000).build().sign(key).broadcast().wait()
    second = tron.trx.transfer(me, receiver, 1).build().sign(key).broadcast().wait()

    assert tron.get_account(receiver)["balance"] == 2_500_001
    assert tron.get_account(me)["balance"] == before - 2_500_001 - first["fee"] - second["fee"]
    creation = node.parameter("getCreateAccountFee") + node.parameter("getCreateNewAccountFeeInSystemContract")
    assert first["fee"] == creation and first["receipt"] == {"net_fee": node.parameter("getCreateAccountFee")}
    assert second["fee"] == second["receipt"]["net_fee"] > 0  # bandwidth only, paid in TRX
    assert second["fee"] % node.parameter("getTransactionFee") == 0


def test_revert_is_in_a_block_with_its_reason_and_its_fee(node: Node) -> None:
    tron, key = node.tron, _key(6)
    me = key.public_key.to_base58check_address()
    usdt = tron.get_contract(node.token("USDT"))
    held, trx_before = usdt.functions.balanceOf(me), tron.get_account(me)["balance"]

    sent = usdt.functions.transfer(_stranger(), held + 1).with_owner(me).build().sign(key).broadcast()

    with pytest.raises(TvmError, match="ERC20: insufficient balance"):
        sent.result()
    info = sent.wait()
    assert info["result"] == "FAILED" and info["receipt"]["result"] == "REVERT"
    assert usdt.functions.balanceOf(me) == held
    assert tron.get_account(me)["balance"] == trx_before - info["fee"]
    with pytest.raises(TvmError, match="ERC20: insufficient balance"):  # a dry run says the same, for free
        tron.trigger_const_smart_contract_function(
            me, node.token("USDT"), "transfer(address,uint256)", _transfer_parameter(me, held + 1)
        )


def _transfer_parameter(to: str, amount: int) -> str:
    return str(Tron.to_hex_address(to))[2:].rjust(64, "0") + f"{amount:064x}"


# -- refusals, in TRON's codes -----------------------------------------------------------------------


def test_a_signature_by_another_key_is_refused(node: Node) -> None:
    tron, me = node.tron, _key(7).public_key.to_base58check_address()
    txn = tron.trx.transfer(me, _stranger(), 1).build()
    impostor = PrivateKey(demo_key(8))
    txn.set_signature([impostor.sign_msg_hash(bytes.fromhex(txn.txid)).hex()])
    with pytest.raises(BadSignature, match=f"signed by {impostor.public_key.to_base58check_address()}"):
        txn.broadcast()
    with pytest.raises(BadSignature, match="Signature size is 64"):
        txn.set_signature(["ab" * 64]).broadcast()


def test_an_expired_transaction_is_refused(node: Node) -> None:
    tron, key = node.tron, _key(7)
    txn = tron.trx.transfer(key.public_key.to_base58check_address(), _stranger(), 1).expiration(-1_000).build()
    txn.set_signature([key.sign_msg_hash(bytes.fromhex(txn.txid)).hex()])  # tronpy's sign() refuses expired ones
    with pytest.raises(TransactionError, match="Transaction expired"):
        txn.broadcast()


def test_an_unknown_reference_block_is_refused(node: Node) -> None:
    tron, key = node.tron, _key(7)
    raw = tron.trx.transfer(key.public_key.to_base58check_address(), _stranger(), 1).build().to_json()["raw_data"]
    last = int(raw["ref_block_hash"][-2:], 16)
    for ref_block_hash in ("00" * 8, raw["ref_block_hash"][:-2] + f"{last ^ 1:02x}"):  # unknown, one bit off
        forged = Transaction({**raw, "ref_block_hash": ref_block_hash}, client=tron)
        with pytest.raises(TaposError, match="Tapos check error"):
            forged.sign(key).broadcast()
    ahead = f"{(tron.get_latest_block_number() + 1000) & 0xFFFF:04x}"
    with pytest.raises(TaposError):
        Transaction({**raw, "ref_block_bytes": ahead}, client=tron).sign(key).broadcast()


@pytest.mark.parametrize("energy", [30_000, 20_000], ids=["runs-out", "cannot-start"])
def test_a_fee_limit_too_low_runs_out_of_energy_and_burns_it_all(node: Node, energy: int) -> None:
    """30,000 energy runs the transfer and runs out; 20,000 is short of the EVM's 21,000 base cost."""
    tron, key = node.tron, _key(8)
    me = key.public_key.to_base58check_address()
    usdt = tron.get_contract(node.token("USDT"))
    tokens_before, trx_before = usdt.functions.balanceOf(me), tron.get_account(me)["balance"]
    fee_limit = energy * node.parameter("getEnergyFee")

    sent = usdt.functions.transfer(_stranger(), 5).with_owner(me).fee_limit(fee_limit).build().sign(key).broadcast()
    info = sent.wait()

    assert info["result"] == "FAILED" and info["receipt"]["result"] == "OUT_OF_ENERGY"
    assert info["receipt"]["energy_usage_total"] == energy
    assert info["receipt"]["energy_fee"] == fee_limit
    assert info["fee"] == fee_limit + info["receipt"]["net_fee"]
    assert usdt.functions.balanceOf(me) == tokens_before
    assert tron.get_account(me)["balance"] == trx_before - info["fee"]


def test_a_replay_is_refused(node: Node) -> None:
    tron, key = node.tron, _key(1)
    me = key.public_key.to_base58check_address()
    txn = tron.trx.transfer(me, _stranger(), 10).build().sign(key)
    txn.broadcast().wait()
    balance = tron.get_account(me)["balance"]
    with pytest.raises(UnknownError) as refused:
        txn.broadcast()
    assert refused.value.args[1] == "DUP_TRANSACTION_ERROR"
    assert tron.get_account(me)["balance"] == balance


# -- the API beyond tronpy: server-built transactions, raw shapes, bad requests -----------------------


def test_a_trigger_built_by_the_node_is_signed_and_broadcast_as_tronweb_does(node: Node) -> None:
    key = _key(0)
    me, receiver = key.public_key.to_base58check_address(), _stranger()
    built = httpx.post(
        f"{node.url}/tron/wallet/triggersmartcontract",
        json={
            "owner_address": me,
            "contract_address": node.token("USDT"),
            "function_selector": "transfer(address,uint256)",
            "parameter": _transfer_parameter(receiver, 42),
            "fee_limit": 10_000_000,
            "visible": True,
        },
    ).json()
    assert built["result"] == {"result": True}
    tx = built["transaction"]
    tx["signature"] = [key.sign_msg_hash(bytes.fromhex(tx["txID"])).hex()]
    sent = httpx.post(f"{node.url}/tron/wallet/broadcasttransaction", json=tx).json()
    assert sent == {"result": True, "txid": tx["txID"]}
    assert node.tron.get_transaction_info(tx["txID"])["receipt"]["result"] == "SUCCESS"
    assert node.tron.get_contract(node.token("USDT")).functions.balanceOf(receiver) == 42
    hexed = httpx.post(f"{node.url}/tron/wallet/gettransactionbyid", json={"value": tx["txID"]}).json()
    assert hexed["raw_data"]["contract"][0]["parameter"]["value"]["owner_address"] == Tron.to_hex_address(me)
    assert hexed["raw_data_hex"] == encode(RAW, raw_from_json(tx["raw_data"], True)).hex()


def test_the_encoding_is_java_trons() -> None:
    """TRON's own example (developers.tron.network, broadcasttransaction): its raw_data and raw_data_hex."""
    raw = {
        "contract": [
            {
                "parameter": {
                    "value": {
                        "amount": 1000,
                        "owner_address": "41608f8da72479edc7dd921e4c30bb7e7cddbe722e",
                        "to_address": "41e9d79cc47518930bc322d9bf7cddd260a0260a8d",
                    },
                    "type_url": "type.googleapis.com/protocol.TransferContract",
                },
                "type": "TransferContract",
            }
        ],
        "ref_block_bytes": "5e4b",
        "ref_block_hash": "47c9dc89341b300d",
        "expiration": 1591089627000,
        "timestamp": 1591089567635,
    }
    raw_data_hex = (
        "0a025e4b220847c9dc89341b300d40f8fed3a2a72e5a66080112620a2d747970652e676f6f676c65617069732e636f6d2f70726f"
        "746f636f6c2e5472616e73666572436f6e747261637412310a1541608f8da72479edc7dd921e4c30bb7e7cddbe722e121541e9d7"
        "9cc47518930bc322d9bf7cddd260a0260a8d18e8077093afd0a2a72e"
    )
    assert encode(RAW, raw_from_json(raw, visible=False)).hex() == raw_data_hex


@pytest.mark.parametrize(
    "data",
    [b"\x0a", b"\x0a\x05ab", b"\x80" * 11, b"\x0b", b"\x00", b"\x08\x01"],
    ids=["no-length", "past-the-end", "endless-varint", "group", "field-zero", "wrong-wire-type"],
)
def test_malformed_protobuf_is_refused(data: bytes) -> None:
    with pytest.raises(ProtoError):
        decode(TRANSACTION, data)


@pytest.mark.parametrize(
    ("body", "error"),
    [
        (b"{not json", "not JSON"),
        (b"[1, 2]", "JSON object"),
        (b"[" * 100 + b"]" * 100, "nested deeper"),
        (
            json.dumps({"raw_data": {"contract": [{"type": "FreezeBalanceV2Contract", "parameter": {}}]}}),
            "not supported",
        ),
        (json.dumps({"raw_data": {"contract": [], "expiration": "soon"}}), "expected an integer"),
        (json.dumps({"raw_data": {"contract": [], "ref_block_hash": "zz"}}), "not hexadecimal"),
        (json.dumps({"raw_data": {}, "signature": ["00", 7]}), "hex strings"),
    ],
)
def test_bad_requests_get_trons_error_shape(node: Node, body: bytes | str, error: str) -> None:
    reply = httpx.post(f"{node.url}/tron/wallet/getsignweight", content=body)
    assert reply.status_code == 200 and error in reply.json()["Error"]


def test_bad_broadcasts_get_trons_codes_and_bad_paths_http_errors(node: Node) -> None:
    unsupported = {"raw_data": {"contract": [{"type": "FreezeBalanceV2Contract", "parameter": {"value": {}}}]}}
    reply = httpx.post(f"{node.url}/tron/wallet/broadcasttransaction", json={**unsupported, "visible": True}).json()
    assert reply["code"] == "CONTRACT_VALIDATE_ERROR" and "not supported" in reply["message"]
    no_contract = httpx.post(
        f"{node.url}/tron/wallet/broadcasttransaction", json={"raw_data": {}, "signature": ["00" * 65]}
    ).json()
    assert bytes.fromhex(no_contract["message"]).decode() == "Contract validate error : No contract!"
    too_big = httpx.post(f"{node.url}/tron/wallet/getnowblock", content=b" " * (MAX_BODY + 1)).json()
    assert "too big" in too_big["Error"]
    assert httpx.get(f"{node.url}/tron/wallet/broadcasttransaction").status_code == 405
    assert httpx.post(f"{node.url}/tron/wallet/nosuchmethod").status_code == 404
    assert httpx.post(f"{node.url}/tron/walletsolidity/broadcasttransaction").status_code == 404
    by_get = httpx.get(f"{node.url}/tron/wallet/getblockbynum", params={"num": "1", "visible": "true"}).json()
    assert by_get["block_header"]["raw_data"]["number"] == 1


# -- history: in the chain's database, and in its Ethereum view ------------------------------------------


def test_history_survives_a_restart() -> None:
    data = Path(tempfile.mkdtemp(prefix="swapdesk-tron-restart-"))
    key = _key(2)
    with tron_server(data) as first:
        txn = first.tron.trx.transfer(key.public_key.to_base58check_address(), _stranger(), 3).build().sign(key)
        info = txn.broadcast().wait()
    with tron_server(data) as second:
        assert second.tron.get_transaction_info(txn.txid) == info
        assert [t["txID"] for t in second.tron.get_block(info["blockNumber"])["transactions"]] == [txn.txid]
        with pytest.raises(UnknownError) as refused:
            second.tron.broadcast(txn)  # the same bytes, to the restarted node
        assert refused.value.args[1] == "DUP_TRANSACTION_ERROR"


def test_ethereum_clients_see_tron_receipts_and_logs(node: Node) -> None:
    key = _key(0)
    usdt = node.tron.get_contract(node.token("USDT"))
    sent = usdt.functions.transfer(_stranger(), 9).with_owner(key.public_key.to_base58check_address())
    txn = sent.build().sign(key)
    info = txn.broadcast().wait()
    receipt = node.on_chain(ethview.receipt, bytes.fromhex(txn.txid))
    assert receipt["status"] == "0x1" and int(receipt["gasUsed"], 16) == info["receipt"]["energy_usage_total"]
    assert int(receipt["blockNumber"], 16) == info["blockNumber"]
    (log,) = receipt["logs"]
    assert log["address"] == node.manifest.token("USDT").address
    assert log["topics"] == ["0x" + t for t in info["log"][0]["topics"]]
    header_logs = node.on_chain(lambda chain: ethview.logs(chain, chain.header(info["blockNumber"])))
    assert header_logs == [log]
    (entry,) = node.on_chain(lambda chain: ethview.entries(chain, chain.header(info["blockNumber"])))
    assert entry.tx_hash.hex() == txn.txid and [e.address.hex() for e in entry.logs] == [log["address"][2:].lower()]
    transaction = node.on_chain(ethview.transaction, bytes.fromhex(txn.txid))
    assert transaction["from"] == _evm(key.public_key.to_base58check_address())
    assert transaction["input"] == "0x" + txn.to_json()["raw_data"]["contract"][0]["parameter"]["value"]["data"]


def test_the_chains_json_rpc_serves_tron_transactions_to_web3(node: Node) -> None:
    """As java-tron's /jsonrpc: a TRON transaction by its id, in its block, and its logs in eth_getLogs."""
    key = _key(1)
    usdt = node.tron.get_contract(node.token("USDT"))
    txn = usdt.functions.transfer(_stranger(), 11).with_owner(key.public_key.to_base58check_address()).build()
    info = txn.sign(key).broadcast().wait()
    w3 = Web3(Web3.HTTPProvider(f"{node.url}/rpc/{TRON}"))
    receipt = w3.eth.get_transaction_receipt("0x" + txn.txid)
    assert receipt["status"] == 1 and receipt["blockNumber"] == info["blockNumber"]
    block = w3.eth.get_block(info["blockNumber"])
    assert "0x" + txn.txid in [t.to_0x_hex() for t in block["transactions"] if isinstance(t, HexBytes)]
    usdt_address = Web3.to_checksum_address(node.manifest.token("USDT").address)
    logs = w3.eth.get_logs({"fromBlock": info["blockNumber"], "toBlock": info["blockNumber"], "address": usdt_address})
    assert [log["transactionHash"].to_0x_hex() for log in logs] == ["0x" + txn.txid]
    assert w3.eth.get_transaction("0x" + txn.txid)["from"] == _evm(key.public_key.to_base58check_address())
