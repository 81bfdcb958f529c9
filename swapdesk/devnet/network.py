"""The devnet: one embedded chain per chain of the registry, started on demand.

py-evm is synchronous, and a stalled asyncio loop is a frozen window, so each
chain is owned by its own worker thread: every request to it runs there, one
at a time. A chain starts (from its snapshot, or by building its world the
first time) when it is first used.
"""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from swapdesk.chains import CHAINS, by_id
from swapdesk.devnet import rpc
from swapdesk.devnet.evm import DevChain
from swapdesk.devnet.manifest import Manifest
from swapdesk.devnet.snapshots import SnapshotStore

Json = dict[str, Any]


@dataclass
class _Host:
    chain_id: int
    executor: ThreadPoolExecutor
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    chain: DevChain | None = None
    manifest: Manifest | None = None


class Devnet:
    def __init__(self, store: SnapshotStore | None = None) -> None:
        self.store = store or SnapshotStore()
        self._hosts: dict[int, _Host] = {}

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
        host = self._host(chain_id)
        async with host.lock:
            if host.chain is None:
                loop = asyncio.get_running_loop()
                host.chain, host.manifest = await loop.run_in_executor(
                    host.executor, self.store.load_or_build, chain_id
                )
        assert host.manifest is not None
        return host.manifest

    def running(self) -> list[int]:
        return [h.chain_id for h in self._hosts.values() if h.chain is not None]

    async def manifest(self, chain_id: int) -> Manifest:
        return await self.start(chain_id)

    async def rpc(self, chain_id: int, request: Any) -> Any:
        """Answer one JSON-RPC request object, or a batch (a list of them)."""
        await self.start(chain_id)
        host = self._hosts[chain_id]
        chain = host.chain
        assert chain is not None
        return await asyncio.get_running_loop().run_in_executor(host.executor, rpc.respond, chain, request)

    async def run(self, chain_id: int, fn: Any, *args: Any) -> Any:
        """Run `fn(chain, *args)` on the chain's own thread (snapshots, tests)."""
        await self.start(chain_id)
        host = self._hosts[chain_id]
        return await asyncio.get_running_loop().run_in_executor(host.executor, fn, host.chain, *args)

    async def close(self) -> None:
        for host in self._hosts.values():
            host.executor.shutdown(wait=True, cancel_futures=True)
        self._hosts.clear()
