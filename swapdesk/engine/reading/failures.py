"""A failed transaction explained: its revert decoded (`reverts`), and the common failures said in words with
their numbers. A swap's minimum not met says the minimum and what the route gave (the call re-run at its block with
its minimum lifted, where the call returns its output); a maximum exceeded, what the route needed; a deadline
passed, by how much; an allowance or a balance too low, what there was and what the call needed (read at the
block before); out of gas (it used all its gas, or goes through with more), the gas given and the gas it needs.
Anything else is the contract's own reason, or said to be unknown.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from eth_abi import encode
from web3 import AsyncWeb3

from swapdesk.api.readings import Failure
from swapdesk.chain.rpc import NodeError, data, quantity, request
from swapdesk.engine.reading.fetch import Mined
from swapdesk.engine.reading.flows import NATIVE
from swapdesk.engine.reading.reverts import Revert, replay
from swapdesk.engine.reading.swap_terms import Asked

Shown = Callable[[str | None, int], str]  # (token, amount) as a person reads it: "1,234.5 USDC"

MINIMUM_WORDS = ("insufficient_output_amount", "too little received", "below minimum", "toolittlereceived",
                 "not enough", "insufficient output", "slippage")  # fmt: skip
MAXIMUM_WORDS = ("excessive_input_amount", "too much requested", "toomuchrequested", "excessive input")
DEADLINE_WORDS = ("expired", "too old", "deadline")
FUNDS_WORDS = ("allowance", "balance", "transfer_from_failed", "transferhelper", "safeerc20", "insufficient")
FUNDS_CODES = ("STF", "TF", "ST")  # Uniswap V3's TransferHelper: transferFrom, transfer, the failed token move


@dataclass(frozen=True)
class Need:
    """What a call needed of its sender: `amount` of `token`, held by `owner`, spendable by `spender` (None: the
    owner moves it itself)."""

    token: str
    owner: str
    spender: str | None
    amount: int


async def explain(w3: AsyncWeb3[Any], mined: Mined, asked: Asked | None, need: Need | None, show: Shown) -> Failure:
    if asked is not None and asked.deadline is not None and mined.timestamp > asked.deadline:
        replayed = await replay(w3, mined)
        return _deadline(asked.deadline, mined.timestamp, replayed.revert.reason if replayed.revert else "")
    replayed = await replay(w3, mined)
    if replayed.out_of_gas or (replayed.revert is None and mined.gas_used >= mined.gas):
        return _out_of_gas(mined, await _gas_needed(w3, mined))
    revert = replayed.revert or Revert("")
    words = revert.reason.lower().replace(" ", "") + " " + revert.reason.lower()
    if asked is not None and any(w.replace(" ", "") in words for w in MINIMUM_WORDS) and asked.minimum is not None:
        return await _minimum(w3, mined, asked, revert, show)
    if asked is not None and any(w.replace(" ", "") in words for w in MAXIMUM_WORDS) and asked.maximum is not None:
        return await _maximum(w3, mined, asked, revert, show)
    if asked is not None and asked.deadline is not None and any(w in words for w in DEADLINE_WORDS):
        return _deadline(asked.deadline, mined.timestamp, revert.reason)
    needed = await _gas_needed(w3, mined)
    if needed is not None and needed > mined.gas:  # it goes through with more gas: what it lacked was gas
        return _out_of_gas(mined, needed)
    if need is not None and need.token != NATIVE:
        short = await _short(w3, mined, need, revert, show)
        if short is not None:
            return short
    if revert.name == "Panic":
        meaning = revert.reason.split(": ", 1)[-1]
        return Failure(code="PANIC", reason=revert.reason, words=f"The contract stopped on {meaning}.")
    if revert.reason:
        return Failure(code="REVERTED", reason=revert.reason, words=f"The contract refused it: {revert.reason}.")
    why = f" ({replayed.message})" if replayed.message else ""
    return Failure(code="UNKNOWN", reason="", words=f"It failed, and the node does not say why{why}.")


async def _minimum(w3: AsyncWeb3[Any], mined: Mined, asked: Asked, revert: Revert, show: Shown) -> Failure:
    assert asked.minimum is not None
    gave = await _rerun(w3, mined, asked)
    token = asked.token_out
    words = f"The swap gave less than its minimum: it asked for at least {show(token, asked.minimum)}"
    if gave is not None:
        words += f", and the route gave {show(token, gave)} at that block."
    else:
        words += "; what the route gave cannot be computed (the call returns nothing, or the node cannot re-run it)."
    return Failure(
        code="MINIMUM_NOT_MET", reason=revert.reason, words=words, token=token, minimum=str(asked.minimum),
        routeGave=str(gave) if gave is not None else None,
    )  # fmt: skip


async def _maximum(w3: AsyncWeb3[Any], mined: Mined, asked: Asked, revert: Revert, show: Shown) -> Failure:
    assert asked.maximum is not None
    needed = await _rerun(w3, mined, asked)
    token = asked.token_in
    words = f"The swap needed more than its maximum: it would pay at most {show(token, asked.maximum)}"
    words += f", and the route needed {show(token, needed)}." if needed is not None else "."
    return Failure(
        code="MAXIMUM_EXCEEDED", reason=revert.reason, words=words, token=token, maximum=str(asked.maximum),
        needed=str(needed) if needed is not None else None,
    )  # fmt: skip


def _deadline(deadline: int, block_time: int, reason: str) -> Failure:
    late = block_time - deadline
    words = (
        f"The deadline passed: it had to be mined by {_utc(deadline)}, and its block came at {_utc(block_time)}, "
        f"{_duration(late)} late."
    )
    return Failure(code="DEADLINE_PASSED", reason=reason, words=words, deadline=deadline, blockTime=block_time)


async def _gas_needed(w3: AsyncWeb3[Any], mined: Mined) -> int | None:
    """The gas the call needs on the state before its block; None where it fails whatever the gas."""
    call = {"from": mined.sender, "to": mined.to, "data": "0x" + mined.input.hex(), "value": hex(mined.value)}
    try:
        return quantity(await request(w3, "eth_estimateGas", [call, hex(mined.block - 1)]))
    except (NodeError, ValueError):
        return None


def _out_of_gas(mined: Mined, needed: int | None) -> Failure:
    words = f"It ran out of gas: it was given {mined.gas:,} gas"
    words += f"; at its block it needs about {needed:,}." if needed is not None else ", and used all of it."
    return Failure(code="OUT_OF_GAS", reason="", words=words, gasLimit=mined.gas, gasNeeded=needed)


async def _short(w3: AsyncWeb3[Any], mined: Mined, need: Need, revert: Revert, show: Shown) -> Failure | None:
    """ALLOWANCE_TOO_LOW or BALANCE_TOO_LOW where the state before the block says so; None where it does not."""
    funds = revert.reason in FUNDS_CODES or any(w in revert.reason.lower() for w in FUNDS_WORDS) or not revert.reason
    if not funds:
        return None
    before = hex(mined.block - 1)
    if need.spender is not None:
        allowed = await _uint(w3, need.token, "dd62ed3e", ["address", "address"], [need.owner, need.spender], before)
        if allowed is not None and allowed < need.amount:
            words = (
                f"The allowance was too low: {need.spender} may spend {show(need.token, allowed)} of the sender's, and "
                f"the call needed {show(need.token, need.amount)}. Approve it first."
            )
            return Failure(
                code="ALLOWANCE_TOO_LOW", reason=revert.reason, words=words, token=need.token,
                allowance=str(allowed), needed=str(need.amount),
            )  # fmt: skip
    held = await _uint(w3, need.token, "70a08231", ["address"], [need.owner], before)
    if held is not None and held < need.amount:
        words = f"The balance was too low: {need.owner} held {show(need.token, held)}, and the call needed "
        words += f"{show(need.token, need.amount)}."
        return Failure(
            code="BALANCE_TOO_LOW", reason=revert.reason, words=words, token=need.token, balance=str(held),
            needed=str(need.amount),
        )  # fmt: skip
    return None


async def _rerun(w3: AsyncWeb3[Any], mined: Mined, asked: Asked) -> int | None:
    """What the call with its bound lifted says, re-run on the state before its block."""
    if asked.lowered is None or asked.result is None:
        return None
    call = {"from": mined.sender, "to": mined.to, "data": "0x" + asked.lowered.hex(), "value": hex(mined.value)}
    try:
        return asked.result(data(await request(w3, "eth_call", [call, hex(mined.block - 1)])))
    except (NodeError, ValueError):
        return None


async def _uint(
    w3: AsyncWeb3[Any], token: str, selector: str, types: list[str], args: list[str], block: str
) -> int | None:
    call = {"to": token, "data": "0x" + selector + encode(types, args).hex()}
    try:
        raw = data(await request(w3, "eth_call", [call, block]))
    except (NodeError, ValueError):
        return None
    return int.from_bytes(raw[:32], "big") if len(raw) >= 32 else None


def _utc(seconds: int) -> str:
    return datetime.fromtimestamp(seconds, UTC).strftime("%Y-%m-%d %H:%M:%S UTC")


def _duration(seconds: int) -> str:
    if seconds < 120:
        return f"{seconds} s"
    if seconds < 7200:
        return f"{seconds // 60} min"
    return f"{seconds // 3600} h {seconds % 3600 // 60} min"
