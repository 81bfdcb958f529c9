"""The pool models' integer math equals the contracts', bit for bit."""

from __future__ import annotations

from functools import cache

from eth_utils import to_checksum_address
from hypothesis import given, settings
from hypothesis import strategies as st

from swapdesk.contracts import artifact
from swapdesk.devnet.accounts import demo_key
from swapdesk.devnet.evm import ExecutionReverted
from swapdesk.devnet.manifest import Manifest
from swapdesk.devnet.sender import Reverted, Sender
from swapdesk.devnet.snapshots import SnapshotStore
from swapdesk.engine.routing.stableswap import StablePool, plain_rates
from swapdesk.engine.routing.uniswap_v2 import V2Pool

PAIR, STABLE, ERC20 = artifact("UniswapV2Pair"), artifact("StableSwap"), artifact("ERC20")


@cache
def _world(chain_id: int) -> tuple[Sender, Manifest]:
    chain, manifest = SnapshotStore().load_or_build(chain_id)
    return Sender(chain, demo_key(1)), manifest


def _stable(chain_id: int) -> StablePool:
    me, manifest = _world(chain_id)
    pool = next(s for s in manifest.sources if s.kind == "stableswap").address

    def read(fn: str, *args: object) -> int:
        return int(STABLE.decode(fn, me.call(pool, STABLE.encode(fn, *args)))[0])

    coins = tuple(
        to_checksum_address(STABLE.decode("coins", me.call(pool, STABLE.encode("coins", i)))[0]) for i in range(3)
    )
    decimals = tuple(int(ERC20.decode("decimals", me.call(c, ERC20.encode("decimals")))[0]) for c in coins)
    balances = tuple(read("balances", i) for i in range(3))
    ramp = (read("initial_A"), read("future_A"), read("initial_A_time"), read("future_A_time"))
    timestamp = me.chain.head.timestamp
    return StablePool(
        pool, "stable", coins, balances, plain_rates(decimals), read("fee"), read("admin_fee"), *ramp, timestamp
    )


@settings(max_examples=60, deadline=None)
@given(
    chain_id=st.sampled_from([1, 128]),  # 6/6/18 and 18/8/18 decimals
    i=st.integers(0, 2),
    j=st.integers(0, 2),
    fraction=st.integers(1, 10**6),
)
def test_stableswap_model_matches_get_dy(chain_id: int, i: int, j: int, fraction: int) -> None:
    if i == j:
        return
    me, _ = _world(chain_id)
    model = _stable(chain_id)
    dx = model.balances[i] * fraction // 10**6  # up to the pool's whole balance of coin i
    try:
        on_chain = int(STABLE.decode("get_dy", me.call(model.address, STABLE.encode("get_dy", i, j, dx)))[0])
    except ExecutionReverted:
        on_chain = None
    try:
        modelled: int | None = model.get_dy(i, j, dx)  # get_dy's own rounding; what exchange pays: test_contract
    except (ValueError, ZeroDivisionError):
        modelled = None
    assert modelled == on_chain


@settings(max_examples=40, deadline=None)
@given(
    pool_index=st.integers(0, 14),
    source_index=st.integers(0, 2),
    zero_for_one=st.booleans(),
    fraction=st.integers(1, 10**6),
)
def test_v2_model_is_the_largest_output_the_pair_accepts(
    pool_index: int, source_index: int, zero_for_one: bool, fraction: int
) -> None:
    me, manifest = _world(1)
    source = manifest.sources[source_index]
    address = source.pools[pool_index]
    token0 = to_checksum_address(PAIR.decode("token0", me.call(address, PAIR.encode("token0")))[0])
    token1 = to_checksum_address(PAIR.decode("token1", me.call(address, PAIR.encode("token1")))[0])
    reserve0, reserve1, _ = PAIR.decode("getReserves", me.call(address, PAIR.encode("getReserves")))
    model = V2Pool(address, source.name, token0, token1, reserve0, reserve1, source.fee_bps)
    token_in, token_out = (token0, token1) if zero_for_one else (token1, token0)
    # up to 0.1% of the reserve: within what a demo account holds
    amount_in = (reserve0 if zero_for_one else reserve1) * fraction // 10**9
    out, after = model.swap(token_in, token_out, amount_in)
    # the pair's own K check is the referee: `out` passes, `out + 1` does not
    assert _pair_accepts(address, token_in, amount_in, out, zero_for_one)
    assert not _pair_accepts(address, token_in, amount_in, out + 1, zero_for_one)
    assert isinstance(after, V2Pool) and after.reserve0 * after.reserve1 >= reserve0 * reserve1


def _pair_accepts(pair: str, token_in: str, amount_in: int, out: int, zero_for_one: bool) -> bool:
    """Would the pair pay `out` for `amount_in`? Asked of a fresh copy of the world."""
    chain, manifest = SnapshotStore().load_or_build(1)
    me = Sender(chain, demo_key(1))
    if token_in == manifest.wrapped:
        me.send(token_in, artifact("WETH9").encode("deposit"), value=amount_in, gas=100_000)
    me.send(token_in, ERC20.encode("transfer", pair, amount_in), gas=200_000)
    try:
        me.send(pair, PAIR.encode("swap", 0 if zero_for_one else out, out if zero_for_one else 0, me.address, b""))
    except Reverted:
        return False
    return True
