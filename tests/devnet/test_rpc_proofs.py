"""`eth_getProof` (EIP-1186): an account and its storage slots, proven against the block's `stateRoot`.

The proofs are checked here by a walk of their own (RLP and keccak, nothing of the devnet's or of py-evm's trie
code): from the block's state root down the path of keccak(address) to the account, from its storage root down
the path of keccak(slot) to the value; a key that is absent must be proven absent.
"""

from __future__ import annotations

from typing import Any

import httpx
import pytest
import rlp
from eth_account import Account
from eth_utils import keccak

from swapdesk.contracts import artifact
from swapdesk.devnet.accounts import demo_key
from swapdesk.devnet.sender import RpcSender

from .rpc_client import call, error, post

pytestmark = pytest.mark.slow

BSC = 56
ERC20 = artifact("ERC20")
EMPTY_ROOT = keccak(rlp.encode(b""))  # the root of a trie with nothing in it


def _result(url: str, method: str, *params: Any) -> Any:
    answer = post(url, call(method, *params)).json()
    assert "error" not in answer, answer
    return answer["result"]


def _nibbles(key: bytes) -> list[int]:
    return [n for byte in key for n in (byte >> 4, byte & 15)]


def _path(encoded: bytes) -> tuple[list[int], bool]:
    """A leaf's or extension's hex-prefix path: its nibbles, and whether it is a leaf."""
    flag = encoded[0] >> 4
    nibbles = _nibbles(encoded)[1 if flag & 1 else 2 :]
    return nibbles, bool(flag & 2)


def proven(root: bytes, key: bytes, proof: list[str]) -> bytes | None:
    """The value the proof shows under keccak(key) in the trie whose root hash is `root`, or None when it shows
    that no value is there; AssertionError when the proof does not hold together (a node that is not the one its
    parent names, a path that ends early, nodes left over)."""
    nodes = [bytes.fromhex(node[2:]) for node in proof]
    if not nodes:
        assert root == EMPTY_ROOT, "no proof, but the trie is not empty"
        return None
    wanted, at = _nibbles(keccak(key)), 0
    reference: Any = root
    for index, encoded in enumerate(nodes):
        assert isinstance(reference, bytes) and keccak(encoded) == reference, f"node {index} is not the one named"
        last = index == len(nodes) - 1
        node = rlp.decode(encoded)
        while True:  # within this proof element: it and the nodes embedded in it (under 32 bytes)
            if len(node) == 17:
                if at == len(wanted):
                    assert last, "nodes left over"
                    return bytes(node[16]) or None
                reference, at = node[wanted[at]], at + 1
            else:
                path, leaf = _path(node[0])
                if wanted[at : at + len(path)] != path or leaf:
                    assert last, "nodes left over"
                    matches = wanted[at : at + len(path)] == path and at + len(path) == len(wanted)
                    return bytes(node[1]) if leaf and matches else None  # elsewhere: the key is absent
                at += len(path)
                reference = node[1]
            if reference == b"":
                assert last, "nodes left over"
                return None  # an empty slot of a branch: absent
            if not isinstance(reference, list):
                break  # a node by its hash: the proof's next element
            node = reference
    raise AssertionError("the proof ends before the path does")


