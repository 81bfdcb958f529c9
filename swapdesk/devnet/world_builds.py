"""Worlds not yet in the cache, built ahead in worker processes: a fresh profile's first start.

A world takes seconds of py-evm to build (`builder`), on the thread of the chain that needs it; on a fresh
profile (or after an upgrade changed the worlds) every chain the window touches builds its own, all of them on
the app's one Python interpreter. The Cross-chain tab's list needs every bridge chain's world: built one after
the other behind the GIL, beside the window's own thread. Here the missing worlds are built in worker
processes instead (`python -m swapdesk.devnet.world_builds ROOT ID...`), in the order given (the chains a
form needs first), at a lower priority than the window, on the other cores; each writes its world to the
cache as `SnapshotStore.save` does and says on its output when it begins one and when it is written. A chain
that needs a world a worker is building waits for it (`SnapshotStore.load_or_build`), then loads it from the
cache in milliseconds. One whose world no worker has begun yet is built in the app, one at a time (two at once
would only share one interpreter): the form that needs it does not wait behind the workers' queue; the
worker that comes to it finds it in the cache and goes on. A chain whose worker ended without its world
(killed, failed) is built in the app too, as before.

    builds = WorldBuilds.start(store, [56, 137, 1, ...])   # None: nothing missing, or no way to run workers
    store.builds = builds
    ...
    builds.stop()                                          # with the devnet: no worker outlives the app
"""

from __future__ import annotations

import logging
import os
import subprocess
import sys
import tempfile
import threading
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, TYPE_CHECKING

from swapdesk.child_processes import child_options

if TYPE_CHECKING:
    from swapdesk.devnet.snapshots import SnapshotStore

log = logging.getLogger(__name__)
MAX_WORKERS = 4
NICENESS = 19  # idle time only: the window and the chain it builds itself go first, even on a busy machine
BEGUN, BUILT = "building", "built"
Said = Callable[[int, str], None]  # (chain id, BEGUN or BUILT)


class WorldBuilds:
    def __init__(
        self, chains: dict[int, _Build], workers: list[subprocess.Popen[str]], changed: threading.Condition
    ) -> None:
        self._chains = chains
        self._workers = workers
        self._changed = changed  # a world begun or written, a worker ended, the app's own build done
        self._building_here = False
        self.failures: list[str] = []  # why a worker ended without its worlds, in its own words

    @classmethod
    def start(
        cls, store: SnapshotStore, order: Iterable[int], workers: int | None = None, said: Said | None = None
    ) -> WorldBuilds | None:
        """Workers for the worlds of `order` missing from `store`, each given every n-th in order (so each
        begins with one of the first); `said` hears each world begun and written, from the workers' threads.
        None when nothing is missing, or when this is a bundled app (no interpreter to run; it ships its
        worlds)."""
        missing = [chain_id for chain_id in dict.fromkeys(order) if not store.has(chain_id)]
        if not missing or getattr(sys, "frozen", False):
            return None
        count = max(1, min(workers or os.cpu_count() or 1, MAX_WORKERS, len(missing)))
        shares = [missing[i::count] for i in range(count)]
        changed = threading.Condition()
        chains = {chain_id: _Build(changed) for chain_id in missing}
        started = [_worker(store.base, share) for share in shares]
        builds = cls(chains, [process for process, _ in started], changed)
        for (process, errors), share in zip(started, shares, strict=True):
            follow = (process, errors, {c: chains[c] for c in share}, said, builds.failures)
            threading.Thread(target=_follow, args=follow, name="world-builds", daemon=True).start()
        log.info("building %d worlds ahead in %d processes: %s", len(missing), count, missing)
        return builds

    @contextmanager
    def turn(self, chain_id: int) -> Iterator[bool]:
        """Until `chain_id`'s world is in the cache (a worker wrote it: the caller loads it; False) or it is the
        caller's turn to build it in the app (no worker has begun it, and the app builds no other now; True)."""
        build = self._chains.get(chain_id)

        def written() -> bool:
            return build is not None and build.done

        with self._changed:
            while not written() and (self._building_here or (build is not None and build.begun)):
                self._changed.wait()
            here = not written()
            self._building_here |= here
        try:
            yield here
        finally:
            with self._changed:
                if here:
                    self._building_here = False
                self._changed.notify_all()

    @property
    def pending(self) -> int:
        """How many worlds the workers have still to write."""
        with self._changed:
            return sum(not build.done for build in self._chains.values())

    def join(self) -> None:
        """Until every worker has ended: each world written, or its worker failed."""
        for process in self._workers:
            process.wait()
        with self._changed:
            self._changed.wait_for(lambda: all(build.done for build in self._chains.values()))

    def stop(self) -> None:
        """End the workers (a world half built is not written: `SnapshotStore.save` writes whole files)."""
        for process in self._workers:
            if process.poll() is None:
                process.terminate()
        for process in self._workers:
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        for build in self._chains.values():
            build.mark(done=True)


