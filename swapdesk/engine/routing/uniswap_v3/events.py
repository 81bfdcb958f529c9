"""A Uniswap V3 pool's state from its logs: the events that move it, decoded, and the pool after each.

Swap carries the price, tick and active liquidity the swap left. Mint and
Burn carry a position's ticks and liquidity, from which the pool's
`_modifyPosition` follows: both ticks' gross and net liquidity, ticks flipped
in and out of the bitmap, and the active liquidity when the position holds the
current tick. Initialize sets the first price. The pool's other events
(Collect, Flash, SetFeeProtocol, CollectProtocol,
IncreaseObservationCardinalityNext) change nothing a swap's amounts depend on.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from eth_abi import decode
from eth_abi.exceptions import DecodingError
from eth_utils import keccak, to_bytes, to_checksum_address

from swapdesk.engine.routing.uniswap_v3.math import add_delta
from swapdesk.engine.routing.uniswap_v3.pool import V3Pool


def _topic(signature: str) -> str:
    return "0x" + keccak(text=signature).hex()


SWAP = _topic("Swap(address,address,int256,int256,uint160,uint128,int24)")
MINT = _topic("Mint(address,address,int24,int24,uint128,uint256,uint256)")
BURN = _topic("Burn(address,int24,int24,uint128,uint256,uint256)")
INITIALIZE = _topic("Initialize(uint160,int24)")
TOPICS = frozenset({SWAP, MINT, BURN, INITIALIZE})


@dataclass(frozen=True)
class SwapEvent:
    sender: str
    recipient: str
    amount0: int
    amount1: int
    sqrt_price_x96: int
    liquidity: int
    tick: int


@dataclass(frozen=True)
class MintEvent:
    sender: str
    owner: str
    tick_lower: int
    tick_upper: int
    amount: int
    amount0: int
    amount1: int


@dataclass(frozen=True)
class BurnEvent:
    owner: str
    tick_lower: int
    tick_upper: int
    amount: int
    amount0: int
    amount1: int


@dataclass(frozen=True)
class InitializeEvent:
    sqrt_price_x96: int
    tick: int


PoolEvent = SwapEvent | MintEvent | BurnEvent | InitializeEvent


def after_swap(pool: V3Pool, event: SwapEvent) -> V3Pool:
    return replace(pool, sqrt_price_x96=event.sqrt_price_x96, tick=event.tick, liquidity=event.liquidity)


def after_mint(pool: V3Pool, event: MintEvent) -> V3Pool:
    return _modify_position(pool, event.tick_lower, event.tick_upper, event.amount)


def after_burn(pool: V3Pool, event: BurnEvent) -> V3Pool:
    return _modify_position(pool, event.tick_lower, event.tick_upper, -event.amount)


def after_initialize(pool: V3Pool, event: InitializeEvent) -> V3Pool:
    return replace(pool, sqrt_price_x96=event.sqrt_price_x96, tick=event.tick)


def after_event(pool: V3Pool, event: PoolEvent) -> V3Pool:
    match event:
        case SwapEvent():
            return after_swap(pool, event)
        case MintEvent():
            return after_mint(pool, event)
        case BurnEvent():
            return after_burn(pool, event)
        case InitializeEvent():
            return after_initialize(pool, event)


def _modify_position(pool: V3Pool, tick_lower: int, tick_upper: int, liquidity_delta: int) -> V3Pool:
    """Raises ValueError (`Revert`) when the event cannot follow from this state: the pool model is stale."""
    ticks = pool.ticks.with_position_change(tick_lower, tick_upper, liquidity_delta, pool.tick_spacing)
    if ticks is pool.ticks:
        return pool  # a zero burn
    liquidity = pool.liquidity
    if tick_lower <= pool.tick < tick_upper:
        liquidity = add_delta(liquidity, liquidity_delta)
    return replace(pool, ticks=ticks, liquidity=liquidity)


def decode_log(topics: Sequence[str | bytes], data: str | bytes) -> PoolEvent | None:
    """The event a pool log carries, from its topics (hex or bytes) and data; None for the events that change
    nothing a swap depends on. Raises ValueError on a log too short for its event."""
    if not topics:
        return None
    words = [to_bytes(hexstr=t) if isinstance(t, str) else bytes(t) for t in topics]
    raw = to_bytes(hexstr=data) if isinstance(data, str) else bytes(data)
    topic = "0x" + words[0].hex()
    try:
        if topic == SWAP:
            sender, recipient = (_address(w) for w in _indexed(words, 2))
            amount0, amount1, price, liquidity, tick = decode(["int256", "int256", "uint160", "uint128", "int24"], raw)
            return SwapEvent(sender, recipient, amount0, amount1, price, liquidity, tick)
        if topic == MINT:
            owner_word, lower, upper = _indexed(words, 3)
            sender, amount, amount0, amount1 = decode(["address", "uint128", "uint256", "uint256"], raw)
            owner = _address(owner_word)
            return MintEvent(to_checksum_address(sender), owner, _int24(lower), _int24(upper), amount, amount0, amount1)
        if topic == BURN:
            owner_word, lower, upper = _indexed(words, 3)
            amount, amount0, amount1 = decode(["uint128", "uint256", "uint256"], raw)
            return BurnEvent(_address(owner_word), _int24(lower), _int24(upper), amount, amount0, amount1)
        if topic == INITIALIZE:
            price, tick = decode(["uint160", "int24"], raw)
            return InitializeEvent(price, tick)
    except DecodingError as error:  # not a ValueError: the caller catches ValueError for a log it cannot use
        raise ValueError(f"a malformed {topic} log: {error}") from error
    return None


def _indexed(words: list[bytes], count: int) -> list[bytes]:
    if len(words) != count + 1:
        raise ValueError("a log with other indexed fields than its event has")
    return words[1:]


def _address(word: bytes) -> str:
    (address,) = decode(["address"], word)
    return str(to_checksum_address(address))


def _int24(word: bytes) -> int:
    (value,) = decode(["int24"], word)
    return int(value)
