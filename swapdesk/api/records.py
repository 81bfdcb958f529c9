"""Response records with the spec's exact field names and JSON types.

Amounts are strings of integers in smallest units; the few numbers the spec
types as numbers (`price`, the TRON record's `feeRate`, `feeLimit`,
decimals, `timestamp`) are numbers. `feeRate` is in basis points everywhere.
An optional field is left out of the JSON when unset, never null, so the
OpenAPI document types it as the spec does (`SkipJsonSchema[None]`).
"""

from __future__ import annotations

from pydantic import BaseModel, Field
from pydantic.config import JsonDict
from pydantic.json_schema import SkipJsonSchema

from swapdesk.api.readings import BridgeDeposit, Failure, Flow
from swapdesk.api.rules import MAX_DECIMALS


class SourceAmount(BaseModel):
    """One source's output if it took the whole amount alone: through the one of its own routes that is worth the
    most after its gas, as the quote's answer is chosen."""

    exchange: str
    icon_url: str
    amountOut: str
    gas: int | SkipJsonSchema[None] = Field(
        default=None,
        description="Extension (not in the spec): that route's gas through the quote's router, as estimatedGas counts"
        " the answer's; absent when the source has no route",
    )
    gasCost: str | SkipJsonSchema[None] = Field(
        default=None,
        description="Extension (not in the spec): that gas at the quoted block's base fee, in token1's smallest units"
        " (rounded up)",
    )


class QuotedRoute(BaseModel):
    """Extension: one route of a quote's split, as a route diagram draws it."""

    source: str = Field(description='the route\'s source, or "A + B" for a route whose hops use two')
    percent: int = Field(description="the route's share of the amount, whole percents")
    path: list[str] = Field(description="the tokens from token0 to token1, as the chain writes addresses")
    sources: list[str] = Field(default_factory=list, description="each hop's source, in order")
    gas: int | SkipJsonSchema[None] = Field(default=None, description="the route's hops' gas, estimated")


class LeftOutRoute(BaseModel):
    """Extension: a route the split would have used were gas free, left out because its gas costs more than it
    adds (`gasCost` is that gas at the quoted block's base fee, in token1's smallest units)."""

    source: str
    sources: list[str]
    path: list[str]
    gas: int
    gasCost: str


