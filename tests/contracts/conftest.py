from __future__ import annotations

from collections.abc import Callable

import pytest

from swapdesk.devnet.accounts import demo_key
from swapdesk.devnet.evm import DevChain
from swapdesk.devnet.manifest import Manifest
from swapdesk.devnet.sender import Sender
from swapdesk.devnet.snapshots import SnapshotStore

World = tuple[DevChain, Manifest, Sender]


@pytest.fixture
def world() -> Callable[[int], World]:
    """A private copy of a chain's built world, and a demo account to act with."""

    def make(chain_id: int) -> World:
        chain, manifest = SnapshotStore().load_or_build(chain_id)
        return chain, manifest, Sender(chain, demo_key(2))

    return make
