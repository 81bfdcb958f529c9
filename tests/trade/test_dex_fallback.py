"""A chain whose catalogue names no swapdesk router: quotes through a DEX's own router, signed and executed to
the quoted wei by the real UniswapV2Router02 and V3 SwapRouter of the devnet's world."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from swapdesk.address import to_checksum
from swapdesk.api import AggQuote, AggSwapRequest, ApiError, ChainRequest
from swapdesk.catalogs import Catalog
from swapdesk.chains import Chain, resolve
from swapdesk.devnet.accounts import demo_key
from swapdesk.devnet.backend import DevnetBackend
from swapdesk.devnet.network import Devnet
from swapdesk.engine import Engine
from swapdesk.engine.in_process import InProcess
from swapdesk.engine.routing.dex_routers import NATIVE, V2_ROUTER, V3_ROUTER, DexSwap, NotADexSwap, decode, encode
from swapdesk.store import TxStore
from swapdesk.trade.errors import CheckFailed
from swapdesk.trade.outbox import Outbox
from swapdesk.trade.swap import Trader
from swapdesk.wallet import PrivateKey
from tests.trade.conftest import shown_quote

KEY = PrivateKey(demo_key(7))


class CatalogueWithout(DevnetBackend):
    """The devnet with a catalogue as a user might write it for a chain where swapdesk's router is not deployed:
    no `router`, and DEX routers only for the sources named in `routed` (all, when None). The devnet is the
    module's: closing this leaves it running."""

    def __init__(self, devnet: Devnet, routed: set[str] | None) -> None:
        super().__init__(devnet)
        self.routed = routed

    async def catalog(self, chain: Chain) -> Catalog:
        found = await super().catalog(chain)
        kept = self.routed
        sources = [s if kept is None or s.name in kept else replace(s, router=None) for s in found.sources]
        return replace(found, router=None, sources=sources)

    async def aclose(self) -> None:
        pass


@pytest.fixture(scope="module")
async def devnet() -> AsyncIterator[Devnet]:
    world = Devnet()
    yield world
    await world.close()


def trader_for(devnet: Devnet, store: TxStore, routed: set[str] | None = None) -> Trader:
    engine = Engine(CatalogueWithout(devnet, routed))
    return Trader(engine, InProcess(engine), Outbox(store))


@pytest.fixture
def store(tmp_path: Path) -> Iterator[TxStore]:
    db = TxStore(tmp_path / "history.sqlite")
    yield db
    db.close()


# on the devnet's Ethereum, V3 has WETH/USDT, WETH/USDC, USDT/USDC and WETH/WBTC, USDT/WBTC pools: no USDC/WBTC
SWAPS = [("USDT", "USDC", "900"), ("ETH", "USDC", "2"), ("USDC", "ETH", "1500"), ("USDC", "WBTC", "500")]


@pytest.mark.parametrize("routed", [None, {"Uniswap V3"}], ids=["best-of-all", "v3-only"])
@pytest.mark.parametrize(("sell", "buy", "amount"), SWAPS, ids=["tokens", "native-in", "native-out", "two-hops"])
async def test_a_dex_router_swap_delivers_the_quote(
    devnet: Devnet, store: TxStore, routed: set[str] | None, sell: str, buy: str, amount: str
) -> None:
    trader = trader_for(devnet, store, routed)
    service = trader.service
    shown = await shown_quote(service, chain="ETH", token0=sell, token1=buy, amountIn=amount, to=KEY.address)
    quote = shown.quote
    assert isinstance(quote, AggQuote) and quote.router is not None
    routes = quote.routes or []
    assert (quote.fee, quote.feeRate, len(routes), len(quote.dexPath)) == ("0", "0", 1, 1)
    if routed is not None:
        assert quote.router.name == "Uniswap V3" and quote.router.contract == "SwapRouter"
        assert buy != "WBTC" or len(routes[0].path) == 3  # V3 has no USDC/WBTC pool: two hops
    assert "not deployed" in quote.router.why and "not split" in quote.router.why
    catalog = await trader.chains.catalog(resolve("ETH"))
    assert quote.aggregator in {s.router for s in catalog.sources}
    funds = await trader.funds(KEY.address, shown)
    if funds.approval_needed(shown.request.amountIn):
        await trader.approve(KEY, shown)
    result = await trader.swap(KEY, shown)
    assert result.amount_out == result.quoted_out == result.simulated_out == int(quote.totalAmountOut)
    assert result.fee == 0


async def test_a_tampered_dex_call_is_refused_before_signing(devnet: Devnet, store: TxStore) -> None:
    trader = trader_for(devnet, store)
    shown = await shown_quote(trader.service, chain="ETH", token0="USDT", token1="DAI", amountIn="10", to=KEY.address)
    quote = shown.quote
    assert isinstance(quote, AggQuote) and quote.router is not None
    catalog = await trader.chains.catalog(resolve("ETH"))
    kind = next(s.kind for s in catalog.sources if s.router == quote.aggregator)
    call = decode(kind, bytes.fromhex(quote.data[2:]), quote.aggregator, catalog.wrapped)
    stolen = encode(replace(call, receiver="0x000000000000000000000000000000000000dEaD"), quote.aggregator)

    class Tampering:
        def __getattr__(self, name: str) -> Any:  # the engine's, whatever it is
            return getattr(trader.service, name)

        async def agg_swap(self, request: AggSwapRequest) -> AggQuote:
            answer = await trader.service.agg_swap(request)
            return answer.model_copy(update={"data": "0x" + stolen.hex()})

    tampered = Trader(Tampering(), trader.here, trader.outbox)
    funds = await trader.funds(KEY.address, shown)
    if funds.approval_needed(shown.request.amountIn):
        await trader.approve(KEY, shown)
    with pytest.raises(CheckFailed, match="receiver is 0x000000000000000000000000000000000000dEaD"):
        await tampered.swap(KEY, shown)


async def test_no_dex_router_in_the_catalogue_is_said(devnet: Devnet, store: TxStore) -> None:
    trader = trader_for(devnet, store, routed=set())
    tokens = {t.symbol: t for t in await trader.service.tokens(ChainRequest(resolve("ETH")))}
    with pytest.raises(ApiError, match="swapdesk's router is not deployed on ETH, and no DEX"):
        await shown_quote(trader.service, chain="ETH", token0="USDT", token1="DAI", amountIn="10", to=KEY.address)
    assert tokens  # the chain itself is fine: only the swap has no way to run


def test_call_data_round_trips_through_each_interface() -> None:
    weth, usdc, dai, router, receiver = (to_checksum(bytes([n]) * 20) for n in range(1, 6))
    forward, back = (weth, usdc, dai), (dai, usdc, weth)
    for kind, fees in (("uniswap_v2", ()), ("uniswap_v3", (500, 100))):
        cases = [(weth, dai, forward), (dai, NATIVE, back), (NATIVE, dai, forward)]
        for token_in, token_out, path in cases:
            swap = DexSwap(kind, token_in, token_out, 10**18, 5, receiver, 1_700_000_000, path, fees)
            decoded = decode(kind, encode(swap, router), router, weth)
            if token_in == NATIVE:  # the amount sold is the value sent: V2 has no amount, V3 pays with the WETH
                expected = replace(swap, amount=-1) if kind == "uniswap_v2" else replace(swap, token_in=weth)
            else:
                expected = swap
            assert decoded == expected
    with pytest.raises(NotADexSwap):
        decode("uniswap_v2", V3_ROUTER.encode("unwrapWETH9", 1, receiver), router, weth)
    assert V2_ROUTER.selector("swapExactTokensForTokens") != V3_ROUTER.selector("exactInput")
