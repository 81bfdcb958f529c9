"""A provider's answer is checked before anyone sees it. Each provocation of issue 28 is served by a hostile
provider over HTTP (`hostile.py`: the world's own answer, one field changed), and the API answers it in the
spec's envelope, result -1, with a message naming the provider, the field and the rule; never a 500, never the
provider's figure. Among other bridges, a hostile provider takes only its own bridge out of a comparison."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from dataclasses import replace
from typing import Any

import httpx
import pytest

from swapdesk.__main__ import main
from swapdesk.api import BY_PATH, dispatch
from swapdesk.catalogs import Catalog
from swapdesk.engine import Engine
from swapdesk.engine.backends import RpcBackend
from swapdesk.engine.bridges import ProviderUrls
from tests.engine.bridges.hostile import HostileWorld, hostile_world

BSC, POLYGON = 56, 137
AMOUNT = 200 * 10**18  # 200 USDT on BNB Smart Chain (18 decimals)
RECEIVER = "0x2c7536E3605D9C16a7a3D7b1898e529396a65c23"
NO_CODE = "0x4242424242424242424242424242424242424242"


@pytest.fixture(scope="module")
def world() -> Iterator[HostileWorld]:
    with hostile_world() as running:
        yield running


@pytest.fixture
async def engine(world: HostileWorld) -> AsyncIterator[Engine]:
    """cBridge's gateway and Bridgers' API at the hostile server; ANYSWAP honest, at the world."""
    world.hostile.clear()
    engine = world.engine("cbridge", "metapath")
    yield engine
    await engine.aclose()
    world.hostile.clear()


async def call(engine: Engine, path: str, **params: Any) -> tuple[int, dict[str, Any]]:
    return await dispatch(engine, BY_PATH[path], [(k, str(v)) for k, v in params.items()])


async def usdt(engine: Engine) -> str:
    status, envelope = await call(engine, "/v3/cross/common/list")
    assert status == 200, envelope
    return str(next(t["address"] for listed in envelope["data"]["tokens"].values() for t in listed
                    if t["chainId"] == BSC and t["symbol"] == "USDT"))  # fmt: skip


async def quote(engine: Engine, bridge: str, **more: Any) -> tuple[int, dict[str, Any]]:
    token0 = await usdt(engine)
    asked = {"fromChainID": BSC, "toChainID": POLYGON, "token0": token0, "amountIn": AMOUNT, "to": RECEIVER}
    return await call(engine, "/v3/cross/swap", **(asked | {"bridge": bridge} | more))


def estimate(**changed: Any) -> Any:
    return lambda answer, asked: answer | changed


def priced(**changed: Any) -> Any:
    def edit(answer: dict[str, Any], asked: dict[str, Any]) -> Any:
        answer["data"]["txData"] |= {k: v(asked) if callable(v) else v for k, v in changed.items()}
        return answer

    return edit


def nested(answer: Any, asked: Any) -> bytes:
    return b"[" * 100_000 + b"]" * 100_000


REFUSED = {  # (provider, path, edit) -> what the message must name
    "cBridge: a negative estimated_receive_amt": (
        "cbridge", "/v2/estimateAmt", estimate(estimated_receive_amt="-1000000"), "estimated_receive_amt -1000000"
    ),
    "cBridge: estimated_receive_amt of 10^70": (
        "cbridge", "/v2/estimateAmt", estimate(estimated_receive_amt=str(10**70)), "estimated_receive_amt",
    ),
    "cBridge: max_slippage of 100 %": ("cbridge", "/v2/estimateAmt", estimate(max_slippage=1_000_000), "max_slippage"),
    "cBridge: max_slippage of -1": ("cbridge", "/v2/estimateAmt", estimate(max_slippage=-1), "max_slippage -1"),
    "cBridge: max_slippage of 2^40": ("cbridge", "/v2/estimateAmt", estimate(max_slippage=2**40), "max_slippage"),
    "cBridge: JSON nested 100,000 deep": ("cbridge", "/v2/estimateAmt", nested, "nested deeper than"),
    "METAPATH: a contract without code": (
        "metapath", "/api/sswap/quote", priced(contractAddress=NO_CODE), NO_CODE,
    ),
    "METAPATH: the token itself as the contract": (
        "metapath", "/api/sswap/quote", priced(contractAddress=lambda asked: asked["fromTokenAddress"]),
        "not METAPATH's Bridgers contract",
    ),
    "METAPATH: amountOutMin of 10^60": (
        "metapath", "/api/sswap/quote", priced(amountOutMin=str(10**60)), "more than the 200 USDT sent",
    ),
    "METAPATH: a negative fee ratio": ("metapath", "/api/sswap/quote", priced(fee=-0.003), "fee -0.003"),
    "METAPATH: a fee above the deposit": (
        "metapath", "/api/sswap/quote", priced(feeAmount=str(AMOUNT + 1)), "feeAmount",
    ),
    "METAPATH: JSON nested 100,000 deep": ("metapath", "/api/sswap/quote", nested, "nested deeper than"),
}  # fmt: skip


@pytest.mark.parametrize("case", REFUSED)
async def test_a_hostile_answer_is_refused_in_words(world: HostileWorld, engine: Engine, case: str) -> None:
    provider, path, edit, named = REFUSED[case]
    world.hostile.change(provider, path, edit)
    status, envelope = await quote(engine, provider.upper())
    assert envelope["result"] == -1 and status == 503, envelope
    assert envelope["data"]["code"] == "SERVER_UNREACHABLE", envelope
    assert envelope["message"].startswith(f"the {provider.upper()} provider "), envelope["message"]
    assert named in envelope["message"], envelope["message"]


async def test_an_honest_answer_through_the_same_server_is_quoted(world: HostileWorld, engine: Engine) -> None:
    """The hostile server unchanged is the world's own provider: its quotes pass every check."""
    for bridge in ("CBRIDGE", "METAPATH"):
        status, envelope = await quote(engine, bridge)
        assert status == 200, envelope
        assert int(envelope["data"]["amountOut"]) > 0 and 0 <= int(envelope["data"]["fee"]) < AMOUNT


