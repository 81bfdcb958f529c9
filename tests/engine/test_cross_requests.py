"""The cross-chain endpoints' records and refusals, over HTTP: the token list a client can use without another
call, the quote with and without `to` and `amountIn`, what cannot be served (422, naming the parameter), the
order callback's checks against the chain, and the routes extension."""

from __future__ import annotations

from collections.abc import AsyncIterator
from decimal import Decimal
from typing import Any

import pytest

from swapdesk.api import BY_PATH, CrossListRequest, dispatch
from swapdesk.devnet.backend import DevnetBackend
from swapdesk.engine import Engine
from swapdesk.engine.bridges import BridgeEndpoints, ProviderEndpoint

from .cross_world import ERC20, RECEIVER, TRON, CrossWorld, address, cross_world

BSC, POLYGON = 56, 137
BRIDGES = ["ANYSWAP", "METAPATH", "CBRIDGE"]


@pytest.fixture(scope="module")
async def world() -> AsyncIterator[CrossWorld]:
    async with cross_world([BSC, POLYGON, TRON]) as running:
        yield running


async def test_the_list_names_what_the_quote_serves(world: CrossWorld) -> None:
    listed = await world.ok("/v3/cross/common/list")
    assert listed["bridgers"] == BRIDGES and set(listed["chains"]) == set(listed["tokens"]) == set(BRIDGES)
    for bridge in BRIDGES:
        chains = {c["chainId"]: c for c in listed["chains"][bridge]}
        assert set(chains) == {1, 56, 66, 128, 137, 250, 321, 43114, 95500}
        assert chains[TRON] == {
            "chainId": TRON,
            "name": "TRON",
            "flag": "TRON",
            "icon": "/static/icons/chains/tron.svg",
        }
        tokens = listed["tokens"][bridge]
        assert all(set(t) == {"chainId", "address", "symbol", "decimals", "name", "icon"} for t in tokens)
        assert {t["chainId"] for t in tokens} == set(chains)
        assert all(t["address"].startswith("T" if t["chainId"] == TRON else "0x") for t in tokens)
        # every listed token of BSC quotes to Polygon without another call (the same asset, or METAPATH's USDT)
        for token in [t for t in tokens if t["chainId"] == BSC]:
            token1 = await world.token(bridge, POLYGON, "USDT") if bridge == "METAPATH" else None
            params = {"fromChainID": BSC, "toChainID": POLYGON, "token0": token["address"], "bridge": bridge}
            params |= {"token1": token1["address"]} if token1 else {}
            quote = await world.ok("/v3/cross/swap", **params, decimal0=token["decimals"])
            assert quote["token0"] == token["address"] and int(quote["amountOut"]) > 0


async def test_the_list_for_some_chains_is_the_whole_lists_part_for_them(world: CrossWorld) -> None:
    """The window's first look asks the pair's chains alone: the same records the spec's list has for them."""
    whole = await world.engine.cross_list(CrossListRequest())
    pair = frozenset({BSC, POLYGON})
    part = await world.engine.cross_list_of(CrossListRequest(), pair)
    assert part.bridgers == whole.bridgers == BRIDGES
    for bridge in BRIDGES:
        assert [c.chainId for c in part.chains[bridge]] == [BSC, POLYGON]
        assert part.chains[bridge] == [c for c in whole.chains[bridge] if c.chainId in pair]
        assert part.tokens[bridge] == [t for t in whole.tokens[bridge] if t.chainId in pair] != []


async def test_a_quote_without_to_or_amount_builds_no_call(world: CrossWorld) -> None:
    usdt = await world.token("METAPATH", BSC, "USDT")
    bare = await world.ok(
        "/v3/cross/swap", fromChainID=BSC, toChainID=POLYGON, token0=usdt["address"], bridge="METAPATH"
    )
    assert (bare["to"], bare["data"]) == ("", "") and "value" not in bare
    assert bare["amountIn"] == str(30 * 10**18)  # one USDT is below the desk's minimum: the minimum is quoted
    assert bare["router"].startswith("0x") and int(bare["amountOut"]) > 0
    anyswap = await world.ok("/v3/cross/swap", fromChainID=BSC, toChainID=POLYGON, token0=usdt["address"],
                             bridge="anyswap", to=address(RECEIVER, POLYGON))  # fmt: skip
    assert anyswap["amountIn"] == str(12 * 10**18) and anyswap["data"] == ""  # no amount asked: no call either
    priced = await world.quote("ANYSWAP", BSC, POLYGON, usdt["address"], 1000 * 10**18, address(RECEIVER, POLYGON))
    exact = Decimal(priced["amountOut"]).scaleb(-6) / Decimal(priced["amountIn"]).scaleb(-18)
    assert priced["price"] == float(exact) == 0.999 and priced["value"] == "0"


