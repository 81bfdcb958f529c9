"""`Fresh`: every caller gets the answer of a call that began after it asked, and callers share calls."""

from __future__ import annotations

import asyncio

import pytest

from swapdesk.engine.routing.fresh import Fresh


class Node:
    """Answers the number of calls begun so far, each call held until the test releases it."""

    def __init__(self) -> None:
        self.begun = 0
        self.began = asyncio.Event()
        self.release = asyncio.Event()

    async def look(self) -> int:
        self.begun += 1
        seen = self.begun
        self.began.set()
        await self.release.wait()
        self.release.clear()
        return seen


async def test_callers_share_calls_and_never_get_an_older_answer() -> None:
    node = Node()
    fresh = Fresh(node.look)
    first = [asyncio.ensure_future(fresh()) for _ in range(5)]
    await node.began.wait()
    node.began.clear()
    asked_during_first = [asyncio.ensure_future(fresh()) for _ in range(5)]
    node.release.set()
    assert await asyncio.gather(*first) == [1] * 5
    await node.began.wait()
    node.release.set()
    assert await asyncio.gather(*asked_during_first) == [2] * 5  # one more call for the five
    assert node.begun == 2


async def test_a_failed_call_fails_its_callers_only() -> None:
    calls = 0

    async def flaky() -> int:
        nonlocal calls
        calls += 1
        if calls == 1:
            raise ConnectionError("the node went away")
        return calls

    fresh = Fresh(flaky)
    with pytest.raises(ConnectionError):
        await fresh()
    assert await fresh() == 2


async def test_a_caller_that_gives_up_leaves_the_others_their_answer() -> None:
    node = Node()
    fresh = Fresh(node.look)
    quitter, stayer = asyncio.ensure_future(fresh()), asyncio.ensure_future(fresh())
    await node.began.wait()
    quitter.cancel()
    node.release.set()
    assert await stayer == 1
    assert quitter.cancelled()
