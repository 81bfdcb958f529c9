"""The parameters of the devnet's JSON-RPC methods: each decoded from its JSON form or refused (-32602)
naming the parameter and what it must be, before any method runs."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from eth.abc import LogAPI
from eth_utils import keccak

from swapdesk.chain.jsonrpc import (
    INVALID_PARAMS,
    Params,
    RpcError,
)
from swapdesk.devnet.calls import CALL_GAS, AccessList, Call
from swapdesk.devnet.proofs import StorageKey
from swapdesk.devnet.tracing import TraceConfig

Json = dict[str, Any]
TAGS = ("latest", "pending", "safe", "finalized", "earliest")


class Invalid(Exception):
    """A parameter not of its form; the message says what it must be."""


REQUIRED: Any = object()


@dataclass(frozen=True)
class Param:
    name: str
    decode: Callable[[Any], Any]
    default: Any = REQUIRED  # given when the parameter is omitted or null


@dataclass(frozen=True)
class Method:
    run: Callable[..., Any]
    params: tuple[Param, ...] = ()

    def arguments(self, params: Params) -> list[Any]:
        if isinstance(params, dict):
            raise invalid("parameters are taken by position, in an array")
        if len(params) > len(self.params):
            raise invalid(f"too many arguments, want at most {len(self.params)}")
        args = []
        for index, param in enumerate(self.params):
            value = params[index] if index < len(params) else None
            if value is None:
                if param.default is REQUIRED:
                    raise invalid(f"missing value for required argument {index} ({param.name})")
                args.append(param.default)
                continue
            try:
                args.append(param.decode(value))
            except Invalid as exc:
                raise invalid(f"argument {index} ({param.name}) {exc}") from None
        return args


def invalid(problem: str) -> RpcError:
    return RpcError(INVALID_PARAMS, f"invalid params: {problem}")


_HEX_DIGITS = re.compile(r"[0-9a-fA-F]*")


def _uint(bits: int) -> Callable[[Any], int]:
    def decode(value: Any) -> int:
        if isinstance(value, str) and value.startswith("0x") and _HEX_DIGITS.fullmatch(value, 2):
            digits = value[2:].lstrip("0")
            if len(value) > 2 and len(digits) <= bits // 4:
                return int(digits or "0", 16)
        raise Invalid(f"must be a hex quantity below 2^{bits}, such as 0x1f")

    return decode


quantity = _uint(256)
uint64 = _uint(64)


def count(value: Any) -> int:
    """A small count: a JSON number or a hex quantity (geth takes both)."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 2**64:
        return value
    try:
        return uint64(value)
    except Invalid:
        raise Invalid("must be a count: a whole number or a hex quantity") from None


def data(value: Any) -> bytes:
    if isinstance(value, str) and value.startswith("0x") and len(value) % 2 == 0 and _HEX_DIGITS.fullmatch(value, 2):
        return bytes.fromhex(value[2:])
    raise Invalid("must be 0x-prefixed hex bytes (an even number of digits)")


def _sized(size: int, what: str) -> Callable[[Any], bytes]:
    def decode(value: Any) -> bytes:
        if isinstance(value, str) and len(value) == 2 + 2 * size:
            try:
                return data(value)
            except Invalid:
                pass
        raise Invalid(f"must be {what}: 0x and {2 * size} hex digits")

    return decode


address = _sized(20, "a 20-byte address")
hash32 = _sized(32, "a 32-byte hash")


