"""What the cross-chain engine tests share: a devnet with its bridge providers and their operators running,
the engine with its cross-chain part served by the real HTTP app (the spec's paths, the providers mounted at
/providers/<name>/, JSON-RPC at /rpc/{chainID}, the TRON node at /tron/), and a client that reaches it only
as a client would: over HTTP, signing with demo accounts, sending through JSON-RPC or, on TRON, with tronpy.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any

import httpx
from eth_account import Account
from tronpy import AsyncTron
from tronpy.abi import trx_abi
from tronpy.keys import PrivateKey
from tronpy.providers import AsyncHTTPProvider

from swapdesk.address import format_address, parse_address, to_checksum
from swapdesk.chains import by_id
from swapdesk.contracts import artifact
from swapdesk.devnet.accounts import demo_key
from swapdesk.devnet.backend import DevnetBackend
from swapdesk.engine import Engine
from swapdesk.engine.bridges import BridgeEndpoints
from swapdesk.server import create_app
from swapdesk.server.devnet_app import DevnetRoutes
from tests.devnet.bridges_world import BridgeNet, bridge_net

ERC20 = artifact("ERC20")
TRON = 95500
FINAL = ("Success", "Failure")
RECEIVER = 7  # the demo account receiving on the destination; senders use others


@dataclass
class Sent:
    tx: str  # as the chain writes it (TRON: no 0x)
    ok: bool


@dataclass
class CrossWorld:
    net: BridgeNet
    engine: Engine
    http: httpx.AsyncClient
    tron: AsyncTron
    seen: dict[str, list[dict[str, Any]]] = field(default_factory=dict)  # details records polled, by hash

    # -- the API ----------------------------------------------------------------------------------------

    async def call(self, path: str, **params: Any) -> httpx.Response:
        return await self.http.get(path, params={k: str(v) for k, v in params.items() if v is not None})

    async def ok(self, path: str, **params: Any) -> Any:
        response = await self.call(path, **params)
        body = response.json()
        assert response.status_code == 200 and body["result"] == 0, body
        return body["data"]

    async def refused(self, path: str, **params: Any) -> dict[str, Any]:
        response = await self.call(path, **params)
        body: dict[str, Any] = response.json()
        assert body["result"] == -1 and response.status_code >= 400, body
        return body | {"status": response.status_code}

    async def token(self, bridge: str, chain_id: int, symbol: str) -> dict[str, Any]:
        listed = await self.ok("/v3/cross/common/list")
        return next(t for t in listed["tokens"][bridge] if t["chainId"] == chain_id and t["symbol"] == symbol)

    async def quote(self, bridge: str, src: int, dst: int, token0: str, amount: int, to: str, **more: Any) -> Any:
        params = {"fromChainID": src, "toChainID": dst, "token0": token0, "bridge": bridge, "amountIn": amount}
        return await self.ok("/v3/cross/swap", **params, to=to, **more)

    async def order(self, quote: dict[str, Any], tx: str, **change: Any) -> Any:
        params = {
            "bridge": quote["exchange"], "fromChainID": quote["chainID"], "toChainID": quote["destChainID"],
            "token0": quote["token0"], "token1": quote["token1"], "to": quote["to"], "amountIn": quote["amountIn"],
            "channel": "web", "hash": tx, "amountOutMin": quote["amountOut"],
        } | change  # fmt: skip
        return await self.ok("/v3/cross/order", **params)

    async def details(self, tx: str, chain_id: int) -> dict[str, Any]:
        found: dict[str, Any] = await self.ok("/v3/core/details", hash=tx, chain=chain_id)
        self.seen.setdefault(tx, []).append(found)
        return found

    async def final(self, tx: str, chain_id: int, seconds: float = 90.0) -> dict[str, Any]:
        """Poll the details until the transfer ends (within `seconds`), checking that it only moves forward."""
        deadline = time.monotonic() + seconds
        while True:
            found = await self.details(tx, chain_id)
            if found["status"] in FINAL:
                forward_only(self.seen[tx])
                return found
            assert time.monotonic() < deadline, f"not final within {seconds:g} s: {found['statusNotes']}"
            await asyncio.sleep(0.05)

    # -- chains, as a wallet reaches them -------------------------------------------------------------------

    async def rpc(self, chain_id: int, method: str, *params: Any) -> Any:
        body = {"jsonrpc": "2.0", "id": 1, "method": method, "params": list(params)}
        answer = (await self.http.post(f"/rpc/{chain_id}", json=body)).json()
        assert "result" in answer, answer
        return answer["result"]

    async def send(self, index: int, chain_id: int, to: str, data: str | bytes, value: int = 0) -> Sent:
        """A demo account's transaction, signed here and sent through JSON-RPC (TRON: built, signed and
        broadcast with tronpy)."""
        hexdata = data if isinstance(data, str) else "0x" + data.hex()
        if by_id(chain_id).tron:
            return await self.send_tron(index, to, hexdata, value)
        me = Account.from_key(demo_key(index))
        to = to_checksum(parse_address(to, False))
        call = {"from": me.address, "to": to, "data": hexdata, "value": hex(value)}
        gas = int(await self.rpc(chain_id, "eth_estimateGas", call), 16)
        latest = await self.rpc(chain_id, "eth_getBlockByNumber", "latest", False)
        nonce = int(await self.rpc(chain_id, "eth_getTransactionCount", me.address, "pending"), 16)
        tx = {
            "to": to, "data": hexdata, "value": value, "chainId": chain_id, "gas": gas * 2, "nonce": nonce,
            "maxFeePerGas": int(latest["baseFeePerGas"], 16) * 2 + 1, "maxPriorityFeePerGas": 1,
        }  # fmt: skip
        raw = "0x" + me.sign_transaction(tx).raw_transaction.hex()
        receipt = await self.rpc(chain_id, "eth_sendRawTransactionSync", raw)
        return Sent(receipt["transactionHash"], receipt["status"] == "0x1")

    async def send_tron(self, index: int, to: str, data: str, value: int) -> Sent:
        """`data` sent to `to` as a TRON developer does with tronpy: the contract's method by the data's
        selector, its arguments decoded and given back to it (tronpy encodes them to the same bytes)."""
        key = PrivateKey(demo_key(index))
        contract = await self.tron.get_contract(to)
        method = contract.get_function_by_selector(bytes.fromhex(data[2:10]))
        assert method is not None, f"{to} has no function {data[:10]}"
        arguments = trx_abi.decode_single(method.input_type, bytes.fromhex(data[10:]))
        builder = await method.with_owner(key.public_key.to_base58check_address()).with_transfer(value)(*arguments)
        transaction = await builder.fee_limit(1_000_000_000).build()
        sent_data = transaction.to_json()["raw_data"]["contract"][0]["parameter"]["value"]["data"]
        assert sent_data == data[2:], "tronpy must send exactly the quote's call data"
        info = await transaction.sign(key).broadcast()
        result = await info.wait(timeout=60, interval=0.1)
        return Sent(transaction.txid, result.get("receipt", {}).get("result") == "SUCCESS")

    async def approve(self, index: int, chain_id: int, token: str, spender: str, amount: int) -> None:
        """The exact amount, to that spender only."""
        data = ERC20.encode("approve", to_checksum(parse_address(spender, by_id(chain_id).tron)), amount)
        assert (await self.send(index, chain_id, token, data)).ok

    async def balance(self, chain_id: int, token: str, owner: str) -> int:
        """`owner`'s balance of a token (the all-zero address: the native coin), read through JSON-RPC."""
        tron = by_id(chain_id).tron
        holder = to_checksum(parse_address(owner, tron))
        raw = parse_address(token, tron)
        if raw == bytes(20):
            return int(await self.rpc(chain_id, "eth_getBalance", holder, "latest"), 16)
        call = {"to": to_checksum(raw), "data": "0x" + ERC20.encode("balanceOf", holder).hex()}
        return int(await self.rpc(chain_id, "eth_call", call, "latest"), 16)


