"""CBRIDGE's API: Celer's cBridge gateway, as the devnet's validators serve it.

    GET  /v2/getTransferConfigsForAll   chains (with the bridge's address and block delay) and tokens
    GET  /v2/estimateAmt                what a transfer pays, and the maxSlippage to send it with
    POST /v2/getTransferStatus          a transfer's status; for a refund, the signed withdrawal
    POST /v1/withdrawLiquidity          the sender asks for the refund of a transfer

Every answer carries the gateway's `err`: null on success, else `{"code", "msg"}` with the gateway's
codes (500 ERROR_CODE_COMMON for a parameter the message names, 1001 no such token on the destination,
1002 on the source, 1004 not enough liquidity there, 1003 a refund that cannot start). Bytes are base64
(the gateway's protobuf JSON). Statuses are TransferHistoryStatus codes; refund reasons XferStatus.

`withdrawLiquidity` takes `withdraw_req`, a protobuf WithdrawReq (`bytes xfer_id = 1; uint64 req_id = 2;
WithdrawType withdraw_type = 3`, WITHDRAW_TYPE_REFUND_TRANSFER = 1; the devnet's reading of sgn-v2),
and `sig`, the sender's eth_sign (EIP-191) signature of keccak256(withdraw_req): only the sender of a
transfer may ask for its refund. The first request's req_id becomes the withdrawal's seqnum; asking
again answers the same one (a transfer is refunded once).
"""

from __future__ import annotations

import base64
import binascii
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from eth_account import Account
from eth_account.messages import encode_defunct
from eth_utils import keccak
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from swapdesk.chain.tron.protobuf import EnumType, Message, ProtoError, decode, enum, int64, raw
from swapdesk.chains import by_id
from swapdesk.contracts import artifact
from swapdesk.devnet.bridges import api_params as p
from swapdesk.devnet.bridges import config, timing
from swapdesk.devnet.bridges.cbridge import STATUS
from swapdesk.devnet.bridges.client import RpcFailure
from swapdesk.devnet.bridges.context import same_asset
from swapdesk.devnet.bridges.deployment import BridgedToken
from swapdesk.devnet.bridges.rejudge import rejudged_note
from swapdesk.devnet.bridges.store import Order, StaleOrder
from swapdesk.devnet.bridges.terms import PER_MILLION, cbridge_estimate, cbridge_max_slippage
from swapdesk.devnet.network import NOT_STARTED
from swapdesk.off_loop import off_loop

if TYPE_CHECKING:
    from swapdesk.devnet.bridges.service import BridgeProviders

log = logging.getLogger(__name__)
ERC20 = artifact("ERC20")
COMMON, NO_TOKEN_ON_DST, NO_TOKEN_ON_SRC, INIT_WITHDRAW_FAILED, NOT_ENOUGH_ON_DST = 500, 1001, 1002, 1003, 1004
WITHDRAW_TYPE = EnumType({0: "WITHDRAW_TYPE_REMOVE_LIQUIDITY", 1: "WITHDRAW_TYPE_REFUND_TRANSFER"})
WITHDRAW_REQ = Message(
    "sgn.cbridge.v1.WithdrawReq", raw(1, "xfer_id"), int64(2, "req_id"), enum(3, "withdraw_type", WITHDRAW_TYPE)
)
REFUND_STATES = ("REQUESTING_REFUND", "REFUND_TO_BE_CONFIRMED", "CONFIRMING_YOUR_REFUND", "REFUNDED")
Handler = Callable[["BridgeProviders", dict[str, Any]], Awaitable[dict[str, Any]]]


class GatewayError(Exception):
    def __init__(self, code: int, message: str) -> None:
        super().__init__(message)
        self.code, self.message = code, message


def b64(data: bytes) -> str:
    return base64.b64encode(data).decode()


# -- endpoints ------------------------------------------------------------------------------------------


async def transfer_configs(providers: BridgeProviders, params: dict[str, Any]) -> dict[str, Any]:
    chains, chain_token = [], {}
    for chain_id in config.BRIDGE_CHAINS:
        deployment = await providers.world.deployment(chain_id)
        if deployment is None:
            continue
        chain = by_id(chain_id)
        chains.append(
            {
                "id": chain_id,
                "name": chain.name,
                "icon": "",
                "block_delay": timing.confirmations(chain_id),
                "gas_token_symbol": chain.native_symbol,
                "explore_url": (chain.explorer or "").split("{kind}")[0],
                "contract_addr": p.shown(chain_id, deployment.cbridge.bridge),
                "drop_gas_amt": "0",
            }
        )
        tokens = [_token_info(chain_id, t) for t in deployment.cbridge.tokens]
        chain_token[str(chain_id)] = {"token": tokens}
    return {"chains": chains, "chain_token": chain_token, "farming_reward_contract_addr": "", "pegged_pair_configs": []}


