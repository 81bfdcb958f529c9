"""Validation rules for request parameters, shared by every entry point.

A `Rule` turns the raw text of one parameter into a typed value or raises
`InvalidParameter` naming the parameter and the rule, and states the same rule
as JSON Schema for the OpenAPI document: both come from the same constants,
so the document cannot drift from the checks. Texts are taken as they are: no
trimming, no sign, no exponent, no thousands separators, ASCII only, so that
what a client meant is never guessed.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from swapdesk import address as addresses
from swapdesk.api.errors import ErrorCode, InvalidParameter
from swapdesk.chains import CHAINS, Chain, UnknownChain, by_id, resolve
from swapdesk.words import QT_TR_NOOP, Term, Words


@dataclass(frozen=True)
class Rule:
    """`parse(name, raw)` gives the value or raises; `schema` says the same in JSON Schema."""

    schema: dict[str, Any]
    parse: Callable[[str, str], Any]

    def __call__(self, name: str, raw: str) -> Any:
        return self.parse(name, raw)


AMOUNT_DIGITS = 77
AMOUNT_MAX = 10**AMOUNT_DIGITS - 1  # every amount of at most 77 digits fits a uint256
MAX_DECIMALS = 77  # a token's decimals: 10^77 < 2^256 < 10^78, so with more no one whole token fits a uint256
CHANNELS = ("default", "web", "android", "ios", "extension")
BRIDGES = ("ANYSWAP", "METAPATH", "CBRIDGE")

_DIGITS = re.compile(r"[0-9]+")
_EVM = r"0x[0-9a-fA-F]{40}"
_TRON = r"T[1-9A-HJ-NP-Za-km-z]{33}"  # base58check of 0x41 + 20 bytes is always 34 characters
_HASH = r"(?:0x)?[0-9a-fA-F]{64}"


def shown(raw: str) -> str:
    """The offending text for messages: quoted, control and invisible characters escaped, cut short."""
    if len(repr(raw)) <= 44:
        return repr(raw)
    cut = raw[:40]
    while len(repr(cut)) > 42:  # escapes count too
        cut = cut[:-1]
    return repr(cut + "…")


def named(name: str) -> str:
    """A parameter name as messages and `data.parameter` show it: as given when it is plain, else quoted."""
    return name if name.isascii() and name.isprintable() and 0 < len(name) <= 40 else shown(name)


def _anchored(*alternatives: str) -> str:
    """An ECMA-262 pattern (the OpenAPI dialect) that Python's `re.fullmatch` reads the same way."""
    return "^(?:" + "|".join(alternatives) + ")$"


def _any_case(word: str) -> str:
    # ECMA-262 has no inline (?i) flag
    return "".join(f"[{c.upper()}{c.lower()}]" if c.isalpha() else re.escape(c) for c in word)


def _matcher(pattern: str) -> Callable[[str], bool]:
    compiled = re.compile(pattern)
    return lambda raw: compiled.fullmatch(raw) is not None


def _value(raw: str, high: int) -> int | None:
    """The digits' value, or None when it is certainly above `high` (no int() of a 4000-digit text)."""
    digits = raw.lstrip("0") or "0"
    return int(digits) if len(digits) <= len(str(high)) else None


# -- numbers ------------------------------------------------------------------------


def integer(low: int, high: int) -> Rule:
    def parse(name: str, raw: str) -> int:
        if not _DIGITS.fullmatch(raw):
            raise InvalidParameter(
                name,
                ErrorCode.NOT_AN_INTEGER,
                Words(
                    QT_TR_NOOP("must be an integer from {low} to {high} in ASCII digits, without sign (got {raw})"),
                    low=low,
                    high=high,
                    raw=shown(raw),
                ),
            )
        value = _value(raw, high)
        if value is None or not low <= value <= high:
            raise InvalidParameter(
                name,
                ErrorCode.OUT_OF_RANGE,
                Words(
                    QT_TR_NOOP("must be an integer from {low} to {high} (got {raw})"),
                    low=low,
                    high=high,
                    raw=shown(raw),
                ),
            )
        return value

    return Rule({"type": "integer", "minimum": low, "maximum": high}, parse)


def amount(positive: bool, text: bool = False) -> Rule:
    """A whole number of the token's smallest unit; `text` where the spec types it as a string."""

    def parse(name: str, raw: str) -> int:
        if not _DIGITS.fullmatch(raw):
            raise InvalidParameter(
                name,
                ErrorCode.NOT_AN_AMOUNT,
                Words(
                    QT_TR_NOOP("must be a whole number of the token's smallest unit, in ASCII digits only (got {raw})"),
                    raw=shown(raw),
                ),
            )
        value = _value(raw, AMOUNT_MAX)
        if value is None:
            below = Words(QT_TR_NOOP("must be below 10^{digits} (got {raw})"), digits=AMOUNT_DIGITS, raw=shown(raw))
            raise InvalidParameter(name, ErrorCode.OUT_OF_RANGE, below)
        if positive and value == 0:
            raise InvalidParameter(name, ErrorCode.OUT_OF_RANGE, Words(QT_TR_NOOP("must be greater than 0")))
        return value

    if text:  # leading zeros, then at most 77 significant digits
        significant = f"[1-9][0-9]{{0,{AMOUNT_DIGITS - 1}}}" if positive else f"[0-9]{{1,{AMOUNT_DIGITS}}}"
        return Rule({"type": "string", "pattern": _anchored("0*" + significant)}, parse)
    return Rule({"type": "integer", "minimum": int(positive), "maximum": AMOUNT_MAX}, parse)


