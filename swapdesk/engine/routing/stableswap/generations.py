"""Which generation of Curve's StableSwap a pool is, told from the getters it answers.

Each generation computes differently (see math.py, meta.py), and some getters exist only in some of them:

- `coins(int128)` only: Vyper 0.1 (compound, y, busd, usdt, pax, ren, sbtc, susd), rates from lending or
  renBTC markets: left out.
- `underlying_coins(0)`: a lending pool (aave, saave, ib, y-style), rates moving with the market: left out.
- `offpeg_fee_multiplier()` and `stored_rates()`: a stableswap-ng plain pool (NG), rates read at each block;
  with `BASE_POOL()`, a stableswap-ng metapool: left out; the multiplier alone (aave): left out.
- `base_pool()` and `redemption_price_snap()`: RAI's metapool, coin 0 at the redemption price.
- `base_pool()`, `base_virtual_price()`, `base_cache_updated()`: a metapool of curve-contract's templates, its
  base pool's price cached. (The 0.2.5 metapools answer the same and keep the last D or y where the templates
  revert after 255 rounds: both are taken to revert there, which quotes nothing rather than a wrong amount.)
- two coins and `get_dy_underlying(0, 2, dx)`, no base pool named: a metapool that does not say its base
  pool (the factory's): left out.
- `stored_rates()`: a later pool whose rates come from oracles (the factory's Plain*Price), rates read.
- `A_precise()` = `A()` x 100: a later plain pool.
- `A()`, and no `A_precise()` or one equal to `A()`: a classic plain pool (3pool, Ellipsis, the devnet's).

Anything else (no `A()`, an `A_precise()` in another relation to `A()`) is not told: left out, and said.
A metapool's base pool must itself be told as a classic or later plain pool.
"""

from __future__ import annotations

from dataclasses import dataclass

from swapdesk.engine.routing.pool_kind import address_of, word
from swapdesk.engine.routing.stableswap.math import CLASSIC, LATER, NG, Variant

# the getters asked of every listed pool (and of a metapool's base pool), each with no argument
PROBES = (
    "A()",
    "A_precise()",
    "base_pool()",
    "BASE_POOL()",
    "base_virtual_price()",
    "base_cache_updated()",
    "redemption_price_snap()",
    "offpeg_fee_multiplier()",
    "stored_rates()",
)
UNDERLYING = ("underlying_coins(uint256)", "underlying_coins(int128)")  # each asked of index 0
METAPOOL_PROBE_DX = 10**15  # get_dy_underlying(0, 2, dx) of a two-coin pool: only a metapool answers


@dataclass(frozen=True)
class Generation:
    name: str  # "classic", "later", "later, rates read", "stableswap-ng", "metapool", "RAI metapool"
    variant: Variant
    reads_rates: bool = False  # rates from stored_rates() at each block
    base_pool: str | None = None  # a metapool's
    redemption_snap: str | None = None  # RAI's metapool: coin 0's rate is this contract's price / 10**9


@dataclass(frozen=True)
class Answers:
    """What a pool answered: each probe's return data (None: it reverted or has no such getter)."""

    by_int128_only: bool  # coins(uint256) failed where coins(int128) answered
    coins: int
    getters: dict[str, bytes | None]
    underlying: bool  # underlying_coins(0) answered
    dy_underlying_past_coins: bool  # two coins, and get_dy_underlying(0, 2, dx) answered


def _address(raw: bytes | None) -> str | None:
    try:
        return address_of(raw)
    except ValueError:
        return None


def told(answers: Answers) -> Generation | str:
    """The pool's generation, or why it is left out (words to finish "it ...")."""
    got = answers.getters
    if answers.by_int128_only:
        return "is of Curve's first generation (Vyper 0.1: rates from lending or renBTC markets), not modelled"
    if answers.underlying:
        return "is a lending pool (its coins' rates move with the lending market), not modelled"
    if got["offpeg_fee_multiplier()"] is not None:
        if got["BASE_POOL()"] is not None:
            return "is a stableswap-ng metapool, not modelled"
        if got["stored_rates()"] is None:
            return "has an off-peg fee multiplier but no stored_rates() (a lending pool), not modelled"
        return Generation("stableswap-ng", NG, reads_rates=True)
    base = _address(got["base_pool()"])
    if base is not None:
        if answers.coins != 2:
            return f"names a base pool but has {answers.coins} coins, not a metapool of two"
        snap = _address(got["redemption_price_snap()"])
        if snap is not None:
            return Generation("RAI metapool", LATER, base_pool=base, redemption_snap=snap)
        if got["base_virtual_price()"] is None or got["base_cache_updated()"] is None:
            return "is a metapool without the cached base price of curve-contract's templates, not modelled"
        return Generation("metapool", LATER, base_pool=base)
    if answers.dy_underlying_past_coins:
        return "is a metapool that does not name its base pool (base_pool()), not modelled"
    try:
        a = word(got["A()"])
    except ValueError:
        return "does not answer A()"
    precise = got["A_precise()"]
    if precise is None or (len(precise) >= 32 and word(precise) == a):
        if got["stored_rates()"] is not None:
            return "stores A as it is yet has stored_rates(): a generation not modelled"
        return Generation("classic", CLASSIC)
    if len(precise) >= 32 and word(precise) // 100 == a:
        if got["stored_rates()"] is not None:
            return Generation("later, rates read", LATER, reads_rates=True)
        return Generation("later", LATER)
    return "answers an A_precise() that is neither A() nor A() x 100: a generation not modelled"
