"""Deploying swapdesk's router on a chain from the user's own account (`swapdesk router deploy`).

The plan is shown before anything is signed: the router's address (the same on every chain for the same
terms, `engine/router.py`), whether it is already there, and each transaction with what it does. Then each is
signed and sent through the outbox, like a swap's, and followed to its receipt; the code at the address is
checked to be swapdesk's router byte for byte; and the chain's catalogue is written to the user's folder with
the router in it, where the engine reads it at its next start. The owner's set-up (the wrapped coin, the
chain's DEXes, the channels' rates) is sent only when the account deploying is the owner the terms name.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from web3 import AsyncWeb3

from swapdesk.catalogs import Catalog
from swapdesk.chain.rpc import data, request
from swapdesk.chains import Chain
from swapdesk.engine.router import PROXY, PROXY_RUNTIME, ROUTER, RouterTerms, is_swapdesk_router, setup_calls
from swapdesk.files import write_atomically
from swapdesk.trade.errors import TradeError
from swapdesk.trade.outbox import Network, Outbox
from swapdesk.wallet import PrivateKey
from swapdesk.words import QT_TR_NOOP, Term, Words

DEFAULT_FEE_BPS = 20
MAX_FEE_BPS = 300  # 3 %: the router takes up to 99.99 %; more than this when deploying is surely a typo
ROUTER_CALLS = {
    "setWrapped": QT_TR_NOOP("name the chain's wrapped coin"),
    "addFactory": QT_TR_NOOP("register a V2 factory and its fee"),
    "addV3Factory": QT_TR_NOOP("register a V3 factory"),
    "addStablePool": QT_TR_NOOP("register a StableSwap pool"),
    "setChannelFeeRate": QT_TR_NOOP("set a channel's fee rate"),
}


@dataclass(frozen=True)
class Step:
    to: str
    data: bytes
    what: str  # in words (marked: the window translates them), for the review


@dataclass(frozen=True)
class DeployPlan:
    chain: Chain
    terms: RouterTerms
    address: str
    deployed: bool  # swapdesk's router is already at the address (deployed by anyone, with these terms)
    steps: list[Step]  # what is left to send, in order


class RouterDeployer:
    def __init__(self, w3: AsyncWeb3[Any], catalog: Catalog, outbox: Outbox) -> None:
        """`catalog`: the chain's catalogue as the user has it (its sources are what the router is set up for)."""
        self.w3 = w3
        self.catalog = catalog
        self.outbox = outbox

    async def plan(self, chain: Chain, terms: RouterTerms, sender: str) -> DeployPlan:
        """What deploying with `terms` from `sender` takes; TradeError when it cannot be done on this chain."""
        if data(await request(self.w3, "eth_getCode", [PROXY, "latest"])) != PROXY_RUNTIME:
            raise TradeError(
                QT_TR_NOOP(
                    "the deterministic-deployment proxy ({proxy}) is not on {chain}: swapdesk's router deploys "
                    "through it, to the same address on every chain; its keyless deployment transaction must be sent "
                    "there first"
                ),
                proxy=PROXY,
                chain=chain.name,
            )
        address = terms.address()
        code = data(await request(self.w3, "eth_getCode", [address, "latest"]))
        if code and not is_swapdesk_router(code):
            raise TradeError(
                QT_TR_NOOP("{address} on {chain} holds other code: nothing can be deployed there"),
                address=address,
                chain=chain.name,
            )
        steps = []
        if not code:
            to, creation = terms.deploy_call()
            steps.append(Step(to, creation, QT_TR_NOOP("deploy swapdesk's router through the proxy")))
        if sender.lower() == terms.owner.lower() and not code:
            for to, call in setup_calls(address, self.catalog, terms):
                steps.append(Step(to, call, _said(call)))
        return DeployPlan(chain, terms, address, bool(code), steps)

    async def deploy(
        self, key: PrivateKey, plan: DeployPlan, catalogs: Path, step: Callable[[Words], None] = lambda _: None
    ) -> Path:
        """Send the plan's transactions from `key`, check the code, write the catalogue: its path."""
        net = Network(plan.chain.id, "real", plan.chain.id, self.w3)  # the node the user named, checked as that chain
        for n, planned in enumerate(plan.steps, 1):
            step(Words(QT_TR_NOOP("{n}/{count}: {what}…"), n=n, count=len(plan.steps), what=Term(planned.what)))
            summary = {"chain": plan.chain.flag, "router": plan.address, "what": planned.what}
            await self.outbox.send(net, key, "router", planned.to, planned.data, 0, summary)
        code = data(await request(self.w3, "eth_getCode", [plan.address, "latest"]))
        if not is_swapdesk_router(code):
            raise TradeError(
                QT_TR_NOOP("after the deployment, the code at {address} is not swapdesk's router"), address=plan.address
            )
        return write_catalog(catalogs, replace(self.catalog, router=plan.address))


def write_catalog(folder: Path, catalog: Catalog) -> Path:
    """The user's catalogue of a chain, written where the engine reads it before the package's."""
    path = folder / f"{catalog.chain_id}.json"
    write_atomically(path, catalog.to_json())
    return path


def _said(call: bytes) -> str:
    for name, words in ROUTER_CALLS.items():
        if call[:4] == ROUTER.selector(name):
            return words
    return QT_TR_NOOP("a call of the router")