# -- chains -------------------------------------------------------------------------

_NONE_LEFT_OUT = Term("")  # every chain allowed: no reason to give


def chain(allowed: Callable[[Chain], bool] = lambda c: True, why: Term = _NONE_LEFT_OUT) -> Rule:
    """A chain flag (any case) or numeric id from the spec's chain-flag table, among the `allowed` ones; `why`
    says why the others are not (marked: the window translates it)."""
    chains = [c for c in CHAINS if allowed(c)]
    flags = [flag for c in chains for flag in c.flags]
    pattern = _anchored(*(str(c.id) for c in chains), *map(_any_case, flags))
    matches = _matcher(pattern)

    def parse(name: str, raw: str) -> Chain:
        if matches(raw):
            return resolve(raw)
        try:
            found = resolve(raw) if raw.isascii() else None  # str.upper() folds "ſ" into "S"
        except UnknownChain:
            found = None
        if found is None:
            known = ", ".join(flags)
            unknown = Words(
                QT_TR_NOOP("unknown chain {raw}; use a chain id or one of {known}"), raw=shown(raw), known=known
            )
            raise InvalidParameter(name, ErrorCode.UNKNOWN_CHAIN, unknown)
        unsupported = Words(QT_TR_NOOP("{chain} is not supported here: {why}"), chain=found.flag, why=why)
        raise InvalidParameter(name, ErrorCode.UNSUPPORTED_CHAIN, unsupported)

    return Rule({"type": "string", "pattern": pattern}, parse)


def cross_chain_id(text: bool = False) -> Rule:
    """A numeric chain id from the spec's cross-chain table; `text` where the spec types it as a string."""
    ids = [c.id for c in CHAINS if c.cross_chain]
    listed = ", ".join(map(str, ids))

    def parse(name: str, raw: str) -> Chain:
        if not _DIGITS.fullmatch(raw):
            numeric = Words(
                QT_TR_NOOP("must be a numeric chain id, one of {listed} (got {raw})"), listed=listed, raw=shown(raw)
            )
            raise InvalidParameter(name, ErrorCode.NOT_AN_INTEGER, numeric)
        value = _value(raw, max(ids))
        if text and raw != str(value):
            value = None  # a string enum: "056" is not "56"
        try:
            found = by_id(value) if value is not None else None
        except UnknownChain:
            found = None
        if found is None:
            unknown = Words(QT_TR_NOOP("unknown chain id {raw}; use one of {listed}"), raw=shown(raw), listed=listed)
            raise InvalidParameter(name, ErrorCode.UNKNOWN_CHAIN, unknown)
        if not found.cross_chain:
            bridgeless = Words(
                QT_TR_NOOP("{chain} has no cross-chain bridge; use one of {listed}"), chain=found.flag, listed=listed
            )
            raise InvalidParameter(name, ErrorCode.UNSUPPORTED_CHAIN, bridgeless)
        return found

    schema = {"type": "string", "enum": [str(i) for i in ids]} if text else {"type": "integer", "enum": ids}
    return Rule(schema, parse)


# -- words --------------------------------------------------------------------------


def choice(values: tuple[str, ...], code: ErrorCode) -> Rule:
    """One of `values`, in any case; the value as listed."""
    by_key = {v.lower(): v for v in values}

    def parse(name: str, raw: str) -> str:
        value = by_key.get(raw.lower()) if raw.isascii() else None
        if value is None:
            one_of = Words(QT_TR_NOOP("must be one of {values} (got {raw})"), values=", ".join(values), raw=shown(raw))
            raise InvalidParameter(name, code, one_of)
        return value

    return Rule({"type": "string", "pattern": _anchored(*map(_any_case, values))}, parse)


channel = choice(CHANNELS, ErrorCode.UNKNOWN_CHANNEL)
bridge = choice(BRIDGES, ErrorCode.UNKNOWN_BRIDGE)


