"""Requests of the six endpoints (and the extensions), parsed from a query (the cross-chain ones:
`cross_requests`).

Field names are the spec's parameter names, so a request turns back into its
query string one to one (`to_query`). `parse(RequestType, items)` is the one
validation layer of every entry point: HTTP server, CLI and window. Each
`Param` also describes itself for the OpenAPI document (`Param.openapi`), from
the same rule that validates it; JSON types are the spec's, table by table.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable
from dataclasses import Field, dataclass, fields
from typing import Any, ClassVar, TypeVar

import swapdesk.api.rules as rules
from swapdesk.api.errors import ErrorCode, InvalidParameter
from swapdesk.chains import Chain
from swapdesk.words import QT_TR_NOOP, Term, Words

# examples for the document: well-formed, mainnet addresses; a server may show ones that succeed on its chains
DEMO = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"  # account 0 of the public test mnemonic
DEMO_TRON = "TYBNgWfhGuNzdLtjKtxXTfskAhTbMcqbaG"  # the same account on TRON
NATIVE = "0x0000000000000000000000000000000000000000"
NATIVE_TRON = "T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb"
BSC_USDT = "0x55d398326f99059fF775485246999027B3197955"
ETH_USDT = "0xdAC17F958D2ee523a2206206994597C13D831ec7"
TRON_USDT = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t"
HASH = "0x" + "5e" * 32


@dataclass(frozen=True)
class Param:
    name: str
    rule: rules.Rule
    required: bool = True
    default: Any = None
    doc: str = ""
    example: str = ""  # as it appears in a query string

    def openapi(self) -> dict[str, Any]:
        """This parameter in the OpenAPI document."""
        schema = dict(self.rule.schema)
        if self.default is not None:
            schema["default"] = self.default
        return {
            "name": self.name,
            "in": "query",
            "required": self.required,
            "description": self.doc,
            "schema": schema,
            "example": int(self.example) if schema["type"] == "integer" else self.example,
        }


Check = Callable[[dict[str, Any]], None]


class Request:
    PARAMS: ClassVar[tuple[Param, ...]] = ()
    CHECKS: ClassVar[tuple[Check, ...]] = ()
    __dataclass_fields__: ClassVar[dict[str, Field[Any]]]  # every request is a dataclass: `fields` reads it

    def to_query(self) -> dict[str, str]:
        query = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if value is None:
                continue
            if isinstance(value, Chain):
                query[f.name] = value.flag if f.name not in _CHAIN_IDS else str(value.id)
            elif isinstance(value, tuple):
                query[f.name] = ",".join(value)
            else:
                query[f.name] = str(value)
        return query


R = TypeVar("R", bound=Request)
_CHAIN_IDS = ("fromChainID", "toChainID")  # cross-chain parameters take numeric chain ids, never flags


def parse(request_type: type[R], items: Iterable[tuple[str, str]]) -> R:
    """Validate a query (as (name, value) pairs) into a typed request.

    Every name must be one of the request's parameters, given once; an empty
    value is no value (a required parameter is missing, an optional one is
    refused by its rule). The first fault found is raised, so the work done
    is bounded by the number of parameters the request takes.
    """
    known = {p.name: p for p in request_type.PARAMS}
    raw: dict[str, str] = {}
    for name, value in items:
        if name not in known:
            raise _unknown(name, list(known))
        if name in raw:
            raise InvalidParameter(name, ErrorCode.DUPLICATE_PARAMETER, Words(QT_TR_NOOP("was given more than once")))
        raw[name] = value
    values: dict[str, Any] = {}
    for param in request_type.PARAMS:
        text = raw.get(param.name)
        if text is None or (text == "" and param.required):
            if param.required:
                raise InvalidParameter(param.name, ErrorCode.MISSING_PARAMETER, Words(QT_TR_NOOP("is required")))
            values[param.name] = param.default
            continue
        values[param.name] = param.rule(param.name, text)
    for check in request_type.CHECKS:
        check(values)
    return request_type(**values)


def _unknown(name: str, known: list[str]) -> InvalidParameter:
    """A misspelt parameter would silently change the answer (`isuer`): refuse it by name."""
    by_lower = {k.lower(): k for k in known}
    close = difflib.get_close_matches(name.lower(), list(by_lower), n=1, cutoff=0.6) if len(name) <= 40 else []
    if close:
        hint = Words(QT_TR_NOOP("did you mean {name}?"), name=by_lower[close[0]])
    elif known:
        hint = Words(QT_TR_NOOP("this path takes {names}"), names=", ".join(known))
    else:
        hint = Words(QT_TR_NOOP("this path takes none"))
    unknown = Words(QT_TR_NOOP("unknown parameter; {hint}"), hint=hint)
    return InvalidParameter(rules.named(name), ErrorCode.UNKNOWN_PARAMETER, unknown)


# -- cross-field checks (422: each parameter is valid alone) -------------------------


def addresses_on(chain_field: str, *names: str) -> Check:
    """Each named address must be of the chain in `chain_field`; it becomes that chain's canonical form."""

    def check(values: dict[str, Any]) -> None:
        on: Chain = values[chain_field]
        for name in names:
            if values.get(name) is not None:
                values[name] = rules.address_on(name, values[name], on)

    return check


