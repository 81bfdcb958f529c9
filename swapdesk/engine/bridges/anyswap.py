"""ANYSWAP: a client of Multichain's token list and scan API, and of its routers V6.

- Routes: `tokenlistv4/{chainId}` lists what leaves a chain: per token and destination the router to
  approve and call, the source anyToken (the call's `token`, whose underlying balance is the pool) and the
  token paid there. Limits and fee are read on chain, in smallest units, from the router's
  `getSwapConfig(anyToken, toChainID)` (Multichain kept them on chain too).
- Quotes: fee = amount x rate, clamped between the minimum and maximum fee, in token0; the MPC pays the
  rest at the destination's decimals, exactly. Call data: `anySwapOutUnderlying(anyToken, to, amount,
  toChainID)`, or `anySwapOutNative(anyToken, to, toChainID)` with the amount as value.
- The order callback: Multichain took no registration (its MPC watches the routers), so the callback checks
  the deposit and answers the order's id: the source transaction's hash, by which the scan API knows it.
- Status: `GET /v3/tx/{hash}` by the source hash; a target hash names its source in its `LogAnySwapIn`
  (`txhash`). A payout made in anyToken because the destination pool was short is still Multichain's
  Success: it is DONE / PARTIAL here, and `toToken` is the anyToken the receiver holds.
- Real networks: Multichain's bridge stopped in July 2023. A quote there is NOT_AVAILABLE saying so; an
  old transfer is still read from its chains: a `LogAnySwapOut` or `LogAnySwapIn` (by its topic: the
  token list that named the routers is gone), the tokens from the anyToken's `underlying()`, and its
  status from the scan API when one is configured and answers (`anyswap_scan`), else from the logs alone.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, ClassVar

from eth_abi.exceptions import DecodingError
from web3.exceptions import Web3Exception

import swapdesk.engine.bridges.anyswap_scan as scan
import swapdesk.engine.bridges.model as m
from swapdesk.address import ZERO, InvalidAddress, format_address, parse_address, to_checksum
from swapdesk.api import ApiError, ErrorCode, NotFound, Unavailable
from swapdesk.chain.bridge_events import ANY_SWAP_IN as SWAP_IN
from swapdesk.chain.bridge_events import ANY_SWAP_OUT as SWAP_OUT
from swapdesk.chain.events import TRANSFER
from swapdesk.chains import CHAINS, Chain, by_id
from swapdesk.contracts import artifact
from swapdesk.engine.bridges.client import BridgeClient
from swapdesk.engine.bridges.eta import confirmations
from swapdesk.engine.bridges.onchain import ChainReader, Receipt, address_bytes
from swapdesk.engine.bridges.provider import Kept, ProviderApi
from swapdesk.words import QT_TR_NOOP, Words

ROUTER, ANY_TOKEN, ERC20 = artifact("AnyswapV6Router"), artifact("AnyswapV6ERC20"), artifact("ERC20")
PER_MILLION = 1_000_000
GAS = 200_000  # a swap out's gas, at most (measured: about 70k, the native coin's about 90k)
STAGES = 2  # the MPC prices the swap, then signs the payout
STOPPED = QT_TR_NOOP(
    "bridge: Multichain's bridge stopped in July 2023; ANYSWAP quotes only on the devnet. "
    "Its old transfers can still be looked up (/v3/core/details)"
)


@dataclass(frozen=True)
class Route:
    src: m.Token  # what leaves: the underlying, or the native coin
    dst: m.Token  # what the MPC pays: the underlying there (the native coin where it is the wrapped one)
    any_token: bytes  # the source anyToken
    dst_any_token: bytes
    router: bytes


@dataclass(frozen=True)
class SwapConfig:
    maximum: int
    minimum: int
    big_value: int
    fee_per_million: int
    maximum_fee: int
    minimum_fee: int

    def fee(self, amount: int) -> int:
        return min(max(amount * self.fee_per_million // PER_MILLION, self.minimum_fee), self.maximum_fee)

    def pays(self, amount: int, src: m.Token, dst: m.Token) -> int:
        """What the MPC pays for `amount`: the rest after the fee at the destination's decimals; 0 outside
        the limits (not paid)."""
        if not self.minimum <= amount <= self.maximum:
            return 0
        return m.rescale(amount - self.fee(amount), src.decimals, dst.decimals)


class Anyswap(BridgeClient):
    name: ClassVar[str] = "ANYSWAP"
    topics: ClassVar[frozenset[bytes]] = frozenset((SWAP_OUT.topic, SWAP_IN.topic))

    def __init__(self, api: ProviderApi, chains: ChainReader) -> None:
        super().__init__(api, chains)
        self._routes: Kept[int, list[Route]] = Kept(self._fetch_routes)

    def _devnet(self, chain: Chain) -> bool:
        return self.chains.backend.is_devnet(chain)

    async def _fetch_routes(self, chain_id: int) -> list[Route]:
        if not self._devnet(by_id(chain_id)):
            return []  # Multichain routes nothing any more
        answer = await self.api.get(f"/v4/tokenlistv4/{chain_id}")
        if answer.status in (400, 410):  # a chain Multichain does not serve; a token list that is gone
            return []
        if answer.status == 503:
            own = await self.chains.own_trouble(by_id(chain_id))  # a chain swapdesk cannot use either: its cause
            if own is not None:
                raise own
            cut_off = Words(QT_TR_NOOP("the ANYSWAP provider cannot reach {chain}"), chain=by_id(chain_id).name)
            raise Unavailable(ErrorCode.CHAIN_UNAVAILABLE, cut_off)
        if answer.status != 200 or not isinstance(answer.body, dict) or answer.body.get("msg") == "Error":
            said = answer.body.get("error", "") if isinstance(answer.body, dict) else ""
            why = f"HTTP {answer.status}" + (f": {str(said)[:300]}" if said else "")
            listed = Words(
                QT_TR_NOOP("answered the token list of {chain} with {why}"), chain=by_id(chain_id).name, why=why
            )
            raise self.api.unreachable(listed)
        try:
            return [route for entry in answer.body.values() for route in _routes(by_id(chain_id), entry)]
        except (KeyError, TypeError, ValueError, InvalidAddress) as exc:
            raise self.api.malformed(Words(QT_TR_NOOP("answered a malformed token list")), exc) from None

    async def tokens(self, on: frozenset[int] | None = None) -> list[m.Token]:
        asked = [c.id for c in CHAINS if c.cross_chain and (on is None or c.id in on)]  # a token list per chain
        leaving = await asyncio.gather(*(self._routes.get(chain_id) for chain_id in asked))
        return list(dict.fromkeys(route.src for routes in leaving for route in routes))

    async def listing(self, on: frozenset[int] | None = None) -> m.Listing:
        """Each chain's token list on its own: a chain that cannot be listed now (its provider, or swapdesk,
        cannot reach it) is left out, said with its refusal, and the other chains are listed."""
        asked = [c for c in CHAINS if c.cross_chain and (on is None or c.id in on)]
        leaving = await asyncio.gather(*(self._routes.get(c.id) for c in asked), return_exceptions=True)
        refused = [(chain, found) for chain, found in zip(asked, leaving, strict=True) if isinstance(found, ApiError)]
        for found in leaving:
            if isinstance(found, BaseException) and not isinstance(found, ApiError):
                raise found
        if len(refused) == len(asked) and refused:
            raise refused[0][1]
        tokens = [route.src for routes in leaving if isinstance(routes, list) for route in routes]
        return m.Listing(list(dict.fromkeys(tokens)), refused)

    async def _config(self, route: Route) -> SwapConfig:
        data = ROUTER.encode("getSwapConfig", to_checksum(route.any_token), route.dst.chain.id)
        raw = await self.chains.call(route.src.chain, route.router, data)
        return SwapConfig(*ROUTER.decode("getSwapConfig", raw)[0])

    async def quote(self, ask: m.Ask) -> m.Quote:
        if not (self._devnet(ask.src) and self._devnet(ask.dst)):
            raise NotFound(ErrorCode.NOT_AVAILABLE, Words(STOPPED), "bridge")
        leaving = [r for r in await self._routes.get(ask.src.id) if r.src.address == ask.token0]
        if not leaving:
            raise m.no_route(self.name, "token0", m.pair(ask.token0, ask.src, ask.dst, ask.token1))
        routes = [r for r in leaving if r.dst.chain == ask.dst and ask.token1 in (None, r.dst.address)]
        if not routes:
            raise m.no_route(self.name, "token1", m.pair(leaving[0].src, ask.src, ask.dst, ask.token1))
        route = routes[0]
        config = await self._config(route)
        limits = m.Limits(config.minimum, config.maximum, config.big_value)
        amount = ask.amount or m.default_amount(route.src, limits.low)
        m.check_limits(self.name, route.src, amount, limits)
        fee = config.fee(amount)
        data = None
        if ask.to is not None and ask.amount is not None:
            to, token = to_checksum(parse_address(ask.to, ask.dst.tron)), to_checksum(route.any_token)
            if route.src.native:
                data = ROUTER.encode("anySwapOutNative", token, to, ask.dst.id)
            else:
                data = ROUTER.encode("anySwapOutUnderlying", token, to, amount, ask.dst.id)
        return m.Quote(
            bridge=self.name,
            src=route.src,
            dst=route.dst,
            amount_in=amount,
            amount_out=config.pays(amount, route.src, route.dst),
            fee=fee,
            fee_rate_bps=Decimal(config.fee_per_million) / 100,
            relayer_fee=None,
            fees=(m.Fee("bridge", route.src, fee),),
            limits=limits,
            router=route.router,
            cross_pool=route.any_token,
            data=data,
            value=amount if route.src.native else 0,
            gas=GAS,
            confirmations=confirmations(ask.src.id),
            stages=STAGES,
        )

    async def _routers(self, chain: Chain) -> set[bytes] | None:
        """The chain's routers, as the token list names them; None on real networks: any emitter of the
        router's events (the list that named them is gone with Multichain)."""
        if not self._devnet(chain):
            return None
        return {r.router for r in await self._routes.get(chain.id)}

    async def deposit(self, receipt: Receipt) -> m.Deposit | None:
        routers = await self._routers(receipt.chain)
        outs = [
            fields
            for log in receipt.logs
            if (routers is None or log.address in routers) and (fields := SWAP_OUT.decode(log)) is not None
        ]
        if not outs:
            return None
        out = outs[0]
        token = address_bytes(out["token"])
        dst_chain = by_id(int(out["toChainID"])) if _known(int(out["toChainID"])) else None
        native = receipt.value > 0  # anySwapOutNative: the coin itself
        route = next(
            (
                r
                for r in await self._routes.get(receipt.chain.id)
                if r.any_token == token and r.dst.chain == dst_chain and r.src.native == native
            ),
            None,
        )
        if routers is None:  # a real network's old deposit: its tokens as its anyToken says
            src = await self._underlying(receipt.chain, token, native)
            dst = m.Token(dst_chain or receipt.chain, ZERO, src.symbol, src.name, src.decimals)
            paid = 0  # its terms went with Multichain's configuration
        elif route is None or dst_chain is None:  # a route Multichain does not list: never paid
            src = m.Token(receipt.chain, ZERO if native else token, "?", "?", 0)
            dst = m.Token(dst_chain or receipt.chain, ZERO, "?", "?", 0)
            paid = 0
        else:
            src, dst = route.src, route.dst
            paid = (await self._config(route)).pays(int(out["amount"]), src, dst)
        return m.Deposit(
            bridge=self.name,
            key=receipt.tx,
            tx=receipt.tx,
            src=src,
            dst=dst,
            sender=address_bytes(out["from_"]),
            receiver=format_address(address_bytes(out["to"]), dst.chain.tron),
            amount=int(out["amount"]),
            min_out=paid,
            min_on_chain=False,
            timestamp=receipt.timestamp,
        )

    async def register(self, deposit: m.Deposit, channel: str) -> str:
        return deposit.key  # nothing to register: the MPC finds deposits on chain

    async def _underlying(self, chain: Chain, any_token: bytes, native: bool) -> m.Token:
        """The token an anyToken wraps, read from the chain; named "?" where the chain cannot tell."""
        if native:
            return m.Token(chain, ZERO, chain.native_symbol, chain.native_symbol, chain.native_decimals)
        try:
            raw = await self.chains.call(chain, any_token, ANY_TOKEN.encode("underlying"))
            address = parse_address(str(ANY_TOKEN.decode("underlying", raw)[0]), chain.tron)
            symbol = ERC20.decode("symbol", await self.chains.call(chain, address, ERC20.encode("symbol")))[0]
            decimals = ERC20.decode("decimals", await self.chains.call(chain, address, ERC20.encode("decimals")))[0]
        except (Unavailable, Web3Exception, ValueError, TypeError, InvalidAddress, DecodingError):  # not an anyToken
            return m.Token(chain, any_token, "?", "?", 0)
        return m.Token(chain, address, str(symbol)[:32], str(symbol)[:32], int(decimals))

    async def find(self, receipt: Receipt) -> m.Found | None:
        routers = await self._routers(receipt.chain)
        for log in receipt.logs:
            if (routers is not None and log.address not in routers) or not log.topics:
                continue
            if SWAP_OUT.matches(log):
                return m.Found(receipt.tx, "deposit", receipt.chain, receipt.tx)
            if (fields := SWAP_IN.decode(log)) is not None:
                source = "0x" + fields["txhash"].hex()
                from_chain = int(fields["fromChainID"])
                src_chain = by_id(from_chain) if _known(from_chain) else None
                return m.Found(source, "payout", src_chain, source, receipt.tx, int(fields["amount"]))
        return None

    async def transfer(self, found: m.Found) -> m.Transfer:
        receipt = await self.chains.receipt(found.src_chain, found.key) if found.src_chain else None
        deposit = await self.deposit(receipt) if receipt else None
        if deposit is None:
            gone = Words(QT_TR_NOOP("hash: its ANYSWAP deposit is not on its chain"))
            raise NotFound(ErrorCode.TRANSACTION_NOT_FOUND, gone, "hash")
        devnet = self._devnet(deposit.src.chain)
        try:
            answer = await self.api.get(f"/v3/tx/{found.key}")
        except Unavailable:
            if devnet:
                raise
            return m.Transfer(deposit, scan.from_chain(deposit, found))  # the scan API is gone with Multichain
        if answer.status == 404 and devnet:  # the MPC has not seen it yet
            return m.Transfer(deposit, scan.unseen(deposit))
        if answer.status in (404, 410) and not devnet:
            return m.Transfer(deposit, scan.from_chain(deposit, found))
        if answer.status != 200 or not isinstance(answer.body, dict) or not isinstance(answer.body.get("info"), dict):
            scanned = Words(
                QT_TR_NOOP("answered the scan of {key} with HTTP {status}"), key=found.key, status=answer.status
            )
            raise self.api.unreachable(scanned)
        try:
            return m.Transfer(deposit, await self._progress(answer.body["info"], deposit))
        except (KeyError, TypeError, ValueError):
            raise self.api.unreachable(Words(QT_TR_NOOP("answered a malformed scan"))) from None

    async def _progress(self, info: dict[str, Any], deposit: m.Deposit) -> m.Progress:
        code = int(info["status"])
        swap_tx = scan.hash_of(info.get("swaptx"))
        paid_token = await self._paid_in_any_token(deposit, swap_tx) if code == 10 and swap_tx else None
        partial = paid_token is not None
        return m.Progress(
            notes=scan.notes_of(code, info.get("statusmsg")),
            normalized=m.noted(scan.normalized(code, partial), info.get("note")),
            dst_tx=swap_tx,
            paid=scan.paid(info, code, deposit.dst.decimals),
            paid_token=paid_token,
            steps=scan.steps(info, code, deposit, partial),
        )

    async def _paid_in_any_token(self, deposit: m.Deposit, swap_tx: str) -> m.Token | None:
        """The destination anyToken when the payout left it with the receiver (the pool was short)."""
        route = next((r for r in await self._routes.get(deposit.src.chain.id) if r.dst == deposit.dst), None)
        if route is None:  # not a listed route (a real network's old transfer: no list to name its anyToken)
            return None
        payout = await self.chains.receipt(deposit.dst.chain, swap_tx)
        if payout is None:
            return None
        receiver = parse_address(deposit.receiver, deposit.dst.chain.tron)
        kept = 0
        for fields in payout.emitted(route.dst_any_token, TRANSFER):
            kept += int(fields["value"]) if address_bytes(fields["to"]) == receiver else 0
            kept -= int(fields["value"]) if address_bytes(fields["from"]) == receiver else 0
        if kept <= 0:
            return None
        return m.Token(
            deposit.dst.chain,
            route.dst_any_token,
            "any" + deposit.dst.symbol,
            "any" + deposit.dst.name,
            deposit.dst.decimals,
        )


