"""What the bridge tests share: a running devnet with its bridge providers, demo accounts that sign and
send through JSON-RPC (EVM chains) or through the TRON node (TRON), the providers' APIs in process, and
waiting on a state with a bound.
"""

from __future__ import annotations

import asyncio
import tempfile
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path
from typing import Any, TypeVar

import httpx
from eth_account import Account
from eth_keys import keys

from swapdesk.chains import by_id
from swapdesk.contracts import artifact
from swapdesk.devnet.accounts import demo_key
from swapdesk.devnet.bridges.client import ChainClient
from swapdesk.devnet.bridges.deployment import BridgeDeployment
from swapdesk.devnet.bridges.service import BridgeProviders
from swapdesk.devnet.bridges.store import Machine
from swapdesk.devnet.chaindata import ChainData
from swapdesk.devnet.network import Devnet
from swapdesk.devnet.sender import signed_transaction

ERC20, WETH = artifact("ERC20"), artifact("WETH9")
TRON = 95500
SPEED = 50.0
T = TypeVar("T")


class Unmet(AssertionError):
    pass


async def until(check: Callable[[], Awaitable[T | None]], what: str, seconds: float = 60.0) -> T:
    """Poll `check` (the state a test waits for) until it answers something, within `seconds`."""
    deadline = time.monotonic() + seconds
    while True:
        found = await check()
        if found is not None:
            return found
        if time.monotonic() > deadline:
            raise Unmet(f"not within {seconds:g} s: {what}")
        await asyncio.sleep(0.02)


@dataclass
class Sent:
    tx: str
    ok: bool


class Wallet:
    """A demo account on one chain: it signs its own transactions (EVM: type 2 through JSON-RPC; TRON:
    TriggerSmartContract through the chain's node, as a TRON wallet does)."""

    def __init__(self, client: ChainClient, index: int) -> None:
        self.client = client
        self.key = demo_key(index)
        self.account = Account.from_key(self.key)
        self.address = str(self.account.address)
        self.tron = by_id(client.chain_id).tron

    async def send(self, to: str, data: bytes, value: int = 0) -> Sent:
        if self.tron:
            return await self._send_tron(to, data, value)
        return await self.client_send(await self.sign(to, data, value))

    async def sign(self, to: str, data: bytes, value: int = 0) -> bytes:
        client = self.client
        gas = await client.request(
            "eth_estimateGas", {"from": self.address, "to": to, "data": "0x" + data.hex(), "value": hex(value)}
        )
        nonce, base_fee = await client.nonce(self.address), await client.base_fee()
        return signed_transaction(self.account, client.chain_id, nonce, base_fee, to, data, value, int(gas, 16) * 2)

    async def client_send(self, raw: bytes) -> Sent:
        tx = await self.client.send_raw(raw)
        receipt = await self.client.receipt(tx)
        assert receipt is not None
        return Sent(tx, receipt.ok)

    async def _send_tron(self, to: str, data: bytes, value: int) -> Sent:
        params = {
            "owner_address": "41" + self.address[2:].lower(),
            "contract_address": "41" + to[2:].lower(),
            "data": data.hex(),
            "fee_limit": 500_000_000,
            "call_value": value,
        }
        built = await self.client.tron("triggersmartcontract", params)
        tx = built["transaction"]
        tx["signature"] = [keys.PrivateKey(self.key).sign_msg_hash(bytes.fromhex(tx["txID"])).to_bytes().hex()]
        answer = await self.client.tron("broadcasttransaction", tx)
        assert answer.get("result") is True, answer
        receipt = await self.client.receipt("0x" + tx["txID"])
        assert receipt is not None
        return Sent(receipt.tx, receipt.ok)

    async def approve(self, token: str, spender: str, amount: int) -> None:
        """The exact amount, to that spender only."""
        assert (await self.send(token, ERC20.encode("approve", spender, amount))).ok

    async def balance(self, token: str | None, owner: str | None = None) -> int:
        """`owner`'s (default: this account's) balance of an ERC-20, or of the native coin (None)."""
        who = owner or self.address
        if token is None:
            return int(await self.client.request("eth_getBalance", who, "latest"), 16)
        return int(ERC20.decode("balanceOf", await self.client.call(token, ERC20.encode("balanceOf", who)))[0])


@dataclass
class BridgeNet:
    devnet: Devnet
    providers: BridgeProviders
    apis: dict[str, httpx.AsyncClient]

    def wallet(self, chain_id: int, index: int) -> Wallet:
        return Wallet(self.providers.world.client(chain_id), index)

    async def deployment(self, chain_id: int) -> BridgeDeployment:
        found = await self.providers.world.deployment(chain_id)
        assert found is not None
        return found

    async def post(self, provider: str, path: str, body: dict[str, Any]) -> Any:
        reply = await self.apis[provider].post(path, json=body)
        assert reply.status_code < 500, reply.text
        return reply.json()

    async def get(self, provider: str, path: str, **params: Any) -> Any:
        reply = await self.apis[provider].get(path, params=params)
        assert reply.status_code < 500, reply.text
        return reply.json()


@asynccontextmanager
async def bridge_net(chains: list[int], speed: float = SPEED, data: Path | None = None) -> AsyncIterator[BridgeNet]:
    """A devnet keeping its chains in a temporary folder (orders too), `chains` started, providers running."""
    folder = data or Path(tempfile.mkdtemp(prefix="swapdesk-bridges-"))
    devnet = Devnet(ChainData(folder), speed=speed)
    for chain_id in chains:
        await devnet.start(chain_id)
    providers = BridgeProviders(devnet)
    await providers.start()
    apis = {
        name: httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url=f"http://{name}.devnet", timeout=30)
        for name, app in providers.apps().items()
    }
    try:
        yield BridgeNet(devnet, providers, apis)
    finally:
        for api in apis.values():
            await api.aclose()
        await providers.stop()
        await devnet.close()


def forward_only(machine: Machine, seen: list[str]) -> None:
    """Each status seen is one the previous one leads to (in one or more moves)."""
    for before, after in pairwise(seen):
        if before != after:
            assert after in reachable(machine, before), f"{before} -> {after} goes backward"


def reachable(machine: Machine, state: str) -> set[str]:
    found, todo = set(), [state]
    while todo:
        for nxt in machine.moves.get(todo.pop(), ()):
            if nxt not in found:
                found.add(nxt)
                todo.append(nxt)
    return found


def is_path(machine: Machine, timeline: list[str]) -> None:
    """A timeline is a walk of the life cycle: a first state, then allowed moves only."""
    assert timeline[0] in machine.first, timeline
    for before, after in pairwise(timeline):
        assert after in machine.moves.get(before, ()), f"{before} -> {after} is not a move of the life cycle"
