"""`eth_createAccessList`: the EIP-2930 access list a call would use, found as geth finds it.

The call runs with the list found so far, noting every account and storage slot it touches for the first
time (py-evm marks them warm as EIP-2929 charges them), until a run touches nothing new; the list the call
carries, if any, is where it starts. As geth's tracer, the list leaves out the sender, the receiver (or the
created contract) and the precompiles, which every transaction has warm already, but keeps their storage
slots. The answer's `gasUsed` is the last run's
(refunds deducted), with the list in place; a call that fails still answers, its failure in `error`.
All runs together are held to the chain's execution time cap.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, cast

from eth._utils.address import generate_contract_address
from eth.abc import BlockHeaderAPI, SignedTransactionAPI, StateAPI
from eth.exceptions import Revert
from eth.vm.spoof import SpoofTransaction
from eth_typing import Address
from eth_utils import to_checksum_address

from swapdesk.devnet.evm import Call, DevChain
from swapdesk.devnet.vm import DevVM, ExecutionReverted, vm_failure

Json = dict[str, Any]
MAX_RUNS = 8  # a list that keeps growing past this is answered as it stands (geth loops until it settles)
PRECOMPILES = frozenset(i.to_bytes(20, "big") for i in range(1, 11))  # Cancun's: ecrecover .. point evaluation
Accessed = dict[bytes, list[int]]  # account -> its slots, in the order first touched


def create_access_list(chain: DevChain, msg: Call, header: BlockHeaderAPI | None) -> Json:
    """The call's access list and the gas it uses with it; `header` None means on top of the chain, now."""

    def trace(state: StateAPI) -> Json:
        nonce = state.get_nonce(Address(msg.sender))
        target = msg.to or generate_contract_address(Address(msg.sender), nonce)
        left_out = PRECOMPILES | {bytes(msg.sender), bytes(target), bytes(state.coinbase)}
        accessed: Accessed = {}
        for account, slots in msg.access_list:  # geth starts from the list the call carries
            if slots or bytes(account) not in left_out:
                noted = accessed.setdefault(bytes(account), [])
                noted += [slot for slot in slots if slot not in noted]
        with _noting(state, accessed, left_out):
            for _ in range(MAX_RUNS):
                listed = {address: list(slots) for address, slots in accessed.items()}
                tx, computation = _run(state, msg, nonce, listed)
                if accessed == listed:
                    break
        out: Json = {
            "accessList": [
                {"address": to_checksum_address(a), "storageKeys": ["0x" + s.to_bytes(32, "big").hex() for s in slots]}
                for a, slots in accessed.items()
            ],
            "gasUsed": hex(DevVM.finalize_gas_used(tx, computation)),
        }
        if computation.is_error:
            error = computation.error
            reverted = isinstance(error, Revert)
            out["error"] = str(ExecutionReverted(bytes(computation.output))) if reverted else vm_failure(error)
        return out

    return chain.simulate(trace, header)


def _run(state: StateAPI, msg: Call, nonce: int, listed: Accessed) -> tuple[SignedTransactionAPI, Any]:
    """One run of the call as a type-1 transaction carrying the `listed` accesses, every change undone after."""
    builder: Any = DevVM.get_transaction_builder()  # Berlin's and later: typed transactions too
    unsigned = builder.new_unsigned_access_list_transaction(
        chain_id=0,  # a spoofed transaction is never checked against the chain's id
        nonce=nonce,
        gas_price=0,
        gas=msg.gas,
        to=Address(msg.to or b""),
        value=msg.value,
        data=msg.data,
        access_list=[(Address(a), tuple(slots)) for a, slots in listed.items()],
    )
    tx = cast(SignedTransactionAPI, SpoofTransaction(unsigned, from_=Address(msg.sender)))
    snapshot = state.snapshot()
    try:
        return tx, state.costless_execute_transaction(tx)
    finally:
        state.revert(snapshot)


@contextmanager
def _noting(state: Any, accessed: Accessed, left_out: frozenset[bytes]) -> Iterator[None]:
    """While open, every account and slot the state marks warm is noted in `accessed`, in order."""
    mark_address, mark_slot = state.mark_address_warm, state.mark_storage_warm

    def address_warm(address: Address) -> None:
        if bytes(address) not in left_out:
            accessed.setdefault(bytes(address), [])
        mark_address(address)

    def slot_warm(address: Address, slot: int) -> None:
        slots = accessed.setdefault(bytes(address), [])
        if slot not in slots:
            slots.append(slot)
        mark_slot(address, slot)

    state.mark_address_warm, state.mark_storage_warm = address_warm, slot_warm  # on this state object only
    try:
        yield
    finally:
        del state.mark_address_warm, state.mark_storage_warm  # the class's own methods again
