"""Polled filters: `eth_newFilter`, `eth_newBlockFilter`, `eth_newPendingTransactionFilter`, as geth keeps them.

A filter remembers the last block it reported; `eth_getFilterChanges` reports what the blocks mined since
hold — their hashes, the hashes (or objects) of their transactions, or their logs that match — and moves
on. Since a devnet transaction is mined the moment it is sent (a queued one when its turn comes), the
transactions a pending-transaction filter reports are those of the new blocks: each once, as geth reports
each transaction once, when it becomes executable.

Limits, and whose they are:
  FILTER_TIMEOUT  5 minutes     a filter not polled for that long is removed (geth's filter timeout);
                                asking for it then answers "filter not found", as geth does
  MAX_FILTERS     1,000         filters a chain keeps at once; one more is refused (-32005) until one is
                                uninstalled or expires (geth keeps any number)
  MAX_BLOCKS      10,000        blocks one poll covers, and
  MAX_LOGS        10,000        logs it answers (eth_getLogs' limits): a poll that would exceed either
                                answers what fits, whole blocks, and the next poll goes on from there
"""

from __future__ import annotations

import secrets
import threading
import time
import weakref
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from swapdesk.chain.jsonrpc import LIMIT_EXCEEDED, RpcError
from swapdesk.devnet import blockview
from swapdesk.devnet.evm import ChainError, DevChain
from swapdesk.devnet.rpc_params import LogFilter
from swapdesk.devnet.rpc_shapes import hex_data

FILTER_TIMEOUT = 300.0  # seconds
MAX_FILTERS = 1000
MAX_BLOCKS = 10_000
MAX_LOGS = 10_000


class Kind(Enum):
    LOGS = "logs"
    BLOCKS = "blocks"
    PENDING = "pending transactions"


@dataclass
class Filter:
    kind: Kind
    reported: int  # the last block reported: changes are in the blocks after it
    polled: float  # monotonic seconds
    query: LogFilter = field(default_factory=LogFilter)
    full: bool = False  # a pending-transaction filter that reports transaction objects


@dataclass
class Filters:
    """One chain's filters by id (touched only on the chain's thread)."""

    by_id: dict[str, Filter] = field(default_factory=dict)

    def install(self, new: Filter) -> str:
        self.expire(new.polled)
        if len(self.by_id) >= MAX_FILTERS:
            problem = f"too many filters: a chain keeps {MAX_FILTERS}; uninstall one or let one expire"
            raise RpcError(LIMIT_EXCEEDED, problem, {"limit": MAX_FILTERS})
        ident = _new_id()
        while ident in self.by_id:
            ident = _new_id()
        self.by_id[ident] = new
        return ident

    def poll(self, ident: str, now: float) -> Filter:
        """The filter, its timeout started over; "filter not found" (geth's words) when it is not kept."""
        self.expire(now)
        found = self.by_id.get(ident)
        if found is None:
            raise ChainError("filter not found")
        found.polled = now
        return found

    def expire(self, now: float) -> None:
        for ident in [i for i, f in self.by_id.items() if now - f.polled > FILTER_TIMEOUT]:
            del self.by_id[ident]


def _new_id() -> str:
    """An id as geth makes one (rpc.NewID): 16 random bytes in hex, without leading zeros."""
    return "0x" + (secrets.token_hex(16).lstrip("0") or "0")


_FILTERS: weakref.WeakKeyDictionary[DevChain, Filters] = weakref.WeakKeyDictionary()
_FILTERS_LOCK = threading.Lock()  # chains run on their own threads; each reaches only its own filters


def filters_of(chain: DevChain) -> Filters:
    with _FILTERS_LOCK:
        return _FILTERS.setdefault(chain, Filters())


# -- the JSON-RPC methods ---------------------------------------------------------------------------


def new_filter(chain: DevChain, query: LogFilter) -> str:
    first, last = _bound(query.first), _bound(query.last)
    if first is not None and last is not None and first > last:
        raise ChainError("invalid from and to block combination")
    return _install(chain, Filter(Kind.LOGS, chain.head.block_number, time.monotonic(), query))


def new_block_filter(chain: DevChain) -> str:
    return _install(chain, Filter(Kind.BLOCKS, chain.head.block_number, time.monotonic()))


def new_pending_transaction_filter(chain: DevChain, full: bool) -> str:
    return _install(chain, Filter(Kind.PENDING, chain.head.block_number, time.monotonic(), full=full))


def _install(chain: DevChain, new: Filter) -> str:
    return filters_of(chain).install(new)


def uninstall_filter(chain: DevChain, ident: str) -> bool:
    kept = filters_of(chain)
    kept.expire(time.monotonic())  # an expired filter is not there to uninstall (false, as geth)
    return kept.by_id.pop(ident, None) is not None


def log_query(chain: DevChain, ident: str) -> LogFilter:
    """The query of a log filter, for eth_getFilterLogs (which answers as eth_getLogs with it)."""
    found = filters_of(chain).poll(ident, time.monotonic())
    if found.kind is not Kind.LOGS:
        raise ChainError("filter not found")  # geth's answer for a block or transaction filter
    return found.query


def get_filter_changes(chain: DevChain, ident: str) -> list[Any]:
    found = filters_of(chain).poll(ident, time.monotonic())
    head = chain.head.block_number
    last = min(head, found.reported + MAX_BLOCKS)
    changes: list[Any] = []
    number = found.reported + 1
    while number <= last:
        header = chain.header(number)
        if found.kind is Kind.BLOCKS:
            changes.append(hex_data(header.hash))
        elif found.kind is Kind.PENDING:
            changes += blockview.transactions(chain, header, found.full)
        elif _in_range(found.query, number):
            logs = blockview.logs(chain, header, found.query)
            if changes and len(changes) + len(logs) > MAX_LOGS:
                break  # this block's logs go in the next poll
            changes += logs
        number += 1
    found.reported = number - 1
    return changes


def _in_range(query: LogFilter, number: int) -> bool:
    first, last = _bound(query.first), _bound(query.last)
    return (first is None or number >= first) and (last is None or number <= last)


def _bound(ref: str | int) -> int | None:
    """A filter's block bound: a number, 0 for "earliest", and no bound for the other tags (geth's reading)."""
    if isinstance(ref, int):
        return ref
    return 0 if ref == "earliest" else None
