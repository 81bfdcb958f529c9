"""Details of recorded mainnet transactions (tests/engine/recorded/: Uniswap V2, V3, the Universal Router, 1inch,
0x, Paraswap, KyberSwap, MetaMask, Odos, Curve, SushiSwap, PancakeSwap; wraps, a transfer, failures), each
replayed by a node: on the node most people reach (no traces, no past state) no figure is wrong (what it cannot
tell it says it cannot), and on an archive node with traces every one is right."""

from __future__ import annotations

import pytest

from swapdesk.api.requests import TransactionRequest
from swapdesk.chains import by_id
from swapdesk.engine import Engine, RpcBackend
from tests.engine.recorded_node import recordings
from tests.engine.recorded_reading import RIGHT, WRONG, Verdict, node, read_all


def said(verdicts: list[Verdict], which: str) -> str:
    lines = []
    for v in verdicts:
        if v.verdict == which:
            differences = "; ".join(f"{k}: expected {e}, answered {g}" for k, (e, g) in v.wrong.items())
            lines.append(f"{v.hash[:14]} {v.label}: {differences or v.unknown}")
    return "\n".join(lines)


def test_the_recordings_cover_the_routers() -> None:
    labels = " ".join(r["label"] for r in recordings())
    routers = ("uniswap-v2", "SwapRouter02", "universal router", "1inch v4", "1inch v5", "1inch v6", "0x ", "paraswap",
               "kyberswap", "metamask", "odos", "curve", "sushiswap", "pancakeswap", "failed")  # fmt: skip
    for router in routers:
        assert router in labels, router
    assert len(recordings()) >= 40


async def test_no_figure_is_wrong_on_a_node_without_traces_or_past_state() -> None:
    verdicts, _ = await read_all(traced=False)
    assert not [v for v in verdicts if v.verdict == WRONG], said(verdicts, WRONG)
    assert sum(v.verdict == RIGHT for v in verdicts) >= len(verdicts) // 2  # unknown is allowed, not the rule


@pytest.mark.parametrize("traced", [True])
async def test_every_figure_is_right_on_an_archive_node_with_traces(traced: bool) -> None:
    verdicts, unanswered = await read_all(traced=traced)
    assert all(v.verdict == RIGHT for v in verdicts), said(verdicts, WRONG) + "\n" + said(verdicts, "unknown")
    assert not [u for u in unanswered if "eth_getBalance" in u]  # the trace says what the coin did


async def test_the_routers_people_use_are_named() -> None:
    wanted = {"1-0x396f57534e5d": "1inch Aggregation Router v4", "1-0xeab04bca5abb": "ParaSwap Augustus v5",
              "1-0x82205817d573": "KyberSwap Meta Aggregation Router v2", "56-0xa08ff8cf928f": "MetaMask Swaps router",
              "1-0x0efcdf00cf58": "Odos Router v2", "1-0xd2fe13a9727b": "Uniswap Universal Router"}  # fmt: skip
    with node(traced=False) as (_replay, urls, cats):
        engine = Engine(RpcBackend(urls, cats))
        try:
            for rec in recordings():
                name = wanted.pop(f"{rec['chain']}-{rec['hash'][:14]}", None)
                if name is not None:
                    info = await engine.transaction(TransactionRequest(rec["hash"], by_id(rec["chain"])))
                    assert info.contractName == name
        finally:
            await engine.aclose()
    assert not wanted