@pytest.mark.parametrize(
    ("bridge", "change", "parameter", "code", "words"),
    [
        ("ANYSWAP", {"token1": "USDC"}, "token1", "NO_ROUTE", "USDT on BNB Smart Chain to"),
        ("CBRIDGE", {"token1": "USDC"}, "token1", "NO_ROUTE", "USDT on BNB Smart Chain to"),
        ("ANYSWAP", {"token0": "SWAP"}, "token0", "NO_ROUTE", "on BNB Smart Chain to the same asset on Polygon"),
        ("METAPATH", {"amountIn": 85_000 * 10**18}, "amountIn", "OUTSIDE_LIMITS", "from 30 USDT to 80000 USDT"),
        ("CBRIDGE", {"decimal0": "6"}, "decimal0", "DECIMALS_MISMATCH", "USDT has 18 decimals on BNB Smart Chain"),
        ("METAPATH", {"to": "token1"}, "to", "INVALID_RECIPIENT", "the token being received"),
    ],
)
async def test_what_cannot_be_served_is_refused_by_name(
    world: CrossWorld, bridge: str, change: dict[str, Any], parameter: str, code: str, words: str
) -> None:
    usdt, there = await world.token("METAPATH", BSC, "USDT"), await world.token("METAPATH", POLYGON, "USDT")
    tokens = {t["symbol"]: t["address"] for t in await world.ok("/ext/v1/tokens", chain="BSC")}
    polygon = {t["symbol"]: t["address"] for t in await world.ok("/ext/v1/tokens", chain="137")}
    params: dict[str, Any] = {"fromChainID": BSC, "toChainID": POLYGON, "token0": usdt["address"], "bridge": bridge,
                              "amountIn": 100 * 10**18, "to": address(RECEIVER, POLYGON)}  # fmt: skip
    for name, value in change.items():
        params[name] = {"token0": tokens, "token1": polygon}.get(name, {}).get(value, value)
    if change.get("to") == "token1":
        params |= {"token1": there["address"], "to": there["address"]}
    refused = await world.refused("/v3/cross/swap", **params)
    assert refused["status"] == 422 and refused["data"] == {"code": code, "parameter": parameter}, refused
    assert refused["message"].startswith(f"{parameter}: ") and words in refused["message"], refused["message"]


async def test_the_order_callback_checks_the_deposit(world: CrossWorld) -> None:
    usdt = await world.token("METAPATH", BSC, "USDT")
    receiver = address(RECEIVER, POLYGON)
    quote = await world.quote("METAPATH", BSC, POLYGON, usdt["address"], 200 * 10**18, receiver)
    approval = await world.send(5, BSC, usdt["address"], ERC20.encode("approve", quote["router"], 200 * 10**18))
    sent = await world.send(5, BSC, quote["router"], quote["data"])  # the deposit; the approval deposits nothing

    async def refused(tx: str, **change: Any) -> dict[str, Any]:
        params = {"bridge": "METAPATH", "fromChainID": BSC, "toChainID": POLYGON, "token0": usdt["address"],
                  "token1": quote["token1"], "to": receiver, "amountIn": quote["amountIn"], "channel": "web",
                  "hash": tx, "amountOutMin": quote["amountOut"]} | change  # fmt: skip
        return await world.refused("/v3/cross/order", **params)

    for tx, change, code, parameter in [
        (approval.tx, {}, "NOT_A_DEPOSIT", "hash"),
        (sent.tx, {"bridge": "ANYSWAP"}, "NOT_A_DEPOSIT", "hash"),
        (sent.tx, {"to": address(6, POLYGON)}, "ORDER_MISMATCH", "to"),
        (sent.tx, {"amountIn": str(201 * 10**18)}, "ORDER_MISMATCH", "amountIn"),
        (sent.tx, {"amountOutMin": "1"}, "ORDER_MISMATCH", "amountOutMin"),
        (sent.tx, {"toChainID": "1"}, "ORDER_MISMATCH", "toChainID"),
        (sent.tx, {"token1": (await world.token("METAPATH", POLYGON, "USDC"))["address"]}, "ORDER_MISMATCH", "token1"),
        (
            sent.tx,
            {
                "fromChainID": "137",
                "toChainID": "56",
                "token0": quote["token1"],
                "token1": usdt["address"],
                "to": address(RECEIVER, BSC),
            },
            "TRANSACTION_NOT_FOUND",
            "hash",
        ),
        ("0x" + "ab" * 32, {}, "TRANSACTION_NOT_FOUND", "hash"),
    ]:
        answer = await refused(tx, **change)
        assert answer["data"] == {"code": code, "parameter": parameter}, (change, answer)
        assert answer["status"] == (404 if code == "TRANSACTION_NOT_FOUND" else 422)
    assert await world.order(quote, sent.tx) == await world.order(quote, sent.tx)