def _routes(src: Chain, entry: dict[str, Any]) -> list[Route]:
    native = entry.get("tokenType") == "NATIVE"
    address = ZERO if native else m.address_of(entry["address"], "address", src.tron)
    symbol = str(entry["symbol"])
    token = m.Token(src, address, symbol, str(entry["name"]), m.decimals_of(entry["decimals"], "decimals", symbol, src))
    routes = []
    for dst_id, by_asset in dict(entry["destChains"]).items():
        if not str(dst_id).isdigit() or not _known(int(dst_id)):
            continue
        dst = by_id(int(dst_id))
        for route in dict(by_asset).values():
            pays_native = str(route["symbol"]) == dst.wrapped_symbol  # anySwapInAuto unwraps the wrapped coin
            paid = ZERO if pays_native else m.address_of(route["address"], "address", dst.tron)
            symbol = dst.native_symbol if pays_native else str(route["symbol"])
            decimals = m.decimals_of(route["decimals"], "decimals", symbol, dst)
            routes.append(
                Route(
                    src=token,
                    dst=m.Token(dst, paid, symbol, symbol if pays_native else str(route["name"]), decimals),
                    any_token=m.address_of(route["fromanytoken"]["address"], "fromanytoken", src.tron),
                    dst_any_token=m.address_of(route["anytoken"]["address"], "anytoken", dst.tron),
                    router=m.address_of(route["router"], "router", src.tron),
                )
            )
    return routes


def _known(chain_id: int) -> bool:
    return any(c.id == chain_id and c.cross_chain for c in CHAINS)
