"""A cBridge refund, which only the sender can move: ask the gateway, then withdraw on the source chain.

    request = withdraw_request(transfer_id, req_id)          # sgn-v2's WithdrawReq, protobuf
    signature = sender signs refund_digest(request) with eth_sign (EIP-191, `personal_sign`)
    await refund.ask(transfer_id, request, signature)        # POST /v1/withdrawLiquidity: the seqnum
    call = await refund.withdrawal(transfer_id)              # once the validators signed (status 8)
    sender (or anyone) sends `call.data` to `call.bridge` on `call.chain`: the whole amount goes back to the sender

The gateway answers the same seqnum to a second request: a transfer is refunded once.
"""

from __future__ import annotations

import base64
import binascii
from dataclasses import dataclass

from eth_utils import keccak

from swapdesk.address import to_checksum
from swapdesk.chains import Chain
from swapdesk.contracts import artifact
from swapdesk.engine.bridges.cbridge import CBridge
from swapdesk.engine.bridges.model import Found
from swapdesk.words import QT_TR_NOOP, Words

CBRIDGE = artifact("CBridge")
REFUND_TRANSFER = 1  # WithdrawType.WITHDRAW_TYPE_REFUND_TRANSFER


def _varint(value: int) -> bytes:
    out = bytearray()
    while True:
        low, value = value & 0x7F, value >> 7
        out.append(low | (0x80 if value else 0))
        if not value:
            return bytes(out)


def withdraw_request(transfer_id: bytes, req_id: int) -> bytes:
    """`WithdrawReq{xfer_id = 1 (bytes), req_id = 2 (uint64), withdraw_type = 3 (REFUND_TRANSFER)}`."""
    return (
        b"\x0a"
        + _varint(len(transfer_id))
        + transfer_id
        + b"\x10"
        + _varint(req_id)
        + b"\x18"
        + _varint(REFUND_TRANSFER)
    )


def refund_digest(request: bytes) -> bytes:
    """What the sender signs with eth_sign (EIP-191): keccak256 of the request."""
    return keccak(request)


@dataclass(frozen=True)
class Withdrawal:
    chain: Chain
    bridge: bytes  # the source chain's bridge: send `data` to it
    data: bytes  # withdraw(wdmsg, sigs, signers, powers)


class Refund:
    def __init__(self, client: CBridge) -> None:
        self.client = client

    async def ask(self, transfer_id: str, request: bytes, signature: bytes) -> int:
        """Ask the gateway for the refund of a transfer in TO_BE_REFUNDED; the withdrawal's seqnum."""
        body = {
            "withdraw_req": base64.b64encode(request).decode(),
            "sig": base64.b64encode(signature).decode(),
            "estimated_received_amt": "0",
            "method_type": 0,
        }
        answer = await self.client.gateway("POST", "/v1/withdrawLiquidity", body, "hash")
        try:
            return int(answer["seq_num"])
        except (KeyError, TypeError, ValueError):
            seqless = Words(QT_TR_NOOP("answered the refund of {transfer} without its seqnum"), transfer=transfer_id)
            raise self.client.api.unreachable(seqless) from None

    async def withdrawal(self, transfer_id: str) -> Withdrawal | None:
        """The signed withdrawal to send, once the validators signed it (REFUND_TO_BE_CONFIRMED); None before."""
        status = await self.client.gateway("POST", "/v2/getTransferStatus", {"transfer_id": transfer_id}, "hash")
        if not status.get("wd_onchain"):
            return None
        try:
            found = await self.client.transfer(Found(transfer_id, "deposit"))
            here = await self.client.config(found.deposit.src.chain)
            sigs = [_bytes(s) for s in status["sorted_sigs"]]
            signers = [to_checksum(_bytes(s)) for s in status["signers"]]
            powers = [int.from_bytes(_bytes(p), "big") for p in status["powers"]]
            data = CBRIDGE.encode("withdraw", _bytes(status["wd_onchain"]), sigs, signers, powers)
        except (KeyError, TypeError, ValueError, binascii.Error):
            raise self.client.api.unreachable(Words(QT_TR_NOOP("answered a malformed signed withdrawal"))) from None
        assert here is not None
        return Withdrawal(found.deposit.src.chain, here.bridge, data)


def _bytes(text: object) -> bytes:
    return base64.b64decode(str(text), validate=True)
