"""ANYSWAP's API: Multichain's token list (its bridge API) and its scan API, as the devnet's MPC serves them.

    GET /v4/tokenlistv4/{chainId}   every token that leaves `chainId`: per destination chain its
                                    anyTokens, router, router ABI and swap limits
    GET /v3/tx/{hash}               a source transaction's swap: status, amounts, the payout's hash

The token list is keyed `evm<underlying address>` (the native coin: `evm` and the zero address), as
Multichain keyed it; its limits (MinimumSwap, MaximumSwap, BigValueThreshold, MinimumSwapFee,
MaximumSwapFee) are in whole tokens and SwapFeeRatePerMillion in percent, as Multichain showed them,
here as exact decimal strings; the router's `getSwapConfig` has them in smallest units. The scan API
answers `{"msg": "Success", "info": {...}}`, `status` Multichain's code and `statusmsg` the spec's
statusNotes; an unknown transaction `{"msg": "Error", "error": "..."}`, as does a malformed one.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from swapdesk.chains import by_id
from swapdesk.contracts import artifact, vendored
from swapdesk.devnet.bridges import api_params as p
from swapdesk.devnet.bridges import config
from swapdesk.devnet.bridges.anyswap import STATUS, status_note
from swapdesk.devnet.bridges.client import RpcFailure
from swapdesk.devnet.bridges.context import ZERO
from swapdesk.devnet.bridges.deployment import AnyToken, BridgeDeployment
from swapdesk.devnet.bridges.rejudge import rejudged_note
from swapdesk.devnet.bridges.terms import SwapConfig
from swapdesk.devnet.network import NOT_STARTED
from swapdesk.devnet.uniswap import MULTICALL3
from swapdesk.off_loop import off_loop

if TYPE_CHECKING:
    from swapdesk.devnet.bridges.service import BridgeProviders

log = logging.getLogger(__name__)
ROUTER = artifact("AnyswapV6Router")
MULTICALL = vendored("Multicall3")  # at its canonical address on every chain of the world
_HASH = re.compile(r"(0x)?[0-9a-fA-F]{64}")


async def token_list(providers: BridgeProviders, chain_text: str) -> dict[str, Any]:
    if not chain_text.isascii() or not chain_text.isdigit() or int(chain_text) not in config.BRIDGE_CHAINS:
        raise p.BadParameter("chainId", "must be the id of a chain Multichain serves", chain_text)
    chain_id = int(chain_text)
    deployment = await providers.world.deployment(chain_id)
    assert deployment is not None
    listed: dict[str, Any] = {}
    for token in deployment.anyswap.tokens:
        dest_chains = await _destinations(providers, deployment, token)
        listed["evm" + token.underlying.address.lower()] = _entry(chain_id, token, dest_chains, native=False)
        if token.underlying.native:
            listed["evm" + ZERO] = _entry(chain_id, token, dest_chains, native=True)
    return listed


def _entry(chain_id: int, token: AnyToken, dest_chains: dict[str, Any], native: bool) -> dict[str, Any]:
    symbol = by_id(chain_id).native_symbol if native else token.underlying.symbol
    method = "anySwapOutNative(fromanytoken,toAddress,toChainID,{value: amount})" if native else (
        "anySwapOutUnderlying(fromanytoken,toAddress,amount,toChainID)"
    )  # fmt: skip
    return {
        "address": p.shown(chain_id, ZERO if native else token.underlying.address),
        "chainId": str(chain_id),
        "decimals": token.underlying.decimals,
        "name": symbol,
        "symbol": symbol,
        "logoUrl": "",
        "tokenid": token.underlying.asset,
        "tokenType": "NATIVE" if native else "TOKEN",
        "destChains": {
            dst: {key: {**route, "routerABI": method} for key, route in routes.items()}
            for dst, routes in dest_chains.items()
        },
    }


async def _destinations(providers: BridgeProviders, here: BridgeDeployment, token: AnyToken) -> dict[str, Any]:
    client, chain_id = providers.world.client(here.chain_id, starts=True), here.chain_id
    out: dict[str, Any] = {}
    targets: list[tuple[int, AnyToken]] = []
    for dst in config.BRIDGE_CHAINS:
        there = await providers.world.deployment(dst) if dst != chain_id else None
        target = (
            next((t for t in there.anyswap.tokens if t.underlying.asset == token.underlying.asset), None)
            if there
            else None
        )
        if there is not None and target is not None:
            targets.append((dst, target))
    # one call for every destination's terms: a token list is the first thing a window asks of every chain
    calls = [(here.anyswap.router, False, ROUTER.encode("getSwapConfig", token.address, dst)) for dst, _ in targets]
    raw = await client.call(MULTICALL3, MULTICALL.encode("aggregate3", calls)) if calls else b""
    answers = [bytes(answer) for _, answer in MULTICALL.decode("aggregate3", raw)[0]] if calls else []
    for (dst, target), answer in zip(targets, answers, strict=True):
        swap = SwapConfig(*ROUTER.decode("getSwapConfig", answer)[0])
        if not swap.routed:
            continue
        decimals = token.underlying.decimals
        router = p.shown(chain_id, here.anyswap.router)
        out[str(dst)] = {
            "router" + token.underlying.asset.lower(): {
                "address": p.shown(dst, target.underlying.address),
                "chainId": str(dst),
                "decimals": target.underlying.decimals,
                "symbol": target.underlying.symbol,
                "name": target.underlying.symbol,
                "anytoken": _token(dst, target.address, target.symbol, target.underlying.decimals),
                "fromanytoken": _token(chain_id, token.address, token.symbol, decimals),
                "underlying": _token(
                    dst, target.underlying.address, target.underlying.symbol, target.underlying.decimals
                ),
                "router": router,
                "spender": router,
                "type": "router",
                "isApprove": True,
                "isLiquidity": True,
                "isFromLiquidity": True,
                "MinimumSwap": p.human(swap.minimum_swap, decimals),
                "MaximumSwap": p.human(swap.maximum_swap, decimals),
                "BigValueThreshold": p.human(swap.big_value_threshold, decimals),
                "SwapFeeRatePerMillion": p.human(swap.fee_per_million, 4),  # in percent, as Multichain
                "MinimumSwapFee": p.human(swap.minimum_fee, decimals),
                "MaximumSwapFee": p.human(swap.maximum_fee, decimals),
                "swapfeeon": 1,
            }
        }
    return out


def _token(chain_id: int, address: str, symbol: str, decimals: int) -> dict[str, Any]:
    return {"address": p.shown(chain_id, address), "chainId": str(chain_id), "decimals": decimals, "symbol": symbol,
            "name": symbol}  # fmt: skip


async def scan_tx(providers: BridgeProviders, tx_text: str) -> dict[str, Any]:
    if not _HASH.fullmatch(tx_text):
        raise p.BadParameter("hash", "must be 64 hexadecimal digits, with or without 0x", tx_text)
    tx = "0x" + tx_text.removeprefix("0x").lower()
    found = await off_loop(providers.anyswap.store.by_tx, tx)
    read = await off_loop(providers.anyswap.store.with_steps, found[0].id) if found else None
    if read is None:
        raise LookupError(f"tx not found: {tx}")
    order, steps = read  # one moment of the order: its state and its timeline agree
    data, src, dst = order.data, order.src_chain, order.dst_chain
    source = await providers.world.deployment(src)
    token = next((t for t in source.anyswap.tokens if t.address == data["token"]), None) if source else None
    decimals = token.underlying.decimals if token else 18
    info = {
        "txid": order.src_tx,
        "from": p.shown(src, data["from"]),
        "to": p.shown(src, data["token"]),
        "bind": p.shown(dst, data["to"]) if dst in config.BRIDGE_CHAINS else data["to"],
        "fromChainID": str(src),
        "toChainID": str(dst),
        "pairid": token.underlying.asset.lower() if token else "",
        "value": data["amount"],
        "formatvalue": float(p.human(order.amount("amount"), decimals)),
        "swapvalue": data.get("swapvalue", ""),
        "fee": data.get("fee", ""),
        "formatfee": float(p.human(int(data.get("fee", 0)), decimals)),
        "status": STATUS[order.state],
        "statusmsg": status_note(order),
        "swaptx": data.get("swaptx", ""),
        "timestamp": order.created_ms // 1000,
        "time": order.created_ms,
        "historyType": "SWAPOUT",
        "label": "",
        "timeline": [{"status": s.state, "time": s.at_ms, "hash": s.tx or ""} for s in steps],  # devnet extension
        "note": rejudged_note(data),  # devnet extension
    }
    if data.get("swapvalue"):
        target = await providers.world.deployment(dst) if dst is not None else None
        anytoken = (
            next((t for t in target.anyswap.tokens if t.address == data.get("anyToken")), None) if target else None
        )
        if anytoken is not None:
            info["formatswapvalue"] = float(p.human(order.amount("swapvalue"), anytoken.underlying.decimals))
    return info


def anyswap_app(providers: BridgeProviders) -> Starlette:
    def route(handler: Callable[[BridgeProviders, str], Awaitable[dict[str, Any]]], name: str) -> Any:
        async def endpoint(request: Request) -> JSONResponse:
            key = str(request.path_params[name])
            try:
                result = await handler(providers, key)
            except p.BadParameter as exc:
                return JSONResponse({"msg": "Error", "error": str(exc)}, status_code=400)
            except LookupError as exc:
                return JSONResponse({"msg": "Error", "error": str(exc)}, status_code=404)
            except RpcFailure as exc:
                return JSONResponse({"msg": "Error", "error": f"a chain cannot be reached: {exc.message}"}, 503)
            except NOT_STARTED as exc:  # a chain whose data is damaged...: the provider cannot reach it, and says why
                return JSONResponse({"msg": "Error", "error": f"a chain cannot be reached: {exc}"}, 503)
            except Exception:  # a bug: logged here, and said in the API's own words
                log.exception("anyswap API: %s", request.url.path)
                return JSONResponse({"msg": "Error", "error": "internal error"}, 500)
            return JSONResponse({"msg": "Success", "info": result} if name == "hash" else result)

        return endpoint

    async def http_error(request: Request, exc: Exception) -> JSONResponse:
        status = exc.status_code if isinstance(exc, HTTPException) else 500
        why = "no such path" if status == 404 else "use GET" if status == 405 else "internal error"
        return JSONResponse({"msg": "Error", "error": why}, status_code=status)

    routes = [
        Route("/v4/tokenlistv4/{chain}", route(token_list, "chain"), methods=["GET"]),
        Route("/v3/tx/{hash}", route(scan_tx, "hash"), methods=["GET"]),
    ]
    return Starlette(routes=routes, exception_handlers={HTTPException: http_error, Exception: http_error})
