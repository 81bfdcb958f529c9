"""Standard Ethereum JSON-RPC over a `DevChain`: its methods, their parameters, their answers.

`respond(chain, request)` answers one request object on the chain's own thread
(`Devnet.rpc`); the protocol around it (bodies, batches, notifications, sizes)
is `jsonrpc`'s. Every method declares its parameters, so a call is checked
before it runs: too many, a required one missing or one of the wrong form is
refused (-32602) naming the parameter and what it must be. Quantities are hex
strings and data is 0x-hex, as the Ethereum JSON-RPC specification requires.

Limits, and whose they follow:
  eth_call, eth_estimateGas   gas clamped to `evm.CALL_GAS`, 50M (geth's RPC gas cap);
                              `evm.CALL_TIME_CAP` of execution (geth's EVM timeout, "execution aborted"); an
                              eth_call the less its caller asks (`respond`'s `call_time`: one in an HTTP batch)
  eth_getLogs                 MAX_LOG_RANGE blocks and MAX_LOGS results, each answered -32005 with a
                              range that works ("Try with this block range [from, to].", as Infura)
  eth_sendRawTransaction      replay-protected (EIP-155) transactions only, as geth by default; a nonce
                              ahead of the sender's is queued with geth's bounds (`txpool`); Cancun's types
  debug_trace*                geth's callTracer only (`tracing`), under the execution time cap
  eth_getProof                at most 1,000 storage keys (`proofs`)
  filters                     idle ones expire after 5 minutes, 1,000 a chain at most (`filters`)
"""

from __future__ import annotations

from functools import partial
from typing import Any

from eth.abc import BlockHeaderAPI

from swapdesk.chain.jsonrpc import (
    LIMIT_EXCEEDED,
    METHOD_NOT_FOUND,
    SERVER_ERROR,
    Params,
    RpcError,
    handle,
)
from swapdesk.devnet import blockview, filters, proofs, tracing, txpool, vm
from swapdesk.devnet.access_list import create_access_list
from swapdesk.devnet.calls import unsigned
from swapdesk.devnet.evm import Call, ChainError, DevChain, ExecutionReverted
from swapdesk.devnet.rpc_params import (
    LogFilter,
    Method,
    Param,
    address,
    block_id,
    block_number,
    block_ref,
    boolean,
    count,
    data,
    filter_id,
    hash32,
    invalid,
    log_filter,
    no_overrides,
    percentiles,
    quantity,
    storage_keys,
    trace_config,
    transaction,
)
from swapdesk.devnet.rpc_shapes import (
    block_json,
    checksum,
    hex_data,
    hex_quantity,
    receipt_json,
    transaction_json,
)
from swapdesk.devnet.tron import ethview

Json = dict[str, Any]

CLIENT_VERSION = "swapdesk-devnet/1 (py-evm)"
PRIORITY_FEE = 1  # devnet blocks are never full; any tip is accepted
MAX_LOG_RANGE = 10_000  # blocks an eth_getLogs may span (Alchemy's and QuickNode's range)
MAX_LOGS = 10_000  # logs an eth_getLogs may answer (Infura's cap)
MAX_FEE_HISTORY = 1024  # blocks of eth_feeHistory, as geth
NOT_FOUND = -32001  # EIP-1474: resource not found
EXECUTION_REVERTED = 3  # geth: the revert data rides along
NOT_PROCESSED = 4  # EIP-7966: accepted into the pool, not mined (yet)


def respond(chain: DevChain, request: Any, call_time: float | None = None) -> bytes | None:
    """The encoded answer to one JSON-RPC request object (None for a notification); never raises. `call_time`:
    the seconds an `eth_call` may execute, if less than `vm.CALL_TIME_CAP`."""
    return handle(request, partial(call, chain, call_time=call_time))


def call(chain: DevChain, method: str, params: Params, call_time: float | None = None) -> Any:
    """The result of one call; raises RpcError."""
    entry = METHODS.get(method)
    if entry is None:
        raise RpcError(METHOD_NOT_FOUND, f"the method {method} does not exist/is not available")
    args = entry.arguments(params)
    txpool.promote(chain)  # queued transactions whose turn came, whoever's transaction filled the gap
    try:
        with vm.capped(call_time if method == "eth_call" else None):
            return entry.run(chain, *args)
    except ExecutionReverted as exc:
        raise RpcError(EXECUTION_REVERTED, str(exc), hex_data(exc.data)) from None
    except ChainError as exc:  # refused by the chain, an execution over the time cap included
        raise RpcError(SERVER_ERROR, str(exc)) from None


# -- blocks -----------------------------------------------------------------------


