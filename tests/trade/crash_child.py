"""Sends approvals through the Outbox, one after another, as the app sends
transactions; test_crash.py kills it at random points. On start it first
settles what the previous run left open, as the app does."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from web3 import AsyncHTTPProvider, AsyncWeb3

from swapdesk.contracts import artifact
from swapdesk.devnet.accounts import demo_key
from swapdesk.store import TxStore
from swapdesk.trade.outbox import Network, Outbox
from swapdesk.wallet import PrivateKey

SPENDER = "0x000000000000000000000000000000000000bEEF"


async def main(store_path: str, url: str, token: str) -> None:
    outbox = Outbox(TxStore(Path(store_path)))
    w3 = AsyncWeb3(AsyncHTTPProvider(url))

    net = Network(await w3.eth.chain_id, "devnet", await w3.eth.chain_id, w3)

    async def network_for(chain_id: int) -> Network:
        return net

    await outbox.resume(network_for)
    print("resumed", flush=True)
    key = PrivateKey(demo_key(1))
    erc20 = artifact("ERC20")
    for amount in range(1, 10**6):
        sent = await outbox.send(net, key, "approval", token, erc20.encode("approve", SPENDER, amount), 0, {})
        print("sent", sent.hash, flush=True)


if __name__ == "__main__":
    asyncio.run(main(*sys.argv[1:4]))
