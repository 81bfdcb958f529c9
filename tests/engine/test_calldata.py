"""The router's call data, written word by word, is eth_abi's encoding of the same call, byte for byte."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from swapdesk.contracts import artifact
from swapdesk.engine.routing.calldata import swap_call_data

ROUTER = artifact("AggregationRouter")
addresses = st.binary(min_size=20, max_size=20).map(lambda raw: "0x" + raw.hex())
uint256 = st.integers(0, 2**256 - 1)


@given(
    tokens=st.tuples(addresses, addresses, addresses),
    amounts=st.tuples(uint256, uint256, uint256),
    channel=st.text(max_size=40),
    routes=st.lists(st.tuples(uint256, st.lists(st.tuples(addresses, addresses), max_size=3)), max_size=6),
)
def test_swap_call_data_is_the_abi_encoding(
    tokens: tuple[str, str, str],
    amounts: tuple[int, int, int],
    channel: str,
    routes: list[tuple[int, list[tuple[str, str]]]],
) -> None:
    (src, dst, receiver), (amount, min_return, deadline) = tokens, amounts
    ours = swap_call_data(src, dst, amount, min_return, receiver, channel, deadline, routes)
    params = (src, dst, amount, min_return, receiver, channel, deadline, routes)
    assert ours == ROUTER.encode("swap", params)
