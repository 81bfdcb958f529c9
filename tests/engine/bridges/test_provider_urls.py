"""`ProviderUrls`: the real providers by URL, as settings, `serve` flags and the command line give them."""

from __future__ import annotations

import pytest

from swapdesk.engine.bridges import BridgeEndpoints
from swapdesk.engine.bridges.endpoints import STOPPED, Gone, ProviderUrls
from swapdesk.engine.bridges.provider import ProviderApi


def test_each_url_becomes_its_bridges_endpoint_and_anyswap_is_always_there() -> None:
    urls = ProviderUrls(cbridge="https://cbridge-prod2.celer.app/", metapath="https://api.bridgers.xyz", timeout=12)
    found = urls.endpoints().by_bridge
    assert set(found) == {"CBRIDGE", "METAPATH", "ANYSWAP"}
    assert (found["CBRIDGE"].base_url, found["CBRIDGE"].timeout) == ("https://cbridge-prod2.celer.app", 12)
    assert found["METAPATH"].base_url == "https://api.bridgers.xyz" and found["METAPATH"].transport is None
    assert isinstance(found["ANYSWAP"].transport, Gone)  # no URL: nothing is asked of Multichain's dead API


def test_urls_override_a_base_and_leave_its_other_providers() -> None:
    base = BridgeEndpoints.under("http://127.0.0.1:8545")
    found = ProviderUrls(cbridge="https://cbridge-prod2.celer.app").endpoints(base).by_bridge
    assert found["CBRIDGE"].base_url == "https://cbridge-prod2.celer.app"
    assert found["METAPATH"].base_url == "http://127.0.0.1:8545/providers/metapath"
    assert found["ANYSWAP"].base_url == "http://127.0.0.1:8545/providers/anyswap"


def test_parse_name_equals_url_in_any_case() -> None:
    urls = ProviderUrls.parse(["CBRIDGE=https://cbridge-prod2.celer.app", "anyswap=https://scanapi.multichain.org"])
    assert urls == ProviderUrls(cbridge="https://cbridge-prod2.celer.app", anyswap="https://scanapi.multichain.org")


@pytest.mark.parametrize(
    ("pairs", "said"),
    [
        (["bridgers=https://api.bridgers.xyz"], "NAME cbridge, metapath or anyswap"),
        (["cbridge"], "is not NAME=URL"),
        (["cbridge=ftp://host"], "is not an http(s) URL with a host"),
        (["cbridge=https://"], "is not an http(s) URL with a host"),
        (["cbridge=https://host/?key=1"], "no query or fragment"),
        (["cbridge=https://a", "CBRIDGE=https://b"], "cbridge is given twice"),
    ],
)
def test_parse_refuses_in_words(pairs: list[str], said: str) -> None:
    with pytest.raises(ValueError, match=said.replace("(", r"\(").replace(")", r"\)").replace("?", r"\?")):
        ProviderUrls.parse(pairs)


async def test_gone_answers_in_the_providers_shape_without_a_socket() -> None:
    api = ProviderApi("ANYSWAP", ProviderUrls().endpoints().by_bridge["ANYSWAP"])
    try:
        answer = await api.get("/v3/tx/0x01")
    finally:
        await api.aclose()
    assert answer.status == 410 and answer.body == {"msg": "Error", "error": STOPPED}
