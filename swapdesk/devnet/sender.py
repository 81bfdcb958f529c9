"""Signs transactions with a key and sends them to a chain: straight to a
`DevChain` (`Sender`, on the chain's own thread) or through JSON-RPC to any
node (`RpcSender`). The world builder and contract tests use them.
"""

from __future__ import annotations

from typing import Any, Protocol

import httpx
from eth_account import Account
from eth_typing import Address

from swapdesk.contracts import Artifact
from swapdesk.devnet.evm import Call, DevChain, contract_address


class Reverted(RuntimeError):
    def __init__(self, tx_hash: bytes) -> None:
        super().__init__(f"transaction 0x{tx_hash.hex()} reverted")
        self.tx_hash = tx_hash


def signed_transaction(
    account: Any, chain_id: int, nonce: int, base_fee: int, to: bytes | str | None, data: bytes, value: int, gas: int
) -> bytes:
    """A signed EIP-1559 transaction paying twice the base fee at most (devnet and anvil blocks are never full)."""
    if isinstance(to, str):
        to = bytes.fromhex(to.removeprefix("0x"))
    tx = {
        "to": to or b"",
        "data": data,
        "value": value,
        "gas": gas,
        "maxFeePerGas": base_fee * 2 + 1,
        "maxPriorityFeePerGas": 1,
        "nonce": nonce,
        "chainId": chain_id,
        "type": 2,
    }
    return bytes(account.sign_transaction(tx).raw_transaction)


class Deployer(Protocol):
    address: str

    def send(self, to: bytes | str | None, data: bytes = b"", value: int = 0, gas: int = 500_000) -> bytes: ...
    def deploy(self, art: Artifact, *args: Any, blueprint: bool = False) -> bytes: ...
    def call(self, to: bytes | str, data: bytes) -> bytes: ...
    def place(self, address: str, code: bytes) -> None:
        """Put runtime `code` at `address` as state (what a presigned deployment put there on real chains)."""
        ...


class Sender:
    def __init__(self, chain: DevChain, key: bytes) -> None:
        self.chain = chain
        self.account = Account.from_key(key)
        self.address = str(self.account.address)
        self.raw_address = bytes.fromhex(self.address[2:])

    def send(self, to: bytes | str | None, data: bytes = b"", value: int = 0, gas: int = 500_000) -> bytes:
        """Mine a signed transaction; raise `Reverted` unless it succeeded."""
        nonce = self.chain.nonce(self.raw_address)
        raw = signed_transaction(
            self.account, self.chain.chain_id, nonce, self.chain.pending_base_fee, to, data, value, gas
        )
        tx_hash = self.chain.send_raw_transaction(raw)
        found = self.chain.transaction(tx_hash)
        assert found is not None, "every accepted transaction is mined at once"
        _, header, index = found
        if self.chain.receipts(header)[index].state_root != b"\x01":
            raise Reverted(tx_hash)
        return tx_hash

    def deploy(self, art: Artifact, *args: Any, blueprint: bool = False) -> bytes:
        data = art.blueprint if blueprint else art.deploy_data(*args)
        found = self.chain.transaction(self.send(None, data, gas=6_000_000))
        assert found is not None
        address = contract_address(found[0])
        assert address is not None
        return address

    def call(self, to: bytes | str, data: bytes) -> bytes:
        target = bytes.fromhex(to[2:]) if isinstance(to, str) else to
        return self.chain.call(Call(sender=self.raw_address, to=target, data=data))

    def place(self, address: str, code: bytes) -> None:
        target = Address(bytes.fromhex(address[2:]))
        self.chain.commit(lambda state: state.set_code(target, code))


class RpcError(RuntimeError):
    pass


class RpcSender:
    """The same, through standard JSON-RPC to a node (anvil, geth, /rpc/{id})."""

    def __init__(self, url: str, key: bytes) -> None:
        self._client = httpx.Client(timeout=60)
        self.url = url
        self.account = Account.from_key(key)
        self.address = str(self.account.address)
        self.chain_id = int(self._rpc("eth_chainId"), 16)

    def _rpc(self, method: str, *params: Any) -> Any:
        reply = self._client.post(self.url, json={"jsonrpc": "2.0", "id": 1, "method": method, "params": list(params)})
        body = reply.json()
        if "error" in body:
            raise RpcError(f"{method}: {body['error'].get('message')}")
        return body["result"]

    def send(self, to: bytes | str | None, data: bytes = b"", value: int = 0, gas: int = 500_000) -> bytes:
        """Send and get the receipt in one call (EIP-7966 eth_sendRawTransactionSync,
        spoken by anvil and the devnet); raise `Reverted` unless it succeeded."""
        base_fee = int(self._rpc("eth_getBlockByNumber", "latest", False)["baseFeePerGas"], 16)
        nonce = int(self._rpc("eth_getTransactionCount", self.address, "pending"), 16)
        raw = signed_transaction(self.account, self.chain_id, nonce, base_fee, to, data, value, gas)
        receipt = self._rpc("eth_sendRawTransactionSync", "0x" + raw.hex())
        tx_hash = bytes.fromhex(receipt["transactionHash"][2:])
        if receipt["status"] != "0x1":
            raise Reverted(tx_hash)
        self.last_receipt: dict[str, Any] = receipt
        return tx_hash

    def deploy(self, art: Artifact, *args: Any, blueprint: bool = False) -> bytes:
        data = art.blueprint if blueprint else art.deploy_data(*args)
        self.send(None, data, gas=6_000_000)
        return bytes.fromhex(self.last_receipt["contractAddress"][2:])

    def call(self, to: bytes | str, data: bytes) -> bytes:
        target = to if isinstance(to, str) else "0x" + to.hex()
        return bytes.fromhex(
            self._rpc("eth_call", {"from": self.address, "to": target, "data": "0x" + data.hex()}, "latest")[2:]
        )

    def place(self, address: str, code: bytes) -> None:
        """anvil's way (a test node's): a real network has the code already, or no way to put it there."""
        self._rpc("anvil_setCode", address, "0x" + code.hex())

    def close(self) -> None:
        self._client.close()