class _Build:
    def __init__(self, changed: threading.Condition) -> None:
        self.begun = False  # a worker is building it
        self.done = False  # it is in the cache, or its worker ended without it
        self.changed = changed

    def mark(self, begun: bool = False, done: bool = False) -> None:
        with self.changed:
            self.begun |= begun
            self.done |= done
            self.changed.notify_all()


def _worker(base: Path, share: list[int]) -> tuple[subprocess.Popen[str], IO[bytes]]:
    """The worker, and the file its errors go to (unnamed, gone once closed): read if it ends without its worlds."""
    errors = tempfile.TemporaryFile()  # noqa: SIM115  # closed by `_follow`, once the worker has ended
    process = subprocess.Popen(
        [sys.executable, "-m", "swapdesk.devnet.world_builds", str(base), *map(str, share)],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=errors,
        text=True,
        **child_options(),
    )
    return process, errors


LAST_WORDS = 2_000  # bytes of a failed worker's errors said in the log


def _follow(
    process: subprocess.Popen[str],
    errors: IO[bytes],
    chains: dict[int, _Build],
    said: Said | None = None,
    failures: list[str] | None = None,
) -> None:
    """On its own thread: `building <id>` and `built <id>` as the worker says them (passed on to `said`); its
    end frees every waiter, and a worker that ended without all its worlds is said with its last words."""
    stream: IO[str] | None = process.stdout
    written: set[int] = set()
    try:
        for line in stream or ():
            word, _, chain_id = line.strip().partition(" ")
            build = chains.get(int(chain_id)) if chain_id.isdigit() else None
            if build is not None and word in (BEGUN, BUILT):
                build.mark(begun=True, done=word == BUILT)
                written |= {int(chain_id)} if word == BUILT else set()
                if said is not None:
                    said(int(chain_id), word)
    finally:
        code = process.wait()
        with errors:
            errors.seek(max(0, errors.seek(0, os.SEEK_END) - LAST_WORDS))
            last = errors.read().decode(errors="replace").strip() or "nothing on its error output"
        if set(chains) - written:  # said before anyone waiting on these worlds is freed
            why = f"a world builder ended (exit {code}) without worlds {sorted(set(chains) - written)}: {last}"
            log.warning("%s; the app builds them itself", why)
            if failures is not None:
                failures.append(why)
        for build in chains.values():
            build.mark(done=True)


def main(arguments: list[str]) -> int:
    """The worker: each world built into the cache at `arguments[0]` (or found there), said as it is."""
    if hasattr(os, "nice"):
        os.nice(NICENESS)
    from swapdesk.devnet.snapshots import SnapshotStore

    store = SnapshotStore(Path(arguments[0]))
    for chain_id in map(int, arguments[1:]):
        if not store.has(chain_id):  # the app may have built it itself meanwhile
            print(BEGUN, chain_id, flush=True)
            store.load_or_build(chain_id)
        print(BUILT, chain_id, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