def boolean(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    raise Invalid("must be true or false")


def block_number(value: Any) -> str | int:
    """A tag or a block number."""
    if isinstance(value, str) and value in TAGS:
        return value
    try:
        return uint64(value)
    except Invalid:
        raise Invalid('must be a hex block number or "latest", "earliest", "pending", "safe" or "finalized"') from None


def block_id(value: Any) -> str | int | bytes:
    """A tag, a block number, or (EIP-1898) {"blockHash"} or {"blockNumber"}: hashes are bytes."""
    if not isinstance(value, dict):
        return block_number(value)
    keys = set(value)
    if keys - {"blockHash", "blockNumber", "requireCanonical"} or len(keys & {"blockHash", "blockNumber"}) != 1:
        raise Invalid("must hold either blockHash or blockNumber (and requireCanonical)")
    if not isinstance(value.get("requireCanonical", False), bool):  # the devnet serves only canonical blocks
        raise Invalid("requireCanonical must be true or false")
    return hash32(value["blockHash"]) if "blockHash" in value else block_number(value["blockNumber"])


def block_ref(value: Any) -> str | int | bytes:
    """A block id, or a block's hash as a bare string (geth's BlockNumberOrHash takes both)."""
    if isinstance(value, str) and len(value) == 66:
        return hash32(value)
    try:
        return block_id(value)
    except Invalid:
        what = "a block number, a tag, a block hash, or an object with blockHash or blockNumber"
        raise Invalid(f"must be {what}") from None


_FILTER_ID = re.compile(r"0x[0-9a-fA-F]{1,32}")


def filter_id(value: Any) -> str:
    """A filter's id, as eth_newFilter and its kin answer it."""
    if isinstance(value, str) and _FILTER_ID.fullmatch(value):
        return value.lower()
    raise Invalid("must be a filter id: 0x and at most 32 hex digits")


def percentiles(value: Any) -> tuple[float, ...]:
    numbers = value if isinstance(value, list) and len(value) <= 100 else [None]
    numeric = all(isinstance(p, int | float) and not isinstance(p, bool) and 0 <= p <= 100 for p in numbers)
    if numeric and numbers == sorted(numbers):
        return tuple(numbers)
    raise Invalid("must be an array of at most 100 increasing percentiles from 0 to 100")


def no_overrides(value: Any) -> None:
    if value != {}:
        raise Invalid("must be empty: the devnet applies no state overrides")


def _fields(value: Any, what: str, decoders: dict[str, Callable[[Any], Any]]) -> dict[str, Any]:
    """The known fields of an object, each checked (null is absent); unknown fields are ignored, as geth does."""
    if not isinstance(value, dict):
        raise Invalid(f"must be {what}")
    fields = {}
    for name, decode in decoders.items():
        if value.get(name) is not None:
            try:
                fields[name] = decode(value[name])
            except Invalid as exc:
                raise Invalid(f"{name} {exc}") from None
    return fields


def _list_of(decode: Callable[[Any], Any], limit: int = 1_000) -> Callable[[Any], list[Any]]:
    def decode_list(value: Any) -> list[Any]:
        if not isinstance(value, list) or len(value) > limit:
            raise Invalid(f"must be an array of at most {limit} items")
        return [decode(item) for item in value]

    return decode_list


def _access_entry(value: Any) -> tuple[bytes, tuple[int, ...]]:
    fields = _fields(
        value, "an object with address and storageKeys", {"address": address, "storageKeys": _list_of(hash32)}
    )
    if "address" not in fields:
        raise Invalid("entry has no address")
    return fields["address"], tuple(int.from_bytes(key, "big") for key in fields.get("storageKeys", []))


def access_list(value: Any) -> AccessList:
    """EIP-2930's list: at most 1,000 entries of an address and at most 1,000 storage keys each."""
    return tuple(_list_of(_access_entry)(value))


_TRANSACTION_FIELDS: dict[str, Callable[[Any], Any]] = {
    "from": address,
    "to": address,
    "gas": uint64,
    "gasPrice": quantity,
    "maxFeePerGas": quantity,
    "maxPriorityFeePerGas": quantity,
    "value": quantity,
    "nonce": uint64,
    "data": data,
    "input": data,
    "chainId": quantity,
    "type": count,  # geth reads no type here; web3.py sends it as a number
    "accessList": access_list,
}


def transaction(value: Any) -> Call:
    """A call to execute: its gas clamped to the RPC gas cap, as geth does; its access list charged and warm."""
    fields = _fields(value, "a transaction object", _TRANSACTION_FIELDS)
    if "data" in fields and "input" in fields and fields["data"] != fields["input"]:
        raise Invalid("has data and input that differ: give the call data once, as input")
    return Call(
        sender=fields.get("from", b"\0" * 20),
        to=fields.get("to"),
        data=fields.get("input", fields.get("data", b"")),
        value=fields.get("value", 0),
        gas=min(fields.get("gas", CALL_GAS), CALL_GAS),
        access_list=fields.get("accessList", ()),
    )


def _topics(value: Any) -> tuple[frozenset[int] | None, ...]:
    if not isinstance(value, list) or len(value) > 4:
        raise Invalid("must be an array of at most 4 positions")
    wanted: list[frozenset[int] | None] = []
    for entry in value:
        alternatives = entry if isinstance(entry, list) else [] if entry is None else [entry]
        topics = frozenset(int.from_bytes(t, "big") for t in _list_of(hash32)(alternatives))
        wanted.append(topics or None)  # null and [] match any topic
    return tuple(wanted)


def _addresses(value: Any) -> frozenset[bytes]:
    return frozenset(_list_of(address)(value) if isinstance(value, list) else [address(value)])


@dataclass(frozen=True)
class LogFilter:
    first: str | int = "latest"
    last: str | int = "latest"
    block_hash: bytes | None = None
    addresses: frozenset[bytes] | None = None
    topics: tuple[frozenset[int] | None, ...] = ()

    def matches(self, log: LogAPI) -> bool:
        if self.addresses is not None and log.address not in self.addresses:
            return False
        for position, wanted in enumerate(self.topics):
            if wanted is not None and (position >= len(log.topics) or log.topics[position] not in wanted):
                return False
        return True

    def may_be_in(self, bloom: int) -> bool:
        """Whether a block whose logs' bloom is `bloom` may hold a matching log: False only when it cannot (as
        geth skips blocks, so that a range of busy blocks costs a look at each header, not each receipt)."""
        return all(any(bloom & bits == bits for bits in alternatives) for alternatives in self._bloom_bits)

    @cached_property
    def _bloom_bits(self) -> tuple[tuple[int, ...], ...]:
        """For each condition (the addresses, then each topic position that names any), its alternatives' bits."""
        conditions = [] if self.addresses is None else [list(self.addresses)]
        conditions += [[t.to_bytes(32, "big") for t in wanted] for wanted in self.topics if wanted is not None]
        return tuple(tuple(_bloom_bits(value) for value in alternatives) for alternatives in conditions)


def _bloom_bits(value: bytes) -> int:
    """The three bits a value sets in a logs bloom (the yellow paper's M3:2048)."""
    digest = keccak(value)
    return sum(1 << (int.from_bytes(digest[i : i + 2], "big") & 2047) for i in (0, 2, 4))


def log_filter(value: Any) -> LogFilter:
    decoders = {"fromBlock": block_number, "toBlock": block_number, "blockHash": hash32}
    fields = _fields(value, "a filter object", {**decoders, "address": _addresses, "topics": _topics})
    if "blockHash" in fields and ("fromBlock" in fields or "toBlock" in fields):
        raise Invalid("has blockHash with fromBlock or toBlock: give one or the other")
    return LogFilter(
        fields.get("fromBlock", "latest"),
        fields.get("toBlock", "latest"),
        fields.get("blockHash"),
        fields.get("address"),
        fields.get("topics", ()),
    )


def storage_key(value: Any) -> StorageKey:
    """eth_getProof's key: hex of at most 32 bytes, 0x optional, an odd digit count allowed (geth's decodeHash);
    echoed as given when it is 32 bytes, else as a quantity."""
    digits = value[2:] if isinstance(value, str) and value[:2] in ("0x", "0X") else value
    if not (isinstance(digits, str) and _HEX_DIGITS.fullmatch(digits) and len(digits) <= 64):
        raise Invalid("must be a storage key: hex of at most 32 bytes")
    slot = int(digits or "0", 16)
    return StorageKey(slot, "0x" + slot.to_bytes(32, "big").hex() if len(digits) > 62 else hex(slot))


storage_keys = _list_of(storage_key)
CALL_TRACER = "callTracer"


def trace_config(value: Any) -> TraceConfig:
    """debug_trace*'s options: the devnet traces with geth's callTracer alone."""
    options: dict[str, Callable[[Any], Any]] = {"onlyTopCall": boolean, "withLog": boolean}
    fields = _fields(
        value,
        "a trace config object",
        {
            "tracer": lambda name: name,
            "tracerConfig": lambda config: _fields(config, "an object", options),
            "stateOverrides": no_overrides,
            "blockOverrides": no_overrides,
        },
    )
    if fields.get("tracer") != CALL_TRACER:
        raise Invalid(f'must name the tracer "{CALL_TRACER}": the devnet traces calls only (no struct logs)')
    config = fields.get("tracerConfig", {})
    return TraceConfig(config.get("onlyTopCall", False), config.get("withLog", False))
