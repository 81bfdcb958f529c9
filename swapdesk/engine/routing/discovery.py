"""Pools found on chain: a catalogue names factories, not every pool.

For the catalogue's tokens taken two by two, each V2 factory's `getPair` and each V3 factory's `getPool` over
its fee tiers, in Multicall3 batches (on a young chain, the factories' creation logs instead: `creations`); a
pool the catalogue lists by hand is kept too. What is found is left out
when it holds next to nothing (a pair with a reserve under `DUST`, a V3 pool with no liquidity in range): such
pools would only offer a quote what they cannot pay. StableSwap pools are listed by their catalogue (Curve's
registries differ from one deployment to the next).

Found pools are kept with the block they were seen at (`Found`), in memory for the engine's life and, where the
engine is given a folder, on disk for a day, so a restarted engine need not ask again.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import logging
import time
from dataclasses import astuple, dataclass, field, replace
from pathlib import Path

from web3 import AsyncWeb3

from swapdesk.catalogs import Catalog, SourceEntry
from swapdesk.chain.multicall import Read
from swapdesk.contracts import vendored
from swapdesk.engine.routing.creations import created_pools
from swapdesk.engine.routing.pool_kind import Calls, Created, Created_by, address_of, word
from swapdesk.files import write_atomically

log = logging.getLogger(__name__)
V2_FACTORY, V3_FACTORY = vendored("UniswapV2Factory"), vendored("UniswapV3Factory")
PAIR, POOL = vendored("UniswapV2Pair"), vendored("UniswapV3Pool")
V3_TIERS = (100, 500, 3000, 10000)  # Uniswap's, when a catalogue names none
DUST = 1_000  # smallest units: a pair holding less of either token is empty
CACHE_SECONDS = 24 * 3600
_NONE = "0x" + "0" * 40


@dataclass(frozen=True)
class Found:
    block: int
    at: float  # when, wall-clock seconds
    pools: dict[str, list[str]]  # source name -> its pools, the catalogue's and those found
    created: dict[str, Created_by] = field(default_factory=dict)  # source name -> its pools' logged facts


async def discover(calls: Calls, catalog: Catalog, block: int) -> Found:
    """Every pool of the catalogue's V2 and V3 sources between two of its tokens, worth trading, at `block`: from
    the factories' creation logs on a young chain (`creations`), else asked of each factory."""
    factories = [s for s in catalog.sources if s.kind in ("uniswap_v2", "uniswap_v3")]
    tiers = {s.name: tuple(s.fee_tiers or V3_TIERS) for s in factories}
    logged = await created_pools(calls.w3, catalog, factories, tiers, block) or {}
    found: dict[str, set[str]] = {s.name: set(s.pools) for s in catalog.sources}
    named = [(s, address) for s in factories for address in _addresses(logged.get(s.name, {}))]
    named += await _from_factories(calls, [s for s in factories if s.name not in logged], tiers, catalog, block)
    fresh = {(s.name, a): (s, a) for s, a in named if a != _NONE and a not in found[s.name]}
    candidates = list(fresh.values())
    worth = await _worth_trading(calls, candidates, block)
    for (source, address), keep in zip(candidates, worth, strict=True):
        if keep:
            found[source.name].add(address)
    kept = {name: {a.lower() for a in pools} for name, pools in found.items()}
    created = {name: {a: c for a, c in facts.items() if a in kept[name]} for name, facts in logged.items()}
    return Found(block, time.time(), {name: sorted(pools) for name, pools in found.items()}, created)


def _addresses(created: Created_by) -> list[str]:
    return [AsyncWeb3.to_checksum_address(a) for a in created]


