"""METAPATH: SWFT's Bridgers deposit contract and the desk's vault, on a fresh
TRON chain (an EVM chain whose addresses the API shows in base58)."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from swapdesk.address import to_tron
from swapdesk.contracts import artifact

from .fresh import ERC20, Fresh, balance, deploy_tokens, events, fresh_chain, native, refused, view

BRIDGERS = artifact("Bridgers")
USDT, TRX = 10**6, 10**6
ORDER = bytes.fromhex("0d" * 32)
PAID_OUT, REFUNDED = 1, 2  # Bridgers' `settled` (0: open)
BSC_USDT = "0x55d398326f99059fF775485246999027B3197955"  # token1 on BSC, as text


@dataclass
class Metapath:
    f: Fresh
    vault: bytes
    usdt: str
    wtrx: str


@pytest.fixture
def net() -> Metapath:
    f = fresh_chain(95500)
    me = f.deployer
    manifest = deploy_tokens(me, 95500)
    usdt, wtrx = manifest.token("USDT").address, manifest.wrapped
    vault = me.deploy(BRIDGERS, wtrx, f.desk.address)
    me.send(usdt, ERC20.encode("mint", vault, 50_000 * USDT))
    me.send(wtrx, artifact("WETH9").encode("deposit"), value=100_000 * TRX)
    me.send(wtrx, ERC20.encode("transfer", vault, 100_000 * TRX))
    me.send(usdt, ERC20.encode("mint", f.alice.address, 10_000 * USDT))
    return Metapath(f, vault, usdt, wtrx)


def test_swap_keeps_the_senders_deposit_and_logs_the_order(net: Metapath) -> None:
    alice, bob = net.f.alice, net.f.bob
    alice.send(net.usdt, ERC20.encode("approve", net.vault, 1_000 * USDT))
    tx = alice.send(net.vault, BRIDGERS.encode("swap", net.usdt, BSC_USDT, bob.address, 1_000 * USDT, 990 * 10**18))
    assert balance(alice, net.usdt, alice.address) == 9_000 * USDT
    assert balance(alice, net.usdt, net.vault) == 51_000 * USDT
    (log,) = events(net.f.chain, tx, BRIDGERS, "Swap")
    assert (log["fromToken"], log["toToken"], log["sender"]) == (net.usdt.lower(), BSC_USDT, alice.address.lower())
    assert (log["destination"], log["fromAmount"], log["minReturnAmount"]) == (bob.address, 1_000 * USDT, 990 * 10**18)


def test_swap_eth_wraps_the_native_coin_and_takes_a_tron_destination(net: Metapath) -> None:
    alice, chain = net.f.alice, net.f.chain
    destination = to_tron(net.f.bob.raw_address)  # T..., 34 characters
    before = native(chain, alice.address)
    tx = alice.send(net.vault, BRIDGERS.encode("swapEth", net.usdt, destination, 95 * USDT), value=400 * TRX)
    (log,) = events(chain, tx, BRIDGERS, "SwapEth")
    assert (log["toToken"], log["destination"], log["sender"]) == (net.usdt, destination, alice.address.lower())
    assert (log["fromAmount"], log["minReturnAmount"]) == (400 * TRX, 95 * USDT)
    assert balance(alice, net.wtrx, net.vault) == 100_400 * TRX
    assert before - native(chain, alice.address) >= 400 * TRX
    refused(alice, net.vault, BRIDGERS.encode("swapEth", net.usdt, destination, 0), "ETH_AMOUNT_MUST_BE_MORE_THAN_0")


def test_swap_pulls_only_from_the_sender(net: Metapath) -> None:
    alice, bob = net.f.alice, net.f.bob
    alice.send(net.usdt, ERC20.encode("approve", net.vault, 10_000 * USDT))
    refused(bob, net.vault, BRIDGERS.encode("swap", net.usdt, BSC_USDT, bob.address, 1_000 * USDT, 0), "allowance")
    refused(alice, net.vault, BRIDGERS.encode("swap", net.usdt, BSC_USDT, bob.address, 0, 0), "MORE_THAN_0")
    assert balance(bob, net.usdt, alice.address) == 10_000 * USDT


@pytest.mark.parametrize("function", ["payout", "refund"])
def test_the_desk_pays_each_order_once(net: Metapath, function: str) -> None:
    desk, bob = net.f.desk, net.f.bob
    pay = BRIDGERS.encode(function, ORDER, net.usdt, bob.address, 777 * USDT)
    for intruder in (bob, net.f.deployer, net.f.mpc):
        refused(intruder, net.vault, pay, "not the operator")
    tx = desk.send(net.vault, pay)
    assert balance(bob, net.usdt, bob.address) == 777 * USDT
    assert balance(bob, net.usdt, net.vault) == 49_223 * USDT
    (log,) = events(net.f.chain, tx, BRIDGERS, function.capitalize())
    assert (log["orderId"], log["token"], log["receiver"], log["amount"]) == (
        ORDER,
        net.usdt.lower(),
        bob.address.lower(),
        777 * USDT,
    )
    assert view(bob, net.vault, BRIDGERS, "settled", ORDER) == (PAID_OUT if function == "payout" else REFUNDED)
    refused(desk, net.vault, BRIDGERS.encode(function, ORDER, net.usdt, bob.address, 1), "already settled")
    assert balance(bob, net.usdt, bob.address) == 777 * USDT


@pytest.mark.parametrize(("first", "then"), [("payout", "refund"), ("refund", "payout")])
def test_a_payout_and_a_refund_of_one_order_are_one_outcome(net: Metapath, first: str, then: str) -> None:
    desk, bob = net.f.desk, net.f.bob
    desk.send(net.vault, BRIDGERS.encode(first, ORDER, net.usdt, bob.address, 1 * USDT))
    refused(desk, net.vault, BRIDGERS.encode(then, ORDER, net.usdt, bob.address, 2 * USDT), "already settled")
    assert balance(bob, net.usdt, bob.address) == 1 * USDT


def test_a_payout_made_on_another_chain_is_settled_at_the_source_and_never_refunded(net: Metapath) -> None:
    desk, bob = net.f.desk, net.f.bob
    refused(bob, net.vault, BRIDGERS.encode("settle", ORDER), "not the operator")
    tx = desk.send(net.vault, BRIDGERS.encode("settle", ORDER))
    assert [log["orderId"] for log in events(net.f.chain, tx, BRIDGERS, "Settled")] == [ORDER]
    assert view(bob, net.vault, BRIDGERS, "settled", ORDER) == PAID_OUT
    again = desk.send(net.vault, BRIDGERS.encode("settle", ORDER))  # recorded once; saying it again is harmless
    assert events(net.f.chain, again, BRIDGERS, "Settled") == []
    for function in ("refund", "payout"):
        refused(desk, net.vault, BRIDGERS.encode(function, ORDER, net.usdt, bob.address, 1 * USDT), "already settled")
    other = bytes.fromhex("0e" * 32)
    desk.send(net.vault, BRIDGERS.encode("refund", other, net.usdt, bob.address, 1 * USDT))
    refused(desk, net.vault, BRIDGERS.encode("settle", other), "already refunded")
    assert balance(bob, net.usdt, bob.address) == 1 * USDT


def test_the_zero_token_pays_the_native_coin(net: Metapath) -> None:
    desk, bob, chain = net.f.desk, net.f.bob, net.f.chain
    before = native(chain, bob.address)
    desk.send(net.vault, BRIDGERS.encode("payout", ORDER, "0x" + "00" * 20, bob.address, 250 * TRX))
    assert native(chain, bob.address) - before == 250 * TRX
    assert balance(bob, net.wtrx, net.vault) == 99_750 * TRX
    other = bytes.fromhex("0f" * 32)
    refused(desk, net.vault, BRIDGERS.encode("refund", other, net.usdt, "0x" + "00" * 20, 1), "zero receiver")


def test_the_owner_rebalances_and_names_the_operator(net: Metapath) -> None:
    me, desk, bob = net.f.deployer, net.f.desk, net.f.bob
    refused(bob, net.vault, BRIDGERS.encode("withdraw", net.usdt, bob.address, 1), "not the owner")
    refused(desk, net.vault, BRIDGERS.encode("setOperator", desk.address), "not the owner")
    tx = me.send(net.vault, BRIDGERS.encode("withdraw", net.usdt, me.address, 45_000 * USDT))
    assert events(net.f.chain, tx, BRIDGERS, "Withdtraw")[0]["amount"] == 45_000 * USDT
    assert balance(me, net.usdt, net.vault) == 5_000 * USDT
    # a vault short of token1 cannot pay: the desk must refund instead
    refused(desk, net.vault, BRIDGERS.encode("payout", ORDER, net.usdt, bob.address, 6_000 * USDT), "balance")
    me.send(net.vault, BRIDGERS.encode("setOperator", bob.address))
    refused(desk, net.vault, BRIDGERS.encode("payout", ORDER, net.usdt, bob.address, 1), "not the operator")
    bob.send(net.vault, BRIDGERS.encode("payout", ORDER, net.usdt, bob.address, 1))
    assert view(bob, net.vault, BRIDGERS, "operator") == bob.address.lower()
    refused(bob, net.vault, BRIDGERS.encode("transferOwnership", bob.address), "not the owner")
    me.send(net.vault, BRIDGERS.encode("transferOwnership", bob.address))
    refused(me, net.vault, BRIDGERS.encode("setOperator", me.address), "not the owner")
    bob.send(net.vault, BRIDGERS.encode("withdraw", net.usdt, bob.address, 1_000 * USDT))
    assert balance(bob, net.usdt, bob.address) == 1_000 * USDT + 1
