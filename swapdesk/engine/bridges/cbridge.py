"""CBRIDGE: a client of Celer's cBridge gateway and of its pool-based `Bridge` contracts.

- Configs: `getTransferConfigsForAll` gives each chain's bridge contract, the confirmations its validators
  wait (`block_delay`) and its tokens by asset symbol (USDT, USDC, ETH). One asset moves 1:1: token1 is
  the same asset on the destination (the native coin where the asset is the wrapped coin: `relay` unwraps).
- Quotes: `estimateAmt` gives what the relay pays (`estimated_receive_amt`: the amount at the destination's
  decimals, less a percentage fee and a base fee for the destination's gas) and the `maxSlippage` to send
  with. Limits are on chain: `minSend` / `maxSend` of the source bridge, `delayThresholds` of the
  destination's. Call data: `send(receiver, token, amount, dstChainId, nonce, maxSlippage)`, or `sendNative`
  with the amount as value; the nonce is the quote's time in milliseconds, as cBridge's web app sends it.
- The order callback: the gateway takes no registration (its validators watch the chain), so the callback
  checks the deposit and answers the order's id: the transfer id of its `Send` event.
- Status: `getTransferStatus` by transfer id; a target names its source transfer in `Relay`
  (`srcTransferId`), a refund in `WithdrawDone` (`refid`). A refund needs the sender: see `cbridge_refund`.
  The real gateway's status carries links, not amounts: what a completed transfer paid is read from its
  `Relay` on the destination chain (the devnet's model also answers it, `dst_received_info`).
- ETA on real networks: the gateway's own (`getLatest7DayTransferLatencyForQuery`, see `cbridge_gateway`).
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import replace
from decimal import Decimal
from typing import Any, ClassVar

from eth_abi.exceptions import DecodingError
from web3.exceptions import ContractLogicError

import swapdesk.engine.bridges.model as m
from swapdesk.address import ZERO, format_address, parse_address, to_checksum
from swapdesk.api import ErrorCode, NotFound, Unavailable, Unprocessable, on_parameter
from swapdesk.chain.bridge_events import CB_DELAYED_EXECUTED as DELAYED
from swapdesk.chain.bridge_events import CB_RELAY as RELAY
from swapdesk.chain.bridge_events import CB_SEND as SEND
from swapdesk.chain.bridge_events import CB_WITHDRAW_DONE as WITHDRAW_DONE
from swapdesk.chains import CHAINS, Chain, by_id
from swapdesk.contracts import artifact
from swapdesk.engine.bridges.cbridge_gateway import CODES, NAMES, ChainConfig, ask, latency, normalized, parse_configs
from swapdesk.engine.bridges.client import BridgeClient
from swapdesk.engine.bridges.onchain import ChainReader, Receipt, address_bytes
from swapdesk.engine.bridges.provider import Kept, ProviderApi
from swapdesk.words import QT_TR_NOOP, Words

CBRIDGE = artifact("CBridge")
PER_MILLION = 1_000_000
_MALFORMED_STATUS = QT_TR_NOOP("answered a malformed transfer status")
SLIPPAGE_TOLERANCE = 5_000  # millionths (0.5 %) asked of estimateAmt: the room maxSlippage leaves
GAS = 200_000  # a send's gas, at most (measured: about 80k)
STAGES = 2  # the validators price and check, then sign the relay
UINT256_MAX = 2**256 - 1
RELAY_SEARCH = 5  # windows of LOG_WINDOW blocks searched back for a delayed transfer's relay
LOG_WINDOW = 10_000
MAX_STEPS = 64
_ON_SOURCE = frozenset((7, 8, 9, 10))  # refund stages: their transactions are on the source chain


class CBridge(BridgeClient):
    name: ClassVar[str] = "CBRIDGE"
    topics: ClassVar[frozenset[bytes]] = frozenset(e.topic for e in (SEND, RELAY, WITHDRAW_DONE, DELAYED))

    def __init__(self, api: ProviderApi, chains: ChainReader) -> None:
        super().__init__(api, chains)
        self._configs: Kept[None, dict[int, ChainConfig]] = Kept(self._fetch_configs)

    async def gateway(self, method: str, path: str, payload: dict[str, Any], parameter: str) -> dict[str, Any]:
        return await ask(self.api, method, path, payload, parameter)

    async def _fetch_configs(self, _: None) -> dict[int, ChainConfig]:
        body = await self.gateway("GET", "/v2/getTransferConfigsForAll", {}, "fromChainID")
        try:
            return parse_configs(body, self.chains.backend.is_devnet)
        except m.Broken as exc:
            raise self.api.malformed(Words(QT_TR_NOOP("answered malformed transfer configs")), exc) from None
        except ValueError as exc:
            raise self.api.unreachable(Words(QT_TR_NOOP("answered {what}"), what=str(exc))) from None

    async def config(self, chain: Chain) -> ChainConfig | None:
        return (await self._configs.get(None)).get(chain.id)

    async def tokens(self, on: frozenset[int] | None = None) -> list[m.Token]:
        found = []
        for chain_id, config in (await self._configs.get(None)).items():
            if on is not None and chain_id not in on:
                continue
            for listed in config.tokens:
                found += [listed.token] + ([listed.paid] if listed.wraps_native else [])
        return found

    async def _uint(self, chain: Chain, contract: bytes, getter: str, token: bytes) -> int:
        """One of the bridge contract's limits; a contract that does not answer it as cBridge's `Bridge` does (the
        gateway's configs name another address, a contract of another kind) is said, never a 500."""
        try:
            raw = await self.chains.call(chain, contract, CBRIDGE.encode(getter, to_checksum(token)))
            return int(CBRIDGE.decode(getter, raw)[0])
        except (ContractLogicError, DecodingError) as exc:
            raise Unprocessable(
                ErrorCode.NOT_AVAILABLE,
                Words(
                    QT_TR_NOOP(
                        "{bridge}: the bridge contract the gateway names on {chain} ({contract}) does not answer"
                        " {getter} as cBridge's does ({error}): no transfer is offered through it"
                    ),
                    bridge=self.name,
                    chain=chain.name,
                    contract=to_checksum(contract),
                    getter=getter,
                    error=type(exc).__name__,
                ),
            ) from exc

    async def quote(self, ask: m.Ask) -> m.Quote:
        here, there = await self.config(ask.src), await self.config(ask.dst)
        sent = here.sent(ask.token0) if here else None
        if sent is None:
            raise m.no_route(self.name, "token0", m.pair(ask.token0, ask.src, ask.dst, ask.token1))
        target = there.asset(sent.asset) if there else None
        if target is None or ask.token1 not in (None, target.paid.address):
            raise m.no_route(self.name, "token1", m.pair(sent.token, ask.src, ask.dst, ask.token1))
        assert here is not None and there is not None
        src = sent.paid if ask.token0 == ZERO else sent.token
        dst = target.paid
        least, most, delay = await asyncio.gather(
            self._uint(ask.src, here.bridge, "minSend", sent.token.address),
            self._uint(ask.src, here.bridge, "maxSend", sent.token.address),
            self._uint(ask.dst, there.bridge, "delayThresholds", target.token.address),
        )
        low = least + 1  # a send must be above minSend
        limits = m.Limits(low, most or UINT256_MAX, m.rescale(delay, dst.decimals, src.decimals) if delay else None)
        amount = ask.amount or m.default_amount(src, low)
        m.check_limits(self.name, src, amount, limits)
        query = {
            "src_chain_id": str(ask.src.id),
            "dst_chain_id": str(ask.dst.id),
            "token_symbol": sent.asset,
            "amt": str(amount),
            "slippage_tolerance": str(SLIPPAGE_TOLERANCE),
        } | ({"usr_addr": format_address(ask.issuer, ask.src.tron)} if ask.issuer else {})
        estimate, eta = await asyncio.gather(
            self.gateway("GET", "/v2/estimateAmt", query, "token1"),
            self._provider_eta(ask.src, ask.dst),
        )
        try:
            eq, out = int(estimate["eq_value_token_amt"]), int(estimate["estimated_receive_amt"])
            perc, base = int(estimate["perc_fee"]), int(estimate["base_fee"])
            max_slippage = int(estimate["max_slippage"])
            _check_estimate(eq, out, perc, base, max_slippage)
        except (KeyError, TypeError, ValueError) as exc:
            raise self.api.malformed(Words(QT_TR_NOOP("answered a malformed estimate")), exc) from None
        if out <= 0:  # what the gateway says itself: its fees take all of it
            taken = Words(
                QT_TR_NOOP("the CBRIDGE fees ({fees}) take all of the {sent} sent"),
                fees=dst.human(perc + base),
                sent=src.human(amount),
            )
            raise Unprocessable(ErrorCode.AMOUNT_TOO_SMALL, on_parameter("amountIn", taken), "amountIn")
        data = None
        if ask.to is not None and ask.amount is not None:
            to, nonce = to_checksum(parse_address(ask.to, ask.dst.tron)), time.time_ns() // 1_000_000
            if src.native:
                data = CBRIDGE.encode("sendNative", to, amount, ask.dst.id, nonce, max_slippage)
            else:
                data = CBRIDGE.encode("send", to, to_checksum(src.address), amount, ask.dst.id, nonce, max_slippage)
        return m.Quote(
            bridge=self.name,
            src=src,
            dst=dst,
            amount_in=amount,
            amount_out=out,
            fee=amount - m.rescale(out, dst.decimals, src.decimals),  # what the sender loses, at token0's decimals
            fee_rate_bps=(Decimal(perc) * 10_000 / Decimal(eq)).quantize(Decimal("0.01")).normalize()
            if eq
            else Decimal(0),
            relayer_fee=None,
            fees=(m.Fee("bridge", dst, perc), m.Fee("relayer", dst, base)),  # the base fee pays the relay's gas
            limits=limits,
            router=here.bridge,
            cross_pool=here.bridge,  # the pool is the bridge contract itself
            data=data,
            value=amount if src.native else 0,
            gas=GAS,
            confirmations=here.block_delay,
            stages=STAGES,
            provider_eta=eta,
        )

    async def _provider_eta(self, src: Chain, dst: Chain) -> int | None:
        """The gateway's estimate on real networks (the devnet's model has none: its timing is the devnet's)."""
        devnet = self.chains.backend.is_devnet
        return None if devnet(src) and devnet(dst) else await latency(self.api, src, dst)

    async def deposit(self, receipt: Receipt) -> m.Deposit | None:
        here = await self.config(receipt.chain)
        sends = receipt.emitted(here.bridge, SEND) if here else []
        if here is None or not sends:
            return None
        send = sends[0]
        token = address_bytes(send["token"])
        sent = next((t for t in here.tokens if t.token.address == token), None)
        dst_chain = next((c for c in CHAINS if c.id == int(send["dstChainId"]) and c.cross_chain), None)
        there = await self.config(dst_chain) if dst_chain else None
        target = there.asset(sent.asset) if there and sent else None
        src = (sent.paid if receipt.value > 0 else sent.token) if sent else m.Token(receipt.chain, token, "?", "?", 0)
        dst = target.paid if target else m.Token(dst_chain or receipt.chain, ZERO, "?", "?", 0)
        amount = int(send["amount"])
        eq = m.rescale(amount, src.decimals, dst.decimals)
        return m.Deposit(
            bridge=self.name,
            key="0x" + send["transferId"].hex(),
            tx=receipt.tx,
            src=src,
            dst=dst,
            sender=address_bytes(send["sender"]),
            receiver=format_address(address_bytes(send["receiver"]), dst.chain.tron),
            amount=amount,
            min_out=eq * (PER_MILLION - int(send["maxSlippage"])) // PER_MILLION,  # what maxSlippage lets through
            min_on_chain=False,
            timestamp=receipt.timestamp,
        )

    async def register(self, deposit: m.Deposit, channel: str) -> str:
        return deposit.key  # nothing to register: the validators find sends on chain

    async def find(self, receipt: Receipt) -> m.Found | None:
        here = await self.config(receipt.chain)
        if here is None:
            return None
        if sends := receipt.emitted(here.bridge, SEND):
            return m.Found("0x" + sends[0]["transferId"].hex(), "deposit", receipt.chain, receipt.tx)
        if relays := receipt.emitted(here.bridge, RELAY):
            return _relayed(relays[0])
        if refunds := receipt.emitted(here.bridge, WITHDRAW_DONE):
            return m.Found("0x" + refunds[0]["refid"].hex(), "refund", receipt.chain)
        if released := receipt.emitted(here.bridge, DELAYED):
            return await self._released(here, receipt, released[0]["id"])
        return None

    async def _released(self, here: ChainConfig, receipt: Receipt, relay_id: bytes) -> m.Found | None:
        """A delayed transfer's release names the relay's id: its Relay event, searched back from here."""
        last = receipt.block
        for _ in range(RELAY_SEARCH):
            first = max(0, last - LOG_WINDOW + 1)
            for log in reversed(await self.chains.logs(receipt.chain, here.bridge, RELAY, first, last)):
                fields = RELAY.decode(log)
                if fields is not None and fields["transferId"] == relay_id:
                    return _relayed(fields)
            if first == 0:
                break
            last = first - 1
        return None

    async def transfer(self, found: m.Found) -> m.Transfer:
        status = await self.gateway("POST", "/v2/getTransferStatus", {"transfer_id": found.key}, "hash")
        try:
            code = int(status["status"])
            src_tx = _hash(status.get("src_tx_hash")) or _tail(status.get("src_block_tx_link")) or found.src_tx
            src_info = status.get("src_send_info") or {}
            src_chain = found.src_chain or (by_id(int(src_info["chain"]["id"])) if src_info else None)
        except (KeyError, TypeError, ValueError):
            raise self.api.unreachable(Words(_MALFORMED_STATUS)) from None
        receipt = await self.chains.receipt(src_chain, src_tx) if src_chain and src_tx else None
        deposit = await self.deposit(receipt) if receipt else None
        if deposit is None:
            gone = Words(QT_TR_NOOP("hash: its CBRIDGE send is not on its chain"))
            raise NotFound(ErrorCode.TRANSACTION_NOT_FOUND, gone, "hash")
        try:
            progress = self._progress(code, status, deposit)
        except (KeyError, TypeError, ValueError):
            raise self.api.unreachable(Words(_MALFORMED_STATUS)) from None
        if code == 5 and not status.get("dst_received_info") and progress.dst_tx:
            progress = replace(progress, paid=await self._relayed_amount(deposit, progress.dst_tx))
        return m.Transfer(deposit, progress)

    async def _relayed_amount(self, deposit: m.Deposit, dst_tx: str) -> int:
        """What the relay paid, from its `Relay` on the destination (the real gateway's status has no amount);
        0 when that chain cannot tell (not reached, or the transaction is not the relay)."""
        there = await self.config(deposit.dst.chain)
        try:
            receipt = await self.chains.receipt(deposit.dst.chain, dst_tx) if there else None
        except Unavailable:
            return 0
        if receipt is None or there is None:
            return 0
        key = bytes.fromhex(deposit.key[2:])
        return sum(int(r["amount"]) for r in receipt.emitted(there.bridge, RELAY) if r["srcTransferId"] == key)

    def _progress(self, code: int, status: dict[str, Any], deposit: m.Deposit) -> m.Progress:
        reason = int(status.get("refund_reason") or 0)
        dst_tx = _hash(status.get("dst_tx_hash")) or _tail(status.get("dst_block_tx_link"))
        received = status.get("dst_received_info") or {}
        steps = []
        for s in (status.get("timeline") or [])[:MAX_STEPS]:
            step_code, tx = CODES.get(str(s["status"]), code), _hash(s["hash"])
            on_source = step_code in _ON_SOURCE or tx == deposit.tx
            chain = (deposit.src.chain if on_source else deposit.dst.chain) if tx else None
            steps.append(
                m.Step(NAMES.get(step_code, str(s["status"])), normalized(step_code, reason), int(s["time"]), chain, tx)
            )
        state = m.noted(normalized(code, reason), status.get("note"))
        return m.Progress(
            notes=NAMES.get(code, str(code)),
            normalized=state,
            dst_tx=dst_tx if code not in _ON_SOURCE else "",
            paid=m.number_of(received["amount"], "amount", m.UINT256 - 1) if code == 5 and received else 0,
            steps=tuple(steps)
            or (m.Step(NAMES.get(code, ""), state, deposit.timestamp * 1000, deposit.src.chain, deposit.tx),),
        )


def _check_estimate(eq: int, out: int, perc: int, base: int, max_slippage: int) -> None:
    """The gateway's estimate holds together, or `m.Broken` names the field that does not: the equivalent value
    is positive, the fees are not negative, what arrives is at most the value less the fees (0 or less only when
    the fees take it all), and `max_slippage` lets through what arrives and not much less: the room asked
    (SLIPPAGE_TOLERANCE) and a unit of rounding."""
    for field, value in (("eq_value_token_amt", eq), ("perc_fee", perc), ("base_fee", base)):
        if not 0 <= value < m.UINT256:
            raise m.broken(field, value, Words(QT_TR_NOOP("from 0 to 2^256 - 1")))
    if eq == 0:
        raise m.broken("eq_value_token_amt", eq, Words(QT_TR_NOOP("must be more than 0")))
    rest = eq - perc - base
    if out > rest or (out <= 0 < rest):
        consistent = Words(
            QT_TR_NOOP(
                "more than 0 and at most eq_value_token_amt {eq} less perc_fee {perc} and base_fee {base}: {rest}"
            ),
            eq=eq,
            perc=perc,
            base=base,
            rest=rest,
        )
        raise m.broken("estimated_receive_amt", out, consistent)
    if not 0 < max_slippage < PER_MILLION:
        raise m.broken("max_slippage", max_slippage, Words(QT_TR_NOOP("from 1 to 999999 millionths")))
    least = eq * (PER_MILLION - max_slippage) // PER_MILLION  # what a send with it guarantees the receiver
    floor = out - eq * (SLIPPAGE_TOLERANCE + 1) // PER_MILLION - 2
    if out > 0 and not floor <= least <= out:
        room = Words(
            QT_TR_NOOP(
                "a send with it guarantees {least}, where {out} is quoted and {tolerance} millionths less taken"
            ),
            least=least,
            out=out,
            tolerance=SLIPPAGE_TOLERANCE,
        )
        raise m.broken("max_slippage", max_slippage, room)


def _relayed(fields: dict[str, Any]) -> m.Found:
    src = int(fields["srcChainId"])
    chain = next((c for c in CHAINS if c.id == src and c.cross_chain), None)
    return m.Found("0x" + fields["srcTransferId"].hex(), "payout", chain)


def _hash(value: Any) -> str:
    text = str(value or "").removeprefix("0x").lower()
    return "0x" + text if len(text) == 64 and all(c in "0123456789abcdef" for c in text) else ""


def _tail(link: Any) -> str:
    """The transaction hash an explorer link ends with (the gateway's `*_block_tx_link`)."""
    return _hash(str(link or "").rstrip("/").rpartition("/")[2])
