"""METAPATH's API: SWFT Bridgers' endpoints, as the devnet's desk serves them.

    POST /api/exchangeRecord/getToken              the coins, per chain
    POST /api/sswap/quote                          price a deposit
    POST /api/sswap/swap                           the deposit's call data
    POST /api/exchangeRecord/updateDataAndStatus   register an order by its deposit's hash (the order callback)
    POST /api/exchangeRecord/getTransDataById      an order's status and details

Every answer is Bridgers' `{"resCode", "resMsg", "data"}`: 100 is success; 414 "already updated" (a
hash registered before: `data.orderId` is its order); 400 a parameter broken (the message names it);
404 no such order or path; 503 a chain that cannot be reached. Chains are Bridgers' codes (BSC, TRX...),
addresses in the chain's format, amounts in smallest units as integer strings, except where Bridgers
shows whole tokens (the quote's toTokenAmount, depositMin, depositMax, chainFee: exact decimals).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from swapdesk.address import to_checksum, to_tron
from swapdesk.chains import by_id
from swapdesk.contracts import artifact
from swapdesk.devnet.bridges import api_params as p
from swapdesk.devnet.bridges import config
from swapdesk.devnet.bridges.client import RpcFailure
from swapdesk.devnet.bridges.context import ZERO
from swapdesk.devnet.bridges.metapath import order_id
from swapdesk.devnet.bridges.rejudge import rejudged_note
from swapdesk.devnet.bridges.store import Order
from swapdesk.devnet.bridges.terms import BRIDGERS_CHAIN_IDS, BRIDGERS_CHAINS, PER_MILLION, Coin, coins, metapath_quote
from swapdesk.devnet.network import NOT_STARTED
from swapdesk.off_loop import off_loop

if TYPE_CHECKING:
    from swapdesk.devnet.bridges.service import BridgeProviders

log = logging.getLogger(__name__)
BRIDGERS = artifact("Bridgers")
EVM_NATIVE = "0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE"  # how Bridgers names an EVM chain's native coin
TRON_NATIVE = to_tron(bytes(20))  # and TRON's: the zero address
OK, ALREADY, BAD, NOT_FOUND, UNAVAILABLE, INTERNAL = 100, 414, 400, 404, 503, 500
Handler = Callable[["BridgeProviders", dict[str, Any]], Awaitable[Any]]


def answer(code: int, message: str, data: Any = None) -> JSONResponse:
    return JSONResponse({"resCode": code, "resMsg": message, "data": data})


def native_address(chain_id: int) -> str:
    return TRON_NATIVE if by_id(chain_id).tron else EVM_NATIVE


def coin_address(coin: Coin) -> str:
    return native_address(coin.chain_id) if coin.native else p.shown(coin.chain_id, coin.token)


# -- parameters ---------------------------------------------------------------------------------------


def chain_of(params: dict[str, Any], name: str) -> int:
    code = p.need(params, name)
    if code not in BRIDGERS_CHAIN_IDS:
        raise p.BadParameter(name, f"must be one of {', '.join(BRIDGERS_CHAIN_IDS)}", code)
    return BRIDGERS_CHAIN_IDS[code]


async def coin_of(providers: BridgeProviders, chain_id: int, params: dict[str, Any], name: str) -> Coin:
    value = p.need(params, name)
    deployment = await providers.world.deployment(chain_id)
    served = coins(deployment) if deployment else []
    if value.lower() == EVM_NATIVE.lower() or value == native_address(chain_id) or value.lower() == ZERO:
        found = next((c for c in served if c.native), None)
    else:
        raw = p.address(chain_id, value, name)
        found = next((c for c in served if not c.native and bytes.fromhex(c.token[2:]) == raw), None)
    if found is None:
        raise p.BadParameter(name, f"is not a coin the desk exchanges on {by_id(chain_id).name}", value)
    return found


async def _pair(providers: BridgeProviders, params: dict[str, Any]) -> tuple[Coin, Coin, int]:
    src, dst = chain_of(params, "fromTokenChain"), chain_of(params, "toTokenChain")
    if src == dst:
        raise p.BadParameter("toTokenChain", "must differ from fromTokenChain", params["toTokenChain"])
    coin0 = await coin_of(providers, src, params, "fromTokenAddress")
    coin1 = await coin_of(providers, dst, params, "toTokenAddress")
    amount = p.amount(params, "fromTokenAmount")
    assert amount is not None
    if amount == 0:
        raise p.BadParameter("fromTokenAmount", "must be above 0", params["fromTokenAmount"])
    return coin0, coin1, amount


# -- endpoints ----------------------------------------------------------------------------------------


async def get_token(providers: BridgeProviders, params: dict[str, Any]) -> Any:
    wanted = [chain_of(params, "chain")] if p.text(params, "chain", required=False) else list(BRIDGERS_CHAINS)
    tokens = []
    for chain_id in wanted:
        deployment = await providers.world.deployment(chain_id)
        for coin in coins(deployment) if deployment else []:
            tokens.append(
                {
                    "chain": BRIDGERS_CHAINS[chain_id],
                    "symbol": coin.symbol,
                    "name": coin.name,
                    "address": coin_address(coin),
                    "decimals": coin.decimals,
                    "logoURI": "",
                    "isCrossEnable": "1",
                    "coinCode": coin.code,  # devnet extension: what a deposit's toToken names
                }
            )
    return {"tokens": tokens}


async def quote(providers: BridgeProviders, params: dict[str, Any]) -> Any:
    coin0, coin1, amount = await _pair(providers, params)
    priced = metapath_quote(coin0, coin1, amount)
    deployment = await providers.world.deployment(coin0.chain_id)
    assert deployment is not None
    return {
        "txData": {
            "fromTokenAmount": str(amount),
            "fromTokenDecimal": coin0.decimals,
            "toTokenDecimal": coin1.decimals,
            "toTokenAmount": float(p.human(priced.amount_out, coin1.decimals)),
            "amountOutMin": str(priced.amount_out),
            "fee": config.METAPATH_FEE_PER_MILLION / PER_MILLION,  # a ratio, as Bridgers shows it
            "feeToken": coin0.symbol,
            "feeAmount": str(priced.fee),  # devnet extension: the fee in token0's smallest units
            "chainFee": p.human(priced.relayer_fee, coin1.decimals),
            "chainFeeAmount": str(priced.relayer_fee),  # devnet extension: in token1's smallest units
            "depositMin": p.human(priced.deposit_min, coin0.decimals),
            "depositMax": p.human(priced.deposit_max, coin0.decimals),
            "contractAddress": p.shown(coin0.chain_id, deployment.metapath.contract),
            "fromCoinCode": coin0.code,
            "toCoinCode": coin1.code,
            "dex": "Bridgers",
            "path": [],
            "logoUrl": "",
        }
    }


async def swap(providers: BridgeProviders, params: dict[str, Any]) -> Any:
    coin0, coin1, amount = await _pair(providers, params)
    p.address(coin0.chain_id, p.need(params, "fromAddress"), "fromAddress")
    to = p.need(params, "toAddress")
    p.address(coin1.chain_id, to, "toAddress")
    least = p.amount(params, "amountOutMin")
    deployment = await providers.world.deployment(coin0.chain_id)
    assert deployment is not None and least is not None
    if coin0.native:
        data, value = BRIDGERS.encode("swapEth", coin1.code, to, least), amount
    else:
        data, value = BRIDGERS.encode("swap", coin0.token, coin1.code, to, amount, least), 0
    contract = p.shown(coin0.chain_id, deployment.metapath.contract)
    return {"txData": {"data": "0x" + data.hex(), "to": contract, "value": hex(value)}}


async def update_data_and_status(providers: BridgeProviders, params: dict[str, Any]) -> Any:
    coin0, coin1, amount = await _pair(providers, params)
    tx = p.tx_hash(params, "hash")
    sender = p.address(coin0.chain_id, p.need(params, "fromAddress"), "fromAddress")
    receiver = p.need(params, "toAddress")
    p.address(coin1.chain_id, receiver, "toAddress")
    least = p.amount(params, "amountOutMin")
    registered = {
        "fromToken": coin0.contract_token,
        "toToken": coin1.code,
        "sender": to_checksum(sender),
        "destination": receiver,
        "fromAmount": str(amount),
        "minReturnAmount": str(least),
        "registered": True,
        "equipmentNo": p.text(params, "equipmentNo", required=False) or "",
        "sourceFlag": p.text(params, "sourceFlag", required=False) or "",
    }
    order = Order(
        order_id(coin0.chain_id, tx), coin0.chain_id, tx, None, coin1.chain_id, "wait_deposit_send", registered
    )
    kept, new = await providers.metapath.register(order)
    return (OK if new else ALREADY), ("success" if new else "already updated"), {"orderId": kept.id}


async def get_trans_data_by_id(providers: BridgeProviders, params: dict[str, Any]) -> Any:
    wanted = p.need(params, "orderId").lower()
    read = await off_loop(providers.metapath.store.with_steps, wanted)
    if read is None:
        return NOT_FOUND, f"orderId: no order {p.quote(wanted)}", None
    return await record(providers, *read)


async def record(providers: BridgeProviders, order: Order, steps: list[Any]) -> dict[str, Any]:
    """An order as getTransDataById shows it."""
    data, src, dst = order.data, order.src_chain, order.dst_chain

    def link(chain_id: int | None, tx: str | None) -> str:
        return (by_id(chain_id).explorer_url("tx", tx) or "") if chain_id and tx else ""

    deployment = await providers.world.deployment(src)
    coin0 = (
        next((c for c in coins(deployment) if c.contract_token == data.get("fromToken")), None) if deployment else None
    )
    to_token = data.get("toTokenAddress")
    return {
        "id": order.id,
        "orderId": order.id,
        "status": order.state,
        "fromChain": BRIDGERS_CHAINS[src],
        "toChain": BRIDGERS_CHAINS.get(dst, "") if dst else "",
        "fromTokenAddress": coin_address(coin0) if coin0 else data.get("fromToken", ""),
        "toTokenAddress": (native_address(dst) if to_token == ZERO else p.shown(dst, to_token))
        if to_token and dst
        else "",
        "fromCoinCode": coin0.code if coin0 else "",
        "toCoinCode": data.get("toToken", ""),
        "fromTokenAmount": data.get("fromAmount", ""),
        "toTokenAmount": data.get("toTokenAmount", ""),
        "amountOutMin": data.get("minReturnAmount", ""),
        "fee": data.get("fee", ""),
        "chainFee": data.get("chainFee", ""),
        "fromAddress": p.shown(src, data["sender"]) if data.get("sender") else "",
        "toAddress": data.get("destination", ""),
        "hash": order.src_tx,
        "toHash": data.get("toHash", ""),
        "depositHashExplore": link(src, order.src_tx),
        "receiveHashExplore": link(dst, data.get("toHash")),
        "refundCoinAmt": data.get("refundCoinAmt", ""),
        "refundHash": data.get("refundHash", ""),
        "refundHashExplore": link(src, data.get("refundHash")),
        "refundReason": data.get("refundReason", data.get("error", "")),
        "dexName": "Bridgers",
        "createTime": time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(order.created_ms / 1000)),
        "source": data.get("sourceFlag", ""),
        "equipmentNo": data.get("equipmentNo", ""),
        "timeline": [{"status": s.state, "time": s.at_ms, "hash": s.tx or ""} for s in steps],  # devnet extension
        "note": rejudged_note(data),  # devnet extension: what judging the order again after a rewind found
    }


ENDPOINTS: dict[str, Handler] = {
    "/api/exchangeRecord/getToken": get_token,
    "/api/sswap/quote": quote,
    "/api/sswap/swap": swap,
    "/api/exchangeRecord/updateDataAndStatus": update_data_and_status,
    "/api/exchangeRecord/getTransDataById": get_trans_data_by_id,
}


def metapath_app(providers: BridgeProviders) -> Starlette:
    def route(handler: Handler) -> Callable[[Request], Awaitable[JSONResponse]]:
        async def endpoint(request: Request) -> JSONResponse:
            try:
                result = await handler(providers, await p.json_object(request))
            except p.BadParameter as exc:
                return answer(BAD, str(exc))
            except RpcFailure as exc:
                return answer(UNAVAILABLE, f"a chain cannot be reached: {exc.message}")
            except NOT_STARTED as exc:  # a chain whose data is damaged...: Bridgers cannot reach it, and says why
                return answer(UNAVAILABLE, f"a chain cannot be reached: {exc}")
            except Exception:  # a bug: logged here, and said in the API's own words
                log.exception("metapath API: %s", request.url.path)
                return answer(INTERNAL, "internal error")
            if isinstance(result, tuple):
                return answer(*result)
            return answer(OK, "success", result)

        return endpoint

    async def http_error(request: Request, exc: Exception) -> JSONResponse:
        status = exc.status_code if isinstance(exc, HTTPException) else INTERNAL
        why = "use POST with a JSON body" if status == 405 else "no such path" if status == 404 else "internal error"
        return answer(status, why)

    routes = [Route(path, route(handler), methods=["POST"]) for path, handler in ENDPOINTS.items()]
    return Starlette(routes=routes, exception_handlers={HTTPException: http_error, Exception: http_error})
