"""The recorded mainnet WBTC/WETH 0.3 % pool and Quoter answers (see ../shared/golden/README.md)."""

from __future__ import annotations

from swapdesk.engine.routing.uniswap_v3 import TickTable, V3Pool
from tests.golden import golden, load

POOL_FILE = golden(1, "uniswap_v3_wbtc_weth_block_24407242.json")
QUOTER_FILE = golden(1, "py_oracle_uniswap_v3_quoter_block24407242.json")


def wbtc_weth_pool() -> V3Pool:
    """The pool's state at block 24,407,242; fails the test when the corpus is missing."""
    recorded = load(POOL_FILE)
    scalars = recorded["scalars"]
    ticks = TickTable({int(tick): (gross, net) for tick, (gross, net, _block) in recorded["tick_data"].items()})
    return V3Pool(
        address=recorded["pool"],
        source="Uniswap V3",
        token0=recorded["token0"]["address"],
        token1=recorded["token1"]["address"],
        fee=scalars["fee"],
        tick_spacing=scalars["tick_spacing"],
        sqrt_price_x96=scalars["sqrt_price_x96"],
        tick=scalars["tick"],
        liquidity=scalars["liquidity"],
        ticks=ticks,
    )


def quoter_calls() -> dict[str, str]:
    """QuoterV1's recorded answers: "0x<quoter>:0x<calldata>" -> result hex."""
    recorded = load(QUOTER_FILE)
    calls: dict[str, str] = recorded["calls"]
    return calls
