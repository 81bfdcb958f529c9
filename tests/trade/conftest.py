"""A devnet of its own (swaps change balances), an engine, a store and a trader."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from swapdesk.api import AggSwapRequest, ChainRequest, SwapService, TronSwapRequest, parse
from swapdesk.chains import resolve
from swapdesk.devnet.backend import DevnetBackend
from swapdesk.devnet.network import Devnet
from swapdesk.engine import Engine
from swapdesk.engine.in_process import InProcess
from swapdesk.store import TxStore
from swapdesk.trade.checks import Shown
from swapdesk.trade.outbox import Outbox
from swapdesk.trade.swap import Trader


@pytest.fixture(scope="module")
async def backend() -> AsyncIterator[DevnetBackend]:
    chains = DevnetBackend(Devnet())
    yield chains
    await chains.aclose()


@pytest.fixture(scope="module")
def engine(backend: DevnetBackend) -> Engine:
    return Engine(backend)


@pytest.fixture
def store(tmp_path: Path) -> Iterator[TxStore]:
    db = TxStore(tmp_path / "history.sqlite")
    yield db
    db.close()


@pytest.fixture
def trader(engine: Engine, store: TxStore) -> Trader:
    return Trader(engine, InProcess(engine), Outbox(store))


async def shown_quote(service: SwapService, **given: str) -> Shown:
    """What the window shows after a quote: the request and its answer (the TRON variant's on TRON)."""
    query = {"chain": "BSC", "token0": "USDT", "token1": "WBNB", "amountIn": "250", "impact": "50", "part": "10",
             "amountOutMin": "0"} | given  # fmt: skip
    chain = resolve(query["chain"])
    tokens = {t.symbol: t for t in await service.tokens(ChainRequest(chain))}
    sell, buy = tokens[query["token0"]], tokens[query["token1"]]
    raw = {
        **query,
        "token0": sell.address,
        "token1": buy.address,
        "decimal0": str(sell.decimals),
        "decimal1": str(buy.decimals),
        "amountIn": str(int(query["amountIn"]) * 10**sell.decimals),
    }
    if chain.tron:
        tron = parse(TronSwapRequest, raw.items())
        return Shown(tron, await service.tron_swap(tron), (sell.symbol, buy.symbol))
    request = parse(AggSwapRequest, raw.items())
    return Shown(request, await service.agg_swap(request), (sell.symbol, buy.symbol))