def _number(chain: DevChain, ref: str | int) -> int:
    if ref == "earliest":
        return 0
    return chain.head.block_number if isinstance(ref, str) else ref


def _header(chain: DevChain, ref: str | int | bytes) -> BlockHeaderAPI:
    if isinstance(ref, bytes):
        found = chain.header_by_hash(ref)
        if found is None:
            raise RpcError(NOT_FOUND, f"block {hex_data(ref)} not found")
        return found
    number = _number(chain, ref)
    if number > chain.head.block_number:
        raise RpcError(NOT_FOUND, f"block {number} not found")
    return chain.header(number)


def _call_header(chain: DevChain, ref: str | int | bytes) -> BlockHeaderAPI | None:
    """None means 'on top of the chain, now' (latest and pending)."""
    return None if ref in ("latest", "pending") else _header(chain, ref)


def _executable(chain: DevChain, msg: Call, header: BlockHeaderAPI | None) -> Call:
    """Refused as geth refuses it, before py-evm would reject it in its own words."""
    intrinsic = unsigned(msg).intrinsic_gas  # an access list's addresses and keys count
    if msg.gas < intrinsic:
        raise RpcError(SERVER_ERROR, f"intrinsic gas too low: have {msg.gas}, want {intrinsic}")
    balance = chain.balance(msg.sender, header)
    if msg.value > balance:
        account = checksum(msg.sender)
        problem = f"address {account} have {balance} want {msg.value}"
        raise RpcError(SERVER_ERROR, f"insufficient funds for gas * price + value: {problem}")
    return msg


# -- methods ------------------------------------------------------------------------


def chain_id(chain: DevChain) -> str:
    return hex_quantity(chain.chain_id)


def net_version(chain: DevChain) -> str:
    return str(chain.chain_id)


def client_version(chain: DevChain) -> str:
    return CLIENT_VERSION


def block_number_now(chain: DevChain) -> str:
    return hex_quantity(chain.head.block_number)


def gas_price(chain: DevChain) -> str:
    return hex_quantity(chain.pending_base_fee + PRIORITY_FEE)


def max_priority_fee(chain: DevChain) -> str:
    return hex_quantity(PRIORITY_FEE)


def fee_history(chain: DevChain, blocks: int, newest: str | int, rewards: tuple[float, ...]) -> Json:
    newest_header = _header(chain, newest)
    first = max(0, newest_header.block_number - max(1, min(blocks, MAX_FEE_HISTORY)) + 1)
    headers = [chain.header(n) for n in range(first, newest_header.block_number + 1)]
    return {
        "oldestBlock": hex_quantity(first),
        "baseFeePerGas": [hex_quantity(h.base_fee_per_gas or 0) for h in headers]
        + [hex_quantity(chain.pending_base_fee)],
        "gasUsedRatio": [h.gas_used / h.gas_limit for h in headers],
        "reward": [[hex_quantity(PRIORITY_FEE) for _ in rewards] for _ in headers],
    }


def get_balance(chain: DevChain, account: bytes, ref: str | int | bytes) -> str:
    return hex_quantity(chain.balance(account, _header(chain, ref)))


def get_transaction_count(chain: DevChain, account: bytes, ref: str | int | bytes) -> str:
    return hex_quantity(chain.nonce(account, _header(chain, ref)))


def get_code(chain: DevChain, account: bytes, ref: str | int | bytes) -> str:
    return hex_data(chain.code(account, _header(chain, ref)))


def get_storage_at(chain: DevChain, account: bytes, slot: int, ref: str | int | bytes) -> str:
    return hex_data(chain.storage(account, slot, _header(chain, ref)).to_bytes(32, "big"))


def eth_call(chain: DevChain, msg: Call, ref: str | int | bytes, _overrides: None) -> str:
    header = _call_header(chain, ref)
    return hex_data(chain.call(_executable(chain, msg, header), header))


def estimate_gas(chain: DevChain, msg: Call, ref: str | int | bytes, _overrides: None) -> str:
    header = _call_header(chain, ref)
    return hex_quantity(chain.estimate_gas(_executable(chain, msg, header), header))


def create_access_list_at(chain: DevChain, msg: Call, ref: str | int | bytes) -> Json:
    header = _call_header(chain, ref)
    return create_access_list(chain, _executable(chain, msg, header), header)


def get_proof(chain: DevChain, account: bytes, keys: list[proofs.StorageKey], ref: str | int | bytes) -> Json:
    return proofs.get_proof(chain, account, keys, _header(chain, ref))


