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

from eth_utils import keccak
from web3 import AsyncWeb3

from swapdesk.catalogs import Catalog, SourceEntry
from swapdesk.chain.rpc import NodeError, data, request
from swapdesk.engine.routing.kinds import Created, Created_by

log = logging.getLogger(__name__)
LOG_HISTORY = 10_000  # blocks one eth_getLogs may span at most providers
PAIR_CREATED = "0x" + keccak(text="PairCreated(address,address,address,uint256)").hex()
POOL_CREATED = "0x" + keccak(text="PoolCreated(address,address,uint24,int24,address)").hex()


async def created_pools(
    w3: AsyncWeb3, catalog: Catalog, sources: list[SourceEntry], tiers: dict[str, tuple[int, ...]], block: int
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
        "topics": [[PAIR_CREATED, POOL_CREATED], tokens, tokens],
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
        topics, raw = entry["topics"], data(entry["data"])
        token0, token1 = _address(data(topics[1])), _address(data(topics[2]))
        if source.kind == "uniswap_v2" and topics[0] == PAIR_CREATED and len(raw) == 64:
            return _address(raw[:32]), Created(token0, token1)  # then the count of pairs
        fee = int(topics[3], 16) if len(topics) == 4 else -1
        if source.kind == "uniswap_v3" and topics[0] == POOL_CREATED and len(raw) == 64 and fee in tiers[source.name]:
            spacing = int.from_bytes(raw[:32], "big", signed=True)
            return _address(raw[32:]), Created(token0, token1, fee, spacing)
    except (KeyError, IndexError, TypeError, ValueError):
        pass
    return None


def _address(word: bytes) -> str:
    if len(word) != 32 or any(word[:12]):
        raise ValueError("not an address")  # not the event this kind logs
    return AsyncWeb3.to_checksum_address(word[12:])