def address(index: int, chain_id: int) -> str:
    """A demo account's address as `chain_id` writes it."""
    return format_address(bytes.fromhex(Account.from_key(demo_key(index)).address[2:]), by_id(chain_id).tron)


def forward_only(records: list[dict[str, Any]]) -> None:
    """Each record's stages extend the ones before it (a stage's time may be refined: the chain's block time
    until the provider reports its own), stages come in time order, and an ended transfer stays ended."""

    def stages(record: dict[str, Any]) -> list[tuple[str, ...]]:
        return [(s["statusNotes"], s["status"], s["substatus"], s["chain"], s["hash"]) for s in record["timeline"]]

    for record in records:
        times = [s["timeMs"] for s in record["timeline"]]
        assert times == sorted(times), record["timeline"]
    for before, after in pairwise(records):
        assert stages(after)[: len(stages(before))] == stages(before), (before, after)
        if before["status"] in FINAL:
            assert after["status"] == before["status"]


@asynccontextmanager
async def cross_world(chains: list[int]) -> AsyncIterator[CrossWorld]:
    async with bridge_net(chains) as net:
        engine = Engine(DevnetBackend(net.devnet), bridges=BridgeEndpoints.in_process(net.providers.apps()))
        app = create_app(engine, DevnetRoutes(net.devnet, net.providers))  # the net runs their operators
        http = httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://swapdesk.test", timeout=120)
        tron_http = httpx.AsyncClient(transport=httpx.ASGITransport(app=app), timeout=120)
        tron = AsyncTron(AsyncHTTPProvider("http://swapdesk.test/tron/", client=tron_http))
        try:
            yield CrossWorld(net, engine, http, tron)
        finally:
            await tron.close()
            await http.aclose()
            await engine.cross.aclose()
