"""`GET /ext/v1/transaction`: any transaction in plain terms, for what `/v3/core/details` cannot describe.

Details answer only swaps through the router; support staff and the History tab also meet the approvals
the app sent, token and coin transfers and other calls. This reads the transaction and its receipt and
says what it is: an `approve(spender, amount)` (naming swapdesk's router when it is the spender), a
`transfer(to, amount)`, a payment of the native coin, a swap through the router (look it up with
details), another call, or a deployment; whether it succeeded (the revert's reason when not) and what
it cost the sender (gas used times its price; on TRON the TRX burnt). Nothing here guesses: a call
that is neither of these is a call.

`TransactionLookup` is mixed into the engine: it needs only the engine's `backend`.
"""

from __future__ import annotations

from typing import Any

from eth_abi import decode
from tronpy import AsyncTron
from tronpy.exceptions import TransactionNotFound as TronNotFound
from web3 import AsyncWeb3
from web3.exceptions import TransactionNotFound

from swapdesk.address import format_address, parse_tron, to_checksum
from swapdesk.api import ErrorCode, NotFound
from swapdesk.api.records import TxInfo
from swapdesk.api.requests import TransactionRequest
from swapdesk.chain.erc20 import metadata
from swapdesk.chain.receipts import revert_reason
from swapdesk.chains import Chain
from swapdesk.devnet.manifest import Manifest
from swapdesk.engine.backends import ChainBackend, reaching
from swapdesk.engine.tron_node import failure, reaching_tron, tron_client

APPROVE = bytes.fromhex("095ea7b3")  # approve(address,uint256)
TRANSFER = bytes.fromhex("a9059cbb")  # transfer(address,uint256)
ROUTER_NAME = "swapdesk's router"


class TransactionLookup:
    backend: ChainBackend
    _tron_reader: AsyncTron | None = None

    async def transaction(self, request: TransactionRequest) -> TxInfo:
        chain = request.chain
        catalog = await self.backend.catalog(chain)
        w3 = await self.backend.web3(chain)
        if chain.tron:
            async with reaching_tron(chain):
                found = await self._tron_transaction(request, catalog, w3)
            if found is not None:
                return found
        async with reaching(chain):
            return await _ethereum_transaction(request, catalog, w3)

    async def _tron_transaction(self, request: TransactionRequest, catalog: Manifest, w3: AsyncWeb3) -> TxInfo | None:
        """The TRON transaction with that id; None when the TRON node knows none (the devnet's TRON chain
        also holds the Ethereum transactions that built its world)."""
        if self._tron_reader is None:
            self._tron_reader = tron_client(self.backend)
        txid = request.hash.removeprefix("0x")
        try:
            tx = await self._tron_reader.get_transaction(txid)
        except TronNotFound:
            return None
        try:
            info: dict[str, Any] = await self._tron_reader.get_transaction_info(txid)
        except TronNotFound:
            info = {}
        contract = tx["raw_data"]["contract"][0]
        value = contract["parameter"]["value"]
        chain = request.chain
        sender = value["owner_address"]
        pending = not info.get("blockNumber")
        ok = info.get("receipt", {}).get("result", "SUCCESS") == "SUCCESS" and info.get("result") != "FAILED"
        described = _blank(txid, chain, sender)
        described.update(
            status="Pending" if pending else "Success" if ok else "Failure",
            statusNotes="" if pending or ok else failure(info),
            networkFee=str(info.get("fee", 0)),
            gasUsed=int(info.get("receipt", {}).get("energy_usage_total", 0)),
            block=int(info.get("blockNumber", 0)),
            timestamp=int(info.get("blockTimeStamp", 0)) // 1000,
        )
        if contract["type"] == "TransferContract":
            described.update(kind="payment", toAddress=value["to_address"], value=str(value.get("amount", 0)))
        elif contract["type"] == "TriggerSmartContract":
            target = value["contract_address"]
            described.update(toAddress=target, value=str(value.get("call_value", 0)))
            data = bytes.fromhex(value.get("data", ""))
            await _what_it_calls(described, to_checksum(parse_tron(target)), data, catalog, w3, chain)
        else:
            described.update(kind="call")
        return TxInfo(**described)


