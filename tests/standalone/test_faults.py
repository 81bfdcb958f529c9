"""What a catalogue or a node can get wrong on a real network, each answered by a named error in words (or left
out, said in the log, with the chain still quoting): never a 500."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from eth_account import Account
from eth_typing import HexStr
from web3 import AsyncWeb3
from web3.providers import AsyncHTTPProvider

from swapdesk.api import AggQuote, AggSwapRequest, ApiError, ChainRequest, ErrorCode, parse
from swapdesk.catalogs import Catalog, SourceEntry
from swapdesk.chains import by_id
from swapdesk.contracts import vendored
from swapdesk.engine import Engine, RpcBackend
from tests.anvil import REPO
from tests.standalone.conftest import World

NOWHERE = "http://127.0.0.1:9"  # the discard port: nothing listens


async def quote(catalog: Catalog, url: str, chain_id: int | None = None) -> tuple[AggQuote, Engine]:
    """WETH to TKB on an engine given only `url` and `catalog` (as chain `chain_id`, by default the catalogue's)."""
    chain_id = chain_id or catalog.chain_id
    engine = Engine(RpcBackend({chain_id: url}, {chain_id: catalog}))
    raw = {"chain": str(chain_id), "token0": catalog.token("WETH").address, "token1": catalog.token("TKB").address,
           "decimal0": "18", "decimal1": "18", "amountIn": str(10**18), "impact": "50", "part": "10",
           "amountOutMin": "0", "to": Account.create().address}  # fmt: skip
    try:
        return await engine.agg_swap(parse(AggSwapRequest, raw.items())), engine
    finally:
        await engine.aclose()


async def refused(catalog: Catalog, url: str, chain_id: int | None = None) -> ApiError:
    with pytest.raises(ApiError) as caught:
        await quote(catalog, url, chain_id)
    return caught.value


async def call(url: str, to: str, data: bytes) -> bytes:
    w3 = AsyncWeb3(AsyncHTTPProvider(url))
    try:
        return bytes(await w3.eth.call({"to": to, "data": HexStr("0x" + data.hex())}))
    finally:
        await w3.provider.disconnect()


async def test_an_unreachable_node_is_said(world: World) -> None:
    error = await refused(world.catalog, NOWHERE)
    assert error.code == ErrorCode.CHAIN_UNAVAILABLE and "cannot reach ETH" in error.message


async def test_a_node_of_another_chain_is_refused(world: World) -> None:
    error = await refused(replace(world.catalog, chain_id=56), world.url, 56)
    assert error.code == ErrorCode.CHAIN_UNAVAILABLE
    assert error.message == "the node configured for BSC is chain 1, not 56: check its URL"


async def test_a_missing_multicall3_is_named(world: World) -> None:
    nowhere = Account.create().address
    error = await refused(replace(world.catalog, multicall=nowhere), world.url)
    assert error.code == ErrorCode.CHAIN_UNAVAILABLE
    assert f"there is no Multicall3 at {nowhere} on ETH" in error.message


async def test_a_router_that_is_not_swapdesks_is_not_used(world: World) -> None:
    """The catalogue names a router, but the code there is another's (here, Uniswap's Router02): the engine says
    so and quotes through the DEXes' own routers."""
    catalog = world.catalog
    impostor = next(s.router for s in catalog.sources if s.kind == "uniswap_v2")
    answer, engine = await quote(replace(catalog, router=impostor), world.url)
    assert answer.router is not None and answer.fee == "0"
    assert any("is not swapdesk's router" in notice for notice in engine.notices)


async def test_a_pool_or_token_of_another_kind_is_left_out(world: World, caplog: pytest.LogCaptureFixture) -> None:
    """A V2 pair listed as a StableSwap pool, a V3 pool listed among a V2 source's pairs, a token with no code:
    each left out, said in the log, and the chain still quotes."""
    catalog = world.catalog
    v2, v3 = (next(s for s in catalog.sources if s.kind == kind) for kind in ("uniswap_v2", "uniswap_v3"))
    factory = vendored("UniswapV2Factory")
    (pair,) = factory.decode("allPairs", await call(world.url, v2.address, factory.encode("allPairs", 0)))
    weth, tka = catalog.token("WETH").address, catalog.token("TKA").address
    v3_factory = vendored("UniswapV3Factory")
    raw = await call(world.url, v3.address, v3_factory.encode("getPool", weth, tka, 3000))
    (v3_pool,) = v3_factory.decode("getPool", raw)
    wrong = [
        SourceEntry("Not Curve", "stableswap", 4, pair),
        replace(v2, pools=[v3_pool]),
    ]
    ghost = replace(catalog.tokens[1], address=Account.create().address, symbol="GHOST")
    broken = replace(catalog, tokens=[*catalog.tokens, ghost], sources=[*wrong, *catalog.sources[1:]])
    with caplog.at_level(logging.WARNING):
        answer, _ = await quote(broken, world.url)
    assert int(answer.totalAmountOut) > 0
    said = caplog.text
    assert "Not Curve lists" in said and "as stableswap" in said
    assert f"lists {v3_pool} as uniswap_v2" in said
    assert "token GHOST" in said and "has no code there: left out" in said


async def test_a_chain_without_a_node_says_that_first(world: World) -> None:
    """A chain whose catalogue ships but which has no node configured: the node is what to add, not a catalogue."""
    engine = Engine(RpcBackend({}, {world.catalog.chain_id: world.catalog}))
    try:
        with pytest.raises(ApiError) as raised:
            await engine.tokens(parse(ChainRequest, [("chain", str(world.catalog.chain_id))]))
        assert raised.value.code is ErrorCode.CHAIN_UNAVAILABLE
        assert raised.value.message == "no RPC endpoint is configured for ETH"
    finally:
        await engine.aclose()


async def test_a_factory_of_another_kind_and_a_pool_listed_as_a_token_are_said(world: World) -> None:
    """Before, these passed without a word: a V3 factory given as a V2 source (no pool found, nothing said), a V2
    pair listed among the tokens, a token whose decimals the catalogue gets wrong."""
    catalog = world.catalog
    v2, v3 = (next(s for s in catalog.sources if s.kind == kind) for kind in ("uniswap_v2", "uniswap_v3"))
    factory = vendored("UniswapV2Factory")
    (pair,) = factory.decode("allPairs", await call(world.url, v2.address, factory.encode("allPairs", 0)))
    posing = replace(v3, name="Posing V2", kind="uniswap_v2", fee_tiers=[], pools=[])
    as_token = replace(catalog.tokens[1], address=pair, symbol="PAIR")
    misdescribed = replace(catalog.token("TKB"), decimals=6, symbol="TKB6", address=catalog.token("TKB").address)
    broken = replace(catalog, tokens=[*catalog.tokens, as_token], sources=[*catalog.sources, posing])
    answer, engine = await quote(broken, world.url)
    assert int(answer.totalAmountOut) > 0
    said = "\n".join(engine.notices)
    assert f"names {v3.address} as the uniswap_v2 source Posing V2, but it does not answer as one" in said
    assert f"names {pair} as the token PAIR, but it is a pool" in said
    wrong = replace(catalog, tokens=[misdescribed if t.symbol == "TKB" else t for t in catalog.tokens])
    engine = Engine(RpcBackend({1: world.url}, {1: wrong}))
    try:
        await engine.backend.catalog(by_id(1))
        assert any("gives TKB6" in n and "6 decimals, but the token has 18 decimals" in n for n in engine.notices)
    finally:
        await engine.aclose()


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        ("{", "is not JSON"),
        (
            '{"chain_id": 1, "name": "x", "multicall": "0x'
            + "0" * 40
            + '", "wrapped": "0x'
            + "0" * 40
            + '", "colour": 1}',
            "unknown key 'colour'",
        ),
        ('{"chain_id": 1, "name": "x", "wrapped": "0x' + "0" * 40 + '"}', "missing key 'multicall'"),
        (
            '{"chain_id": 1, "name": "x", "multicall": "0xcA11bde05977b3631167028862bE2a173976CA1I", "wrapped": "0x'
            + "0" * 40
            + '"}',
            "multicall",
        ),
        (
            '{"chain_id": 1, "name": "x", "multicall": "0x'
            + "0" * 40
            + '", "wrapped": "0x'
            + "0" * 40
            + '", "sources": [{"name": "s", "kind": "magic", "fee_bps": 1, "address": "0x'
            + "0" * 40
            + '"}]}',
            "is of kind 'magic'",
        ),
        (
            '{"chain_id": 56, "name": "x", "multicall": "0x' + "0" * 40 + '", "wrapped": "0x' + "0" * 40 + '"}',
            "chain_id 56 in the file of chain 1",
        ),
    ],
    ids=["broken-json", "unknown-key", "no-multicall", "bad-checksum", "unknown-kind", "another-chain"],
)
def test_a_bad_catalogue_stops_serve_with_one_line(tmp_path: Path, text: str, rule: str) -> None:
    """Before: a traceback from `swapdesk serve` (or, for a file of another chain, a server quoting one chain with
    another's addresses); now one line naming the file and the rule."""
    (tmp_path / "catalogs").mkdir()
    (tmp_path / "catalogs" / "1.json").write_text(text)
    env = {**os.environ, "SWAPDESK_CONFIG_DIR": str(tmp_path), "SWAPDESK_DATA_DIR": str(tmp_path / "data")}
    command = [sys.executable, "-m", "swapdesk", "serve", "--port", "0", "--rpc", f"ETH={NOWHERE}"]
    ended = subprocess.run(command, env=env, cwd=REPO, capture_output=True, text=True, timeout=120)
    said = ended.stderr.strip().splitlines()
    assert ended.returncode == 1 and len(said) == 1, ended.stderr
    assert said[0].startswith(f"error: {tmp_path / 'catalogs' / '1.json'}") and rule in said[0]