def trace_transaction(chain: DevChain, tx_hash: bytes, config: tracing.TraceConfig | None) -> Json:
    return tracing.trace_transaction(chain, tx_hash, _tracer(config))


def trace_call(chain: DevChain, msg: Call, ref: str | int | bytes, config: tracing.TraceConfig | None) -> Json:
    header = _call_header(chain, ref)
    return tracing.trace_call(chain, _executable(chain, msg, header), header, _tracer(config))


def _tracer(config: tracing.TraceConfig | None) -> tracing.TraceConfig:
    if config is None:  # geth's default is its struct logger
        raise invalid('the trace config must name the tracer "callTracer": the devnet traces calls only')
    return config


def send_raw_transaction(chain: DevChain, raw: bytes) -> str:
    return hex_data(txpool.submit(chain, raw))


def send_raw_transaction_sync(chain: DevChain, raw: bytes, _timeout: int | None) -> Json:
    """EIP-7966: send and answer the receipt (devnet blocks are mined at once; a queued one waits its turn)."""
    tx_hash = txpool.submit(chain, raw)
    found = chain.transaction(tx_hash)
    if found is None:
        problem = "the transaction was added to the pool but not mined: its nonce is ahead of the sender's next"
        raise RpcError(NOT_PROCESSED, problem, hex_data(tx_hash))
    return receipt_json(chain, *found)


# On the TRON chain, TRON transactions show to Ethereum clients after each block's Ethereum transactions, as
# java-tron's /jsonrpc shows them (see tron/ethview.py): by their TRON id, in blocks, receipts and logs.


def get_transaction_by_hash(chain: DevChain, tx_hash: bytes) -> Json | None:
    found = chain.transaction(tx_hash)
    if found:
        return transaction_json(*found)
    queued = txpool.queued_transaction(chain, tx_hash)
    if queued is not None:
        return queued
    return ethview.transaction(chain, tx_hash) if blockview.is_tron(chain) else None


def get_transaction_receipt(chain: DevChain, tx_hash: bytes) -> Json | None:
    found = chain.transaction(tx_hash)
    if found:
        return receipt_json(chain, *found)
    return ethview.receipt(chain, tx_hash) if blockview.is_tron(chain) else None


def get_block_by_number(chain: DevChain, ref: str | int, full: bool) -> Json | None:
    number = _number(chain, ref)
    return _block(chain, chain.header(number), full) if number <= chain.head.block_number else None


def get_block_by_hash(chain: DevChain, block_hash: bytes, full: bool) -> Json | None:
    header = chain.header_by_hash(block_hash)
    return _block(chain, header, full) if header else None


def _block(chain: DevChain, header: BlockHeaderAPI, full: bool) -> Json:
    block = block_json(chain, header, full)
    if blockview.is_tron(chain):  # its TRON transactions after its Ethereum ones
        block["transactions"] = blockview.transactions(chain, header, full)
    return block


def get_block_receipts(chain: DevChain, ref: str | int | bytes) -> list[Json] | None:
    try:
        header = _header(chain, ref)
    except RpcError:
        return None  # geth: null for a block it does not have
    return blockview.receipts(chain, header)


def get_logs(chain: DevChain, query: LogFilter) -> list[Json]:
    if query.block_hash is not None:
        first = last = int(_header(chain, query.block_hash).block_number)
    else:
        first, last = _number(chain, query.first), _number(chain, query.last)
        if first > last:
            raise invalid(f"fromBlock {hex_quantity(first)} is after toBlock {hex_quantity(last)}")
        _header(chain, last)  # not found beyond the head: a range that works names blocks that exist
        if last - first >= MAX_LOG_RANGE:
            problem = f"block range is limited to {MAX_LOG_RANGE} blocks"
            raise _log_limit(problem, MAX_LOG_RANGE, first, first + MAX_LOG_RANGE - 1)
    found: list[Json] = []
    for number in range(first, last + 1):
        logs = blockview.logs(chain, chain.header(number), query)
        if len(found) + len(logs) > MAX_LOGS:
            works = number - 1 if number > first and query.block_hash is None else None
            raise _log_limit(f"query returned more than {MAX_LOGS} results", MAX_LOGS, first, works)
        found += logs
    return found


def get_filter_logs(chain: DevChain, ident: str) -> list[Json]:
    return get_logs(chain, filters.log_query(chain, ident))


def _log_limit(problem: str, limit: int, first: int, last: int | None) -> RpcError:
    """-32005 with the range that would work (when one does), in the words clients parse (Infura's)."""
    if last is None:
        return RpcError(LIMIT_EXCEEDED, f"{problem}.", {"limit": limit})
    return RpcError(
        LIMIT_EXCEEDED,
        f"{problem}. Try with this block range [{hex_quantity(first)}, {hex_quantity(last)}].",
        {"from": hex_quantity(first), "to": hex_quantity(last), "limit": limit},
    )


