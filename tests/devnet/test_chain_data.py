"""Chains that remember: what a client was told stays true after a restart; data is never lost silently."""

from __future__ import annotations

import inspect
import json
from pathlib import Path
from typing import Any

import pytest
from eth_account import Account

from swapdesk.contracts import artifact
from swapdesk.devnet import rewinds
from swapdesk.devnet.accounts import demo_key
from swapdesk.devnet.chaindata import ChainData, ChainInUse
from swapdesk.devnet.damage import ChainDamaged
from swapdesk.devnet.network import Devnet

CHAIN = 56
ERC20 = artifact("ERC20")


async def ask(net: Devnet, method: str, *params: Any) -> Any:
    """The JSON-RPC answer, decoded."""
    answer = await net.rpc(CHAIN, {"jsonrpc": "2.0", "id": 1, "method": method, "params": list(params)})
    assert answer is not None
    return json.loads(answer)


async def call(net: Devnet, method: str, *params: Any) -> Any:
    reply = await ask(net, method, *params)
    assert "error" not in reply, reply
    return reply["result"]


async def transfer(net: Devnet, key_index: int = 1, amount: int = 10**18) -> tuple[bytes, dict[str, Any]]:
    """A signed USDT transfer (it emits a Transfer log); its raw bytes and receipt."""
    sender = Account.from_key(demo_key(key_index))
    usdt = (await net.manifest(CHAIN)).token("USDT").address
    nonce = int(await call(net, "eth_getTransactionCount", sender.address, "latest"), 16)
    tx = {
        "to": usdt,
        "data": ERC20.encode("transfer", Account.create().address, amount),
        "gas": 100_000,
        "maxFeePerGas": 10**10,
        "maxPriorityFeePerGas": 1,
        "nonce": nonce,
        "chainId": CHAIN,
        "type": 2,
        "value": 0,
    }
    raw = bytes(sender.sign_transaction(tx).raw_transaction)
    receipt = await call(net, "eth_sendRawTransactionSync", "0x" + raw.hex())
    assert receipt["status"] == "0x1" and receipt["logs"]
    return raw, receipt


async def test_receipts_blocks_and_balances_survive_a_restart(tmp_path: Path) -> None:
    net = Devnet(ChainData(tmp_path))
    sent = [await transfer(net) for _ in range(3)]
    blocks = {r["blockNumber"]: await call(net, "eth_getBlockByNumber", r["blockNumber"], True) for _, r in sent}
    holder = Account.from_key(demo_key(1)).address
    balance = await call(net, "eth_getBalance", holder, "latest")
    await net.close()

    again = Devnet(ChainData(tmp_path))
    for raw, receipt in sent:
        assert await call(again, "eth_getTransactionReceipt", receipt["transactionHash"]) == receipt
        refused = await ask(again, "eth_sendRawTransaction", "0x" + raw.hex())
        assert "error" in refused and "nonce" in refused["error"]["message"].lower()
    for number, block in blocks.items():
        assert await call(again, "eth_getBlockByNumber", number, True) == block
    assert await call(again, "eth_getBalance", holder, "latest") == balance
    await transfer(again)  # and the chain goes on from there
    await again.close()


async def test_one_process_runs_a_chain_another_may_only_read_it(tmp_path: Path) -> None:
    owner = Devnet(ChainData(tmp_path))
    _, receipt = await transfer(owner)

    with pytest.raises(ChainInUse, match="in use by another swapdesk process"):
        await Devnet(ChainData(tmp_path)).start(CHAIN)

    reader = Devnet(ChainData(tmp_path), share=True)
    assert await call(reader, "eth_getTransactionReceipt", receipt["transactionHash"]) == receipt
    assert any("read-only view" in notice for notice in reader.notices)
    journal = tmp_path / str(CHAIN) / "journal"
    size = journal.stat().st_size
    await reader.close()
    assert journal.stat().st_size == size  # the reader wrote nothing
    await owner.close()


async def test_a_changed_world_starts_afresh_and_keeps_the_old_data_aside(tmp_path: Path) -> None:
    net = Devnet(ChainData(tmp_path))
    _, receipt = await transfer(net)
    await net.close()
    (tmp_path / str(CHAIN) / "world").write_text("an older world")

    fresh = Devnet(ChainData(tmp_path))
    assert await call(fresh, "eth_getTransactionReceipt", receipt["transactionHash"]) is None
    (notice,) = fresh.notices
    assert "world changed" in notice and "kept at" in notice
    (kept,) = tmp_path.glob(f"{CHAIN}.kept-*")
    assert str(kept) in notice
    assert "world changed" in (kept / "WHY.txt").read_text()
    assert (kept / "journal").stat().st_size > 0  # the old blocks are all there
    await fresh.close()


async def test_a_journal_that_is_not_ours_is_refused_kept_aside_never_overwritten(tmp_path: Path) -> None:
    net = Devnet(ChainData(tmp_path))
    await transfer(net)
    await net.close()
    journal = tmp_path / str(CHAIN) / "journal"
    journal.write_bytes(b"not a journal")

    fresh = Devnet(ChainData(tmp_path))
    with pytest.raises(ChainDamaged, match="journal is damaged at its header") as refused:
        await fresh.start(CHAIN)
    assert refused.value.kept is not None and (refused.value.kept / "journal").read_bytes() == b"not a journal"
    assert journal.read_bytes() == b"not a journal"
    await fresh.close()


async def test_reset_starts_a_chain_over_from_its_world(tmp_path: Path) -> None:
    net = Devnet(ChainData(tmp_path))
    _, receipt = await transfer(net)
    assert await net.reset(CHAIN) is True  # stops the running chain first
    record = rewinds.read(tmp_path / str(CHAIN))  # a rewind like a repair: the bridges judge its orders again
    assert record is not None and record.choice == "reset" and record.first_lost <= int(receipt["blockNumber"], 16)
    assert await call(net, "eth_getTransactionReceipt", receipt["transactionHash"]) is None
    assert int(await call(net, "eth_blockNumber"), 16) >= record.first_lost - 1  # it goes on from its world's head
    assert not list(tmp_path.glob(f"{CHAIN}.kept-*"))
    await net.close()


async def test_reset_refuses_a_chain_another_process_runs(tmp_path: Path) -> None:
    owner = Devnet(ChainData(tmp_path))
    await owner.start(CHAIN)
    with pytest.raises(ChainInUse):
        ChainData(tmp_path).reset(CHAIN, "BNB Smart Chain")
    await owner.close()


def test_the_world_key_covers_every_contract_the_builder_deploys() -> None:
    """A world is rebuilt when a contract it deploys changes, and only then."""
    import re

    from swapdesk.devnet import builder
    from swapdesk.devnet.bridges import deploy
    from swapdesk.engine import router  # the builder deploys swapdesk's router as anyone does, through it

    sources = "".join(inspect.getsource(module) for module in (builder, deploy, router))
    assert set(re.findall(r'artifact\("(\w+)"\)', sources)) == set(builder.CONTRACTS)
