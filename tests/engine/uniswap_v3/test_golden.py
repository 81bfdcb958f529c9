"""The model against the real chain: Uniswap's QuoterV1 answers on the WBTC/WETH 0.3 % pool, to the wei.

QuoterV1 runs the pool's own swap and reverts from the callback with the amount: for an exact input the
output received, for an exact output the input paid. When the amount is more than the pool can fill, the
swap stops at the price limit and the quoter answers what was received or paid there.
"""

from __future__ import annotations

from typing import NamedTuple

import pytest
from eth_abi import decode

from swapdesk.engine.routing.uniswap_v3 import V3Pool
from swapdesk.engine.routing.uniswap_v3.exact_input import router_price_limit
from tests.engine.uniswap_v3.golden import quoter_calls, wbtc_weth_pool

EXACT_INPUT_SINGLE = "0xf7729d43"  # quoteExactInputSingle(address,address,uint24,uint256,uint160)
EXACT_OUTPUT_SINGLE = "0x30d07f21"  # quoteExactOutputSingle(address,address,uint24,uint256,uint160)


class Quote(NamedTuple):
    exact_input: bool
    token_in: str
    token_out: str
    fee: int
    amount: int
    sqrt_price_limit_x96: int
    answer: int


def _quotes() -> list[Quote]:
    quotes = []
    for key, result in quoter_calls().items():
        calldata = bytes.fromhex(key.split(":")[1].removeprefix("0x"))
        selector = "0x" + calldata[:4].hex()
        assert selector in (EXACT_INPUT_SINGLE, EXACT_OUTPUT_SINGLE)
        token_in, token_out, fee, amount, limit = decode(
            ["address", "address", "uint24", "uint256", "uint160"], calldata[4:]
        )
        (answer,) = decode(["uint256"], bytes.fromhex(result))
        quotes.append(Quote(selector == EXACT_INPUT_SINGLE, token_in, token_out, fee, amount, limit, answer))
    return quotes


def _model_answer(pool: V3Pool, quote: Quote) -> int:
    zero_for_one = int(quote.token_in, 16) < int(quote.token_out, 16)
    specified = quote.amount if quote.exact_input else -quote.amount
    amount0, amount1, _ = pool.swap_exact(zero_for_one, specified, quote.sqrt_price_limit_x96)
    if quote.exact_input:
        return -(amount1 if zero_for_one else amount0)
    return amount0 if zero_for_one else amount1


def test_every_recorded_quote_to_the_wei() -> None:
    pool = wbtc_weth_pool()
    quotes = _quotes()
    assert len(quotes) == 80
    assert sum(q.exact_input for q in quotes) == 40
    assert {q.fee for q in quotes} == {pool.fee}
    answers = [_model_answer(pool, q) for q in quotes]
    wrong = [(q, answer) for q, answer in zip(quotes, answers, strict=True) if answer != q.answer]
    assert wrong == []


def test_quotes_beyond_the_pool_stop_at_the_limit() -> None:
    """The largest amounts cannot be filled: the recorded answers are those at the price limit."""
    pool = wbtc_weth_pool()
    huge = [q for q in _quotes() if q.amount == 2**255 - 1]
    assert len(huge) == 4
    for quote in huge:
        zero_for_one = int(quote.token_in, 16) < int(quote.token_out, 16)
        specified = quote.amount if quote.exact_input else -quote.amount
        amount0, amount1, after = pool.swap_exact(zero_for_one, specified, quote.sqrt_price_limit_x96)
        assert after.sqrt_price_x96 == quote.sqrt_price_limit_x96
        assert abs(amount0 if zero_for_one == quote.exact_input else amount1) < quote.amount


def test_router_path_agrees_with_the_quoter() -> None:
    """amount_out / amounts_out (the router's limits, as recorded) give the quoter's exact-input answers where
    the pool takes the whole input, and refuse the others."""
    pool = wbtc_weth_pool()
    exact_inputs = [q for q in _quotes() if q.exact_input]
    for quote in exact_inputs:
        zero_for_one = int(quote.token_in, 16) < int(quote.token_out, 16)
        assert quote.sqrt_price_limit_x96 == router_price_limit(zero_for_one)
    for token_in, token_out in ((pool.token0, pool.token1), (pool.token1, pool.token0)):
        zero_for_one = pool.zero_for_one(token_in, token_out)
        quotes = [q for q in exact_inputs if q.token_in.lower() == token_in.lower()]
        amounts = [q.amount for q in quotes]
        outs = pool.amounts_out(token_in, token_out, amounts)
        for quote, out in zip(quotes, outs, strict=True):
            amount0, amount1, _ = pool.swap_exact(zero_for_one, quote.amount, quote.sqrt_price_limit_x96)
            if (amount0 if zero_for_one else amount1) == quote.amount:
                assert out == quote.answer == pool.amount_out(token_in, token_out, quote.amount)
            else:
                assert out == 0
                with pytest.raises(ValueError):
                    pool.amount_out(token_in, token_out, quote.amount)
