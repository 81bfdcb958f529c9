"""A quote's deadline: past it, the quote answers the spec's envelope with an error in words, not a wait."""

from __future__ import annotations

import asyncio

import pytest

from swapdesk.api import BY_PATH, ErrorCode, Unavailable, dispatch
from swapdesk.chain import work
from swapdesk.chains import by_id
from swapdesk.devnet.network import Devnet
from swapdesk.engine import Engine, deadline

NATIVE = "0x0000000000000000000000000000000000000000"


async def test_a_quote_past_its_deadline_is_refused_in_words() -> None:
    with pytest.raises(Unavailable) as info:
        async with asyncio.timeout(60), deadline.quoting(by_id(56), 0.01):  # the test's own bound outside
            assert work.current() is not None  # its reads are one piece of work
            await asyncio.Event().wait()  # a chain that never answers
    assert info.value.code is ErrorCode.CHAIN_UNAVAILABLE and info.value.status == 503
    assert str(info.value.message) == "no quote within 0.01 s: BSC did not answer its reads in time; try again"


async def test_a_reads_own_timeout_is_not_the_quotes() -> None:
    with pytest.raises(TimeoutError):  # said by `reaching` as a chain that cannot be reached
        async with deadline.quoting(by_id(56), 60):
            raise TimeoutError("a node's socket")


async def test_the_api_answers_a_late_quote_with_the_envelope(
    engine: Engine, devnet: Devnet, monkeypatch: pytest.MonkeyPatch
) -> None:
    usdt = (await devnet.manifest(56)).token("USDT")
    query = {
        "token0": NATIVE, "token1": usdt.address, "decimal0": "18", "decimal1": str(usdt.decimals),
        "impact": "100", "part": "4", "amountIn": str(10**18), "amountOutMin": "0",
        "to": "0x000000000000000000000000000000000000dEaD", "chain": "BSC",
    }  # fmt: skip
    endpoint = BY_PATH["/v2/agg/swap/new"]
    monkeypatch.setattr(deadline, "QUOTE_SECONDS", 0.0)  # due before its first read is answered
    status, envelope = await dispatch(engine, endpoint, query.items())
    assert status == 503, envelope
    assert envelope["result"] == -1 and envelope["data"] == {"code": "CHAIN_UNAVAILABLE"}
    assert envelope["message"] == "no quote within 0 s: BSC did not answer its reads in time; try again"
    monkeypatch.undo()
    status, envelope = await dispatch(engine, endpoint, query.items())
    assert status == 200 and int(envelope["data"]["totalAmountOut"]) > 0  # the chain itself was fine
