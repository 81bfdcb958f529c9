"""One contract call on any chain of the engine, EVM or TRON: read a balance, dry-run it, sign, record, send.

The bridges' deposits, approvals and refund withdrawals are plain calls (`to`, `data`, `value`) on their
source chain. On an EVM chain they go through the `Outbox`; on TRON a call is a TriggerSmartContract, built
by tronpy on the contract's ABI from swapdesk's own artifact (never the node's), checked to carry exactly
the call data it was given, its fee limit the node's energy estimate plus the margin, and sent through the
`TronOutbox`. Either way it is recorded in the local store before it is sent.
"""

from __future__ import annotations

from typing import Any

from eth_typing import HexStr
from tronpy.abi import trx_abi
from tronpy.async_contract import AsyncContract
from tronpy.exceptions import AddressNotFound
from web3.exceptions import ContractLogicError, Web3Exception
from web3.types import TxParams, Wei

from swapdesk.address import ZERO, format_address, to_checksum
from swapdesk.chain.reverts import revert_reason
from swapdesk.chains import Chain
from swapdesk.contracts import artifact
from swapdesk.engine.tron.node_client import NodeRefused, ask, measured_fee_limit, message
from swapdesk.trade.errors import CheckFailed, SendFailed, TradeError
from swapdesk.trade.outbox import UNREACHABLE, Sent, network_of
from swapdesk.trade.swap import Trader
from swapdesk.trade.tron_outbox import UNREACHABLE as TRON_UNREACHABLE
from swapdesk.wallet import PrivateKey
from swapdesk.words import QT_TR_NOOP, Term

ERC20 = artifact("ERC20")


