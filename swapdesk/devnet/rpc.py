"""Standard Ethereum JSON-RPC over a `DevChain`.

`handle(chain, request)` takes one decoded JSON-RPC request object and returns
the response object; it never raises. The same function serves the in-process
web3 provider and `/rpc/{chainID}` over HTTP, so wallets, cast and the engine
see one implementation. Quantities are hex strings, data is 0x-hex, as the
Ethereum JSON-RPC specification requires.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from eth.abc import BlockHeaderAPI, ReceiptAPI, SignedTransactionAPI
from eth_utils import to_checksum_address

from swapdesk.devnet.evm import Call, ChainError, DevChain, ExecutionReverted, contract_address

Json = dict[str, Any]

CLIENT_VERSION = "swapdesk-devnet/1 (py-evm)"
PRIORITY_FEE = 1  # devnet blocks are never full; any tip is accepted
MAX_LOG_RANGE = 10_000


class RpcError(Exception):
    def __init__(self, code: int, message: str, data: str | None = None) -> None:
        super().__init__(message)
        self.code, self.message, self.data = code, message, data


def respond(chain: DevChain, payload: Any) -> Any:
    """The answer to a decoded JSON-RPC payload: one request object, or a batch (a list of them)."""
    if isinstance(payload, list):
        return [handle(chain, r) for r in payload]
    return handle(chain, payload)


def handle(chain: DevChain, request: Any) -> Json:
    request_id = request.get("id") if isinstance(request, dict) else None
    try:
        if not isinstance(request, dict) or not isinstance(request.get("method"), str):
            raise RpcError(-32600, "invalid request")
        params = request.get("params", [])
        if not isinstance(params, list):
            raise RpcError(-32602, "params must be an array")
        method = METHODS.get(request["method"])
        if method is None:
            raise RpcError(-32601, f"method {request['method']} is not supported")
        try:
            result = method(chain, *params)
        except TypeError as exc:
            raise RpcError(-32602, f"invalid params: {exc}") from exc
        return {"jsonrpc": "2.0", "id": request_id, "result": result}
    except RpcError as exc:
        error: Json = {"code": exc.code, "message": exc.message}
        if exc.data is not None:
            error["data"] = exc.data
        return {"jsonrpc": "2.0", "id": request_id, "error": error}
    except ExecutionReverted as exc:
        error = {"code": 3, "message": str(exc), "data": "0x" + exc.data.hex()}
        return {"jsonrpc": "2.0", "id": request_id, "error": error}
    except ChainError as exc:
        return {"jsonrpc": "2.0", "id": request_id, "error": {"code": -32000, "message": str(exc)}}


# -- parameter decoding -------------------------------------------------------


def _quantity(value: Any, name: str) -> int:
    if isinstance(value, str) and value.startswith("0x"):
        try:
            return int(value, 16)
        except ValueError:
            pass
    raise RpcError(-32602, f"{name} must be a hex quantity")


def _data(value: Any, name: str) -> bytes:
    if isinstance(value, str) and value.startswith("0x"):
        try:
            return bytes.fromhex(value[2:])
        except ValueError:
            pass
    raise RpcError(-32602, f"{name} must be 0x-prefixed hex data")


def _address(value: Any, name: str) -> bytes:
    raw = _data(value, name)
    if len(raw) != 20:
        raise RpcError(-32602, f"{name} must be a 20-byte address")
    return raw


def _hash(value: Any, name: str) -> bytes:
    raw = _data(value, name)
    if len(raw) != 32:
        raise RpcError(-32602, f"{name} must be a 32-byte hash")
    return raw


def _block(chain: DevChain, tag: Any = "latest") -> BlockHeaderAPI:
    if isinstance(tag, dict) and "blockHash" in tag:
        header = chain.header_by_hash(_hash(tag["blockHash"], "blockHash"))
        if header is None:
            raise RpcError(-32001, "block not found")
        return header
    if isinstance(tag, dict) and "blockNumber" in tag:
        tag = tag["blockNumber"]
    if tag in ("latest", "pending", "safe", "finalized"):
        return chain.head
    if tag == "earliest":
        return chain.header(0)
    number = _quantity(tag, "block")
    if number > chain.head.block_number:
        raise RpcError(-32001, f"block {number} not found")
    return chain.header(number)


def _call_header(chain: DevChain, tag: Any) -> BlockHeaderAPI | None:
    """None means 'on top of the chain, now' (latest and pending)."""
    return None if tag in ("latest", "pending", None) else _block(chain, tag)


def _message(tx: Any) -> Call:
    if not isinstance(tx, dict):
        raise RpcError(-32602, "transaction must be an object")
    data = tx.get("input", tx.get("data", "0x"))
    return Call(
        sender=_address(tx["from"], "from") if tx.get("from") else b"\0" * 20,
        to=_address(tx["to"], "to") if tx.get("to") else None,
        data=_data(data, "input"),
        value=_quantity(tx["value"], "value") if tx.get("value") else 0,
        gas=_quantity(tx["gas"], "gas") if tx.get("gas") else Call.gas,
    )


# -- encoding -----------------------------------------------------------------


def _hex(value: int) -> str:
    return hex(value)


def _bytes(value: bytes) -> str:
    return "0x" + bytes(value).hex()


def _checksum(value: bytes) -> str:
    return to_checksum_address(value)


def _effective_gas_price(tx: SignedTransactionAPI, header: BlockHeaderAPI) -> int:
    if tx.type_id is None or tx.type_id == 1:
        return int(tx.gas_price)
    base_fee = header.base_fee_per_gas or 0
    return min(int(tx.max_fee_per_gas), base_fee + int(tx.max_priority_fee_per_gas))


def _transaction(tx: SignedTransactionAPI, header: BlockHeaderAPI, index: int) -> Json:
    out: Json = {
        "hash": _bytes(tx.hash),
        "nonce": _hex(tx.nonce),
        "blockHash": _bytes(header.hash),
        "blockNumber": _hex(header.block_number),
        "transactionIndex": _hex(index),
        "from": _checksum(tx.sender),
        "to": _checksum(tx.to) if tx.to else None,
        "value": _hex(tx.value),
        "gas": _hex(tx.gas),
        "gasPrice": _hex(_effective_gas_price(tx, header)),
        "input": _bytes(tx.data),
        "type": _hex(tx.type_id or 0),
        "v": _hex(getattr(tx, "v", 0) if tx.type_id is None else tx.y_parity),
        "r": _hex(tx.r),
        "s": _hex(tx.s),
    }
    if tx.type_id is not None:
        out["chainId"] = _hex(tx.chain_id or 0)
        out["yParity"] = _hex(tx.y_parity)
        out["accessList"] = [
            {"address": _checksum(a), "storageKeys": [_bytes(k.to_bytes(32, "big")) for k in keys]}
            for a, keys in tx.access_list
        ]
    if tx.type_id == 2:
        out["maxFeePerGas"] = _hex(tx.max_fee_per_gas)
        out["maxPriorityFeePerGas"] = _hex(tx.max_priority_fee_per_gas)
    return out


def _logs(receipt: ReceiptAPI, header: BlockHeaderAPI, tx_hash: bytes, tx_index: int, first: int) -> list[Json]:
    return [
        {
            "address": _checksum(log.address),
            "topics": [_bytes(t.to_bytes(32, "big")) for t in log.topics],
            "data": _bytes(log.data),
            "blockNumber": _hex(header.block_number),
            "blockHash": _bytes(header.hash),
            "transactionHash": _bytes(tx_hash),
            "transactionIndex": _hex(tx_index),
            "logIndex": _hex(first + i),
            "removed": False,
        }
        for i, log in enumerate(receipt.logs)
    ]


def _receipt(chain: DevChain, tx: SignedTransactionAPI, header: BlockHeaderAPI, index: int) -> Json:
    receipts = chain.receipts(header)
    receipt = receipts[index]
    previous = receipts[index - 1].gas_used if index else 0
    first_log = sum(len(r.logs) for r in receipts[:index])
    created = contract_address(tx)
    return {
        "transactionHash": _bytes(tx.hash),
        "transactionIndex": _hex(index),
        "blockHash": _bytes(header.hash),
        "blockNumber": _hex(header.block_number),
        "from": _checksum(tx.sender),
        "to": _checksum(tx.to) if tx.to else None,
        "cumulativeGasUsed": _hex(receipt.gas_used),
        "gasUsed": _hex(receipt.gas_used - previous),
        "effectiveGasPrice": _hex(_effective_gas_price(tx, header)),
        "contractAddress": _checksum(created) if created else None,
        "logs": _logs(receipt, header, tx.hash, index, first_log),
        "logsBloom": _bytes(receipt.bloom.to_bytes(256, "big")),
        "status": "0x1" if receipt.state_root == b"\x01" else "0x0",
        "type": _hex(tx.type_id or 0),
    }


def _block_json(chain: DevChain, header: BlockHeaderAPI, full: bool) -> Json:
    block = chain.block(header)
    txs = [_transaction(tx, header, i) if full else _bytes(tx.hash) for i, tx in enumerate(block.transactions)]
    return {
        "number": _hex(header.block_number),
        "hash": _bytes(header.hash),
        "parentHash": _bytes(header.parent_hash),
        "nonce": _bytes(header.nonce),
        "sha3Uncles": _bytes(header.uncles_hash),
        "logsBloom": _bytes(header.bloom.to_bytes(256, "big")),
        "transactionsRoot": _bytes(header.transaction_root),
        "stateRoot": _bytes(header.state_root),
        "receiptsRoot": _bytes(header.receipt_root),
        "miner": _checksum(header.coinbase),
        "difficulty": _hex(header.difficulty),
        "totalDifficulty": "0x0",
        "extraData": _bytes(header.extra_data),
        "size": _hex(len(block.transactions) * 200 + 600),
        "gasLimit": _hex(header.gas_limit),
        "gasUsed": _hex(header.gas_used),
        "timestamp": _hex(header.timestamp),
        "mixHash": _bytes(header.mix_hash),
        "baseFeePerGas": _hex(header.base_fee_per_gas or 0),
        "withdrawalsRoot": _bytes(header.withdrawals_root or b""),
        "withdrawals": [],
        "blobGasUsed": _hex(header.blob_gas_used),
        "excessBlobGas": _hex(header.excess_blob_gas),
        "parentBeaconBlockRoot": _bytes(header.parent_beacon_block_root or b""),
        "transactions": txs,
        "uncles": [],
    }


# -- methods ------------------------------------------------------------------


def chain_id(chain: DevChain) -> str:
    return _hex(chain.chain_id)


def net_version(chain: DevChain) -> str:
    return str(chain.chain_id)


def client_version(chain: DevChain) -> str:
    return CLIENT_VERSION


def block_number(chain: DevChain) -> str:
    return _hex(chain.head.block_number)


def gas_price(chain: DevChain) -> str:
    return _hex(chain.pending_base_fee + PRIORITY_FEE)


def max_priority_fee(chain: DevChain) -> str:
    return _hex(PRIORITY_FEE)


def fee_history(chain: DevChain, count: Any, newest: Any, percentiles: Any = None) -> Json:
    blocks = _quantity(count, "blockCount") if isinstance(count, str) else int(count)
    newest_header = _block(chain, newest)
    first = max(0, newest_header.block_number - max(1, min(blocks, 1024)) + 1)
    headers = [chain.header(n) for n in range(first, newest_header.block_number + 1)]
    return {
        "oldestBlock": _hex(first),
        "baseFeePerGas": [_hex(h.base_fee_per_gas or 0) for h in headers] + [_hex(chain.pending_base_fee)],
        "gasUsedRatio": [h.gas_used / h.gas_limit for h in headers],
        "reward": [[_hex(PRIORITY_FEE) for _ in (percentiles or [])] for _ in headers],
    }


def get_balance(chain: DevChain, address: Any, tag: Any = "latest") -> str:
    return _hex(chain.balance(_address(address, "address"), _block(chain, tag)))


def get_transaction_count(chain: DevChain, address: Any, tag: Any = "latest") -> str:
    return _hex(chain.nonce(_address(address, "address"), _block(chain, tag)))


def get_code(chain: DevChain, address: Any, tag: Any = "latest") -> str:
    return _bytes(chain.code(_address(address, "address"), _block(chain, tag)))


def get_storage_at(chain: DevChain, address: Any, slot: Any, tag: Any = "latest") -> str:
    value = chain.storage(_address(address, "address"), _quantity(slot, "slot"), _block(chain, tag))
    return _bytes(value.to_bytes(32, "big"))


def call(chain: DevChain, tx: Any, tag: Any = "latest", *_overrides: Any) -> str:
    return _bytes(chain.call(_message(tx), _call_header(chain, tag)))


def estimate_gas(chain: DevChain, tx: Any, tag: Any = "latest") -> str:
    return _hex(chain.estimate_gas(_message(tx), _call_header(chain, tag)))


def send_raw_transaction(chain: DevChain, raw: Any) -> str:
    return _bytes(chain.send_raw_transaction(_data(raw, "transaction")))


def send_raw_transaction_sync(chain: DevChain, raw: Any, *_timeout: Any) -> Json:
    """EIP-7966: send and answer the receipt (devnet blocks are mined at once)."""
    tx_hash = chain.send_raw_transaction(_data(raw, "transaction"))
    found = chain.transaction(tx_hash)
    assert found is not None
    return _receipt(chain, *found)


def get_transaction_by_hash(chain: DevChain, tx_hash: Any) -> Json | None:
    found = chain.transaction(_hash(tx_hash, "hash"))
    return _transaction(*found) if found else None


def get_transaction_receipt(chain: DevChain, tx_hash: Any) -> Json | None:
    found = chain.transaction(_hash(tx_hash, "hash"))
    return _receipt(chain, *found) if found else None


def get_block_by_number(chain: DevChain, tag: Any, full: bool = False) -> Json | None:
    try:
        header = _block(chain, tag)
    except RpcError as exc:
        if exc.code == -32001:
            return None
        raise
    return _block_json(chain, header, bool(full))


def get_block_by_hash(chain: DevChain, block_hash: Any, full: bool = False) -> Json | None:
    header = chain.header_by_hash(_hash(block_hash, "blockHash"))
    return _block_json(chain, header, bool(full)) if header else None


def _topic_filter(topics: Any) -> list[set[bytes] | None]:
    if topics is None:
        return []
    if not isinstance(topics, list):
        raise RpcError(-32602, "topics must be an array")
    wanted: list[set[bytes] | None] = []
    for entry in topics:
        if entry is None:
            wanted.append(None)
        elif isinstance(entry, list):
            wanted.append({_hash(t, "topic") for t in entry})
        else:
            wanted.append({_hash(entry, "topic")})
    return wanted


def get_logs(chain: DevChain, query: Any) -> list[Json]:
    if not isinstance(query, dict):
        raise RpcError(-32602, "filter must be an object")
    if "blockHash" in query:
        header = chain.header_by_hash(_hash(query["blockHash"], "blockHash"))
        if header is None:
            raise RpcError(-32001, "block not found")
        headers = [header]
    else:
        first = _block(chain, query.get("fromBlock", "latest")).block_number
        last = _block(chain, query.get("toBlock", "latest")).block_number
        if last - first > MAX_LOG_RANGE:
            raise RpcError(-32005, f"block range is limited to {MAX_LOG_RANGE} blocks")
        headers = [chain.header(n) for n in range(first, last + 1)]
    raw_addresses = query.get("address")
    if raw_addresses is None:
        addresses = None
    else:
        listed = raw_addresses if isinstance(raw_addresses, list) else [raw_addresses]
        addresses = {_address(a, "address") for a in listed}
    topics = _topic_filter(query.get("topics"))
    found = []
    for header in headers:
        if not header.gas_used:
            continue
        block = chain.block(header)
        first_log = 0
        for index, (tx, receipt) in enumerate(zip(block.transactions, chain.receipts(header), strict=True)):
            for log in _logs(receipt, header, tx.hash, index, first_log):
                if _matches(log, addresses, topics):
                    found.append(log)
            first_log += len(receipt.logs)
    return found


def _matches(log: Json, addresses: set[bytes] | None, topics: list[set[bytes] | None]) -> bool:
    if addresses is not None and bytes.fromhex(log["address"][2:]) not in addresses:
        return False
    log_topics = [bytes.fromhex(t[2:]) for t in log["topics"]]
    for position, wanted in enumerate(topics):
        if wanted is None:
            continue
        if position >= len(log_topics) or log_topics[position] not in wanted:
            return False
    return True


def accounts(chain: DevChain) -> list[str]:
    return []  # the devnet holds no keys: clients sign


def syncing(chain: DevChain) -> bool:
    return False


METHODS: dict[str, Callable[..., Any]] = {
    "eth_chainId": chain_id,
    "net_version": net_version,
    "web3_clientVersion": client_version,
    "eth_blockNumber": block_number,
    "eth_gasPrice": gas_price,
    "eth_maxPriorityFeePerGas": max_priority_fee,
    "eth_feeHistory": fee_history,
    "eth_getBalance": get_balance,
    "eth_getTransactionCount": get_transaction_count,
    "eth_getCode": get_code,
    "eth_getStorageAt": get_storage_at,
    "eth_call": call,
    "eth_estimateGas": estimate_gas,
    "eth_sendRawTransaction": send_raw_transaction,
    "eth_sendRawTransactionSync": send_raw_transaction_sync,
    "eth_getTransactionByHash": get_transaction_by_hash,
    "eth_getTransactionReceipt": get_transaction_receipt,
    "eth_getBlockByNumber": get_block_by_number,
    "eth_getBlockByHash": get_block_by_hash,
    "eth_getLogs": get_logs,
    "eth_accounts": accounts,
    "eth_syncing": syncing,
}
