"""The metapool model against mainnet: Curve's RAI/3Crv answers over 16 blocks (18,850,030 to 18,850,480), to
the wei: every `get_dy` (RAI <-> 3Crv) and every `get_dy_underlying` (RAI, DAI, USDC, USDT through the metapool
and the 3pool beneath it). The state recorded at each block is the metapool's (balances, A's ramp, RAI's
redemption price, the cached base virtual price and its time) and the 3pool's (balances, A's ramp, fee, its LP
token's supply). The corpus is the truth: without it, these tests fail.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from swapdesk.engine.routing.stableswap import CLASSIC, LATER, MetaPool, StablePool, plain_rates
from swapdesk.engine.routing.stableswap.base import virtual_price
from tests.golden import golden, load

STATE = golden(1, "curve_metapool_rai_3crv_multiblock_18850030_18850480.json")
ANSWERS = golden(1, "answers_curve_metapool_multiblock_get_dy.json")


def _metapool(recorded: dict[str, Any], block: int) -> MetaPool:
    fixed, state = recorded["immutable"], recorded["states"][str(block)]
    base_fixed = fixed["base_pool"]
    base = StablePool(
        address=base_fixed["address"],
        source="Curve",
        coins=tuple(t["address"] for t in base_fixed["tokens"]),
        balances=tuple(state["base_balances"]),
        rates=plain_rates(t["decimals"] for t in base_fixed["tokens"]),
        fee=base_fixed["fee"],
        admin_fee=base_fixed["admin_fee"],
        initial_a=state["base_initial_a"],
        future_a=state["base_future_a"],
        initial_a_time=state["base_initial_a_time"],
        future_a_time=state["base_future_a_time"],
        timestamp=state["block_timestamp"],
        variant=CLASSIC,
    )
    own = StablePool(
        address=fixed["address"],
        source="Curve",
        coins=tuple(t["address"] for t in fixed["tokens"]),
        balances=tuple(state["balances"]),
        rates=(state["redemption_price"], 0),  # RAI's; the LP token's is the base pool's virtual price
        fee=fixed["fee"],
        admin_fee=fixed["admin_fee"],
        initial_a=state["initial_a"],
        future_a=state["future_a"],
        initial_a_time=state["initial_a_time"],
        future_a_time=state["future_a_time"],
        timestamp=state["block_timestamp"],
        variant=LATER,
    )
    return MetaPool(
        own, base, state["base_lp_token_total_supply"], state["base_virtual_price"], state["base_cache_updated"]
    )


def _answers() -> list[tuple[str, int, str, str, int, int]]:
    """(function, block, sold, bought, amount, answer) of every recorded call."""
    entries = load(ANSWERS)["entries"]
    out = []
    for key, answer in entries.items():
        _, function, pair, block, amount = key.split("|")
        sold, bought = pair.split("->")
        out.append((function, int(block.removeprefix("blk")), sold, bought, int(amount), answer["value"]))
    return out


def test_every_recorded_answer_is_the_models_to_the_wei() -> None:
    recorded, answers = load(STATE), _answers()
    own = [t["symbol"] for t in recorded["immutable"]["tokens"]]
    underlying = [t["symbol"] for t in recorded["immutable"]["tokens_underlying"]]
    assert len(answers) == 672 and {b for _, b, *_ in answers} == set(map(int, recorded["states"]))
    assert {f for f, *_ in answers} == {"get_dy", "get_dy_underlying"}
    assert {(s, t) for f, _, s, t, _, _ in answers if f == "get_dy_underlying"} == {
        (s, t) for s in underlying for t in underlying if s != t
    }  # coin to base coin, base coin to coin, and base coin to base coin, every way
    models = {int(b): _metapool(recorded, int(b)) for b in recorded["states"]}
    wrong = []
    for function, block, sold, bought, amount, answer in answers:
        pool = models[block]
        if function == "get_dy":
            got = pool.get_dy(own.index(sold), own.index(bought), amount)
        else:
            got = pool.get_dy_underlying(underlying.index(sold), underlying.index(bought), amount)
        if got != answer:
            wrong.append((function, block, sold, bought, amount, got, answer))
    assert not wrong, wrong[:5]


def test_the_base_pools_price_is_its_own_when_the_cache_has_expired() -> None:
    """At these blocks the cache is days old: the contract asks the 3pool, whose price the model computes."""
    recorded = load(STATE)
    for block, state in recorded["states"].items():
        pool = _metapool(recorded, int(block))
        assert state["block_timestamp"] > state["base_cache_updated"] + 600
        assert pool.base_price == virtual_price(pool.base, pool.base_supply) == state["base_virtual_price_own"]
        # within the cache's ten minutes the contract keeps the cached price
        fresh = replace(pool, cached_at=state["block_timestamp"] - 600)
        assert fresh.base_price == state["base_virtual_price"] != pool.base_price


def test_an_exchange_refreshes_an_expired_cache_and_pays_what_get_dy_quotes() -> None:
    recorded = load(STATE)
    pool = _metapool(recorded, 18850030)
    paid, after = pool.exchange(0, 1, 10**21)
    assert paid == pool.get_dy(0, 1, 10**21)  # the later generation's get_dy rounds as exchange does
    assert (after.cached_price, after.cached_at) == (pool.base_price, pool.timestamp)
    assert after.own.balances[0] == pool.own.balances[0] + 10**21
    fresh = replace(pool, cached_at=pool.timestamp)
    assert fresh.exchange(0, 1, 10**21)[1].cached_at == pool.timestamp  # kept, not rewritten


def test_a_metapool_routes_only_its_own_coins() -> None:
    recorded = load(STATE)
    pool = _metapool(recorded, 18850030)
    rai, three_crv = pool.tokens()
    assert pool.amount_out(rai, three_crv, 10**21) == pool.get_dy(0, 1, 10**21)
    assert pool.amounts_out(rai, three_crv, [0, 10**21, 10**22]) == [
        0,
        pool.get_dy(0, 1, 10**21),
        pool.get_dy(0, 1, 10**22),
    ]
    with pytest.raises(ValueError):
        pool.amount_out(rai, recorded["immutable"]["tokens_underlying"][1]["address"], 10**21)
