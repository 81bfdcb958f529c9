"""A cross-chain transfer from the user's account, step by step, checked before it is signed.

1. `funds`: the balance of the token sent, and the allowance of the bridge's contract, on the source chain;
2. `approve`: when the allowance is short, a separate approval of the exact amount (unlimited only when
   asked) to that bridge's contract in swapdesk's own catalogue (`bridge_catalog`), never the quote's word;
3. `send`: a final quote for the route chosen, its call checked against what was shown (`bridge_checks`:
   contract, token, amount, receiver, destination chain, minimum), the node's chain id checked, a dry run,
   and only then signed, recorded (the deposit with its order, `store.orders`), sent and followed to its
   receipt; then the order callback (the spec's `/v3/cross/order`) is made for the user, so the bridge
   starts at once. From there `orders.OrderTracker` follows the order to its end.

TRON is a chain like the others: a TRON deposit is a TRON transaction (`chain_calls`). Every failure is a
TradeError in plain words; nothing is signed after a failed check.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from swapdesk.address import format_address, parse_address
from swapdesk.api import ApiError, CrossQuote, CrossSwapRequest, parse
from swapdesk.off_loop import off_loop
from swapdesk.store import StoredOrder
from swapdesk.trade.bridge_catalog import BridgeCatalog
from swapdesk.trade.bridge_checks import DEPOSITS, CrossShown, verify_cross
from swapdesk.trade.chain_calls import ERC20, ChainCalls
from swapdesk.trade.errors import CheckFailed, SendFailed, TradeError
from swapdesk.trade.orders import register
from swapdesk.trade.outbox import UNREACHABLE, Sent
from swapdesk.trade.results import UNLIMITED, Funds
from swapdesk.trade.swap import Trader
from swapdesk.trade.tron_outbox import UNREACHABLE as TRON_UNREACHABLE
from swapdesk.wallet import PrivateKey
from swapdesk.words import QT_TR_NOOP, Term, Words


@dataclass(frozen=True)
class BridgeResult:
    hash: str  # the deposit, as its chain writes it (TRON: 64 hex digits, no 0x)
    order_id: str  # the order callback's answer; "" when it could not be made (tracking finds the order anyway)
    block: int
    quoted_out: int  # the final quote's amountOut


class Bridger:
    def __init__(self, trader: Trader, catalog: BridgeCatalog) -> None:
        self.trader = trader
        self.service = trader.service
        self.catalog = catalog
        self.calls = ChainCalls(trader)

    async def contract(self, shown: CrossShown) -> bytes:
        """The bridge's contract on the source chain, from swapdesk's catalogue."""
        routers = await self.catalog.routers(shown.src)
        return parse_address(routers.router(shown.bridge, shown.src), False)

    async def funds(self, owner: str, shown: CrossShown) -> Funds:
        """`owner` is the account's EIP-55 address (on TRON the same 20 bytes)."""
        me = parse_address(owner, False)
        balance = await self.calls.balance(shown.src, me, shown.token0)
        if shown.sells_native:
            return Funds(balance, None)
        spender = await self.contract(shown)
        return Funds(balance, await self.calls.allowance(shown.src, me, shown.token0, spender))

    @staticmethod
    def check_balance(funds: Funds, shown: CrossShown) -> None:
        if funds.balance < shown.amount:
            raise TradeError(
                QT_TR_NOOP("insufficient balance: you have {balance}, the transfer needs {amount}"),
                balance=shown.human(funds.balance, 0),
                amount=shown.human(shown.amount, 0),
            )

    async def approve(self, key: PrivateKey, shown: CrossShown, unlimited: bool = False) -> Sent:
        """Let the bridge's contract of swapdesk's catalogue take the amount sent (or any amount, if asked)."""
        if shown.sells_native:
            raise TradeError(QT_TR_NOOP("the native {coin} needs no approval"), coin=shown.src.native_symbol)
        spender = await self.contract(shown)
        amount = UNLIMITED if unlimited else shown.amount
        src = shown.src
        summary = {"chain": src.flag, "token": shown.quote.token0, "symbol": shown.symbols[0],
                   "spender": format_address(spender, src.tron), "spenderName": f"{shown.bridge}'s contract",
                   "amount": str(amount), "decimals": shown.decimals[0]}  # fmt: skip
        data = ERC20.encode("approve", format_address(spender, False), amount)
        try:
            return await self.calls.send(key, src, "approval", shown.token0, data, 0, summary, ERC20.abi)
        except SendFailed as exc:
            raise SendFailed(QT_TR_NOOP("the approval did not go through: {reason}"), exc.tx_hash, reason=exc) from None

    async def send(
        self, key: PrivateKey, shown: CrossShown, step: Callable[[Words], None] = lambda _: None
    ) -> BridgeResult:
        """`step` hears what is happening, in words, as it happens."""
        src, bridge = shown.src, shown.bridge
        me = parse_address(key.address, False)
        try:
            chains = self.trader.chains
            if not src.tron and await (await chains.web3(src)).eth.chain_id != chains.network_id(src):
                raise CheckFailed(QT_TR_NOOP("the node answering for {chain} is another chain"), chain=src.name)
            funds = await self.funds(key.address, shown)
            self.check_balance(funds, shown)
            if funds.approval_needed(shown.amount):
                raise TradeError(
                    QT_TR_NOOP("approve {symbol} first: {bridge}'s contract may not take it yet"),
                    symbol=shown.symbols[0],
                    bridge=bridge,
                )
            step(Words(QT_TR_NOOP("Getting the final quote…")))
            quote = await self._final_quote(shown, key)
            step(Words(QT_TR_NOOP("Checking the call data against what you were shown…")))
            routers = await self.catalog.routers(src)
            call = verify_cross(quote, shown, routers)
            contract = parse_address(routers.router(bridge, src), False)
            data = bytes.fromhex(quote.data[2:])
            step(Words(QT_TR_NOOP("Dry run of the deposit…")))
            await self.calls.dry_run(src, me, contract, data, call.value, Term(QT_TR_NOOP("deposit")))
        except (*UNREACHABLE, *TRON_UNREACHABLE) as exc:
            raise TradeError(QT_TR_NOOP("cannot reach {chain}: {reason}"), chain=src.name, reason=exc) from None
        summary = {
            "bridge": bridge, "chain": src.flag, "toChain": shown.dst.flag, "toChainId": shown.dst.id,
            "tokenIn": quote.token0, "tokenOut": quote.token1, "symbolIn": shown.symbols[0],
            "symbolOut": shown.symbols[1], "decimalsIn": shown.decimals[0], "decimalsOut": shown.decimals[1],
            "amountIn": str(call.amount), "quotedOut": quote.amountOut, "minOut": str(shown.min_out),
            "receiver": quote.to, "sender": key.address, "router": quote.router, "channel": shown.request.channel,
        }  # fmt: skip
        step(Words(QT_TR_NOOP("Signing and sending the deposit; waiting for its receipt…")))
        sent = await self.calls.send(key, src, "bridge", contract, data, call.value, summary, DEPOSITS[bridge][0].abi)
        block = int(sent.receipt["blockNumber"])
        step(Words(QT_TR_NOOP("Registering the order with {bridge}…"), bridge=bridge))
        order = await off_loop(self.trader.outbox.store.order, sent.hash)
        assert order is not None, "a deposit is recorded with its order"
        return BridgeResult(sent.hash, await registered(self, order), block, int(quote.amountOut))

    async def _final_quote(self, shown: CrossShown, key: PrivateKey) -> CrossQuote:
        """The route chosen, quoted again for the same transfer, the account as issuer."""
        request = shown.request
        query = {
            "fromChainID": str(shown.src.id), "toChainID": str(shown.dst.id), "token0": shown.quote.token0,
            "token1": shown.quote.token1, "bridge": shown.bridge, "amountIn": str(shown.amount),
            "to": shown.receiver, "channel": request.channel,
            "issuer": format_address(parse_address(key.address, False), shown.src.tron),
        }  # fmt: skip
        try:
            return await self.service.cross_swap(parse(CrossSwapRequest, query.items()))
        except ApiError as exc:
            raise TradeError(QT_TR_NOOP("the final quote failed: {reason}"), reason=exc.words) from None


async def registered(bridger: Bridger, order: StoredOrder) -> str:
    """The order callback, made for the user; "" when the provider cannot be told now (tracking retries)."""
    try:
        return await register(bridger.service, bridger.trader.outbox.store, order)
    except ApiError:
        return ""
