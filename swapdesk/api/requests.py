"""Requests of the six endpoints (and two extensions), parsed from a query.

Field names are the spec's parameter names, so a request turns back into its
query string one to one (`to_query`). `parse(RequestType, items)` is the one
validation layer of every entry point: HTTP server, CLI and window.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, fields
from typing import Any, ClassVar, TypeVar

from swapdesk.api import rules
from swapdesk.api.errors import ErrorCode, InvalidParameter
from swapdesk.chains import Chain


@dataclass(frozen=True)
class Param:
    name: str
    rule: rules.Rule
    required: bool = True
    default: Any = None
    doc: str = ""
    schema_type: str = "string"


Check = Callable[[dict[str, Any]], None]


class Request:
    PARAMS: ClassVar[tuple[Param, ...]] = ()
    CHECKS: ClassVar[tuple[Check, ...]] = ()

    def to_query(self) -> dict[str, str]:
        query = {}
        for f in fields(self):  # type: ignore[arg-type]
            value = getattr(self, f.name)
            if value is None:
                continue
            query[f.name] = value.flag if isinstance(value, Chain) else str(value)
        return query


R = TypeVar("R", bound=Request)


def parse(request_type: type[R], items: Iterable[tuple[str, str]]) -> R:
    """Validate a query (as (name, value) pairs) into a typed request."""
    raw: dict[str, str] = {}
    for name, value in items:
        if name in raw:
            raise InvalidParameter(name, ErrorCode.DUPLICATE_PARAMETER, "was given more than once")
        raw[name] = value
    values: dict[str, Any] = {}
    for param in request_type.PARAMS:
        text = raw.get(param.name, "")
        if text == "":
            if param.required:
                raise InvalidParameter(param.name, ErrorCode.MISSING_PARAMETER, "is required")
            values[param.name] = param.default
            continue
        values[param.name] = param.rule(param.name, text)
    for check in request_type.CHECKS:
        check(values)
    return request_type(**values)


# -- cross-field checks -------------------------------------------------------------


def addresses_on(chain_field: str, *names: str) -> Check:
    """Each named address must have the format of the chain in `chain_field`."""

    def check(values: dict[str, Any]) -> None:
        on: Chain = values[chain_field]
        for name in names:
            if values.get(name) is not None:
                values[name] = rules.address_on(name, values[name], on)

    return check


def distinct(first: str, second: str, code: ErrorCode, what: str) -> Check:
    def check(values: dict[str, Any]) -> None:
        if values.get(first) is not None and values.get(first) == values.get(second):
            raise InvalidParameter(second, code, f"must differ from {first}: {what}")

    return check


# -- parameters shared by several endpoints ----------------------------------------

_CHANNEL = Param(
    "channel", rules.channel, required=False, default="default", doc="default, web, android, ios or extension"
)
_AMOUNT_IN = Param(
    "amountIn", rules.amount(positive=True), doc="amount to sell, in the token's smallest unit", schema_type="integer"
)


def _swap_params(chain_rule: rules.Rule, issuer_required: bool) -> tuple[Param, ...]:
    return (
        Param("token0", rules.text, doc="contract address of the token to sell (all-zero: native coin)"),
        Param("token1", rules.text, doc="contract address of the token to buy (all-zero: native coin)"),
        Param("decimal0", rules.integer(0, 255), doc="decimals of token0", schema_type="integer"),
        Param("decimal1", rules.integer(0, 255), doc="decimals of token1", schema_type="integer"),
        Param(
            "impact",
            rules.integer(0, 10000),
            doc="slippage tolerance in basis points (1% = 100)",
            schema_type="integer",
        ),
        Param("part", rules.integer(1, 100), doc="split granularity: number of equal slices", schema_type="integer"),
        _AMOUNT_IN,
        Param(
            "amountOutMin",
            rules.amount(positive=False),
            doc="0 on the first query; then the previous totalAmountOutMin",
            schema_type="integer",
        ),
        Param("to", rules.text, doc="recipient of the bought token"),
        Param("issuer", rules.text, required=issuer_required, doc="sender of the transaction"),
        Param("chain", chain_rule, doc="chain flag, alias or id"),
        _CHANNEL,
    )


_SWAP_CHECKS: tuple[Check, ...] = (
    addresses_on("chain", "token0", "token1", "to", "issuer"),
    distinct("token0", "token1", ErrorCode.SAME_TOKEN, "a swap needs two different tokens"),
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
    PARAMS = _swap_params(
        rules.chain(lambda c: not c.tron, "TRON quotes are served by /v3/core/swap"), issuer_required=False
    )


@dataclass(frozen=True)
class TronSwapRequest(SwapQuoteRequest):
    PARAMS = _swap_params(rules.chain(lambda c: c.tron, "this path quotes on TRON only"), issuer_required=True)


@dataclass(frozen=True)
class CrossSwapRequest(Request):
    fromChainID: Chain
    toChainID: Chain
    token0: str
    token1: str | None
    bridge: str
    decimal0: int | None
    decimal1: int | None
    amountIn: int | None
    to: str | None
    channel: str
    issuer: str | None

    PARAMS = (
        Param("fromChainID", rules.cross_chain_id, doc="source chain id", schema_type="integer"),
        Param("toChainID", rules.cross_chain_id, doc="destination chain id", schema_type="integer"),
        Param("token0", rules.text, doc="token on the source chain"),
        Param("token1", rules.text, required=False, doc="token on the destination chain (default: the same asset)"),
        Param("bridge", rules.bridge, doc="ANYSWAP, METAPATH or CBRIDGE"),
        Param("decimal0", rules.integer(0, 255), required=False, doc="decimals of token0", schema_type="integer"),
        Param("decimal1", rules.integer(0, 255), required=False, doc="decimals of token1", schema_type="integer"),
        Param("amountIn", rules.amount(positive=True), required=False, doc="amount of token0", schema_type="integer"),
        Param("to", rules.text, required=False, doc="recipient on the destination chain"),
        _CHANNEL,
        Param("issuer", rules.text, required=False, doc="sender on the source chain"),
    )
    CHECKS = (
        distinct("fromChainID", "toChainID", ErrorCode.SAME_CHAIN, "a cross-chain swap needs two chains"),
        addresses_on("fromChainID", "token0", "issuer"),
        addresses_on("toChainID", "token1", "to"),
    )


@dataclass(frozen=True)
class CrossOrderRequest(Request):
    bridge: str
    fromChainID: Chain
    toChainID: Chain
    token0: str
    token1: str
    to: str
    amountIn: int
    channel: str
    hash: str
    amountOutMin: int

    PARAMS = (
        Param("bridge", rules.bridge, doc="bridge used"),
        Param("fromChainID", rules.cross_chain_id, doc="source chain id"),
        Param("toChainID", rules.cross_chain_id, doc="destination chain id"),
        Param("token0", rules.text, doc="source token"),
        Param("token1", rules.text, doc="destination token"),
        Param("to", rules.text, doc="recipient"),
        _AMOUNT_IN,
        Param("channel", rules.channel, doc="channel value"),
        Param("hash", rules.tx_hash, doc="hash of the source-chain transaction"),
        Param("amountOutMin", rules.amount(positive=False), doc="the quote's amountOut"),
    )
    CHECKS = (
        distinct("fromChainID", "toChainID", ErrorCode.SAME_CHAIN, "a cross-chain swap needs two chains"),
        addresses_on("fromChainID", "token0"),
        addresses_on("toChainID", "token1", "to"),
    )


@dataclass(frozen=True)
class DetailsRequest(Request):
    hash: str
    chain: Chain

    PARAMS = (
        Param("hash", rules.tx_hash, doc="transaction hash"),
        Param("chain", rules.chain(), doc="chain flag, alias or id"),
    )


@dataclass(frozen=True)
class CrossListRequest(Request):
    PARAMS = ()


@dataclass(frozen=True)
class ChainRequest(Request):
    """Extension paths: one chain."""

    chain: Chain

    PARAMS = (Param("chain", rules.chain(), doc="chain flag, alias or id"),)


@dataclass(frozen=True)
class AddressRequest(Request):
    """Extensions: one address on one chain (a holder's balances, or a token)."""

    chain: Chain
    address: str

    PARAMS = (
        Param("chain", rules.chain(), doc="chain flag, alias or id"),
        Param("address", rules.text, doc="an address on that chain: the holder, or the token"),
    )
    CHECKS = (addresses_on("chain", "address"),)


# the two extension paths that take an address, named for what they ask
BalancesRequest = AddressRequest
TokenRequest = AddressRequest
