"""A small protocol-buffers codec for the TRON messages the devnet's node reads and writes.

A message is a plain dict keyed by field name and described by a `Message` schema. `encode` writes the
fields in field-number order and leaves out proto3 defaults (zero, empty, false), as protobuf-java does: a
TRON transaction's id is the SHA-256 of its raw data's encoding, so the bytes must be java-tron's own.
`decode` is bounded (varints of at most ten bytes, lengths within the input, nesting only as deep as the
schemas) and skips the fields a schema does not name. Malformed input raises `ProtoError`, nothing else.

JSON follows java-tron's HTTP API (its `JsonFormat`): int64 as JSON numbers, enums by name, bytes in hex;
with `visible`, address fields in base58check and a few text fields in UTF-8. Unknown JSON keys are
ignored, as java-tron ignores them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any

from swapdesk.address import InvalidAddress, parse_tron, to_tron

Msg = dict[str, Any]

_MASK64 = (1 << 64) - 1
_HEX = re.compile(r"[0-9a-fA-F]*")
_MAX_VARINT_BYTES = 10


class ProtoError(ValueError):
    """Bytes or JSON that do not make the message they claim to be."""


class Kind(Enum):
    INT64 = "int64"
    INT32 = "int32"
    BOOL = "bool"
    ENUM = "enum"
    BYTES = "bytes"
    STRING = "string"
    MESSAGE = "message"


class Text(Enum):
    """How a bytes field reads in JSON when the request says `visible` (always hex otherwise)."""

    HEX = "hex"
    ADDRESS = "address"  # base58check
    UTF8 = "utf8"


class EnumType:
    def __init__(self, names: Mapping[int, str]) -> None:
        self.names = dict(names)
        self.numbers = {name: number for number, name in names.items()}


@dataclass(frozen=True, eq=False)
class Field:
    number: int
    name: str
    kind: Kind
    repeated: bool = False
    message: Message | None = None
    enum: EnumType | None = None
    text: Text = Text.HEX

    def __post_init__(self) -> None:
        # repeated numbers would be packed in proto3; no TRON message the node handles has any
        assert not self.repeated or self.kind in (Kind.BYTES, Kind.STRING, Kind.MESSAGE), self.name
        assert (self.kind is Kind.MESSAGE) == (self.message is not None), self.name
        assert (self.kind is Kind.ENUM) == (self.enum is not None), self.name


class Message:
    def __init__(self, name: str, *fields: Field) -> None:
        self.name = name
        self.fields = tuple(sorted(fields, key=lambda f: f.number))
        self.by_number = {f.number: f for f in fields}
        self.by_name = {f.name: f for f in fields}


# -- schema shorthands ---------------------------------------------------------


def int64(number: int, name: str) -> Field:
    return Field(number, name, Kind.INT64)


def int32(number: int, name: str) -> Field:
    return Field(number, name, Kind.INT32)


def boolean(number: int, name: str) -> Field:
    return Field(number, name, Kind.BOOL)


def enum(number: int, name: str, of: EnumType) -> Field:
    return Field(number, name, Kind.ENUM, enum=of)


def raw(number: int, name: str, text: Text = Text.HEX, repeated: bool = False) -> Field:
    return Field(number, name, Kind.BYTES, repeated=repeated, text=text)


def address(number: int, name: str, repeated: bool = False) -> Field:
    return raw(number, name, Text.ADDRESS, repeated)


def string(number: int, name: str) -> Field:
    return Field(number, name, Kind.STRING)


def message(number: int, name: str, of: Message, repeated: bool = False) -> Field:
    return Field(number, name, Kind.MESSAGE, repeated=repeated, message=of)


# -- bytes ---------------------------------------------------------------------


def encode(schema: Message, value: Mapping[str, Any]) -> bytes:
    out = bytearray()
    for field in schema.fields:
        if field.name not in value:
            continue
        items = value[field.name] if field.repeated else (value[field.name],)
        for item in items:
            if field.repeated or not _is_default(field, item):
                out += _varint(field.number << 3 | (2 if _delimited(field) else 0))
                out += _payload(field, item)
    return bytes(out)


def _delimited(field: Field) -> bool:
    return field.kind in (Kind.BYTES, Kind.STRING, Kind.MESSAGE)


def _is_default(field: Field, value: Any) -> bool:
    # a singular message is present when set, even empty; scalars are present when not zero
    return field.kind is not Kind.MESSAGE and not value


def _payload(field: Field, value: Any) -> bytes:
    if field.kind is Kind.MESSAGE:
        assert field.message is not None
        data = encode(field.message, value)
    elif field.kind is Kind.BYTES:
        data = bytes(value)
    elif field.kind is Kind.STRING:
        data = str(value).encode()
    else:
        return _varint(int(value) & _MASK64)  # negatives: ten bytes of two's complement
    return _varint(len(data)) + data


def _varint(value: int) -> bytes:
    out = bytearray()
    while value > 0x7F:
        out.append(value & 0x7F | 0x80)
        value >>= 7
    out.append(value)
    return bytes(out)


def decode(schema: Message, data: bytes) -> Msg:
    out: Msg = {}
    pos = 0
    while pos < len(data):
        key, pos = _read_varint(data, pos)
        number, wire = key >> 3, key & 7
        if number == 0:
            raise ProtoError(f"{schema.name}: field number 0")
        value, pos = _read_value(data, pos, wire)
        field = schema.by_number.get(number)
        if field is None:
            continue  # a field this node does not need
        if wire in (1, 5) or (wire == 2) != _delimited(field):
            raise ProtoError(f"{schema.name}.{field.name}: wrong wire type {wire}")
        item = _from_wire(field, value)
        if field.repeated:
            out.setdefault(field.name, []).append(item)
        else:
            out[field.name] = item
    return out


def _read_value(data: bytes, pos: int, wire: int) -> tuple[int | bytes, int]:
    if wire == 0:
        return _read_varint(data, pos)
    if wire == 2:
        size, pos = _read_varint(data, pos)
    elif wire in (1, 5):
        size = 8 if wire == 1 else 4
    else:
        raise ProtoError(f"wire type {wire} is not supported")
    if size > len(data) - pos:
        raise ProtoError("a field runs past the end of its message")
    return data[pos : pos + size], pos + size


def _read_varint(data: bytes, pos: int) -> tuple[int, int]:
    value = 0
    for i in range(_MAX_VARINT_BYTES):
        if pos + i >= len(data):
            raise ProtoError("truncated varint")
        byte = data[pos + i]
        value |= (byte & 0x7F) << (7 * i)
        if byte < 0x80:
            return value & _MASK64, pos + i + 1
    raise ProtoError("varint longer than ten bytes")


def _from_wire(field: Field, value: int | bytes) -> Any:
    if isinstance(value, bytes):  # length-delimited: the wire type was checked against the kind
        if field.kind is Kind.MESSAGE:
            assert field.message is not None
            return decode(field.message, value)
        if field.kind is Kind.STRING:
            try:
                return value.decode()
            except UnicodeDecodeError:
                raise ProtoError(f"{field.name}: not UTF-8") from None
        return value
    if field.kind is Kind.BOOL:
        return value != 0
    if field.kind is Kind.INT64:
        return value - (1 << 64) if value >> 63 else value
    low = value & 0xFFFFFFFF  # int32 and enums: protobuf-java keeps the low 32 bits
    return low - (1 << 32) if low >> 31 else low


# -- JSON, as java-tron's HTTP API writes and reads it --------------------------


def to_json(schema: Message, value: Mapping[str, Any], visible: bool) -> Msg:
    out: Msg = {}
    for field in schema.fields:
        if field.name not in value:
            continue
        item = value[field.name]
        if field.repeated:
            if item:
                out[field.name] = [_json_item(field, x, visible) for x in item]
        elif not _is_default(field, item):
            out[field.name] = _json_item(field, item, visible)
    return out


def _json_item(field: Field, value: Any, visible: bool) -> Any:
    if field.kind is Kind.MESSAGE:
        assert field.message is not None
        return to_json(field.message, value, visible)
    if field.kind is Kind.ENUM:
        assert field.enum is not None
        return field.enum.names.get(value, value)
    if field.kind is not Kind.BYTES:
        return value
    if visible and field.text is Text.ADDRESS and len(value) == 21 and value[0] == 0x41:
        return to_tron(value[1:])
    if visible and field.text is Text.UTF8:
        return bytes(value).decode(errors="replace")
    return bytes(value).hex()


def from_json(schema: Message, obj: Any, visible: bool) -> Msg:
    if not isinstance(obj, dict):
        raise ProtoError(f"{schema.name}: expected a JSON object")
    out: Msg = {}
    for key, item in obj.items():
        field = schema.by_name.get(key)
        if field is None or item is None:
            continue
        if field.repeated:
            if not isinstance(item, list):
                raise ProtoError(f"{key}: expected a JSON array")
            out[key] = [_from_json_item(field, x, visible) for x in item]
        else:
            out[key] = _from_json_item(field, item, visible)
    return out


def _from_json_item(field: Field, value: Any, visible: bool) -> Any:
    kind = field.kind
    if kind is Kind.MESSAGE:
        assert field.message is not None
        return from_json(field.message, value, visible)
    if kind in (Kind.INT64, Kind.INT32):
        bits = 64 if kind is Kind.INT64 else 32
        if isinstance(value, bool) or not isinstance(value, int):
            raise ProtoError(f"{field.name}: expected an integer")
        if not -(1 << (bits - 1)) <= value < 1 << (bits - 1):
            raise ProtoError(f"{field.name}: number out of range for {kind.value}")
        return value
    if kind is Kind.BOOL:
        if not isinstance(value, bool):
            raise ProtoError(f"{field.name}: expected true or false")
        return value
    if kind is Kind.ENUM:
        assert field.enum is not None
        number = field.enum.numbers.get(value) if isinstance(value, str) else None
        if number is None:
            raise ProtoError(f"{field.name}: unknown value {value!r}")
        return number
    if not isinstance(value, str):
        raise ProtoError(f"{field.name}: expected a string")
    if kind is Kind.STRING:
        return value
    if visible and field.text is Text.ADDRESS:
        try:
            return bytes([0x41]) + parse_tron(value)
        except InvalidAddress as exc:
            raise ProtoError(f"{field.name}: {exc.rule}") from None
    if visible and field.text is Text.UTF8:
        return value.encode()
    return parse_hex(value, field.name)


def parse_hex(text: str, name: str) -> bytes:
    """Hex as java-tron's `ByteArray.fromHexString` reads it: an optional 0x, an odd length padded on the left."""
    digits = text.removeprefix("0x")
    if not _HEX.fullmatch(digits):
        raise ProtoError(f"{name}: not hexadecimal")
    return bytes.fromhex(digits if len(digits) % 2 == 0 else "0" + digits)
