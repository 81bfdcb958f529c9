"""What the repair tests share: a chain repaired as a user repairs it (stopped, its journal damaged in a record
written after a mark, `repair --keep-prefix`, started again), and each bridge seen the same way: a deposit from
BSC to Polygon, the provider's record of it (status, payout, note, timeline), and its payouts and refunds as the
chains hold them now."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from swapdesk.chain.bridge_events import ANY_SWAP_IN, BRIDGERS_PAYOUT, BRIDGERS_REFUND, CB_RELAY, CB_WITHDRAW_DONE
from swapdesk.chains import by_id
from swapdesk.contracts import artifact
from swapdesk.devnet.bridges.metapath import order_id
from swapdesk.devnet.damage import ChainDamaged
from swapdesk.devnet.journal import RECORD_HEAD, record_spans
from swapdesk.devnet.repair import repair_chain

from .bridges_world import BridgeNet
from .rewind_world import Signed, outcomes
from .test_bridges_rewind_anyswap import swap_out
from .test_bridges_rewind_cbridge import send

BRIDGERS, ERC20 = artifact("Bridgers"), artifact("ERC20")
BSC, POLYGON = 56, 137
BRIDGES = ("metapath", "cbridge", "anyswap")
FINAL = {"metapath": "receive_complete", "cbridge": "COMPLETED", "anyswap": "MatchTxStable"}


@dataclass(frozen=True)
class Mark:
    """Where a chain's journal ended at a moment: the blocks written after it are the ones a repair loses."""

    journal: Path
    size: int


def journal(net: BridgeNet, chain_id: int) -> Path:
    assert net.devnet.data is not None
    folder = net.devnet.data.path(chain_id)
    return max(folder.glob("journal*"), key=lambda p: int(p.name.partition(".")[2] or 0))


def mark(net: BridgeNet, chain_id: int) -> Mark:
    path = journal(net, chain_id)
    return Mark(path, path.stat().st_size)


async def repair_from(net: BridgeNet, chain_id: int, since: Mark) -> int:
    """The first journal record written after `since` damaged (a byte of its payload flipped in place, as a disk
    does, while the chain runs), the chain stopped and refusing to start again (whoever asks), then repaired as the
    user does (`--keep-prefix`) and started again: the first block lost."""
    assert journal(net, chain_id) == since.journal, "the chain compacted its journal meanwhile"
    start, end = next((s, e) for s, e in record_spans(since.journal.read_bytes()) if s >= since.size)
    with open(since.journal, "r+b") as disk:
        disk.seek((start + RECORD_HEAD + end) // 2)
        byte = disk.read(1)[0]
        disk.seek(-1, 1)
        disk.write(bytes([byte ^ 0x10]))
    await net.devnet.stop(chain_id)
    with pytest.raises(ChainDamaged):
        await net.devnet.start(chain_id)
    assert net.devnet.data is not None
    repaired = repair_chain(net.devnet.data, by_id(chain_id), keep_prefix=True)
    assert repaired.first_lost is not None and "will be judged again" in repaired.words, repaired.words
    await net.devnet.start(chain_id)
    return repaired.first_lost


@dataclass(frozen=True)
class Seen:
    """An order as its provider's API shows it."""

    state: str
    payout: str  # the payout's hash, "" before it is sent
    note: str
    timeline: list[dict[str, Any]]


async def deposit(net: BridgeNet, bridge: str, who: Signed, n: int) -> str:
    """$100 of USDT from BSC to Polygon through `bridge`, signed and kept by `who`: the order's key."""
    if bridge == "cbridge":
        return await send(net, who, 100, n, 10_000)
    if bridge == "anyswap":
        return await swap_out(net, who, 100)
    deployment = await net.deployment(BSC)
    vault = deployment.metapath.contract
    usdt = next(t.address for t in deployment.metapath.tokens if t.symbol == "USDT")
    await who.send(usdt, ERC20.encode("approve", vault, 100 * 10**18))
    tx = await who.send(vault, BRIDGERS.encode("swap", usdt, "USDT(POLYGON)", who.wallet.address, 100 * 10**18, 0))
    return order_id(BSC, tx)


async def seen(net: BridgeNet, bridge: str, key: str) -> Seen | None:
    """The order as the provider's API shows it; None while it knows none."""
    if bridge == "metapath":
        answer = await net.post("metapath", "/api/exchangeRecord/getTransDataById", {"orderId": key})
        data = answer["data"] if answer["resCode"] == 100 else None
        return None if data is None else Seen(data["status"], data["toHash"], data.get("note", ""), data["timeline"])
    if bridge == "cbridge":
        status = await net.post("cbridge", "/v2/getTransferStatus", {"transfer_id": key})
        if not status.get("status"):
            return None
        return Seen(status["timeline"][-1]["status"], status["dst_tx_hash"], status.get("note", ""), status["timeline"])
    answer = await net.get("anyswap", f"/v3/tx/{key}")
    info = answer.get("info") if answer.get("msg") == "Success" else None
    if info is None:
        return None
    return Seen(info["timeline"][-1]["status"], info["swaptx"], info.get("note", ""), info["timeline"])


async def paid_and_refunded(net: BridgeNet, bridge: str, key: str) -> tuple[int, int]:
    """The order's payouts on Polygon and refunds on BSC, as the chains hold them now."""
    src, dst = await net.deployment(BSC), await net.deployment(POLYGON)
    if bridge == "metapath":
        paid = await outcomes(net, POLYGON, dst.metapath.contract, BRIDGERS_PAYOUT, "orderId", key)
        return paid, await outcomes(net, BSC, src.metapath.contract, BRIDGERS_REFUND, "orderId", key)
    if bridge == "cbridge":
        paid = await outcomes(net, POLYGON, dst.cbridge.bridge, CB_RELAY, "srcTransferId", key)
        return paid, await outcomes(net, BSC, src.cbridge.bridge, CB_WITHDRAW_DONE, "refid", key)
    return await outcomes(net, POLYGON, dst.anyswap.router, ANY_SWAP_IN, "txhash", key), 0
