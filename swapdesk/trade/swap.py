"""A swap from the user's account, step by step, checked before it is signed.

1. `funds`: the balance and the router's allowance for the token sold;
2. `approve`: when the allowance is short, a separate approval of the exact
   amount (unlimited only when asked) to the chain's known router, nothing else;
3. `swap`: a final re-quote with `amountOutMin` set to the minimum the user
   was shown (the spec's second query), the call data decoded and verified
   (`checks.verify`), the chain id checked, the call simulated with eth_call
   against that minimum, and only then signed, sent and followed to its
   receipt, whose Swapped event gives the amount really received.

The router's address always comes from the local catalogue of the chain,
never from the quote. Every failure is a TradeError in plain words. On TRON
the same steps are taken by TRON's means (`tron_swap.TronTrader`), and the
Trader hands them over; `funds`, `Funds` and `SwapResult` are the same.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from eth_typing import ChecksumAddress, HexAddress, HexStr
from web3 import AsyncWeb3
from web3.exceptions import ContractLogicError, Web3Exception
from web3.types import TxParams, Wei

from swapdesk.api import AggQuote, AggSwapRequest, ApiError, SwapService
from swapdesk.chain.receipts import swapped_event
from swapdesk.chains import Chain
from swapdesk.contracts import artifact
from swapdesk.engine.in_process import InProcess
from swapdesk.engine.routing.dex_routers import DexSwap, amount_out
from swapdesk.off_loop import off_loop
from swapdesk.trade.checks import ROUTER, Shown, check_balance, swap_summary, verify
from swapdesk.trade.dex_swap import dex_source, received, verify_dex
from swapdesk.trade.errors import CheckFailed, SendFailed, TradeError
from swapdesk.trade.outbox import UNREACHABLE, Outbox, Sent, network_of
from swapdesk.trade.results import UNLIMITED, Funds, SwapResult
from swapdesk.trade.tron_swap import TronTrader
from swapdesk.units import to_human
from swapdesk.wallet import PrivateKey
from swapdesk.words import QT_TR_NOOP, Term, Words

ERC20 = artifact("ERC20")


def _checksum(address: str) -> ChecksumAddress:
    return ChecksumAddress(HexAddress(HexStr(address)))


class Trader:
    def __init__(self, service: SwapService, here: InProcess, outbox: Outbox) -> None:
        """`service` quotes (the final quote, the one signed); `here` is what only an engine in this process has:
        its chains, whose catalogues name the routers, and TRON's node."""
        self.service = service
        self.here = here
        self.chains = here.chains
        self.outbox = outbox
        self.tron = TronTrader(service, here, outbox.store)
        outbox.tron = self.tron.outbox  # what the outbox finds open on TRON, the TRON outbox settles

    async def router(self, chain: Chain) -> str:
        """swapdesk's router on `chain`, as its catalogue names it (never a quote's word for it)."""
        router = (await self.chains.catalog(chain)).router
        if router is None:
            raise TradeError(
                QT_TR_NOOP("swapdesk has no router on {chain}: this swap cannot be signed here"), chain=chain.name
            )
        return router

    async def spender(self, chain: Chain, quote: AggQuote) -> str:
        """The router a swap of `quote` is sent to: swapdesk's, or on a chain without it the DEX router the
        quote is for, as the local catalogue names it (`dex_swap.py`)."""
        catalog = await self.chains.catalog(chain)
        if catalog.router is not None:
            return catalog.router
        source = dex_source(catalog, quote)
        assert source.router is not None
        return source.router

    async def funds(self, owner: str, shown: Shown) -> Funds:
        """`owner` is the account's EIP-55 address (its TRON address is the same 20 bytes)."""
        chain = shown.request.chain
        if chain.tron:
            return await self.tron.funds(owner, shown)
        w3 = await self.chains.web3(chain)
        token = shown.address(shown.request.token0)
        try:
            if shown.sells_native:
                return Funds(await w3.eth.get_balance(_checksum(owner)), None)
            router = await self.spender(chain, self._quote(shown))
            balance = await self._read(w3, token, ERC20.encode("balanceOf", owner))
            allowance = await self._read(w3, token, ERC20.encode("allowance", owner, router))
        except UNREACHABLE as exc:
            raise TradeError(QT_TR_NOOP("cannot reach {chain}: {reason}"), chain=chain.name, reason=exc) from None
        return Funds(balance, allowance)

    @staticmethod
    async def _read(w3: AsyncWeb3[Any], token: str, data: bytes) -> int:
        out = await w3.eth.call({"to": _checksum(token), "data": HexStr("0x" + data.hex())})
        return int.from_bytes(bytes(out)[:32], "big")

    def check_balance(self, funds: Funds, shown: Shown) -> None:
        check_balance(funds, shown)

    async def approve(self, key: PrivateKey, shown: Shown, unlimited: bool = False) -> Sent:
        """Let the chain's known router take the amount sold (or any amount, if asked)."""
        if shown.request.chain.tron:
            return await self.tron.approve(key, shown, unlimited)
        if shown.sells_native:
            raise TradeError(QT_TR_NOOP("the native coin needs no approval"))
        chain = shown.request.chain
        router = await self.spender(chain, self._quote(shown))
        token = shown.address(shown.request.token0)
        amount = UNLIMITED if unlimited else shown.request.amountIn
        summary = {"chain": chain.flag, "token": token, "symbol": shown.symbols[0], "spender": router,
                   "amount": str(amount), "decimals": shown.request.decimal0}  # fmt: skip
        try:
            return await self.outbox.send(
                await network_of(self.chains, chain), key, "approval", token, ERC20.encode("approve", router, amount),
                0, summary,
            )  # fmt: skip
        except SendFailed as exc:
            raise SendFailed(QT_TR_NOOP("the approval did not go through: {reason}"), exc.tx_hash, reason=exc) from None

    async def swap(self, key: PrivateKey, shown: Shown, step: Callable[[Words], None] = lambda _: None) -> SwapResult:
        """`step` hears what is happening, in words, as it happens."""
        request = shown.request
        chain = request.chain
        if chain.tron:
            return await self.tron.swap(key, shown, step)
        w3 = await self.chains.web3(chain)
        catalog = await self.chains.catalog(chain)
        try:
            if await w3.eth.chain_id != self.chains.network_id(chain):
                raise CheckFailed(QT_TR_NOOP("the node answering for {chain} is another chain"), chain=chain.name)
            funds = await self.funds(key.address, shown)
            self.check_balance(funds, shown)
            if funds.approval_needed(request.amountIn):
                raise TradeError(
                    QT_TR_NOOP("approve {token} first: the router may not take it yet"),
                    token=shown.symbols[0] or Term(QT_TR_NOOP("the token")),
                )
            step(Words(QT_TR_NOOP("Getting the final quote…")))
            try:
                final = replace(request, amountOutMin=shown.min_out, issuer=key.address)
                assert isinstance(final, AggSwapRequest), "an EVM quote comes from an aggregation request"
                quote = await self.service.agg_swap(final)
            except ApiError as exc:
                raise TradeError(QT_TR_NOOP("the final quote failed: {reason}"), reason=exc.words) from None
            step(Words(QT_TR_NOOP("Checking the call data against what you were shown…")))
            now = (await w3.eth.get_block("latest"))["timestamp"]
            dex: DexSwap | None = None
            if catalog.router is not None:
                router = catalog.router
                call = verify(quote, shown, router, now)
            else:
                source = dex_source(catalog, quote)
                assert source.router is not None
                router = source.router
                call, dex = verify_dex(quote, shown, source, catalog.wrapped, now)
            value = request.amountIn if shown.sells_native else 0
            data = bytes.fromhex(quote.data[2:])
            step(Words(QT_TR_NOOP("Dry run of the swap…")))
            simulated = await self._simulate(w3, key.address, router, data, value, dex)
        except UNREACHABLE as exc:
            raise TradeError(QT_TR_NOOP("cannot reach {chain}: {reason}"), chain=chain.name, reason=exc) from None
        if simulated < call.min_return:
            raise CheckFailed(
                QT_TR_NOOP("a dry run gives {amount} {symbol}, below the minimum of {minimum}"),
                amount=to_human(simulated, request.decimal1),
                symbol=shown.symbols[1],
                minimum=to_human(call.min_return, request.decimal1),
            )
        summary = swap_summary(shown, call, quote, (call.src_token, call.dst_token), call.receiver)
        step(Words(QT_TR_NOOP("Signing and sending; waiting for the receipt…")))
        sent = await self.outbox.send(await network_of(self.chains, chain), key, "swap", router, data, value, summary)
        if dex is not None:
            got, fee = received(sent.receipt, dex, router), 0
        else:
            event = swapped_event(sent.receipt, router)
            if event is None:
                raise TradeError(QT_TR_NOOP("the swap was mined without the router's Swapped event"), sent.hash)
            got, fee = event["amountOut"], event["fee"]
        await self._note_received(sent.hash, got)
        return SwapResult(sent.hash, got, int(quote.totalAmountOut), simulated, fee, sent.receipt["blockNumber"])

    async def _note_received(self, tx_hash: str, amount_out: int) -> None:
        await off_loop(self.outbox.store.mark, tx_hash, "confirmed", amountOut=str(amount_out))

    @staticmethod
    def _quote(shown: Shown) -> AggQuote:
        assert isinstance(shown.quote, AggQuote), "an EVM swap is shown an aggregation quote"
        return shown.quote

    @staticmethod
    async def _simulate(
        w3: AsyncWeb3[Any], sender: str, router: str, data: bytes, value: int, dex: DexSwap | None = None
    ) -> int:
        """The swap run with eth_call on the latest state: what it would deliver."""
        hex_data = HexStr("0x" + data.hex())
        call: TxParams = {"from": _checksum(sender), "to": _checksum(router), "data": hex_data, "value": Wei(value)}
        try:
            returned = bytes(await w3.eth.call(call))
            if dex is not None:
                return amount_out(dex.kind, data, returned)
            (out,) = ROUTER.decode("swap", returned)
        except ContractLogicError as exc:
            reason = str(exc.message).removeprefix("execution reverted: ")
            raise CheckFailed(QT_TR_NOOP("a dry run of the swap reverts: {reason}"), reason=reason) from None
        except Web3Exception as exc:
            raise CheckFailed(QT_TR_NOOP("a dry run of the swap failed: {reason}"), reason=exc) from None
        return int(out)
