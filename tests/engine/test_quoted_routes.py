"""A quote's `routes` (the route diagram's extension field) describe exactly the split its call data executes.

Each route of the router call (its slices, and its hops: pool and token out) is one entry of `routes`: the
source that owns its pools, its tokens from token0 to token1 as the chain writes addresses (the native coin
at the end where it is sold or bought, not the wrapped token the pools trade), and its share of the slices
in whole percents summing to 100, the largest first. The TRON quote carries the same, in base58.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from swapdesk.address import format_address, parse_address
from swapdesk.api import AggSwapRequest, ApiError, TronSwapRequest, parse
from swapdesk.api.records import QuotedRoute
from swapdesk.api.requests import DEMO_TRON
from swapdesk.chains import CHAINS, Chain, by_id
from swapdesk.devnet.manifest import Manifest
from swapdesk.devnet.network import Devnet
from swapdesk.engine import Engine
from swapdesk.engine.tron.swap_flat import arguments, swap_arguments

NATIVE = "0x" + "0" * 40
DEMO = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"
EVM = [c.id for c in CHAINS if not c.tron]
TRON = next(c for c in CHAINS if c.tron)


def _check_routes(
    routes: list[QuotedRoute] | None, executed: Any, manifest: Manifest, chain: Chain, ends: tuple[str, str]
) -> None:
    """`routes` against the router call's routes ([(slices, [(pool, token out), ...]), ...])."""
    owner = {pool.lower(): s.name for s in manifest.sources for pool in s.pools}
    owner |= {s.address.lower(): s.name for s in manifest.sources if s.kind == "stableswap"}
    shown = [format_address(parse_address(a, chain.tron), chain.tron) for a in ends]
    total = sum(slices for slices, _ in executed)
    assert routes is not None and len(routes) == len(executed)
    assert sum(r.percent for r in routes) == 100
    assert [r.percent for r in routes] == sorted((r.percent for r in routes), reverse=True)
    unmatched = list(executed)
    for route in routes:
        assert [route.path[0], route.path[-1]] == shown
        match = next(
            (slices, hops)
            for slices, hops in unmatched
            if [format_address(parse_address(token, False), chain.tron) for _, token in hops[:-1]] == route.path[1:-1]
            and [owner[pool.lower()] for pool, _ in hops] == route.sources
            and route.source == " + ".join(dict.fromkeys(route.sources))
            and abs(Fraction(100 * slices, total) - route.percent) < 1
        )
        unmatched.remove(match)


@settings(max_examples=12, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    chain_id=st.sampled_from(EVM),
    pick=st.tuples(st.integers(0, 7), st.integers(1, 6)),  # sell index, and buy's offset from it
    whole=st.sampled_from([10, 10_000, 1_000_000]),
    part=st.integers(1, 100),
)
async def test_routes_are_the_split_the_call_data_executes(
    devnet: Devnet, engine: Engine, chain_id: int, pick: tuple[int, int], whole: int, part: int
) -> None:
    chain = by_id(chain_id)
    manifest = await devnet.manifest(chain.id)
    tokens = [NATIVE] + [t.address for t in manifest.tokens[1:]]  # the native coin stands in for the wrapped one
    sell, buy = tokens[pick[0] % len(tokens)], tokens[(pick[0] + pick[1]) % len(tokens)]
    decimals = {t.address: t.decimals for t in manifest.tokens} | {NATIVE: chain.native_decimals}
    query = {
        "token0": sell, "token1": buy, "decimal0": str(decimals[sell]), "decimal1": str(decimals[buy]),
        "impact": "100", "part": str(part), "amountIn": str(whole * 10 ** decimals[sell]), "amountOutMin": "0",
        "to": DEMO, "chain": chain.flag,
    }  # fmt: skip
    try:
        quote = await engine.agg_swap(parse(AggSwapRequest, query.items()))
    except ApiError as exc:  # a million of a dear token is more than the thin pools absorb
        assert exc.code.value == "INSUFFICIENT_LIQUIDITY"
        return
    executed = swap_arguments(bytes.fromhex(quote.data[2:]))[-1]
    _check_routes(quote.routes, executed, manifest, chain, (sell, buy))
    # dexPath names each source a route goes through (a route on two sources counts for both)
    assert {s for r in quote.routes or [] for s in r.sources} == {entry.rsplit(":", 1)[0] for entry in quote.dexPath}


async def test_a_tron_quote_carries_its_routes_in_base58(devnet: Devnet, engine: Engine) -> None:
    manifest = await devnet.manifest(TRON.id)
    usdt = manifest.token("USDT")
    sell, buy = (
        format_address(parse_address(usdt.address, False), True),
        format_address(parse_address(NATIVE, False), True),
    )
    query = {
        "token0": sell, "token1": buy, "decimal0": str(usdt.decimals), "decimal1": str(TRON.native_decimals),
        "impact": "50", "part": "20", "amountIn": str(50_000 * 10**usdt.decimals), "amountOutMin": "0",
        "to": DEMO_TRON, "issuer": DEMO_TRON, "chain": TRON.flag,
    }  # fmt: skip
    quote = await engine.tron_swap(parse(TronSwapRequest, query.items()))
    executed = arguments(quote.data.fun, quote.data.parameter)[-1]
    _check_routes(quote.routes, executed, manifest, TRON, (sell, buy))
    assert all(address.startswith("T") for route in quote.routes or [] for address in route.path)
