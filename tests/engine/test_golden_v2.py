"""The V2 model against mainnet: PancakeSwap's V2 router `getAmountsOut` over its WETH/USDbC pair on Base at
block 46,875,151 (fee 25/10000), to the wei."""

from __future__ import annotations

from eth_abi import decode

from swapdesk.engine.routing.uniswap_v2 import V2Pool
from tests.golden import golden, load

PAIR = golden(8453, "pancakeswap_v2_weth_usdbc_block_46875151.json")
ROUTER = golden(8453, "py_oracle_pancakeswap_v2_router_get_amounts_out_block46875151.json")
GET_AMOUNTS_OUT = "0xd06ca61f"  # getAmountsOut(uint256,address[])


def test_v2_pool_gives_the_routers_amounts_out_to_the_wei() -> None:
    state, oracle = load(PAIR), load(ROUTER)
    assert oracle["block_number"] == state["block"] and state["fee_denom"] == 10_000
    token0, token1 = state["token0"]["address"], state["token1"]["address"]
    pool = V2Pool(
        state["pool"], "PancakeSwap V2", token0, token1, state["reserves_token0"], state["reserves_token1"], 25
    )
    assert state["fee_numer"] == pool.fee_bps
    by_lower = {token0.lower(): token0, token1.lower(): token1}
    seen = 0
    for key, result in oracle["calls"].items():
        _, calldata = key.split(":")
        assert calldata.startswith(GET_AMOUNTS_OUT) and result is not None
        amount_in, path = decode(["uint256", "address[]"], bytes.fromhex(calldata[len(GET_AMOUNTS_OUT) :]))
        (amounts,) = decode(["uint256[]"], bytes.fromhex(result))
        token_in, token_out = (by_lower[a.lower()] for a in path)
        assert amounts[0] == amount_in
        assert pool.amount_out(token_in, token_out, amount_in) == amounts[1], (path, amount_in)
        assert pool.amounts_out(token_in, token_out, [amount_in]) == [amounts[1]]
        seen += 1
    assert seen == 24
