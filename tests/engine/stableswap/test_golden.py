"""The model against mainnet: Curve's 3pool `get_dy` answers at block 24,407,242, to the wei.

The 3pool is the classic generation (A stored as it is, `get_dy` converting to coin units before the fee);
its A had finished ramping from 5000 to 4000 before the block, and is computed from the ramp all the same.
The later generation (A_PRECISION = 100, `get_dy` rounding as `exchange`) is checked against the RAI/3Crv
metapool's answers, recorded at block 25,144,000 in the same open-source corpus (BowTiedDevil/degenbot, MIT:
tests/fixtures/chain_data/1/curve_metapool_rai_3crv_block_25144000.json and
py_oracle_curve_metapool_get_dy_block25144000.json), small enough to be quoted here.
"""

from __future__ import annotations

from fractions import Fraction

from eth_abi import decode

from swapdesk.engine.routing.stableswap import (
    ADD_LIQUIDITY,
    CLASSIC,
    LATER,
    TOKEN_EXCHANGE,
    StablePool,
    applied,
    plain_rates,
)
from tests.golden import golden, load

TRIPOOL = golden(1, "curve_tripool_block_24407242.json")
TRIPOOL_GET_DY = golden(1, "py_oracle_curve_tripool_get_dy_block24407242.json")
GET_DY = "0x5e0d443f"  # get_dy(int128,int128,uint256)


def _tripool() -> tuple[StablePool, list[tuple[int, int, int, int]]]:
    """The pool at the block, and each recorded call as (i, j, dx, answer)."""
    state, oracle = load(TRIPOOL), load(TRIPOOL_GET_DY)
    assert oracle["block_number"] == state["block"]
    pool = StablePool(
        address=state["address"],
        source="Curve",
        coins=tuple(t["address"] for t in state["tokens"]),
        balances=tuple(state["balances"]),
        rates=plain_rates(t["decimals"] for t in state["tokens"]),
        fee=state["fee"],
        admin_fee=state["admin_fee"],
        initial_a=state["initial_a"],
        future_a=state["future_a"],
        initial_a_time=state["initial_a_time"],
        future_a_time=state["future_a_time"],
        timestamp=oracle["timestamp"],
        variant=CLASSIC,
    )
    calls = []
    for key, result in oracle["calls"].items():
        to, calldata = key.split(":")
        assert to == state["address"].lower() and calldata.startswith(GET_DY) and result is not None
        i, j, dx = decode(["int128", "int128", "uint256"], bytes.fromhex(calldata[len(GET_DY) :]))
        calls.append((i, j, dx, int(result, 16)))
    return pool, calls


