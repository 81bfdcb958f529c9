"""Figures of the TRON variant on the embedded devnet, as the app runs it (the TRON node in process).

    python benchmarks/tron.py [--swaps 20]

The TRON quote (`/v3/core/swap`'s engine) p50/p95, its fee limit measured on the node (the issuer has
approved the router) and bounded (before the approval: no energy estimate); then, per quote, the swap's
round trip with tronpy: build (the node's reference block, the id checked), sign, broadcast (the node
runs it in a block), receipt (`gettransactioninfobyid`), each and in total.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time

from tronpy.async_contract import AsyncContract

from swapdesk.api import ChainRequest, TronSwapRequest, parse
from swapdesk.chains import resolve
from swapdesk.contracts import artifact
from swapdesk.devnet.accounts import demo_key
from swapdesk.devnet.backend import DevnetBackend
from swapdesk.devnet.network import Devnet
from swapdesk.engine import Engine
from swapdesk.engine.tron.node_client import local_txid
from swapdesk.engine.tron.quote import TronQuoter
from swapdesk.engine.tron.swap_flat import FUNCTION, tronpy_values
from swapdesk.wallet import PrivateKey


def ms(values: list[float]) -> str:
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]
    return f"p50 {statistics.median(ordered) * 1000:7.1f} ms   p95 {p95 * 1000:7.1f} ms"


async def run(count: int) -> None:
    backend = DevnetBackend(Devnet())  # in memory, from the world's snapshot
    engine = Engine(backend)
    quoter = TronQuoter(engine.aggregator, backend)
    tron = quoter.tron
    chain = resolve("TRON")
    tokens = {t.symbol: t for t in await engine.tokens(ChainRequest(chain))}
    usdt, trx = tokens["USDT"], tokens["TRX"]
    trader, stranger = PrivateKey(demo_key(5)), PrivateKey(demo_key(6))  # 6 never approves: bounded limits

    def request(key: PrivateKey, amount: int) -> TronSwapRequest:
        query = {"chain": "TRON", "token0": usdt.address, "token1": trx.address, "decimal0": "6", "decimal1": "6",
                 "amountIn": str(amount * 10**6), "impact": "50", "part": "10", "to": key.tron_address,
                 "issuer": key.tron_address, "amountOutMin": "0"}  # fmt: skip
        return parse(TronSwapRequest, query.items())

    first = await quoter.quote(request(trader, 100))
    token = AsyncContract(addr=usdt.address, abi=artifact("ERC20").abi, client=tron)
    approve = await token.functions.approve.with_owner(trader.tron_address)(first.aggregator, 10**15)
    approval = await approve.fee_limit(first.data.options.feeLimit).build()
    trader.sign_tron(approval)
    await (await approval.broadcast()).wait()

    figures: dict[str, list[float]] = {}

    def timed(what: str, started: float) -> float:
        now = time.perf_counter()
        figures.setdefault(what, []).append(now - started)
        return now

    router = AsyncContract(addr=first.aggregator, abi=artifact("AggregationRouter").abi, client=tron)
    for i in range(count):
        started = time.perf_counter()
        await quoter.quote(request(stranger, 100 + i))
        started = timed("quote, fee limit bounded (before approval)", started)
        quote = await quoter.quote(request(trader, 100 + i))
        trip = started = timed("quote, fee limit measured (estimateenergy)", started)
        data = quote.data
        method = router.functions[FUNCTION].with_owner(data.issuer).with_transfer(int(data.options.callValue))
        transaction = await (await method(*tronpy_values(data.parameter))).fee_limit(data.options.feeLimit).build()
        assert local_txid(transaction.to_json()["raw_data"]) == transaction.txid
        started = timed("build (reference block, id checked)", started)
        trader.sign_tron(transaction)
        started = timed("sign (tronpy)", started)
        sent = await transaction.broadcast()
        started = timed("broadcast (run in a block)", started)
        assert (await tron.get_transaction_info(sent.txid))["receipt"]["result"] == "SUCCESS"
        timed("receipt (gettransactioninfobyid)", started)
        timed("round trip: build, sign, broadcast, receipt", trip)
    print(f"{count} TRON quotes and swaps of USDT -> TRX on the devnet, the TRON node in process (the app's path)")
    for what, values in figures.items():
        print(f"  {what:<46}{ms(values)}")
    await quoter.aclose()
    await engine.aclose()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--swaps", type=int, default=20)
    asyncio.run(run(parser.parse_args().swaps))


if __name__ == "__main__":
    main()
