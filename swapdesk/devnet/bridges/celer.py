"""cBridge's messages: transfer ids, relay requests, withdrawals and the
validators' signatures over them, byte for byte as `CBridge.vy` checks them.

Ids are cBridge's (keccak256 of abi.encodePacked fields). The relay request
and withdrawal are ABI-encoded where real cBridge uses protobuf (see the
contract's notes). A signature is eth_sign (EIP-191) over keccak256(domain ||
message), domain = keccak256(abi.encodePacked(uint256 chainid, address bridge,
kind)); a set of signatures is sorted by signer, as the contract walks it.
"""

from __future__ import annotations

from dataclasses import dataclass

from eth_abi import encode
from eth_abi.packed import encode_packed
from eth_account import Account
from eth_account.messages import encode_defunct
from eth_utils import keccak

RELAY = "Relay"
WITHDRAW = "WithdrawMsg"
SETTLED = "Settled"  # a transfer sent on this chain was relayed: the message is its id (this devnet's)


def send_transfer_id(
    sender: str, receiver: str, token: str, amount: int, dst_chain_id: int, nonce: int, src_chain_id: int
) -> bytes:
    """The id `send` logs on the source chain."""
    return keccak(
        encode_packed(
            ["address", "address", "address", "uint256", "uint64", "uint64", "uint64"],
            [sender, receiver, token, amount, dst_chain_id, nonce, src_chain_id],
        )
    )


@dataclass(frozen=True)
class RelayRequest:
    """What the validators sign to pay a transfer out on its destination chain."""

    sender: str
    receiver: str
    token: str  # on the destination chain
    amount: int  # what the receiver gets, fees and slippage already taken
    src_chain_id: int
    dst_chain_id: int
    src_transfer_id: bytes

    def encode(self) -> bytes:
        return encode(
            ["address", "address", "address", "uint256", "uint64", "uint64", "bytes32"],
            [self.sender, self.receiver, self.token, self.amount, self.src_chain_id, self.dst_chain_id,
             self.src_transfer_id],
        )  # fmt: skip

    def transfer_id(self) -> bytes:
        """The id `relay` logs and remembers on the destination chain."""
        return keccak(
            encode_packed(
                ["address", "address", "address", "uint256", "uint64", "uint64", "bytes32"],
                [self.sender, self.receiver, self.token, self.amount, self.src_chain_id, self.dst_chain_id,
                 self.src_transfer_id],
            )
        )  # fmt: skip


@dataclass(frozen=True)
class WithdrawMsg:
    """What the validators sign to refund a transfer (or pay a liquidity provider) on `chain_id`."""

    chain_id: int
    seqnum: int  # makes each withdrawal of the same funds distinct
    receiver: str
    token: str
    amount: int
    refid: bytes  # for a refund, the refunded transfer's id

    def encode(self) -> bytes:
        return encode(
            ["uint64", "uint64", "address", "address", "uint256", "bytes32"],
            [self.chain_id, self.seqnum, self.receiver, self.token, self.amount, self.refid],
        )

    def withdraw_id(self) -> bytes:
        return keccak(
            encode_packed(
                ["uint64", "uint64", "address", "address", "uint256"],
                [self.chain_id, self.seqnum, self.receiver, self.token, self.amount],
            )
        )


def domain(chain_id: int, bridge: str, kind: str) -> bytes:
    return keccak(encode_packed(["uint256", "address", "string"], [chain_id, bridge, kind]))


def sign(keys: list[bytes], chain_id: int, bridge: str, kind: str, message: bytes) -> list[bytes]:
    """Each key's signature of `message` for `bridge` on `chain_id`, sorted by signer address."""
    digest = encode_defunct(primitive=keccak(domain(chain_id, bridge, kind) + message))
    signed = [(int(Account.from_key(key).address, 16), Account.sign_message(digest, key).signature) for key in keys]
    return [bytes(signature) for _, signature in sorted(signed)]


def signer_set_hash(signers: list[str], powers: list[int]) -> bytes:
    """cBridge's ssHash: keccak256(abi.encodePacked(address[], uint256[])).

    Solidity pads array items to 32 bytes even when packing (eth_abi's encode_packed
    does not): the items of two static arrays, one word each, are their ABI encoding."""
    return keccak(encode(["address"] * len(signers) + ["uint256"] * len(powers), [*signers, *powers]))
