"""`swapdesk serve --workers N`: the API in N stateless worker processes, the devnet in a process of its own.

    parent             starts the workers, starts one again if it dies; on SIGINT or SIGTERM (or when
     |                 the devnet process dies) stops the workers, then the devnet
     +- worker 1..N    the spec's paths: an `Engine` each, holding only the chains' catalogues and
     |                 their pool state (kept from logs); `/rpc`, `/tron` and `/providers` passed on
     +- devnet         `swapdesk devnet serve` (`devnet_app`): the chains and the bridge providers,
                       started here unless `--devnet URL` names one

Each worker listens on the port with a socket of its own (SO_REUSEPORT), and the kernel spreads the
connections across them. One socket shared by all would not: the first worker to wake accepts every
connection waiting (asyncio accepts up to a hundred at once), so a few kept-alive clients all land on one
worker while the others idle. The workers read the chains over HTTP as they would read real nodes
(`ServedDevnetBackend`), so any worker answers any request, and two answer the same quote alike at the
same block. Chains named with `--rpc` go to real nodes, with their catalogues from
`<config>/catalogs/<chain id>.json`, as in the window. The devnet process's socket is bound before it
starts: workers that ask before it is up wait in the kernel's queue. The children are in a process group
of their own and follow the parent: a terminal's Ctrl-C reaches the parent alone, and a parent that is
killed takes them with it.

Workers run at a lower CPU priority (`WORKER_NICENESS`) than the devnet: when quotes take the whole
machine, the chains' `/rpc` (and the workers' own reads of them) still get the CPU first.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import signal
import socket
import threading
import time
from dataclasses import dataclass, field
from multiprocessing.process import BaseProcess
from pathlib import Path

import uvicorn
from fastapi import FastAPI

import swapdesk.server.run as run
from swapdesk import catalogs
from swapdesk.engine import Engine, RoutedBackend, RpcBackend
from swapdesk.engine.backends import ChainBackend, ServedDevnetBackend
from swapdesk.engine.bridges import BridgeEndpoints, ProviderUrls
from swapdesk.server.app import create_app
from swapdesk.server.forward import Forwarder

log = logging.getLogger(__name__)
WORKER_NICENESS = 5
BACKLOG = 2048  # uvicorn's default
CHECK_EVERY = 0.5  # seconds between looks at the workers
MAX_RESTARTS = 10  # workers started again within a minute before the parent gives up
STOP_TIMEOUT = 60.0  # seconds a process gets to stop (the devnet closes its chains' journals) before it is killed


@dataclass(frozen=True)
class Setup:
    devnet: str | None  # URL of the devnet process; None: only the chains of `rpc`
    rpc: dict[int, str] = field(default_factory=dict)  # chain id -> URL of a node of that network
    catalogs: str | None = None  # folder of the `rpc` chains' catalogues
    cors: tuple[str, ...] = ()  # origins whose pages may read the answers (`server.cors`)
    providers: tuple[str, ...] = ()  # real bridge providers, `NAME=URL` (`ProviderUrls.parse`), over the devnet's

    def backend(self) -> ChainBackend:
        nodes = RpcBackend(self.rpc, catalogs.load(Path(self.catalogs) if self.catalogs else None, list(self.rpc)))
        if self.devnet is None:
            return nodes
        served = ServedDevnetBackend(self.devnet)
        return RoutedBackend(served, nodes) if self.rpc else served

    def app(self) -> FastAPI:
        """One worker's app: an engine over the chains, and the bridge providers the devnet serves."""
        bridges = BridgeEndpoints.under(self.devnet) if self.devnet is not None else None
        if self.providers:
            bridges = ProviderUrls.parse(self.providers).endpoints(bridges)
        world = Forwarder(self.devnet) if self.devnet is not None else None
        return create_app(Engine(self.backend(), bridges=bridges), world, cors=self.cors)


def child() -> None:
    """A worker or devnet process started here: in a process group of its own, so that a terminal's Ctrl-C
    reaches only the parent, which stops the workers and then the devnet, in that order; and stopped as by
    SIGTERM if the parent goes away however it went (killed, its terminal closed). (Windows has no process
    groups of this kind: there the parent's console reaches both.)"""
    if hasattr(os, "setpgrp"):
        os.setpgrp()
    parent = multiprocessing.parent_process()
    if parent is None:
        return

    def follow() -> None:
        parent.join()
        os.kill(os.getpid(), signal.SIGTERM)  # uvicorn shuts down as it does on SIGTERM

    threading.Thread(target=follow, name="parent-watch", daemon=True).start()


