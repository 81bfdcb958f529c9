"""METAPATH: a client of SWFT Bridgers' API and of its `Bridgers` contracts (deposits and the desk's vaults).

- Coins: `getToken`. A coin is named by address on its chain and, in a deposit, by its coin code
  (`USDT(BSC)`: the coin and the chain it is paid on).
- Quotes: `sswap/quote` gives what the desk pays (`amountOutMin`), its fee ratio, the relayer fee in
  token1, the deposit range and the source chain's Bridgers contract. The call data is built here from the
  contract's ABI: `swap(fromToken, toCoinCode, destination, fromAmount, minReturnAmount)`, or `swapEth` for
  the native coin, with minReturnAmount the quote's amountOut (the desk pays exactly what it quoted).
- The order callback: `updateDataAndStatus`, after the deposit is checked on chain; idempotent at the
  provider (the same hash answers the same order id).
- Status: `getTransDataById`. On the devnet a deposit's order id is keccak256(abi.encodePacked(uint256
  chainId, bytes32 txHash, uint256 0)); a payout or refund names its order in the vault's `Payout` or
  `Refund` event. The real API's order ids are its own texts: a deposit's order is the one this engine
  registered, or found among its sender's latest orders (`getTransData`) by its hash.
- Answers as the real API writes them too: `resCode` as a number or its text ("100"), whole-token amounts
  in orders, refund reasons as codes (`metapath_orders`).
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from eth_abi.packed import encode_packed
from eth_utils import keccak

import swapdesk.engine.bridges.model as m
from swapdesk.address import ZERO, InvalidAddress, format_address, to_checksum
from swapdesk.api import ErrorCode, NotFound, Unavailable, Unprocessable, on_parameter
from swapdesk.chain.bridge_events import BRIDGERS_PAYOUT as PAYOUT
from swapdesk.chain.bridge_events import BRIDGERS_REFUND as REFUND
from swapdesk.chain.bridge_events import BRIDGERS_SWAP as SWAP
from swapdesk.chain.bridge_events import BRIDGERS_SWAP_ETH as SWAP_ETH
from swapdesk.chains import Chain, by_id
from swapdesk.contracts import artifact
from swapdesk.engine.bridges.client import BridgeClient
from swapdesk.engine.bridges.eta import confirmations
from swapdesk.engine.bridges.metapath_orders import (
    hash_of,
    normalized,
    progress,
    registered_deposit,
    same_hash,
    unknown,
)
from swapdesk.engine.bridges.metapath_quote import Priced, priced
from swapdesk.engine.bridges.onchain import ChainReader, Receipt, address_bytes
from swapdesk.engine.bridges.provider import Kept, ProviderApi
from swapdesk.words import QT_TR_NOOP, Words

CHAIN_CODES = {1: "ETH", 56: "BSC", 66: "OKEXCHAIN", 128: "HECO", 137: "POLYGON", 250: "FTM", 321: "KCC"}
CHAIN_CODES |= {43114: "AVAXC", 95500: "TRX"}  # SWFT's chain codes
CHAIN_IDS = {code: chain_id for chain_id, code in CHAIN_CODES.items()}
EVM_NATIVE = bytes.fromhex("eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee")  # how Bridgers names an EVM native coin
BRIDGERS = artifact("Bridgers")
GAS = 150_000  # a deposit's gas, at most (measured: swap about 60k, swapEth about 50k)
STAGES = 4  # the desk's off-chain steps: push, price, check the vault, pay
ORDER_PAGE = 50  # a sender's latest orders searched for a deposit's (real networks: `getTransData`)
KEPT_ORDERS = 1_000  # order ids this engine registered, remembered by deposit
NO_QUOTE = 412  # Bridgers' "no quote for this pair" (as gemwallet's Bridgers client reads it)


def order_id(chain_id: int, tx: str, n: int = 0) -> str:
    """The order of the `n`-th Bridgers deposit of a transaction."""
    return "0x" + keccak(encode_packed(["uint256", "bytes32", "uint256"], [chain_id, bytes.fromhex(tx[2:]), n])).hex()


@dataclass(frozen=True)
class Coin:
    token: m.Token
    code: str  # what a deposit's toToken names
    listed: str  # the address as the API lists it (EVM native coins: 0xEeee…)


class Metapath(BridgeClient):
    name: ClassVar[str] = "METAPATH"
    topics: ClassVar[frozenset[bytes]] = frozenset(e.topic for e in (SWAP, SWAP_ETH, PAYOUT, REFUND))

    def __init__(self, api: ProviderApi, chains: ChainReader) -> None:
        super().__init__(api, chains)
        self._coins: Kept[None, list[Coin]] = Kept(self._fetch_coins)
        self._contracts: dict[int, bytes] = {}
        self._orders: OrderedDict[tuple[int, str], str] = OrderedDict()  # (chain id, deposit) -> order id

    # -- the provider's API ---------------------------------------------------------------------------

    async def _call(self, path: str, body: dict[str, Any], parameter: str = "token1") -> dict[str, Any] | None:
        """`data` of a success (100, or 414 "already updated"); None for no such order (404)."""
        reply = await self.api.post(path, body)
        answer = reply.body
        code = _res_code(answer.get("resCode")) if isinstance(answer, dict) else None
        if not isinstance(answer, dict) or code is None:
            shape = Words(
                QT_TR_NOOP("answered {path} with HTTP {status} outside Bridgers' shape"), path=path, status=reply.status
            )
            raise self.api.unreachable(shape)
        message = str(answer.get("resMsg", ""))[:300]
        if code in (100, 414):
            data = answer.get("data")
            return data if isinstance(data, dict) else {}
        if code == 404:
            return None
        if code == 503:
            cut_off = Words(QT_TR_NOOP("the METAPATH provider cannot reach a chain: {message}"), message=message)
            raise Unavailable(ErrorCode.CHAIN_UNAVAILABLE, cut_off)
        if code in (400, NO_QUOTE):  # a pair or amount the desk will not take: its words, as it said them
            refused = Words(QT_TR_NOOP("the METAPATH desk refused: {message}"), message=message)
            raise Unprocessable(ErrorCode.NO_ROUTE, on_parameter(parameter, refused), parameter)
        failed = Words(
            QT_TR_NOOP("answered {path} with error {code}: {message}"), path=path, code=code, message=message
        )
        raise self.api.unreachable(failed)

    async def _fetch_coins(self, _: None) -> list[Coin]:
        data = await self._call("/api/exchangeRecord/getToken", {})
        coins = []
        try:
            for listed in (data or {}).get("tokens", []):
                chain_id = CHAIN_IDS.get(str(listed["chain"]))
                if chain_id is None:
                    continue
                chain, symbol = by_id(chain_id), str(listed["symbol"])
                address = _coin_address(chain, str(listed["address"]))
                decimals = m.decimals_of(listed["decimals"], "decimals", symbol, chain)
                token = m.Token(chain, address, symbol, str(listed["name"]), decimals)
                code = str(listed.get("coinCode") or f"{token.symbol}({CHAIN_CODES[chain_id]})")
                coins.append(Coin(token, code, str(listed["address"])))
        except (KeyError, TypeError, ValueError, InvalidAddress) as exc:
            raise self.api.malformed(Words(QT_TR_NOOP("answered a malformed coin list")), exc) from None
        return coins

    async def coin(self, chain: Chain, address: bytes) -> Coin | None:
        return next(
            (c for c in await self._coins.get(None) if c.token.chain == chain and c.token.address == address), None
        )

    async def tokens(self, on: frozenset[int] | None = None) -> list[m.Token]:
        return [c.token for c in await self._coins.get(None) if on is None or c.token.chain.id in on]

    async def _price(self, c0: Coin, c1: Coin, amount: int, issuer: bytes | None = None) -> Priced:
        body = {
            "fromTokenChain": CHAIN_CODES[c0.token.chain.id],
            "toTokenChain": CHAIN_CODES[c1.token.chain.id],
            "fromTokenAddress": c0.listed,
            "toTokenAddress": c1.listed,
            "fromTokenAmount": str(amount),
            "equipmentNo": "swapdesk",
            "sourceFlag": "swapdesk",
        } | ({"userAddr": format_address(issuer, c0.token.chain.tron)} if issuer else {})
        data = await self._call("/api/sswap/quote", body)
        try:
            return priced((data or {})["txData"], c0.token, c1.token, amount)
        except (KeyError, TypeError, ValueError, ArithmeticError, InvalidAddress) as exc:
            raise self.api.malformed(Words(QT_TR_NOOP("answered a malformed quote")), exc) from None

    # -- quotes -----------------------------------------------------------------------------------------

    async def quote(self, ask: m.Ask) -> m.Quote:
        c0 = await self.coin(ask.src, ask.token0)
        if c0 is None:
            raise m.no_route(self.name, "token0", m.pair(ask.token0, ask.src, ask.dst, ask.token1))
        if ask.token1 is None:
            coins = await self._coins.get(None)
            c1 = next((c for c in coins if c.token.chain == ask.dst and c.token.symbol == c0.token.symbol), None)
        else:
            c1 = await self.coin(ask.dst, ask.token1)
        if c1 is None:
            raise m.no_route(self.name, "token1", m.pair(c0.token, ask.src, ask.dst, ask.token1))
        amount = ask.amount or 10**c0.token.decimals
        priced = await self._price(c0, c1, amount, ask.issuer)
        if ask.amount is None and amount != m.default_amount(c0.token, priced.limits.low):
            amount = m.default_amount(c0.token, priced.limits.low)
            priced = await self._price(c0, c1, amount, ask.issuer)
        m.check_limits(self.name, c0.token, amount, priced.limits)
        data = None
        if ask.to is not None and ask.amount is not None:
            if c0.token.native:
                data = BRIDGERS.encode("swapEth", c1.code, ask.to, priced.amount_out)
            else:
                data = BRIDGERS.encode(
                    "swap", to_checksum(c0.token.address), c1.code, ask.to, amount, priced.amount_out
                )
        return m.Quote(
            bridge=self.name,
            src=c0.token,
            dst=c1.token,
            amount_in=amount,
            amount_out=priced.amount_out,
            fee=priced.fee,
            fee_rate_bps=priced.fee_rate_bps,
            relayer_fee=priced.relayer_fee,
            fees=(m.Fee("bridge", c0.token, priced.fee), m.Fee("relayer", c1.token, priced.relayer_fee)),
            limits=priced.limits,
            router=priced.contract,
            cross_pool=priced.contract,  # the source chain's vault receives the deposit
            data=data,
            value=amount if c0.token.native else 0,
            gas=GAS,
            confirmations=confirmations(ask.src.id),
            stages=STAGES,
            same_asset=c0.token.symbol == c1.token.symbol,
        )

    async def contract(self, chain: Chain) -> bytes | None:
        """The chain's Bridgers contract, as the desk's quotes name it (None where the desk takes nothing)."""
        if chain.id not in self._contracts:
            coins = await self._coins.get(None)
            here = next((c for c in coins if c.token.chain == chain), None)
            there = next((c for c in coins if c.token.chain != chain), None)
            if here is None or there is None:
                return None
            priced = await self._price(here, there, 10**here.token.decimals)
            self._contracts[chain.id] = priced.contract
        return self._contracts[chain.id]

    # -- deposits, orders and their status ---------------------------------------------------------

    async def deposit(self, receipt: Receipt) -> m.Deposit | None:
        contract = await self.contract(receipt.chain)
        found = [
            (kind, fields)
            for log in receipt.logs
            for kind in (SWAP, SWAP_ETH)
            if log.address == contract and (fields := kind.decode(log)) is not None
        ]
        if not found:
            return None
        kind, fields = found[0]
        src = receipt.chain
        from_token = address_bytes(fields["fromToken"]) if kind is SWAP else ZERO
        c0 = await self.coin(src, from_token)
        c1 = next((c for c in await self._coins.get(None) if c.code == fields["toToken"]), None)
        return m.Deposit(
            bridge=self.name,
            key=order_id(src.id, receipt.tx),
            tx=receipt.tx,
            src=c0.token if c0 else unknown(src, from_token, "?"),
            dst=c1.token if c1 else unknown(src, ZERO, str(fields["toToken"])[:40]),
            sender=address_bytes(fields["sender"]),
            receiver=str(fields["destination"]),
            amount=int(fields["fromAmount"]),
            min_out=int(fields["minReturnAmount"]),
            min_on_chain=True,
            timestamp=receipt.timestamp,
        )

    async def register(self, deposit: m.Deposit, channel: str) -> str:
        c0, c1 = (
            await self.coin(deposit.src.chain, deposit.src.address),
            await self.coin(deposit.dst.chain, deposit.dst.address),
        )
        assert c0 is not None and c1 is not None  # the order's checks matched both to listed coins
        body = {
            "hash": deposit.tx,
            "fromTokenChain": CHAIN_CODES[deposit.src.chain.id],
            "toTokenChain": CHAIN_CODES[deposit.dst.chain.id],
            "fromTokenAddress": c0.listed,
            "toTokenAddress": c1.listed,
            "fromAddress": format_address(deposit.sender, deposit.src.chain.tron),
            "toAddress": deposit.receiver,
            "fromTokenAmount": str(deposit.amount),
            "amountOutMin": str(deposit.min_out),
            "equipmentNo": "swapdesk",
            "sourceFlag": channel,  # read back as the order's `source`: the details' channel
        }
        data = await self._call("/api/exchangeRecord/updateDataAndStatus", body, parameter="hash")
        order = (data or {}).get("orderId")
        if not isinstance(order, str) or not order:
            raise self.api.unreachable(Words(QT_TR_NOOP("registered the order without naming it")))
        self._orders[(deposit.src.chain.id, deposit.tx)] = order  # real order ids cannot be computed
        while len(self._orders) > KEPT_ORDERS:
            self._orders.popitem(last=False)
        return order

    async def find(self, receipt: Receipt) -> m.Found | None:
        contract = await self.contract(receipt.chain)
        for log in receipt.logs:
            if log.address != contract or not log.topics:
                continue
            if SWAP.matches(log) or SWAP_ETH.matches(log):
                return m.Found(order_id(receipt.chain.id, receipt.tx), "deposit", receipt.chain, receipt.tx)
            for kind, role in ((PAYOUT, "payout"), (REFUND, "refund")):
                if (fields := kind.decode(log)) is not None:
                    return m.Found("0x" + fields["orderId"].hex(), role)
        return None

    async def registered(self, chain_id: int, tx: str) -> m.Found | None:
        key = self._orders.get((chain_id, tx))
        if key is None and self._devnet(by_id(chain_id)):
            key = order_id(chain_id, tx)
        if key is None or not await self._record(key):
            return None
        return m.Found(key, "deposit", by_id(chain_id), tx)

    async def transfer(self, found: m.Found) -> m.Transfer:
        record = await self._order_of(found)
        try:
            src = by_id(CHAIN_IDS[record["fromChain"]]) if record else found.src_chain
            tx = hash_of(record["hash"]) if record else found.src_tx
            receipt = await self.chains.receipt(src, tx) if src is not None and tx else None
            deposit = await self.deposit(receipt) if receipt else None  # the chain's word first
            if deposit is None and record is not None:  # a registration that deposited nothing
                deposit = await self._registered_deposit(record)
            if deposit is None:
                unknown = Words(QT_TR_NOOP("hash: the METAPATH desk knows no such order"))
                raise NotFound(ErrorCode.TRANSACTION_NOT_FOUND, unknown, "hash")
            if record is None:  # a deposit the desk has not picked up yet
                step = m.Step(
                    "wait_deposit_send",
                    normalized("wait_deposit_send"),
                    deposit.timestamp * 1000,
                    deposit.src.chain,
                    deposit.tx,
                )
                return m.Transfer(deposit, m.Progress(step.notes, step.normalized, steps=(step,)))
            if not self._devnet(deposit.src.chain):
                deposit = replace(deposit, key=str(record.get("orderId") or deposit.key))
            return m.Transfer(deposit, progress(record, deposit, self._devnet(deposit.dst.chain)))
        except (KeyError, TypeError, ValueError, InvalidAddress):
            raise self.api.unreachable(Words(QT_TR_NOOP("answered a malformed order"))) from None

    def _devnet(self, chain: Chain) -> bool:
        return self.chains.backend.is_devnet(chain)

    async def _record(self, key: str) -> dict[str, Any] | None:
        """An order by its id; None when the desk knows none (404, or an empty `data`)."""
        return await self._call("/api/exchangeRecord/getTransDataById", {"orderId": key}) or None

    async def _order_of(self, found: m.Found) -> dict[str, Any] | None:
        """The order `found` names. A payout or refund names it; a deposit's is derived on the devnet, and
        on real networks is the one registered here or among its sender's latest orders, by its hash."""
        if found.role != "deposit" or found.src_chain is None or self._devnet(found.src_chain):
            return await self._record(found.key)
        registered = self._orders.get((found.src_chain.id, found.src_tx or ""))
        if registered is not None:
            return await self._record(registered)
        receipt = await self.chains.receipt(found.src_chain, found.src_tx) if found.src_tx else None
        if receipt is None:
            return None
        query = {
            "equipmentNo": "swapdesk",
            "sourceFlag": "swapdesk",
            "fromAddress": format_address(receipt.sender, found.src_chain.tron),
            "pageNo": 1,
            "pageSize": ORDER_PAGE,
        }
        data = await self._call("/api/exchangeRecord/getTransData", query, parameter="hash")
        listed = (data or {}).get("list")
        if not isinstance(listed, list):
            return None
        return next((r for r in listed if isinstance(r, dict) and same_hash(r.get("hash"), found.src_tx)), None)

    async def _registered_deposit(self, record: dict[str, Any]) -> m.Deposit:
        coins = {c.code: c for c in await self._coins.get(None)}
        c0, c1 = coins.get(str(record.get("fromCoinCode"))), coins.get(str(record.get("toCoinCode")))
        src, dst = by_id(CHAIN_IDS[record["fromChain"]]), by_id(CHAIN_IDS[record["toChain"]])
        return registered_deposit(
            record, src, c0.token if c0 else None, c1.token if c1 else None, dst, self._devnet(src)
        )


def _res_code(value: Any) -> int | None:
    """Bridgers' resCode: a number on the devnet, a number or its text ("100") on the real API."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    return int(value) if isinstance(value, str) and value.isascii() and value.isdigit() else None


def _coin_address(chain: Chain, text: str) -> bytes:
    """A coin's address as the API writes it; the native coin (0xEeee…, or the zero address) as ZERO."""
    raw = m.address_of(text, "address", chain.tron and text.startswith("T"))
    return ZERO if raw == EVM_NATIVE else raw
