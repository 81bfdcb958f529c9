"""`Coalesced`: every caller gets the answer of a call that began after it asked, and callers share calls."""

from __future__ import annotations

import asyncio

import pytest

from swapdesk.chain import work
from swapdesk.engine.routing.coalesced import Coalesced


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
    fresh = Coalesced(node.look)
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

    fresh = Coalesced(flaky)
    with pytest.raises(ConnectionError):
        await fresh()
    assert await fresh() == 2


async def test_a_caller_that_gives_up_leaves_the_others_their_answer() -> None:
    node = Node()
    fresh = Coalesced(node.look)
    quitter, stayer = asyncio.ensure_future(fresh()), asyncio.ensure_future(fresh())
    await node.began.wait()
    quitter.cancel()
    node.release.set()
    assert await stayer == 1
    assert quitter.cancelled()


async def test_each_call_runs_as_part_of_the_work_of_the_caller_that_asked_for_it_first() -> None:
    """A quote that waits for the next look at the head has it made as its own read (`chain.work`): a node that
    keeps the chain for a quote's reads keeps it for that look too, not for a quote long answered."""
    node = Node()
    seen: list[int | None] = []

    async def look() -> int:
        found = work.current()
        seen.append(None if found is None else found.number)
        return await node.look()

    fresh = Coalesced(look)

    async def quote() -> tuple[int, int]:
        with work.working(60) as mine:
            return mine.number, await fresh()

    first = asyncio.ensure_future(quote())
    await node.began.wait()
    node.began.clear()
    second = asyncio.ensure_future(quote())  # asked during the first look: it is the next look's first caller
    await asyncio.sleep(0)
    node.release.set()
    first_number, _ = await first
    await node.began.wait()
    node.release.set()
    second_number, _ = await second
    assert seen == [first_number, second_number]
