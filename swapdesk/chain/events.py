"""One decoder of event logs for every reader of them: the engine's pool kinds and transaction reader, the bridge
clients, the devnet's operators.

An `Event` is made from its ABI signature (`declared`: as Solidity declares it, names and `indexed` included) or
from a contract's ABI entry (`of_contract`). Its `topic` is the signature's keccak; `decode` gives the fields by
name, or None when the log is not this event: another topic, another number of indexed fields (ERC-721's
`Transfer` shares ERC-20's topic), or data that does not decode as the event's (short, badly padded, a string
that is not UTF-8). One policy, so a reader never meets a half-decoded log, and one form for every value:
addresses EIP-55 (arrays of them too), bytes32 and bytes as bytes, integers as int, strings as str.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any, Protocol

from eth_abi import decode
from eth_abi.exceptions import DecodingError
from eth_utils import keccak, to_checksum_address

from swapdesk.contracts import artifact


class LogLike(Protocol):
    """What a log has that decoding needs (every reader's own `Log` has these)."""

    @property
    def topics(self) -> Sequence[bytes]: ...

    @property
    def data(self) -> bytes: ...


@dataclass(frozen=True)
class Field:
    name: str
    type: str  # its ABI type
    indexed: bool


@dataclass(frozen=True)
class Event:
    name: str
    fields: tuple[Field, ...]  # in the declaration's order
    topic: bytes = field(init=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "topic", keccak(text=self.signature))

    @property
    def signature(self) -> str:
        return f"{self.name}({','.join(f.type for f in self.fields)})"

    @property
    def hex_topic(self) -> str:
        """The topic as 0x-hex, as `eth_getLogs` filters take it."""
        return "0x" + self.topic.hex()

    def matches(self, log: LogLike) -> bool:
        """Whether the log's topics name this event: its topic, and one more per indexed field."""
        return self._names(log.topics)

    def _names(self, topics: Sequence[bytes]) -> bool:
        return len(topics) == 1 + sum(f.indexed for f in self.fields) and bytes(topics[0]) == self.topic

    def decode(self, log: LogLike) -> dict[str, Any] | None:
        return self.decode_parts(log.topics, log.data)

    def decode_parts(self, topics: Sequence[bytes], data: bytes) -> dict[str, Any] | None:
        """The fields by name; None when the log is not this event or does not decode as it."""
        if not self._names(topics):
            return None
        plain = [f for f in self.fields if not f.indexed]
        indexed = [f for f in self.fields if f.indexed]
        try:
            values = dict(zip([f.name for f in plain], decode([f.type for f in plain], bytes(data)), strict=True))
            for f, topic in zip(indexed, topics[1:], strict=True):
                # a string, bytes, array or struct indexed is logged as its hash
                values[f.name] = bytes(topic) if _dynamic(f.type) else decode([f.type], bytes(topic))[0]
        except (DecodingError, OverflowError, ValueError):
            return None
        return {f.name: _shown(f.type, values[f.name]) for f in self.fields}


def declared(declaration: str) -> Event:
    """An event from `Name(type name, type indexed name, ...)` as Solidity declares it."""
    name, _, rest = declaration.partition("(")
    fields = []
    for part in rest.removesuffix(")").split(","):
        words = part.split()
        if words:
            fields.append(Field(words[-1], words[0], "indexed" in words[1:-1]))
    return Event(name.strip(), tuple(fields))


@cache
def of_contract(contract: str, name: str) -> Event:
    """The event `name` as the ABI of one of swapdesk's artifacts (`swapdesk.contracts.artifact`) declares it."""
    entry = next(e for e in artifact(contract).abi if e["type"] == "event" and e["name"] == name)
    return Event(name, tuple(Field(p["name"], p["type"], bool(p["indexed"])) for p in entry["inputs"]))


def _dynamic(kind: str) -> bool:
    return kind in ("string", "bytes") or kind.endswith("]") or kind.startswith("(")


def _shown(kind: str, value: Any) -> Any:
    if kind == "address":
        return to_checksum_address(value)
    if kind.startswith("address["):
        return tuple(to_checksum_address(v) for v in value)
    return value


# The events every chain's tokens log.
TRANSFER = declared("Transfer(address indexed from, address indexed to, uint256 value)")
DEPOSIT = declared("Deposit(address indexed dst, uint256 wad)")  # the wrapped coin's
WITHDRAWAL = declared("Withdrawal(address indexed src, uint256 wad)")
