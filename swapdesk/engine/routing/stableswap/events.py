"""A StableSwap pool's events (decoded by `chain.events`; the transaction reader counts a Curve pool's swap by the same
`SWAPS`), and what its logs say about its balances.

`TokenExchange(buyer, sold_id, tokens_sold, bought_id, tokens_bought)` does not log the admin's share of the fee,
which leaves balances[bought_id] beside tokens_bought: the exchange is recomputed from the pool before the event,
and the event is applied only if the recomputed payout is the logged one (else the pool before it was not the
contract's, or A moved on a ramp in a block whose time was not given: the pool is read again).
`AddLiquidity(provider, token_amounts, fees, invariant, token_supply)` carries everything: each balance grows by its
amount less the admin's share of its fee. The devnet's pool before it took fees logged `AddLiquidity(provider,
token_amounts, invariant, token_supply)` and kept whole amounts. Any other event (removals, ramps, fee and owner
changes, metapools' underlying exchanges) is one the logs cannot tell about, as is a log that does not decode as its
event: None, read the pool again. A metapool's own exchanges are recomputed the same way (with the base pool's price
it used, and its cache as the exchange leaves it); its deposits are read again (they refresh the cache).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TypeVar

from swapdesk.chain.events import declared
from swapdesk.engine.routing.stableswap.math import FEE_DENOMINATOR, Reverted
from swapdesk.engine.routing.stableswap.meta import MetaPool
from swapdesk.engine.routing.stableswap.pool import MAX_COINS, MIN_COINS, StablePool

TOKEN_EXCHANGE = declared(
    "TokenExchange(address indexed buyer, int128 sold_id, uint256 tokens_sold, int128 bought_id, uint256 tokens_bought)"
)
CRYPTO_EXCHANGE = declared(  # Curve's crypto pools (tricrypto...), indices as uint256: read in transactions only
    "TokenExchange(address indexed buyer, uint256 sold_id, uint256 tokens_sold, uint256 bought_id, "
    "uint256 tokens_bought)"
)
Exchanging = TypeVar("Exchanging", StablePool, MetaPool)
SWAPS = (TOKEN_EXCHANGE, CRYPTO_EXCHANGE)  # what a Curve pool logs when it swaps
ADD_LIQUIDITY = {
    n: declared(
        f"AddLiquidity(address indexed provider, uint256[{n}] token_amounts, uint256[{n}] fees, uint256 invariant, "
        "uint256 token_supply)"
    )
    for n in range(MIN_COINS, MAX_COINS + 1)
}
FEELESS_ADD_LIQUIDITY = {  # the devnet's pool before it took fees
    n: declared(
        f"AddLiquidity(address indexed provider, uint256[{n}] token_amounts, uint256 invariant, uint256 token_supply)"
    )
    for n in range(MIN_COINS, MAX_COINS + 1)
}


def applied(pool: StablePool, topics: Sequence[bytes], data: bytes, timestamp: int | None = None) -> StablePool | None:
    """The pool after one of its logs (its topics and data), at `timestamp` if the event's block time is known (it
    matters only while A ramps); None when the log does not say (another event, or one that does not decode)."""
    if timestamp is not None:
        pool = pool.at(timestamp)
    n = len(pool.coins)
    if (exchanged := TOKEN_EXCHANGE.decode_parts(topics, data)) is not None:
        return _exchanged(pool, exchanged, n)
    if (added := ADD_LIQUIDITY[n].decode_parts(topics, data)) is not None:
        amounts, fees = added["token_amounts"], added["fees"]
        kept = [a - f * pool.admin_fee // FEE_DENOMINATOR for a, f in zip(amounts, fees, strict=True)]
        return _added(pool, kept)
    if (whole := FEELESS_ADD_LIQUIDITY[n].decode_parts(topics, data)) is not None:
        return _added(pool, list(whole["token_amounts"]))
    return None


def _exchanged(pool: Exchanging, fields: dict[str, int], n: int) -> Exchanging | None:
    """The pool after an exchange, recomputed; None unless it pays what the log says."""
    i, j = fields["sold_id"], fields["bought_id"]
    if not (0 <= i < n and 0 <= j < n):
        return None
    try:
        paid, after = pool.exchange(i, j, fields["tokens_sold"])
    except Reverted:
        return None
    return after if paid == fields["tokens_bought"] else None


def _added(pool: StablePool, amounts: list[int]) -> StablePool | None:
    balances = tuple(b + a for b, a in zip(pool.balances, amounts, strict=True))
    if min(balances) < 0:
        return None
    return replace(pool, balances=balances)


def applied_to_metapool(pool: MetaPool, topics: Sequence[bytes], data: bytes) -> MetaPool | None:
    """The metapool after one of its own events: an exchange of its own coins recomputed; None otherwise."""
    exchanged = TOKEN_EXCHANGE.decode_parts(topics, data)
    return None if exchanged is None else _exchanged(pool, exchanged, 2)
