"""An order's outcome as the chains hold it: what an operator reads before it pays or refunds, so that an
order it forgot (its chain started over, its store was lost) and found again is never settled twice.

The contracts keep one outcome per order (Bridgers' `settled`, cBridge's `transfers`, `settled` and
`refunded`, the router's `completedSwapin`); where the operator needs the transaction that made it (to
show it, to count its confirmations), it finds the event in the contract's logs, newest first.
"""

from __future__ import annotations

from swapdesk.devnet.bridges.client import MAX_LOG_BLOCKS, ChainClient, Log, parse_log
from swapdesk.devnet.bridges.payer import Landed
from swapdesk.devnet.bridges.store import Sent

MAX_WINDOWS = 64  # eth_getLogs calls one search may make (640,000 blocks back)


async def find_event(client: ChainClient, contract: str, topics: list[bytes | None], data: bytes = b"") -> Log | None:
    """The newest log of `contract` whose topics match (None: any) and whose data contains `data`."""
    head = await client.head()
    last = head
    for _ in range(MAX_WINDOWS):
        first = max(0, last - MAX_LOG_BLOCKS + 1)
        query = {
            "fromBlock": hex(first),
            "toBlock": hex(last),
            "address": contract,
            "topics": [None if t is None else "0x" + t.hex() for t in topics],
        }
        found = [parse_log(raw) for raw in await client.request("eth_getLogs", query)]
        found = [log for log in found if data in log.data]
        if found:
            return max(found, key=lambda log: (log.block, log.index))
        if first == 0:
            return None
        last = first - 1
    return None


async def landed(client: ChainClient, order_id: str, kind: str, log: Log) -> Landed:
    """The transaction that made an outcome found on chain, as if the operator had sent it."""
    return Landed(Sent(log.tx, order_id, kind, client.chain_id, ""), await client.receipt(log.tx))
