"""Many requests on a chain nobody has asked about yet, as a server meets them after start-up.

Each test has its own devnet and engine: the session's chains have been
quoted on already, and the race is in the first reads of a chain. Requests
arrive one round trip to the chain apart, as HTTP requests do, so that late
ones start while early ones are still reading.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from web3 import AsyncWeb3

from swapdesk.api import AggSwapRequest, BalancesRequest, ChainRequest, TokenRequest, parse
from swapdesk.chains import by_id
from swapdesk.devnet.backend import DevnetBackend
from swapdesk.devnet.network import Devnet
from swapdesk.devnet.provider import DevnetProvider
from swapdesk.engine import Engine

DEMO = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"
REQUESTS = 40


async def _arriving(devnet: Devnet, chain_id: int, calls: list[Callable[[], Awaitable[Any]]]) -> list[Any]:
    """Start each call one chain round trip after the previous one; every result (or error) in order."""
    w3 = AsyncWeb3(DevnetProvider(devnet, chain_id))
    tasks = []
    for call in calls:
        tasks.append(asyncio.ensure_future(call()))
        await w3.eth.block_number
    return await asyncio.gather(*tasks, return_exceptions=True)


async def test_concurrent_first_quotes_all_succeed() -> None:
    devnet = Devnet()
    engine = Engine(DevnetBackend(devnet))
    chain = by_id(43114)
    manifest = await devnet.start(chain.id)
    sell, buy = manifest.tokens[1], manifest.tokens[2]
    query = {
        "token0": sell.address, "token1": buy.address, "decimal0": str(sell.decimals), "decimal1": str(buy.decimals),
        "impact": "50", "part": "10", "amountIn": str(1_000 * 10**sell.decimals), "amountOutMin": "0", "to": DEMO,
        "chain": chain.flag,
    }  # fmt: skip
    request = parse(AggSwapRequest, query.items())
    try:
        answers = await _arriving(devnet, chain.id, [lambda: engine.agg_swap(request)] * REQUESTS)
        failures = [a for a in answers if isinstance(a, BaseException)]
        assert failures == []
        assert len({a.totalAmountOut for a in answers}) == 1  # nothing traded in between: one answer
    finally:
        await engine.aclose()


async def test_concurrent_first_extension_calls_all_succeed() -> None:
    devnet = Devnet()
    engine = Engine(DevnetBackend(devnet))
    chain = by_id(250)
    manifest = await devnet.start(chain.id)
    listed = manifest.tokens[3].address
    kinds: list[Callable[[], Awaitable[Any]]] = [
        lambda: engine.tokens(parse(ChainRequest, [("chain", chain.flag)])),
        lambda: engine.sources(parse(ChainRequest, [("chain", chain.flag)])),
        lambda: engine.balances(parse(BalancesRequest, [("chain", chain.flag), ("address", DEMO)])),
        lambda: engine.token(parse(TokenRequest, [("chain", chain.flag), ("address", listed)])),
    ]
    try:
        answers = await _arriving(devnet, chain.id, kinds * (REQUESTS // len(kinds)))
        assert [a for a in answers if isinstance(a, BaseException)] == []
        for n, kind in enumerate(kinds):  # every answer of a kind is the same
            assert all(a == answers[n] for a in answers[n :: len(kinds)]), kind
    finally:
        await engine.aclose()
