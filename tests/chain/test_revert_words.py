"""A transaction that reverts says the same words on every chain: one reader of revert data (`chain.reverts`) for
the EVM outbox (a replay on the node), the TRON outbox (the node's TransactionInfo) and the devnet's nodes.

The contract adds two numbers as Solidity 0.8 does, reverting with `Panic(0x11)` on an overflow: its runtime is
written out below, as solc's checked addition compiles to. It runs on anvil (a real EVM node) and on the devnet's
TRON chain, called by tronpy over the node's HTTP API.
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from eth.constants import ZERO_ADDRESS
from eth_typing import Address
from tronpy.keys import PrivateKey
from web3 import AsyncHTTPProvider, AsyncWeb3

from swapdesk.address import to_tron
from swapdesk.chain.receipts import revert_reason
from swapdesk.devnet.accounts import demo_key
from swapdesk.devnet.evm import DevChain
from swapdesk.devnet.tron.contracts import register
from swapdesk.engine.tron.node_client import failure
from tests.anvil import running_anvil
from tests.devnet.test_tron_node import Node, tron_server

ADDER = bytes.fromhex(
    "600435"  # a = calldata[4:36]
    "602435"  # b = calldata[36:68]
    "8101"  # c = a + b
    "808211601657"  # jump to the panic when a > c (the sum wrapped)
    "60005260206000f3"  # return c
    "5b634e487b7160e01b600052"  # panic: memory[0:4] = Panic(uint256)'s selector
    "601160045260246000fd"  # memory[4:36] = 0x11; revert(0, 36)
)
ABI = [
    {
        "type": "function",
        "name": "add",
        "stateMutability": "nonpayable",
        "inputs": [{"name": "a", "type": "uint256"}, {"name": "b", "type": "uint256"}],
        "outputs": [{"name": "", "type": "uint256"}],
    }
]
SELECTOR = bytes.fromhex("771602f7")  # add(uint256,uint256)
OVERFLOW = (2**256 - 1, 1)


@pytest.fixture(scope="module")
def node() -> Iterator[Node]:
    with tron_server(Path(tempfile.mkdtemp(prefix="swapdesk-reverts-"))) as running:
        yield running


async def test_a_tron_panic_reads_as_the_same_words_as_on_evm(node: Node) -> None:
    evm = await _evm_words()
    assert evm == "reverted: arithmetic underflow or overflow"  # geth's words, as the devnet's nodes say them
    assert _tron_words(node) == evm


async def _evm_words() -> str:
    """What the EVM outbox says of a mined transaction that overflowed."""
    with running_anvil(31337) as url:
        w3 = AsyncWeb3(AsyncHTTPProvider(url))
        me = (await w3.eth.accounts)[0]
        creation = bytes.fromhex(f"60{len(ADDER):02x}80600b6000396000f3") + ADDER  # copy the runtime, return it
        deployed = await w3.eth.wait_for_transaction_receipt(
            await w3.eth.send_transaction({"from": me, "data": creation})
        )
        adder = deployed["contractAddress"]
        assert adder is not None
        call = SELECTOR + b"".join(n.to_bytes(32, "big") for n in OVERFLOW)
        sent = await w3.eth.send_transaction({"from": me, "to": adder, "data": call, "gas": 100_000})
        assert (await w3.eth.wait_for_transaction_receipt(sent))["status"] == 0
        return await revert_reason(w3, await w3.eth.get_transaction(sent))


def _tron_words(node: Node) -> str:
    """What the TRON outbox says of the same call mined on TRON."""
    contract = bytes.fromhex("5e" * 20)

    def place(chain: DevChain) -> None:
        chain.commit(lambda state: state.set_code(Address(contract), ADDER))
        register(chain, contract, "Adder", ABI, ZERO_ADDRESS)

    node.on_chain(place)
    key = PrivateKey(demo_key(4))
    me = key.public_key.to_base58check_address()
    adder = node.tron.get_contract(to_tron(contract))
    info: dict[str, Any] = (
        adder.functions.add.with_owner(me)(*OVERFLOW).fee_limit(10**8).build().sign(key).broadcast().wait()
    )
    assert info["receipt"]["result"] == "REVERT", info
    return failure(info)
