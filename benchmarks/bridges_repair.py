"""Cross-chain orders after a chain is repaired back (issue 29.3): per bridge, orders paid once, paid twice and
never paid, as the chains hold them once the operators have had their rounds.

    PYTHONPATH=. python benchmarks/bridges_repair.py [--orders 3] [--rounds 400]

Each direction on a fresh devnet (speed 50), `--orders` orders per bridge, $100 of USDT from BSC to Polygon, all
completed, the chain's journal then damaged in the first record written after a mark taken before the deposits,
and the chain repaired as a user does (`repair --keep-prefix`):

- destination: Polygon loses the payouts, BSC keeps the deposits. Once every payout is on Polygon again, or every
  operator has polled `--rounds` times more, each order's payouts on Polygon are counted;
- source: BSC loses the deposits, Polygon keeps the payouts. After `--rounds` polls of every operator, whether the
  provider still knows each order is noted; then the same deposits land again (their wallets re-broadcast them),
  and after `--rounds` polls more each order's payouts are counted. An order deposited and completed before the
  mark (its deposit in the blocks kept) is watched too: left as it was, or dropped and found again anew.

Only what the code before the fix has is used (the stores, the chains), so the same script measures both.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
from collections.abc import Awaitable, Callable
from pathlib import Path

from swapdesk.chain.bridge_events import ANY_SWAP_IN, BRIDGERS_PAYOUT, CB_RELAY
from swapdesk.chains import by_id
from swapdesk.contracts import artifact
from swapdesk.devnet.bridges.metapath import order_id
from swapdesk.devnet.bridges.operator_loop import Operator
from swapdesk.devnet.journal import RECORD_HEAD, record_spans
from swapdesk.devnet.repair import repair_chain
from tests.devnet.bridges_world import BridgeNet, bridge_net, until
from tests.devnet.rewind_world import Signed, outcomes
from tests.devnet.test_bridges_rewind_anyswap import swap_out
from tests.devnet.test_bridges_rewind_cbridge import send

BRIDGERS, ERC20 = artifact("Bridgers"), artifact("ERC20")
BSC, POLYGON = 56, 137
BRIDGES = ("metapath", "cbridge", "anyswap")
FINAL = {"metapath": "receive_complete", "cbridge": "COMPLETED", "anyswap": "MatchTxStable"}


def operator(net: BridgeNet, bridge: str) -> Operator:
    return {"metapath": net.providers.metapath, "cbridge": net.providers.cbridge, "anyswap": net.providers.anyswap}[
        bridge
    ]


async def deposit(net: BridgeNet, bridge: str, who: Signed, n: int) -> str:
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


async def completed(net: BridgeNet, bridge: str, key: str) -> None:
    async def done() -> bool | None:
        order = operator(net, bridge).store.get(key)
        return True if order is not None and order.state == FINAL[bridge] else None

    await until(done, f"{bridge} order {key} completes", 120)


async def payouts(net: BridgeNet, bridge: str, key: str) -> int:
    dst = await net.deployment(POLYGON)
    if bridge == "metapath":
        return await outcomes(net, POLYGON, dst.metapath.contract, BRIDGERS_PAYOUT, "orderId", key)
    if bridge == "cbridge":
        return await outcomes(net, POLYGON, dst.cbridge.bridge, CB_RELAY, "srcTransferId", key)
    return await outcomes(net, POLYGON, dst.anyswap.router, ANY_SWAP_IN, "txhash", key)


def journal(net: BridgeNet, chain_id: int) -> Path:
    assert net.devnet.data is not None
    folder = net.devnet.data.path(chain_id)
    return max(folder.glob("journal*"), key=lambda p: int(p.name.partition(".")[2] or 0))


async def repair_after(net: BridgeNet, chain_id: int, path: Path, size: int) -> None:
    """The first record written after `size` damaged in place, the chain stopped, repaired, started again."""
    start, end = next((s, e) for s, e in record_spans(path.read_bytes()) if s >= size)
    with open(path, "r+b") as disk:
        disk.seek((start + RECORD_HEAD + end) // 2)
        byte = disk.read(1)[0]
        disk.seek(-1, 1)
        disk.write(bytes([byte ^ 0x10]))
    await net.devnet.stop(chain_id)
    assert net.devnet.data is not None
    print(f"  {repair_chain(net.devnet.data, by_id(chain_id), keep_prefix=True).words.split(' The damaged')[0]}")
    await net.devnet.start(chain_id)


async def rounds(net: BridgeNet, count: int, done: Callable[[], Awaitable[bool]] | None = None) -> None:
    """Until every operator has polled `count` times more (or `done()` answers True first)."""
    start = {op.name: op.polls for op in net.providers.operators}

    async def over() -> bool | None:
        if done is not None and await done():
            return True
        return True if all(op.polls >= start[op.name] + count for op in net.providers.operators) else None

    await until(over, f"{count} polls of every operator", 600)


def tally(counts: list[int]) -> str:
    once, twice, never = sum(c == 1 for c in counts), sum(c >= 2 for c in counts), sum(c == 0 for c in counts)
    return f"paid once {once}, paid twice {twice}, never paid {never}"


async def destination(orders: int, count: int, root: Path) -> None:
    print(f"destination repaired back ({orders} orders per bridge):")
    async with bridge_net([BSC, POLYGON], data=root) as net:
        path = journal(net, POLYGON)
        size = path.stat().st_size
        keys = {
            b: [await deposit(net, b, Signed(net.wallet(BSC, 1 + n)), 10 + n) for n in range(orders)] for b in BRIDGES
        }
        for bridge, found in keys.items():
            for key in found:
                await completed(net, bridge, key)
        await repair_after(net, POLYGON, path, size)

        async def all_paid() -> bool:
            for bridge, found in keys.items():
                for key in found:
                    if not await payouts(net, bridge, key):
                        return False
            return True

        await rounds(net, count, all_paid)
        for bridge, found in keys.items():
            print(f"  {bridge:9} {tally([await payouts(net, bridge, key) for key in found])}")


async def source(orders: int, count: int, root: Path) -> None:
    print(f"source repaired back ({orders} orders per bridge, their deposits landing again after):")
    async with bridge_net([BSC, POLYGON], data=root) as net:
        early = {b: await deposit(net, b, Signed(net.wallet(BSC, 8)), 30 + i) for i, b in enumerate(BRIDGES)}
        for bridge, key in early.items():
            await completed(net, bridge, key)
        steps = {b: operator(net, b).store.steps(k) for b, k in early.items()}
        path = journal(net, BSC)
        size = path.stat().st_size
        wallets = {b: [Signed(net.wallet(BSC, 1 + n)) for n in range(orders)] for b in BRIDGES}
        keys = {b: [await deposit(net, b, w, 20 + n) for n, w in enumerate(found)] for b, found in wallets.items()}
        for bridge, found in keys.items():
            for key in found:
                await completed(net, bridge, key)
        await repair_after(net, BSC, path, size)
        await rounds(net, count)
        known = {b: sum(operator(net, b).store.get(k) is not None for k in found) for b, found in keys.items()}
        kept = {b: operator(net, b).store.steps(k) == steps[b] for b, k in early.items()}
        for signers in wallets.values():
            for who in signers:
                await who.replay()
        await rounds(net, count)
        for bridge, found in keys.items():
            counts = [await payouts(net, bridge, key) for key in found]
            early_order = "left as it was" if kept[bridge] else "dropped, found anew"
            print(f"  {bridge:9} {tally(counts)}; orders still known after the repair {known[bridge]}/{orders};"
                  f" the order in the blocks kept {early_order}")  # fmt: skip


async def main(orders: int, count: int) -> None:
    root = Path(tempfile.mkdtemp(prefix="swapdesk-bench-repair-"))
    await destination(orders, count, root / "destination")
    await source(orders, count, root / "source")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--orders", type=int, default=3, help="orders per bridge and direction (default 3)")
    parser.add_argument("--rounds", type=int, default=400, help="operator polls waited after each change (default 400)")
    args = parser.parse_args()
    asyncio.run(main(args.orders, args.rounds))
