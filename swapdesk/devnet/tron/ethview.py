"""TRON transactions as the chain's Ethereum JSON-RPC shows them, as java-tron's `/jsonrpc` does.

A TRON transaction changes the state of an EVM block of chain 95500 without being an Ethereum
transaction, so py-evm's indexes do not know it. These functions give the Ethereum view of the TRON
transactions kept in `records`, for `swapdesk/devnet/rpc.py` to serve on the TRON chain: `transaction`
and `receipt` by hash (the TRON id), and per block its TRON `hashes` and log `entries` (py-evm logs, for
rpc.py's filters) or `logs` (JSON). They come after the block's Ethereum transactions and logs. Shapes
are java-tron's (`TransactionResult`, `TransactionReceipt`): gas is energy, its price the energy fee,
`logsBloom` all zeros.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from eth.abc import BlockHeaderAPI, LogAPI
from eth.rlp.logs import Log

from swapdesk.address import to_checksum
from swapdesk.chain.tron.messages import CONTRACT_RESULT
from swapdesk.chain.tron.protobuf import Msg
from swapdesk.chain.tron.transactions import TRANSFER, contract_value
from swapdesk.devnet.evm import DevChain
from swapdesk.devnet.tron import records
from swapdesk.devnet.tron.parameters import ENERGY_FEE

Json = dict[str, Any]
_SUCCESS = CONTRACT_RESULT.numbers["SUCCESS"]


def hashes(chain: DevChain, header: BlockHeaderAPI) -> list[bytes]:
    """The TRON transactions of a block, in order."""
    return records.block_transactions(chain, header.block_number)


def transaction(chain: DevChain, tx_hash: bytes) -> Json | None:
    found = _find(chain, tx_hash)
    if found is None:
        return None
    tx, _, header, index = found
    raw = tx["raw_data"]
    kind, value = contract_value(raw["contract"][0])
    to = value.get("to_address" if kind == TRANSFER else "contract_address", b"")
    signature = tx["signature"][0] if tx.get("signature") else bytes(65)
    return {
        "hash": _data(tx_hash),
        "nonce": "0x0",
        "blockHash": _data(header.hash),
        "blockNumber": hex(header.block_number),
        "transactionIndex": hex(index),
        "from": _address(value.get("owner_address", b"")),
        "to": _address(to),
        "value": hex(value.get("amount" if kind == TRANSFER else "call_value", 0)),
        "gas": hex(raw.get("fee_limit", 0) // ENERGY_FEE),
        "gasPrice": hex(ENERGY_FEE),
        "input": _data(value.get("data", b"")),
        "type": "0x0",
        "v": hex(signature[64]),
        "r": _data(signature[:32]),
        "s": _data(signature[32:64]),
        "chainId": hex(chain.chain_id),  # as on every transaction object the chain's JSON-RPC answers
    }


def receipt(chain: DevChain, tx_hash: bytes) -> Json | None:
    found = _find(chain, tx_hash)
    if found is None:
        return None
    tx, info, header, index = found
    kind, value = contract_value(tx["raw_data"]["contract"][0])
    block_logs = logs(chain, header)
    used = info.get("receipt", {}).get("energy_usage_total", 0)
    to = value.get("to_address" if kind == TRANSFER else "contract_address", b"")
    return {
        "transactionHash": _data(tx_hash),
        "transactionIndex": hex(index),
        "blockHash": _data(header.hash),
        "blockNumber": hex(header.block_number),
        "from": _address(value.get("owner_address", b"")),
        "to": _address(to),
        "cumulativeGasUsed": hex(_cumulative(chain, header, index)),
        "gasUsed": hex(used),
        "effectiveGasPrice": hex(ENERGY_FEE),
        "contractAddress": None,
        "logs": [log for log in block_logs if log["transactionHash"] == _data(tx_hash)],
        "logsBloom": _data(bytes(256)),
        "status": "0x1" if info.get("receipt", {}).get("result", _SUCCESS) == _SUCCESS else "0x0",
        "type": "0x0",
    }


@dataclass(frozen=True)
class Entry:
    """The logs of one TRON transaction of a block, as py-evm logs (what rpc.py filters and encodes)."""

    tx_hash: bytes
    tx_index: int  # after the block's Ethereum transactions
    logs: tuple[LogAPI, ...]


def entries(chain: DevChain, header: BlockHeaderAPI) -> list[Entry]:
    first = len(chain.block(header).transactions)
    found = []
    for position, txid in enumerate(hashes(chain, header)):
        info = records.info(chain, txid) or {}
        logs = tuple(
            Log(log["address"], tuple(int.from_bytes(t, "big") for t in log.get("topics", [])), log.get("data", b""))
            for log in info.get("log", [])
        )
        found.append(Entry(txid, first + position, logs))
    return found


def logs(chain: DevChain, header: BlockHeaderAPI) -> list[Json]:
    """The block's TRON logs as `eth_getLogs` answers them, indexed after its Ethereum logs."""
    out: list[Json] = []
    first_log = sum(len(r.logs) for r in chain.receipts(header))
    for entry in entries(chain, header):
        for log in entry.logs:
            out.append(
                {
                    "address": to_checksum(log.address),
                    "topics": [_data(t.to_bytes(32, "big")) for t in log.topics],
                    "data": _data(log.data),
                    "blockNumber": hex(header.block_number),
                    "blockHash": _data(header.hash),
                    "transactionHash": _data(entry.tx_hash),
                    "transactionIndex": hex(entry.tx_index),
                    "logIndex": hex(first_log + len(out)),
                    "removed": False,
                }
            )
    return out


def _find(chain: DevChain, tx_hash: bytes) -> tuple[Msg, Msg, BlockHeaderAPI, int] | None:
    tx, info = records.transaction(chain, tx_hash), records.info(chain, tx_hash)
    if tx is None or info is None:
        return None
    header = chain.header(info["blockNumber"])
    index = len(chain.block(header).transactions) + hashes(chain, header).index(tx_hash)
    return tx, info, header, index


def _cumulative(chain: DevChain, header: BlockHeaderAPI, index: int) -> int:
    """Energy used by the block's transactions up to `index`: Ethereum's gas, then TRON's energy."""
    total = header.gas_used
    first_tron = len(chain.block(header).transactions)
    for txid in hashes(chain, header)[: index - first_tron + 1]:
        total += (records.info(chain, txid) or {}).get("receipt", {}).get("energy_usage_total", 0)
    return total


def _address(tron: bytes) -> str | None:
    return to_checksum(tron[1:]) if len(tron) == 21 else None


def _data(raw: bytes) -> str:
    return "0x" + bytes(raw).hex()
