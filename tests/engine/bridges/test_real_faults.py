"""A provider that is down, too slow, or answers nonsense (not JSON, too much, the wrong shape, an error
code) is a named error in the envelope, never a 500: SERVER_UNREACHABLE whose message names the provider
and the cause. Each fault is provoked for each provider, through the API's dispatch."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
import pytest
from web3.exceptions import ContractLogicError

from swapdesk import catalogs
from swapdesk.api import BY_PATH, ErrorCode, Unavailable, Unprocessable, dispatch
from swapdesk.catalogs import Catalog
from swapdesk.chains import by_id
from swapdesk.engine.bridges import BridgeEndpoints, ProviderEndpoint
from swapdesk.engine.bridges import model as m
from swapdesk.engine.bridges.cbridge import CBridge
from swapdesk.engine.bridges.metapath import Metapath
from swapdesk.engine.bridges.provider import ProviderApi
from swapdesk.engine.cross.cross_chain import CrossChain
from tests.engine.bridges.served import Chains, RealNetworks, Served

USDC_ETH, USDT_BSC = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48", "0x55d398326f99059fF775485246999027B3197955"
ASKS = {  # a quote each provider is asked (ANYSWAP on devnet chains: it quotes nowhere else)
    "CBRIDGE": [("fromChainID", "1"), ("toChainID", "56"), ("token0", USDC_ETH), ("bridge", "CBRIDGE")],
    "METAPATH": [("fromChainID", "56"), ("toChainID", "128"), ("token0", USDT_BSC), ("bridge", "METAPATH")],
    "ANYSWAP": [("fromChainID", "56"), ("toChainID", "137"), ("token0", USDT_BSC), ("bridge", "ANYSWAP")],
}
WRONG_SHAPE: dict[str, tuple[Any, str]] = {
    "CBRIDGE": ({"err": None, "chains": "many"}, "answered malformed transfer configs"),
    "METAPATH": ([100, "success"], "outside Bridgers' shape"),
    "ANYSWAP": ({"evm0x55d3": {"symbol": "USDT"}}, "answered a malformed token list"),
}
ERROR_CODE: dict[str, tuple[int, Any, str]] = {
    "CBRIDGE": (200, {"err": {"code": 1018, "msg": "VPN is not allowed"}}, "error 1018: VPN is not allowed"),
    "METAPATH": (200, {"resCode": 500, "resMsg": "system busy", "data": None}, "with error 500: system busy"),
    "ANYSWAP": (500, {"msg": "Error", "error": "server busy"}, "with HTTP 500: server busy"),
}


def served(handler: Any, timeout: float = 5.0) -> ProviderEndpoint:
    return ProviderEndpoint("https://provider.example", httpx.MockTransport(handler), timeout=timeout)


async def slow(request: httpx.Request) -> httpx.Response:
    await asyncio.sleep(2)
    return httpx.Response(200, json={})


def fault(name: str, bridge: str) -> tuple[ProviderEndpoint, str]:
    """The endpoint that misbehaves so, and the cause its message must give."""
    if name == "down":
        return ProviderEndpoint("http://127.0.0.1:9", timeout=5.0), "cannot be reached"
    if name == "slow":
        return served(slow, timeout=0.2), "within 0.2 s"
    if name == "not JSON":
        page = httpx.Response(502, text="<html><body>502 Bad Gateway</body></html>")
        return served(lambda request: page), "with HTTP 502 and something other than JSON"
    if name == "too much":
        flood = b'{"pad": "' + b"x" * (9 * 1024 * 1024) + b'"}'
        return served(lambda request: httpx.Response(200, content=flood)), "more than 8388608 bytes"
    if name == "wrong shape":
        body, cause = WRONG_SHAPE[bridge]
        return served(lambda request: httpx.Response(200, json=body)), cause
    status, body, cause = ERROR_CODE[bridge]
    return served(lambda request: httpx.Response(status, json=body)), cause


@pytest.mark.parametrize("bridge", ["CBRIDGE", "METAPATH", "ANYSWAP"])
@pytest.mark.parametrize("name", ["down", "slow", "not JSON", "too much", "wrong shape", "error code"])
async def test_a_provider_fault_is_a_named_503(bridge: str, name: str) -> None:
    endpoint, cause = fault(name, bridge)
    cross = CrossChain(RealNetworks(devnet=frozenset({56, 137})), BridgeEndpoints({bridge: endpoint}))
    try:
        status, envelope = await dispatch(cross, BY_PATH["/v3/cross/swap"], ASKS[bridge])  # type: ignore[arg-type]
    finally:
        await cross.aclose()
    assert (status, envelope["data"]["code"]) == (503, "SERVER_UNREACHABLE"), envelope
    assert envelope["message"].startswith(f"the {bridge} provider "), envelope["message"]
    assert cause in envelope["message"], envelope["message"]


async def test_a_fault_of_one_provider_leaves_the_others_routes_answering() -> None:
    """Routes: the provider that is down is under `unavailable` with its words; no 500."""
    down = ProviderEndpoint("http://127.0.0.1:9", timeout=5.0)
    cross = CrossChain(RealNetworks(), BridgeEndpoints({"CBRIDGE": down, "METAPATH": down}))
    try:
        ask = [("fromChainID", "1"), ("toChainID", "56"), ("token0", USDC_ETH), ("amountIn", "1000000000")]
        status, envelope = await dispatch(cross, BY_PATH["/ext/v1/cross/routes"], ask)  # type: ignore[arg-type]
    finally:
        await cross.aclose()
    assert status == 200 and envelope["data"]["routes"] == []
    refused = {u["bridge"]: (u["code"], u["message"]) for u in envelope["data"]["unavailable"]}
    assert refused["CBRIDGE"][0] == refused["METAPATH"][0] == "SERVER_UNREACHABLE"
    assert refused["CBRIDGE"][1].startswith("the CBRIDGE provider cannot be reached")


class Healthy(RealNetworks):
    """Devnet chains swapdesk itself reaches: their catalogues are there."""

    async def catalog(self, chain: Any) -> Catalog:
        return catalogs.load(None, [chain.id])[chain.id]


async def test_a_chain_the_provider_cannot_reach_is_its_words_while_swapdesk_reaches_it() -> None:
    """ANYSWAP's 503 for a chain's token list: swapdesk asks its own side first (a damaged devnet chain is said
    with its repair: tests/server/test_damaged_chain_said.py); reaching the chain itself, it says the provider's."""
    cut_off = served(lambda request: httpx.Response(503, json={"msg": "Error", "error": "a chain cannot be reached"}))
    cross = CrossChain(Healthy(devnet=frozenset({56, 137})), BridgeEndpoints({"ANYSWAP": cut_off}))
    try:
        status, envelope = await dispatch(cross, BY_PATH["/v3/cross/swap"], ASKS["ANYSWAP"])  # type: ignore[arg-type]
    finally:
        await cross.aclose()
    assert (status, envelope["data"]["code"]) == (503, "CHAIN_UNAVAILABLE"), envelope
    assert envelope["message"] == "the ANYSWAP provider cannot reach BNB Smart Chain"


