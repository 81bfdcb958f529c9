"""The engine's real RPC path: a JSON-RPC node (anvil) with the demo world
deployed on it, reached through web3's HTTP provider. Quote -> sign -> send
-> details, exactly as against a real network."""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest

from swapdesk.api import AggSwapRequest, ApiError, DetailsRequest, parse
from swapdesk.catalogs import Catalog
from swapdesk.chains import by_id
from swapdesk.contracts import artifact
from swapdesk.devnet.accounts import DEPLOYER_INDEX, demo_key
from swapdesk.devnet.builder import deploy_world
from swapdesk.devnet.manifest import Manifest
from swapdesk.devnet.sender import RpcSender
from swapdesk.engine import Engine, RpcBackend
from tests.anvil import running_anvil

ERC20 = artifact("ERC20")


@pytest.fixture(scope="module")
def anvil() -> Iterator[tuple[str, Manifest]]:
    """anvil with the BSC world deployed through JSON-RPC."""
    with running_anvil(56) as url:
        deployer = RpcSender(url, demo_key(DEPLOYER_INDEX))
        manifest = deploy_world(deployer, 56)
        deployer.close()
        yield url, manifest


def funded_trader(url: str, manifest: Manifest) -> RpcSender:
    """A key of its own (a demo account's is refused as a recipient anywhere but the devnet), given BNB for gas
    and USDT to sell by demo account 5."""
    trader = RpcSender(url, secrets.token_bytes(32))
    giver = RpcSender(url, demo_key(5))
    giver.send(trader.address, value=10**18, gas=21_000)
    usdt = manifest.token("USDT")
    giver.send(usdt.address, ERC20.encode("transfer", trader.address, 10_000 * 10**18), gas=100_000)
    giver.close()
    return trader


async def test_quote_sign_send_details_on_anvil(anvil: tuple[str, Manifest]) -> None:
    url, manifest = anvil
    engine = Engine(RpcBackend({56: url}, {56: manifest}))
    trader = funded_trader(url, manifest)
    usdt, cake = manifest.token("USDT"), manifest.token("CAKE")
    assert trader.chain_id == 56
    amount = 2_500 * 10**18
    query = {
        "token0": usdt.address, "token1": cake.address, "decimal0": "18", "decimal1": "18", "impact": "50",
        "part": "10", "amountIn": str(amount), "amountOutMin": "0", "to": trader.address,
        "issuer": trader.address, "chain": "BSC", "channel": "web",
    }  # fmt: skip
    try:
        quote = await engine.agg_swap(parse(AggSwapRequest, query.items()))
        assert int(quote.fee) == int(quote.normalFee) == amount * 20 // 10_000  # holds no SWAP: no discount

        def cake_balance() -> int:
            return int(
                ERC20.decode("balanceOf", trader.call(cake.address, ERC20.encode("balanceOf", trader.address)))[0]
            )

        before = cake_balance()
        trader.send(usdt.address, ERC20.encode("approve", quote.aggregator, amount), gas=100_000)
        tx_hash = trader.send(quote.aggregator, bytes.fromhex(quote.data[2:]), gas=3_000_000)
        assert cake_balance() - before == int(quote.totalAmountOut)

        details = await engine.details(DetailsRequest(hash="0x" + tx_hash.hex(), chain=by_id(56)))
        assert (details.status, details.amountIn, details.amountOut) == ("Success", str(amount), quote.totalAmountOut)
        assert (details.fromAddress, details.toAddress, details.channel) == (trader.address, trader.address, "web")
        assert {d.dex for d in details.dexs} == {p.rsplit(":", 1)[0] for p in quote.dexPath}
    finally:
        trader.close()
        await engine.aclose()


async def test_a_public_test_account_is_refused_as_recipient_off_the_devnet(anvil: tuple[str, Manifest]) -> None:
    url, manifest = anvil
    engine = Engine(RpcBackend({56: url}, {56: manifest}))
    query = {
        "token0": manifest.token("USDT").address, "token1": manifest.token("CAKE").address, "decimal0": "18",
        "decimal1": "18", "impact": "50", "part": "10", "amountIn": str(10**18), "amountOutMin": "0",
        "to": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", "chain": "BSC",
    }  # fmt: skip
    try:
        with pytest.raises(ApiError) as info:
            await engine.agg_swap(parse(AggSwapRequest, query.items()))
        assert (info.value.code.value, info.value.parameter) == ("INVALID_RECIPIENT", "to")
        assert "public test mnemonic" in info.value.message and "taken at once" in info.value.message
    finally:
        await engine.aclose()


async def test_an_unreachable_node_is_unavailable_not_a_crash() -> None:
    one = "0x0000000000000000000000000000000000000001"
    engine = Engine(RpcBackend({56: "http://127.0.0.1:9"}, {56: Catalog(56, one, one, [], [])}))
    query = {
        "token0": "0x55d398326f99059fF775485246999027B3197955", "token1": "0x0000000000000000000000000000000000000000",
        "decimal0": "18", "decimal1": "18", "impact": "50", "part": "1", "amountIn": "1", "amountOutMin": "0",
        "to": "0x2c7536E3605D9C16a7a3D7b1898e529396a65c23", "chain": "BSC",
    }  # fmt: skip
    with pytest.raises(ApiError) as info:
        await engine.agg_swap(parse(AggSwapRequest, query.items()))
    assert (info.value.status, info.value.code.value) == (503, "CHAIN_UNAVAILABLE")
    await engine.aclose()


async def test_routed_backend_sends_configured_chains_to_rpc(anvil: tuple[str, Manifest]) -> None:
    from swapdesk.api import ChainRequest
    from swapdesk.devnet.backend import DevnetBackend
    from swapdesk.engine import RoutedBackend

    url, manifest = anvil
    rpc = RpcBackend({56: url, 137: "http://127.0.0.1:9"}, {56: manifest})
    engine = Engine(RoutedBackend(DevnetBackend(), rpc))
    try:
        assert await engine.backend.web3(by_id(56)) is await rpc.web3(by_id(56))  # BSC: anvil
        bsc = await engine.tokens(ChainRequest(by_id(56)))
        eth = await engine.tokens(ChainRequest(by_id(1)))  # no endpoint: the devnet
        assert bsc[1].symbol == "WBNB" and eth[1].symbol == "WETH"
        with pytest.raises(ApiError) as info:
            await engine.tokens(ChainRequest(by_id(137)))  # an endpoint, but no catalogue
        assert info.value.code.value == "CHAIN_UNAVAILABLE" and "add its catalogue (137.json)" in info.value.message
    finally:
        await engine.aclose()


async def test_settings_route_chains_with_a_catalogue(
    anvil: tuple[str, Manifest], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from swapdesk.api import ChainRequest
    from swapdesk.session import build
    from swapdesk.settings import Settings

    url, manifest = anvil
    monkeypatch.setenv("SWAPDESK_CONFIG_DIR", str(tmp_path))
    (tmp_path / "catalogs").mkdir()
    (tmp_path / "catalogs" / "56.json").write_text(manifest.catalog().to_json())
    composed = build(Settings(rpc={"bsc": url}).checked())
    service = composed.service
    try:
        assert str(composed.name) == "devnet + RPC for BSC"
        tokens = await service.tokens(ChainRequest(by_id(56)))
        assert {t.address for t in tokens[1:]} == {t.address for t in manifest.tokens}
    finally:
        await service.aclose()
