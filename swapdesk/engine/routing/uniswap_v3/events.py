"""A Uniswap V3 pool's events (decoded by `chain.events`) and its state from its logs: the pool after each.
The transaction reader counts a pool's swap by the same `SWAPS`, and discovery finds pools by `POOL_CREATED`.

Swap carries the price, tick and active liquidity the swap left (PancakeSwap V3's pools log it with the
protocol's fees beside: the same fields for the pool). Mint and
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

from swapdesk.chain.events import Event, declared
from swapdesk.engine.routing.uniswap_v3.math import add_delta
from swapdesk.engine.routing.uniswap_v3.pool import V3Pool

SWAP = declared(
    "Swap(address indexed sender, address indexed recipient, int256 amount0, int256 amount1, uint160 sqrtPriceX96, "
    "uint128 liquidity, int24 tick)"
)
PANCAKE_SWAP = declared(  # PancakeSwap V3's pools log the protocol's fees too
    "Swap(address indexed sender, address indexed recipient, int256 amount0, int256 amount1, uint160 sqrtPriceX96, "
    "uint128 liquidity, int24 tick, uint128 protocolFeesToken0, uint128 protocolFeesToken1)"
)
MINT = declared(
    "Mint(address sender, address indexed owner, int24 indexed tickLower, int24 indexed tickUpper, uint128 amount, "
    "uint256 amount0, uint256 amount1)"
)
BURN = declared(
    "Burn(address indexed owner, int24 indexed tickLower, int24 indexed tickUpper, uint128 amount, uint256 amount0, "
    "uint256 amount1)"
)
INITIALIZE = declared("Initialize(uint160 sqrtPriceX96, int24 tick)")
POOL_CREATED = declared(
    "PoolCreated(address indexed token0, address indexed token1, uint24 indexed fee, int24 tickSpacing, address pool)"
)
SWAPS = (SWAP, PANCAKE_SWAP)
_MOVING = {e.topic: e for e in (*SWAPS, MINT, BURN, INITIALIZE)}


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
    nothing a swap depends on. Raises ValueError on a log of one of the others that does not decode as it."""
    if not topics:
        return None
    words = [bytes.fromhex(t.removeprefix("0x")) if isinstance(t, str) else bytes(t) for t in topics]
    event = _MOVING.get(words[0])
    if event is None:
        return None
    f = event.decode_parts(words, bytes.fromhex(data.removeprefix("0x")) if isinstance(data, str) else bytes(data))
    if f is None:  # not a ValueError of eth_abi's: the caller catches ValueError for a log it cannot use
        raise ValueError(f"a malformed {event.name} log")
    return _typed(event, f)


def _typed(event: Event, f: dict[str, int | str]) -> PoolEvent:
    def n(name: str) -> int:
        return int(f[name])

    if event in SWAPS:
        return SwapEvent(str(f["sender"]), str(f["recipient"]), n("amount0"), n("amount1"), n("sqrtPriceX96"),
                         n("liquidity"), n("tick"))  # fmt: skip
    if event is MINT:
        return MintEvent(str(f["sender"]), str(f["owner"]), n("tickLower"), n("tickUpper"), n("amount"),
                         n("amount0"), n("amount1"))  # fmt: skip
    if event is BURN:
        return BurnEvent(str(f["owner"]), n("tickLower"), n("tickUpper"), n("amount"), n("amount0"), n("amount1"))
    return InitializeEvent(n("sqrtPriceX96"), n("tick"))
