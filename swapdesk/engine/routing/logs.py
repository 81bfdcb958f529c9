"""What a block's logs say about the pools: the state changes they carry.

A Uniswap V2 pair emits `Sync(reserve0, reserve1)` each time its reserves
change (swap, mint, burn, sync), with the reserves it keeps: the pair's last
`Sync` in a range of blocks is its state at the end of the range, and its
other events (Swap, Mint, Burn, Transfer) add nothing to it. A StableSwap
pool's balances change only in `exchange` and `add_liquidity`, each logged
with its amounts (`TokenExchange`, `AddLiquidity`): the balances move by
exactly those amounts in the devnet's pool, which keeps no admin fee. Any other
event of a StableSwap pool (a real Curve pool's removals, ramps, or an
exchange whose admin fee leaves the balances unlogged) is something the logs
cannot tell: the pool is read again at the block instead.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any

from eth_utils import keccak

from swapdesk.chain.rpc import data
from swapdesk.engine.routing.pools import Pool, StablePool, V2Pool

SYNC = "0x" + keccak(text="Sync(uint112,uint112)").hex()
TOKEN_EXCHANGE = "0x" + keccak(text="TokenExchange(address,int128,uint256,int128,uint256)").hex()
ADD_LIQUIDITY = "0x" + keccak(text="AddLiquidity(address,uint256[3],uint256,uint256)").hex()
_WORD = 32


def _words(raw: bytes, count: int) -> list[int]:
    if len(raw) < count * _WORD:
        raise ValueError("a log with less data than its event has")
    return [int.from_bytes(raw[n * _WORD : (n + 1) * _WORD], "big") for n in range(count)]


def _signed(word: int) -> int:
    return word - 2**256 if word >= 2**255 else word


def apply_logs(
    pools: Mapping[str, Pool], by_address: Mapping[str, str], logs: Iterable[Any]
) -> tuple[dict[str, Pool], set[str]]:
    """The pools after `logs` (JSON-RPC log objects in chain order), and the pools the logs cannot tell about,
    which must be read again. `by_address` maps a lowercase address to its key in `pools`."""
    after = dict(pools)
    unknown: set[str] = set()
    for log in logs:
        key = by_address.get(str(log.get("address", "")).lower())
        if key is None or key in unknown or log.get("removed"):
            continue  # not a pool of ours, already to be read again, or undone by a reorganisation
        topics = log.get("topics") or []
        topic = str(topics[0]).lower() if topics else ""
        pool = after[key]
        try:
            changed = _applied(pool, topic, data(log.get("data")))
        except ValueError:  # malformed: a node's bug, or not the event we think
            changed = None
        if changed is None:
            unknown.add(key)
        else:
            after[key] = changed
    return after, unknown


def _applied(pool: Pool, topic: str, raw: bytes) -> Pool | None:
    """The pool after one of its events; None when the event does not say."""
    if isinstance(pool, V2Pool):
        if topic != SYNC:
            return pool  # Swap, Mint, Burn, Transfer, Approval: the Sync beside them carries the reserves
        reserve0, reserve1 = _words(raw, 2)
        return replace(pool, reserve0=reserve0, reserve1=reserve1)
    if isinstance(pool, StablePool):
        balances = list(pool.balances)
        if topic == TOKEN_EXCHANGE:
            sold, sold_amount, bought, bought_amount = _words(raw, 4)
            i, j = _signed(sold), _signed(bought)
            if not (0 <= i < len(balances) and 0 <= j < len(balances)) or bought_amount > balances[j]:
                return None
            balances[i] += sold_amount
            balances[j] -= bought_amount
            return replace(pool, balances=tuple(balances))
        if topic == ADD_LIQUIDITY:
            for k, amount in enumerate(_words(raw, len(balances))):
                balances[k] += amount
            return replace(pool, balances=tuple(balances))
    return None