def _token_info(chain_id: int, token: BridgedToken) -> dict[str, Any]:
    address = p.shown(chain_id, token.address)
    return {
        "token": {"symbol": token.asset, "address": address, "decimal": token.decimals, "xfer_disabled": False},
        "name": token.symbol,
        "icon": "",
        "transfer_disabled": False,
    }


async def estimate_amt(providers: BridgeProviders, params: dict[str, Any]) -> dict[str, Any]:
    src = _chain(params, "src_chain_id")
    dst = _chain(params, "dst_chain_id")
    if src == dst:
        raise p.BadParameter("dst_chain_id", "must differ from src_chain_id", params["dst_chain_id"])
    symbol = p.need(params, "token_symbol")
    amount = p.amount(params, "amt")
    tolerance = p.integer(params, "slippage_tolerance", 1, PER_MILLION - 1)
    usr = p.text(params, "usr_addr", required=False)
    if usr is not None:
        p.address(src, usr, "usr_addr")
    assert amount is not None and tolerance is not None
    source = same_asset((await _deployment(providers, src)).cbridge.tokens, symbol)
    target = same_asset((await _deployment(providers, dst)).cbridge.tokens, symbol)
    if source is None:
        raise GatewayError(NO_TOKEN_ON_SRC, f"token_symbol: {symbol} is not transferred from {by_id(src).name}")
    if target is None:
        raise GatewayError(NO_TOKEN_ON_DST, f"token_symbol: {symbol} is not transferred to {by_id(dst).name}")
    estimate = cbridge_estimate(source, target, dst, amount)
    bridge = (await _deployment(providers, dst)).cbridge.bridge
    held = await providers.world.client(dst, starts=True).call(target.address, ERC20.encode("balanceOf", bridge))
    pool = ERC20.decode("balanceOf", held)
    if pool[0] < estimate.receive:
        raise GatewayError(NOT_ENOUGH_ON_DST, f"amt: {by_id(dst).name} holds {pool[0]} {symbol}, not enough")
    return {
        "eq_value_token_amt": str(estimate.eq_value),
        "bridge_rate": 1.0,
        "perc_fee": str(estimate.perc_fee),
        "base_fee": str(estimate.base_fee),
        "slippage_tolerance": tolerance,
        "max_slippage": cbridge_max_slippage(estimate, tolerance),
        "estimated_receive_amt": str(estimate.receive),
        "drop_gas_amt": "0",
    }


