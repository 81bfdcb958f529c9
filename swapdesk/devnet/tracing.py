"""`debug_traceTransaction` and `debug_traceCall` with geth's `callTracer`: the tree of calls a transaction
made, each frame as geth's eth/tracers/native/call.go shapes it (`rpc_shapes.call_frame_json`).

py-evm keeps every computation's children (`computation.children`), with each child's message: sender, gas,
value, input; what it forgets is which opcode made a child (a DELEGATECALL and a CALL in a static context
both look like plain messages) and where among its children each log was emitted. `_Traced`, a computation
that remembers both, runs the traced transaction; nothing else changes how it runs.

A mined transaction is replayed on the state its block started from, after the block's transactions before
it, in its block's own context (number, time, base fee); the top frame's `gasUsed` is its receipt's, as
geth's. A call is traced as `eth_call` runs it (no base fee, the RPC gas cap). Both are held to the chain's
execution time cap. Left out, as they leave no computation in py-evm: a call refused before it starts (too
deep, or more value than the caller holds), which geth shows as a frame with its error, and SELFDESTRUCT's
frame.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from eth.abc import ComputationAPI, MessageAPI, SignedTransactionAPI, StateAPI
from eth.exceptions import Revert
from eth_typing import Address

from swapdesk.chain.reverts import revert_reason
from swapdesk.devnet.calls import Call, spoofed
from swapdesk.devnet.evm import ChainError, DevChain, contract_address
from swapdesk.devnet.rpc_shapes import call_frame_json
from swapdesk.devnet.vm import CappedComputation, DevVM, vm_failure

Json = dict[str, Any]
CALL_KINDS = {0xF0: "CREATE", 0xF1: "CALL", 0xF2: "CALLCODE", 0xF4: "DELEGATECALL", 0xF5: "CREATE2", 0xFA: "STATICCALL"}


@dataclass(frozen=True)
class TraceConfig:
    """callTracer's `tracerConfig`."""

    only_top_call: bool = False  # the top frame alone
    with_log: bool = False  # each frame's logs, with their position among its calls


class _Traced(CappedComputation):  # the devnet's own computation (with its time cap)
    """A computation that remembers the opcode that made each child and where each log fell among them."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.child_kinds: list[str] = []
        self.traced_logs: list[tuple[bytes, tuple[int, ...], bytes, int]] = []

    def apply_child_computation(self, child_msg: MessageAPI) -> ComputationAPI:
        opcode = self.code[self.code.program_counter - 1]  # the CALL or CREATE being executed
        child = super().apply_child_computation(child_msg)
        self.child_kinds.append(CALL_KINDS.get(opcode, "CALL"))
        return child

    def add_log_entry(self, account: Address, topics: tuple[int, ...], data: bytes) -> None:
        super().add_log_entry(account, topics, data)
        self.traced_logs.append((bytes(account), topics, bytes(data), len(self.children)))


def trace_transaction(chain: DevChain, tx_hash: bytes, config: TraceConfig) -> Json:
    """The mined transaction's call frames; ChainError("transaction not found") as geth says it."""
    found = chain.transaction(tx_hash)
    if found is None:
        raise ChainError("transaction not found")
    tx, header, index = found
    receipts = chain.receipts(header)
    gas_used = receipts[index].gas_used - (receipts[index - 1].gas_used if index else 0)
    before = chain.block(header).transactions[:index]

    def trace(state: StateAPI) -> Json:
        for earlier in before:  # none on the devnet, where each transaction has a block of its own
            state.lock_changes()
            state.apply_transaction(earlier)
        state.lock_changes()
        return _top(state, tx, lambda: state.apply_transaction(tx), gas_used, config)

    return chain.replay(header, trace)


def trace_call(chain: DevChain, msg: Call, header: Any, config: TraceConfig) -> Json:
    """The call's frames, run as eth_call runs it at `header` (None: on top of the chain, now)."""

    def trace(state: StateAPI) -> Json:
        tx = spoofed(msg, state.get_nonce(Address(msg.sender)))
        return _top(state, tx, lambda: state.costless_execute_transaction(tx), None, config)

    return chain.simulate(trace, header)


def _top(state: StateAPI, tx: SignedTransactionAPI, run: Any, gas_used: int | None, config: TraceConfig) -> Json:
    """The top frame: the transaction itself (its gas is the transaction's, its gasUsed the receipt's)."""
    state.computation_class = _Traced  # on this throwaway state only
    computation = run()
    created = contract_address(tx)
    frame = _frame(
        computation,
        "CREATE" if created else "CALL",
        bytes(tx.sender),
        created or bytes(tx.to),
        tx.value,
        tx.gas,
        DevVM.finalize_gas_used(tx, computation) if gas_used is None else gas_used,
        bytes(tx.data),
        config,
    )
    if config.with_log:
        _clear_failed_logs(frame, False)
    return frame


def _frame(
    computation: ComputationAPI,
    kind: str,
    sender: bytes,
    to: bytes,
    value: int | None,
    gas: int,
    gas_used: int,
    data: bytes,
    config: TraceConfig,
    top: bool = True,
) -> Json:
    error = None
    output: bytes | None = bytes(computation.output)
    if computation.is_error:
        reverted = isinstance(computation.error, Revert)
        error = "execution reverted" if reverted else vm_failure(computation.error)
        output = output if reverted and output else None  # geth: the revert data, nothing for other failures
    calls = [] if config.only_top_call else _children(computation, config)
    logs = None
    if config.with_log and (top or not config.only_top_call):
        logs = getattr(computation, "traced_logs", [])
    return call_frame_json(
        kind=kind,
        sender=sender,
        to=None if error and kind in ("CREATE", "CREATE2") else to,
        value=value,
        gas=gas,
        gas_used=gas_used,
        data=data,
        output=output,
        error=error,
        revert_reason=revert_reason(output) if error == "execution reverted" and output else None,
        calls=calls,
        logs=logs,
    )


def _children(computation: ComputationAPI, config: TraceConfig) -> list[Json]:
    frames = []
    here = computation.msg.storage_address  # who calls: the contract whose code is running
    kinds = getattr(computation, "child_kinds", [])
    for child, kind in zip(computation.children, kinds, strict=True):
        msg = child.msg
        creates = kind in ("CREATE", "CREATE2")
        frames.append(
            _frame(
                child,
                kind,
                bytes(here),
                bytes(msg.storage_address if creates else msg.code_address),
                None if kind == "STATICCALL" else msg.value,  # DELEGATECALL shows the value it inherits
                msg.gas,
                child.get_gas_used(),
                bytes(msg.code if creates else msg.data),
                config,
                top=False,
            )
        )
    return frames


def _clear_failed_logs(frame: Json, parent_failed: bool) -> None:
    """A failed frame's logs, and its callees', never happened (geth's clearFailedLogs)."""
    failed = parent_failed or "error" in frame
    if failed:
        frame.pop("logs", None)
    for call in frame.get("calls", []):
        _clear_failed_logs(call, failed)