def _bridge_list(name: str, raw: str) -> tuple[str, ...]:
    by_key = {b.lower(): b for b in BRIDGES}
    named: list[str] = []
    for part in raw.split(","):
        found = by_key.get(part.lower()) if part.isascii() else None
        if found is None:
            raise InvalidParameter(
                name,
                ErrorCode.UNKNOWN_BRIDGE,
                Words(
                    QT_TR_NOOP("must be bridges separated by commas, each one of {bridges} (got {raw})"),
                    bridges=", ".join(BRIDGES),
                    raw=shown(raw),
                ),
            )
        if found not in named:
            named.append(found)
    return tuple(named)


_ONE_BRIDGE = "(?:" + "|".join(map(_any_case, BRIDGES)) + ")"
# bridges separated by commas, each in any case (`ANYSWAP,cbridge`): a tuple of the names as listed
bridge_list = Rule({"type": "string", "pattern": _anchored(f"{_ONE_BRIDGE}(?:,{_ONE_BRIDGE})*")}, _bridge_list)


def _tx_hash(name: str, raw: str) -> str:
    if not re.fullmatch(_HASH, raw):
        raise InvalidParameter(
            name,
            ErrorCode.INVALID_HASH,
            Words(QT_TR_NOOP("must be a transaction hash of 64 hexadecimal digits (got {raw})"), raw=shown(raw)),
        )
    return "0x" + raw.removeprefix("0x").lower()


tx_hash = Rule({"type": "string", "pattern": _anchored(_HASH)}, _tx_hash)


# -- addresses ----------------------------------------------------------------------


@dataclass(frozen=True)
class _Form:
    pattern: str
    rule: str  # what a text of this form must be (marked)
    short: Term  # its name in messages about chains


_FORMS = {  # keyed by "is it TRON?"
    False: _Form(
        _EVM,
        QT_TR_NOOP("must be 0x followed by 40 hexadecimal digits (EIP-55 when mixed case)"),
        Term(QT_TR_NOOP("an EVM address (0x…)")),
    ),
    True: _Form(
        _TRON,
        QT_TR_NOOP("must be a base58check TRON address: T followed by 33 base58 characters"),
        Term(QT_TR_NOOP("a TRON address (T…)")),
    ),
}


def _address_bytes(raw: str, tron: bool) -> bytes:
    """20 bytes; past the pattern, what fails is the format's checksum (EIP-55, or base58check)."""
    form = _FORMS[tron]
    if not re.fullmatch(form.pattern, raw):
        raise addresses.InvalidAddress(form.rule)
    try:
        return addresses.parse_address(raw, tron)
    except addresses.InvalidAddress as exc:
        if exc.checksum:
            raise
        raise addresses.InvalidAddress(
            QT_TR_NOOP("fails its base58check: it is not 0x41 and 20 bytes"), checksum=True
        ) from None


def address(evm: bool, tron: bool) -> Rule:
    """An address of the forms named, checksum included; which chain it belongs to is checked later."""
    forms = [_FORMS[t] for t, wanted in ((False, evm), (True, tron)) if wanted]
    either = Words(QT_TR_NOOP("must be {evm} or {tron}"), evm=_FORMS[False].short, tron=_FORMS[True].short)
    schema_format = "evm-or-tron-address" if evm and tron else "tron-address" if tron else "evm-address"

    def parse(name: str, raw: str) -> str:
        try:
            _address_bytes(raw, tron and (not evm or raw.startswith("T")))
        except addresses.InvalidAddress as exc:
            code = ErrorCode.BAD_CHECKSUM if exc.checksum else ErrorCode.INVALID_ADDRESS
            rule = exc if len(forms) == 1 or exc.checksum else either
            raise InvalidParameter(
                name, code, Words(QT_TR_NOOP("{rule} (got {raw})"), rule=rule, raw=shown(raw))
            ) from None
        return raw

    pattern = _anchored(*(f.pattern for f in forms))
    return Rule({"type": "string", "pattern": pattern, "format": schema_format}, parse)


evm_address = address(evm=True, tron=False)
tron_address = address(evm=False, tron=True)
any_address = address(evm=True, tron=True)


def address_on(name: str, raw: str, on: Chain) -> str:
    """The address in its canonical form for `on` (EIP-55 hex, or base58 on TRON)."""
    try:
        return addresses.format_address(_address_bytes(raw, on.tron), on.tron)
    except addresses.InvalidAddress as exc:
        try:
            _address_bytes(raw, not on.tron)
        except addresses.InvalidAddress:
            code = ErrorCode.BAD_CHECKSUM if exc.checksum else ErrorCode.INVALID_ADDRESS
            wrong = Words(QT_TR_NOOP("{rule} on {chain} (got {raw})"), rule=exc, chain=on.flag, raw=shown(raw))
            raise InvalidParameter(name, code, wrong) from None
        other = Words(
            QT_TR_NOOP("is {form}, but {chain} takes {wanted}"),
            form=_FORMS[not on.tron].short,
            chain=on.flag,
            wanted=_FORMS[on.tron].short,
        )
        raise InvalidParameter(name, ErrorCode.ADDRESS_CHAIN_MISMATCH, other) from None
