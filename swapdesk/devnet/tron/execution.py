"""What a TRON transaction does to the chain: bandwidth and energy burnt, TRX moved, contracts run.

`execute` runs inside `DevChain.commit`, on the state of the block being made, and answers the
transaction's `TransactionInfo`. It refuses (`Refused`, nothing changes, no block) what java-tron refuses
before a block would hold the transaction: bandwidth it cannot pay, a contract that does not validate.

TRON's resource model, reduced to burning TRX (see `parameters`): the transaction's bytes, plus the 64 a
block keeps for its result, cost `TRANSACTION_FEE` sun each (a transfer that creates an account pays
`CREATE_ACCOUNT_FEE` instead, and the transfer itself `CREATE_NEW_ACCOUNT_FEE_IN_SYSTEM_CONTRACT`).
A trigger runs in the EVM with an energy limit of min(fee_limit, balance - call_value) / ENERGY_FEE;
energy used is the EVM's gas used (its 21,000 base included, where TVM charges none), burnt at
ENERGY_FEE. A revert refunds the energy left; running out of energy or any other failure burns the whole
limit, as on TRON. The failed transaction is still in its block, its fee burnt.
"""

from __future__ import annotations

from typing import cast

from eth.abc import ComputationAPI, SignedTransactionAPI, StateAPI
from eth.exceptions import (
    FullStack,
    InsufficientFunds,
    InsufficientStack,
    InvalidInstruction,
    InvalidJumpDestination,
    OutOfGas,
    Revert,
    StackDepthLimit,
    VMError,
    WriteProtection,
)
from eth.vm.forks import CancunVM
from eth.vm.spoof import SpoofTransaction
from eth_typing import Address
from eth_utils import ValidationError

from swapdesk.chain.tron.messages import CODE, CONTRACT_RESULT
from swapdesk.chain.tron.protobuf import Msg
from swapdesk.chain.tron.transactions import TRANSFER, contract_value, size
from swapdesk.devnet.tron.errors import invalid, no_bandwidth
from swapdesk.devnet.tron.parameters import (
    CREATE_ACCOUNT_FEE,
    CREATE_NEW_ACCOUNT_FEE_IN_SYSTEM_CONTRACT,
    ENERGY_FEE,
    MAX_FEE_LIMIT,
    RESULT_SIZE,
    TRANSACTION_FEE,
)

VM = CancunVM  # the devnet chains' rules (evm.py): gas accounting and transactions as it does them
_FAILED = CODE.numbers["FAILED"]
_RESULTS: tuple[tuple[type[VMError], str], ...] = (
    (Revert, "REVERT"),
    (OutOfGas, "OUT_OF_ENERGY"),
    (InvalidJumpDestination, "BAD_JUMP_DESTINATION"),
    (InvalidInstruction, "ILLEGAL_OPERATION"),
    (WriteProtection, "ILLEGAL_OPERATION"),
    (InsufficientStack, "STACK_TOO_SMALL"),
    (FullStack, "STACK_TOO_LARGE"),
    (StackDepthLimit, "STACK_OVERFLOW"),
    (InsufficientFunds, "TRANSFER_FAILED"),
)


def execute(state: StateAPI, tx: Msg, txid: bytes) -> Msg:
    """Apply signed, validated transaction `tx` to `state`; its TransactionInfo."""
    kind, value = contract_value(tx["raw_data"]["contract"][0])
    owner = _address(value.get("owner_address", b""), "ownerAddress")
    info: Msg = {"id": txid, "blockNumber": state.block_number, "blockTimeStamp": state.timestamp * 1000}
    net_usage = size(tx) + RESULT_SIZE
    if kind == TRANSFER:
        info.update(_transfer(state, owner, value, net_usage))
    else:
        info.update(_trigger(state, owner, value, tx["raw_data"].get("fee_limit", 0), net_usage))
    return info


def _transfer(state: StateAPI, owner: bytes, value: Msg, net_usage: int) -> Msg:
    to = _address(value.get("to_address", b""), "toAddress")
    amount = value.get("amount", 0)
    creates = state.account_is_empty(Address(to))
    net_fee = CREATE_ACCOUNT_FEE if creates else net_usage * TRANSACTION_FEE
    balance = state.get_balance(Address(owner)) - net_fee
    if balance < 0:
        raise no_bandwidth()
    if to == owner:
        raise invalid("Cannot transfer TRX to yourself.")
    if amount <= 0:
        raise invalid("Amount must be greater than 0.")
    if state.get_code(Address(to)):
        raise invalid("Cannot transfer TRX to a smartContract.")
    create_fee = CREATE_NEW_ACCOUNT_FEE_IN_SYSTEM_CONTRACT if creates else 0
    if balance < amount + create_fee:
        raise invalid("Validate TransferContract error, balance is not sufficient.")
    state.delta_balance(Address(owner), -(net_fee + create_fee + amount))
    state.delta_balance(Address(to), amount)
    return {"fee": net_fee + create_fee, "contractResult": [b""], "receipt": {"net_fee": net_fee}}