class RouterUsed(BaseModel):
    """Extension: the router a quote's call data is for, when it is not swapdesk's, and why."""

    name: str = Field(description="the DEX whose own router it is")
    contract: str = Field(description="the router's interface: UniswapV2Router02 or SwapRouter")
    address: str
    why: str = Field(description="why the quote goes through it, and what that means (one route, no split)")


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
    routes: list[QuotedRoute] | SkipJsonSchema[None] = Field(
        default=None, description="Extension (not in the spec): each route of the split with its share and token path"
    )
    estimatedGas: int | SkipJsonSchema[None] = Field(
        default=None, description="Extension (not in the spec): the swap's gas, estimated from its routes' pools"
    )
    gasCost: str | SkipJsonSchema[None] = Field(
        default=None,
        description="Extension (not in the spec): estimatedGas at the quoted block's base fee, in token1's smallest"
        " units (rounded up); through swapdesk's router, totalAmountOut less it is never below an entry of `amounts`"
        " less the entry's own",
    )
    routesLeftOut: list[LeftOutRoute] | SkipJsonSchema[None] = Field(
        default=None,
        description="Extension (not in the spec): routes whose gas would cost more than they add, left out",
    )
    router: RouterUsed | SkipJsonSchema[None] = Field(
        default=None,
        description="Extension (not in the spec): set when the call data is for a DEX's own router, on a chain "
        "where swapdesk's router is not deployed",
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
    routes: list[QuotedRoute] | SkipJsonSchema[None] = Field(
        default=None, description="Extension (not in the spec): each route of the split with its share and token path"
    )
    estimatedGas: int | SkipJsonSchema[None] = Field(
        default=None, description="Extension (not in the spec): the swap's gas, estimated from its routes' pools"
    )
    gasCost: str | SkipJsonSchema[None] = Field(
        default=None,
        description="Extension (not in the spec): estimatedGas at the quoted block's base fee, in token1's smallest"
        " units (rounded up); through swapdesk's router, totalAmountOut less it is never below an entry of `amounts`"
        " less the entry's own",
    )
    routesLeftOut: list[LeftOutRoute] | SkipJsonSchema[None] = Field(
        default=None,
        description="Extension (not in the spec): routes whose gas would cost more than they add, left out",
    )


class CrossQuote(BaseModel):
    token0: str
    token1: str
    chainID: str
    destChainID: str
    amountIn: str
    to: str = Field(description="the recipient; empty when the request named none (then `data` is empty too)")
    price: float = Field(
        description="token1 received per token0 sent, fees included, rounded to 10 significant digits: display only"
    )
    fee: str = Field(description="what the bridge keeps, in token0's smallest units")
    relayerFee: str | SkipJsonSchema[None] = Field(
        None, description="METAPATH only: the relayer's fee, an amount of token1; absent for other bridges"
    )
    feeRate: str = Field(description="the bridge's fee rate in basis points")
    amountOut: str = Field(description="what the recipient receives, token1's smallest units")
    crossPool: str = Field(description="the bridge's pool or vault on the source chain that receives the funds")
    router: str = Field(description="the contract to send `data` to on the source chain (approve token0 to it)")
    exchange: str
    data: str = Field(
        description="call data for `router` (0x-hex; on TRON the TriggerSmartContract data); empty without `to` "
        "or `amountIn`"
    )
    value: str | SkipJsonSchema[None] = Field(
        default=None,
        description="Extension: the native coin to send with `data` (the amount when token0 is the native coin, "
        "else 0), smallest units; present with `data`",
    )


class CrossChainEntry(BaseModel):
    chainId: int
    name: str
    flag: str
    icon: str


class CrossTokenEntry(BaseModel):
    chainId: int
    address: str = Field(description="in the chain's own format; the all-zero address is the native coin")
    symbol: str
    decimals: int = Field(ge=0, le=MAX_DECIMALS)
    name: str
    icon: str


class ListRefusal(BaseModel):
    """Extension: what a bridge could not list now (one chain of it, or the whole bridge), and why."""

    bridge: str
    chainId: int | SkipJsonSchema[None] = Field(default=None, description="the chain left out; absent: the bridge")
    code: str
    message: str


class CrossTokenList(BaseModel):
    bridgers: list[str]
    chains: dict[str, list[CrossChainEntry]]
    tokens: dict[str, list[CrossTokenEntry]]
    unavailable: list[ListRefusal] | SkipJsonSchema[None] = Field(
        default=None,
        description="Extension (not in the spec): each bridge, or chain of a bridge, left out of the list now,"
        " with the code and words its quote would answer; absent when nothing is left out",
    )


class TransferStatus(BaseModel):
    """Extension: a cross-chain transfer's status in LI.FI's words, beside the bridge's own statusNotes."""

    status: str = Field(description="PENDING, DONE or FAILED")
    substatus: str = Field(
        description="PENDING: WAIT_SOURCE_CONFIRMATIONS, WAIT_DESTINATION_TRANSACTION or REFUND_IN_PROGRESS; "
        "DONE: COMPLETED, PARTIAL or REFUNDED; FAILED: EXPIRED or UNKNOWN_FAILED_ERROR"
    )
    substatusMessage: str


class Stage(BaseModel):
    """Extension: one stage a cross-chain transfer reached."""

    statusNotes: str = Field(description="the bridge's own status at this stage")
    status: str = Field(description="normalised: PENDING, DONE or FAILED")
    substatus: str
    chain: str = Field(description="flag of the chain of this stage's transaction; empty without one")
    hash: str = Field(description="this stage's transaction (deposit, payout, refund), as its chain writes it")
    timeMs: int = Field(description="when the stage was reached, Unix milliseconds")


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
    normalizedStatus: TransferStatus | SkipJsonSchema[None] = Field(
        default=None, description="Extension, cross-chain only: the normalised status (LI.FI's)"
    )
    timeline: list[Stage] | SkipJsonSchema[None] = Field(
        default=None, description="Extension, cross-chain only: every stage reached, in order"
    )
    orderId: str | SkipJsonSchema[None] = Field(
        default=None, description="Extension, cross-chain only: the order as the bridge's provider names it"
    )
    failure: Failure | SkipJsonSchema[None] = Field(
        default=None, description="Extension, same-chain only: why the swap failed, in words and numbers"
    )
    unknown: list[str] | SkipJsonSchema[None] = Field(
        default=None,
        description="Extension: fields this node cannot tell (amountOut when the native coin received needs past "
        "balances or traces it does not keep); they read 0",
    )


class RouteFee(BaseModel):
    """Extension: one fee of a route, in the token it is charged in."""

    kind: str = Field(description="bridge (the provider's fee), relayer (paying out) or gas (the source call)")
    chainId: int
    token: str = Field(description="in that chain's format; the all-zero address is the native coin")
    symbol: str
    decimals: int = Field(ge=0, le=MAX_DECIMALS)
    amount: str = Field(description="smallest units")
    included: bool = Field(description="already taken from amountOut (bridge, relayer); gas is paid on top")


class RouteLimits(BaseModel):
    """Extension: the amounts of token0 the bridge accepts for this pair, smallest units."""

    minAmountIn: str
    maxAmountIn: str
    slowAbove: str | SkipJsonSchema[None] = Field(
        default=None, description="above this amount the bridge holds the transfer for a while (big-value wait, delay)"
    )


class CrossRoute(BaseModel):
    """Extension: one bridge's answer to a routes request."""

    bridge: str
    amountIn: str
    amountOut: str
    fees: list[RouteFee]
    etaSeconds: int = Field(description="estimated seconds from the deposit to the payout, at the chains' pace")
    etaBasis: str | SkipJsonSchema[None] = Field(
        default=None,
        description="what etaSeconds rests on: the devnet's timing, the provider's estimate, measured transfers, or"
        " no estimate yet (etaSeconds 0)",
    )
    limits: RouteLimits
    quote: CrossQuote = Field(description="the spec's quote record for this bridge: router, call data")


class RouteRefusal(BaseModel):
    """Extension: a bridge that cannot carry the transfer, and why (the code /v3/cross/swap would answer)."""

    bridge: str
    code: str
    message: str


class CrossRoutes(BaseModel):
    """Extension (`GET /ext/v1/cross/routes`): every bridge's route, the most output first."""

    routes: list[CrossRoute]
    unavailable: list[RouteRefusal]


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
    kind: str = Field(description="uniswap_v2 (constant product), uniswap_v3 (concentrated liquidity) or stableswap")
    feeBps: int = Field(description="the swap fee in basis points (uniswap_v3: its lowest tier's, rounded down)")
    feeTiers: list[int] = Field(
        default_factory=list, description="uniswap_v3: the fee tiers of its pools, in millionths (3000 is 0.3 %)"
    )
    address: str = Field(description="the V2 or V3 factory, or the StableSwap pool")
    pools: int
    icon: str


class Balance(BaseModel):
    """Extension: one token balance (`GET /ext/v1/balances`); the native coin first."""

    address: str
    symbol: str
    decimals: int
    balance: str


class TxInfo(BaseModel):
    """Extension (`GET /ext/v1/transaction`): any transaction in plain terms, whatever it is.

    A swap or a cross-chain order carries the very record `/v3/core/details` answers (`details`); everything
    else (an approval, a transfer, a wrap, a bridge deposit read from its event, a call) is said here."""

    hash: str = Field(description="as the chain writes it (TRON: 64 hex digits, no 0x)")
    chain: str = Field(description="the chain's flag")
    kind: str = Field(
        description="swap, bridge (a deposit into a bridge), approval, transfer (a token's), payment (the native "
        "coin), wrap, unwrap, call (anything else) or deployment"
    )
    status: str = Field(description="Success, Failure or Pending (not in a block yet)")
    statusNotes: str = Field(description="why it failed (the revert reason), when it did")
    fromAddress: str
    toAddress: str = Field(description="the contract called, or the account paid; empty for a deployment")
    value: str = Field(description="native coin sent with it, smallest units")
    token: str = Field(description="approval, transfer: the token's address; else empty")
    symbol: str
    decimals: int
    amount: str = Field(description="approval: the allowance given; transfer: the amount sent; smallest units")
    spender: str = Field(description="approval: who may spend the token; else empty")
    spenderName: str = Field(
        description="approval: the spender named from the chain's catalogue ('swapdesk's router', a DEX's router, a "
        "bridge); empty when swapdesk does not know it"
    )
    recipient: str = Field(description="transfer: who received the token; else empty")
    networkFee: str = Field(description="what the sender paid the network, native coin's smallest units")
    gasUsed: int = Field(description="gas used (on TRON: energy used); 0 while pending")
    block: int = Field(description="0 while pending")
    timestamp: int = Field(description="Unix seconds of its block; 0 while pending")
    unlimited: bool = Field(default=False, description="approval: the allowance is unlimited (2^255 or more)")
    contractName: str = Field(
        default="", description="the contract called, named from the catalogue (a token's symbol, a DEX's router...)"
    )
    method: str = Field(default="", description="the call's 4-byte selector, 0x-hex; empty for a payment")
    methodName: str = Field(default="", description="the function's signature, where swapdesk knows it")
    details: TxDetails | SkipJsonSchema[None] = Field(
        default=None, description="swap, bridge: the record /v3/core/details answers for this transaction"
    )
    bridge: BridgeDeposit | SkipJsonSchema[None] = Field(
        default=None, description="bridge: the deposit as the bridge's event says it"
    )
    failure: Failure | SkipJsonSchema[None] = Field(default=None, description="why it failed, when it did")
    flows: list[Flow] = Field(
        default_factory=list, description="what the sender (and the receiver of a swap) gained or lost, net"
    )
    unknown: list[str] = Field(
        default_factory=list,
        description="what this node cannot tell: 'nativeReceived' when it keeps neither past balances nor traces",
    )
