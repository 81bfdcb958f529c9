"""Idle connections do not lock the API out: a deadline for request heads, a cap on connections, a reserve."""

from __future__ import annotations

import os
import resource
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from swapdesk.server import connections
from swapdesk.server.connections import GuardedH11Protocol

ROOT = Path(__file__).resolve().parents[2]
FILE_LIMIT = 1024
IDLE = 1100
ANSWER_WITHIN = 5.0  # seconds a normal request may take with the idle sockets open
NORMAL = "/v3/core/details?hash=zz&chain=BSC"  # answered from the parameters alone: no chain is started


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _limit_files() -> None:
    resource.setrlimit(resource.RLIMIT_NOFILE, (FILE_LIMIT, FILE_LIMIT))


def _wait_until_answering(url: str, child: subprocess.Popen[bytes], within: float) -> None:
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        assert child.poll() is None, "the server exited"
        try:
            httpx.get(url + NORMAL, timeout=1.0)
            return
        except httpx.TransportError:
            time.sleep(0.1)  # polling for the port, bounded by the deadline
    raise AssertionError(f"the server did not answer within {within} s")


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """`swapdesk serve` in a child process with a 1,024 open-file limit; its URL and its log file."""
    port = _free_port()
    log_path = tmp_path / "serve.log"
    env = os.environ | {"PYTHONPATH": str(ROOT), "SWAPDESK_DATA_DIR": str(tmp_path / "data")}
    with log_path.open("wb") as log:
        child = subprocess.Popen(
            [sys.executable, "-m", "swapdesk", "serve", "--port", str(port)],
            stdout=log, stderr=subprocess.STDOUT, env=env, cwd=ROOT, preexec_fn=_limit_files,
        )  # fmt: skip
    try:
        url = f"http://127.0.0.1:{port}"
        _wait_until_answering(url, child, within=120)
        yield url, log_path
    finally:
        child.terminate()
        try:
            child.wait(60)
        except subprocess.TimeoutExpired:
            child.kill()
            child.wait(10)


def _open_idle(port: int, count: int) -> list[socket.socket]:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < count + 256:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, count + 1024), hard))
    idle = []
    for _ in range(count):
        sock = socket.create_connection(("127.0.0.1", port), timeout=10)
        idle.append(sock)
    return idle


def test_idle_sockets_over_the_file_limit_do_not_lock_the_api_out(served: tuple[str, Path]) -> None:
    url, log_path = served
    idle = _open_idle(int(url.rsplit(":", 1)[1]), IDLE)
    try:
        started = time.monotonic()
        answer = httpx.get(url + NORMAL, timeout=ANSWER_WITHIN)
        took = time.monotonic() - started
        assert answer.status_code == 400 and answer.json()["data"]["code"] == "INVALID_HASH"
        assert took < ANSWER_WITHIN
        for _ in range(20):  # and again, with the idle sockets still open
            assert httpx.get(url + NORMAL, timeout=ANSWER_WITHIN).status_code == 400
    finally:
        for sock in idle:
            sock.close()
    text = log_path.read_text(errors="replace")
    assert "Traceback" not in text and "out of system resource" not in text and "no file descriptor" not in text
    notes = [line for line in text.splitlines() if "at the cap of" in line]
    assert len(notes) == 1, notes  # said once per interval, not once per connection


def _server_closes(sock: socket.socket, within: float) -> bool:
    sock.settimeout(within)
    try:
        return sock.recv(1) == b""
    except ConnectionResetError:
        return True
    except TimeoutError:
        return False


@pytest.fixture
def short_deadline(monkeypatch: pytest.MonkeyPatch) -> float:
    monkeypatch.setattr(GuardedH11Protocol, "head_timeout", 0.5)
    return 0.5


def test_an_unfinished_head_is_closed_after_the_deadline(server_url: str, short_deadline: float) -> None:
    port = int(server_url.rsplit(":", 1)[1])
    with socket.create_connection(("127.0.0.1", port)) as silent, socket.create_connection(("127.0.0.1", port)) as slow:
        slow.sendall(b"GET /v3/cross/common/list HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # never the blank line
        started = time.monotonic()
        slow.settimeout(short_deadline / 5)
        while time.monotonic() - started < short_deadline + 5:  # a byte at a time, as a slow loris sends
            try:
                slow.sendall(b"X")
                if slow.recv(1) == b"":
                    break
            except TimeoutError:
                continue
            except OSError:  # reset: closed
                break
        else:
            raise AssertionError("a head sent a byte at a time was never cut off")
        assert _server_closes(silent, within=5)
        assert time.monotonic() - started < short_deadline + 5
    assert httpx.get(server_url + NORMAL).status_code == 400  # whole requests are served as before


def test_max_connections_leaves_descriptors_in_reserve() -> None:
    soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    room = soft - connections.FD_RESERVE - 3 * connections.ACCEPT_BATCH
    expected = connections.MOST_CONNECTIONS if soft == resource.RLIM_INFINITY else room
    assert connections.max_connections() == max(16, min(connections.MOST_CONNECTIONS, expected))


def test_unfinished_heads_share_a_memory_budget(server_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(connections, "HEADS_BUDGET", 256 * 1024)
    port = int(server_url.rsplit(":", 1)[1])
    head = b"GET /v3/core/details?hash=" + b"a" * 100 * 1024  # never finished
    with socket.create_connection(("127.0.0.1", port)) as small, socket.create_connection(("127.0.0.1", port)) as big:
        small.sendall(head)
        big.sendall(head + b"a" * 200 * 1024)  # over the budget with the small one: the largest is closed
        assert _server_closes(big, within=10)
        small.settimeout(0.5)
        with pytest.raises(TimeoutError):
            small.recv(1)  # still open: not the largest
    assert httpx.get(server_url + NORMAL).status_code == 400
