"""What a block's logs say about the pools: each log goes to its pool's kind, which says the pool after it,
or that the log cannot tell (the pool is then read again at the block)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from swapdesk.chain.rpc import data
from swapdesk.engine.routing.pool import Pool
from swapdesk.engine.routing.pool_kind import PoolKind


def apply_logs(
    pools: Mapping[str, Pool], kind_of: Mapping[str, PoolKind], by_address: Mapping[str, str], logs: Iterable[Any]
) -> tuple[dict[str, Pool], set[str]]:
    """The pools after `logs` (JSON-RPC log objects in chain order), and the pools the logs cannot tell about,
    which must be read again. `by_address` maps a lowercase address to its key in `pools`."""
    after = dict(pools)
    unknown: set[str] = set()
    for log in logs:
        key = by_address.get(str(log.get("address", "")).lower())
        if key is None or key in unknown or log.get("removed") or key not in after:
            continue  # not a pool of ours, already to be read again, undone by a reorganisation, or not read
        try:
            changed = kind_of[key].after_log(
                after[key], [data(t) for t in log.get("topics") or []], data(log.get("data"))
            )
        except ValueError:  # malformed: a node's bug, or not the event we think
            changed = None
        if changed is None:
            unknown.add(key)
        else:
            after[key] = changed
    return after, unknown
