"""java-tron's full-node HTTP API (`wallet/*`), the part TRON's clients use, over the devnet's TRON chain.

`answer(chain, method, request)` runs on the chain's own thread (`Devnet.run`) and returns what java-tron
returns, in its shapes: `{}` for something not found, `{"Error": ...}` for a request it cannot read, a
`Return` (`result`, `code`, `message`) for a broadcast, a `TransactionExtention` for triggers. Addresses
and text are printed per the request's `visible`. The devnet has one producer and no forks, so every
block is final at once: the solidified block is the head, and `walletsolidity/*` answers as `wallet/*`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from eth.abc import BlockHeaderAPI
from eth_utils import keccak

from swapdesk.chain.tron.messages import (
    ACCOUNT,
    ACCOUNT_QUERY,
    ACCOUNT_TYPE,
    CODE,
    CONTRACT_RESULT,
    RESPONSE_CODE,
    SIGN_WEIGHT,
    SIGN_WEIGHT_CODE,
    SMART_CONTRACT,
    TRANSACTION_EXTENTION,
    TRANSACTION_INFO,
    TRANSFER_CONTRACT,
    TRIGGER_SMART_CONTRACT,
)
from swapdesk.chain.tron.protobuf import Msg, ProtoError, from_json, parse_hex, to_json
from swapdesk.chain.tron.transactions import (
    TRANSFER,
    TRIGGER,
    pack_contract,
    transaction_from_json,
    transaction_id,
    transaction_json,
)
from swapdesk.devnet.evm import Call, DevChain, ExecutionReverted, ExecutionTimeout
from swapdesk.devnet.tron import blocks, broadcast, contracts, permissions, records, resources
from swapdesk.devnet.tron.errors import BadRequest, Refused, invalid, other
from swapdesk.devnet.tron.parameters import EXPIRATION_MS, chain_parameters
from swapdesk.devnet.tron.request import Request, flag, hex_bytes, integer

CLIENT_VERSION = "swapdesk-devnet/1 (java-tron HTTP API, py-evm)"
BLOCK_LIMIT = 100  # blocks one getblockbylimitnext or getblockbylatestnum answers (java-tron's BLOCK_LIMIT_NUM)
_SUCCESS = CONTRACT_RESULT.numbers["SUCCESS"]


Handler = Callable[[DevChain, Request], Msg]


def answer(chain: DevChain, method: str, request: Request) -> Msg:
    """What `wallet/<method>` answers; `method` is one of `ENDPOINTS`."""
    try:
        return ENDPOINTS[method].handler(chain, request)
    except (BadRequest, ProtoError) as exc:
        return {"Error": str(exc)}


# -- the node and its blocks ------------------------------------------------------------------


def get_node_info(chain: DevChain, request: Request) -> Msg:
    head = blocks.label(chain.head)
    return {
        "beginSyncNum": chain.head.block_number,
        "block": head,
        "solidityBlock": head,
        "currentConnectCount": 0,
        "activeConnectCount": 0,
        "passiveConnectCount": 0,
        "totalFlow": 0,
        "peerInfoList": [],
        "configNodeInfo": {"codeVersion": CLIENT_VERSION, "p2pVersion": str(chain.chain_id), "supportConstant": True},
        "cheatWitnessInfoMap": {},
    }


def get_now_block(chain: DevChain, request: Request) -> Msg:
    return blocks.block_json(chain, chain.head, request.visible)


def get_block_by_num(chain: DevChain, request: Request) -> Msg:
    header = blocks.by_number(chain, integer(request.params, "num"))
    return {} if header is None else blocks.block_json(chain, header, request.visible)


def get_block_by_id(chain: DevChain, request: Request) -> Msg:
    header = blocks.by_id(chain, hex_bytes(request.params, "value"))
    return {} if header is None else blocks.block_json(chain, header, request.visible)


def get_block(chain: DevChain, request: Request) -> Msg:
    """The head, or the block `id_or_num` names (a block id in hex, or a number); its transactions only with
    `detail` (java-tron's `Wallet.getBlock`)."""
    wanted = request.params.get("id_or_num") or ""
    if not isinstance(wanted, str):
        raise BadRequest("id_or_num: expected a block id or number as a string")
    if not wanted:
        header: BlockHeaderAPI | None = chain.head
    elif len(wanted) == 2 * blocks.ID_SIZE:
        header = blocks.by_id(chain, parse_hex(wanted, "id_or_num"))
    elif wanted.isascii() and wanted.isdigit() and len(wanted) <= 19:
        header = blocks.by_number(chain, int(wanted))
    else:
        raise BadRequest(f'For input string: "{wanted[:80]}"')  # Long.parseLong's words
    detail = flag(request.params, "detail")
    return {} if header is None else blocks.block_json(chain, header, request.visible, detail)


def get_block_by_limit_next(chain: DevChain, request: Request) -> Msg:
    """Blocks `startNum` to `endNum` (excluded), at most `BLOCK_LIMIT` of them; `{}` for any other range."""
    first, end = integer(request.params, "startNum"), integer(request.params, "endNum")
    if not (end > 0 and first < end and end - first <= BLOCK_LIMIT):
        return {}
    return _block_list(chain, range(max(first, 0), min(end, chain.head.block_number + 1)), request.visible)


def get_block_by_latest_num(chain: DevChain, request: Request) -> Msg:
    """The last `num` blocks (fewer than `BLOCK_LIMIT`); `{}` for any other count."""
    count = integer(request.params, "num")
    if not 0 < count < BLOCK_LIMIT:
        return {}
    head = chain.head.block_number
    return _block_list(chain, range(max(0, head - count + 1), head + 1), request.visible)


def _block_list(chain: DevChain, numbers: range, visible: bool) -> Msg:
    listed = [blocks.block_json(chain, chain.header(n), visible) for n in numbers]
    return {"block": listed} if listed else {}


def get_chain_parameters(chain: DevChain, request: Request) -> Msg:
    return chain_parameters()


# -- accounts and contracts -----------------------------------------------------------------------


def get_account(chain: DevChain, request: Request) -> Msg:
    owner = from_json(ACCOUNT_QUERY, request.params, request.visible).get("address", b"")
    if len(owner) != 21 or owner[0] != 0x41:
        raise BadRequest("address: expected a TRON address (0x41 followed by 20 bytes)")
    raw = owner[1:]
    if not resources.exists(chain, raw):
        return {}  # TRON knows no account until something is sent to it
    balance, code = chain.balance(raw), chain.code(raw)
    account: Msg = {"address": owner, "balance": balance}
    if code:
        account["type"] = ACCOUNT_TYPE.numbers["Contract"]
    else:
        account["owner_permission"] = permissions.permission(owner, permissions.OWNER_ID)
        account["active_permission"] = [permissions.permission(owner, permissions.ACTIVE_ID)]
    return to_json(ACCOUNT, account, request.visible)


def get_contract(chain: DevChain, request: Request) -> Msg:
    smart = contracts.smart_contract(chain, _contract_address(request))
    return {} if smart is None else to_json(SMART_CONTRACT, smart, request.visible)


def get_contract_info(chain: DevChain, request: Request) -> Msg:
    smart = contracts.smart_contract(chain, _contract_address(request))
    if smart is None:
        return {}
    return {"runtimecode": smart["bytecode"].hex(), "smart_contract": to_json(SMART_CONTRACT, smart, request.visible)}


def _contract_address(request: Request) -> bytes:
    """java-tron's getcontract reads `value` as an address: base58check with `visible`, else hex."""
    value = from_json(ACCOUNT_QUERY, {"address": request.params.get("value")}, request.visible).get("address", b"")
    if len(value) != 21 or value[0] != 0x41:
        raise BadRequest("value: expected a contract address")
    return bytes(value[1:])


# -- transactions ---------------------------------------------------------------------------------


def get_transaction_by_id(chain: DevChain, request: Request) -> Msg:
    tx = records.transaction(chain, hex_bytes(request.params, "value"))
    return {} if tx is None else transaction_json(tx, request.visible)


def get_transaction_info_by_id(chain: DevChain, request: Request) -> Msg:
    info = records.info(chain, hex_bytes(request.params, "value"))
    if info is None:
        return {}
    if request.visible:  # as GetTransactionInfoByIdServlet: a log's 20-byte EVM address, made a TRON one
        info = {**info, "log": [{**log, "address": b"\x41" + log["address"]} for log in info.get("log", [])]}
    return to_json(TRANSACTION_INFO, info, request.visible)


def get_sign_weight(chain: DevChain, request: Request) -> Msg:
    tx = transaction_from_json(request.params, request.visible)
    raw, signatures = tx["raw_data"], tx["signature"]
    txid = transaction_id(raw)
    weight: Msg = {}
    try:
        if not raw["contract"]:
            raise permissions.NotPermitted("OTHER_ERROR", "no contract")
        contract = raw["contract"][0]
        granted = permissions.permission(permissions.owner_of(contract), contract.get("Permission_id", 0))
        weight["permission"] = granted
        if signatures:
            weight["approved_list"], weight["current_weight"] = permissions.weigh(granted, signatures, txid)
        enough = weight.get("current_weight", 0) >= granted["threshold"]
        code = "ENOUGH_PERMISSION" if enough else "NOT_ENOUGH_PERMISSION"
        weight["result"] = {"code": SIGN_WEIGHT_CODE.numbers[code]}
    except permissions.NotPermitted as exc:
        weight["result"] = {"code": SIGN_WEIGHT_CODE.numbers[exc.code], "message": exc.message}
    out = to_json(SIGN_WEIGHT, weight, request.visible)
    out["transaction"] = _extention({"result": {"result": True}, "txid": txid}, tx, request.visible)
    return out


# -- building transactions and calling contracts ---------------------------------------------------


def create_transaction(chain: DevChain, request: Request) -> Msg:
    """An unsigned TRX transfer. Unlike java-tron, it is not validated here: broadcasting does that."""
    value = from_json(TRANSFER_CONTRACT, request.params, request.visible)
    tx = _new_transaction(chain, pack_contract(TRANSFER, value, integer(request.params, "Permission_id")), 0)
    return {"visible": request.visible, **transaction_json(tx, request.visible)}


def trigger_smart_contract(chain: DevChain, request: Request) -> Msg:
    """An unsigned trigger; a view or pure function (by the registered ABI) is run at once instead."""
    try:
        value = _trigger(chain, request)
        contract = pack_contract(TRIGGER, value, integer(request.params, "Permission_id"))
        tx = _new_transaction(chain, contract, integer(request.params, "fee_limit"))
    except Refused as refusal:
        return _failed(refusal, request.visible)
    except (BadRequest, ProtoError) as exc:
        return _failed(other(str(exc)), request.visible)
    if contracts.is_constant(chain, value["contract_address"][1:], value.get("data", b"")):
        return _constant(chain, value, tx, request.visible)
    return _extention({"result": {"result": True}, "txid": transaction_id(tx["raw_data"])}, tx, request.visible)


def trigger_constant_contract(chain: DevChain, request: Request) -> Msg:
    try:
        value = _trigger(chain, request)
        tx = _new_transaction(chain, pack_contract(TRIGGER, value), integer(request.params, "fee_limit"))
    except Refused as refusal:
        return _failed(refusal, request.visible)
    except (BadRequest, ProtoError) as exc:
        return _failed(other(str(exc)), request.visible)
    return _constant(chain, value, tx, request.visible)


def estimate_energy(chain: DevChain, request: Request) -> Msg:
    """The energy the call needs to succeed (py-evm's gas estimate), as `energy_required`."""
    try:
        call = _call(_trigger(chain, request))
        return {"result": {"result": True}, "energy_required": chain.estimate_gas(call)}
    except Refused as refusal:
        return _failed(refusal, request.visible)
    except (BadRequest, ProtoError) as exc:
        return _failed(other(str(exc)), request.visible)
    except ExecutionReverted:
        return _failed(Refused("CONTRACT_EXE_ERROR", "REVERT opcode executed"), request.visible)
    except ExecutionTimeout as exc:
        return _failed(other(str(exc)), request.visible)


def _trigger(chain: DevChain, request: Request) -> Msg:
    """The TriggerSmartContract a request describes: `function_selector` and `parameter`, or `data`."""
    params = request.params
    for name in ("owner_address", "contract_address"):
        if not params.get(name):
            raise BadRequest(f"{name} isn't set.")
    value = from_json(TRIGGER_SMART_CONTRACT, {k: v for k, v in params.items() if k != "data"}, request.visible)
    selector = params.get("function_selector")
    if selector:
        if not isinstance(selector, str):
            raise BadRequest("function_selector: expected a string")
        value["data"] = keccak(selector.encode())[:4] + parse_hex(str(params.get("parameter") or ""), "parameter")
    else:
        value["data"] = parse_hex(str(params.get("data") or ""), "data")
    contract = value.get("contract_address", b"")
    if len(contract) != 21 or contract[0] != 0x41 or not chain.code(contract[1:]):
        raise invalid("No contract or not a smart contract")
    return value


def _call(value: Msg) -> Call:
    owner = value.get("owner_address", b"")
    return Call(
        sender=owner[1:] if len(owner) == 21 else bytes(20),
        to=value["contract_address"][1:],
        data=value.get("data", b""),
        value=value.get("call_value", 0),
    )


def _constant(chain: DevChain, value: Msg, tx: Msg, visible: bool) -> Msg:
    """Run the call on the head's state without a transaction (`Wallet.callConstantContract`)."""
    call = _call(value)
    ext: Msg = {"result": {"result": True}, "txid": transaction_id(tx["raw_data"])}
    try:
        output, energy = chain.measure(call)  # one run, as java-tron's callConstantContract reports it
        ext["constant_result"] = [output]
        ext["energy_used"] = energy
        ret = {"contractRet": _SUCCESS}
    except ExecutionReverted as exc:
        ext["constant_result"] = [exc.data]
        ext["result"]["message"] = b"REVERT opcode executed"
        ret = {"ret": CODE.numbers["FAILED"], "contractRet": CONTRACT_RESULT.numbers["REVERT"]}
    except ExecutionTimeout as exc:
        return _failed(other(str(exc)), visible)
    return _extention(ext, {**tx, "ret": [ret]}, visible)


def _new_transaction(chain: DevChain, contract: Msg, fee_limit: int) -> Msg:
    """A transaction as java-tron builds one: referencing the head block, expiring a minute after it."""
    head = chain.head
    ident = blocks.block_id(head)
    raw: Msg = {
        "ref_block_bytes": ident[6:8],
        "ref_block_hash": ident[8:16],
        "expiration": head.timestamp * 1000 + EXPIRATION_MS,
        "timestamp": int(chain.clock.now() * 1000),
        "contract": [contract],
    }
    if fee_limit:
        raw["fee_limit"] = fee_limit
    return {"raw_data": raw, "signature": []}


def _extention(ext: Msg, tx: Msg, visible: bool) -> Msg:
    """A TransactionExtention as java-tron prints it: its transaction only when the result is good."""
    out = to_json(TRANSACTION_EXTENTION, ext, visible)
    if ext["result"].get("result"):
        out["transaction"] = {"visible": visible, **transaction_json(tx, visible)}
    return out


def _failed(refusal: Refused, visible: bool) -> Msg:
    result = {"code": RESPONSE_CODE.numbers[refusal.code], "message": refusal.message.encode()}
    return to_json(TRANSACTION_EXTENTION, {"result": result}, visible)


@dataclass(frozen=True)
class Endpoint:
    handler: Handler
    post_only: bool = False  # java-tron's servlet has no doGet
    solidity: bool = False  # also served under walletsolidity/


ENDPOINTS: dict[str, Endpoint] = {
    "getnodeinfo": Endpoint(get_node_info),
    "getnowblock": Endpoint(get_now_block, solidity=True),
    "getblockbynum": Endpoint(get_block_by_num, solidity=True),
    "getblockbyid": Endpoint(get_block_by_id, solidity=True),
    "getblock": Endpoint(get_block, solidity=True),
    "getblockbylimitnext": Endpoint(get_block_by_limit_next, solidity=True),
    "getblockbylatestnum": Endpoint(get_block_by_latest_num, solidity=True),
    "getchainparameters": Endpoint(get_chain_parameters),
    "getaccountnet": Endpoint(resources.get_account_net),
    "getaccountresource": Endpoint(resources.get_account_resource),
    "getenergyprices": Endpoint(resources.get_energy_prices),
    "getbandwidthprices": Endpoint(resources.get_bandwidth_prices),
    "getaccount": Endpoint(get_account, solidity=True),
    "getcontract": Endpoint(get_contract),
    "getcontractinfo": Endpoint(get_contract_info),
    "gettransactionbyid": Endpoint(get_transaction_by_id, solidity=True),
    "gettransactioninfobyid": Endpoint(get_transaction_info_by_id, solidity=True),
    "getsignweight": Endpoint(get_sign_weight, post_only=True),
    "broadcasttransaction": Endpoint(broadcast.broadcast_transaction, post_only=True),
    "broadcasthex": Endpoint(broadcast.broadcast_hex, post_only=True),
    "createtransaction": Endpoint(create_transaction, post_only=True),
    "triggersmartcontract": Endpoint(trigger_smart_contract, post_only=True),
    "triggerconstantcontract": Endpoint(trigger_constant_contract, post_only=True, solidity=True),
    "estimateenergy": Endpoint(estimate_energy, post_only=True),
}