def _worker(setup: Setup, host: str, port: int) -> None:
    """One worker process: a socket of its own on the shared port, uvicorn until SIGTERM."""
    child()
    os.nice(WORKER_NICENESS)
    sock = listening(host, port, reuse_port=True)
    uvicorn.Server(run.config(setup.app(), host=host, port=port)).run(sockets=[sock])


def serve_workers(setup: Setup, host: str, port: int, workers: int, devnet: BaseProcess | None = None) -> int:
    """Run `workers` API workers on `host:port` until SIGINT or SIGTERM; then stop them, and then `devnet`
    (the devnet process started for them, if any). A worker that dies is started again, unless more than
    `MAX_RESTARTS` die within a minute: a setup that cannot work, said and stopped. If the devnet process dies,
    everything stops: the workers could answer nothing. The exit status: 0 when stopped by a signal."""
    try:
        with _socket(host) as reserved:
            # bound and never listening: the port is taken (port 0 picks one) and no connection is sent to it;
            # SO_REUSEADDR as well, or the connections a server that just left the port closed (TIME_WAIT for a
            # minute) keep it from binding, where uvicorn's plain `serve` binds at once
            reserved.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            reserved.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
            reserved.bind((host, port))
            port = reserved.getsockname()[1]
            return _supervise(setup, host, port, workers, devnet)
    except OSError as exc:
        log.error("cannot listen on %s:%d: %s", host, port, exc)
        return 1
    finally:
        if devnet is not None:
            stop([devnet])


def _supervise(setup: Setup, host: str, port: int, workers: int, devnet: BaseProcess | None) -> int:
    spawn = multiprocessing.get_context("spawn")

    def start() -> BaseProcess:
        process = spawn.Process(target=_worker, args=(setup, host, port), name="swapdesk-worker")
        process.start()
        return process

    stopping = threading.Event()
    handlers = {sig: signal.signal(sig, lambda *_: stopping.set()) for sig in (signal.SIGINT, signal.SIGTERM)}
    processes: list[BaseProcess] = []
    status = 0
    restarts: list[float] = []
    try:
        processes += [start() for _ in range(workers)]
        log.info("%d API workers on http://%s:%d", workers, host, port)
        while status == 0 and not stopping.wait(CHECK_EVERY):
            if devnet is not None and not devnet.is_alive():
                log.error("the devnet process exited with code %s: stopping", devnet.exitcode)
                status = 1
                break
            for n, process in enumerate(processes):
                if process.is_alive():
                    continue
                now = time.monotonic()
                restarts = [t for t in restarts if t > now - 60] + [now]
                if len(restarts) > MAX_RESTARTS:
                    log.error("API workers keep exiting (the last with code %s): stopping", process.exitcode)
                    status = 1
                    break
                log.warning("API worker %s exited with code %s: starting another", process.pid, process.exitcode)
                processes[n] = start()
    finally:
        stop(processes)
        for sig, handler in handlers.items():
            signal.signal(sig, handler)
    return status


def _socket(host: str) -> socket.socket:
    # proto must say TCP: asyncio sets TCP_NODELAY only on accepted sockets whose proto is IPPROTO_TCP, and
    # uvicorn's own `bind_socket` leaves it 0 (uvicorn #3149): Nagle's algorithm and delayed ACKs would then
    # add 40 ms to every keep-alive request after the first
    return socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)


def listening(host: str, port: int, reuse_port: bool = False) -> socket.socket:
    """A listening TCP socket to hand to uvicorn."""
    sock = _socket(host)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    if reuse_port:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    sock.bind((host, port))
    sock.listen(BACKLOG)
    return sock


def stop(processes: list[BaseProcess]) -> None:
    """SIGTERM to each (uvicorn shuts down; the devnet closes its chains' journals), then wait for all of
    them, at most `STOP_TIMEOUT` seconds; then SIGKILL to any still running."""
    for process in processes:
        if process.is_alive():
            process.terminate()
    deadline = time.monotonic() + STOP_TIMEOUT
    for process in processes:
        process.join(max(0.0, deadline - time.monotonic()))
    for process in processes:
        if process.is_alive():
            log.error("process %s did not stop within %.0f s: killed", process.pid, STOP_TIMEOUT)
            process.kill()
            process.join(STOP_TIMEOUT)