def distinct(first: str, second: str, code: ErrorCode, what: Term) -> Check:
    """`what` says why (marked: the window translates it)."""

    def check(values: dict[str, Any]) -> None:
        if values.get(first) is not None and values.get(first) == values.get(second):
            same = Words(QT_TR_NOOP("must differ from {first}: {what}"), first=first, what=what)
            raise InvalidParameter(second, code, same)

    return check


# -- parameters shared by several endpoints ----------------------------------------

CHANNEL = Param(
    "channel",
    rules.channel,
    required=False,
    default="default",
    doc="default, web, android, ios or extension (any case)",
    example="default",
)
_CHAIN_DOC = "chain flag (any case) or chain id from the spec's chain-flag table"


def _swap_params(tron: bool) -> tuple[Param, ...]:
    """Both same-chain quotes: the aggregation quote on EVM chains, its TRON variant (issuer required)."""
    address = rules.tron_address if tron else rules.evm_address
    sell, buy, account = (TRON_USDT, NATIVE_TRON, DEMO_TRON) if tron else (BSC_USDT, NATIVE, DEMO)
    decimals = "6" if tron else "18"
    chain_rule = (
        rules.chain(lambda c: c.tron, Term(QT_TR_NOOP("this path quotes on TRON only")))
        if tron
        else rules.chain(lambda c: not c.tron, Term(QT_TR_NOOP("TRON quotes are served by /v3/core/swap")))
    )
    return (
        Param("token0", address, doc="contract address of the token to sell (all-zero: native coin)", example=sell),
        Param("token1", address, doc="contract address of the token to buy (all-zero: native coin)", example=buy),
        Param("decimal0", rules.integer(0, 255), doc="decimals of token0", example=decimals),
        Param("decimal1", rules.integer(0, 255), doc="decimals of token1", example=decimals),
        Param("impact", rules.integer(0, 10000), doc="slippage tolerance in basis points (1% = 100)", example="50"),
        Param("part", rules.integer(1, 100), doc="split granularity: number of equal slices", example="10"),
        Param(
            "amountIn",
            rules.amount(positive=True),
            doc="amount to sell, in the token's smallest unit",
            example="100" + "0" * int(decimals),
        ),
        Param(
            "amountOutMin",
            rules.amount(positive=False),
            doc="0 on the first query; then the previous totalAmountOutMin",
            example="0",
        ),
        Param("to", address, doc="recipient of the bought token", example=account),
        Param(
            "issuer",
            address,
            required=tron,
            doc="sender of the transaction; its discount-token holdings set the fee (default: to)",
            example=account,
        ),
        Param("chain", chain_rule, doc=_CHAIN_DOC, example="TRON" if tron else "BSC"),
        CHANNEL,
    )


_SWAP_CHECKS: tuple[Check, ...] = (
    addresses_on("chain", "token0", "token1", "to", "issuer"),
    distinct("token0", "token1", ErrorCode.SAME_TOKEN, Term(QT_TR_NOOP("a swap needs two different tokens"))),
)


@dataclass(frozen=True)
class SwapQuoteRequest(Request):
    """Fields of both same-chain quotes; the TRON variant requires `issuer`."""

    token0: str
    token1: str
    decimal0: int
    decimal1: int
    impact: int
    part: int
    amountIn: int
    amountOutMin: int
    to: str
    issuer: str | None
    chain: Chain
    channel: str

    CHECKS = _SWAP_CHECKS


@dataclass(frozen=True)
class AggSwapRequest(SwapQuoteRequest):
    PARAMS = _swap_params(tron=False)


@dataclass(frozen=True)
class TronSwapRequest(SwapQuoteRequest):
    PARAMS = _swap_params(tron=True)


@dataclass(frozen=True)
class DetailsRequest(Request):
    hash: str
    chain: Chain

    PARAMS = (
        Param("hash", rules.tx_hash, doc="transaction hash: 64 hexadecimal digits, 0x optional", example=HASH),
        Param("chain", rules.chain(), doc=_CHAIN_DOC, example="BSC"),
    )


@dataclass(frozen=True)
class ChainRequest(Request):
    """Extension paths: one chain."""

    chain: Chain

    PARAMS = (Param("chain", rules.chain(), doc=_CHAIN_DOC, example="BSC"),)


@dataclass(frozen=True)
class AddressRequest(Request):
    """Extensions: one address on one chain (a holder's balances, or a token)."""

    chain: Chain
    address: str

    PARAMS = (
        Param("chain", rules.chain(), doc=_CHAIN_DOC, example="BSC"),
        Param(
            "address",
            rules.any_address,
            doc="an address on that chain (EVM hex, or base58 on TRON): the holder, or the token",
            example=BSC_USDT,
        ),
    )
    CHECKS = (addresses_on("chain", "address"),)


# the two extension paths that take an address, named for what they ask
BalancesRequest = AddressRequest
TokenRequest = AddressRequest


@dataclass(frozen=True)
class TransactionRequest(Request):
    """Extension: any transaction on one chain, described whatever it does (`/ext/v1/transaction`)."""

    hash: str
    chain: Chain

    PARAMS = DetailsRequest.PARAMS
