"""Pools found on chain: the factories' creation logs on a young chain name exactly what asking every factory
about every pair and fee tier names, and an old chain (or a node that refuses the range) is asked pair by pair.

The logs' filter rides on the node's logs bloom; a wrong bloom or a wrong topic would lose pools here.
"""

from __future__ import annotations

import pytest

from swapdesk.chain.rpc import quantity, request
from swapdesk.chains import resolve
from swapdesk.engine import Engine
from swapdesk.engine.routing import creations
from swapdesk.engine.routing.discovery import V3_TIERS, _from_factories, discover, with_found
from swapdesk.engine.routing.pool_kind import Calls
from swapdesk.engine.routing.pool_reader import KINDS

NONE = "0x" + "0" * 40


@pytest.mark.parametrize("flag", ["ETH", "BSC", "MATIC"])
async def test_creation_logs_name_what_the_factories_answer(
    engine: Engine, flag: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    chain = resolve(flag)
    w3, catalog = await engine.backend.web3(chain), await engine.backend.catalog(chain)
    head = quantity(await request(w3, "eth_blockNumber", []))
    assert head < creations.LOG_HISTORY  # the devnet is young: its pools come from the logs
    factories = [s for s in catalog.sources if s.kind in ("uniswap_v2", "uniswap_v3")]
    tiers = {s.name: tuple(s.fee_tiers or V3_TIERS) for s in factories}
    logged = await creations.created_pools(w3, catalog, factories, tiers, head)
    assert logged is not None and set(logged) == {s.name for s in factories}
    asked = await _from_factories(Calls(w3, catalog.multicall), factories, tiers, catalog, head)
    assert {name: sorted(pools) for name, pools in logged.items()} == {
        s.name: sorted(a.lower() for source, a in asked if source.name == s.name and a != NONE) for s in factories
    }
    from_logs = await discover(Calls(w3, catalog.multicall), catalog, head)
    monkeypatch.setattr(creations, "LOG_HISTORY", 0)  # as on a chain older than one eth_getLogs can span
    assert await creations.created_pools(w3, catalog, factories, tiers, head) is None
    from_calls = await discover(Calls(w3, catalog.multicall), catalog, head)
    assert from_logs.pools == from_calls.pools
    assert sum(map(len, from_logs.pools.values())) > len(factories)  # something was found, past the catalogue's


@pytest.mark.parametrize("flag", ["ETH", "BSC"])
async def test_pools_from_their_creation_logs_are_the_pools_read(engine: Engine, flag: str) -> None:
    """The facts a factory logged make the same pools as reading each pool's tokens, fee and tick spacing."""
    chain = resolve(flag)
    w3, catalog = await engine.backend.web3(chain), await engine.backend.catalog(chain)
    calls = Calls(w3, catalog.multicall)
    found = await discover(calls, catalog, quantity(await request(w3, "eth_blockNumber", [])))
    catalog = with_found(catalog, found)
    for source in catalog.sources:
        if source.kind not in ("uniswap_v2", "uniswap_v3"):
            continue
        created = found.created[source.name]
        assert {a.lower() for a in source.pools} <= set(created)  # every pool of a devnet factory was logged
        from_logs, refused_logs = await KINDS[source.kind].read_static(calls, source, created)
        read, refused = await KINDS[source.kind].read_static(calls, source, {})
        assert (from_logs, refused_logs) == (read, refused) and read and not refused
