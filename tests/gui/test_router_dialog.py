"""Settings → Deploy swapdesk's router: on a chain of the protocols' own bytecode (anvil), from the user's own
account, through the review and signing every swap goes through; the code at the address is swapdesk's router
and the chain's catalogue is written with it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import pytest

from swapdesk import settings
from swapdesk.engine.router import is_swapdesk_router
from swapdesk.gui.router_dialog import RouterForm
from swapdesk.store import TxStore
from swapdesk.wallet import PrivateKey, Wallet
from tests.standalone.conftest import World, world  # noqa: F401  (the fixture: a chain on anvil)

from .conftest import Until, screenshot


def code_at(url: str, address: str) -> bytes:
    answer = httpx.post(url, json={"jsonrpc": "2.0", "id": 1, "method": "eth_getCode", "params": [address, "latest"]})
    return bytes.fromhex(answer.json()["result"][2:])


@pytest.fixture
def config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "config"
    (folder / "catalogs").mkdir(parents=True)
    monkeypatch.setenv("SWAPDESK_CONFIG_DIR", str(folder))
    return folder


def test_the_router_is_deployed_from_settings_after_a_review(
    world: World,  # noqa: F811
    wallet: Wallet,
    config: Path,
    tmp_path: Path,
    qtbot: Any,
    until: Until,
) -> None:
    (config / "catalogs" / "1.json").write_text((world.folder / "catalogue.json").read_text())  # the user's own
    settings.save(settings.Settings(rpc={"ETH": world.url}))
    wallet.import_key(PrivateKey(bytes.fromhex(world.user_key)), "Mine")
    store = TxStore(tmp_path / "transactions.sqlite")
    form = RouterForm(settings.load(), wallet, store, wallet.accounts(devnet=False))
    qtbot.addWidget(form)
    try:
        assert form.review.isEnabled() and form.chain.currentText() == "Ethereum"
        form.fee.setValue(25)
        signing = form.open_review()
        assert signing is not None
        until(signing.checked)
        review = signing.review.text()
        assert "Router address: 0x" in review and "1. deploy swapdesk's router" in review
        assert signing.action_button.isVisible() and signing.action_button.isDefault()
        assert not signing.done_button.isVisible()
        screenshot(signing, "router-deploy-review.png")
        (catalogue,) = until(form.deployed, doing=signing.action_button.click)
        assert signing.plan is not None and is_swapdesk_router(code_at(world.url, signing.plan.address))
        assert json.loads(Path(catalogue).read_text())["router"] == signing.plan.address
        assert signing.plan.address in signing.outcome.text() and signing.done_button.isDefault()
        screenshot(signing, "router-deploy-done.png")
        assert {tx.kind for tx in store.all()} == {"router"}  # sent through the outbox, as a swap is
        signing.close()
    finally:
        form.close()
        store.close()


def test_without_a_node_or_an_account_it_says_what_comes_first(wallet: Wallet, config: Path, qtbot: Any) -> None:
    form = RouterForm(
        settings.Settings(), wallet, TxStore(config / "transactions.sqlite"), wallet.accounts(devnet=False)
    )
    qtbot.addWidget(form)
    assert not form.review.isEnabled() and "Name a node for the chain first" in form.error.words.text()
    form.store.close()
