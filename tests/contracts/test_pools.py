"""The pool contracts behave as the protocols they stand for."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from swapdesk.contracts import artifact, vendored
from swapdesk.devnet.evm import ExecutionReverted
from swapdesk.devnet.sender import Reverted

from .conftest import World

ERC20, PAIR, FACTORY = artifact("ERC20"), artifact("UniswapV2Pair"), artifact("UniswapV2Factory")
STABLE, WETH, MULTICALL = artifact("StableSwap"), artifact("WETH9"), vendored("Multicall3")


def _balance(w: World, token: str, owner: str) -> int:
    _, _, me = w
    return int(ERC20.decode("balanceOf", me.call(token, ERC20.encode("balanceOf", owner)))[0])


def _v2_out(amount_in: int, reserve_in: int, reserve_out: int, fee_bps: int) -> int:
    with_fee = amount_in * (10_000 - fee_bps)
    return with_fee * reserve_out // (reserve_in * 10_000 + with_fee)


@pytest.mark.parametrize("source_index", [0, 1])
def test_v2_swap_takes_exactly_the_fee_of_its_factory(world: Callable[[int], World], source_index: int) -> None:
    w = world(56)
    _, manifest, me = w
    source = manifest.sources[source_index]
    pool = source.pools[0]
    token0 = PAIR.decode("token0", me.call(pool, PAIR.encode("token0")))[0]
    token1 = PAIR.decode("token1", me.call(pool, PAIR.encode("token1")))[0]
    reserve0, reserve1, _ = PAIR.decode("getReserves", me.call(pool, PAIR.encode("getReserves")))
    assert FACTORY.decode("fee", me.call(source.address, FACTORY.encode("fee")))[0] == source.fee_bps

    amount_in = reserve0 // 1000
    best = _v2_out(amount_in, reserve0, reserve1, source.fee_bps)
    if token0.lower() == manifest.wrapped.lower():  # demo accounts hold the native coin: wrap what is sold
        me.send(token0, WETH.encode("deposit"), value=amount_in, gas=100_000)
    me.send(token0, ERC20.encode("transfer", pool, amount_in))
    with pytest.raises(Reverted):  # one unit more than the fee allows breaks K
        me.send(pool, PAIR.encode("swap", 0, best + 1, me.address, b""))
    before = _balance(w, token1, me.address)
    me.send(pool, PAIR.encode("swap", 0, best, me.address, b""))
    assert _balance(w, token1, me.address) - before == best


def test_factory_registry_is_symmetric_and_unique(world: Callable[[int], World]) -> None:
    _, manifest, me = world(1)
    factory = manifest.sources[0].address
    a, b = manifest.tokens[0].address, manifest.tokens[1].address
    forward = FACTORY.decode("getPair", me.call(factory, FACTORY.encode("getPair", a, b)))[0]
    backward = FACTORY.decode("getPair", me.call(factory, FACTORY.encode("getPair", b, a)))[0]
    assert forward == backward and forward.lower() == manifest.sources[0].pools[0].lower()
    with pytest.raises(ExecutionReverted, match="PAIR_EXISTS"):
        me.call(factory, FACTORY.encode("createPair", a, b))


def test_stableswap_exchange_pays_what_get_dy_quotes_within_its_rounding(world: Callable[[int], World]) -> None:
    """As in Curve's 3pool, exchange takes the fee before converting to the coin's units and get_dy after: the
    two may differ by a unit (the engine models each: tests/engine/stableswap)."""
    w = world(1)
    _, manifest, me = w
    stable = next(s for s in manifest.sources if s.kind == "stableswap")
    pool = stable.address
    coins = [STABLE.decode("coins", me.call(pool, STABLE.encode("coins", i)))[0] for i in range(3)]
    decimals = [ERC20.decode("decimals", me.call(c, ERC20.encode("decimals")))[0] for c in coins]
    assert decimals == [6, 6, 18]  # USDT, USDC, DAI on Ethereum
    dx = 25_000 * 10**6
    quoted = STABLE.decode("get_dy", me.call(pool, STABLE.encode("get_dy", 0, 2, dx)))[0]
    assert 24_900 * 10**18 < quoted < 25_000 * 10**18  # ~1:1 less the 0.04% fee
    me.send(coins[0], ERC20.encode("approve", pool, dx))
    with pytest.raises(Reverted):  # the minimum holds
        me.send(pool, STABLE.encode("exchange", 0, 2, dx, quoted + 2), gas=1_000_000)
    before = _balance(w, coins[2], me.address)
    me.send(pool, STABLE.encode("exchange", 0, 2, dx, quoted - 1), gas=1_000_000)
    assert abs(_balance(w, coins[2], me.address) - before - quoted) <= 1


def test_weth_wraps_and_unwraps(world: Callable[[int], World]) -> None:
    chain, manifest, me = world(95500)
    wtrx = manifest.wrapped
    assert WETH.decode("decimals", me.call(wtrx, WETH.encode("decimals")))[0] == 6
    native_before = chain.balance(me.raw_address)
    me.send(wtrx, WETH.encode("deposit"), value=5_000_000)
    assert WETH.decode("balanceOf", me.call(wtrx, WETH.encode("balanceOf", me.address)))[0] == 5_000_000
    me.send(wtrx, WETH.encode("withdraw", 2_000_000))
    assert WETH.decode("balanceOf", me.call(wtrx, WETH.encode("balanceOf", me.address)))[0] == 3_000_000
    assert native_before - chain.balance(me.raw_address) > 3_000_000  # 3 TRX wrapped, plus gas


def test_multicall_is_the_canonical_one_and_reports_failures_it_is_allowed_to(world: Callable[[int], World]) -> None:
    chain, manifest, me = world(137)
    assert manifest.multicall == "0xcA11bde05977b3631167028862bE2a173976CA11"
    assert chain.code(bytes.fromhex(manifest.multicall[2:])) == MULTICALL.deployed_bytecode
    usdt = manifest.token("USDT").address
    calls = [(usdt, True, ERC20.encode("decimals")), (usdt, True, ERC20.encode("transfer", me.address, 10**30))]
    (results,) = MULTICALL.decode("aggregate3", me.call(manifest.multicall, MULTICALL.encode("aggregate3", calls)))
    assert results[0][0] is True and int.from_bytes(results[0][1], "big") == 6
    assert results[1][0] is False  # reverted, reported, not fatal
    strict = [(usdt, False, ERC20.encode("transfer", me.address, 10**30))]
    with pytest.raises(ExecutionReverted, match="Multicall3: call failed"):  # the canonical code's own words
        me.call(manifest.multicall, MULTICALL.encode("aggregate3", strict))
