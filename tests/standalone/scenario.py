"""The engine on its own, as a user on a real network runs it: run in a process of its own where importing
`swapdesk.devnet` fails (`python -m tests.standalone.scenario URL CATALOGUE FOLDER KEY`).

Given only the chain's JSON-RPC URL and its catalogue (factories, no pools, no swapdesk router), it finds the
pools, quotes and swaps through a DEX's own router; deploys swapdesk's router through the deterministic-
deployment proxy from the user's account (`RouterDeployer`, as `swapdesk router deploy` does), which writes the
user's catalogue with the router in it; then, on an engine loaded from that catalogue, quotes a split, swaps it
and reads its details. Prints one JSON object of what happened.
"""

from __future__ import annotations

import asyncio
import importlib.abc
import json
import sys
from pathlib import Path
from typing import Any


class NoDevnet(importlib.abc.MetaPathFinder):
    def find_spec(self, name: str, path: Any, target: Any = None) -> None:
        if name == "swapdesk.devnet" or name.startswith("swapdesk.devnet."):
            raise ImportError(f"the engine on its own imported {name}")


sys.meta_path.insert(0, NoDevnet())

from swapdesk import catalogs  # noqa: E402
from swapdesk.api import AggSwapRequest, DetailsRequest, parse  # noqa: E402
from swapdesk.catalogs import Catalog  # noqa: E402
from swapdesk.chains import Chain, by_id  # noqa: E402
from swapdesk.engine import Engine, RpcBackend  # noqa: E402
from swapdesk.engine.in_process import InProcess  # noqa: E402
from swapdesk.engine.router import RouterTerms  # noqa: E402
from swapdesk.store import TxStore  # noqa: E402
from swapdesk.trade.checks import Shown  # noqa: E402
from swapdesk.trade.outbox import Outbox  # noqa: E402
from swapdesk.trade.router_deploy import RouterDeployer  # noqa: E402
from swapdesk.trade.swap import Trader  # noqa: E402
from swapdesk.wallet import PrivateKey  # noqa: E402


async def swap(
    engine: Engine, chain: Chain, store: TxStore, key: PrivateKey, pair: tuple[str, str], amount: int
) -> dict[str, Any]:
    sell, buy = pair
    raw = {"chain": str(chain.id), "token0": sell, "token1": buy, "decimal0": "18", "decimal1": "18",
           "amountIn": str(amount), "impact": "50", "part": "20", "amountOutMin": "0", "to": key.address,
           "issuer": key.address}  # fmt: skip
    request = parse(AggSwapRequest, raw.items())
    quote = await engine.agg_swap(request)
    shown = Shown(request, quote, ("sold", "bought"))
    trader = Trader(engine, InProcess(engine), Outbox(store))
    if (await trader.funds(key.address, shown)).approval_needed(amount):
        await trader.approve(key, shown)
    result = await trader.swap(key, shown)
    return {
        "router": quote.router.model_dump() if quote.router else None,
        "aggregator": quote.aggregator,
        "dexPath": quote.dexPath,
        "quoted": quote.totalAmountOut,
        "fee": quote.fee,
        "received": str(result.amount_out),
        "simulated": str(result.simulated_out),
        "hash": result.hash,
    }


async def main(url: str, catalogue: Path, folder: Path, key_hex: str) -> dict[str, Any]:
    key = PrivateKey(bytes.fromhex(key_hex))
    given = Catalog.from_json(catalogue.read_text(), str(catalogue))
    chain = by_id(given.chain_id)
    store = TxStore(folder / "transactions.sqlite")
    out: dict[str, Any] = {}
    pair = "0x" + "0" * 40, given.token("TKB").address  # the native coin for a token
    try:
        engine = Engine(RpcBackend({chain.id: url}, {chain.id: given}), pools_found=folder / "pools")
        try:
            out["fallback"] = await swap(engine, chain, store, key, pair, 3 * 10**18)
            out["found"] = sorted(await (await engine.aggregator.reader(chain)).known_pools())
            w3 = await engine.backend.web3(chain)
            deployer = RouterDeployer(w3, given, Outbox(store))
            plan = await deployer.plan(chain, RouterTerms(key.address, key.address, 20, {"web": 10}), key.address)
            out["plan"] = [step.what for step in plan.steps]
            out["written"] = str(await deployer.deploy(key, plan, folder / "catalogs"))
            out["router"] = plan.address
        finally:
            await engine.aclose()
        loaded = catalogs.load(folder / "catalogs", [chain.id])[chain.id]
        engine = Engine(RpcBackend({chain.id: url}, {chain.id: loaded}), pools_found=folder / "pools")
        try:
            out["split"] = await swap(engine, chain, store, key, pair, 60 * 10**18)
            details = await engine.details(DetailsRequest(hash=out["split"]["hash"], chain=chain))
            out["split"]["details"] = details.model_dump()
        finally:
            await engine.aclose()
    finally:
        store.close()
    out["devnet_modules"] = sorted(m for m in sys.modules if m.startswith("swapdesk.devnet"))
    out["evm_loaded"] = "eth" in sys.modules  # py-evm's package
    return out


if __name__ == "__main__":
    url, catalogue, folder, key_hex = sys.argv[1:5]
    print(json.dumps(asyncio.run(main(url, Path(catalogue), Path(folder), key_hex))))
