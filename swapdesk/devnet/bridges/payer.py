"""An operator's key on one chain: it signs the operator's transactions, keeps each in the order store
*before* sending it, and after a crash re-sends what it kept or finds it on chain, instead of signing
the same payout twice. (The contracts refuse a second payout of an id anyway; this keeps the operator
from even trying, and from losing track of one it made.)

EVM chains: type-2 transactions signed with the key and sent with `eth_sendRawTransaction`. TRON: a
TriggerSmartContract built by the chain's node, its id signed with the key, broadcast through the node;
a TRON transaction has no nonce but expires, so one kept past its expiry is signed anew once the chain
shows it never landed. Every transaction is simulated first (`eth_call`): one that would revert is not
sent, and the caller hears `CallReverted`.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass

from eth_account import Account
from eth_keys import keys
from eth_utils import keccak

from swapdesk.chains import by_id
from swapdesk.devnet.bridges.client import ChainClient, Receipt, RpcFailure
from swapdesk.devnet.bridges.store import OrderStore, Sent, now_ms
from swapdesk.devnet.sender import signed_transaction
from swapdesk.off_loop import off_loop

log = logging.getLogger(__name__)

GAS_CAP = 2_000_000  # an operator's transaction never needs more
TRON_FEE_LIMIT = 200_000_000  # sun (200 TRX): the most energy a payout may burn
TRON_EXPIRY_MARGIN_MS = 3_000  # a kept TRON transaction this close to expiry is not re-broadcast


@dataclass(frozen=True)
class Landed:
    """A kept transaction as the chain knows it."""

    sent: Sent
    receipt: Receipt | None  # None: not (yet) on chain


class Payer:
    def __init__(self, client: ChainClient, key: bytes, store: OrderStore) -> None:
        self.client = client
        self.store = store
        self._account = Account.from_key(key)
        self._key = keys.PrivateKey(key)
        self.address = str(self._account.address)
        self.tron = by_id(client.chain_id).tron

    async def submit(self, order_id: str, kind: str, to: str, data: bytes) -> Landed:
        """The transaction doing `kind` for the order: one kept already (re-sent when it may still land),
        else a new one, simulated, signed, kept, then sent."""
        kept = await off_loop(self.store.sends, order_id, kind)
        landed = [Landed(sent, await self.client.receipt(sent.hash)) for sent in kept]
        succeeded = [f for f in landed if f.receipt is not None and f.receipt.ok]
        mined = [f for f in landed if f.receipt is not None]
        if succeeded:  # it wins: one mined after it could only have reverted as a second payout of the id
            return succeeded[0]
        if mined:
            return mined[-1]
        for found in reversed(landed):
            if await self._may_land(found.sent):
                await self._send(found.sent)
                return Landed(found.sent, await self.client.receipt(found.sent.hash))
        await self.client.call(to, data, self.address)  # raises CallReverted: nothing is signed
        sent = await (self._sign_tron if self.tron else self._sign_evm)(order_id, kind, to, data)
        await off_loop(self.store.record_send, sent)
        await self._send(sent)
        return Landed(sent, await self.client.receipt(sent.hash))

    async def send_now(self, to: str, data: bytes) -> Receipt | None:
        """A transaction that belongs to no order (governance), signed and sent without being kept:
        doing it twice does no harm."""
        sent = await (self._sign_tron if self.tron else self._sign_evm)("", "governance", to, data)
        await self._send(sent)
        return await self.client.receipt(sent.hash)

    async def _may_land(self, sent: Sent) -> bool:
        if self.tron:
            return (sent.expires_ms or 0) > now_ms() + TRON_EXPIRY_MARGIN_MS
        return sent.nonce is not None and sent.nonce >= await self.client.nonce(self.address)

    async def _send(self, sent: Sent) -> None:
        """Send a kept transaction; a refusal is logged, and the chain says later whether it landed."""
        try:
            if self.tron:
                answer = await self.client.tron("broadcasttransaction", json.loads(sent.raw))
                if not answer.get("result") and answer.get("code") != "DUP_TRANSACTION_ERROR":
                    log.warning("TRON refused %s: %s", sent.hash, answer)
            else:
                await self.client.send_raw(bytes.fromhex(sent.raw))
        except RpcFailure as exc:
            log.warning("chain %s refused %s: %s", self.client.chain_id, sent.hash, exc)

    async def _sign_evm(self, order_id: str, kind: str, to: str, data: bytes) -> Sent:
        client = self.client
        gas = min(GAS_CAP, await client.estimate_gas(self.address, to, data) * 5 // 4 + 10_000)
        nonce, base_fee = await client.nonce(self.address), await client.base_fee()
        raw = signed_transaction(self._account, client.chain_id, nonce, base_fee, to, data, 0, gas)
        return Sent("0x" + keccak(raw).hex(), order_id, kind, client.chain_id, raw.hex(), nonce=nonce)

    async def _sign_tron(self, order_id: str, kind: str, to: str, data: bytes) -> Sent:
        built = await self.client.tron(
            "triggersmartcontract",
            {
                "owner_address": "41" + self.address[2:].lower(),
                "contract_address": "41" + to[2:].lower(),
                "data": data.hex(),
                "fee_limit": TRON_FEE_LIMIT,
            },
        )
        tx = built.get("transaction")
        if not isinstance(tx, dict):
            raise RpcFailure("triggersmartcontract", 0, f"the node built no transaction: {built.get('result')}")
        txid = bytes.fromhex(tx["txID"])
        tx["signature"] = [self._key.sign_msg_hash(txid).to_bytes().hex()]
        expires = int(tx["raw_data"]["expiration"])
        return Sent("0x" + txid.hex(), order_id, kind, self.client.chain_id, json.dumps(tx), expires_ms=expires)


def confirmations(receipt: Receipt, head: int) -> int:
    return head - receipt.block + 1
