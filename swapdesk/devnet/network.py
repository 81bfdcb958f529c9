"""The devnet: one embedded chain per chain of the registry, started on demand.

py-evm is synchronous, and a stalled asyncio loop is a frozen window, so each
chain is owned by its own worker thread: every request to it runs there, one
at a time, after the chain has mined the empty blocks that fell due (see
`clock`). The process's own calls go first, and a quote's reads keep the chain
until it ends (`lanes`): a quote waits behind at most one heavy call of the HTTP
clients, however many batches they keep in flight. A chain
starts when it is first used: from its data (`ChainData`:
its blocks survive restarts), or in memory from its world's snapshot when the
devnet has no data directory (tests, benchmarks: nothing survives).

A chain whose data is damaged does not start, and says why in words (`ChainDamaged`: also one of the
devnet's notices). A chain that cannot keep new blocks (a full disk) answers every JSON-RPC request with
an error that says so, and goes on once the disk takes its blocks again.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, TypeVar

from swapdesk.chain import jsonrpc
from swapdesk.chains import CHAINS, by_id
from swapdesk.devnet import rpc
from swapdesk.devnet.bridges.deployment import BridgeDeployment
from swapdesk.devnet.chaindata import ChainData, ChainInUse, OpenedChain
from swapdesk.devnet.clock import Ticker, speed_from_env
from swapdesk.devnet.damage import ChainDamaged
from swapdesk.devnet.evm import ChainUnwritable, DevChain
from swapdesk.devnet.lanes import Lanes
from swapdesk.devnet.manifest import Manifest
from swapdesk.devnet.snapshots import SnapshotStore

log = logging.getLogger(__name__)
T = TypeVar("T")


@dataclass
class _Host:
    chain_id: int
    executor: ThreadPoolExecutor
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)  # held while the chain opens or closes
    lanes: Lanes = field(default_factory=Lanes)  # the chain's thread shared fairly between clients
    opened: OpenedChain | None = None
    stopped: bool = False


class DevnetClosed(RuntimeError):
    """The devnet was closed: its chains are not started again (a late request from an engine being replaced
    would otherwise reopen a chain and hold its data from the engine that replaces it)."""


# A chain that does not start for a reason its words say, with what to do (damaged data and the repair commands,
# a chain another process holds, a devnet closing): not a bug. Whoever serves the chain passes the words on.
NOT_STARTED = (ChainDamaged, ChainInUse, DevnetClosed)


class Devnet:
    def __init__(
        self,
        data: ChainData | None = None,
        speed: float | None = None,
        share: bool = False,
        worlds: SnapshotStore | None = None,
    ) -> None:
        """`data`: where chains keep their blocks (None: in memory only). `speed` scales every chain's
        block time (default: SWAPDESK_DEVNET_SPEED, else 1). `share`: a chain another process runs
        is opened as a read-only view instead of refused (the command line)."""
        self.data = data
        self.worlds = worlds or (data.worlds if data is not None else SnapshotStore())
        self.speed = speed if speed is not None else speed_from_env()
        self.share = share
        self.notices: list[str] = []  # things the user should hear: a chain started afresh, a read-only view
        self._hosts: dict[int, _Host] = {}
        self._resetting: dict[int, asyncio.Event] = {}  # a request for a chain being reset waits for the reset
        self._closed = False

    @property
    def chain_ids(self) -> list[int]:
        return [chain.id for chain in CHAINS]

    def _host(self, chain_id: int) -> _Host:
        by_id(chain_id)  # raises UnknownChain
        host = self._hosts.get(chain_id)
        if host is None:
            executor = ThreadPoolExecutor(1, thread_name_prefix=f"devnet-{chain_id}")
            host = self._hosts[chain_id] = _Host(chain_id, executor)
        return host

    async def start(self, chain_id: int) -> Manifest:
        """Start the chain if it is not running; its world's manifest."""
        opened = (await self._started(chain_id)).opened
        assert opened is not None
        return opened.manifest

    async def _started(self, chain_id: int) -> _Host:
        """The chain's host, its chain open: after any reset of it in progress, whoever else starts or stops it."""
        while True:
            if self._closed:
                raise DevnetClosed(f"the devnet is closed: chain {chain_id} is not started again")
            resetting = self._resetting.get(chain_id)
            if resetting is not None:
                await resetting.wait()
                continue
            host = self._host(chain_id)
            async with host.lock:
                if host.stopped:  # stopped while this waited for the lock: a new host takes over
                    continue
                if host.opened is None:
                    await asyncio.get_running_loop().run_in_executor(host.executor, self._open, host)
                return host

    def _open(self, host: _Host) -> None:
        """On the chain's thread; kept on the host there, so a cancelled start loses nothing. A start asked again
        while a cancelled one still ran (its caller gone, the lock released) finds the chain open: it opens
        nothing twice (a second open of its data would find the first holding it)."""
        if host.opened is not None:
            return
        if self.data is None:
            chain, manifest = self.worlds.load_or_build(host.chain_id)
            opened = OpenedChain(chain, manifest, self.worlds.bridges(host.chain_id))
        else:
            try:
                opened = self.data.open(host.chain_id, by_id(host.chain_id).name, share=self.share)
            except ChainDamaged as exc:  # said once among the notices; every start refused says it again
                if str(exc) not in self.notices:
                    self.notices.append(str(exc))
                raise
        opened.chain.ticker = Ticker.for_chain(host.chain_id, self.speed)
        opened.chain.catch_up()
        host.opened = opened
        if opened.notice:
            self.notices.append(opened.notice)
            log.warning("%s", opened.notice)

    def running(self) -> list[int]:
        return [h.chain_id for h in self._hosts.values() if h.opened is not None]

    async def manifest(self, chain_id: int) -> Manifest:
        return await self.start(chain_id)

    async def bridges(self, chain_id: int) -> BridgeDeployment | None:
        """Where the world's bridges are on a chain: for their providers and operators, not for swapdesk's engine."""
        opened = (await self._started(chain_id)).opened
        assert opened is not None
        return opened.bridges

    async def rpc(self, chain_id: int, request: Any, call_time: float | None = None) -> bytes | None:
        """The encoded answer to one decoded JSON-RPC request object (None for a notification).
        Batches are `jsonrpc.answer`'s: one request at a time, so none holds the chain long. `call_time`: the
        seconds an `eth_call` may execute, if less than geth's 5 s (`rpc.respond`)."""
        light = isinstance(request, dict) and request.get("method") in rpc.LIGHT
        return await self._on_chain(chain_id, _answer, (request, call_time), light)

    def lanes(self, chain_id: int) -> Lanes:
        """Who takes the chain's thread when (`lanes.Lanes`; its `recent` turns say in which order)."""
        return self._host(chain_id).lanes

    async def run(self, chain_id: int, fn: Callable[..., T], *args: Any) -> T:
        """Run `fn(chain, *args)` on the chain's own thread, its blocks up to date (ChainUnwritable when the
        blocks that fell due cannot be kept)."""
        return await self._on_chain(chain_id, _up_to_date, (fn, args))

    async def _on_chain(self, chain_id: int, fn: Callable[..., T], args: tuple[Any, ...], light: bool = False) -> T:
        host = await self._started(chain_id)
        async with host.lanes.turn(light):
            if host.opened is None:  # stopped or reset while this waited: start it again
                return await self._on_chain(chain_id, fn, args, light)
            return await asyncio.get_running_loop().run_in_executor(host.executor, fn, host.opened.chain, *args)

    async def stop(self, chain_id: int) -> None:
        """Stop one chain: its journal closed, its lock released. It starts again when next used."""
        host = self._hosts.pop(chain_id, None)
        if host is not None:
            await _shut(host)

    async def reset(self, chain_id: int) -> bool:
        """Start a chain over from its world (its data deleted); False when it had none.
        Requests for the chain meanwhile wait, then meet the chain as it starts over."""
        done = self._resetting[chain_id] = asyncio.Event()
        try:
            await self.stop(chain_id)
            if self.data is None:
                return False
            loop = asyncio.get_running_loop()
            return await loop.run_in_executor(None, self.data.reset, chain_id, by_id(chain_id).name)
        finally:
            del self._resetting[chain_id]
            done.set()

    async def close(self) -> None:
        """Stop every chain, for good: a request that comes later is refused (DevnetClosed)."""
        self._closed = True
        hosts, self._hosts = list(self._hosts.values()), {}
        for host in hosts:
            await _shut(host)


def _up_to_date(chain: DevChain, fn: Callable[..., T], args: tuple[Any, ...]) -> T:
    chain.catch_up()
    return fn(chain, *args)


def _answer(chain: DevChain, request: Any, call_time: float | None) -> bytes | None:
    """`rpc.respond` once the chain is up to date; while it cannot keep its blocks, an error saying so."""
    try:
        chain.catch_up()
    except ChainUnwritable as exc:
        refusal = jsonrpc.RpcError(jsonrpc.SERVER_ERROR, str(exc))

        def refuse(method: str, params: Any) -> Any:
            raise refusal

        return jsonrpc.handle(request, refuse)  # the envelope checked and the id echoed, as for any answer
    return rpc.respond(chain, request, call_time)


async def _shut(host: _Host) -> None:
    async with host.lock:  # after an open in progress: what it opens is closed here, not leaked
        host.stopped = True
        opened, host.opened = host.opened, None
        if opened is not None:
            await asyncio.get_running_loop().run_in_executor(host.executor, opened.close)
    host.executor.shutdown(wait=True, cancel_futures=True)
