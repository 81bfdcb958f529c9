"""What a block holds, as the chain's JSON-RPC shows it: its transactions, their receipts and their logs.

On the TRON chain the TRON node's transactions come after each block's Ethereum transactions, by their TRON
id, as java-tron's /jsonrpc shows them (see tron/ethview.py): in blocks, receipts, logs and filters alike.
"""

from __future__ import annotations

from typing import Any

from eth.abc import BlockHeaderAPI, ReceiptAPI

from swapdesk.chains import by_id
from swapdesk.devnet.evm import DevChain
from swapdesk.devnet.rpc_params import LogFilter
from swapdesk.devnet.rpc_shapes import hex_data, log_json, receipt_json, transaction_json
from swapdesk.devnet.tron import ethview

Json = dict[str, Any]


def is_tron(chain: DevChain) -> bool:
    return by_id(chain.chain_id).tron


def transactions(chain: DevChain, header: BlockHeaderAPI, full: bool) -> list[Any]:
    """The block's transactions: their hashes, or (`full`) the transaction objects."""
    mined = chain.block(header).transactions
    out: list[Any] = [transaction_json(tx, header, i) if full else hex_data(tx.hash) for i, tx in enumerate(mined)]
    if is_tron(chain):
        tron = ethview.hashes(chain, header)
        out += [ethview.transaction(chain, h) for h in tron] if full else [hex_data(h) for h in tron]
    return out


def receipts(chain: DevChain, header: BlockHeaderAPI) -> list[Json]:
    """The receipts of every transaction of the block, in order (eth_getBlockReceipts)."""
    out = [receipt_json(chain, tx, header, i) for i, tx in enumerate(chain.block(header).transactions)]
    for tx_hash in ethview.hashes(chain, header) if is_tron(chain) else ():
        receipt = ethview.receipt(chain, tx_hash)
        if receipt is not None:
            out.append(receipt)
    return out


def logs(chain: DevChain, header: BlockHeaderAPI, query: LogFilter) -> list[Json]:
    """The block's logs that `query` matches (its addresses and topics; not its block range)."""
    tron = is_tron(chain)
    if not tron and (not header.gas_used or not query.may_be_in(header.bloom)):  # no log it could match
        return []  # (a TRON transaction's block uses no gas, and its logs are not in the header's bloom)
    found, log_index = [], 0
    block_receipts: tuple[ReceiptAPI, ...] = chain.receipts(header)
    for tx_index, (tx, receipt) in enumerate(zip(chain.block(header).transactions, block_receipts, strict=True)):
        for log in receipt.logs:
            if query.matches(log):
                found.append(log_json(log, header, tx.hash, tx_index, log_index))
            log_index += 1
    for entry in ethview.entries(chain, header) if tron else ():
        for log in entry.logs:
            if query.matches(log):
                found.append(log_json(log, header, entry.tx_hash, entry.tx_index, log_index))
            log_index += 1
    return found
