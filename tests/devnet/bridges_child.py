"""A devnet and its bridge operators in a process of their own, for the crash test to kill:
`python -m tests.devnet.bridges_child <data folder> <port> <speed> [hold]` serves each chain's JSON-RPC at
/rpc/<chainID> and each provider's API at /providers/<name>/, as `swapdesk serve` will.

With `hold`, an operator stops moving orders once one of its payouts is out (sent, not yet confirmed): the kill
that follows then certainly lands between a payout and its completion, the moment the crash test is about.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import uvicorn
from fastapi import FastAPI

from swapdesk.devnet.bridges.operator_loop import Operator
from swapdesk.devnet.bridges.service import BridgeProviders
from swapdesk.devnet.chaindata import ChainData
from swapdesk.devnet.network import Devnet
from swapdesk.off_loop import off_loop
from swapdesk.server.rpc import add_rpc_route

PAYOUT_OUT = {"MatchTxNotStable", "WAITING_FOR_FUND_RELEASE", "wait_receive_confirm"}


def hold_after_payout(operator: Operator) -> None:
    """The operator moves orders as usual until one's payout is out, then waits for the kill, that order open."""
    advance = operator.advance

    async def advancing(order: Any, head: int) -> None:
        await advance(order, head)
        moved = await off_loop(operator.store.get, order.id)
        if moved is not None and moved.state in PAYOUT_OUT:
            await asyncio.Event().wait()

    operator.advance = advancing  # type: ignore[method-assign]  # this one operator's, in this child process


def app(data: Path, speed: float, hold: bool = False) -> FastAPI:
    devnet = Devnet(ChainData(data), speed=speed)
    providers = BridgeProviders(devnet)
    if hold:
        for operator in providers.operators:
            hold_after_payout(operator)

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
    hold = sys.argv[4:] == ["hold"]
    uvicorn.run(app(folder, speed, hold), host="127.0.0.1", port=port, log_level="warning")