async def _from_factories(
    calls: Calls, sources: list[SourceEntry], tiers: dict[str, tuple[int, ...]], catalog: Catalog, block: int
) -> list[tuple[SourceEntry, str]]:
    """Each factory's pools for the catalogue's tokens two by two (and each fee tier), asked in Multicall3 batches."""
    pairs = list(itertools.combinations([t.address for t in catalog.tokens], 2))
    asks: list[tuple[SourceEntry, Read]] = []
    for source in sources:
        if source.kind == "uniswap_v2":
            asks += [(source, Read(source.address, V2_FACTORY.encode("getPair", a, b))) for a, b in pairs]
        else:
            for fee in tiers[source.name]:
                asks += [(source, Read(source.address, V3_FACTORY.encode("getPool", a, b, fee))) for a, b in pairs]
    named = []
    for (source, _), raw in zip(asks, await calls.read([read for _, read in asks], block), strict=True):
        try:
            named.append((source, address_of(raw)))
        except ValueError:
            continue
    return named


async def _worth_trading(calls: Calls, candidates: list[tuple[SourceEntry, str]], block: int) -> list[bool]:
    """Whether each pool holds more than dust: a pair's two reserves, a V3 pool's liquidity in range."""
    reads = [
        Read(address, PAIR.encode("getReserves") if source.kind == "uniswap_v2" else POOL.encode("liquidity"))
        for source, address in candidates
    ]
    worth = []
    for (source, _), raw in zip(candidates, await calls.read(reads, block), strict=True):
        try:
            if source.kind == "uniswap_v2":
                worth.append(min(word(raw, 0), word(raw, 1)) >= DUST)
            else:
                worth.append(word(raw) > 0)
        except ValueError:
            worth.append(False)
    return worth


def with_found(catalog: Catalog, found: Found) -> Catalog:
    """The catalogue with each source's pools as found."""
    return replace(catalog, sources=[replace(s, pools=found.pools.get(s.name, s.pools)) for s in catalog.sources])


class DiscoveryCache:
    """Found pools on disk, one file per chain (`<folder>/<chain id>.json`), trusted for a day."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder

    def load(self, chain_id: int, catalog: Catalog) -> Found | None:
        if self.folder is None:
            return None
        path = self.folder / f"{chain_id}.json"
        try:
            raw = json.loads(path.read_text())
            pools = {str(k): list(v) for k, v in raw["pools"].items()}
            found = Found(int(raw["block"]), float(raw["at"]), pools, _created_from(raw.get("created", {})))
            asked = str(raw["asked"])
        except FileNotFoundError:
            return None
        except (ValueError, KeyError, TypeError, AttributeError):
            log.warning("the pools found on chain %s before (%s) cannot be read: looked for again", chain_id, path)
            return None
        if time.time() - found.at > CACHE_SECONDS or asked != _asked(catalog):
            return None  # stale, or found for other tokens or sources
        return found

    def save(self, chain_id: int, catalog: Catalog, found: Found) -> None:
        if self.folder is None:
            return
        try:
            created = {name: {a: astuple(c) for a, c in facts.items()} for name, facts in found.created.items()}
            kept = {"block": found.block, "at": found.at, "asked": _asked(catalog), "pools": found.pools}
            write_atomically(self.folder / f"{chain_id}.json", json.dumps(kept | {"created": created}))
        except OSError as exc:  # a cache: the next engine looks again
            log.warning("the pools found on chain %s could not be kept: %s", chain_id, exc)


def _created_from(raw: dict[str, dict[str, list[object]]]) -> dict[str, Created_by]:
    """Kept creation facts (ValueError, TypeError: not as kept)."""
    return {
        str(name): {
            str(a): Created(str(t0), str(t1), int(str(fee)), int(str(spacing)))
            for a, (t0, t1, fee, spacing) in facts.items()
        }
        for name, facts in raw.items()
    }


def _asked(catalog: Catalog) -> str:
    """What a discovery was asked: the tokens and the sources (their factories and tiers); found pools are kept
    only for the same question."""
    tokens = sorted(t.address for t in catalog.tokens)
    sources = sorted(f"{s.name}|{s.kind}|{s.address}|{sorted(s.fee_tiers)}" for s in catalog.sources)
    question = {"tokens": tokens, "sources": sources}
    return hashlib.sha256(json.dumps(question).encode()).hexdigest()
