"""A devnet and its bridge operators in a process of their own, for the crash test to kill:
`python -m tests.devnet.bridges_child <data folder> <port> <speed>` serves each chain's JSON-RPC at
/rpc/<chainID> and each provider's API at /providers/<name>/, as `swapdesk serve` will.
"""

from __future__ import annotations

import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import uvicorn
from fastapi import FastAPI

from swapdesk.devnet.bridges.service import BridgeProviders
from swapdesk.devnet.chaindata import ChainData
from swapdesk.devnet.network import Devnet
from swapdesk.server.rpc import add_rpc_route


def app(data: Path, speed: float) -> FastAPI:
    devnet = Devnet(ChainData(data), speed=speed)
    providers = BridgeProviders(devnet)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await providers.start()
        yield
        await providers.stop()
        await devnet.close()

    served = FastAPI(lifespan=lifespan)
    add_rpc_route(served, devnet)
    for name, asgi in providers.apps().items():
        served.mount(f"/providers/{name}", asgi)
    return served


if __name__ == "__main__":
    folder, port, speed = Path(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3])
    uvicorn.run(app(folder, speed), host="127.0.0.1", port=port, log_level="warning")
