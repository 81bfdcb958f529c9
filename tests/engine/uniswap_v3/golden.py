"""The recorded mainnet WBTC/WETH 0.3 % pool and Quoter answers (see ../shared/golden/README.md)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from swapdesk.engine.routing.uniswap_v3 import TickTable, V3Pool

# the repository is cloned with ../shared beside it
GOLDEN = (Path(__file__).parents[3] / ".." / "shared" / "golden").resolve()
POOL_FILE = GOLDEN / "1" / "uniswap_v3_wbtc_weth_block_24407242.json"
QUOTER_FILE = GOLDEN / "1" / "py_oracle_uniswap_v3_quoter_block24407242.json"


def _load(path: Path) -> Any:
    if not path.is_file():
        pytest.skip(f"the golden corpus is absent: {path} (clone ../shared beside the repository)")
    return json.loads(path.read_text())


def wbtc_weth_pool() -> V3Pool:
    """The pool's state at block 24,407,242; skips the test when the corpus is absent."""
    recorded = _load(POOL_FILE)
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
    recorded = _load(QUOTER_FILE)
    calls: dict[str, str] = recorded["calls"]
    return calls
