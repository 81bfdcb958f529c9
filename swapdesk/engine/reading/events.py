"""The events a transaction's receipt is read by, known by their signatures alone (no contract's address is
trusted or needed to recognise them): token movements (ERC-20 `Transfer`, the wrapped coin's `Deposit` and
`Withdrawal`), approvals, the swaps of the pool kinds swapdesk knows (Uniswap V2 pairs and their forks,
Uniswap V3 pools and PancakeSwap V3's, Curve's exchanges), swapdesk's own `Swapped`, and the bridges'
deposits (Multichain router V6 `LogAnySwapOut`, cBridge `Send`, SWFT Bridgers `Swap` and `SwapEth`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from eth_abi import decode
from eth_abi.exceptions import DecodingError
from eth_utils import keccak, to_checksum_address


@dataclass(frozen=True)
class Log:
    address: str  # EIP-55
    topics: tuple[bytes, ...]
    data: bytes
    index: int  # its place in the receipt


@dataclass(frozen=True)
class Event:
    """One event signature: `indexed` and `plain` are (name, ABI type), in the declaration's order."""

    name: str
    indexed: tuple[tuple[str, str], ...]
    plain: tuple[tuple[str, str], ...]
    order: tuple[str, ...]  # every field's name, in the declaration's order (for the signature)

    @property
    def signature(self) -> str:
        kinds = dict(self.indexed + self.plain)
        return f"{self.name}({','.join(kinds[n] for n in self.order)})"

    @property
    def topic(self) -> bytes:
        return keccak(text=self.signature)

    def decode(self, log: Log) -> dict[str, Any] | None:
        """The fields by name (addresses EIP-55); None when the log does not decode as this event."""
        if not log.topics or log.topics[0] != self.topic or len(log.topics) != len(self.indexed) + 1:
            return None
        try:
            values = dict(zip([n for n, _ in self.plain], decode([t for _, t in self.plain], log.data), strict=True))
            for (name, kind), topic in zip(self.indexed, log.topics[1:], strict=True):
                values[name] = decode([kind], topic)[0]
        except (DecodingError, OverflowError, ValueError):
            return None
        kinds = dict(self.indexed + self.plain)
        return {k: to_checksum_address(v) if kinds[k] == "address" else v for k, v in values.items()}


def event(declaration: str) -> Event:
    """`Name(type name, indexed type name, ...)` as Solidity declares it."""
    name, _, rest = declaration.partition("(")
    indexed: list[tuple[str, str]] = []
    plain: list[tuple[str, str]] = []
    order: list[str] = []
    for part in rest.rstrip(")").split(","):
        words = part.split()
        field = (words[-1], words[0])
        (indexed if "indexed" in words else plain).append(field)
        order.append(words[-1])
    return Event(name, tuple(indexed), tuple(plain), tuple(order))


TRANSFER = event("Transfer(address indexed from, address indexed to, uint256 value)")
APPROVAL = event("Approval(address indexed owner, address indexed spender, uint256 value)")
DEPOSIT = event("Deposit(address indexed dst, uint256 wad)")
WITHDRAWAL = event("Withdrawal(address indexed src, uint256 wad)")

V2_SWAP = event(
    "Swap(address indexed sender, uint256 amount0In, uint256 amount1In, uint256 amount0Out, uint256 amount1Out, "
    "address indexed to)"
)
V3_SWAP = event(
    "Swap(address indexed sender, address indexed recipient, int256 amount0, int256 amount1, uint160 sqrtPriceX96, "
    "uint128 liquidity, int24 tick)"
)
PANCAKE_V3_SWAP = event(
    "Swap(address indexed sender, address indexed recipient, int256 amount0, int256 amount1, uint160 sqrtPriceX96, "
    "uint128 liquidity, int24 tick, uint128 protocolFeesToken0, uint128 protocolFeesToken1)"
)
CURVE_EXCHANGE = event(
    "TokenExchange(address indexed buyer, int128 sold_id, uint256 tokens_sold, int128 bought_id, uint256 tokens_bought)"
)
CURVE_EXCHANGE_V2 = event(  # Curve's crypto pools (tricrypto...): indices as uint256
    "TokenExchange(address indexed buyer, uint256 sold_id, uint256 tokens_sold, uint256 bought_id, "
    "uint256 tokens_bought)"
)

SWAPPED = event(
    "Swapped(address indexed sender, address indexed receiver, address srcToken, address dstToken, uint256 amountIn, "
    "uint256 fee, uint256 amountOut, uint256 minReturn, string channel, address[] pools)"
)

ANY_SWAP_OUT = event(
    "LogAnySwapOut(address indexed token, address indexed from, address indexed to, uint256 amount, "
    "uint256 fromChainID, uint256 toChainID)"
)
CBRIDGE_SEND = event(
    "Send(bytes32 transferId, address sender, address receiver, address token, uint256 amount, uint64 dstChainId, "
    "uint64 nonce, uint32 maxSlippage)"
)
BRIDGERS_SWAP = event(
    "Swap(address fromToken, string toToken, address sender, string destination, uint256 fromAmount, "
    "uint256 minReturnAmount)"
)
BRIDGERS_SWAP_ETH = event(
    "SwapEth(string toToken, address sender, string destination, uint256 fromAmount, uint256 minReturnAmount)"
)

POOL_SWAPS = (V2_SWAP, V3_SWAP, PANCAKE_V3_SWAP, CURVE_EXCHANGE, CURVE_EXCHANGE_V2)
BRIDGE_DEPOSITS = {  # event -> the bridge, as the spec names it
    ANY_SWAP_OUT: "ANYSWAP",
    CBRIDGE_SEND: "CBRIDGE",
    BRIDGERS_SWAP: "METAPATH",
    BRIDGERS_SWAP_ETH: "METAPATH",
}


def first(logs: list[Log], *events: Event) -> tuple[Event, Log, dict[str, Any]] | None:
    """The first log that decodes as one of `events`, with its fields."""
    for log in logs:
        for candidate in events:
            fields = candidate.decode(log)
            if fields is not None:
                return candidate, log, fields
    return None
