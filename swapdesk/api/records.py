"""Response records with the spec's exact field names and JSON types.

Amounts are strings of integers in smallest units; the few numbers the spec
types as numbers (`price`, the TRON record's `feeRate`, `feeLimit`,
decimals, `timestamp`) are numbers. `feeRate` is in basis points everywhere.
An optional field is left out of the JSON when unset, never null, so the
OpenAPI document types it as the spec does (`SkipJsonSchema[None]`).
"""

from __future__ import annotations

from pydantic import BaseModel, Field
from pydantic.json_schema import JsonDict, SkipJsonSchema


class SourceAmount(BaseModel):
    """One source's output if it took the whole amount alone."""

    exchange: str
    icon_url: str
    amountOut: str


class AggQuote(BaseModel):
    srcToken: str
    dstToken: str
    part: str
    to: str
    sender: str
    amountIn: str
    usedAmountIn: str
    totalAmountOut: str
    totalAmountOutMin: str
    impact: str
    normalFee: str
    fee: str
    feeRate: str
    aggregator: str
    dexPath: list[str] = Field(description="'<source>:<percent>' entries; percents sum to 100")
    amounts: list[SourceAmount]
    data: str
    blockNumber: int | SkipJsonSchema[None] = Field(
        None, description="Extension (not in the spec): the block whose state the quote was computed from"
    )


class DexRef(BaseModel):
    dex: str
    icon: str


class TronParameter(BaseModel):
    type: str
    value: str


_NUMBER: JsonDict = {"type": "number"}  # the spec's type; the values are whole (sun, basis points)


class TronOptions(BaseModel):
    callValue: str
    feeLimit: int = Field(json_schema_extra=_NUMBER)


class TronCall(BaseModel):
    contract: str
    fun: str
    options: TronOptions
    parameter: list[TronParameter]
    issuer: str


class TronQuote(BaseModel):
    srcToken: str
    dstToken: str
    to: str
    amountIn: str
    totalAmountOut: str
    totalAmountOutMin: str
    dexPath: list[str]
    impact: str
    channel: str
    dexs: list[DexRef]
    amounts: list[SourceAmount]
    aggregator: str
    data: TronCall
    feeRate: int = Field(json_schema_extra=_NUMBER)
    fee: str
    usedAmountIn: str


class CrossQuote(BaseModel):
    token0: str
    token1: str
    chainID: str
    destChainID: str
    amountIn: str
    to: str
    price: float = Field(description="token1 per token0, for display only")
    fee: str
    relayerFee: str | SkipJsonSchema[None] = Field(
        None, description="METAPATH only: the relayer's fee, an amount of token1; absent for other bridges"
    )
    feeRate: str
    amountOut: str
    crossPool: str
    router: str
    exchange: str
    data: str


class CrossChainEntry(BaseModel):
    chainId: int
    name: str
    flag: str
    icon: str


class CrossTokenEntry(BaseModel):
    chainId: int
    address: str
    symbol: str
    decimals: int
    name: str
    icon: str


class CrossTokenList(BaseModel):
    bridgers: list[str]
    chains: dict[str, list[CrossChainEntry]]
    tokens: dict[str, list[CrossTokenEntry]]


class TxDetails(BaseModel):
    sourceHash: str
    targetHash: str
    chain: str
    status: str
    statusNotes: str
    fromToken: str
    toToken: str
    amountIn: str
    amountOut: str
    amountOutMin: str
    fromDecimals: int
    toDecimals: int
    fromAddress: str
    toAddress: str
    fromChain: str
    toChain: str
    timestamp: int
    channel: str
    dexs: list[DexRef]


class TokenInfo(BaseModel):
    """Extension: one token of a chain (`GET /ext/v1/tokens`)."""

    address: str
    symbol: str
    name: str
    decimals: int
    icon: str


class SourceInfo(BaseModel):
    """Extension: one liquidity source of a chain (`GET /ext/v1/sources`)."""

    name: str
    kind: str = Field(description="uniswap_v2 (constant product) or stableswap")
    feeBps: int
    address: str = Field(description="V2 factory, or the StableSwap pool")
    pools: int
    icon: str


class Balance(BaseModel):
    """Extension: one token balance (`GET /ext/v1/balances`); the native coin first."""

    address: str
    symbol: str
    decimals: int
    balance: str