async def test_details_of_a_transaction_no_bridge_made_are_same_chain(world: CrossWorld) -> None:
    usdt = await world.token("CBRIDGE", BSC, "USDT")
    approval = await world.send(4, BSC, usdt["address"], ERC20.encode("approve", address(6, BSC), 1))
    refused = await world.refused("/v3/core/details", hash=approval.tx, chain="BSC")
    assert refused["data"]["code"] == "NOT_A_SWAP"


async def test_routes_compare_every_bridge_the_most_output_first(world: CrossWorld) -> None:
    usdt = await world.token("CBRIDGE", BSC, "USDT")
    ask = {"fromChainID": BSC, "toChainID": POLYGON, "token0": usdt["address"], "amountIn": 500 * 10**18,
           "to": address(RECEIVER, POLYGON), "issuer": address(1, BSC)}  # fmt: skip
    answer = await world.ok("/ext/v1/cross/routes", **ask)
    routes = answer["routes"]
    assert sorted(r["bridge"] for r in routes) == sorted(BRIDGES) and answer["unavailable"] == []
    outs = [int(r["amountOut"]) for r in routes]
    assert outs == sorted(outs, reverse=True)
    for route in routes:
        quote = await world.quote(route["bridge"], BSC, POLYGON, usdt["address"], 500 * 10**18, ask["to"])
        assert route["amountOut"] == quote["amountOut"] and route["quote"]["router"] == quote["router"]
        kinds = [f["kind"] for f in route["fees"]]
        assert kinds[0] == "bridge" and kinds[-1] == "gas" and route["etaSeconds"] > 0
        gas = route["fees"][-1]
        assert (gas["chainId"], gas["symbol"], gas["included"]) == (BSC, "BNB", False) and int(gas["amount"]) > 0
        assert int(route["limits"]["minAmountIn"]) <= 500 * 10**18 <= int(route["limits"]["maxAmountIn"])
    small = await world.ok("/ext/v1/cross/routes", **(ask | {"amountIn": 20 * 10**18}), exclude="cbridge")
    assert [r["bridge"] for r in small["routes"]] == ["ANYSWAP"]
    assert [(u["bridge"], u["code"]) for u in small["unavailable"]] == [("METAPATH", "OUTSIDE_LIMITS")]
    only = await world.ok("/ext/v1/cross/routes", **ask, include="METAPATH,CBRIDGE", exclude="CBRIDGE")
    assert [r["bridge"] for r in only["routes"]] == ["METAPATH"]


async def test_a_provider_that_cannot_be_reached_is_503_and_keeps_nothing_else_from_answering(
    world: CrossWorld,
) -> None:
    """METAPATH at an address where nothing listens: its quote is SERVER_UNREACHABLE naming it; details of
    a transaction no bridge made are still answered (same-chain)."""
    down = Engine(
        DevnetBackend(world.net.devnet), bridges=BridgeEndpoints({"METAPATH": ProviderEndpoint("http://127.0.0.1:9")})
    )
    try:
        usdt = await world.token("METAPATH", BSC, "USDT")
        query = {"fromChainID": str(BSC), "toChainID": str(POLYGON), "token0": usdt["address"], "bridge": "METAPATH"}
        status, envelope = await dispatch(down, BY_PATH["/v3/cross/swap"], query.items())
        assert (status, envelope["data"]["code"]) == (503, "SERVER_UNREACHABLE")
        assert envelope["message"].startswith("the METAPATH provider cannot be reached")
        approval = await world.send(4, BSC, usdt["address"], ERC20.encode("approve", address(6, BSC), 2))
        status, envelope = await dispatch(down, BY_PATH["/v3/core/details"], [("hash", approval.tx), ("chain", "BSC")])
        assert (status, envelope["data"]["code"]) == (422, "NOT_A_SWAP")
    finally:
        await down.cross.aclose()
