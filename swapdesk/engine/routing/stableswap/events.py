"""What a StableSwap pool's logs say about its balances.

`TokenExchange(buyer, sold_id, tokens_sold, bought_id, tokens_bought)` does not log the admin's share of the
fee, which leaves balances[bought_id] beside tokens_bought: the exchange is recomputed from the pool before
the event, and the event is applied only if the recomputed payout is the logged one (else the pool before it
was not the contract's, or A moved on a ramp in a block whose time was not given: the pool is read again).
`AddLiquidity(provider, token_amounts, fees, invariant, token_supply)` carries everything: each balance grows
by its amount less the admin's share of its fee. The devnet's pool before it took fees logged
`AddLiquidity(provider, token_amounts, invariant, token_supply)` and kept whole amounts. Any other event
(removals, ramps, fee and owner changes, metapools' underlying exchanges) is one the logs cannot tell
about: None, read the pool again. A metapool's own exchanges are recomputed the same way (with the base pool's
price it used, and its cache as the exchange leaves it); its deposits are read again (they refresh the cache).
"""

from __future__ import annotations

from dataclasses import replace

from eth_utils import keccak

from swapdesk.engine.routing.stableswap.math import FEE_DENOMINATOR, Reverted
from swapdesk.engine.routing.stableswap.meta import MetaPool
from swapdesk.engine.routing.stableswap.pool import MAX_COINS, MIN_COINS, StablePool

_WORD = 32


def _topic(signature: str) -> str:
    return "0x" + keccak(text=signature).hex()


TOKEN_EXCHANGE = _topic("TokenExchange(address,int128,uint256,int128,uint256)")
ADD_LIQUIDITY = {
    n: _topic(f"AddLiquidity(address,uint256[{n}],uint256[{n}],uint256,uint256)")
    for n in range(MIN_COINS, MAX_COINS + 1)
}
FEELESS_ADD_LIQUIDITY = {  # the devnet's pool before it took fees
    n: _topic(f"AddLiquidity(address,uint256[{n}],uint256,uint256)") for n in range(MIN_COINS, MAX_COINS + 1)
}


def _words(raw: bytes, count: int) -> list[int]:
    if len(raw) < count * _WORD:
        raise ValueError("a log with less data than its event has")
    return [int.from_bytes(raw[k * _WORD : (k + 1) * _WORD], "big") for k in range(count)]


def _signed(word: int) -> int:
    return word - 2**256 if word >= 2**255 else word


def applied(pool: StablePool, topic: str, raw: bytes, timestamp: int | None = None) -> StablePool | None:
    """The pool after one of its events (`topic` as 0x-hex, `raw` the log's data), at `timestamp` if the
    event's block time is known (it matters only while A ramps); None when the event does not say.
    ValueError for data too short for the event."""
    if timestamp is not None:
        pool = pool.at(timestamp)
    n = len(pool.coins)
    topic = topic.lower()
    if topic == TOKEN_EXCHANGE:
        sold, sold_amount, bought, bought_amount = _words(raw, 4)
        i, j = _signed(sold), _signed(bought)
        if not (0 <= i < n and 0 <= j < n):
            return None
        try:
            paid, after = pool.exchange(i, j, sold_amount)
        except Reverted:
            return None
        return after if paid == bought_amount else None
    if topic == ADD_LIQUIDITY[n]:
        words = _words(raw, 2 * n)
        amounts, fees = words[:n], words[n:]
        kept = [a - f * pool.admin_fee // FEE_DENOMINATOR for a, f in zip(amounts, fees, strict=True)]
        return _added(pool, kept)
    if topic == FEELESS_ADD_LIQUIDITY[n]:
        return _added(pool, _words(raw, n))
    return None


def _added(pool: StablePool, amounts: list[int]) -> StablePool | None:
    balances = tuple(b + a for b, a in zip(pool.balances, amounts, strict=True))
    if min(balances) < 0:
        return None
    return replace(pool, balances=balances)


def applied_to_metapool(pool: MetaPool, topic: str, raw: bytes) -> MetaPool | None:
    """The metapool after one of its own events: an exchange of its own coins recomputed; None otherwise."""
    if topic.lower() != TOKEN_EXCHANGE:
        return None
    sold, sold_amount, bought, bought_amount = _words(raw, 4)
    i, j = _signed(sold), _signed(bought)
    if not (0 <= i < 2 and 0 <= j < 2):
        return None
    try:
        paid, after = pool.exchange(i, j, sold_amount)
    except Reverted:
        return None
    return after if paid == bought_amount else None
