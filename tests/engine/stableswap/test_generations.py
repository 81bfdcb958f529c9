"""Each generation of Curve pool told from a chain: on anvil (a real node, with Multicall3's own bytecode),
contracts that answer each generation's getters are read by the engine's StableSwap reader, as any catalogue's
pools are. The generations it models come back as their models; the others are left out, with why. And RAI's
metapool, answering the golden state of block 18,850,030 with its base pool and their tokens, is read into a
model that answers what the chain answered there, get_dy and get_dy_underlying, to the wei."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest
from web3 import AsyncHTTPProvider, AsyncWeb3

from swapdesk.catalogs import Catalog, SourceEntry, TokenEntry
from swapdesk.contracts import vendored
from swapdesk.devnet.accounts import DEPLOYER_INDEX, demo_key
from swapdesk.devnet.sender import RpcSender
from swapdesk.engine.routing.pool_kind import Calls
from swapdesk.engine.routing.pool_reader import PoolReader
from swapdesk.engine.routing.stableswap import CLASSIC, LATER, NG, MetaPool, StablePool
from swapdesk.engine.routing.stableswap.chain import StableSwap
from tests.anvil import running_anvil
from tests.engine.stableswap.answering import Value, creation_code, source
from tests.golden import golden

STATE = golden(1, "curve_metapool_rai_3crv_multiblock_18850030_18850480.json")
ANSWERS = golden(1, "answers_curve_metapool_multiblock_get_dy.json")
BLOCK = 18850030


class World:
    def __init__(self, url: str) -> None:
        self.url = url
        self.deployer = RpcSender(url, demo_key(DEPLOYER_INDEX))
        self.multicall = self.address(self.deployer.deploy(vendored("Multicall3")))

    @staticmethod
    def address(raw: bytes) -> str:
        return AsyncWeb3.to_checksum_address(raw)

    def answering(self, getters: dict[str, Value], extra: str = "") -> str:
        self.deployer.send(None, creation_code(source(getters, extra)), gas=6_000_000)
        return AsyncWeb3.to_checksum_address(self.deployer.last_receipt["contractAddress"])

    def token(self, decimals: int, supply: int = 0) -> str:
        return self.answering({"decimals()": decimals, "totalSupply()": supply})


@pytest.fixture(scope="module")
def world() -> Iterator[World]:
    with running_anvil(1) as url:
        built = World(url)
        yield built
        built.deployer.close()


@pytest.fixture
async def calls(world: World) -> AsyncIterator[Calls]:
    w3 = AsyncWeb3(AsyncHTTPProvider(world.url))
    yield Calls(w3, world.multicall)
    await w3.provider.disconnect()


def _source(*pools: str) -> SourceEntry:
    return SourceEntry("Curve", "stableswap", 4, pools[0], list(pools))


def _plain(world: World, coins: list[str], more: dict[str, Value]) -> dict[str, Value]:
    n = len(coins)
    return {
        "coins(uint256)": coins, "balances(uint256)": [10**24] * n, "fee()": 4_000_000, "admin_fee()": 5 * 10**9,
        **more,
    }  # fmt: skip


async def test_each_generation_is_told_from_its_getters(world: World, calls: Calls) -> None:
    dai, usdc = world.token(18), world.token(6)
    coins = [dai, usdc]
    classic = world.answering(_plain(world, coins, {"A()": 2000, "initial_A()": 2000, "future_A()": 2000}))
    devnet_like = world.answering(_plain(world, coins, {"A()": 2000, "A_precise()": 2000}))
    later = world.answering(_plain(world, coins, {"A()": 2000, "A_precise()": 200_000}))
    oracle_rates = world.answering(
        _plain(world, coins, {"A()": 2000, "A_precise()": 200_000, "stored_rates()": [10**18, 10**30]})
    )
    ng = world.answering(
        _plain(
            world,
            coins,
            {
                "A()": 2000,
                "A_precise()": 200_000,
                "offpeg_fee_multiplier()": 2 * 10**10,
                "stored_rates()": [10**18, 10**30],
            },
        )
    )
    ng_meta = world.answering(
        _plain(
            world,
            coins,
            {
                "A()": 2000,
                "A_precise()": 200_000,
                "offpeg_fee_multiplier()": 2 * 10**10,
                "stored_rates()": [10**18, 10**30],
                "BASE_POOL()": classic,
            },
        )
    )
    aave_like = world.answering(_plain(world, coins, {"A()": 2000, "offpeg_fee_multiplier()": 2 * 10**10}))
    lending = world.answering(_plain(world, coins, {"A()": 2000, "underlying_coins(uint256)": coins}))
    first = world.answering({"coins(int128)": coins, "A()": 2000})
    factory_meta = world.answering(
        _plain(world, coins, {"A()": 2000, "A_precise()": 200_000}),
        extra="@external\n@view\ndef get_dy_underlying(i: int128, j: int128, dx: uint256) -> uint256:\n    return dx\n",
    )
    odd = world.answering(_plain(world, coins, {"A()": 2000, "A_precise()": 2001}))
    listed = [classic, devnet_like, later, oracle_rates, ng, ng_meta, aave_like, lending, first, factory_meta, odd]
    pools, refused = await StableSwap().read_static(calls, _source(*listed), {})
    by_address = {p.address: p for p in pools}
    assert set(by_address) == {classic, devnet_like, later, oracle_rates, ng}
    told = {a: (p.variant, p.reads_rates) for a, p in by_address.items() if isinstance(p, StablePool)}
    assert told == {
        classic: (CLASSIC, False), devnet_like: (CLASSIC, False), later: (LATER, False),
        oracle_rates: (LATER, True), ng: (NG, True),
    }  # fmt: skip
    why = {r.address: r.reason for r in refused}
    assert set(why) == {ng_meta, aave_like, lending, first, factory_meta, odd}
    assert "stableswap-ng metapool" in why[ng_meta] and "lending" in why[lending] and "lending" in why[aave_like]
    assert "first generation" in why[first] and "does not name its base pool" in why[factory_meta]
    assert "neither A() nor A() x 100" in why[odd]

    # at a block: A as the math takes it (times 100 for the later ones), rates and the multiplier read
    block = int(world.deployer._rpc("eth_blockNumber"), 16)
    state = await StableSwap().read_state(calls, pools, block, 1_700_000_000)
    assert {a: p.amp for a, p in state.items() if isinstance(p, StablePool)} == {
        classic: 2000,
        devnet_like: 2000,
        later: 200_000,
        oracle_rates: 200_000,
        ng: 200_000,
    }
    read_ng = state[ng]
    assert isinstance(read_ng, StablePool) and (read_ng.rates, read_ng.offpeg) == ((10**18, 10**30), 2 * 10**10)


def _golden() -> tuple[dict[str, Any], dict[str, Any]]:
    for path in (STATE, ANSWERS):
        assert path.is_file(), f"the golden corpus is missing: {path}"
    return json.loads(STATE.read_text()), json.loads(ANSWERS.read_text())["entries"]


async def test_rai_metapool_read_from_a_chain_answers_as_mainnet_did(world: World, calls: Calls) -> None:
    recorded, entries = _golden()
    fixed, state = recorded["immutable"], recorded["states"][str(BLOCK)]
    base_fixed = fixed["base_pool"]
    base_lp = world.token(18, state["base_lp_token_total_supply"])
    base_coins = [world.token(t["decimals"]) for t in base_fixed["tokens"]]
    base = world.answering({
        "coins(uint256)": base_coins, "balances(uint256)": state["base_balances"], "fee()": base_fixed["fee"],
        "admin_fee()": base_fixed["admin_fee"], "A()": state["base_a"], "initial_A()": state["base_initial_a"],
        "future_A()": state["base_future_a"], "initial_A_time()": state["base_initial_a_time"],
        "future_A_time()": state["base_future_a_time"],
    })  # fmt: skip
    snap = world.answering({"snappedRedemptionPrice()": state["redemption_price"] * 10**9 + 123})
    rai = world.token(18)
    metapool = world.answering({
        "coins(uint256)": [rai, base_lp], "balances(uint256)": state["balances"], "fee()": fixed["fee"],
        "admin_fee()": fixed["admin_fee"], "A()": state["a_coefficient"], "A_precise()": state["initial_a"],
        "initial_A()": state["initial_a"], "future_A()": state["future_a"],
        "initial_A_time()": state["initial_a_time"], "future_A_time()": state["future_a_time"],
        "base_pool()": base, "base_virtual_price()": state["base_virtual_price"],
        "base_cache_updated()": state["base_cache_updated"], "redemption_price_snap()": snap,
    })  # fmt: skip
    pools, refused = await StableSwap().read_static(calls, _source(metapool), {})
    assert refused == [] and len(pools) == 1 and isinstance(pools[0], MetaPool)
    block = int(world.deployer._rpc("eth_blockNumber"), 16)
    read = (await StableSwap().read_state(calls, pools, block, state["block_timestamp"]))[metapool]
    assert isinstance(read, MetaPool) and read.base.variant == CLASSIC and read.own.variant == LATER
    own = [t["symbol"] for t in fixed["tokens"]]
    underlying = [t["symbol"] for t in fixed["tokens_underlying"]]
    checked = 0
    for key, answer in entries.items():
        _, function, pair, at, amount = key.split("|")
        if at != f"blk{BLOCK}":
            continue
        sold, bought = pair.split("->")
        if function == "get_dy":
            got = read.get_dy(own.index(sold), own.index(bought), int(amount))
        else:
            got = read.get_dy_underlying(underlying.index(sold), underlying.index(bought), int(amount))
        assert got == answer["value"], key
        checked += 1
    assert checked == 42
    assert StableSwap().watched(read) == (base,) and StableSwap().drifts(read)  # redemption price: every block


async def test_a_metapool_is_read_again_at_its_base_pools_logs(world: World) -> None:
    """The reader follows the base pool's logs for a metapool: a base pool's event, and nothing of the
    metapool's, has the metapool read again at that block (its base price and deposits changed with it)."""
    dai, usdc, usdt = (world.token(d) for d in (18, 6, 6))
    event = (
        "event TokenExchange:\n    buyer: indexed(address)\n    sold_id: int128\n    tokens_sold: uint256\n"
        "    bought_id: int128\n    tokens_bought: uint256\n\n@external\ndef poke():\n"
        "    log TokenExchange(buyer=msg.sender, sold_id=0, tokens_sold=1, bought_id=1, tokens_bought=1)\n"
    )
    base = world.answering(
        _plain(world, [dai, usdc, usdt], {"A()": 2000, "initial_A()": 2000, "future_A()": 2000}), extra=event
    )
    lp, coin = world.token(18, 10**24), world.token(18)
    metapool = world.answering(
        _plain(
            world,
            [coin, lp],
            {
                "A()": 100,
                "A_precise()": 10_000,
                "base_pool()": base,
                "base_virtual_price()": 10**18,
                "base_cache_updated()": 0,
            },
        )
    )
    catalog = Catalog(
        1, world.multicall, dai, [TokenEntry(t, "T", "T", 18) for t in (dai, usdc, usdt, coin, lp)],
        [SourceEntry("Curve", "stableswap", 4, metapool, [metapool])],
    )  # fmt: skip
    reader = PoolReader(AsyncWeb3(AsyncHTTPProvider(world.url)), catalog)
    try:
        first = await reader.current()
        assert isinstance(first.pools[metapool], MetaPool) and reader.pools_read_again == 0
        world.deployer.send(base, bytes.fromhex("18178358"))  # poke(): an exchange logged by the base pool only
        after = await reader.current()
        assert after.number > first.number and reader.whole_reads == 1
        assert reader.pools_read_again == 1  # the metapool, at its base pool's log
    finally:
        await reader.aclose()
        await reader.w3.provider.disconnect()