async def transfer_status(providers: BridgeProviders, params: dict[str, Any]) -> dict[str, Any]:
    transfer_id = p.tx_hash(params, "transfer_id")
    store = providers.cbridge.store
    read = await off_loop(store.with_steps, transfer_id)
    if read is None:
        return {"status": 0, "wd_onchain": None, "sorted_sigs": [], "signers": [], "powers": [], "refund_reason": 0}
    order, steps = read  # one moment of the order: its state and its timeline agree
    data, signed = order.data, "wdOnchain" in order.data and order.state in REFUND_STATES
    dst_tx = data.get("releaseHash") or data.get("relayHash")
    return {
        "status": STATUS[order.state],
        "wd_onchain": b64(bytes.fromhex(data["wdOnchain"][2:])) if signed else None,
        "sorted_sigs": [b64(bytes.fromhex(s[2:])) for s in data["sortedSigs"]] if signed else [],
        "signers": [b64(bytes.fromhex(a[2:])) for a in data["signers"]] if signed else [],
        "powers": [b64(n.to_bytes((n.bit_length() + 7) // 8, "big")) for n in data["powers"]] if signed else [],
        "refund_reason": int(data.get("refundReason", 0)),
        "block_delay": timing.confirmations(order.src_chain),
        "src_block_tx_link": by_id(order.src_chain).explorer_url("tx", order.src_tx) or "",
        "dst_block_tx_link": (by_id(order.dst_chain).explorer_url("tx", dst_tx) or "")
        if dst_tx and order.dst_chain
        else "",
        # devnet extensions: the transactions, the amounts (TransferHistory's shapes) and the timeline
        "src_tx_hash": order.src_tx,
        "dst_tx_hash": dst_tx or "",
        "src_send_info": _transfer_info(order.src_chain, data.get("token"), data.get("amount")),
        "dst_received_info": _transfer_info(order.dst_chain, data.get("dstToken"), data.get("receiveAmount")),
        "timeline": [{"status": s.state, "time": s.at_ms, "hash": s.tx or ""} for s in steps],
        "note": rejudged_note(data) or data.get("note", ""),
    }


def _transfer_info(chain_id: int | None, token: str | None, amount: str | None) -> dict[str, Any] | None:
    if chain_id is None or token is None or amount is None or chain_id not in config.BRIDGE_CHAINS:
        return None
    return {"chain": {"id": chain_id, "name": by_id(chain_id).name}, "token": {"address": p.shown(chain_id, token)},
            "amount": amount}  # fmt: skip


async def withdraw_liquidity(providers: BridgeProviders, params: dict[str, Any]) -> dict[str, Any]:
    request = _base64(params, "withdraw_req")
    signature = _base64(params, "sig")
    try:
        wanted = decode(WITHDRAW_REQ, request)
    except ProtoError as exc:
        raise p.BadParameter("withdraw_req", f"must be a WithdrawReq: {exc}") from None
    if wanted.get("withdraw_type", 0) != WITHDRAW_TYPE.numbers["WITHDRAW_TYPE_REFUND_TRANSFER"]:
        raise GatewayError(INIT_WITHDRAW_FAILED, "withdraw_req: the devnet's gateway only refunds transfers")
    xfer = wanted.get("xfer_id", b"")
    if len(xfer) != 32:
        raise p.BadParameter("withdraw_req", "xfer_id must be a transfer id of 32 bytes")
    seqnum = int(wanted.get("req_id", 0))
    if seqnum <= 0:
        raise p.BadParameter("withdraw_req", "req_id must be above 0")
    order = await off_loop(providers.cbridge.store.get, "0x" + xfer.hex())
    if order is None:
        raise GatewayError(INIT_WITHDRAW_FAILED, f"withdraw_req: no transfer 0x{xfer.hex()}")
    if _signer(request, signature) != order.data["sender"].lower():
        raise p.BadParameter("sig", "must be the transfer's sender's signature of keccak256(withdraw_req)")
    if order.state in REFUND_STATES:
        return {"seq_num": int(order.data["seqnum"])}
    if order.state != "TO_BE_REFUNDED":
        raise GatewayError(INIT_WITHDRAW_FAILED, f"the transfer is {order.state}: nothing to refund")
    try:
        moved: Order = await providers.cbridge.request_refund(order, seqnum)
    except StaleOrder:
        raise GatewayError(INIT_WITHDRAW_FAILED, "the transfer moved meanwhile: ask again") from None
    return {"seq_num": int(moved.data["seqnum"])}


def _signer(message: bytes, signature: bytes) -> str:
    try:
        return str(Account.recover_message(encode_defunct(primitive=keccak(message)), signature=signature)).lower()
    except Exception:  # eth_account raises several types for a malformed signature
        raise p.BadParameter("sig", "must be a 65-byte signature") from None


def _base64(params: dict[str, Any], name: str) -> bytes:
    try:
        return base64.b64decode(p.need(params, name), validate=True)
    except (binascii.Error, ValueError):
        raise p.BadParameter(name, "must be base64", params.get(name)) from None


def _chain(params: dict[str, Any], name: str) -> int:
    found = p.integer(params, name, 1, 2**32 - 1)
    assert found is not None
    if found not in config.BRIDGE_CHAINS:
        raise GatewayError(COMMON, f"{name}: chain {found} is disabled")
    return found


async def _deployment(providers: BridgeProviders, chain_id: int) -> Any:
    deployment = await providers.world.deployment(chain_id)
    if deployment is None:
        raise GatewayError(COMMON, f"chain {chain_id} is disabled")
    return deployment


ENDPOINTS: dict[str, tuple[str, Handler]] = {
    "/v2/getTransferConfigsForAll": ("GET", transfer_configs),
    "/v2/estimateAmt": ("GET", estimate_amt),
    "/v2/getTransferStatus": ("POST", transfer_status),
    "/v1/withdrawLiquidity": ("POST", withdraw_liquidity),
}


def error(code: int, message: str, status: int = 200) -> JSONResponse:
    return JSONResponse({"err": {"code": code, "msg": message}}, status_code=status)


def cbridge_app(providers: BridgeProviders) -> Starlette:
    def route(method: str, handler: Handler) -> Callable[[Request], Awaitable[JSONResponse]]:
        async def endpoint(request: Request) -> JSONResponse:
            try:
                params = dict(request.query_params) if method == "GET" else await p.json_object(request)
                return JSONResponse({"err": None, **await handler(providers, params)})
            except p.BadParameter as exc:
                return error(COMMON, str(exc))
            except GatewayError as exc:
                return error(exc.code, exc.message)
            except RpcFailure as exc:
                return error(COMMON, f"a chain cannot be reached: {exc.message}", 503)
            except NOT_STARTED as exc:  # a chain whose data is damaged...: the gateway cannot reach it, and says why
                return error(COMMON, f"a chain cannot be reached: {exc}", 503)
            except Exception:  # a bug: logged here, and said in the gateway's own words
                log.exception("cbridge API: %s", request.url.path)
                return error(COMMON, "internal error", 500)

        return endpoint

    async def http_error(request: Request, exc: Exception) -> JSONResponse:
        status = exc.status_code if isinstance(exc, HTTPException) else 500
        return error(
            COMMON, "no such path" if status == 404 else "wrong method" if status == 405 else "internal", status
        )

    routes = [Route(path, route(m, h), methods=[m]) for path, (m, h) in ENDPOINTS.items()]
    return Starlette(routes=routes, exception_handlers={HTTPException: http_error, Exception: http_error})
