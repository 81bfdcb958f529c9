"""Run the HTTP app on a loopback port in a background thread.

The listening socket is bound before the thread starts, so a client may
connect at once: the kernel queues the connection until uvicorn accepts it.
Used by tests and benchmarks; `swapdesk serve` runs uvicorn in the foreground,
with the same configuration (`server.run.config`).
"""

from __future__ import annotations

import socket
import threading
from types import TracebackType

import uvicorn
from fastapi import FastAPI

from swapdesk.server.run import config


class BackgroundServer:
    def __init__(self, app: FastAPI, host: str = "127.0.0.1") -> None:
        # proto must say TCP: asyncio only sets TCP_NODELAY on accepted sockets
        # whose proto is IPPROTO_TCP, and without it Nagle and delayed ACKs
        # add 40 ms to every keep-alive request.
        self._socket = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
        self._socket.bind((host, 0))
        self._socket.listen(128)
        host_, port = self._socket.getsockname()
        self.url = f"http://{host_}:{port}"
        self._server = uvicorn.Server(config(app, host=host_, port=port, log_level="warning"))
        self._thread = threading.Thread(target=self._server.run, kwargs={"sockets": [self._socket]}, daemon=True)

    def start(self) -> BackgroundServer:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._server.should_exit = True
        self._thread.join(timeout=60)
        self._socket.close()

    def __enter__(self) -> BackgroundServer:
        return self.start()

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.stop()
