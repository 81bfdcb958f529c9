"""A route whose gas costs more than it adds is left out of the split, and said; a pool listed under the wrong kind
is left out of its chain with a log line, and the chain goes on quoting."""

from __future__ import annotations

import dataclasses
import logging
from fractions import Fraction

import pytest

from swapdesk.api import AggSwapRequest, parse
from swapdesk.catalogs import Catalog
from swapdesk.chains import Chain, by_id
from swapdesk.devnet.backend import DevnetBackend
from swapdesk.devnet.network import Devnet
from swapdesk.engine import Engine
from swapdesk.engine.routing.pool import Pool
from swapdesk.engine.routing.split import ROUTER_GAS, best_split
from swapdesk.engine.routing.uniswap_v2 import V2Pool
from swapdesk.engine.routing.uniswap_v2.pool import HOP_GAS

A, B = "0x" + "aa" * 20, "0x" + "bb" * 20


def _pools() -> dict[str, Pool]:
    deep = V2Pool("0xdeep", "Deep", A, B, 10**24, 10**24, 30)
    thin = V2Pool("0xthin", "Thin", A, B, 2 * 10**23, 2 * 10**23, 30)
    return {p.address: p for p in (deep, thin)}


def test_a_route_whose_gas_costs_more_than_it_adds_is_left_out_and_said() -> None:
    pools, amount = _pools(), 10**23
    free = best_split(pools, A, B, amount, 20, [])
    assert {leg.route.source for leg in free.legs} == {"Deep", "Thin"} and not free.left_out
    alone = free.alone["Deep"]
    added = free.total_out - alone  # what the thin pool adds to the split
    cheap = best_split(pools, A, B, amount, 20, [], gas_value=Fraction(added - 1, HOP_GAS))
    assert {leg.route.source for leg in cheap.legs} == {"Deep", "Thin"}  # worth one more hop's gas, just
    dear = best_split(pools, A, B, amount, 20, [], gas_value=Fraction(added + 1, HOP_GAS))
    assert [leg.route.source for leg in dear.legs] == ["Deep"] and dear.total_out == alone
    (left,) = dear.left_out
    assert (left.route.source, left.gas, left.cost) == ("Thin", HOP_GAS, added + 1)
    assert dear.gas == ROUTER_GAS + HOP_GAS == free.gas - HOP_GAS


class Miscatalogued(DevnetBackend):
    """The devnet's chains with a catalogue that lists a V3 pool as a V2 pair and a pair as a V3 pool."""

    async def catalog(self, chain: Chain) -> Catalog:
        real = await super().catalog(chain)
        v2 = next(s for s in real.sources if s.kind == "uniswap_v2")
        v3 = next(s for s in real.sources if s.kind == "uniswap_v3")
        swapped = [
            dataclasses.replace(v2, pools=[*v2.pools, v3.pools[0]]) if s is v2 else
            dataclasses.replace(v3, pools=[*v3.pools, v2.pools[0]]) if s is v3 else s
            for s in real.sources
        ]  # fmt: skip
        return dataclasses.replace(real, sources=swapped)


async def test_a_pool_of_another_kind_is_left_out_and_the_chain_quotes(caplog: pytest.LogCaptureFixture) -> None:
    engine = Engine(Miscatalogued(Devnet()))
    catalog = await engine.backend.catalog(by_id(1))
    v3_pool = next(s for s in catalog.sources if s.kind == "uniswap_v3").pools[0]
    usdt = catalog.token("USDT")
    query = {
        "token0": usdt.address, "token1": catalog.wrapped, "decimal0": "6", "decimal1": "18", "impact": "50",
        "part": "10", "amountIn": str(10_000 * 10**6), "amountOutMin": "0",
        "to": "0x2c7536E3605D9C16a7a3D7b1898e529396a65c23", "chain": "ETH",
    }  # fmt: skip
    try:
        with caplog.at_level(logging.WARNING):
            quote = await engine.agg_swap(parse(AggSwapRequest, query.items()))
        assert int(quote.totalAmountOut) > 0
        said = [r.getMessage() for r in caplog.records if "left out" in r.getMessage()]
        assert any(v3_pool in line and "as uniswap_v2" in line and "getReserves" in line for line in said), said
        assert any("as uniswap_v3" in line and "tickSpacing" in line for line in said), said
    finally:
        await engine.aclose()