def accounts(chain: DevChain) -> list[str]:
    return []  # the devnet holds no keys: clients sign


def syncing(chain: DevChain) -> bool:
    return False


# execute nothing of their own and read a few entries of the chain: milliseconds, so they go before the calls that
# may take the time cap, and a quote's hold does not keep them waiting (`lanes`)
LIGHT = frozenset(
    {
        "eth_chainId", "net_version", "web3_clientVersion", "eth_blockNumber", "eth_gasPrice",
        "eth_maxPriorityFeePerGas", "eth_getBalance", "eth_getTransactionCount", "eth_getCode", "eth_getStorageAt",
        "eth_getTransactionByHash", "eth_getTransactionReceipt", "eth_getBlockByNumber", "eth_getBlockByHash",
        "eth_accounts", "eth_syncing", "eth_uninstallFilter",
    }
)  # fmt: skip

_BLOCK = Param("block", block_id, "latest")
_OVERRIDES = Param("stateOverrides", no_overrides, None)
_FILTER = Param("filterId", filter_id)
_TRACE = Param("config", trace_config, None)

METHODS: dict[str, Method] = {
    "eth_chainId": Method(chain_id),
    "net_version": Method(net_version),
    "web3_clientVersion": Method(client_version),
    "eth_blockNumber": Method(block_number_now),
    "eth_gasPrice": Method(gas_price),
    "eth_maxPriorityFeePerGas": Method(max_priority_fee),
    "eth_feeHistory": Method(
        fee_history,
        (Param("blockCount", count), Param("newestBlock", block_number), Param("rewardPercentiles", percentiles, ())),
    ),
    "eth_getBalance": Method(get_balance, (Param("address", address), _BLOCK)),
    "eth_getTransactionCount": Method(get_transaction_count, (Param("address", address), _BLOCK)),
    "eth_getCode": Method(get_code, (Param("address", address), _BLOCK)),
    "eth_getStorageAt": Method(get_storage_at, (Param("address", address), Param("slot", quantity), _BLOCK)),
    "eth_call": Method(eth_call, (Param("transaction", transaction), _BLOCK, _OVERRIDES)),
    "eth_estimateGas": Method(estimate_gas, (Param("transaction", transaction), _BLOCK, _OVERRIDES)),
    "eth_sendRawTransaction": Method(send_raw_transaction, (Param("transaction", data),)),
    "eth_sendRawTransactionSync": Method(
        send_raw_transaction_sync, (Param("transaction", data), Param("timeout", count, None))
    ),
    "eth_getTransactionByHash": Method(get_transaction_by_hash, (Param("hash", hash32),)),
    "eth_getTransactionReceipt": Method(get_transaction_receipt, (Param("hash", hash32),)),
    "eth_getBlockByNumber": Method(
        get_block_by_number, (Param("block", block_number), Param("fullTransactions", boolean, False))
    ),
    "eth_getBlockByHash": Method(get_block_by_hash, (Param("hash", hash32), Param("fullTransactions", boolean, False))),
    "eth_getLogs": Method(get_logs, (Param("filter", log_filter),)),
    "eth_accounts": Method(accounts),
    "eth_syncing": Method(syncing),
    "eth_getBlockReceipts": Method(get_block_receipts, (Param("block", block_ref),)),
    "eth_createAccessList": Method(create_access_list_at, (Param("transaction", transaction), _BLOCK)),
    "eth_getProof": Method(get_proof, (Param("address", address), Param("storageKeys", storage_keys), _BLOCK)),
    "debug_traceTransaction": Method(trace_transaction, (Param("hash", hash32), _TRACE)),
    "debug_traceCall": Method(trace_call, (Param("transaction", transaction), _BLOCK, _TRACE)),
    "eth_newFilter": Method(filters.new_filter, (Param("filter", log_filter),)),
    "eth_newBlockFilter": Method(filters.new_block_filter),
    "eth_newPendingTransactionFilter": Method(
        filters.new_pending_transaction_filter, (Param("fullTransactions", boolean, False),)
    ),
    "eth_getFilterChanges": Method(filters.get_filter_changes, (_FILTER,)),
    "eth_getFilterLogs": Method(get_filter_logs, (_FILTER,)),
    "eth_uninstallFilter": Method(filters.uninstall_filter, (_FILTER,)),
    "txpool_status": Method(txpool.status),
    "txpool_content": Method(txpool.content),
}
