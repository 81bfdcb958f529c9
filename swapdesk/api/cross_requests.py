"""Requests of the cross-chain endpoints (the quote, the order callback, the routes, the token list), parsed
from a query as every request is (`requests.parse`); their chains are the spec's cross-chain table's numeric ids."""

from __future__ import annotations

from dataclasses import dataclass

import swapdesk.api.rules as rules
from swapdesk.api.errors import ErrorCode
from swapdesk.api.requests import BSC_USDT, CHANNEL, DEMO, ETH_USDT, HASH, Param, Request, addresses_on, distinct
from swapdesk.chains import Chain
from swapdesk.words import QT_TR_NOOP, Term

_TWO_CHAINS = Term(QT_TR_NOOP("a cross-chain swap needs two chains"))
_CROSS_DOC = "chain id from the spec's cross-chain table"
_ON_SOURCE = "on the source chain (EVM hex, or base58 when it is TRON)"
_ON_DESTINATION = "on the destination chain (EVM hex, or base58 when it is TRON)"


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
        Param("fromChainID", rules.cross_chain_id(), doc=f"source {_CROSS_DOC}", example="56"),
        Param("toChainID", rules.cross_chain_id(), doc=f"destination {_CROSS_DOC}", example="1"),
        Param("token0", rules.any_address, doc=f"token {_ON_SOURCE}", example=BSC_USDT),
        Param(
            "token1",
            rules.any_address,
            required=False,
            doc=f"token {_ON_DESTINATION} (default: the same asset)",
            example=ETH_USDT,
        ),
        Param("bridge", rules.bridge, doc="ANYSWAP, METAPATH or CBRIDGE (any case)", example="ANYSWAP"),
        Param("decimal0", rules.integer(0, 255), required=False, doc="decimals of token0", example="18"),
        Param("decimal1", rules.integer(0, 255), required=False, doc="decimals of token1", example="6"),
        Param(
            "amountIn",
            rules.amount(positive=True),
            required=False,
            doc="amount of token0, in its smallest unit",
            example="100" + "0" * 18,
        ),
        Param("to", rules.any_address, required=False, doc=f"recipient {_ON_DESTINATION}", example=DEMO),
        CHANNEL,
        Param("issuer", rules.any_address, required=False, doc=f"sender {_ON_SOURCE}", example=DEMO),
    )
    CHECKS = (
        distinct("fromChainID", "toChainID", ErrorCode.SAME_CHAIN, _TWO_CHAINS),
        addresses_on("fromChainID", "token0", "issuer"),
        addresses_on("toChainID", "token1", "to"),
    )


@dataclass(frozen=True)
class CrossOrderRequest(Request):
    """The order callback: every parameter is a string in the spec, and required."""

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
        Param("bridge", rules.bridge, doc="bridge used: ANYSWAP, METAPATH or CBRIDGE (any case)", example="METAPATH"),
        Param("fromChainID", rules.cross_chain_id(text=True), doc=f"source {_CROSS_DOC}", example="56"),
        Param("toChainID", rules.cross_chain_id(text=True), doc=f"destination {_CROSS_DOC}", example="1"),
        Param("token0", rules.any_address, doc=f"token {_ON_SOURCE}", example=BSC_USDT),
        Param("token1", rules.any_address, doc=f"token {_ON_DESTINATION}", example=ETH_USDT),
        Param("to", rules.any_address, doc=f"recipient {_ON_DESTINATION}", example=DEMO),
        Param(
            "amountIn",
            rules.amount(positive=True, text=True),
            doc="amount of token0 sent, in its smallest unit",
            example="100" + "0" * 18,
        ),
        Param("channel", rules.channel, doc="default, web, android, ios or extension (any case)", example="default"),
        Param("hash", rules.tx_hash, doc="hash of the source-chain transaction", example=HASH),
        Param(
            "amountOutMin",
            rules.amount(positive=False, text=True),
            doc="the amountOut of the cross-chain quote",
            example="99" + "0" * 6,
        ),
    )
    CHECKS = (
        distinct("fromChainID", "toChainID", ErrorCode.SAME_CHAIN, _TWO_CHAINS),
        addresses_on("fromChainID", "token0"),
        addresses_on("toChainID", "token1", "to"),
    )


@dataclass(frozen=True)
class CrossRoutesRequest(Request):
    """Extension: one transfer, answered by every bridge that can carry it (LI.FI's routes)."""

    fromChainID: Chain
    toChainID: Chain
    token0: str
    token1: str | None
    amountIn: int
    to: str | None
    issuer: str | None
    include: tuple[str, ...] | None
    exclude: tuple[str, ...] | None
    channel: str

    PARAMS = (
        Param("fromChainID", rules.cross_chain_id(), doc=f"source {_CROSS_DOC}", example="56"),
        Param("toChainID", rules.cross_chain_id(), doc=f"destination {_CROSS_DOC}", example="1"),
        Param("token0", rules.any_address, doc=f"token {_ON_SOURCE}", example=BSC_USDT),
        Param(
            "token1",
            rules.any_address,
            required=False,
            doc=f"token {_ON_DESTINATION} (default: the same asset)",
            example=ETH_USDT,
        ),
        Param(
            "amountIn",
            rules.amount(positive=True),
            doc="amount of token0, in its smallest unit",
            example="100" + "0" * 18,
        ),
        Param("to", rules.any_address, required=False, doc=f"recipient {_ON_DESTINATION}", example=DEMO),
        Param("issuer", rules.any_address, required=False, doc=f"sender {_ON_SOURCE}", example=DEMO),
        Param(
            "include",
            rules.bridge_list,
            required=False,
            doc="only these bridges, separated by commas (default: every bridge)",
            example="ANYSWAP,CBRIDGE",
        ),
        Param(
            "exclude",
            rules.bridge_list,
            required=False,
            doc="not these bridges, separated by commas",
            example="METAPATH",
        ),
        CHANNEL,
    )
    CHECKS = (
        distinct("fromChainID", "toChainID", ErrorCode.SAME_CHAIN, _TWO_CHAINS),
        addresses_on("fromChainID", "token0", "issuer"),
        addresses_on("toChainID", "token1", "to"),
    )


@dataclass(frozen=True)
class CrossListRequest(Request):
    PARAMS = ()