class ChainCalls:
    def __init__(self, trader: Trader) -> None:
        """The trader's chains, outboxes and TRON node."""
        self.trader = trader

    async def balance(self, chain: Chain, owner: bytes, token: bytes) -> int:
        """`owner`'s balance of `token` (the zero address: the native coin)."""
        try:
            if chain.tron:
                me = format_address(owner, True)
                if token == ZERO:
                    try:
                        return int((await self.trader.tron.tron.get_account(me))["balance"])
                    except AddressNotFound:  # TRON knows no account until something is sent to it
                        return 0
                return int(await self._tron_contract(token, ERC20.abi).functions.balanceOf(me))
            w3 = await self.trader.chains.web3(chain)
            if token == ZERO:
                return int(await w3.eth.get_balance(to_checksum(owner)))
            return await self._read(chain, token, ERC20.encode("balanceOf", to_checksum(owner)))
        except (*UNREACHABLE, *TRON_UNREACHABLE) as exc:
            raise TradeError(QT_TR_NOOP("cannot reach {chain}: {reason}"), chain=chain.name, reason=exc) from None

    async def allowance(self, chain: Chain, owner: bytes, token: bytes, spender: bytes) -> int:
        try:
            if chain.tron:
                contract = self._tron_contract(token, ERC20.abi)
                return int(
                    await contract.functions.allowance(format_address(owner, True), format_address(spender, True))
                )
            return await self._read(chain, token, ERC20.encode("allowance", to_checksum(owner), to_checksum(spender)))
        except (*UNREACHABLE, *TRON_UNREACHABLE) as exc:
            raise TradeError(QT_TR_NOOP("cannot reach {chain}: {reason}"), chain=chain.name, reason=exc) from None

    async def _read(self, chain: Chain, token: bytes, data: bytes) -> int:
        w3 = await self.trader.chains.web3(chain)
        out = await w3.eth.call({"to": to_checksum(token), "data": HexStr("0x" + data.hex())})
        return int.from_bytes(bytes(out)[:32], "big")

    async def dry_run(self, chain: Chain, sender: bytes, to: bytes, data: bytes, value: int, what: Term) -> None:
        """The call run on the latest state; CheckFailed, in words, when it would revert."""
        try:
            if chain.tron:
                trigger = {"owner_address": format_address(sender, True), "contract_address": format_address(to, True),
                           "data": data.hex(), "call_value": value}  # fmt: skip
                try:
                    ran = await ask(self.trader.tron.tron, "triggerconstantcontract", trigger)
                except NodeRefused as exc:
                    raise CheckFailed(
                        QT_TR_NOOP("a dry run of the {what} failed: {reason}"), what=what, reason=exc
                    ) from None
                if "message" in ran.get("result", {}):
                    output = bytes.fromhex((ran.get("constant_result") or [""])[0])
                    raise CheckFailed(
                        QT_TR_NOOP("a dry run of the {what} reverts: {reason}"),
                        what=what,
                        reason=revert_reason(output) or message(ran["result"]),
                    )
                return
            w3 = await self.trader.chains.web3(chain)
            hex_data = HexStr("0x" + data.hex())
            call: TxParams = {"from": to_checksum(sender), "to": to_checksum(to), "data": hex_data, "value": Wei(value)}
            try:
                await w3.eth.call(call)
            except ContractLogicError as exc:
                reason = str(exc.message).removeprefix("execution reverted: ")
                raise CheckFailed(
                    QT_TR_NOOP("a dry run of the {what} reverts: {reason}"), what=what, reason=reason
                ) from None
            except Web3Exception as exc:
                raise CheckFailed(
                    QT_TR_NOOP("a dry run of the {what} failed: {reason}"), what=what, reason=exc
                ) from None
        except (*UNREACHABLE, *TRON_UNREACHABLE) as exc:
            raise TradeError(QT_TR_NOOP("cannot reach {chain}: {reason}"), chain=chain.name, reason=exc) from None

    async def send(
        self, key: PrivateKey, chain: Chain, kind: str, to: bytes, data: bytes, value: int, summary: dict[str, Any],
        abi: list[dict[str, Any]],
    ) -> Sent:  # fmt: skip
        """Sign, record, send and follow one call to a successful receipt. `abi`: the called contract's, from
        swapdesk's artifacts (TRON builds the call on it)."""
        if not chain.tron:
            net = await network_of(self.trader.chains, chain)
            return await self.trader.outbox.send(net, key, kind, to_checksum(to), data, value, summary)
        try:
            transaction = await self._tron_build(key, to, data, value, abi)
        except NodeRefused as exc:
            raise SendFailed(
                QT_TR_NOOP("the TRON node refused to prepare the transaction: {reason}"), reason=exc
            ) from None
        except TRON_UNREACHABLE as exc:
            raise SendFailed(QT_TR_NOOP("the TRON node cannot be reached: {reason}"), reason=exc) from None
        return await self.trader.tron.outbox.send(key, kind, transaction, summary)

    async def _tron_build(self, key: PrivateKey, to: bytes, data: bytes, value: int, abi: list[dict[str, Any]]) -> Any:
        """tronpy's TriggerSmartContract for exactly this call; CheckFailed when tronpy would send other bytes."""
        tron, me, contract = self.trader.tron.tron, key.tron_address, format_address(to, True)
        method = self._tron_contract(to, abi).get_function_by_selector(data[:4])
        if method is None:
            raise CheckFailed(QT_TR_NOOP("the call is to no function of the contract swapdesk knows: nothing is sent"))
        arguments = trx_abi.decode_single(method.input_type, data[4:])
        trigger = {"owner_address": me, "contract_address": contract, "data": data.hex(), "call_value": value}
        fee_limit = await measured_fee_limit(tron, trigger)
        builder = await method.with_owner(me).with_transfer(value)(*arguments)
        transaction = await builder.fee_limit(fee_limit).build()
        built = transaction.to_json()["raw_data"]["contract"][0]["parameter"]["value"]
        if built.get("data") != data.hex() or int(built.get("call_value", 0)) != value:
            raise CheckFailed(QT_TR_NOOP("the TRON transaction built for the call is not that call: nothing is sent"))
        return transaction

    def _tron_contract(self, address: bytes, abi: list[dict[str, Any]]) -> AsyncContract:
        return AsyncContract(addr=format_address(address, True), abi=abi, client=self.trader.tron.tron)
