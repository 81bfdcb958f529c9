"""A mainnet node replaying recorded answers (tests/engine/recorded/*.json): the boundary swapdesk does not own.

It answers JSON-RPC at `/<chain id>` from the recordings of that chain: each transaction, its receipt, its block,
and the few reads a reader makes (a pool's tokens and factory, its factory's word for it; see the recordings'
README for where each answer comes from). Two kinds of node:

- `traced=False`, the node most people reach (a provider's full node): no `debug_traceTransaction` (method not
  found) and no state before the head (`missing trie node` for any read at a past block);
- `traced=True`, an archive node with traces: `debug_traceTransaction` answers the recorded call tree, and a failed
  transaction re-run at its block reverts with its recorded revert data.

Whatever it was asked and holds no answer for is kept in `unanswered` (a test can tell a reader that asked for
more than the recordings hold from one that read them wrong), and answered as a real node would not: a failed read.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from eth_abi import decode, encode
from eth_utils import function_signature_to_4byte_selector, to_checksum_address
from fastapi import FastAPI, Request

RECORDED = Path(__file__).parent / "recorded"
AGGREGATE3 = function_signature_to_4byte_selector("aggregate3((address,bool,bytes)[])")
NO_STATE = {"code": -32000, "message": "missing trie node 0d5a2f3c (path ) state 0x0d5a2f3c is not available"}
NO_METHOD = {"code": -32601, "message": "the method debug_traceTransaction does not exist/is not available"}
SOME_CODE = "0xfe"  # "there is code here": the recordings hold no bytecode (see the README)


def recordings(chain: int | None = None) -> list[dict[str, Any]]:
    """Every recording (of one chain), in file order."""
    found = [json.loads(p.read_text()) for p in sorted(RECORDED.glob("*.json"))]
    return [r for r in found if chain is None or r["chain"] == chain]


@dataclass
class Chain:
    id: int
    txs: dict[str, dict[str, Any]] = field(default_factory=dict)  # hash -> recording
    blocks: dict[int, dict[str, Any]] = field(default_factory=dict)
    calls: dict[tuple[str, str], str] = field(default_factory=dict)  # (to, data) -> result
    contracts: set[str] = field(default_factory=set)


class RecordedNode:
    def __init__(self, traced: bool, contracts: dict[int, set[str]] | None = None) -> None:
        """`contracts`: per chain, addresses a real node would show code at besides those the recordings meet
        (the catalogue's: its tokens, factories, Multicall3)."""
        self.traced = traced
        self.unanswered: list[str] = []
        self.chains: dict[int, Chain] = {}
        for rec in recordings():
            chain = self.chains.setdefault(rec["chain"], Chain(rec["chain"]))
            chain.txs[rec["hash"].lower()] = rec
            chain.blocks[int(rec["block"]["number"], 16)] = rec["block"]
            for call in rec["calls"]:
                chain.calls[(call["to"].lower(), call["data"].lower())] = call["result"]
            chain.contracts |= {rec["transaction"]["to"].lower()} | {
                log["address"].lower() for log in rec["receipt"]["logs"]
            }
        for chain_id, addresses in (contracts or {}).items():
            self.chains.setdefault(chain_id, Chain(chain_id)).contracts |= {a.lower() for a in addresses}

    def app(self) -> FastAPI:
        app = FastAPI()

        @app.post("/{chain_id}")
        async def rpc(chain_id: int, request: Request) -> Any:
            body = await request.json()
            chain = self.chains.get(chain_id, Chain(chain_id))
            if isinstance(body, list):
                return [self._one(chain, r) for r in body]
            return self._one(chain, body)

        return app

    def _one(self, chain: Chain, request: dict[str, Any]) -> dict[str, Any]:
        out: dict[str, Any] = {"jsonrpc": "2.0", "id": request.get("id")}
        try:
            out["result"] = self._answer(chain, str(request.get("method")), list(request.get("params") or []))
        except Refused as refused:
            out["error"] = refused.error
        return out

    def _answer(self, chain: Chain, method: str, params: list[Any]) -> Any:
        if method == "eth_chainId":
            return hex(chain.id)
        if method == "eth_blockNumber":
            return hex(max(chain.blocks, default=0) + 1)
        if method == "eth_getTransactionByHash":
            rec = chain.txs.get(str(params[0]).lower())
            return rec["transaction"] if rec else None
        if method == "eth_getTransactionReceipt":
            rec = chain.txs.get(str(params[0]).lower())
            return rec["receipt"] if rec else None
        if method == "eth_getBlockByNumber":
            return self._block(chain, params)
        if method == "eth_getCode":
            return SOME_CODE if str(params[0]).lower() in chain.contracts else "0x"
        if method == "debug_traceTransaction":
            if not self.traced:
                raise Refused(NO_METHOD)
            rec = chain.txs.get(str(params[0]).lower())
            if rec is None:
                raise Refused({"code": -32000, "message": "transaction not found"})
            return rec["trace"]
        if method in ("eth_call", "eth_estimateGas", "eth_getBalance"):
            return self._state(chain, method, params)
        self.unanswered.append(f"{chain.id} {method}")
        raise Refused({"code": -32601, "message": f"the method {method} does not exist/is not available"})

    def _block(self, chain: Chain, params: list[Any]) -> Any:
        tag = str(params[0])
        number = max(chain.blocks, default=0) if tag == "latest" else int(tag, 16)
        block = chain.blocks.get(number)
        if block is None:
            return None
        full = bool(params[1]) if len(params) > 1 else False
        txs = [t if full else t["hash"] for t in block["transactions"]]
        return {**{k: v for k, v in block.items() if k != "transactions"}, "transactions": txs}

    def _past(self, chain: Chain, tag: Any) -> int | None:
        """The recorded transaction whose block follows `tag` (a read at the state a transaction met), or None
        for a read at the head."""
        if not isinstance(tag, str) or not tag.startswith("0x"):
            return None
        return int(tag, 16)

    def _state(self, chain: Chain, method: str, params: list[Any]) -> Any:
        call, tag = params[0], params[1] if len(params) > 1 else "latest"
        past = self._past(chain, tag)
        if past is not None and not self.traced:
            raise Refused(NO_STATE)
        if method == "eth_getBalance":
            self.unanswered.append(f"{chain.id} eth_getBalance {call} at {tag}")
            raise Refused({"code": -32000, "message": "not recorded"})
        failed = self._failed_replay(chain, call) if past is not None else None
        if failed is not None:
            raise Refused(failed)
        if method == "eth_estimateGas":
            self.unanswered.append(f"{chain.id} eth_estimateGas at {tag}")
            raise Refused({"code": -32000, "message": "not recorded"})
        to, data = str(call.get("to", "")).lower(), str(call.get("data") or call.get("input") or "0x").lower()
        raw = bytes.fromhex(data[2:])
        if raw[:4] == AGGREGATE3:
            return "0x" + self._aggregate3(chain, raw).hex()
        result = chain.calls.get((to, data))
        if result is None:
            self.unanswered.append(f"{chain.id} eth_call {to} {data[:10]}")
            raise Refused({"code": 3, "message": "execution reverted", "data": "0x"})
        return result

    def _aggregate3(self, chain: Chain, raw: bytes) -> bytes:
        """Multicall3's answer, each read answered from the recordings (a read they hold no answer for: failed)."""
        (reads,) = decode(["(address,bool,bytes)[]"], raw[4:])
        answers = []
        for target, _allow, data in reads:
            key = (to_checksum_address(target).lower(), "0x" + bytes(data).hex())
            result = chain.calls.get(key)
            if result is None:
                self.unanswered.append(f"{chain.id} read {key[0]} {key[1][:10]}")
                answers.append((False, b""))
            else:
                answers.append((True, bytes.fromhex(result[2:])))
        return encode(["(bool,bytes)[]"], [answers])

    def _failed_replay(self, chain: Chain, call: dict[str, Any]) -> dict[str, Any] | None:
        """A failed transaction re-run on its block's state: its recorded revert."""
        data = str(call.get("data") or call.get("input") or "").lower()
        for rec in chain.txs.values():
            revert = rec.get("revert")
            tx = rec["transaction"]
            if (
                revert is not None
                and data == tx["input"].lower()
                and str(call.get("to", "")).lower() == tx["to"].lower()
            ):
                return {"code": 3, "message": "execution reverted", "data": revert["data"]}
        return None


class Refused(Exception):
    def __init__(self, error: dict[str, Any]) -> None:
        super().__init__(error.get("message"))
        self.error = error
