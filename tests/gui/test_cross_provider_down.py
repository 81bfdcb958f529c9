"""A bridge provider that cannot be reached (one named in Settings, down) takes only its own bridge out: the
comparison says so by the provider's name, the others are compared, "Best return" is chosen among them and
Send… stays on. A list that every provider refuses says no provider answers, never a chain or a blank, and "Try
again" asks again; a list that cannot be read again while one is shown keeps the form usable.

The providers are the devnet world's own, reached through their APIs; "down" is the network refusing the
connection (the discard port, where nothing listens; or the connection refused before it reaches the app)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import httpx

from swapdesk.bridge_names import bridge_name
from swapdesk.compose import in_process
from swapdesk.engine.bridges import BridgeEndpoints
from swapdesk.engine.bridges.endpoints import ProviderEndpoint
from swapdesk.gui.tabs.cross.state import CrossFacts, decide
from swapdesk.gui.window import MainWindow
from swapdesk.session import Session
from swapdesk.store import TxStore
from swapdesk.wallet import Wallet
from tests.trade.bridged import Bridged, BridgedEngine

from .conftest import Typer, Until, open_window, screenshot

DOWN = "http://127.0.0.1:9"  # nothing listens on the discard port: refused at once, as a provider that is down


class Switch(httpx.AsyncBaseTransport):
    """The network between the engine and a provider's app: refusing connections while `down`."""

    def __init__(self, app: httpx.AsyncBaseTransport) -> None:
        self.app, self.down = app, False

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        if self.down:
            raise httpx.ConnectError("All connection attempts failed", request=request)
        return await self.app.handle_async_request(request)


def _over(bridged: Bridged, endpoints: dict[str, ProviderEndpoint]) -> Bridged:
    """The module's devnet and providers, reached by an engine of its own at these endpoints."""
    return Bridged(bridged.net, BridgedEngine(bridged.backend, bridges=BridgeEndpoints(endpoints)), bridged.backend)


def test_a_provider_down_takes_only_its_own_bridge_out(
    bridged: Bridged, wallet: Wallet, tmp_path: Path, qtbot: Any, until: Until, type_into: Typer
) -> None:
    """Before: the comparison's note blamed the source chain ("CBRIDGE: BNB Smart Chain cannot be reached right
    now"), not the provider."""
    endpoints = dict(BridgeEndpoints.in_process(bridged.net.providers.apps()).by_bridge)
    endpoints["CBRIDGE"] = ProviderEndpoint(DOWN, timeout=10)
    store = TxStore(tmp_path / "transactions.sqlite")
    window = open_window(_over(bridged, endpoints), wallet, store, qtbot, until)
    tab = window.cross_tab
    try:
        assert tab.choices.load_failed == "" and tab.src is not None  # the others listed their chains and tokens
        tab.amount.clear()
        type_into(tab.amount, "100")
        (found,) = until(tab.routes_shown)
        answered = [r.bridge for r in found.routes]
        assert answered and "CBRIDGE" not in answered
        assert [(r.bridge, r.code) for r in found.unavailable] == [("CBRIDGE", "SERVER_UNREACHABLE")]
        said = tab.routes_card.unavailable.text()
        assert said.startswith("cBridge (Celer) cannot be reached right now: its bridge is left out of this comparison")
        assert "BNB Smart Chain" not in said and tab.routes_card.unavailable.isVisibleTo(window)
        best = tab.routes_card.rows[0]
        assert "Best return" in best.tags and tab.routes_card.route is best.route and best.route.bridge in answered
        assert tab.send_button.isEnabled() and tab.send_button.text() == f"Send with {bridge_name(best.route.bridge)}…"
        assert "not available" not in tab.message.text()
        screenshot(window, "cross-provider-down.png")
    finally:
        window.close()
        store.close()


def test_when_no_provider_lists_the_tab_says_so_and_try_again_asks_again(
    bridged: Bridged, wallet: Wallet, tmp_path: Path, qtbot: Any, until: Until
) -> None:
    """Before: "Cross-chain is not available here:  cannot be reached right now" (the name missing)."""
    switches: dict[str, Switch] = {}
    endpoints: dict[str, ProviderEndpoint] = {}
    for bridge, endpoint in BridgeEndpoints.in_process(bridged.net.providers.apps()).by_bridge.items():
        assert endpoint.transport is not None
        switches[bridge] = Switch(endpoint.transport)
        endpoints[bridge] = ProviderEndpoint(endpoint.base_url, switches[bridge], timeout=endpoint.timeout)
    for switch in switches.values():
        switch.down = True
    store = TxStore(tmp_path / "transactions.sqlite")
    window = MainWindow(Session(store, in_process(_over(bridged, endpoints).engine)), wallet=wallet)
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.show()
    tab = window.cross_tab
    window.tabs.setCurrentWidget(tab)
    try:
        until(tab.list_failed, doing=window.start)
        assert tab.message.text() == "Cross-chain is not available here: no bridge provider answers right now"
        assert not tab.send_button.isEnabled() and tab.message.message is not None
        assert tab.message.message.action == "Try again"
        screenshot(window, "cross-no-provider.png")
        for switch in switches.values():
            switch.down = False
        until(tab.tokens_loaded, doing=tab.message.notice.action.click)  # asked again, and listed
        assert tab.choices.load_failed == "" and "not available" not in tab.message.text()
    finally:
        window.close()
        store.close()


def test_a_list_not_read_again_keeps_nothing_off_while_one_is_shown() -> None:
    """Before: any failed listing read "Cross-chain is not available here" with Send… off, though the bridges
    compared answered."""
    failed = "no bridge provider answers right now"
    compared = CrossFacts(load_failed=failed, listed=True, amount="100", compared=True, chosen="METAPATH",
                          can_sign_here=True, account="Demo 8", token="USDT")  # fmt: skip
    verdict = decide(compared)
    assert verdict.enabled and verdict.button == "Send with Bridgers (METAPATH)…"
    asking = decide(replace(compared, load_failed="", loading="Loading the bridges' chains and tokens…"))
    assert (
        asking.enabled and asking.button == "Send with Bridgers (METAPATH)…"
    )  # asked again: the list shown stays usable
    idle = decide(CrossFacts(load_failed="no bridge provider answers right now", listed=True))
    assert idle.message is not None and idle.message.action == "Try again" and idle.message.kind == "warning"
    assert "the list shown is the last one" in idle.message.text
    nothing = decide(CrossFacts(load_failed="no bridge provider answers right now", amount="100"))
    assert not nothing.enabled and nothing.message is not None and nothing.message.kind == "danger"