async def test_a_hostile_provider_takes_only_its_own_bridge_out_of_a_comparison(
    world: HostileWorld, engine: Engine
) -> None:
    world.hostile.change("cbridge", "/v2/estimateAmt", estimate(estimated_receive_amt="-1000000"))
    token0 = await usdt(engine)
    status, envelope = await call(engine, "/ext/v1/cross/routes", fromChainID=BSC, toChainID=POLYGON, token0=token0,
                                  amountIn=AMOUNT, to=RECEIVER)  # fmt: skip
    assert status == 200, envelope
    assert sorted(r["bridge"] for r in envelope["data"]["routes"]) == ["ANYSWAP", "METAPATH"]
    refused = {u["bridge"]: u for u in envelope["data"]["unavailable"]}
    assert list(refused) == ["CBRIDGE"] and refused["CBRIDGE"]["code"] == "SERVER_UNREACHABLE"
    assert "estimated_receive_amt -1000000" in refused["CBRIDGE"]["message"]


def absurd_decimals(answer: dict[str, Any], asked: Any) -> Any:
    for listed in answer["chain_token"][str(BSC)]["token"]:
        listed["token"]["decimal"] = 10**6
    return answer


def absurd_address(answer: dict[str, Any], asked: Any) -> Any:
    answer["data"]["tokens"][0]["address"] = "0xZZ"
    return answer


@pytest.mark.parametrize(
    ("provider", "path", "edit", "named"),
    [
        (
            "cbridge",
            "/v2/getTransferConfigsForAll",
            absurd_decimals,
            "decimal 1000000 of USDT on BNB Smart Chain: from 0 to 77",
        ),
        ("metapath", "/api/exchangeRecord/getToken", absurd_address, "'0xZZ'"),
    ],
    ids=["cBridge: decimals of 10^6", "METAPATH: an address that is none"],
)
async def test_a_hostile_token_list_leaves_only_its_bridge_out_of_the_list(
    world: HostileWorld, engine: Engine, provider: str, path: str, edit: Any, named: str
) -> None:
    world.hostile.change(provider, path, edit)
    status, envelope = await call(engine, "/v3/cross/common/list")
    assert status == 200, envelope
    bridge = provider.upper()
    assert bridge not in envelope["data"]["bridgers"] and "ANYSWAP" in envelope["data"]["bridgers"]
    assert all(0 <= t["decimals"] <= 77 for listed in envelope["data"]["tokens"].values() for t in listed)
    status, envelope = await quote(engine, bridge)  # asked directly, it says why
    assert (status, envelope["data"]["code"]) == (503, "SERVER_UNREACHABLE"), envelope
    assert named in envelope["message"], envelope["message"]


