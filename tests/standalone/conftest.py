"""One anvil for the module's tests: a chain of the protocols' own bytecode (`world.py`), chain id 1."""

from __future__ import annotations

import json
import secrets
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from eth_account import Account

from swapdesk.catalogs import Catalog
from tests.anvil import running_anvil
from tests.standalone.world import build

ANVIL_KEY = bytes.fromhex("ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80")  # anvil's account 0


@dataclass(frozen=True)
class World:
    url: str
    folder: Path  # holds catalogue.json, as a user would write it
    user_key: str  # hex: an account of its own, funded

    @property
    def catalog(self) -> Catalog:
        return Catalog.from_json((self.folder / "catalogue.json").read_text())


@pytest.fixture(scope="session")
def world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[World]:
    folder = tmp_path_factory.mktemp("standalone")
    user = secrets.token_bytes(32)
    with running_anvil(1) as url:
        catalogue = build(url, ANVIL_KEY, [Account.from_key(user).address])
        (folder / "catalogue.json").write_text(json.dumps(catalogue))
        yield World(url, folder, user.hex())