async def test_a_status_of_the_wrong_shape_is_named_too() -> None:
    """A transfer's status that cannot be read (details, not quotes) is SERVER_UNREACHABLE in words."""
    chains = Chains()
    gateway = Served({"/v2/getTransferStatus": {"err": None, "status": "done"}})
    cbridge = CBridge(ProviderApi("CBRIDGE", gateway.endpoint()), chains)
    with pytest.raises(Unavailable) as refused:
        await cbridge.transfer(m.Found("0x" + "77" * 32, "deposit", by_id(1)))
    assert refused.value.code == ErrorCode.SERVER_UNREACHABLE
    assert refused.value.message == "the CBRIDGE provider answered a malformed transfer status"
    desk = Served({"/api/exchangeRecord/getTransDataById": {"resCode": 100, "resMsg": "ok", "data": {"x": 1}}})
    metapath = Metapath(ProviderApi("METAPATH", desk.endpoint()), chains)
    with pytest.raises(Unavailable) as refused:
        await metapath.transfer(m.Found("0x" + "11" * 32, "payout"))
    assert refused.value.message == "the METAPATH provider answered a malformed order"


class Reverting(Chains):
    """A chain whose contract at the configured address refuses every read (another kind of contract)."""

    async def call(self, chain: Any, to: bytes, data: bytes) -> bytes:
        raise ContractLogicError("execution reverted")


@pytest.mark.parametrize("chains", [Chains(), Reverting()], ids=["no code there", "it reverts"])
async def test_a_bridge_contract_that_does_not_answer_its_limits_is_said(chains: Chains) -> None:
    """The gateway's configs name a contract on chain that is not cBridge's `Bridge`: the limits read from it
    come back empty or revert. The quote says so, and which contract; never a 500."""
    from tests.engine.bridges.test_real_answers import cbridge

    chains.calls = _EmptyAnswers()  # every read comes back empty (Chains), or reverts (Reverting)
    client, _ = cbridge(chains)
    ask = m.Ask(by_id(1), by_id(56), bytes.fromhex(USDC_ETH[2:]), None, 10**9, "0x" + "11" * 20, b"\x22" * 20)
    with pytest.raises(Unprocessable) as raised:
        await client.quote(ask)
    assert raised.value.code is ErrorCode.NOT_AVAILABLE
    assert "the bridge contract the gateway names on Ethereum (0x5427FEFA711Eff984124bFBB1AB6fbf5E3DA1820)" in str(
        raised.value
    )


class _EmptyAnswers(dict[Any, bytes]):
    def __getitem__(self, key: Any) -> bytes:
        return b""  # eth_call of an address without code answers 0x
