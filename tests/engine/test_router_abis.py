"""The routers' published ABIs (`engine/reading/router_abis.py`) against recorded mainnet calls: every recorded
swap call's selector is a function swapdesk decodes, and what the call asked (its least accepted, its tokens where
it names them) is what the recording's own call data says (`expected`, tests/engine/recorded/README.md)."""

from __future__ import annotations

from typing import Any

import pytest

from swapdesk.catalogs import shipped
from swapdesk.engine.reading.calls import decoded, known
from swapdesk.engine.reading.router_abis import entries
from swapdesk.engine.reading.swap_call import swap_asked
from tests.engine.recorded_node import recordings

SWAPS = [r for r in recordings() if r["expected"]["kind"] == "swap"]


def test_every_signature_parses_to_its_selector_once() -> None:
    seen: dict[str, str] = {}
    for router, entry in entries():
        assert entry["inputs"] is not None and entry["name"], router
        seen.setdefault(entry["name"], router)
    assert {"swap", "unoswap", "transformERC20", "simpleSwap", "megaSwap", "swapCompact", "exchange"} <= set(seen)


@pytest.mark.parametrize("rec", SWAPS, ids=[r["label"] for r in SWAPS])
def test_a_recorded_swap_call_is_read_as_its_router_wrote_it(rec: dict[str, Any]) -> None:
    tx = rec["transaction"]
    data, value = bytes.fromhex(tx["input"][2:]), int(tx["value"], 16)
    function = known(data[:4])
    assert function is not None, f"selector 0x{data[:4].hex()} unknown"
    assert function.name == "swapCompact" or decoded(data) is not None
    catalog = shipped(rec["chain"])
    assert catalog is not None
    asked = swap_asked(data, value, catalog.wrapped)
    assert asked is not None
    expected = rec["expected"]
    least = asked.minimum if asked.minimum is not None else asked.amount_out
    assert (str(least) if least is not None else None) == expected["amountOutMin"]
    if asked.token_in is not None:
        assert asked.token_in == expected["fromToken"]
    if asked.token_out is not None:
        assert asked.token_out == expected["toToken"]
