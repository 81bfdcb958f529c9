"""What an operator reads from a chain and sends to it: standard Ethereum JSON-RPC through the devnet's
in-process web3 provider, as a real operator talks to its node; on TRON, TRON transactions through the
chain's full node (`swapdesk.devnet.tron.node`), as java-tron's HTTP API would take them.

On the TRON chain the JSON-RPC shows TRON transactions too (receipts and logs by their TRON id, as
java-tron's /jsonrpc does), so watching is the same on every chain; only sending differs.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from eth_utils import to_checksum_address
from web3.types import RPCEndpoint

from swapdesk.chain.tron.protobuf import Msg
from swapdesk.devnet.network import Devnet
from swapdesk.devnet.provider import DevnetProvider
from swapdesk.devnet.tron import node as tron_node
from swapdesk.devnet.tron.request import Request

MAX_LOG_BLOCKS = 10_000  # blocks one eth_getLogs may span (the devnet's limit, and node providers')
EXECUTION_REVERTED = 3


class RpcFailure(RuntimeError):
    def __init__(self, method: str, code: int, message: str) -> None:
        super().__init__(f"{method}: {message}")
        self.code, self.message = code, message


class CallReverted(RpcFailure):
    """eth_call or eth_estimateGas reverted: the transaction would."""


class ChainStopped(RpcFailure):
    """The chain stopped (it is being reset, or the devnet closes): an operator does not start it again."""


@dataclass(frozen=True)
class Log:
    address: str  # checksummed
    topics: tuple[bytes, ...]
    data: bytes
    block: int
    tx: str  # 0x-hex, lower case
    index: int  # in its block


@dataclass(frozen=True)
class Receipt:
    tx: str
    block: int
    ok: bool
    logs: tuple[Log, ...]


class ChainClient:
    def __init__(self, devnet: Devnet, chain_id: int, starts: bool = True) -> None:
        """`starts`: a request to a chain that does not run starts it (a provider's API); else the
        request fails (an operator's: it must not start a chain that is being reset under it)."""
        self.devnet = devnet
        self.chain_id = chain_id
        self.starts = starts
        self._provider = DevnetProvider(devnet, chain_id)

    def _check(self, method: str) -> None:
        if not self.starts and self.chain_id not in self.devnet.running():
            raise ChainStopped(method, 0, f"chain {self.chain_id} is not running")

    async def request(self, method: str, *params: Any) -> Any:
        self._check(method)
        answer: Any = await self._provider.make_request(RPCEndpoint(method), list(params))
        error = answer.get("error")
        if error is not None:
            kind = CallReverted if error.get("code") == EXECUTION_REVERTED else RpcFailure
            raise kind(method, int(error.get("code", 0)), str(error.get("message", "")))
        return answer.get("result")

    async def many(self, *calls: tuple[Any, ...]) -> list[Any]:
        """Several calls' results, in order. One after another, not as a JSON-RPC batch: the chain may
        stop between two of them (a reset), and a batch would start it again for the rest."""
        return [await self.request(method, *params) for method, *params in calls]

    async def head(self) -> int:
        return int(await self.request("eth_blockNumber"), 16)

    async def block(self, number: int) -> dict[str, Any] | None:
        found: dict[str, Any] | None = await self.request("eth_getBlockByNumber", hex(number), False)
        return found

    async def deployed_at(self, address: str, head: int) -> int:
        """The block that created the contract at `address` (binary search over eth_getCode), as an indexer
        finds where to start; `head` + 1 when there is no code yet."""
        low, high = 0, head + 1
        while low < high:
            middle = (low + high) // 2
            if await self.request("eth_getCode", address, hex(middle)) in ("0x", None):
                low = middle + 1
            else:
                high = middle
        return low

    @staticmethod
    def log_query(first: int, last: int, addresses: list[str], topics: list[bytes]) -> dict[str, Any]:
        """eth_getLogs' filter: logs of `addresses` whose first topic is one of `topics`, `first`..`last`."""
        return {
            "fromBlock": hex(first),
            "toBlock": hex(min(last, first + MAX_LOG_BLOCKS - 1)),
            "address": addresses,
            "topics": [["0x" + t.hex() for t in topics]],
        }

    async def receipt(self, tx_hash: str) -> Receipt | None:
        raw = await self.request("eth_getTransactionReceipt", tx_hash)
        if raw is None:
            return None
        return Receipt(
            raw["transactionHash"].lower(),
            int(raw["blockNumber"], 16),
            raw["status"] == "0x1",
            tuple(parse_log(log) for log in raw["logs"]),
        )

    async def call(self, to: str, data: bytes, sender: str | None = None) -> bytes:
        message = {"to": to, "data": "0x" + data.hex()} | ({"from": sender} if sender else {})
        return bytes.fromhex((await self.request("eth_call", message, "latest"))[2:])

    async def estimate_gas(self, sender: str, to: str, data: bytes) -> int:
        return int(await self.request("eth_estimateGas", {"from": sender, "to": to, "data": "0x" + data.hex()}), 16)

    async def nonce(self, address: str) -> int:
        return int(await self.request("eth_getTransactionCount", address, "pending"), 16)

    async def base_fee(self) -> int:
        latest = await self.request("eth_getBlockByNumber", "latest", False)
        return int(latest["baseFeePerGas"], 16)

    async def send_raw(self, raw: bytes) -> str:
        return str(await self.request("eth_sendRawTransaction", "0x" + raw.hex())).lower()

    async def tron(self, method: str, params: Msg) -> Msg:
        """java-tron's `wallet/<method>` on this (the TRON) chain, hex addresses (`visible` false)."""
        self._check(method)
        request = Request(params=params, visible=False)
        answer: Msg = await self.devnet.run(self.chain_id, tron_node.answer, method, request)
        return answer


def parse_log(raw: dict[str, Any]) -> Log:
    return Log(
        to_checksum_address(raw["address"]),
        tuple(bytes.fromhex(t[2:]) for t in raw["topics"]),
        bytes.fromhex(raw["data"][2:]),
        int(raw["blockNumber"], 16),
        raw["transactionHash"].lower(),
        int(raw["logIndex"], 16),
    )
