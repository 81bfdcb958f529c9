"""Transactions found by their hash alone, one or many: which chain, and what each is.

Detecting the chain asks the app's own records first (what it sent, it knows where), then every chain at once
(at most `PROBES` asked at a time, TRON first for an id written as TRON writes it): the first chain that knows
the hash answers, and the others are stopped. A hash no chain knows says so, naming the chains that could not be
asked. Many hashes are looked up `MANY` at a time, each found as it lands; the chains the list's earlier hashes
were found on are asked first for the rest (a list is mostly of one chain or a few), then the others.
Everything here runs through the engine interface (`SwapService.transaction`: the record carries the details of
a swap or an order), so it works against the embedded engine and a server alike; cancelling stops every request.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from dataclasses import dataclass

from swapdesk.api import ApiError, ErrorCode, SwapService, TxInfo, parse
from swapdesk.api.requests import TransactionRequest
from swapdesk.chains import CHAINS, Chain, by_id
from swapdesk.words import QT_TR_NOOP, Words

PROBES = 6  # chains asked at once: enough for the fifteen in three rounds, few enough for a rate-limited node
MANY = 8  # hashes looked up at once
NOWHERE = QT_TR_NOOP("No chain knows that transaction hash.")
GOES_ON = (ErrorCode.TRANSACTION_NOT_FOUND, ErrorCode.CHAIN_UNAVAILABLE)  # another chain may know it

Recorded = Callable[[str], Awaitable[int | None]]  # the chain id the app's records give a hash, or None
Trying = Callable[[Chain], None]  # told of each chain as it is asked


@dataclass(frozen=True)
class Found:
    hash: str  # as given
    chain: Chain | None
    info: TxInfo | None
    error: str = ""  # why nothing was found
    recorded: bool = False  # the chain came from the app's own records
    said: Words | None = None  # the error as a marked template and its words, for the window's language


def detection_order(text: str) -> list[Chain]:
    """The chains to try for a hash: TRON first for an id without 0x, as TRON writes its ids."""
    tron_first = not text.strip().lower().startswith("0x")
    return sorted(CHAINS, key=lambda chain: chain.tron != tron_first)


async def look_up(
    service: SwapService, text: str, chain: Chain | None = None, recorded: Recorded | None = None,
    trying: Trying | None = None, probes: int = PROBES, likely: Sequence[int] = (),
) -> Found:  # fmt: skip
    """The transaction `text` on `chain`, or on whichever chain knows it (the `likely` chain ids asked before the
    others). An invalid hash raises InvalidParameter; a hash no chain knows is a Found without info, saying so."""
    if chain is not None:
        if trying is not None:
            trying(chain)
        return Found(text, chain, await _ask(service, text, chain))
    request = parse(TransactionRequest, [("hash", text), ("chain", CHAINS[0].flag)])  # the hash's rule, first
    mine = await recorded(request.hash) if recorded is not None else None
    if mine is not None:
        try:
            return Found(text, by_id(mine), await _ask(service, text, by_id(mine), trying), recorded=True)
        except ApiError as error:
            if error.code not in GOES_ON:
                raise
    others = [c for c in detection_order(text) if c.id != mine]
    unavailable: list[str] = []
    first = [c for c in others if c.id in likely]
    if first:
        found = await _first(service, text, first, trying, probes, unavailable)
        if found.info is not None or found.error != NOWHERE:
            return found
    rest = [c for c in others if c not in first]
    found = await _first(service, text, rest, trying, probes, unavailable)
    if found.info is None and found.error == NOWHERE and unavailable:
        said = Words(QT_TR_NOOP("No chain that answered knows that transaction hash; {chains} could not be asked."),
                     chains=", ".join(unavailable))  # fmt: skip
        return Found(text, None, None, str(said), said=said)
    return found


async def _ask(service: SwapService, text: str, chain: Chain, trying: Trying | None = None) -> TxInfo:
    if trying is not None:
        trying(chain)
    return await service.transaction(parse(TransactionRequest, [("hash", text), ("chain", chain.flag)]))


async def _first(
    service: SwapService, text: str, chains: list[Chain], trying: Trying | None, probes: int, unavailable: list[str]
) -> Found:
    """The first of `chains` that knows `text`, asking `probes` at a time; the rest are stopped once it answers.
    The chains that could not be asked are added to `unavailable`."""
    gate = asyncio.Semaphore(probes)
    last: list[ApiError] = []

    async def probe(chain: Chain) -> tuple[Chain, TxInfo] | None:
        async with gate:
            try:
                return chain, await _ask(service, text, chain, trying)
            except ApiError as error:
                if error.code is ErrorCode.CHAIN_UNAVAILABLE:
                    unavailable.append(chain.name)
                elif error.code not in GOES_ON:
                    last.append(error)
                return None

    tasks = [asyncio.ensure_future(probe(chain)) for chain in chains]
    try:
        for landed in asyncio.as_completed(tasks):
            answer = await landed
            if answer is not None:
                return Found(text, answer[0], answer[1])
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    said = last[0].said if last else Words(NOWHERE)
    return Found(text, None, None, last[0].message if last else NOWHERE, said=said)


async def look_up_many(
    service: SwapService, wanted: list[tuple[str, Chain | None]], recorded: Recorded | None = None, many: int = MANY,
) -> AsyncIterator[tuple[int, Found]]:  # fmt: skip
    """Each of `wanted` (a hash, and its chain when known) as it is found, with its index; `many` at a time."""
    gate = asyncio.Semaphore(many)
    seen: Counter[int] = Counter()  # the chains the list's hashes were found on

    async def one(index: int, text: str, chain: Chain | None) -> tuple[int, Found]:
        async with gate:
            try:
                likely = [chain_id for chain_id, _ in seen.most_common(PROBES)]
                found = await look_up(service, text, chain, recorded, likely=likely)
            except ApiError as error:
                return index, Found(text, chain, None, error.message, said=error.said)
            if found.chain is not None and found.info is not None:
                seen[found.chain.id] += 1
            return index, found

    tasks = [asyncio.ensure_future(one(n, text, chain)) for n, (text, chain) in enumerate(wanted)]
    try:
        for landed in asyncio.as_completed(tasks):
            yield await landed
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
