"""Killed while sending and recording, the store loses nothing.

A child process sends transactions through the Outbox to a real node
(anvil) and is killed with SIGKILL at random points, again and again. Then,
as the app does on start: the store passes `PRAGMA integrity_check`, lists
every transaction that reached the chain, and settles every open one.
"""

from __future__ import annotations

import asyncio
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from hexbytes import HexBytes
from web3 import AsyncHTTPProvider, AsyncWeb3

from swapdesk.contracts import artifact
from swapdesk.devnet.accounts import DEPLOYER_INDEX, demo_address, demo_key
from swapdesk.devnet.sender import RpcSender
from swapdesk.store import TxStore
from swapdesk.trade.outbox import Network, Outbox
from tests.anvil import REPO, running_anvil

CHILD = Path(__file__).with_name("crash_child.py")
ROUNDS = 16


def kill_at_random_point(db: Path, url: str, token: str, rng: random.Random) -> int:
    """Run the child until it has sent a random number of transactions, then a
    random moment more (inside the next sign/record/send/record), and kill it."""
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    child = subprocess.Popen(
        [sys.executable, str(CHILD), str(db), url, token], stdout=subprocess.PIPE, text=True, env=env
    )
    assert child.stdout is not None
    assert child.stdout.readline() == "resumed\n"
    sent = 0
    for _ in range(rng.randint(0, 4)):
        assert child.stdout.readline().startswith("sent 0x")
        sent += 1
    time.sleep(rng.uniform(0, 0.06))  # not synchronisation: picks where in the next send the kill lands
    child.send_signal(signal.SIGKILL)
    child.wait(timeout=30)
    return sent


async def sent_on_chain(url: str, sender: str) -> set[str]:
    w3 = AsyncWeb3(AsyncHTTPProvider(url))
    found = set()
    for number in range(await w3.eth.block_number + 1):
        block = await w3.eth.get_block(number, full_transactions=True)
        full = [tx for tx in block["transactions"] if not isinstance(tx, HexBytes)]  # as asked: not their hashes
        found |= {"0x" + bytes(tx["hash"]).hex() for tx in full if tx["from"] == sender}
    await w3.provider.disconnect()
    return found


def test_killed_at_random_points_the_store_loses_nothing(tmp_path: Path) -> None:
    db = tmp_path / "history.sqlite"
    rng = random.Random(20261122)
    with running_anvil(1337) as url:
        deployer = RpcSender(url, demo_key(DEPLOYER_INDEX))
        token = "0x" + deployer.deploy(artifact("ERC20"), "Crash", "CRSH", 18).hex()
        deployer.close()
        reported = 0
        left_open = []  # the states the kills left behind, for the record
        for _ in range(ROUNDS):
            reported += kill_at_random_point(db, url, token, rng)
            store = TxStore(db)  # the app starting again (the next round's child settles what is open)
            assert store.integrity() == "ok"
            on_chain = asyncio.run(sent_on_chain(url, demo_address(1)))
            assert on_chain <= {tx.hash for tx in store.all()}, "a transaction reached the chain but not the store"
            left_open += [tx.status for tx in store.pending()]
            store.close()
        assert len(on_chain) >= reported > 0
        print(f"{ROUNDS} kills, {len(on_chain)} transactions on chain, left open by a kill: {left_open}")

        store = TxStore(db)

        async def settle() -> None:
            w3 = AsyncWeb3(AsyncHTTPProvider(url))

            async def network_for(chain_id: int) -> Network:
                return Network(chain_id, "devnet", chain_id, w3)

            await Outbox(store).resume(network_for)
            await w3.provider.disconnect()

        asyncio.run(settle())
        assert store.pending() == []
        confirmed = {tx.hash for tx in store.all() if tx.status == "confirmed"}
        assert confirmed == asyncio.run(sent_on_chain(url, demo_address(1)))
        store.close()
