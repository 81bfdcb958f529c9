"""Blocks, transactions, receipts and logs in the shapes of the Ethereum JSON-RPC specification:
quantities as hex strings, data as 0x-hex, addresses in EIP-55."""

from __future__ import annotations

from typing import Any

from eth.abc import BlockHeaderAPI, LogAPI, SignedTransactionAPI
from eth_utils import to_checksum_address

from swapdesk.devnet.evm import DevChain, contract_address

Json = dict[str, Any]


def hex_quantity(value: int) -> str:
    return hex(value)


def hex_data(value: bytes) -> str:
    return "0x" + bytes(value).hex()


def checksum(value: bytes) -> str:
    return to_checksum_address(value)


def effective_gas_price(tx: SignedTransactionAPI, header: BlockHeaderAPI) -> int:
    if tx.type_id is None or tx.type_id == 1:
        return int(tx.gas_price)
    base_fee = header.base_fee_per_gas or 0
    return min(int(tx.max_fee_per_gas), base_fee + int(tx.max_priority_fee_per_gas))


def transaction_json(tx: SignedTransactionAPI, header: BlockHeaderAPI | None, index: int | None) -> Json:
    """A transaction in its block, or (header None) one waiting in the pool: no block, and the most it may pay
    per gas as its gas price, as geth shows pool transactions."""
    out: Json = {
        "hash": hex_data(tx.hash),
        "nonce": hex_quantity(tx.nonce),
        "blockHash": hex_data(header.hash) if header else None,
        "blockNumber": hex_quantity(header.block_number) if header else None,
        "transactionIndex": hex_quantity(index) if header and index is not None else None,
        "from": checksum(tx.sender),
        "to": checksum(tx.to) if tx.to else None,
        "value": hex_quantity(tx.value),
        "gas": hex_quantity(tx.gas),
        "gasPrice": hex_quantity(effective_gas_price(tx, header) if header else _max_fee(tx)),
        "input": hex_data(tx.data),
        "type": hex_quantity(tx.type_id or 0),
        "v": hex_quantity(getattr(tx, "v", 0) if tx.type_id is None else tx.y_parity),
        "r": hex_quantity(tx.r),
        "s": hex_quantity(tx.s),
    }
    if tx.chain_id is not None:  # an EIP-155 legacy transaction's v encodes it: geth shows it too
        out["chainId"] = hex_quantity(tx.chain_id)
    if tx.type_id is not None:
        out["yParity"] = hex_quantity(tx.y_parity)
        out["accessList"] = [
            {"address": checksum(a), "storageKeys": [hex_data(k.to_bytes(32, "big")) for k in keys]}
            for a, keys in tx.access_list
        ]
    if tx.type_id == 2:
        out["maxFeePerGas"] = hex_quantity(tx.max_fee_per_gas)
        out["maxPriorityFeePerGas"] = hex_quantity(tx.max_priority_fee_per_gas)
    return out


def _max_fee(tx: SignedTransactionAPI) -> int:
    return int(tx.gas_price if tx.type_id is None or tx.type_id == 1 else tx.max_fee_per_gas)


def log_json(log: LogAPI, header: BlockHeaderAPI, tx_hash: bytes, tx_index: int, log_index: int) -> Json:
    return {
        "address": checksum(log.address),
        "topics": [hex_data(t.to_bytes(32, "big")) for t in log.topics],
        "data": hex_data(log.data),
        "blockNumber": hex_quantity(header.block_number),
        "blockHash": hex_data(header.hash),
        "transactionHash": hex_data(tx_hash),
        "transactionIndex": hex_quantity(tx_index),
        "logIndex": hex_quantity(log_index),
        "removed": False,
    }


