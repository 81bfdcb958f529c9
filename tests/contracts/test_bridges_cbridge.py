"""CBRIDGE: Celer's pool-based bridge on a fresh Ethereum chain, its validators
signing relays and refunds as the devnet's operator does."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from eth_utils import to_checksum_address

from swapdesk.contracts import artifact
from swapdesk.devnet.accounts import demo_address, demo_key
from swapdesk.devnet.bridges.celer import (
    RELAY,
    SETTLED,
    WITHDRAW,
    RelayRequest,
    WithdrawMsg,
    domain,
    send_transfer_id,
    sign,
    signer_set_hash,
)
from swapdesk.devnet.bridges.operators import VALIDATOR_INDEXES, devnet_operators

from .fresh import (
    ALICE,
    BOB,
    DEPLOYER,
    ERC20,
    Fresh,
    balance,
    deploy_tokens,
    events,
    fresh_chain,
    native,
    refused,
    reverts,
    view,
)

CB = artifact("CBridge")
USDT = 10**6
OPERATORS = devnet_operators()
SIGNERS, POWERS = OPERATORS.signers, OPERATORS.powers  # powers 40, 30, 20, 10 by index 13..16
V40, V30, V20, V10 = (demo_key(i) for i in VALIDATOR_INDEXES)  # VALIDATOR_POWERS' order
SRC_ID = bytes.fromhex("5e" * 32)  # a Send's transfer id on BSC


@dataclass
class Celer:
    f: Fresh
    bridge: str
    usdt: str
    weth: str

    def request(self, amount: int, token: str | None = None, dst: int = 1, src_id: bytes = SRC_ID) -> RelayRequest:
        bob = self.f.bob.address
        return RelayRequest(demo_address(ALICE), bob, token or self.usdt, amount, 56, dst, src_id)

    def relay(self, request: RelayRequest, keys: list[bytes], signers: list[str] = SIGNERS) -> bytes:
        sigs = sign(keys, 1, self.bridge, RELAY, request.encode())
        powers = POWERS if signers == SIGNERS else [1] * len(signers)
        return CB.encode("relay", request.encode(), sigs, signers, powers)

    def withdraw(self, msg: WithdrawMsg, keys: list[bytes]) -> bytes:
        return CB.encode("withdraw", msg.encode(), sign(keys, 1, self.bridge, WITHDRAW, msg.encode()), SIGNERS, POWERS)

    def settle(self, transfer_id: bytes, keys: list[bytes]) -> bytes:
        return CB.encode("settle", transfer_id, sign(keys, 1, self.bridge, SETTLED, transfer_id), SIGNERS, POWERS)


@pytest.fixture
def net() -> Celer:
    f = fresh_chain(1)
    me = f.deployer
    manifest = deploy_tokens(me, 1)
    usdt, weth = manifest.token("USDT").address, manifest.wrapped
    bridge = to_checksum_address(me.deploy(CB, weth))
    me.send(bridge, CB.encode("resetSigners", SIGNERS, POWERS))
    me.send(bridge, CB.encode("setMinSend", [usdt, weth], [10 * USDT, 10**15]))
    me.send(bridge, CB.encode("setMaxSend", [usdt], [1_000_000 * USDT]))
    me.send(bridge, CB.encode("setMinimalMaxSlippage", 500))
    me.send(usdt, ERC20.encode("mint", me.address, 200_000 * USDT))
    me.send(usdt, ERC20.encode("approve", bridge, 200_000 * USDT))
    me.send(bridge, CB.encode("addLiquidity", usdt, 200_000 * USDT))
    me.send(bridge, CB.encode("addNativeLiquidity", 50 * 10**18), value=50 * 10**18)
    me.send(usdt, ERC20.encode("mint", f.alice.address, 10_000 * USDT))
    return Celer(f, bridge, usdt, weth)


def test_the_signer_set_is_stored_and_checked_as_cbridge_does(net: Celer) -> None:
    bob = net.f.bob
    assert view(bob, net.bridge, CB, "ssHash") == signer_set_hash(SIGNERS, POWERS)
    assert POWERS == [40, 10, 20, 30]  # ascending addresses: validators 13, 16, 15, 14
    message = b"any message"
    signed = sign([V40, V30], 1, net.bridge, RELAY, message)
    whole = domain(1, net.bridge, RELAY) + message  # verifySigs hashes what it is given
    bob.call(net.bridge, CB.encode("verifySigs", whole, signed, SIGNERS, POWERS))
    weak = sign([V40, V20], 1, net.bridge, RELAY, message)
    refused(bob, net.bridge, CB.encode("verifySigs", whole, weak, SIGNERS, POWERS), "quorum not reached")


# -- sending -----------------------------------------------------------------------


def test_send_pulls_from_the_sender_and_logs_cbridges_transfer_id(net: Celer) -> None:
    alice, bob = net.f.alice, net.f.bob
    alice.send(net.usdt, ERC20.encode("approve", net.bridge, 1_000 * USDT))
    send = CB.encode("send", bob.address, net.usdt, 1_000 * USDT, 56, 7, 5_000)
    tx = alice.send(net.bridge, send)
    (log,) = events(net.f.chain, tx, CB, "Send")
    transfer_id = send_transfer_id(alice.address, bob.address, net.usdt, 1_000 * USDT, 56, 7, 1)
    assert log["transferId"] == transfer_id
    assert (log["sender"], log["receiver"], log["token"]) == (
        alice.address.lower(),
        bob.address.lower(),
        net.usdt.lower(),
    )
    assert (log["amount"], log["dstChainId"], log["nonce"], log["maxSlippage"]) == (1_000 * USDT, 56, 7, 5_000)
    assert view(bob, net.bridge, CB, "transfers", transfer_id) is True
    assert balance(bob, net.usdt, alice.address) == 9_000 * USDT
    assert balance(bob, net.usdt, net.bridge) == 201_000 * USDT
    alice.send(net.usdt, ERC20.encode("approve", net.bridge, 1_000 * USDT))
    refused(alice, net.bridge, send, "transfer exists")  # same fields, same nonce


@pytest.mark.parametrize(
    ("amount", "slippage", "reason"),
    [
        (10 * USDT, 5_000, "amount too small"),  # must be above minSend
        (1_000_000 * USDT + 1, 5_000, "amount too large"),
        (100 * USDT, 500, "max slippage too small"),  # must be above minimalMaxSlippage
    ],
)
def test_send_refuses_what_is_out_of_bounds(net: Celer, amount: int, slippage: int, reason: str) -> None:
    alice = net.f.alice
    net.f.deployer.send(net.usdt, ERC20.encode("mint", alice.address, 1_000_000 * USDT))
    alice.send(net.usdt, ERC20.encode("approve", net.bridge, 2_000_000 * USDT))
    refused(alice, net.bridge, CB.encode("send", alice.address, net.usdt, amount, 56, 1, slippage), reason)
    alice.send(net.bridge, CB.encode("send", alice.address, net.usdt, 10 * USDT + 1, 56, 1, 501))


def test_send_native_wraps_the_coin(net: Celer) -> None:
    alice, chain = net.f.alice, net.f.chain
    before = native(chain, alice.address)
    send = CB.encode("sendNative", alice.address, 10**18, 56, 1, 5_000)
    tx = alice.send(net.bridge, send, value=10**18)
    (log,) = events(chain, tx, CB, "Send")
    assert (log["token"], log["amount"]) == (net.weth.lower(), 10**18)
    assert log["transferId"] == send_transfer_id(alice.address, alice.address, net.weth, 10**18, 56, 1, 1)
    assert balance(alice, net.weth, net.bridge) == 51 * 10**18
    assert before - native(chain, alice.address) >= 10**18
    refused(alice, net.bridge, CB.encode("sendNative", alice.address, 10**18, 56, 2, 5_000), "Amount mismatch", 1)


def test_funds_are_pulled_only_from_the_sender(net: Celer) -> None:
    alice, bob = net.f.alice, net.f.bob
    alice.send(net.usdt, ERC20.encode("approve", net.bridge, 10_000 * USDT))
    refused(bob, net.bridge, CB.encode("send", bob.address, net.usdt, 1_000 * USDT, 56, 1, 5_000), "allowance")
    refused(bob, net.bridge, CB.encode("addLiquidity", net.usdt, 1_000 * USDT), "allowance")
    assert balance(bob, net.usdt, alice.address) == 10_000 * USDT


# -- relaying ----------------------------------------------------------------------


def test_relay_with_a_quorum_pays_once(net: Celer) -> None:
    bob, request = net.f.bob, net.request(2_500 * USDT)
    tx = bob.send(net.bridge, net.relay(request, [V40, V30]))  # 70 of 100 > 2/3
    assert balance(bob, net.usdt, bob.address) == 2_500 * USDT
    (log,) = events(net.f.chain, tx, CB, "Relay")
    assert log["transferId"] == request.transfer_id()
    assert (log["sender"], log["receiver"]) == (demo_address(ALICE).lower(), bob.address.lower())
    assert (log["amount"], log["srcChainId"], log["srcTransferId"]) == (2_500 * USDT, 56, SRC_ID)
    refused(bob, net.bridge, net.relay(request, [V40, V30, V20, V10]), "transfer exists")
    assert balance(bob, net.usdt, bob.address) == 2_500 * USDT


@pytest.mark.parametrize("keys", [[V40, V20], [V30, V20, V10], [V40]])
def test_relay_below_two_thirds_of_the_power_is_refused(net: Celer, keys: list[bytes]) -> None:
    refused(net.f.bob, net.bridge, net.relay(net.request(100 * USDT), keys), "quorum not reached")


def test_relay_refuses_a_wrong_signer_set_outsiders_and_disorder(net: Celer) -> None:
    bob, request = net.f.bob, net.request(100 * USDT)
    outsiders = [demo_key(ALICE), demo_key(BOB), demo_key(DEPLOYER)]
    claimed = sorted((demo_address(i) for i in (ALICE, BOB, DEPLOYER)), key=lambda a: int(a, 16))
    refused(bob, net.bridge, net.relay(request, outsiders, claimed), "Mismatch current signers")
    refused(bob, net.bridge, net.relay(request, outsiders), "quorum not reached")
    in_order = sign([V40, V30], 1, net.bridge, RELAY, request.encode())
    backwards = CB.encode("relay", request.encode(), in_order[::-1], SIGNERS, POWERS)
    refused(bob, net.bridge, backwards, "signers not in ascending order")
    twice = CB.encode("relay", request.encode(), [in_order[0], in_order[0]], SIGNERS, POWERS)
    refused(bob, net.bridge, twice, "signers not in ascending order")  # one signer counts once
    elsewhere = sign([V40, V30], 56, net.bridge, RELAY, request.encode())  # another chain's domain
    reverts(bob, net.bridge, CB.encode("relay", request.encode(), elsewhere, SIGNERS, POWERS))
    refused(bob, net.bridge, net.relay(net.request(100 * USDT, dst=56), [V40, V30]), "relay for another chain")
    assert balance(bob, net.usdt, bob.address) == 0


def test_relay_of_the_wrapped_coin_pays_the_native_coin(net: Celer) -> None:
    relayer, chain, receiver = net.f.alice, net.f.chain, net.f.bob.address  # anyone may submit a signed relay
    before = native(chain, receiver)
    relayer.send(net.bridge, net.relay(net.request(3 * 10**18, token=net.weth), [V40, V30]))
    assert native(chain, receiver) - before == 3 * 10**18
    assert balance(relayer, net.weth, net.bridge) == 47 * 10**18


def test_a_large_relay_waits_the_delay_period_then_anyone_releases_it(net: Celer) -> None:
    me, bob, clock = net.f.deployer, net.f.bob, net.f.clock
    me.send(net.bridge, CB.encode("setDelayThresholds", [net.usdt], [50_000 * USDT]))
    me.send(net.bridge, CB.encode("setDelayPeriod", 300))
    bob.send(net.bridge, net.relay(net.request(50_000 * USDT), [V40, V30]))  # at the threshold: paid at once
    assert balance(bob, net.usdt, bob.address) == 50_000 * USDT
    request = net.request(60_000 * USDT, src_id=b"\x01" * 32)
    tx = bob.send(net.bridge, net.relay(request, [V40, V30]))
    transfer_id = request.transfer_id()
    assert events(net.f.chain, tx, CB, "DelayedTransferAdded") == [{"id": transfer_id, "address": net.bridge}]
    assert events(net.f.chain, tx, CB, "Relay")[0]["transferId"] == transfer_id
    stored = view(bob, net.bridge, CB, "delayedTransfers", transfer_id)
    assert stored == (bob.address.lower(), net.usdt.lower(), 60_000 * USDT, clock.at)
    assert balance(bob, net.usdt, bob.address) == 50_000 * USDT
    # by transactions alone: eth_call does not run at the chain's time
    clock.advance(300)
    reverts(net.f.alice, net.bridge, CB.encode("executeDelayedTransfer", transfer_id))  # "still locked"
    assert balance(bob, net.usdt, bob.address) == 50_000 * USDT
    clock.advance(1)
    tx = net.f.alice.send(net.bridge, CB.encode("executeDelayedTransfer", transfer_id))
    (done,) = events(net.f.chain, tx, CB, "DelayedTransferExecuted")
    assert (done["id"], done["receiver"], done["amount"]) == (transfer_id, bob.address.lower(), 60_000 * USDT)
    assert balance(bob, net.usdt, bob.address) == 110_000 * USDT
    refused(bob, net.bridge, CB.encode("executeDelayedTransfer", transfer_id), "delayed transfer not exist")


def test_volume_per_epoch_is_capped(net: Celer) -> None:
    me, bob, clock = net.f.deployer, net.f.bob, net.f.clock
    clock.advance(3_600 - clock.at % 3_600)  # the start of an epoch
    me.send(net.bridge, CB.encode("setEpochLength", 3_600))
    me.send(net.bridge, CB.encode("setEpochVolumeCaps", [net.usdt], [1_500 * USDT]))
    bob.send(net.bridge, net.relay(net.request(1_000 * USDT, src_id=b"\x01" * 32), [V40, V30]))
    clock.advance(3_599)
    reverts(bob, net.bridge, net.relay(net.request(501 * USDT, src_id=b"\x02" * 32), [V40, V30]))  # over the cap
    bob.send(net.bridge, net.relay(net.request(500 * USDT, src_id=b"\x03" * 32), [V40, V30]))
    clock.advance(1)  # a new epoch
    bob.send(net.bridge, net.relay(net.request(501 * USDT, src_id=b"\x02" * 32), [V40, V30]))
    assert balance(bob, net.usdt, bob.address) == 2_001 * USDT


# -- refunds -----------------------------------------------------------------------


def test_withdraw_refunds_the_sender_once(net: Celer) -> None:
    alice = net.f.alice
    alice.send(net.usdt, ERC20.encode("approve", net.bridge, 1_000 * USDT))
    tx = alice.send(net.bridge, CB.encode("send", alice.address, net.usdt, 1_000 * USDT, 56, 9, 600))
    transfer_id = events(net.f.chain, tx, CB, "Send")[0]["transferId"]
    refund = WithdrawMsg(1, 1, alice.address, net.usdt, 1_000 * USDT, transfer_id)
    refused(alice, net.bridge, net.withdraw(refund, [V20, V10]), "quorum not reached")
    tx = alice.send(net.bridge, net.withdraw(refund, [V40, V30]))
    assert balance(alice, net.usdt, alice.address) == 10_000 * USDT
    (log,) = events(net.f.chain, tx, CB, "WithdrawDone")
    assert (log["withdrawId"], log["seqnum"], log["refid"]) == (refund.withdraw_id(), 1, transfer_id)
    assert view(alice, net.bridge, CB, "withdraws", refund.withdraw_id()) is True
    refused(alice, net.bridge, net.withdraw(refund, [V40, V30, V20]), "withdraw already succeeded")
    elsewhere = WithdrawMsg(56, 2, alice.address, net.usdt, 1_000 * USDT, transfer_id)
    refused(alice, net.bridge, net.withdraw(elsewhere, [V40, V30]), "withdrawal for another chain")
    assert balance(alice, net.usdt, alice.address) == 10_000 * USDT


def test_a_transfer_is_relayed_or_refunded_once_as_its_source_bridge_records(net: Celer) -> None:
    alice, bridge = net.f.alice, net.bridge
    alice.send(net.usdt, ERC20.encode("approve", bridge, 2_000 * USDT))
    ids = []
    for nonce in (10, 11):
        tx = alice.send(bridge, CB.encode("send", alice.address, net.usdt, 1_000 * USDT, 56, nonce, 600))
        ids.append(events(net.f.chain, tx, CB, "Send")[0]["transferId"])
    relayed, refunded = ids
    refused(alice, bridge, net.settle(relayed, [V20, V10]), "quorum not reached")
    refused(alice, bridge, net.settle(b"\x07" * 32, [V40, V30]), "transfer not sent here")
    tx = alice.send(bridge, net.settle(relayed, [V40, V30]))
    assert [log["transferId"] for log in events(net.f.chain, tx, CB, "TransferSettled")] == [relayed]
    assert view(alice, bridge, CB, "settled", relayed) is True
    refund = WithdrawMsg(1, 1, alice.address, net.usdt, 1_000 * USDT, relayed)
    refused(alice, bridge, net.withdraw(refund, [V40, V30]), "transfer already relayed")
    alice.send(bridge, net.withdraw(WithdrawMsg(1, 2, alice.address, net.usdt, 1_000 * USDT, refunded), [V40, V30]))
    assert view(alice, bridge, CB, "refunded", refunded) is True
    twice = WithdrawMsg(1, 3, alice.address, net.usdt, 1_000 * USDT, refunded)  # another seqnum: the same refund
    refused(alice, bridge, net.withdraw(twice, [V40, V30]), "transfer already refunded")
    refused(alice, bridge, net.settle(refunded, [V40, V30]), "transfer already refunded")
    assert balance(alice, net.usdt, alice.address) == 9_000 * USDT


# -- the owner ---------------------------------------------------------------------


def test_configuration_is_the_owners_only(net: Celer) -> None:
    me, bob = net.f.deployer, net.f.bob
    for call in (
        CB.encode("resetSigners", [bob.address], [1]),
        CB.encode("setMinSend", [net.usdt], [0]),
        CB.encode("setMaxSend", [net.usdt], [0]),
        CB.encode("setMinimalMaxSlippage", 0),
        CB.encode("setDelayThresholds", [net.usdt], [1]),
        CB.encode("setDelayPeriod", 0),
        CB.encode("setEpochLength", 1),
        CB.encode("setEpochVolumeCaps", [net.usdt], [1]),
        CB.encode("transferOwnership", bob.address),
    ):
        refused(bob, net.bridge, call, "Caller is not owner")
    refused(me, net.bridge, CB.encode("resetSigners", SIGNERS[::-1], POWERS[::-1]), "not in ascending order")
    refused(me, net.bridge, CB.encode("setMinSend", [net.usdt], [1, 2]), "length mismatch")
    assert view(bob, net.bridge, CB, "ssHash") == signer_set_hash(SIGNERS, POWERS)
    me.send(net.bridge, CB.encode("transferOwnership", bob.address))
    refused(me, net.bridge, CB.encode("setDelayPeriod", 0), "Caller is not owner")
    bob.send(net.bridge, CB.encode("resetSigners", [bob.address], [1]))
    assert view(bob, net.bridge, CB, "ssHash") == signer_set_hash([bob.address], [1])
