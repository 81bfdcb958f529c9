"""Pools found on chain, and a catalogue's first use, on a real node (anvil).

    PYTHONPATH=. python benchmarks/discovery.py [--pairs 1000] [--tokens 50] [--listed 20] [--seed 1]

anvil holds Uniswap V2's own factory with `--pairs` pairs among `--tokens` of Uniswap's test ERC-20s (random
pairs, seeded); the pairs between the catalogue's `--listed` tokens have liquidity, but one in ten of them is
left empty (dust: not worth finding). The engine is given a catalogue of the `--listed` tokens and the factory
(no pool), as a user would write it, and the node's URL. Printed, each with its time and its JSON-RPC requests:

- the catalogue's first use (chain id, then the code at every address it names);
- the first discovery (`getPair` for every two listed tokens, then the reserves of what exists) and the first
  read of the pools found;
- a second engine on the same cache folder (the pools as found, from disk: no discovery).
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import random
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any, ClassVar

from web3 import AsyncWeb3
from web3.types import RPCEndpoint

from swapdesk.catalogs import Catalog
from swapdesk.chain.http import KeptAliveProvider
from swapdesk.chains import Chain, by_id
from swapdesk.contracts import vendored
from swapdesk.engine import Engine, RpcBackend
from tests.anvil import running_anvil
from tests.standalone.world import MULTICALL3
from tests.standalone.world import Chain as Sender

ANVIL_KEY = bytes.fromhex("ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80")
E18 = 10**18


class Counting(KeptAliveProvider):
    asked: ClassVar[Counter[str]] = Counter()

    async def make_request(self, method: Any, params: Any) -> Any:
        Counting.asked[str(method)] += 1
        return await super().make_request(method, params)


class CountedBackend(RpcBackend):
    async def web3(self, chain: Chain) -> AsyncWeb3[Any]:
        if chain.id not in self._web3:
            self._web3[chain.id] = AsyncWeb3(Counting(self.endpoints[chain.id]))
        return self._web3[chain.id]


def build(url: str, args: argparse.Namespace) -> Catalog:
    chain = Sender(url, ANVIL_KEY)
    chain.w3.provider.make_request(
        RPCEndpoint("anvil_setCode"), [MULTICALL3, "0x" + vendored("Multicall3").deployed_bytecode.hex()]
    )
    erc20, factory_art, pair_art = vendored("TestERC20"), vendored("UniswapV2Factory"), vendored("UniswapV2Pair")
    started = time.perf_counter()
    tokens = [chain.deploy(erc20, 10**12 * E18) for _ in range(args.tokens)]
    factory = chain.deploy(factory_art, chain.me.address)
    rng = random.Random(args.seed)
    listed = tokens[: args.listed]
    between_listed = list(itertools.combinations(listed, 2))
    others = [p for p in itertools.combinations(tokens, 2) if not (p[0] in listed and p[1] in listed)]
    pairs = between_listed + rng.sample(others, args.pairs - len(between_listed))
    funded = 0
    for n, (a, b) in enumerate(pairs):
        receipt = chain.call(factory_art, factory, "createPair", a, b)
        if (a, b) in between_listed and n % 10 != 9:  # one in ten left empty
            pair = "0x" + receipt["logs"][0]["data"].hex()[24:64]
            pair = chain.w3.to_checksum_address(pair)
            for side in (a, b):
                chain.call(erc20, side, "transfer", pair, rng.randint(1_000, 1_000_000) * E18)
            chain.call(pair_art, pair, "mint", chain.me.address)
            funded += 1
    empty = len(between_listed) - funded
    print(f"built: {args.tokens} tokens, {len(pairs)} pairs ({funded} with liquidity between the {args.listed}"
          f" listed tokens, {empty} empty) in {time.perf_counter() - started:.1f} s")  # fmt: skip

    def token(address: str, n: int) -> dict[str, Any]:
        return {"address": address, "symbol": f"T{n}", "name": f"T{n}", "decimals": 18}

    return Catalog.from_dict({
        "chain_id": 1, "multicall": MULTICALL3, "wrapped": listed[0],
        "tokens": [token(a, n) for n, a in enumerate(listed)],
        "sources": [{"name": "Uniswap V2", "kind": "uniswap_v2", "fee_bps": 30, "address": factory}],
    })  # fmt: skip


async def measure(url: str, catalog: Catalog, cache: Path) -> None:
    chain = by_id(1)

    async def step(title: str, work: Any) -> Any:
        Counting.asked.clear()
        started = time.perf_counter()
        result = await work
        took = time.perf_counter() - started
        calls = ", ".join(f"{m} {n}" for m, n in Counting.asked.most_common())
        print(f"{title:<42} {took * 1000:8.1f} ms  {sum(Counting.asked.values()):4} requests ({calls})")
        return result

    for run in ("first", "cached"):
        engine = Engine(CountedBackend({1: url}, {1: catalog}), pools_found=cache)
        try:
            await step(f"{run}: catalogue's first use", engine.backend.catalog(chain))
            reader = await engine.aggregator.reader(chain)
            found = await step(f"{run}: discovery and the pools' facts", reader.known_pools())
            await step(f"{run}: the pools' state", reader.current())
            print(f"{'':42} {len(found)} pools found")
        finally:
            await engine.aclose()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pairs", type=int, default=1000)
    parser.add_argument("--tokens", type=int, default=50)
    parser.add_argument("--listed", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with running_anvil(1) as url, tempfile.TemporaryDirectory() as cache:
        catalog = build(url, args)
        asyncio.run(measure(url, catalog, Path(cache)))


if __name__ == "__main__":
    main()
