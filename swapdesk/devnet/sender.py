"""Signs transactions with a key and sends them straight to a `DevChain`.

Used by the world builder and by tests that drive contracts on a chain they
own; it runs on the chain's thread, so it never goes through JSON-RPC.
"""

from __future__ import annotations

from typing import Any

from eth_account import Account

from swapdesk.contracts import Artifact
from swapdesk.devnet.evm import Call, DevChain, contract_address


class Reverted(RuntimeError):
    def __init__(self, tx_hash: bytes) -> None:
        super().__init__(f"transaction 0x{tx_hash.hex()} reverted")
        self.tx_hash = tx_hash


class Sender:
    def __init__(self, chain: DevChain, key: bytes) -> None:
        self.chain = chain
        self.account = Account.from_key(key)
        self.address = str(self.account.address)
        self.raw_address = bytes.fromhex(self.address[2:])

    def send(self, to: bytes | str | None, data: bytes = b"", value: int = 0, gas: int = 500_000) -> bytes:
        """Mine a signed transaction; raise `Reverted` unless it succeeded."""
        if isinstance(to, str):
            to = bytes.fromhex(to.removeprefix("0x"))
        tx = {
            "to": to or b"",
            "data": data,
            "value": value,
            "gas": gas,
            "maxFeePerGas": self.chain.pending_base_fee * 2 + 1,
            "maxPriorityFeePerGas": 1,
            "nonce": self.chain.nonce(self.raw_address),
            "chainId": self.chain.chain_id,
            "type": 2,
        }
        tx_hash = self.chain.send_raw_transaction(bytes(self.account.sign_transaction(tx).raw_transaction))
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
