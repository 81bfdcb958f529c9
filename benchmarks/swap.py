"""Figures of a swap from the app, on the embedded devnet.

    python benchmarks/swap.py [--swaps 20]

Per swap, with a demo account: the approval (sign, record, send, receipt),
then the swap's steps as the window runs them — final quote, checks on the
call data, dry run, and sign + record + send + receipt — p50/p95 each; and
the store's cost of recording one transaction and moving it on (fsync'd).
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import statistics
import tempfile
import time
from pathlib import Path

from swapdesk.api import AggSwapRequest, ChainRequest, parse
from swapdesk.chains import resolve
from swapdesk.devnet.accounts import demo_key
from swapdesk.devnet.backend import DevnetBackend
from swapdesk.engine import Engine
from swapdesk.engine.in_process import InProcess
from swapdesk.store import StoredTx, TxStore
from swapdesk.trade.checks import Shown
from swapdesk.trade.outbox import Outbox
from swapdesk.trade.swap import Trader
from swapdesk.wallet import PrivateKey


def note(marks: list[tuple[str, float]], words: str) -> None:
    marks.append((words, time.perf_counter()))


def ms(values: list[float]) -> str:
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]
    return f"p50 {statistics.median(ordered) * 1000:6.1f} ms   p95 {p95 * 1000:6.1f} ms"


async def swaps(count: int, folder: Path) -> None:
    engine = Engine(DevnetBackend())
    store = TxStore(folder / "transactions.sqlite")
    trader = Trader(engine, InProcess(engine), Outbox(store))
    key = PrivateKey(demo_key(5))
    chain = resolve("BSC")
    tokens = {t.symbol: t for t in await engine.tokens(ChainRequest(chain))}
    usdt, wbnb = tokens["USDT"], tokens["WBNB"]
    steps: dict[str, list[float]] = {}
    approvals, totals = [], []
    for i in range(count):
        query = {"chain": "BSC", "token0": usdt.address, "token1": wbnb.address, "decimal0": "18", "decimal1": "18",
                 "amountIn": str((100 + i) * 10**18), "impact": "50", "part": "10", "to": key.address,
                 "issuer": key.address, "amountOutMin": "0"}  # fmt: skip
        request = parse(AggSwapRequest, query.items())
        shown = Shown(request, await engine.agg_swap(request), ("USDT", "WBNB"))
        started = time.perf_counter()
        await trader.approve(key, shown)
        approvals.append(time.perf_counter() - started)
        marks: list[tuple[str, float]] = []
        started = time.perf_counter()
        result = await trader.swap(key, shown, step=functools.partial(note, marks))
        ended = time.perf_counter()
        totals.append(ended - started)
        assert result.amount_out == int(shown.quote.totalAmountOut)
        for (words, at), (_, until) in zip(marks, [*marks[1:], ("", ended)], strict=True):
            steps.setdefault(words, []).append(until - at)
    print(f"{count} swaps of USDT -> WBNB on the BSC devnet, each after its own exact approval")
    print(f"  approval (sign, record, send, receipt)        {ms(approvals)}")
    for words, values in steps.items():
        print(f"  {words:<46}{ms(values)}")
    print(f"  swap, all steps                               {ms(totals)}")
    store.close()
    await engine.aclose()


def store_costs(folder: Path, count: int = 200) -> None:
    store = TxStore(folder / "bench.sqlite")
    records, marks = [], []
    for n in range(count):
        tx = StoredTx(f"0x{n:064x}", 56, "swap", "0x" + "00" * 20, n, "0x" + "ab" * 400, "signed", {"amountIn": "1"})
        started = time.perf_counter()
        store.record(tx)
        records.append(time.perf_counter() - started)
        started = time.perf_counter()
        store.mark(tx.hash, "confirmed", block=n)
        marks.append(time.perf_counter() - started)
    print(f"store, {count} transactions (WAL, synchronous=FULL)")
    print(f"  record before sending                         {ms(records)}")
    print(f"  mark confirmed                                {ms(marks)}")
    store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--swaps", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        asyncio.run(swaps(args.swaps, Path(folder)))
        store_costs(Path(folder))


if __name__ == "__main__":
    main()
