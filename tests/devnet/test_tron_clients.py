"""What tronpy (swapdesk's own TRON client) and offline signers send the devnet's TRON node, beyond what
test_tron_node drives: `get_bandwidth` on accounts fresh and used, and a transaction signed by tronpy handed
over as protobuf hex (`wallet/broadcasthex`), encoded by tronpy's own protobuf classes (Google's protobuf)."""

from __future__ import annotations

import json
import tempfile
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from tronpy.exceptions import AddressNotFound
from tronpy.keys import PrivateKey
from tronpy.proto import tron_pb2
from tronpy.proto.transaction import _raw_data_to_protobuf
from tronpy.tron import Transaction

from swapdesk.devnet.accounts import demo_key

from .test_tron_node import Node, tron_server


@pytest.fixture(scope="module")
def node() -> Iterator[Node]:
    with tron_server(Path(tempfile.mkdtemp(prefix="swapdesk-tron-clients-"))) as running:
        yield running


def _hex(tx: Transaction) -> str:
    """The signed transaction as protobuf bytes in hex, as an offline signer hands it over."""
    signed = tx.to_json()
    message = tron_pb2.Transaction(
        raw_data=_raw_data_to_protobuf(signed["raw_data"]), signature=[bytes.fromhex(s) for s in signed["signature"]]
    )
    return str(message.SerializeToString().hex())


def test_tronpy_reads_the_bandwidth_of_fresh_and_used_accounts(node: Node) -> None:
    tron, key = node.tron, PrivateKey(demo_key(6))
    me = key.public_key.to_base58check_address()
    fresh = PrivateKey.random().public_key.to_base58check_address()
    with pytest.raises(AddressNotFound):  # TRON knows no account nothing was ever sent to
        tron.get_bandwidth(fresh)
    tron.trx.transfer(me, fresh, 1_000_000).build().sign(key).broadcast().wait()
    tron.trx.transfer(me, fresh, 1).build().sign(key).broadcast().wait()  # `me` has used bandwidth now
    # no free bandwidth and no staking on the devnet: every byte is paid in TRX, for the fresh and the used alike
    assert tron.get_bandwidth(fresh) == tron.get_bandwidth(me) == 0
    used = httpx.post(f"{node.url}/tron/wallet/getaccountnet", json={"address": me, "visible": True}).json()
    assert used == {"freeNetLimit": 0, "TotalNetLimit": 43_200_000_000}


def test_a_tronpy_signed_transaction_broadcast_as_hex(node: Node) -> None:
    tron, key = node.tron, PrivateKey(demo_key(7))
    me = key.public_key.to_base58check_address()
    receiver = PrivateKey.random().public_key.to_base58check_address()
    before = tron.get_account(me)["balance"]
    signed = tron.trx.transfer(me, receiver, 3_000_000).build().sign(key)
    url = f"{node.url}/tron/wallet/broadcasthex"

    answer = httpx.post(url, json={"transaction": _hex(signed)}).json()
    assert answer["result"] is True and (answer["code"], answer["message"]) == ("SUCCESS", "")
    assert answer["txid"] == signed.txid
    printed = json.loads(answer["transaction"])  # the transaction as JSON, in a string, as java-tron prints it
    assert printed["signature"] == signed.to_json()["signature"]
    assert printed["raw_data"]["contract"][0]["parameter"]["value"]["to_address"] == receiver
    info = tron.get_transaction_info(signed.txid)
    assert tron.get_account(receiver)["balance"] == 3_000_000
    assert tron.get_account(me)["balance"] == before - 3_000_000 - info["fee"]

    again = httpx.post(url, json={"transaction": _hex(signed)}).json()  # a replay: refused in java-tron's words
    assert (again["result"], again["code"], again["message"]) == (False, "DUP_TRANSACTION_ERROR", "Dup transaction.")
    assert again["txid"] == signed.txid
    for body in ({}, {"transaction": "zz"}, {"transaction": "0a"}):  # unreadable: java-tron's {"Error": ...}
        assert set(httpx.post(url, json=body).json()) == {"Error"}, body
    assert httpx.get(url).status_code == 405  # java-tron's servlet has no GET
