"""The pool models' marginal rates, on pools of any balance, against their own outputs.

The models' outputs equal the contracts' (test_pool_models.py); here the
analytic slope is checked against a numerical derivative of those outputs on
imbalanced pools the devnet world does not hold, and every output is shown to
stay at or below amount x marginal rate, which is what makes impact >= 0.
"""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, reject
from hypothesis import strategies as st

from swapdesk.engine.routing.impact import marginal
from swapdesk.engine.routing.stableswap import StablePool, plain_rates
from swapdesk.engine.routing.uniswap_v2 import V2Pool

COINS = ("0xA", "0xB", "0xC")


@st.composite
def stable_pools(draw: st.DrawFn) -> StablePool:
    decimals = tuple(draw(st.sampled_from([6, 8, 18])) for _ in COINS)
    # from 1M to 1G whole coins each: imbalanced up to 1000 to 1
    balances = tuple(draw(st.integers(10**6, 10**9)) * 10**d for d in decimals)
    amp = draw(st.integers(10, 5000))
    fee = draw(st.integers(0, 10**8))  # up to 1 %, in 1e-10
    return StablePool("0xpool", "stable", COINS, balances, plain_rates(decimals), fee, 0, amp, amp, 0, 0, 0)


def _numeric_slope(pool: StablePool, i: int, j: int) -> Fraction:
    """The slope from the model's outputs alone: Richardson's extrapolation of g(h)/h at h, 2h and 4h,
    (8 D(h) - 6 D(2h) + D(4h)) / 3, cancels the curve's terms in h and h^2. With h a 30,000th of the
    balance, what is left of the curve and the few units of rounding stay below 1e-7 (measured)."""
    h = pool.balances[i] // 30_000
    slopes = [Fraction(pool.amount_out(COINS[i], COINS[j], k * h), k * h) for k in (1, 2, 4)]
    return (8 * slopes[0] - 6 * slopes[1] + slopes[2]) / 3


@given(pool=stable_pools(), i=st.integers(0, 2), step=st.integers(1, 2))
def test_stableswap_slope_is_the_derivative_of_its_output(pool: StablePool, i: int, step: int) -> None:
    j = (i + step) % 3
    try:
        numeric = _numeric_slope(pool, i, j)
    except ValueError:  # so lopsided that D does not converge: the contract reverts too, nothing to quote
        reject()
    assert abs(numeric / pool.marginal(COINS[i], COINS[j]) - 1) < Fraction(1, 10**6)


@given(pool=stable_pools(), i=st.integers(0, 2), step=st.integers(1, 2), share=st.integers(1, 10**6))
def test_stableswap_never_pays_more_than_its_marginal_rate(pool: StablePool, i: int, step: int, share: int) -> None:
    j = (i + step) % 3
    amount = max(1, pool.balances[i] * share // 10**6)
    try:
        out = pool.amount_out(COINS[i], COINS[j], amount)
    except ValueError:
        return  # more than the pool pays
    assert out <= amount * pool.marginal(COINS[i], COINS[j])


@given(
    reserves=st.tuples(st.integers(1, 2**112 - 1), st.integers(1, 2**112 - 1)),
    fee_bps=st.integers(0, 100),
    amount=st.integers(1, 2**112),
    zero_for_one=st.booleans(),
)
def test_v2_never_pays_more_than_its_marginal_rate(
    reserves: tuple[int, int], fee_bps: int, amount: int, zero_for_one: bool
) -> None:
    pool = V2Pool("0xpair", "v2", "0xA", "0xB", *reserves, fee_bps)
    token_in, token_out = ("0xA", "0xB") if zero_for_one else ("0xB", "0xA")
    rate = pool.marginal(token_in, token_out)
    reserve_in, reserve_out = reserves if zero_for_one else reserves[::-1]
    assert rate == Fraction((10_000 - fee_bps) * reserve_out, 10_000 * reserve_in)
    try:
        out = pool.amount_out(token_in, token_out, amount)
    except ValueError:
        return
    assert out <= amount * rate


@given(pool=stable_pools(), i=st.integers(0, 2), step=st.integers(1, 2))
def test_a_pool_keeps_its_marginal_rates_for_its_state(pool: StablePool, i: int, step: int) -> None:
    """`impact.marginal` is the pool's own rate, kept for as long as the pool's state: asked again it is the
    same, and the pool after a trade (a new state) keeps nothing of it."""
    j = (i + step) % 3
    assert marginal(pool, COINS[i], COINS[j]) == pool.marginal(COINS[i], COINS[j])
    assert marginal(pool, COINS[i], COINS[j]) == pool.marginal(COINS[i], COINS[j])
    try:
        _, after = pool.swap(COINS[i], COINS[j], pool.balances[i] // 10)
    except ValueError:
        return
    assert "_marginals" not in after.__dict__
    assert marginal(after, COINS[i], COINS[j]) == after.marginal(COINS[i], COINS[j])