def test_tripool_a_comes_from_its_ramp() -> None:
    pool, _ = _tripool()
    assert (pool.initial_a, pool.future_a) == (5000, 4000) and pool.timestamp > pool.future_a_time
    assert pool.a == pool.amp == 4000
    middle = pool.at((pool.initial_a_time + pool.future_a_time) // 2)
    assert 4000 < middle.a < 5000


def test_tripool_get_dy_is_the_chains_to_the_wei() -> None:
    pool, calls = _tripool()
    assert len(calls) == 18
    assert {(i, j) for i, j, _, _ in calls} == {(i, j) for i in range(3) for j in range(3) if i != j}
    for i, j, dx, answer in calls:
        assert pool.get_dy(i, j, dx) == answer, (i, j, dx)


def test_tripool_exchange_rounds_as_exchange_does() -> None:
    """`exchange` takes the fee before converting to coin units: never more than get_dy, at most a unit less."""
    pool, calls = _tripool()
    differences = {pool.get_dy(i, j, dx) - pool.exchange(i, j, dx)[0] for i, j, dx, _ in calls}
    assert differences == {0, 1}  # both happen at this block
    i, j, dx, _ = calls[0]
    paid, after = pool.exchange(i, j, dx)
    assert after.balances[i] == pool.balances[i] + dx
    assert after.balances[j] < pool.balances[j] - paid  # the admin fee (all of the fee, here) leaves too


# RAI/3Crv at block 25,144,000 (timestamp 1779371039): RAI's scaled redemption price and 3pool's cached
# virtual price are the contract's rates; A_precise 10000 (A 100), not ramping
RAI_3CRV = StablePool(
    address="0x618788357D0EBd8A37e763ADab3bc575D54c2C7d",
    source="Curve",
    coins=("0x03ab458634910AaD20eF5f1C8ee96F1D6ac54919", "0x6c3F90f043a72FA612cbac8115EE7e52BDe6E490"),
    balances=(4824805628775442017834, 58957064477993656079334),
    rates=(2971996134945649119, 1039823717209616949),
    fee=4000000,
    admin_fee=5000000000,
    initial_a=10000,
    future_a=10000,
    initial_a_time=0,
    future_a_time=0,
    timestamp=1779371039,
    variant=LATER,
)
RAI_3CRV_GET_DY = [  # (i, j, dx, answer)
    (0, 1, 0x29D93879086A78000, 0x7B60F6248F6765561),
    (0, 1, 0xD13E1A5D2A1460000, 0x2681DFDBE432C414CC),
    (0, 1, 0x4163683D1D265C0000, 0xBF8CF997BA4C2CD5CC),
    (1, 0, 0x1FF5EFB1BF8A210000, 0xAD019669985B2D4B3),
    (1, 0, 0x9FCDAE78BDB2A80000, 0x35AE9EB1FAC5712752),
    (1, 0, 0x31F04685BB47D400000, 0xE1A1C217B786FDA8CA),
]


def test_later_pools_math_is_the_rai_metapools_to_the_wei() -> None:
    assert RAI_3CRV.a == 100
    for i, j, dx, answer in RAI_3CRV_GET_DY:
        assert RAI_3CRV.get_dy(i, j, dx) == answer, (i, j, dx)
        assert RAI_3CRV.exchange(i, j, dx)[0] == answer  # the later pools' get_dy rounds as exchange


def test_marginal_rate_bounds_what_small_trades_get() -> None:
    pool, _ = _tripool()
    for p in (pool, RAI_3CRV):
        n = len(p.coins)
        for i, j in ((i, j) for i in range(n) for j in range(n) if i != j):
            rate = p.marginal(p.coins[i], p.coins[j])
            small = p.balances[i] // 10**7
            got = Fraction(p.exchange(i, j, small)[0], small)
            assert got <= rate and (rate - got) / rate < Fraction(1, 10**6), (i, j)


def test_tripool_logs_apply_only_when_the_model_recomputes_them() -> None:
    pool, calls = _tripool()
    i, j, dx, _ = calls[0]
    paid, after = pool.exchange(i, j, dx)
    logged = b"".join(w.to_bytes(32, "big") for w in (i, dx, j, paid))
    buyer = bytes(12) + b"\x77" * 20  # the indexed buyer or provider
    assert applied(pool, [TOKEN_EXCHANGE.topic, buyer], logged) == after
    wrong = b"".join(w.to_bytes(32, "big") for w in (i, dx, j, paid + 1))
    assert applied(pool, [TOKEN_EXCHANGE.topic, buyer], wrong) is None  # not the pool the contract had: read again
    amounts, fees = [10**21, 10**9, 0], [10**17, 10**5, 0]
    deposit = b"".join(w.to_bytes(32, "big") for w in (*amounts, *fees, 1, 1))
    deposited = applied(pool, [ADD_LIQUIDITY[3].topic, buyer], deposit)
    assert deposited is not None
    # the admin fee is all of the fee at this block: the pool keeps the amounts less their fees
    assert deposited.balances == tuple(b + a - f for b, a, f in zip(pool.balances, amounts, fees, strict=True))
    assert applied(pool, [ADD_LIQUIDITY[2].topic, buyer], deposit) is None  # another pool's event
    assert applied(pool, [TOKEN_EXCHANGE.topic, buyer], logged[:64]) is None  # too short: read it again
    assert applied(pool, [TOKEN_EXCHANGE.topic], logged) is None  # the buyer missing from the topics
