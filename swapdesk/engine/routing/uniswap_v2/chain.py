"""Uniswap-V2-style pairs read from a chain and kept from their logs (the reader's `PoolKind`).

Facts, once: token0 and token1, and a probe of getReserves (a V3 pool or a StableSwap pool has no such
function: such an address is refused as a pair). The fee is the family's, as the catalogue says: real
factories have no fee getter. State: getReserves. Logs: a pair emits `Sync(reserve0, reserve1)` each time
its reserves change (swap, mint, burn, sync), so the last Sync is its state; its other events add nothing.
"""

from __future__ import annotations

from dataclasses import replace

from swapdesk.catalogs import SourceEntry
from swapdesk.chain.multicall import Read
from swapdesk.contracts import vendored
from swapdesk.engine.routing.pool import Pool
from swapdesk.engine.routing.pool_kind import Calls, Created_by, Refused, address_of, word
from swapdesk.engine.routing.uniswap_v2.events import SYNC
from swapdesk.engine.routing.uniswap_v2.pool import V2Pool

PAIR = vendored("UniswapV2Pair")
FACTORY = vendored("UniswapV2Factory")
_MAX_RESERVE = 2**112


def _reserves(raw: bytes | None) -> tuple[int, int]:
    reserve0, reserve1 = word(raw, 0), word(raw, 1)
    word(raw, 2)  # the timestamp: all three words or it is not getReserves
    if reserve0 >= _MAX_RESERVE or reserve1 >= _MAX_RESERVE:
        raise ValueError("reserves beyond uint112")
    return reserve0, reserve1


class UniswapV2:
    name = "uniswap_v2"

    def source_probe(self, source: SourceEntry) -> Read | None:
        return Read(source.address, FACTORY.encode("allPairsLength"))  # a V3 factory has no such function

    async def read_static(
        self, calls: Calls, source: SourceEntry, created: Created_by
    ) -> tuple[list[Pool], list[Refused]]:
        calls_per_pair = ("token0", "token1", "getReserves")
        asked = [p for p in source.pools if p.lower() not in created]
        answers = iter(await calls.read([Read(p, PAIR.encode(fn)) for p in asked for fn in calls_per_pair]))
        pools: list[Pool] = []
        refused = []
        for address in source.pools:
            logged = created.get(address.lower())
            if logged is not None:
                pools.append(V2Pool(address, source.name, logged.token0, logged.token1, 0, 0, source.fee_bps))
                continue
            token0, token1, reserves = (next(answers) for _ in calls_per_pair)
            try:
                pair = V2Pool(address, source.name, address_of(token0), address_of(token1), 0, 0, source.fee_bps)
                _reserves(reserves)
            except ValueError:
                refused.append(Refused(address, "does not answer token0, token1 and getReserves as a V2 pair"))
                continue
            pools.append(pair)
        return pools, refused

    async def read_state(self, calls: Calls, pools: list[Pool], block: int, timestamp: int) -> dict[str, Pool | None]:
        pairs = [p for p in pools if isinstance(p, V2Pool)]
        answers = await calls.read([Read(p.address, PAIR.encode("getReserves")) for p in pairs], block)
        out: dict[str, Pool | None] = {}
        for pair, raw in zip(pairs, answers, strict=True):
            try:
                reserve0, reserve1 = _reserves(raw)
            except ValueError:
                out[pair.address] = None
                continue
            out[pair.address] = replace(pair, reserve0=reserve0, reserve1=reserve1)
        return out

    def after_log(self, pool: Pool, topics: list[bytes], data: bytes) -> Pool | None:
        assert isinstance(pool, V2Pool)
        if not topics or topics[0] != SYNC.topic:
            return pool  # Swap, Mint, Burn, Transfer, Approval: the Sync beside them carries the reserves
        synced = SYNC.decode_parts(topics, data)
        if synced is None:
            return None  # not the Sync we know: read the pair again
        return replace(pool, reserve0=synced["reserve0"], reserve1=synced["reserve1"])

    def at_time(self, pool: Pool, timestamp: int) -> Pool:
        return pool

    def watched(self, pool: Pool) -> tuple[str, ...]:
        return ()  # only its own logs change it

    def drifts(self, pool: Pool) -> bool:
        return False