def _trigger(state: StateAPI, owner: bytes, value: Msg, fee_limit: int, net_usage: int) -> Msg:
    contract = _address(value.get("contract_address", b""), "contractAddress")
    call_value = value.get("call_value", 0)
    net_fee = net_usage * TRANSACTION_FEE
    balance = state.get_balance(Address(owner)) - net_fee
    if balance < 0:
        raise no_bandwidth()
    if not state.get_code(Address(contract)):
        raise invalid("No contract or not a smart contract")
    if not 0 <= fee_limit <= MAX_FEE_LIMIT:
        raise invalid(f"feeLimit must be >= 0 and <= {MAX_FEE_LIMIT}")
    if call_value < 0:
        raise invalid("callValue must be >= 0")
    if value.get("call_token_value") or value.get("token_id"):
        raise invalid("TRC-10 tokens are not supported on the swapdesk devnet")
    if balance < call_value:
        raise invalid("Validate InternalTransfer error, balance is not sufficient.")
    limit = min(fee_limit, balance - call_value) // ENERGY_FEE
    state.delta_balance(Address(owner), -net_fee)

    evm_tx = _message(state, owner, contract, value.get("data", b""), call_value, limit)
    if limit < evm_tx.intrinsic_gas:  # not enough energy to begin: TVM would run out at once
        state.delta_balance(Address(owner), -limit * ENERGY_FEE)
        return _trigger_info(contract, net_fee, limit, "OUT_OF_ENERGY", b"", [], "Not enough energy")
    try:
        computation = state.apply_transaction(evm_tx)
    except ValidationError as exc:
        raise invalid(str(exc)) from None
    used = VM.finalize_gas_used(evm_tx, computation)
    # the EVM charged the block's base fee per gas; TRON burns ENERGY_FEE per unit of energy
    state.delta_balance(Address(owner), used * (state.base_fee - ENERGY_FEE))
    result, message = _result(computation)
    logs = [] if computation.is_error else _logs(computation)
    return _trigger_info(contract, net_fee, used, result, bytes(computation.output), logs, message)


def _message(
    state: StateAPI, owner: bytes, contract: bytes, data: bytes, call_value: int, gas: int
) -> SignedTransactionAPI:
    """The trigger as an EVM message from `owner` (no signature: TRON's was checked), priced at the base fee."""
    unsigned = VM.get_transaction_builder().create_unsigned_transaction(
        nonce=state.get_nonce(Address(owner)),
        gas_price=state.base_fee,
        gas=gas,
        to=Address(contract),
        value=call_value,
        data=data,
    )
    return cast(SignedTransactionAPI, SpoofTransaction(unsigned, from_=Address(owner)))  # as devnet.calls does


def _result(computation: ComputationAPI) -> tuple[str, str]:
    if not computation.is_error:
        return "SUCCESS", ""
    error = computation.error
    if isinstance(error, Revert):
        return "REVERT", "REVERT opcode executed"
    for kind, name in _RESULTS:
        if isinstance(error, kind):
            return name, str(error) or name
    return "UNKNOWN", str(error) or type(error).__name__


def _logs(computation: ComputationAPI) -> list[Msg]:
    return [
        {"address": bytes(address), "topics": [t.to_bytes(32, "big") for t in topics], "data": bytes(data)}
        for address, topics, data in computation.get_log_entries()
    ]


def _trigger_info(
    contract: bytes, net_fee: int, energy: int, result: str, output: bytes, logs: list[Msg], message: str
) -> Msg:
    info: Msg = {
        "fee": net_fee + energy * ENERGY_FEE,
        "contractResult": [output],
        "contract_address": b"\x41" + contract,
        "receipt": {
            "energy_fee": energy * ENERGY_FEE,
            "energy_usage_total": energy,
            "net_fee": net_fee,
            "result": CONTRACT_RESULT.numbers[result],
        },
        "log": logs,
    }
    if result != "SUCCESS":
        info["result"] = _FAILED
        info["resMessage"] = message.encode()
    return info


def _address(raw: bytes, name: str) -> bytes:
    """The 20 bytes of a TRON address (0x41 + 20 bytes), as java-tron's `DecodeUtil.addressValid` demands."""
    if len(raw) != 21 or raw[0] != 0x41:
        raise invalid(f"Invalid {name}!")
    return raw[1:]
