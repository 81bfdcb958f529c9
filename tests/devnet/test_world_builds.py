"""Worlds built ahead in worker processes (`devnet.world_builds`): what a worker writes is the world the app
loads, a chain waits for the worker that is building its world instead of building it twice, and one no worker
has begun is built in the app at once, one at a time."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from swapdesk.devnet import builder
from swapdesk.devnet.snapshots import SnapshotStore
from swapdesk.devnet.world_builds import WorldBuilds, _Build

HOO = 70  # a small world without bridges


def test_a_worker_builds_the_world_the_app_then_loads(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = SnapshotStore(tmp_path)
    builds = WorldBuilds.start(store, [HOO], workers=1)
    assert builds is not None and builds.pending == 1
    store.builds = builds
    try:
        builds.join()
    finally:
        builds.stop()
    assert builds.pending == 0 and store.has(HOO), builds.failures

    def no_build(chain_id: int) -> None:
        raise AssertionError(f"the app built world {chain_id} a worker had written")

    monkeypatch.setattr(builder, "build", no_build)
    chain, manifest = store.load_or_build(HOO)
    assert manifest.chain_id == HOO and chain.chain_id == HOO
    assert WorldBuilds.start(store, [HOO]) is None  # nothing missing: no worker


def _builds(*chain_ids: int) -> tuple[WorldBuilds, dict[int, _Build]]:
    changed = threading.Condition()
    chains = {chain_id: _Build(changed) for chain_id in chain_ids}
    return WorldBuilds(chains, [], changed), chains


def test_a_world_no_worker_began_is_the_apps_to_build_one_at_a_time() -> None:
    builds, _ = _builds(1, 56)
    entered = threading.Event()
    order: list[str] = []

    def second() -> None:
        entered.set()
        with builds.turn(56) as here:
            order.append(f"56 here={here}")

    with builds.turn(1) as here:
        assert here  # not begun by its worker: the app builds it now
        waiting = threading.Thread(target=second)
        waiting.start()
        entered.wait()
        order.append("1 built")
    waiting.join()
    assert order == ["1 built", "56 here=True"]  # the second build waited for the first to end


def test_a_world_a_worker_is_building_is_waited_for_not_built_twice() -> None:
    builds, chains = _builds(56)
    chains[56].mark(begun=True)
    outcome: list[bool] = []

    def need() -> None:
        with builds.turn(56) as here:
            outcome.append(here)

    waiting = threading.Thread(target=need)
    waiting.start()
    chains[56].mark(done=True)  # the worker says it is written
    waiting.join()
    assert outcome == [False]  # loaded from the cache, not built in the app
    assert builds.pending == 0


def test_devnet_build_missing_builds_only_what_the_cache_lacks(tmp_path: Path) -> None:
    """`scripts/start` runs it before the window: once it has built a world, a second run builds nothing."""
    env = {**os.environ, "SWAPDESK_CACHE_DIR": str(tmp_path)}
    command = [sys.executable, "-m", "swapdesk", "devnet", "build", "--missing", "--chain", str(HOO)]
    first = subprocess.run(command, env=env, capture_output=True, text=True, timeout=300)
    assert first.returncode == 0, first.stderr
    assert "Building the devnet's worlds" in first.stdout and SnapshotStore(tmp_path / "devnet").has(HOO)
    # said as it goes: which chain, how many of how many; and no log lines beside it (issue 31: 419 s in silence)
    assert "Hoo Smart Chain: building (1 of 1)" in first.stdout, first.stdout
    assert "Hoo Smart Chain: built, 1 of 1 done after" in first.stdout, first.stdout
    assert "INFO" not in first.stderr, first.stderr
    again = subprocess.run(command, env=env, capture_output=True, text=True, timeout=300)
    assert again.returncode == 0 and again.stdout == "", again.stdout + again.stderr


def test_a_world_is_built_however_slow_the_machine(monkeypatch: pytest.MonkeyPatch) -> None:
    """Before: every deployment ran under the RPC's 5 s cap (geth's EVM timeout), so a builder at a low priority on
    a busy machine aborted one ('execution aborted (timeout = 5s)') and its world was not written; a world's own
    deployments are bounded by their gas. Here the cap is nothing at all, and the world is still built."""
    from swapdesk.devnet import vm

    monkeypatch.setattr(vm, "CALL_TIME_CAP", 0.0)
    world = builder.build(HOO)
    assert world.manifest.chain_id == HOO and world.chain.chain_id == HOO  # (the cap on requests: test_rpc_limits)
