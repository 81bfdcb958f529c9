"""The recorded mainnet transactions (tests/engine/recorded/) read by the engine through a replaying node, each
reading judged against the recording's expected answer (taken from its own logs, call data and the decoder's
answer, never from swapdesk): right, unknown (every figure it gives is right, and what it cannot tell it says it
cannot), or wrong (a figure that differs from the chain's and is not flagged).

Used by tests/engine/test_read_recorded.py and benchmarks/details_recorded.py.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from swapdesk.api import ApiError, DetailsRequest, TxDetails
from swapdesk.catalogs import Catalog, shipped
from swapdesk.chains import by_id
from swapdesk.engine import Engine, RpcBackend
from swapdesk.server.background import BackgroundServer
from tests.engine.recorded_node import RecordedNode, recordings

FIELDS = ("status", "fromToken", "toToken", "amountIn", "amountOut", "amountOutMin", "fromAddress", "toAddress")
RIGHT, UNKNOWN, WRONG = "right", "unknown", "wrong"


@dataclass
class Verdict:
    hash: str
    label: str
    verdict: str
    wrong: dict[str, tuple[Any, Any]] = field(default_factory=dict)  # field -> (expected, answered)
    unknown: list[str] = field(default_factory=list)


def catalogs(chains: set[int]) -> dict[int, Catalog]:
    found = {c: shipped(c) for c in chains}
    return {c: cat for c, cat in found.items() if cat is not None}


def named(catalog: Catalog) -> set[str]:
    """The contracts the catalogue names (a real node shows code there)."""
    found = {catalog.multicall, catalog.wrapped, *(t.address for t in catalog.tokens)}
    return found | {a for s in catalog.sources for a in (s.address, *s.pools)}


@contextmanager
def node(traced: bool) -> Iterator[tuple[RecordedNode, dict[int, str], dict[int, Catalog]]]:
    chains = {r["chain"] for r in recordings()}
    cats = catalogs(chains)
    replay = RecordedNode(traced, {c: named(cat) for c, cat in cats.items()})
    with BackgroundServer(replay.app()) as server:
        yield replay, {c: f"{server.url}/{c}" for c in cats}, cats


def judge(rec: dict[str, Any], answer: TxDetails | ApiError) -> Verdict:
    expected = rec["expected"]
    verdict = Verdict(rec["hash"], rec["label"], RIGHT)
    if expected.get("details") == "NOT_A_SWAP":
        if not (isinstance(answer, ApiError) and answer.code.name == "NOT_A_SWAP"):
            verdict.verdict, verdict.wrong["kind"] = WRONG, (expected["kind"], _said(answer))
        return verdict
    if isinstance(answer, ApiError):
        verdict.verdict, verdict.wrong["kind"] = WRONG, ("swap", _said(answer))
        return verdict
    flagged = set(answer.unknown or [])
    for name in FIELDS:
        want, got = expected.get(name), getattr(answer, name)
        if want is None:  # the call names no figure a reader can decode: "unknown" is the right answer
            if name not in flagged:
                verdict.wrong[name] = ("unknown", got)
        elif name in flagged:
            verdict.unknown.append(name)
        elif str(got).lower() != str(want).lower():
            verdict.wrong[name] = (want, got)
    code = answer.failure.code if answer.failure is not None else None
    if expected.get("failure") is not None and code != expected["failure"]:
        if code == "UNKNOWN":
            verdict.unknown.append("failure")
        else:
            verdict.wrong["failure"] = (expected["failure"], code)
    verdict.verdict = WRONG if verdict.wrong else UNKNOWN if verdict.unknown else RIGHT
    return verdict


def _said(answer: TxDetails | ApiError) -> str:
    return f"{answer.code.name}: {answer.message}" if isinstance(answer, ApiError) else "a swap record"


async def read_all(traced: bool) -> tuple[list[Verdict], list[str]]:
    """Every recording read on one kind of node: the verdicts, and what the engine asked that no recording holds."""
    verdicts = []
    with node(traced) as (replay, urls, cats):
        engine = Engine(RpcBackend(urls, cats))
        try:
            for rec in recordings():
                try:
                    answer: TxDetails | ApiError = await engine.details(
                        DetailsRequest(rec["hash"], by_id(rec["chain"]))
                    )
                except ApiError as refused:
                    answer = refused
                verdicts.append(judge(rec, answer))
        finally:
            await engine.aclose()
    return verdicts, sorted(set(replay.unanswered))


def shares(verdicts: list[Verdict]) -> dict[str, int]:
    return {v: sum(1 for x in verdicts if x.verdict == v) for v in (RIGHT, UNKNOWN, WRONG)}