def _check(url: str, block: str, account: str, keys: list[str]) -> dict[str, Any]:
    """eth_getProof at `block`, every proof walked and every figure compared with what the plain reads say."""
    answer = _result(url, "eth_getProof", account, keys, block)
    header = _result(url, "eth_getBlockByNumber", block, False)
    found = proven(bytes.fromhex(header["stateRoot"][2:]), bytes.fromhex(account[2:]), answer["accountProof"])
    if found is None:
        assert (answer["balance"], answer["nonce"]) == ("0x0", "0x0")
        assert answer["codeHash"] == answer["storageHash"] == "0x" + "00" * 32  # as geth says an absent account
    else:
        nonce, balance, storage_root, code_hash = rlp.decode(found)
        assert (
            answer["nonce"]
            == hex(int.from_bytes(nonce, "big"))
            == _result(url, "eth_getTransactionCount", account, block)
        )
        assert (
            answer["balance"] == hex(int.from_bytes(balance, "big")) == _result(url, "eth_getBalance", account, block)
        )
        assert answer["storageHash"] == "0x" + storage_root.hex()
        code = bytes.fromhex(_result(url, "eth_getCode", account, block)[2:])
        assert answer["codeHash"] == "0x" + code_hash.hex() == "0x" + keccak(code).hex()
    for asked, slot in zip(keys, answer["storageProof"], strict=True):
        number = int(asked, 16)
        stored = _result(url, "eth_getStorageAt", account, hex(number), block)
        assert slot["value"] == hex(int(stored, 16))
        if found is None:
            assert slot["proof"] == []
            continue
        value = proven(bytes.fromhex(answer["storageHash"][2:]), number.to_bytes(32, "big"), slot["proof"])
        assert (int.from_bytes(rlp.decode(value), "big") if value is not None else 0) == int(stored, 16)
        assert (value is None) == (int(stored, 16) == 0)  # a zero slot is absent from the trie, and proven so
    return dict(answer)


def test_an_account_and_its_slots_are_proven_against_the_blocks_state_root(server_url: str) -> None:
    url = f"{server_url}/rpc/{BSC}"
    tokens = httpx.get(f"{server_url}/ext/v1/tokens", params={"chain": BSC}, timeout=120).json()["data"]
    usdt = next(t["address"] for t in tokens if t["symbol"] == "USDT")
    sender, receiver = RpcSender(url, demo_key(6)), Account.create().address
    data = ERC20.encode("transfer", receiver, 5 * 10**18)
    listed = _result(url, "eth_createAccessList", {"from": sender.address, "to": usdt, "input": "0x" + data.hex()})
    balances = listed["accessList"][0]["storageKeys"]  # the sender's and the receiver's balance slots
    before = _result(url, "eth_blockNumber")
    sender.send(usdt, data)
    sender.close()
    keys = [*balances, "0x" + "00" * 31 + "2a"]  # and a slot the token never wrote

    now = _check(url, "latest", usdt, keys)
    then = _check(url, before, usdt, keys)
    assert now["storageHash"] != then["storageHash"]  # the transfer changed two balances
    assert [s["value"] for s in now["storageProof"]][2] == "0x0"
    assert [s["key"] for s in now["storageProof"]] == keys  # 32-byte keys come back as given

    short = _check(url, "latest", usdt, ["0x0", "0x2a"])  # geth's short keys: answered as quantities
    assert [s["key"] for s in short["storageProof"]] == ["0x0", "0x2a"]
    nobody = _check(url, "latest", Account.create().address, ["0x1"])  # proven absent
    assert nobody["storageProof"] == [{"key": "0x1", "value": "0x0", "proof": []}]
    _check(url, "latest", sender.address, [])  # an account with no code and no storage

    root = bytes.fromhex(_result(url, "eth_getBlockByNumber", "latest", False)["stateRoot"][2:])
    proof = now["accountProof"]
    tampered = [*proof[:-1], proof[-1][:-2] + ("00" if proof[-1][-2:] != "00" else "01")]  # the account, altered
    with pytest.raises(AssertionError, match="not the one named"):
        proven(root, bytes.fromhex(usdt[2:]), tampered)
    with pytest.raises(AssertionError, match="ends before"):
        proven(root, bytes.fromhex(usdt[2:]), proof[:-1])


def test_bad_proof_requests_are_refused_naming_the_parameter(server_url: str) -> None:
    url = f"{server_url}/rpc/{BSC}"
    account = "0x" + "11" * 20
    for keys, words in ((["0x" + "00" * 33], "storage key"), ("0x1", "array"), (["zz"], "storage key")):
        refused = error(post(url, call("eth_getProof", account, keys, "latest")).json())
        assert refused["code"] == -32602 and "argument 1 (storageKeys)" in refused["message"], refused
        assert words in refused["message"]
