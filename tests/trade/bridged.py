"""What the cross-chain trade tests (and the window's) share: the engine beside a devnet whose bridge providers
and operators run, the app's trader and bridger over a store, and a route as the window shows it."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

from swapdesk.address import format_address, parse_address
from swapdesk.api import CrossListRequest, CrossRoutesRequest, parse
from swapdesk.chains import by_id
from swapdesk.devnet.accounts import demo_address
from swapdesk.devnet.backend import DevnetBackend
from swapdesk.engine import Engine
from swapdesk.engine.bridges import BridgeEndpoints
from swapdesk.engine.in_process import InProcess
from swapdesk.store import StoredOrder, TxStore
from swapdesk.trade.bridge import Bridger
from swapdesk.trade.bridge_checks import CrossShown
from swapdesk.trade.desk import Desk
from swapdesk.trade.orders import OrderTracker
from swapdesk.units import to_units
from tests.devnet.bridges_world import SPEED, BridgeNet, bridge_net, until

ETH, BSC, HECO, POLYGON, TRON = 1, 56, 128, 137, 95500
RECEIVER = 7  # demo account receiving on the destination


class BridgedEngine(Engine):
    """The engine, as the window's tests use it (the transaction extension is the engine's own)."""


@dataclass
class Bridged:
    net: BridgeNet
    engine: BridgedEngine
    backend: DevnetBackend


@asynccontextmanager
async def bridged_engine(chains: list[int], speed: float = SPEED) -> AsyncIterator[Bridged]:
    async with bridge_net(chains, speed) as net:
        backend = DevnetBackend(net.devnet)
        engine = BridgedEngine(backend, bridges=BridgeEndpoints.in_process(net.providers.apps()))
        try:
            yield Bridged(net, engine, backend)
        finally:
            await engine.cross.aclose()
            await engine.tron.aclose()


def bridger(world: Bridged, path: Path) -> Bridger:
    """The app's bridger over the world's engine (`trade.desk`), its outbox over `path`."""
    return Desk(world.engine, InProcess(world.engine), TxStore(path)).bridger


def address(index: int, chain_id: int) -> str:
    return format_address(parse_address(demo_address(index), False), by_id(chain_id).tron)


async def shown_route(
    engine: Engine, bridge: str, src: int, dst: int, symbol: str, whole: str, sender: int,
    receiver: int = RECEIVER, buy: str | None = None,
) -> CrossShown:  # fmt: skip
    """The route of `bridge` for `whole` tokens of `symbol` from `sender` on `src` to `receiver` on `dst`, as the
    Cross-chain tab shows it (every bridge asked; this one's route taken)."""
    listed = await engine.cross_list(CrossListRequest())
    token0 = next(t for t in listed.tokens[bridge] if t.chainId == src and t.symbol == symbol)
    token1 = next(t for t in listed.tokens["METAPATH"] if t.chainId == dst and t.symbol == (buy or symbol))
    units = to_units(whole, token0.decimals)
    query = {"fromChainID": str(src), "toChainID": str(dst), "token0": token0.address, "token1": token1.address,
             "amountIn": str(units), "to": address(receiver, dst), "issuer": address(sender, src)}  # fmt: skip
    request = parse(CrossRoutesRequest, query.items())
    routes = await engine.cross_routes(request)
    route = next((r for r in routes.routes if r.bridge == bridge), None)
    assert route is not None, routes.unavailable
    return CrossShown(request, route, (token0.symbol, token1.symbol), (token0.decimals, token1.decimals))


async def ended(tracker: OrderTracker, store: TxStore, tx_hash: str, seconds: float = 90.0) -> StoredOrder:
    """Tracking rounds until the order ends (the bridge's operators run beside), within `seconds`."""

    async def check() -> StoredOrder | None:
        await tracker.round()
        found = store.order(tx_hash)
        return found if found is not None and found.ended else None

    return await until(check, f"order {tx_hash} ended", seconds)


async def reaches(tracker: OrderTracker, store: TxStore, tx_hash: str, notes: str, seconds: float = 60.0) -> None:
    async def check() -> bool | None:
        await tracker.round()
        found = store.order(tx_hash)
        return True if found is not None and found.notes == notes else None

    await until(check, f"order {tx_hash} at {notes}", seconds)