async def _ethereum_transaction(request: TransactionRequest, catalog: Manifest, w3: AsyncWeb3) -> TxInfo:
    chain = request.chain
    try:
        tx = await w3.eth.get_transaction(request.hash)  # type: ignore[arg-type]
    except TransactionNotFound:
        raise NotFound(
            ErrorCode.TRANSACTION_NOT_FOUND, f"hash: no transaction with that hash on {chain.flag}", "hash"
        ) from None
    described = _blank(request.hash, chain, _show(str(tx["from"]), chain))
    described["value"] = str(tx.get("value", 0))
    if tx.get("blockNumber") is not None:
        receipt = await w3.eth.get_transaction_receipt(request.hash)  # type: ignore[arg-type]
        block = await w3.eth.get_block(receipt["blockNumber"])
        ok = receipt["status"] == 1
        described.update(
            status="Success" if ok else "Failure",
            statusNotes="" if ok else await revert_reason(w3, tx),
            networkFee=str(receipt["gasUsed"] * receipt.get("effectiveGasPrice", tx.get("gasPrice", 0))),
            gasUsed=int(receipt["gasUsed"]),
            block=int(receipt["blockNumber"]),
            timestamp=int(block["timestamp"]),
        )
    target = tx.get("to")
    if target is None:
        described["kind"] = "deployment"
    else:
        described["toAddress"] = _show(str(target), chain)
        await _what_it_calls(described, str(target), bytes(tx["input"]), catalog, w3, chain)
    return TxInfo(**described)


async def _what_it_calls(
    described: dict[str, Any], target: str, data: bytes, catalog: Manifest, w3: AsyncWeb3, chain: Chain
) -> None:
    """Fill in the kind, and for a token's approve or transfer: the token, the amount and the other party."""
    if not data:
        described["kind"] = "payment"
        return
    if to_checksum(bytes.fromhex(target[2:])) == to_checksum(bytes.fromhex(catalog.router[2:])):
        described["kind"] = "swap"
        return
    selector, arguments = data[:4], data[4:]
    if selector not in (APPROVE, TRANSFER) or len(arguments) != 64:
        described["kind"] = "call"
        return
    party, amount = decode(["address", "uint256"], arguments)
    (token,) = await metadata(w3, catalog.multicall, [to_checksum(bytes.fromhex(target[2:]))])
    described.update(
        token=_show(target, chain),
        symbol=token.symbol if token else "",
        decimals=token.decimals if token else 0,
        amount=str(amount),
    )
    if selector == APPROVE:
        spender = to_checksum(bytes.fromhex(party[2:]))
        described.update(kind="approval", spender=_show(spender, chain))
        if spender == to_checksum(bytes.fromhex(catalog.router[2:])):
            described["spenderName"] = ROUTER_NAME
    else:
        described.update(kind="transfer", recipient=_show(party, chain))


def _blank(tx_hash: str, chain: Chain, sender: str) -> dict[str, Any]:
    return {
        "hash": tx_hash, "chain": chain.flag, "kind": "call", "status": "Pending", "statusNotes": "",
        "fromAddress": sender, "toAddress": "", "value": "0", "token": "", "symbol": "", "decimals": 0,
        "amount": "0", "spender": "", "spenderName": "", "recipient": "", "networkFee": "0", "gasUsed": 0, "block": 0,
        "timestamp": 0,
    }  # fmt: skip


def _show(address: str, chain: Chain) -> str:
    """A 0x address as the chain writes it (base58 on TRON)."""
    return format_address(bytes.fromhex(address.removeprefix("0x")), chain.tron)
