"""The state of every pool of a chain, kept current from the chain's logs.

Immutable facts (a pair's tokens, a StableSwap pool's coins, A, fee and coin
decimals, the listed tokens' decimals, the routes between two tokens) are
read once per chain. The pools' state is read whole once, at one block, in a
single Multicall3 call; after that, each new block's logs say what changed
(`logs`): a pair's `Sync`, a StableSwap pool's exchanges and deposits, and only
a pool whose logs do not tell is read again, at that block. Before each quote
the reader looks at the chain's head (`coalesced`: one look shared by the quotes
that arrive together, none older than its quote); a new head brings, in one
round trip each, its header and the logs since the state's block. So a quote
at a block already known costs one `eth_blockNumber`, and a new block the logs
of its pools.

Every read names its block: the quote's block is the state's block, and the
header's hash, time and state root are the state's. A block whose state root
is the state's changed nothing (the devnet's empty blocks): the state moves to
it as it is, what was read at the old block with it. Otherwise what depends on
more than the pools (the router's fee for a trader, the decimals of a token
off the list) is read at the block on the first quote that needs it, once for
all the quotes of that block. Falling back to a whole read: the first time, a
gap of more than `MAX_LOG_GAP` blocks, a node that refuses the logs' range,
and a head that went back or a block that is no longer the chain's (a reset,
a reorganisation).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from eth_abi import decode
from web3 import AsyncWeb3

from swapdesk.catalogs import Catalog
from swapdesk.chain.erc20 import decimals_of
from swapdesk.chain.multicall import Read
from swapdesk.chain.rpc import NodeError, data, quantity, request
from swapdesk.contracts import artifact
from swapdesk.engine.routing.coalesced import Coalesced
from swapdesk.engine.routing.discovery import DiscoveryCache, discover, with_found
from swapdesk.engine.routing.logs import apply_logs
from swapdesk.engine.routing.pool import Pool
from swapdesk.engine.routing.pool_kind import Calls, PoolKind
from swapdesk.engine.routing.routes import Legs, legs
from swapdesk.engine.routing.snapshot import BPS, AmountTooLarge, FeeTerms, Snapshot
from swapdesk.engine.routing.stableswap.chain import StableSwap
from swapdesk.engine.routing.uniswap_v2.chain import UniswapV2
from swapdesk.engine.routing.uniswap_v3.chain import UniswapV3

ERC20, ROUTER = artifact("ERC20"), artifact("AggregationRouter")
KINDS: dict[str, PoolKind] = {kind.name: kind for kind in (UniswapV2(), UniswapV3(), StableSwap())}
MAX_LOG_GAP = 1_000  # blocks: beyond this, reading every pool is cheaper than walking the logs
MAX_FILTER_ADDRESSES = 1_000  # addresses in one eth_getLogs filter
MAX_PER_BLOCK = 1_024  # fee terms or strangers' decimals remembered per block; beyond that, read each time
T = TypeVar("T")
log = logging.getLogger(__name__)


@dataclass
class BlockState:
    """The pools at one block, and what quotes of that block have read at it."""

    number: int
    hash: str
    timestamp: int
    state_root: str
    pools: dict[str, Pool]
    base_fee: int = 0
    read_at_block: dict[Any, asyncio.Future[Any]] = field(default_factory=dict)


@dataclass(frozen=True)
class _Static:
    pools: dict[str, Pool]  # as first read: tokens, fees (their state comes with each block)
    kind_of: dict[str, PoolKind]  # each pool's kind, by its key
    lowercase: dict[str, str]  # lowercase address -> the pool's key
    decimals: dict[str, int | None]  # the listed tokens'
    pool_tokens: frozenset[str]
    routes: dict[tuple[str, str], Legs] = field(default_factory=dict)
    watchers: dict[str, tuple[str, ...]] = field(default_factory=dict)  # lowercase address -> pools it changes
    drifting: frozenset[str] = frozenset()  # pools read again at every block that changed anything


def _decimals(raw: bytes | None) -> int | None:
    return int.from_bytes(raw, "big") if raw is not None and len(raw) == 32 else None


class PoolReader:
    def __init__(self, w3: AsyncWeb3[Any], catalog: Catalog, found: DiscoveryCache | None = None) -> None:
        """`found`: where pools found on chain are kept between runs (none: found again each run)."""
        self.w3 = w3
        self.catalog = catalog
        self._found = found or DiscoveryCache(None)
        self.listed = {t.address.lower(): t.address for t in catalog.tokens}
        self.pool_addresses = frozenset(  # lowercase: the pairs, and StableSwap pools (their own source address)
            [p.lower() for s in catalog.sources for p in s.pools]
            + [s.address.lower() for s in catalog.sources if s.kind == "stableswap"]
        )
        self._static: _Static | None = None
        self._static_lock = asyncio.Lock()
        self._state: BlockState | None = None
        self._current = Coalesced(self._refresh)
        self._reading: set[asyncio.Future[Any]] = set()  # reads shared by a block's quotes, under way
        self.whole_reads = 0  # how many times every pool was read: once, unless the logs could not say
        self.pools_read_again = 0  # pools read at a block because their logs there did not tell their state

    # -- what never changes ------------------------------------------------------------------

    async def _load_static(self) -> _Static:
        # concurrent first quotes wait for one read, and nothing is shared until it is complete
        async with self._static_lock:
            if self._static is None:
                self._static = await self._read_static()
            return self._static

    async def _read_static(self) -> _Static:
        """Every listed pool's facts, by its kind; an address that is not a pool of its kind is left out,
        said in the log, and the chain goes on quoting with the others."""
        calls = Calls(self.w3, self.catalog.multicall)
        found = self._found.load(self.catalog.chain_id, self.catalog)
        if found is None:
            found = await discover(calls, self.catalog, quantity(await request(self.w3, "eth_blockNumber", [])))
            self._found.save(self.catalog.chain_id, self.catalog, found)
        self.catalog = with_found(self.catalog, found)
        self.pool_addresses |= frozenset(p.lower() for s in self.catalog.sources for p in s.pools)
        sources = []
        for source in self.catalog.sources:
            if source.kind in KINDS:
                sources.append(source)
            else:
                log.warning("chain %s: source %s is of kind %r, which swapdesk does not read; left out",
                            self.catalog.chain_id, source.name, source.kind)  # fmt: skip
        listed_reads = [Read(t.address, ERC20.encode("decimals")) for t in self.catalog.tokens]
        by_source, listed = await asyncio.gather(
            asyncio.gather(*(KINDS[s.kind].read_static(calls, s, found.created.get(s.name, {})) for s in sources)),
            calls.read(listed_reads),
        )
        pools: dict[str, Pool] = {}
        kind_of: dict[str, PoolKind] = {}
        for source, (read, refused) in zip(sources, by_source, strict=True):
            for refusal in refused:
                log.warning(
                    "chain %s: %s lists %s as %s, but it %s; left out, the chain quotes without it",
                    self.catalog.chain_id, source.name, refusal.address, source.kind, refusal.reason,
                )  # fmt: skip
            for pool in read:
                pools[pool.address] = pool
                kind_of[pool.address] = KINDS[source.kind]
        decimals = {t.address: _decimals(raw) for t, raw in zip(self.catalog.tokens, listed, strict=True)}
        tokens = frozenset(t for pool in pools.values() for t in pool.tokens())
        watchers: dict[str, tuple[str, ...]] = {}
        for key, pool in pools.items():
            for address in kind_of[key].watched(pool):
                watchers[address.lower()] = (*watchers.get(address.lower(), ()), key)
        drifting = frozenset(key for key, pool in pools.items() if kind_of[key].drifts(pool))
        return _Static(pools, kind_of, {a.lower(): a for a in pools}, decimals, tokens, {}, watchers, drifting)

    async def known_pools(self) -> frozenset[str]:
        """Every pool's address, lowercase: the catalogue's and those found on chain."""
        await self._load_static()
        return self.pool_addresses

    async def routes(self, src: str, dst: str) -> Legs:
        """The pools that make routes between two tokens: they change only with the chain's set of pools."""
        static = await self._load_static()
        if src not in static.pool_tokens or dst not in static.pool_tokens:
            return Legs(src, dst, (), ())  # no pool holds one of them (not cached: any address may be asked about)
        key = (src, dst)
        if key not in static.routes:
            connectors = [t.address for t in self.catalog.tokens]
            static.routes[key] = legs(list(static.pools.values()), src, dst, connectors)
        return static.routes[key]

    # -- the pools, block by block -------------------------------------------------------------

    async def current(self) -> BlockState:
        """The state at the chain's head as of a look that began after this call."""
        return await self._current()

    async def aclose(self) -> None:
        """Stop every read under way: the head's look and the reads shared by a block's quotes."""
        await self._current.aclose()
        pending = list(self._reading)
        for task in pending:
            task.cancel()
        await asyncio.gather(*pending, return_exceptions=True)

    def forget_pools(self) -> None:
        """Read every pool again at the next quote, as on a first quote."""
        self._state = None

    async def _refresh(self) -> BlockState:
        static = await self._load_static()
        head = quantity(await request(self.w3, "eth_blockNumber", []))
        state = self._state
        if state is not None and state.number == head:
            return state
        if state is None or head < state.number or head - state.number > MAX_LOG_GAP:
            state = await self._read_whole(static, head)
        else:
            state = await self._follow(static, state, head)
        self._state = state
        return state

    async def _follow(self, static: _Static, state: BlockState, head: int) -> BlockState:
        """The state at `head` from the state at an earlier block and the logs between."""
        header, was, logs = await asyncio.gather(
            self._header(head),
            self._header(state.number),
            self._logs(list(dict.fromkeys([*static.lowercase, *static.watchers])), state.number + 1, head),
            return_exceptions=True,
        )
        for answer in (header, was):
            if isinstance(answer, BaseException):
                raise answer
        assert isinstance(header, dict) and isinstance(was, dict)
        if was["hash"] != state.hash:  # the block we knew is no longer the chain's
            return await self._read_whole(static, head, header)
        if header["stateRoot"] == state.state_root:  # nothing at all changed: keep what was read
            timestamp = _time(header)
            return _state(header, _at(static, state.pools, timestamp))
        if isinstance(logs, NodeError):  # too many blocks or logs for this node: read everything instead
            return await self._read_whole(static, head, header)
        if isinstance(logs, BaseException):
            raise logs
        pools, unknown = apply_logs(state.pools, static.kind_of, static.lowercase, logs)
        for log_ in logs:  # a metapool's base pool moved: the metapool is read again
            unknown.update(static.watchers.get(str(log_.get("address", "")).lower(), ()))
        unknown |= static.drifting  # the block changed something: rates read from oracles may have moved
        pools = _at(static, pools, _time(header))
        if unknown:
            self.pools_read_again += len(unknown)
            pools |= await self._read_pools(static, [static.pools[key] for key in unknown], head, _time(header))
        return _state(header, pools)

    async def _logs(self, addresses: list[str], first: int, last: int) -> list[Any]:
        """The pools' logs over blocks first..last, in chain order: one filter per MAX_FILTER_ADDRESSES pools
        (nodes bound a filter's addresses; geth and the devnet at 1,000), asked together."""
        chunks = [addresses[n : n + MAX_FILTER_ADDRESSES] for n in range(0, len(addresses), MAX_FILTER_ADDRESSES)]
        spans = [{"fromBlock": hex(first), "toBlock": hex(last), "address": chunk} for chunk in chunks]
        found = await asyncio.gather(*(request(self.w3, "eth_getLogs", [span]) for span in spans))
        logs = [log for answer in found for log in (answer or [])]
        if len(found) > 1:
            logs.sort(key=lambda log: (quantity(log["blockNumber"]), quantity(log["logIndex"])))
        return logs

    async def _read_whole(self, static: _Static, block: int, header: dict[str, Any] | None = None) -> BlockState:
        self.whole_reads += 1
        header = header or await self._header(block)
        return _state(header, await self._read_pools(static, static.pools.values(), block, _time(header)))

    async def read_pools(self, block: int) -> dict[str, Pool]:
        """Every pool as the chain holds it at `block`, read whole (what the logs must agree with)."""
        static = await self._load_static()
        return await self._read_pools(static, static.pools.values(), block, _time(await self._header(block)))

    async def _read_pools(self, static: _Static, pools: Iterable[Pool], block: int, timestamp: int) -> dict[str, Pool]:
        """The pools at `block`, each read by its kind; one whose reads fail there is left out of that block
        (said in the log): a quote then routes around it."""
        by_kind: dict[str, list[Pool]] = {}
        for pool in pools:
            by_kind.setdefault(static.kind_of[pool.address].name, []).append(pool)
        calls = Calls(self.w3, self.catalog.multicall)
        found = await asyncio.gather(*(KINDS[k].read_state(calls, ps, block, timestamp) for k, ps in by_kind.items()))
        read: dict[str, Pool] = {}
        for answers in found:
            for address, answer in answers.items():
                if answer is None:
                    log.warning("chain %s: pool %s could not be read at block %d; left out of it",
                                self.catalog.chain_id, address, block)  # fmt: skip
                else:
                    read[address] = answer
        return read

    async def _header(self, block: int) -> dict[str, Any]:
        header = await request(self.w3, "eth_getBlockByNumber", [hex(block), False])
        if not isinstance(header, dict):
            raise NodeError("eth_getBlockByNumber", 0, f"the node does not have block {block}, its own head")
        return header

    # -- what depends on more than the pools: read at the block, once -------------------------------

    async def _at_block(self, state: BlockState, key: Any, read: Callable[[], Awaitable[T]]) -> T:
        """`read()` once for all the quotes of the state's block; a failed read is tried again next time."""
        known = state.read_at_block.get(key)
        if known is None:
            if len(state.read_at_block) >= MAX_PER_BLOCK:
                return await read()
            known = state.read_at_block[key] = asyncio.ensure_future(read())
            self._reading.add(known)
            known.add_done_callback(self._reading.discard)

            def forget(done: asyncio.Future[Any]) -> None:
                if done.cancelled() or done.exception() is not None:
                    state.read_at_block.pop(key, None)

            known.add_done_callback(forget)
        answer: T = await asyncio.shield(known)
        return answer

    async def _fee_terms_at(self, state: BlockState, trader: str, channel: str) -> FeeTerms:
        if self.catalog.router is None:  # no swapdesk router: no fee (quotes go through a DEX's own router)
            return FeeTerms(0, BPS)

        async def read() -> FeeTerms:
            # at BPS^2 units both of quoteFee's divisions are exact: it answers (rate, rate * BPS, rate * share)
            call = {"to": self.catalog.router, "data": "0x" + ROUTER.encode("quoteFee", trader, channel, BPS**2).hex()}
            try:
                answer = data(await request(self.w3, "eth_call", [call, hex(state.number)]))
            except NodeError as exc:
                if exc.code == 3:  # reverted: something is wrong with the router or its discount tokens
                    raise RuntimeError(f"the router's quoteFee reverted: {exc}") from exc
                raise
            rate, _, share_of_rate = decode(["uint256", "uint256", "uint256"], answer)
            return FeeTerms(rate, share_of_rate // rate if rate else BPS)

        return await self._at_block(state, ("fee", trader, channel), read)

    async def _decimals_at(self, state: BlockState, token: str) -> int | None:
        async def read() -> int | None:
            # the caller's choice of contract: its code runs apart from anything else (see multicall.py)
            return (await decimals_of(self.w3, self.catalog.multicall, [token], state.number))[token]

        return await self._at_block(state, ("decimals", token), read)

    async def snapshot(self, trader: str, channel: str, amount: int, tokens: list[str]) -> Snapshot:
        """The state for a quote of `amount` by `trader`; `tokens`' decimals. Raises AmountTooLarge when the
        router cannot take `amount`."""
        static = await self._load_static()
        state = await self.current()
        strangers = [t for t in tokens if t.lower() not in self.listed]
        terms, found = await asyncio.gather(
            self._fee_terms_at(state, trader, channel),
            asyncio.gather(*(self._decimals_at(state, t) for t in strangers)),
        )
        if amount > terms.limit:
            raise AmountTooLarge(terms.limit)
        decimals = {t: static.decimals[self.listed[t.lower()]] for t in tokens if t.lower() in self.listed}
        decimals |= dict(zip(strangers, found, strict=True))
        normal = terms.normal_fee(amount)
        fee = normal * terms.share // BPS
        return Snapshot(
            state.number, state.timestamp, state.pools, terms.rate, normal, fee, decimals, terms, state.base_fee
        )


def _time(header: dict[str, Any]) -> int:
    return quantity(header["timestamp"])


def _at(static: _Static, pools: dict[str, Pool], timestamp: int) -> dict[str, Pool]:
    """The pools in a later block, nothing having happened to them (a StableSwap pool's A moves on a ramp)."""
    return {key: static.kind_of[key].at_time(pool, timestamp) for key, pool in pools.items()}


def _state(header: dict[str, Any], pools: dict[str, Pool]) -> BlockState:
    number, timestamp = quantity(header["number"]), quantity(header["timestamp"])
    base_fee = quantity(header["baseFeePerGas"]) if header.get("baseFeePerGas") else 0
    return BlockState(number, header["hash"], timestamp, header["stateRoot"], pools, base_fee)
