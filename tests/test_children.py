"""Nothing swapdesk starts outlives it: SIGTERM or SIGINT to the window ends the practice fork's anvil and the
world builders with it (before, SIGTERM killed the window alone and left them running), and to `swapdesk serve
--workers` its workers and its devnet process."""

from __future__ import annotations

import os
import queue
import select
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from tests.anvil import REPO, running_anvil

STARTED_SECONDS = 300  # the window, anvil forking, the first chain's world built in the app: on a busy machine
ENDED_SECONDS = 120


def descendants(pid: int) -> dict[int, str]:
    """Every process under `pid`, with its command line, from /proc."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            parents[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
    found, frontier = {}, [pid]
    while frontier:
        parent = frontier.pop()
        for child, its_parent in parents.items():
            if its_parent == parent and child not in found:
                try:
                    found[child] = (Path("/proc") / str(child) / "cmdline").read_bytes().replace(b"\0", b" ").decode()
                except OSError:
                    continue
                frontier.append(child)
    return found


def still_running(children: dict[int, str], seconds: float = 30) -> dict[int, str]:
    """Those of `children` that have not ended within `seconds` (a process told to end may take a moment: the
    kernel says when each ends, through a pidfd; a zombie has ended)."""
    waiting, ended = select.poll(), set[int]()
    fds = {}
    for pid in children:
        try:
            fds[os.pidfd_open(pid)] = pid
        except ProcessLookupError:
            continue  # gone already
    for fd in fds:
        waiting.register(fd, select.POLLIN)
    deadline = time.monotonic() + seconds
    try:
        while len(ended) < len(fds) and (wait := deadline - time.monotonic()) > 0:
            for fd, _ in waiting.poll(wait * 1000):
                waiting.unregister(fd)
                ended.add(fd)
    finally:
        for fd in fds:
            os.close(fd)
    return {pid: children[pid] for fd, pid in fds.items() if fd not in ended}


def _started_then_stopped(
    tmp_path: Path, arguments: list[str], said_when_up: list[str], stop: signal.Signals
) -> dict[int, str]:
    """Run `swapdesk ARGUMENTS` until its log has said each of `said_when_up`, send it `stop`, see it end with 0;
    its children then, with their command lines."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "SWAPDESK_CONFIG_DIR": str(tmp_path / "config"),
           "SWAPDESK_DATA_DIR": str(tmp_path / "data"), "SWAPDESK_CACHE_DIR": str(tmp_path / "cache")}  # fmt: skip
    app = subprocess.Popen(
        [sys.executable, "-m", "swapdesk", *arguments],
        cwd=REPO, env=env, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True,
    )  # fmt: skip
    lines: queue.Queue[str | None] = queue.Queue()

    def read() -> None:
        assert app.stderr is not None
        for line in app.stderr:
            lines.put(line)
        lines.put(None)

    threading.Thread(target=read, daemon=True).start()
    said: list[str] = []
    try:
        while not all(any(wanted in line for line in said) for wanted in said_when_up):
            line = lines.get(timeout=STARTED_SECONDS)
            assert line is not None, "it ended before it started its children:\n" + "".join(said)
            said.append(line)
        children = descendants(app.pid)
        app.send_signal(stop)
        assert app.wait(timeout=ENDED_SECONDS) == 0, "".join(said)
    finally:
        if app.poll() is None:
            app.kill()
            app.wait()
    return children


LINUX = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
SIGNALS = pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])


@LINUX
@SIGNALS
def test_a_signal_ends_the_window_and_everything_it_started(tmp_path: Path, stop: signal.Signals) -> None:
    with running_anvil(1) as upstream:
        # the fork is started first, then the engine, whose devnet builds the missing worlds ahead
        children = _started_then_stopped(
            tmp_path, ["--fork", f"ETH={upstream}"], ["practice fork of Ethereum", "worlds ahead"], stop
        )
    assert any("anvil" in c for c in children.values()), children
    assert any("swapdesk.devnet.world_builds" in c for c in children.values()), children
    left = still_running(children)
    assert left == {}, "outlived the window: " + repr(left)


@LINUX
@SIGNALS
def test_a_signal_ends_the_server_and_its_workers(tmp_path: Path, stop: signal.Signals) -> None:
    children = _started_then_stopped(tmp_path, ["serve", "--port", "0", "--workers", "2"], ["API workers on"], stop)
    assert len(children) >= 3, children  # two workers and the devnet process
    left = still_running(children)
    assert left == {}, "outlived the server: " + repr(left)
