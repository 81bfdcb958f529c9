"""A swap on TRON from the user's account, with the same steps as on EVM chains (`swap.py`), by TRON's means.

1. `funds`: TRX on the account, or the TRC-20's balance and the router's allowance (constant triggers);
2. `approve`: a TRC-20 `approve` of the exact amount (unlimited only when asked) to the router of
   swapdesk's own catalogue, as a TRON transaction, its fee limit from the node's energy estimate;
3. `swap`: the final TRON quote with `amountOutMin` set to the minimum shown (the spec's second query),
   its description checked (`checks.verify_tron`), built with tronpy on the router's ABI from the local
   artifact (never the node's), the built transaction checked against the description, dry-run with a
   constant trigger (its output at least the minimum, its energy within the fee limit), and only then
   signed, recorded, broadcast and followed; the router's Swapped event says what was received.

Addresses on TRON are base58; the account's key is the same as on EVM chains (`PrivateKey.tron_address`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from tronpy import AsyncTron
from tronpy.async_contract import AsyncContract
from tronpy.async_tron import AsyncTransaction
from tronpy.exceptions import AddressNotFound

from swapdesk.address import format_address, parse_address
from swapdesk.api import ApiError, SwapService, TronQuote, TronSwapRequest
from swapdesk.chain.reverts import revert_reason
from swapdesk.chains import resolve
from swapdesk.contracts import artifact
from swapdesk.engine.in_process import InProcess
from swapdesk.engine.tron.node_client import (
    NodeRefused,
    ask,
    chain_parameters,
    measured_fee_limit,
    message,
    swapped_event,
)
from swapdesk.engine.tron.swap_flat import FUNCTION, call_data, tronpy_values
from swapdesk.off_loop import off_loop
from swapdesk.store import TxStore
from swapdesk.trade.checks import MAX_DEADLINE_SECONDS, Shown, SwapCall, check_balance, swap_summary, verify_tron
from swapdesk.trade.errors import CheckFailed, SendFailed, TradeError
from swapdesk.trade.outbox import Sent, network_kind
from swapdesk.trade.results import UNLIMITED, Funds, SwapResult
from swapdesk.trade.tron_outbox import UNREACHABLE, TronOutbox
from swapdesk.units import to_human
from swapdesk.wallet import PrivateKey
from swapdesk.words import QT_TR_NOOP, Term, Words

ERC20, ROUTER = artifact("ERC20"), artifact("AggregationRouter")


def _tron(address: str) -> str:
    """An EIP-55 (or base58) address in base58."""
    return format_address(parse_address(address, address.startswith("T")), True)


TRON = resolve("TRON")


class TronTrader:
    def __init__(self, service: SwapService, here: InProcess, store: TxStore) -> None:
        self.service = service
        self.here = here
        self.chains = here.chains
        self._tron: AsyncTron | None = None
        self.outbox = TronOutbox(store, lambda: self.tron, lambda: network_kind(here.chains, TRON))

    @property
    def tron(self) -> AsyncTron:
        if self._tron is None:
            self._tron = self.here.tron()
        return self._tron

    async def router(self, shown: Shown) -> str:
        """The router of swapdesk's own catalogue for the chain, in base58: never the quote's word."""
        router = (await self.chains.catalog(shown.request.chain)).router
        if router is None:
            raise TradeError(
                QT_TR_NOOP("swapdesk has no router on {chain}: this swap cannot be signed here"),
                chain=shown.request.chain.name,
            )
        return _tron(router)

    def _contract(self, address: str, abi: list[dict[str, Any]]) -> AsyncContract:
        """A contract on the ABI swapdesk compiled, not the one the node hands out."""
        return AsyncContract(addr=_tron(address), abi=abi, client=self.tron)

    async def funds(self, owner: str, shown: Shown) -> Funds:
        me = _tron(owner)
        try:
            if shown.sells_native:
                try:
                    return Funds(int((await self.tron.get_account(me))["balance"]), None)
                except AddressNotFound:  # TRON knows no account until something is sent to it
                    return Funds(0, None)
            token = self._contract(shown.request.token0, ERC20.abi)
            balance = await token.functions.balanceOf(me)
            allowance = await token.functions.allowance(me, await self.router(shown))
        except UNREACHABLE as exc:
            raise TradeError(QT_TR_NOOP("cannot reach the TRON node: {reason}"), reason=exc) from None
        return Funds(int(balance), int(allowance))

    async def approve(self, key: PrivateKey, shown: Shown, unlimited: bool = False) -> Sent:
        if shown.sells_native:
            raise TradeError(QT_TR_NOOP("TRX needs no approval"))
        router = await self.router(shown)
        amount = UNLIMITED if unlimited else shown.request.amountIn
        me, token = key.tron_address, shown.request.token0
        summary = {"chain": "TRON", "token": token, "symbol": shown.symbols[0], "spender": router,
                   "amount": str(amount), "decimals": shown.request.decimal0}  # fmt: skip
        try:
            approve = self._contract(token, ERC20.abi).functions.approve.with_owner(me)
            parameter = ERC20.encode("approve", _evm(router), amount)[4:].hex()
            trigger = {"owner_address": me, "contract_address": token,
                       "function_selector": approve.function_signature, "parameter": parameter}  # fmt: skip
            fee_limit = await measured_fee_limit(self.tron, trigger)
            transaction = await (await approve(router, amount)).fee_limit(fee_limit).build()
            return await self.outbox.send(key, "approval", transaction, summary)
        except NodeRefused as exc:
            raise SendFailed(
                QT_TR_NOOP("the approval did not go through: the node refused to prepare it: {reason}"), reason=exc
            ) from None
        except SendFailed as exc:
            raise SendFailed(QT_TR_NOOP("the approval did not go through: {reason}"), exc.tx_hash, reason=exc) from None
        except UNREACHABLE as exc:
            raise SendFailed(
                QT_TR_NOOP("the approval did not go through: cannot reach the TRON node: {reason}"), reason=exc
            ) from None

    async def swap(self, key: PrivateKey, shown: Shown, step: Callable[[Words], None] = lambda _: None) -> SwapResult:
        request = shown.request
        me = key.tron_address
        try:
            router = await self.router(shown)
            funds = await self.funds(key.address, shown)
            check_balance(funds, shown)
            if funds.approval_needed(request.amountIn):
                raise TradeError(
                    QT_TR_NOOP("approve {token} first: the router may not take it yet"),
                    token=shown.symbols[0] or Term(QT_TR_NOOP("the token")),
                )
            step(Words(QT_TR_NOOP("Getting the final quote…")))
            final = replace(request, amountOutMin=shown.min_out, issuer=me)
            assert isinstance(final, TronSwapRequest), "a TRON quote comes from a TRON request"
            try:
                quote = await self.service.tron_swap(final)
            except ApiError as exc:
                raise TradeError(QT_TR_NOOP("the final quote failed: {reason}"), reason=exc.words) from None
            step(Words(QT_TR_NOOP("Checking the transaction description against what you were shown…")))
            now = int((await self.tron.get_latest_block())["block_header"]["raw_data"]["timestamp"]) // 1000
            call = verify_tron(quote, shown, router, now, me)
            transaction = await self._build(quote, call, now)
            step(Words(QT_TR_NOOP("Dry run of the swap…")))
            simulated = await self._dry_run(transaction, quote, call, shown)
        except UNREACHABLE as exc:
            raise TradeError(QT_TR_NOOP("cannot reach the TRON node: {reason}"), reason=exc) from None
        summary = swap_summary(shown, call, quote, (request.token0, request.token1), request.to)
        summary["feeLimit"] = quote.data.options.feeLimit
        step(Words(QT_TR_NOOP("Signing and sending; waiting for the receipt…")))
        sent = await self.outbox.send(key, "swap", transaction, summary)
        event = swapped_event(sent.receipt, router)
        if event is None:
            raise TradeError(QT_TR_NOOP("the swap was mined without the router's Swapped event"), sent.hash)
        await off_loop(self.outbox.store.mark, sent.hash, "confirmed", amountOut=str(event["amountOut"]))
        block = int(sent.receipt["blockNumber"])
        return SwapResult(sent.hash, event["amountOut"], int(quote.totalAmountOut), simulated, event["fee"], block)

    async def _build(self, quote: TronQuote, call: SwapCall, now: int) -> AsyncTransaction:
        """tronpy's transaction for the description, on the local ABI; CheckFailed unless it is exactly that call,
        expiring after the latest block (`now`, seconds) and within the hour."""
        described = quote.data
        method = self._contract(described.contract, ROUTER.abi).functions[FUNCTION]
        method.with_owner(described.issuer).with_transfer(int(described.options.callValue))
        builder = await method(*tronpy_values(described.parameter))
        transaction = await builder.fee_limit(described.options.feeLimit).build()
        raw = transaction.to_json()["raw_data"]
        value = raw["contract"][0]["parameter"]["value"]
        expected = {
            Term(QT_TR_NOOP("sender")): (value.get("owner_address"), _hex(described.issuer)),
            Term(QT_TR_NOOP("contract")): (value.get("contract_address"), _hex(described.contract)),
            Term(QT_TR_NOOP("call data")): (value.get("data"), call_data(_arguments(call)).hex()),
            Term(QT_TR_NOOP("TRX sent")): (value.get("call_value", 0), int(described.options.callValue)),
            Term(QT_TR_NOOP("fee limit")): (raw.get("fee_limit"), described.options.feeLimit),
        }
        for what, (found, wanted) in expected.items():
            if found != wanted:
                raise CheckFailed(
                    QT_TR_NOOP("the transaction built for the swap has another {what} than its description"), what=what
                )
        if not now * 1000 < raw["expiration"] <= (now + MAX_DEADLINE_SECONDS) * 1000:
            raise CheckFailed(
                QT_TR_NOOP("the transaction built for the swap has expired, or expires more than an hour away")
            )
        return transaction

    async def _dry_run(self, transaction: AsyncTransaction, quote: TronQuote, call: SwapCall, shown: Shown) -> int:
        """The built call run as a constant trigger on the latest state: what it would deliver."""
        value = transaction.to_json()["raw_data"]["contract"][0]["parameter"]["value"]
        trigger = {"owner_address": quote.data.issuer, "contract_address": quote.data.contract,
                   "data": value["data"], "call_value": value.get("call_value", 0)}  # fmt: skip
        try:
            ran = await ask(self.tron, "triggerconstantcontract", trigger)
        except NodeRefused as exc:
            raise CheckFailed(QT_TR_NOOP("a dry run of the swap failed: {reason}"), reason=exc) from None
        output = bytes.fromhex((ran.get("constant_result") or [""])[0])
        if "message" in ran.get("result", {}):
            raise CheckFailed(
                QT_TR_NOOP("a dry run of the swap reverts: {reason}"),
                reason=revert_reason(output) or message(ran["result"]),
            )
        (simulated,) = ROUTER.decode("swapFlat", output)
        decimals, symbol = shown.request.decimal1, shown.symbols[1]
        if simulated < call.min_return:
            raise CheckFailed(
                QT_TR_NOOP("a dry run gives {amount} {symbol}, below the minimum of {minimum}"),
                amount=to_human(simulated, decimals),
                symbol=symbol,
                minimum=to_human(call.min_return, decimals),
            )
        price = (await chain_parameters(self.tron, "getEnergyFee"))["getEnergyFee"]
        if int(ran.get("energy_used", 0)) * price > quote.data.options.feeLimit:
            raise CheckFailed(
                QT_TR_NOOP("the description's fee limit is below the energy the swap needs: it would fail")
            )
        return int(simulated)


def _arguments(call: SwapCall) -> tuple[Any, ...]:
    return (call.src_token, call.dst_token, call.amount, call.min_return, call.receiver, call.channel,
            call.deadline, call.routes)  # fmt: skip


def _evm(address: str) -> str:
    return format_address(parse_address(address, True), False)


def _hex(address: str) -> str:
    """A TRON address as tronpy writes it in raw data: 41 and 20 bytes, in hex."""
    return "41" + parse_address(address, True).hex()
