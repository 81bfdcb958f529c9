"""Extension records of what a transaction did, beside the spec's details record (`records.TxDetails`) and the
transaction extension (`records.TxInfo`): why it failed, in words and numbers; what each party moved; the
deposit a bridge's event says was made. Amounts are integer strings in smallest units."""

from __future__ import annotations

from pydantic import BaseModel, Field
from pydantic.json_schema import SkipJsonSchema

FAILURE_CODES = (
    "MINIMUM_NOT_MET", "MAXIMUM_EXCEEDED", "DEADLINE_PASSED", "ALLOWANCE_TOO_LOW", "BALANCE_TOO_LOW", "OUT_OF_GAS",
    "PANIC", "REVERTED", "UNKNOWN",
)  # fmt: skip


class Failure(BaseModel):
    """Extension: why a transaction failed."""

    code: str = Field(description="one of " + ", ".join(FAILURE_CODES))
    reason: str = Field(description="the revert decoded: Error(string)'s text, Panic(code): meaning, or a custom "
                        "error with its arguments; empty when the node gave none")  # fmt: skip
    words: str = Field(description="what happened, in plain words, amounts in whole tokens")
    token: str | SkipJsonSchema[None] = Field(default=None, description="the token the amounts below are of")
    minimum: str | SkipJsonSchema[None] = Field(default=None, description="MINIMUM_NOT_MET: the least the call took")
    routeGave: str | SkipJsonSchema[None] = Field(
        default=None, description="MINIMUM_NOT_MET: what the route gave, re-running the call at its block"
    )
    maximum: str | SkipJsonSchema[None] = Field(default=None, description="MAXIMUM_EXCEEDED: the most it would pay")
    needed: str | SkipJsonSchema[None] = Field(
        default=None,
        description="MAXIMUM_EXCEEDED: what the route needed; ALLOWANCE_TOO_LOW, BALANCE_TOO_LOW: what the call needed",
    )
    allowance: str | SkipJsonSchema[None] = Field(default=None, description="ALLOWANCE_TOO_LOW: what was allowed")
    balance: str | SkipJsonSchema[None] = Field(default=None, description="BALANCE_TOO_LOW: what the sender held")
    deadline: int | SkipJsonSchema[None] = Field(default=None, description="DEADLINE_PASSED: the deadline, Unix s")
    blockTime: int | SkipJsonSchema[None] = Field(default=None, description="DEADLINE_PASSED: the block's time")
    gasLimit: int | SkipJsonSchema[None] = Field(default=None, description="OUT_OF_GAS: the gas it was given")
    gasNeeded: int | SkipJsonSchema[None] = Field(
        default=None, description="OUT_OF_GAS: the gas it needs, estimated at its block"
    )


class Flow(BaseModel):
    """Extension: an asset an address gained or lost in the transaction, net."""

    address: str
    token: str = Field(description="the all-zero address for the native coin")
    symbol: str
    decimals: int
    amount: str = Field(description="signed, smallest units: negative is paid out")


class BridgeDeposit(BaseModel):
    """Extension: a deposit into a bridge, as the bridge contract's event says it (read without its provider)."""

    bridge: str = Field(description="ANYSWAP, CBRIDGE or METAPATH")
    event: str = Field(description="the event it was recognised by: LogAnySwapOut, Send, Swap or SwapEth")
    contract: str = Field(description="the bridge's contract that emitted it")
    token: str = Field(description="the token deposited (ANYSWAP: the anyToken); all-zero for the native coin")
    amount: str
    toChainId: int = Field(description="the destination chain's id; 0 when the event does not say (METAPATH)")
    receiver: str = Field(description="the receiver on the destination, as the event writes it")
    toToken: str = Field(description="METAPATH: the token asked for on the destination, as the event writes it")
