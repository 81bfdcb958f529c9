"""The devnet's EVM rules: py-evm's Cancun, with a time cap on every execution and whole-second clocks.

- No execution holds a chain's thread longer than `CALL_TIME_CAP` seconds (geth's EVM timeout): every
  opcode consumes gas, and that is where a runaway execution is stopped (`ExecutionTimeout`, which no
  py-evm handler catches, so the call or transaction leaves nothing behind).
- Several blocks may share a second: timestamps are whole seconds and never run ahead of the wall clock,
  as on Arbitrum; every other header rule stands.
- The chain's errors, in geth's words where a client reads them.
"""

from __future__ import annotations

import math
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from typing import Any

from eth import EVM_RECURSION_LIMIT
from eth._utils.headers import compute_gas_limit_bounds
from eth.abc import BlockHeaderAPI
from eth.chains.base import MiningChain
from eth.consensus import ConsensusApplier, NoProofConsensus
from eth.vm.forks import CancunVM
from eth.vm.forks.cancun.computation import CancunComputation
from eth.vm.forks.cancun.state import CancunState

from swapdesk.chain.reverts import revert_reason

# py_ecc (imported by py-evm's precompiles) raises the recursion limit to 100,000, which
# lets C-level recursion (json, repr) overflow a thread's stack and kill the process;
# py-evm itself needs 12,288 frames for 1024 nested EVM calls.
sys.setrecursionlimit(EVM_RECURSION_LIMIT)

CALL_TIME_CAP = 5.0  # seconds any one execution may hold the chain (geth's RPC EVM timeout)
BATCH_CALL_TIME_CAP = 1.0  # seconds for an eth_call in an HTTP client's batch: the other clients wait behind it
GAS_LIMIT = 30_000_000  # every block's gas limit, as validators voting for Ethereum's 30M keep it


class ChainError(Exception):
    """A request the chain refuses (bad nonce, unknown block...)."""


class ExecutionTimeout(ChainError):
    def __init__(self, seconds: float) -> None:
        super().__init__(f"execution aborted (timeout = {seconds:g}s)")


class ChainUnwritable(ChainError):
    """The chain cannot make a block durable (a full disk): the block is undone, nobody hears of it."""

    def __init__(self, name: str, why: str, where: str, full: bool) -> None:
        then = "free some disk space and try again" if full else "try again once it can write"
        super().__init__(
            f"the devnet's {name} chain cannot keep new blocks: {why} (writing {where}). Nothing was written and"
            f" nothing changed; {then}"
        )
        self.full = full


_VM_FAILURES = {  # py-evm's VM errors in geth's words
    "OutOfGas": "out of gas",
    "InsufficientStack": "stack underflow",
    "FullStack": "stack limit reached",
    "InvalidJumpDestination": "invalid jump destination",
    "InvalidInstruction": "invalid opcode",
    "StackDepthLimit": "max call depth exceeded",
    "WriteProtection": "write protection",
    "InsufficientFunds": "insufficient balance for transfer",
    "OutOfBoundsRead": "return data out of bounds",
    "ContractCreationCollision": "contract address collision",
}


def vm_failure(error: Exception) -> str:
    return _VM_FAILURES.get(type(error).__name__, "execution failed")


class ExecutionReverted(ChainError):
    def __init__(self, data: bytes) -> None:
        self.data = data
        super().__init__(f"execution reverted{_reason_suffix(data)}")


def _reason_suffix(data: bytes) -> str:
    reason = revert_reason(data)
    return "" if reason is None else f": {reason}"


class _Deadline(threading.local):
    """When the execution running on this thread must stop (monotonic seconds), and the cap that said so."""

    at = math.inf
    seconds = math.inf
    ticks = 0
    request_cap: float | None = None  # `capped`'s, for the request being answered
    uncapped = False  # `uncapped`'s: the world's own deployments while it is built


_DEADLINE = _Deadline()


@contextmanager
def capped(seconds: float | None) -> Iterator[None]:
    """The executions of the request answered within (on this thread) get `seconds` if that is less than
    CALL_TIME_CAP (None: CALL_TIME_CAP)."""
    previous = _DEADLINE.request_cap
    _DEADLINE.request_cap = seconds
    try:
        yield
    finally:
        _DEADLINE.request_cap = previous


@contextmanager
def uncapped() -> Iterator[None]:
    """The executions within (on this thread) run to the end of their gas, however long it takes: a world's own
    deployments while it is built, which no peer asked for and their gas bounds. Capped, a builder at a low
    priority on a busy machine aborted a deployment after 5 s and left its world unbuilt."""
    previous = _DEADLINE.uncapped
    _DEADLINE.uncapped = True
    try:
        yield
    finally:
        _DEADLINE.uncapped = previous


@contextmanager
def time_cap() -> Iterator[None]:
    """No execution under it runs past its cap from now (CALL_TIME_CAP, or less as `capped` says); nested caps
    keep the earliest deadline."""
    if _DEADLINE.uncapped:
        yield
        return
    asked = _DEADLINE.request_cap
    seconds = CALL_TIME_CAP if asked is None else min(asked, CALL_TIME_CAP)
    previous = _DEADLINE.at, _DEADLINE.seconds
    at = time.monotonic() + seconds
    if at < _DEADLINE.at:
        _DEADLINE.at, _DEADLINE.seconds = at, seconds
    try:
        yield
    finally:
        _DEADLINE.at, _DEADLINE.seconds = previous


class CappedComputation(CancunComputation):
    """Every opcode consumes gas: that is where a runaway execution is stopped."""

    def consume_gas(self, amount: int, reason: str) -> None:
        deadline = _DEADLINE
        deadline.ticks += 1
        if deadline.ticks & 1023 == 0 and time.monotonic() > deadline.at:
            raise ExecutionTimeout(deadline.seconds)  # not a VMError: nothing catches it on the way out
        super().consume_gas(amount, reason)


class DevVM(CancunVM):
    _state_class = CancunState.configure(computation_class=CappedComputation)

    @classmethod
    def create_header_from_parent(cls, parent_header: BlockHeaderAPI, **header_params: Any) -> Any:
        # py-evm's default lets the gas limit decay by 1/1024 a block when blocks are empty: a devnet that mines
        # empty blocks as time passes would soon fit no transaction. Steer it to GAS_LIMIT instead, within the
        # step a block may take.
        if parent_header is not None and "gas_limit" not in header_params:
            low, high = compute_gas_limit_bounds(parent_header.gas_limit)
            header_params["gas_limit"] = min(max(GAS_LIMIT, low), high)
        return super().create_header_from_parent(parent_header, **header_params)

    @classmethod
    def validate_header(cls, header: BlockHeaderAPI, parent_header: BlockHeaderAPI) -> None:
        # Several devnet blocks may share a second (timestamps are whole seconds and
        # never run ahead of the wall clock); every other rule stands.
        if parent_header is not None and header.timestamp == parent_header.timestamp:
            parent_header = parent_header.copy(timestamp=parent_header.timestamp - 1)
        super().validate_header(header, parent_header)


@cache
def chain_class(chain_id: int) -> type[MiningChain]:
    vm_configuration = ConsensusApplier(NoProofConsensus).amend_vm_configuration(((0, DevVM),))
    return MiningChain.configure(
        __name__=f"DevChain{chain_id}",
        vm_configuration=vm_configuration,
        chain_id=chain_id,
    )
