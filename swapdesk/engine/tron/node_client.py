"""How swapdesk reaches a TRON full node: java-tron's HTTP API (`wallet/*`), through tronpy's `AsyncTron`.

The engine asks it what a TRON client asks before it sends (the energy a call needs, the energy price)
and what a block explorer asks after (a transaction and its info); the trader builds, signs and broadcasts
with it. What they both read in its answers is here too: a fee limit from measured energy, why a
transaction failed, and a transaction's id computed from its raw data (never taken on the node's word:
the id is what gets signed).

A node is a `TronNode` (`chain.tron.node`: a java-tron HTTP API by URL, asked with bounds). Where it comes from:
the backend says (`ChainBackend.tron_node`: the embedded devnet's answers in process, a served devnet's at its
`/tron/`, a network's is its TRON JSON-RPC endpoint without `/jsonrpc`, as java-tron and TronGrid serve both under
one root); a node elsewhere is given as `TronNode(url)`.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import httpx
from tronpy import AsyncTron

from swapdesk.api import ErrorCode, Unavailable
from swapdesk.chain.receipts import SWAPPED
from swapdesk.chain.reverts import revert_reason
from swapdesk.chain.tron.node import TronNode
from swapdesk.chain.tron.transactions import raw_from_json, transaction_id
from swapdesk.chains import Chain
from swapdesk.engine.backends import ChainBackend
from swapdesk.words import QT_TR_NOOP, Words

ENERGY_MARGIN_PERCENT = 25  # an estimate is for the state now; the pools move before the block


def tron_client(backend: ChainBackend, node: TronNode | None = None) -> AsyncTron:
    """A tronpy client of the TRON node behind `backend` (or of `node`); CHAIN_UNAVAILABLE where there is none."""
    found = node or backend.tron_node()
    if found is None:
        raise Unavailable(
            ErrorCode.CHAIN_UNAVAILABLE,
            Words(
                QT_TR_NOOP(
                    "no TRON HTTP API is configured: give the node's URL (java-tron serves it on :8090; a TRON "
                    "JSON-RPC endpoint ending in /jsonrpc is read as the same node's)"
                )
            ),
        )
    return found.client()


class NodeRefused(Exception):
    """The node answered, and said no: its code or error, in its words."""


async def ask(tron: AsyncTron, method: str, params: dict[str, Any]) -> dict[str, Any]:
    """`wallet/<method>` with `visible` (base58 addresses); NodeRefused for `{"Error": ...}` or a failed `result`."""
    answer: dict[str, Any] = await tron.provider.make_request(f"wallet/{method}", {**params, "visible": True})
    if "Error" in answer:
        raise NodeRefused(str(answer["Error"]))
    result = answer.get("result", {})
    if isinstance(result, dict) and result.get("code") and not result.get("result"):
        raise NodeRefused(f"{result['code']}: {message(result)}")
    return answer


def message(answer: dict[str, Any]) -> str:
    """A `Return`'s message: java-tron writes it as hex of its text, or as the text itself with `visible`."""
    text = str(answer.get("message", ""))
    try:
        return bytes.fromhex(text).decode()
    except ValueError:
        return text


async def chain_parameters(tron: AsyncTron, *keys: str) -> dict[str, int]:
    """Some of `getchainparameters` (0 where the node leaves one out, as protobuf's JSON leaves out a zero)."""
    found = {p["key"]: int(p.get("value", 0)) for p in await tron.get_chain_parameters()}
    return {key: found.get(key, 0) for key in keys}


async def measured_fee_limit(tron: AsyncTron, trigger: dict[str, Any]) -> int:
    """Sun to allow for a trigger (`owner_address`, `contract_address`, `function_selector`, `parameter`,
    `call_value`): its energy measured by the node (`estimateenergy`) and the margin, at the node's price,
    at most the node's maximum. NodeRefused when the node cannot measure it: the call would fail now."""
    energy = int((await ask(tron, "estimateenergy", trigger))["energy_required"])
    return await fee_limit_for(tron, -(-energy * (100 + ENERGY_MARGIN_PERCENT) // 100))


async def fee_limit_for(tron: AsyncTron, energy: int) -> int:
    """Sun for `energy` at the node's energy price (`getEnergyFee`), at most its `getMaxFeeLimit`."""
    prices = await chain_parameters(tron, "getEnergyFee", "getMaxFeeLimit")
    sun = energy * prices["getEnergyFee"]
    return min(sun, prices["getMaxFeeLimit"]) if prices["getMaxFeeLimit"] else sun


def failure(info: dict[str, Any]) -> str:
    """Why a transaction failed, from its TransactionInfo: the revert's reason, or TRON's result (OUT_OF_ENERGY...)."""
    result = info.get("receipt", {}).get("result", "")
    if result == "REVERT":
        reason = revert_reason(bytes.fromhex((info.get("contractResult") or [""])[0]))
        return f"reverted: {reason}" if reason else "reverted"
    return str(result or info.get("resMessage") or "failed")


def swapped_event(info: dict[str, Any], router: str) -> dict[str, Any] | None:
    """The router's Swapped event in a TransactionInfo asked for with `visible` (log addresses in base58),
    decoded as `chain.receipts.swapped_event` decodes an Ethereum one; None when there is none."""
    for log in info.get("log", []):
        if log.get("address") == router:
            topics = [bytes.fromhex(t) for t in log.get("topics") or []]
            fields = SWAPPED.decode_parts(topics, bytes.fromhex(log.get("data") or ""))
            if fields is not None:
                return fields
    return None


def local_txid(raw_data: dict[str, Any]) -> str:
    """The id of a transaction's raw data as a client writes it (hex addresses): SHA-256 of its protobuf."""
    return transaction_id(raw_from_json(raw_data, visible=False)).hex()


@asynccontextmanager
async def reaching_tron(chain: Chain) -> AsyncIterator[None]:
    """A TRON node that cannot be reached is CHAIN_UNAVAILABLE, not a 500."""
    try:
        yield
    except httpx.TimeoutException as exc:
        late = Words(QT_TR_NOOP("the {chain} node did not answer in time"), chain=chain.flag)
        raise Unavailable(ErrorCode.CHAIN_UNAVAILABLE, late) from exc
    except (httpx.HTTPError, OSError, TimeoutError) as exc:
        why = str(exc) or type(exc).__name__
        unreached = Words(QT_TR_NOOP("cannot reach the {chain} node: {why}"), chain=chain.flag, why=why)
        raise Unavailable(ErrorCode.CHAIN_UNAVAILABLE, unreached) from exc
