"""Pools found from their factories' creation logs, on a chain young enough to ask its whole history at once.

A V2 factory logs `PairCreated(token0, token1, pair, n)` and a V3 factory `PoolCreated(token0, token1, fee,
tickSpacing, pool)`, the tokens (and the fee) indexed: one `eth_getLogs` from block 0, filtered to the
catalogue's tokens, names every pool between two of them, with its facts (`Created`: tokens, fee, tick spacing:
what would otherwise be read from each pool), without executing anything, where asking each factory about every
pair and fee tier runs hundreds of calls in the node's EVM. Nodes answer a range of at most 10,000
blocks (Alchemy's and QuickNode's bound), so only a chain younger than that is asked this way (a devnet, a new
network); any refusal, or a factory that logged nothing (it may log other events: a fork of the code), leaves
its pools to be asked for pair by pair (`discovery`).
"""

from __future__ import annotations

import logging
from typing import Any

from web3 import AsyncWeb3

from swapdesk.catalogs import Catalog, SourceEntry
from swapdesk.chain.rpc import NodeError, data, request
from swapdesk.engine.routing.pool_kind import Created, Created_by
from swapdesk.engine.routing.uniswap_v2.events import PAIR_CREATED
from swapdesk.engine.routing.uniswap_v3.events import POOL_CREATED

log = logging.getLogger(__name__)
LOG_HISTORY = 10_000  # blocks one eth_getLogs may span at most providers


async def created_pools(
    w3: AsyncWeb3[Any], catalog: Catalog, sources: list[SourceEntry], tiers: dict[str, tuple[int, ...]], block: int
) -> dict[str, Created_by] | None:
    """Each source's pools between two catalogue tokens (V3: in `tiers[source name]`) created up to `block`, with
    the facts their factory logged, by source name; a source whose factory logged none is left out. None: the
    chain is too old for one look, or the node refused it."""
    if block >= LOG_HISTORY or not sources:
        return None
    tokens = ["0x" + t.address[2:].lower().rjust(64, "0") for t in catalog.tokens]
    by_factory = {s.address.lower(): s for s in sources}
    query = {
        "fromBlock": "0x0",
        "toBlock": hex(block),
        "address": sorted(by_factory),
        "topics": [[PAIR_CREATED.hex_topic, POOL_CREATED.hex_topic], tokens, tokens],
    }
    try:
        logs = await request(w3, "eth_getLogs", [query])
    except NodeError as exc:
        log.info("chain %s: the factories' creation logs were refused (%s): pools asked pair by pair",
                 catalog.chain_id, exc)  # fmt: skip
        return None
    found: dict[str, Created_by] = {}
    for entry in logs if isinstance(logs, list) else []:
        source = by_factory.get(str(entry.get("address", "")).lower()) if isinstance(entry, dict) else None
        created = _created(entry, source, tiers) if source is not None else None
        if source is not None and created is not None:
            found.setdefault(source.name, {})[created[0].lower()] = created[1]
    return found


def _created(
    entry: dict[str, Any], source: SourceEntry, tiers: dict[str, tuple[int, ...]]
) -> tuple[str, Created] | None:
    """The pool a creation log names and its facts, if it is of the source's kind (and, V3, of one of its tiers)."""
    try:
        topics, raw = [data(t) for t in entry["topics"]], data(entry["data"])
    except (KeyError, TypeError, ValueError):
        return None
    if source.kind == "uniswap_v2" and (pair := PAIR_CREATED.decode_parts(topics, raw)) is not None:
        return pair["pair"], Created(pair["token0"], pair["token1"])
    pool = POOL_CREATED.decode_parts(topics, raw) if source.kind == "uniswap_v3" else None
    if pool is not None and pool["fee"] in tiers.get(source.name, ()):
        return pool["pool"], Created(pool["token0"], pool["token1"], pool["fee"], pool["tickSpacing"])
    return None