def receipt_json(chain: DevChain, tx: SignedTransactionAPI, header: BlockHeaderAPI, index: int) -> Json:
    receipts = chain.receipts(header)
    receipt = receipts[index]
    previous = receipts[index - 1].gas_used if index else 0
    first_log = sum(len(r.logs) for r in receipts[:index])
    created = contract_address(tx)
    return {
        "transactionHash": hex_data(tx.hash),
        "transactionIndex": hex_quantity(index),
        "blockHash": hex_data(header.hash),
        "blockNumber": hex_quantity(header.block_number),
        "from": checksum(tx.sender),
        "to": checksum(tx.to) if tx.to else None,
        "cumulativeGasUsed": hex_quantity(receipt.gas_used),
        "gasUsed": hex_quantity(receipt.gas_used - previous),
        "effectiveGasPrice": hex_quantity(effective_gas_price(tx, header)),
        "contractAddress": checksum(created) if created else None,
        "logs": [log_json(log, header, tx.hash, index, first_log + i) for i, log in enumerate(receipt.logs)],
        "logsBloom": hex_data(receipt.bloom.to_bytes(256, "big")),
        "status": "0x1" if receipt.state_root == b"\x01" else "0x0",
        "type": hex_quantity(tx.type_id or 0),
    }


def block_json(chain: DevChain, header: BlockHeaderAPI, full: bool) -> Json:
    block = chain.block(header)
    txs = [transaction_json(tx, header, i) if full else hex_data(tx.hash) for i, tx in enumerate(block.transactions)]
    return {
        "number": hex_quantity(header.block_number),
        "hash": hex_data(header.hash),
        "parentHash": hex_data(header.parent_hash),
        "nonce": hex_data(header.nonce),
        "sha3Uncles": hex_data(header.uncles_hash),
        "logsBloom": hex_data(header.bloom.to_bytes(256, "big")),
        "transactionsRoot": hex_data(header.transaction_root),
        "stateRoot": hex_data(header.state_root),
        "receiptsRoot": hex_data(header.receipt_root),
        "miner": checksum(header.coinbase),
        "difficulty": hex_quantity(header.difficulty),
        "totalDifficulty": "0x0",
        "extraData": hex_data(header.extra_data),
        "size": hex_quantity(len(block.transactions) * 200 + 600),
        "gasLimit": hex_quantity(header.gas_limit),
        "gasUsed": hex_quantity(header.gas_used),
        "timestamp": hex_quantity(header.timestamp),
        "mixHash": hex_data(header.mix_hash),
        "baseFeePerGas": hex_quantity(header.base_fee_per_gas or 0),
        "withdrawalsRoot": hex_data(header.withdrawals_root or b""),
        "withdrawals": [],
        "blobGasUsed": hex_quantity(header.blob_gas_used),
        "excessBlobGas": hex_quantity(header.excess_blob_gas),
        "parentBeaconBlockRoot": hex_data(header.parent_beacon_block_root or b""),
        "transactions": txs,
        "uncles": [],
    }


def call_frame_json(
    *,
    kind: str,
    sender: bytes,
    to: bytes | None,
    value: int | None,
    gas: int,
    gas_used: int,
    data: bytes,
    output: bytes | None,
    error: str | None,
    revert_reason: str | None,
    calls: list[Json],
    logs: list[tuple[bytes, tuple[int, ...], bytes, int]] | None,
) -> Json:
    """One frame of geth's callTracer, its fields in geth's order, the empty ones left out as geth leaves them
    out (`logs` are `withLog`'s: each with its position among the frame's calls)."""
    out: Json = {"from": checksum(sender), "gas": hex_quantity(gas), "gasUsed": hex_quantity(gas_used)}
    if to is not None:
        out["to"] = checksum(to)
    out["input"] = hex_data(data)
    if output:
        out["output"] = hex_data(output)
    if error:
        out["error"] = error
    if revert_reason:
        out["revertReason"] = revert_reason
    if calls:
        out["calls"] = calls
    if logs:
        out["logs"] = [
            {
                "address": checksum(address),
                "topics": [hex_data(t.to_bytes(32, "big")) for t in topics],
                "data": hex_data(log_data),
                "position": hex_quantity(position),
            }
            for address, topics, log_data, position in logs
        ]
    if value is not None:
        out["value"] = hex_quantity(value)
    out["type"] = kind
    return out
