"""A pool's state from its logs: decoding, and the pool after each event."""

from __future__ import annotations

import pytest
from eth_abi import encode
from eth_utils import keccak

from swapdesk.engine.routing.uniswap_v3 import Revert, V3Pool, get_sqrt_ratio_at_tick
from swapdesk.engine.routing.uniswap_v3.chain import UniswapV3
from swapdesk.engine.routing.uniswap_v3.events import (
    BURN,
    INITIALIZE,
    MINT,
    SWAP,
    BurnEvent,
    InitializeEvent,
    MintEvent,
    SwapEvent,
    after_event,
    decode_log,
)
from tests.engine.uniswap_v3.strategies import MINTER, TOKEN0, TOKEN1, empty_pool, minted

ROUTER = "0x5555555555555555555555555555555555555555"
OWNER = "0x6666666666666666666666666666666666666666"


def _word(kind: str, value: object) -> str:
    return "0x" + encode([kind], [value]).hex()


def test_topics_are_the_pools_events() -> None:
    # as they appear on chain (e.g. on Etherscan) for every Uniswap V3 pool
    assert SWAP.hex_topic == "0xc42079f94a6350d7e6235f29174924f928cc2ac818eb64fed8004e115fbcca67"
    assert MINT.hex_topic == "0x7a53080ba414158be7ec69b987b5fb7d07dee101fe85488f0853ae16239d0bde"
    assert BURN.hex_topic == "0x0c396cd989a39f4459b5fa1aed6a9a8dcdbc45908acfd67e028cd568da98982c"
    assert INITIALIZE.hex_topic == "0x98636036cb66a9c19a37435efc1e90142190214e8abeb821bdba3f2990dd4c95"


def test_decoding_each_event() -> None:
    swap_data = encode(["int256", "int256", "uint160", "uint128", "int24"], [-5, 7, 2**96, 10**18, -887000])
    assert decode_log([SWAP.hex_topic, _word("address", ROUTER), _word("address", OWNER)], swap_data) == SwapEvent(
        ROUTER, OWNER, -5, 7, 2**96, 10**18, -887000
    )
    mint_data = encode(["address", "uint128", "uint256", "uint256"], [ROUTER, 10**20, 3, 4])
    mint_topics = [MINT.hex_topic, _word("address", OWNER), _word("int24", -120), _word("int24", 60)]
    assert decode_log(mint_topics, "0x" + mint_data.hex()) == MintEvent(ROUTER, OWNER, -120, 60, 10**20, 3, 4)
    burn_topics = [bytes.fromhex(t[2:]) for t in (BURN.hex_topic, _word("address", OWNER), _word("int24", -887220))]
    burn_topics.append(bytes.fromhex(_word("int24", 887220)[2:]))
    burn_data = encode(["uint128", "uint256", "uint256"], [0, 0, 0])
    assert decode_log(burn_topics, burn_data) == BurnEvent(OWNER, -887220, 887220, 0, 0, 0)
    init_data = encode(["uint160", "int24"], [2**96, 0])
    assert decode_log([INITIALIZE.hex_topic], init_data) == InitializeEvent(2**96, 0)


def test_a_pancakeswap_v3_swap_moves_the_pool_as_a_uniswap_one() -> None:
    # PancakeSwap V3's pools (uniswap_v3 sources on BSC, Ethereum and Arbitrum) log the protocol's fees beside
    pancake = "0x19b47279256b2a23a1665c810c8d55a1758940ee09377d4f8d26497a3577dc83"  # as on chain
    kinds = ["int256", "int256", "uint160", "uint128", "int24", "uint128", "uint128"]
    data = encode(kinds, [10**15, -(10**18), 2**96 * 2, 10**20, 13863, 7, 0])
    swapped = decode_log([pancake, _word("address", ROUTER), _word("address", OWNER)], data)
    assert swapped == SwapEvent(ROUTER, OWNER, 10**15, -(10**18), 2**96 * 2, 10**20, 13863)
    topics = [bytes.fromhex(t[2:]) for t in (pancake, _word("address", ROUTER), _word("address", OWNER))]
    after = UniswapV3().after_log(empty_pool(2**96, 0), topics, data)  # as the pool reader applies a log
    assert isinstance(after, V3Pool) and after.state == (2**96 * 2, 13863, 10**20)


def test_events_that_change_nothing_and_malformed_logs() -> None:
    collect = "0x" + keccak(text="Collect(address,address,int24,int24,uint128,uint128)").hex()
    assert decode_log([collect, _word("address", OWNER)], b"\x00" * 128) is None
    assert decode_log([], b"") is None
    with pytest.raises(ValueError):
        decode_log([SWAP.hex_topic, _word("address", ROUTER), _word("address", OWNER)], b"\x00" * 64)  # too short
    with pytest.raises(ValueError):
        decode_log([MINT.hex_topic, _word("address", OWNER)], b"\x00" * 128)  # ticks missing from the topics


def test_mint_and_burn_move_ticks_and_the_active_liquidity() -> None:
    pool = empty_pool(get_sqrt_ratio_at_tick(100), 100, 3000, 60)
    inside = after_event(pool, MintEvent(MINTER, OWNER, 60, 180, 1000, 1, 1))
    assert inside.liquidity == 1000 and inside.ticks.liquidity == {60: (1000, 1000), 180: (1000, -1000)}
    above = after_event(inside, MintEvent(MINTER, OWNER, 180, 240, 50, 1, 0))
    assert above.liquidity == 1000 and above.ticks.liquidity[180] == (1050, -950)
    below = after_event(above, MintEvent(MINTER, OWNER, -60, 60, 7, 0, 1))
    assert below.liquidity == 1000
    # on a tick's edge the tick is the range's lower end: [120, 180) holds it, [60, 120) does not
    edge = empty_pool(get_sqrt_ratio_at_tick(120), 120, 3000, 60)
    assert after_event(edge, MintEvent(MINTER, OWNER, 120, 180, 3, 0, 0)).liquidity == 3
    assert after_event(edge, MintEvent(MINTER, OWNER, 60, 120, 3, 0, 0)).liquidity == 0
    burnt = after_event(above, BurnEvent(OWNER, 60, 180, 1000, 0, 0))
    assert burnt.liquidity == 0 and burnt.ticks.liquidity == {180: (50, 50), 240: (50, -50)}
    poke = after_event(burnt, BurnEvent(OWNER, 180, 240, 0, 0, 0))
    assert poke is burnt  # a zero burn (collecting fees) changes nothing
    with pytest.raises(Revert):  # more than the ticks hold: the model is stale and must be read again
        after_event(burnt, BurnEvent(OWNER, 180, 240, 51, 0, 0))


def test_swap_and_initialize_set_the_state() -> None:
    pool = minted(empty_pool(get_sqrt_ratio_at_tick(0), 0, 3000, 60), -600, 600, 10**18)
    out, traded = pool.swap(TOKEN0, TOKEN1, 10**15)
    logged = after_event(
        pool,
        SwapEvent(ROUTER, OWNER, 10**15, -out, traded.sqrt_price_x96, traded.liquidity, traded.tick),
    )
    assert logged == traded and logged.ticks is pool.ticks
    fresh = empty_pool(0, 0)
    assert after_event(fresh, InitializeEvent(2**96 * 3, 21972)).state == (2**96 * 3, 21972, 0)