async def test_decimals_that_are_not_the_catalogues_are_refused(world: HostileWorld, engine: Engine) -> None:
    """The provider says the same thing twice (its coin list, its quote's echo): the catalogue says otherwise."""

    def six(answer: dict[str, Any], asked: Any) -> Any:
        for coin in answer["data"]["tokens"]:
            if coin["chain"] == "BSC" and coin["symbol"] == "USDT":
                coin["decimals"] = 6
        return answer

    world.hostile.change("metapath", "/api/exchangeRecord/getToken", six)
    world.hostile.change("metapath", "/api/sswap/quote", priced(fromTokenDecimal=6, amountOutMin="199000000"))
    status, envelope = await quote(engine, "METAPATH", amountIn=200 * 10**6)
    assert (status, envelope["data"]["code"]) == (503, "SERVER_UNREACHABLE"), envelope
    assert "USDT on BNB Smart Chain has 6 decimals; swapdesk's catalogue says 18" in envelope["message"]


def test_the_command_line_compares_the_others_when_a_provider_lists_absurd_decimals(
    world: HostileWorld, capsys: pytest.CaptureFixture[str]
) -> None:
    """Before: `swapdesk cross … --provider` crashed with decimal.Inexact."""
    world.hostile.clear()
    world.hostile.change("cbridge", "/v2/getTransferConfigsForAll", absurd_decimals)
    try:
        argv = ["cross", "--from", "BSC", "--to", "polygon", "--sell", "usdt", "--amount", "250",
                "--recipient", RECEIVER, "--provider", f"cbridge={world.url}/cbridge"]  # fmt: skip
        assert main(argv) == 0
    finally:
        world.hostile.clear()
    shown = capsys.readouterr().out
    assert "  METAPATH " in shown and "  ANYSWAP " in shown
    assert "  CBRIDGE   not available: the CBRIDGE provider answered malformed transfer configs" in shown
    assert "decimal 1000000 of USDT on BNB Smart Chain: from 0 to 77" in shown


async def own_catalogues(world: HostileWorld, bridges: Any) -> Engine:
    """An engine on the world's chains by JSON-RPC with the user's own catalogues (the world's, `bridges` in them
    changed), METAPATH at the hostile server: a real network's set-up."""
    catalogs = {}
    async with httpx.AsyncClient(timeout=120) as client:
        for chain_id in (BSC, POLYGON):
            served = Catalog.from_json((await client.get(f"{world.world}/devnet/v1/catalogs/{chain_id}")).text)
            catalogs[chain_id] = replace(served, bridges=bridges(served.bridges))
    backend = RpcBackend({c: f"{world.world}/rpc/{c}" for c in catalogs}, catalogs)
    return Engine(backend, bridges=ProviderUrls.parse([f"metapath={world.url}/metapath"]).endpoints())


@pytest.mark.parametrize(
    ("bridges", "said"),
    [
        (lambda known: replace(known, routers=known.routers | {"METAPATH": NO_CODE}), "has no code there"),
        (lambda known: None, "swapdesk's catalogue of BNB Smart Chain names no METAPATH Bridgers contract"),
    ],
    ids=["the catalogue's contract has no code", "the catalogue names none"],
)
async def test_a_contract_swapdesk_cannot_vouch_for_is_not_sent_to(
    world: HostileWorld, bridges: Any, said: str
) -> None:
    """Even the provider's word agreeing with the catalogue is not enough: the chain must show a contract there.
    And where the catalogue names none, nothing the provider names is taken on its word."""
    world.hostile.clear()
    world.hostile.change("metapath", "/api/sswap/quote", priced(contractAddress=NO_CODE))
    engine = await own_catalogues(world, bridges)
    try:
        status, envelope = await quote(engine, "METAPATH")
    finally:
        await engine.aclose()
        world.hostile.clear()
    assert (status, envelope["data"]["code"]) == (404, "NOT_AVAILABLE"), envelope
    assert said in envelope["message"] and NO_CODE in envelope["message"], envelope["message"]
