"""ANYSWAP: Multichain's router V6 and its anyTokens, on a fresh Ethereum chain
(USDT has 6 decimals there; ETH's anyToken has the wrapped coin as underlying)."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
import vyper
from vyper.compiler.settings import Settings

from swapdesk.contracts import Artifact, artifact
from swapdesk.devnet.sender import Sender

from .fresh import ERC20, Fresh, balance, deploy_tokens, events, fresh_chain, native, refused, reverts, view

ROUTER, ANY = artifact("AnyswapV6Router"), artifact("AnyswapV6ERC20")
DELAY = 60  # seconds before a new MPC takes over
USDT = 10**6
# MaximumSwap, MinimumSwap, BigValueThreshold, SwapFeeRatePerMillion, MaximumSwapFee, MinimumSwapFee
USDT_TO_BSC = (20_000_000 * USDT, 12 * USDT, 50_000 * USDT, 1_000, 1_000 * USDT, 9 * USDT // 10)
ETH_TO_BSC = (6_000 * 10**18, 4 * 10**15, 20 * 10**18, 1_000, 35 * 10**16, 3 * 10**14)
TXS = bytes.fromhex("ab" * 32)  # a source transaction hash on BSC


@dataclass
class Anyswap:
    f: Fresh
    router: bytes
    usdt: str
    weth: str
    any_usdt: bytes
    any_eth: bytes


@pytest.fixture
def net() -> Anyswap:
    f = fresh_chain(1)
    me = f.deployer
    manifest = deploy_tokens(me, 1)
    usdt, weth = manifest.token("USDT").address, manifest.wrapped
    router = me.deploy(ROUTER, weth, f.mpc.address, DELAY)
    any_usdt = me.deploy(ANY, "Multichain USDT", "anyUSDT", 6, usdt, router)
    any_eth = me.deploy(ANY, "Multichain ETH", "anyETH", 18, weth, router)
    me.send(router, ROUTER.encode("setSwapConfigs", any_usdt, [(56, USDT_TO_BSC)]))
    me.send(router, ROUTER.encode("setSwapConfigs", any_eth, [(56, ETH_TO_BSC)]))
    me.send(usdt, ERC20.encode("mint", f.alice.address, 10_000 * USDT))
    return Anyswap(f, router, usdt, weth, any_usdt, any_eth)


def _seed_pool(n: Anyswap, amount: int) -> None:
    n.f.deployer.send(n.usdt, ERC20.encode("mint", n.any_usdt, amount))


# -- out ---------------------------------------------------------------------------


def test_swap_out_underlying_pays_the_senders_tokens_into_the_pool(net: Anyswap) -> None:
    alice, bob = net.f.alice, net.f.bob
    alice.send(net.usdt, ERC20.encode("approve", net.router, 1_000 * USDT))
    tx = alice.send(net.router, ROUTER.encode("anySwapOutUnderlying", net.any_usdt, bob.address, 1_000 * USDT, 56))
    assert balance(alice, net.usdt, alice.address) == 9_000 * USDT
    assert balance(alice, net.usdt, net.any_usdt) == 1_000 * USDT  # the pool
    (log,) = events(net.f.chain, tx, ROUTER, "LogAnySwapOut")
    assert log["token"].lower() == "0x" + net.any_usdt.hex()
    assert (log["from_"], log["to"]) == (alice.address.lower(), bob.address.lower())
    assert (log["amount"], log["fromChainID"], log["toChainID"]) == (1_000 * USDT, 1, 56)


def test_swap_out_native_wraps_the_coin_into_the_pool(net: Anyswap) -> None:
    alice = net.f.alice
    before = native(net.f.chain, alice.address)
    tx = alice.send(net.router, ROUTER.encode("anySwapOutNative", net.any_eth, alice.address, 56), value=2 * 10**18)
    assert balance(alice, net.weth, net.any_eth) == 2 * 10**18
    assert before - native(net.f.chain, alice.address) >= 2 * 10**18
    (log,) = events(net.f.chain, tx, ROUTER, "LogAnySwapOut")
    assert (log["amount"], log["toChainID"]) == (2 * 10**18, 56)
    refused(alice, net.router, ROUTER.encode("anySwapOutNative", net.any_usdt, alice.address, 56), "not wNATIVE", 1)


def test_swap_out_burns_the_senders_anytoken(net: Anyswap) -> None:
    alice = net.f.alice
    alice.send(net.usdt, ERC20.encode("approve", net.any_usdt, 500 * USDT))
    alice.send(net.any_usdt, ANY.encode("deposit", 500 * USDT))  # underlying in, anyToken out
    assert view(alice, net.any_usdt, ANY, "totalSupply") == 500 * USDT
    tx = alice.send(net.router, ROUTER.encode("anySwapOut", net.any_usdt, alice.address, 200 * USDT, 56))
    assert balance(alice, net.any_usdt, alice.address) == 300 * USDT
    assert view(alice, net.any_usdt, ANY, "totalSupply") == 300 * USDT
    assert events(net.f.chain, tx, ROUTER, "LogAnySwapOut")[0]["amount"] == 200 * USDT
    refused(alice, net.router, ROUTER.encode("anySwapOut", net.any_usdt, alice.address, 301 * USDT, 56), "exceeds")


def test_funds_are_pulled_only_from_the_sender(net: Anyswap) -> None:
    alice, bob = net.f.alice, net.f.bob
    alice.send(net.usdt, ERC20.encode("approve", net.router, 10_000 * USDT))
    alice.send(net.usdt, ERC20.encode("approve", net.any_usdt, 10_000 * USDT))
    # alice's approvals do not let bob move her tokens: there is no `from` to name
    out = ROUTER.encode("anySwapOutUnderlying", net.any_usdt, bob.address, 1_000 * USDT, 56)
    refused(bob, net.router, out, "insufficient allowance")
    refused(bob, net.any_usdt, ANY.encode("deposit", 1_000 * USDT), "insufficient allowance")
    alice.send(net.any_usdt, ANY.encode("deposit", 1_000 * USDT))
    refused(bob, net.any_usdt, ANY.encode("burn", alice.address, 1), "FORBIDDEN")
    refused(bob, net.any_usdt, ANY.encode("withdrawVault", alice.address, 1, bob.address), "FORBIDDEN")
    refused(bob, net.router, ROUTER.encode("anySwapOut", net.any_usdt, bob.address, 1, 56), "exceeds balance")
    assert balance(alice, net.usdt, alice.address) == 9_000 * USDT
    assert balance(alice, net.any_usdt, alice.address) == 1_000 * USDT


def test_swap_out_refuses_a_route_without_config(net: Anyswap) -> None:
    alice = net.f.alice
    alice.send(net.usdt, ERC20.encode("approve", net.router, 1_000 * USDT))
    out = ROUTER.encode("anySwapOutUnderlying", net.any_usdt, alice.address, 1_000 * USDT, 137)
    refused(alice, net.router, out, "unsupported route")
    assert balance(alice, net.usdt, alice.address) == 10_000 * USDT


_CALLER = """
# pragma version 0.4.3
interface IRouter:
    def anySwapOutUnderlying(token: address, to: address, amount: uint256, toChainID: uint256): nonpayable
interface IERC20:
    def approve(spender: address, amount: uint256) -> bool: nonpayable

@external
def swap_out(router: address, underlying: address, token: address, amount: uint256, times: uint256):
    extcall IERC20(underlying).approve(router, amount * times)
    for _: uint256 in range(times, bound=2):
        extcall IRouter(router).anySwapOutUnderlying(token, msg.sender, amount, 56)
"""


def test_a_transaction_swaps_out_once_so_its_hash_names_one_payout(net: Anyswap) -> None:
    me = net.f.deployer
    out = vyper.compile_code(_CALLER, output_formats=["abi", "bytecode"], settings=Settings(evm_version="cancun"))
    caller_art = Artifact("Caller", out["abi"], bytes.fromhex(out["bytecode"][2:]), b"", "", "")
    caller = me.deploy(caller_art)
    me.send(net.usdt, ERC20.encode("mint", caller, 100 * USDT))
    twice = caller_art.encode("swap_out", net.router, net.usdt, net.any_usdt, 20 * USDT, 2)
    refused(me, caller, twice, "one swap out per transaction")
    me.send(caller, caller_art.encode("swap_out", net.router, net.usdt, net.any_usdt, 20 * USDT, 1))
    me.send(caller, caller_art.encode("swap_out", net.router, net.usdt, net.any_usdt, 20 * USDT, 1))
    assert balance(me, net.usdt, net.any_usdt) == 40 * USDT  # the flag lasts one transaction


# -- in ----------------------------------------------------------------------------


def test_swap_in_auto_pays_the_underlying_once(net: Anyswap) -> None:
    mpc, bob = net.f.mpc, net.f.bob
    _seed_pool(net, 5_000 * USDT)
    pay = ROUTER.encode("anySwapInAuto", TXS, net.any_usdt, bob.address, 999 * USDT, 56)
    tx = mpc.send(net.router, pay)
    assert balance(mpc, net.usdt, bob.address) == 999 * USDT
    assert balance(mpc, net.usdt, net.any_usdt) == 4_001 * USDT
    assert balance(mpc, net.any_usdt, bob.address) == 0 and view(mpc, net.any_usdt, ANY, "totalSupply") == 0
    (log,) = events(net.f.chain, tx, ROUTER, "LogAnySwapIn")
    assert (log["txhash"], log["to"]) == (TXS, bob.address.lower())
    assert (log["amount"], log["fromChainID"], log["toChainID"]) == (999 * USDT, 56, 1)
    assert view(mpc, net.router, ROUTER, "completedSwapin", TXS, 56) is True
    refused(mpc, net.router, pay, "already completed")
    refused(mpc, net.router, ROUTER.encode("anySwapIn", TXS, net.any_usdt, bob.address, 1, 56), "already completed")
    assert balance(mpc, net.usdt, bob.address) == 999 * USDT
    # the same hash from another chain is another transaction
    assert view(mpc, net.router, ROUTER, "completedSwapin", TXS, 137) is False
    mpc.send(net.router, ROUTER.encode("anySwapInAuto", TXS, net.any_usdt, bob.address, 1 * USDT, 137))
    assert balance(mpc, net.usdt, bob.address) == 1_000 * USDT


def test_swap_in_auto_pays_anytoken_when_the_pool_is_short_redeemable_later(net: Anyswap) -> None:
    mpc, bob = net.f.mpc, net.f.bob
    _seed_pool(net, 100 * USDT)
    mpc.send(net.router, ROUTER.encode("anySwapInAuto", TXS, net.any_usdt, bob.address, 250 * USDT, 56))
    assert balance(mpc, net.any_usdt, bob.address) == 250 * USDT
    assert balance(mpc, net.usdt, bob.address) == 0
    refused(bob, net.any_usdt, ANY.encode("withdraw", 250 * USDT), "insufficient balance")
    _seed_pool(net, 150 * USDT)
    bob.send(net.any_usdt, ANY.encode("withdraw", 250 * USDT))
    assert balance(bob, net.usdt, bob.address) == 250 * USDT
    assert balance(bob, net.any_usdt, bob.address) == 0 and balance(bob, net.usdt, net.any_usdt) == 0


def test_swap_in_auto_pays_the_native_coin_when_the_underlying_is_wrapped(net: Anyswap) -> None:
    alice, bob, mpc = net.f.alice, net.f.bob, net.f.mpc
    alice.send(net.router, ROUTER.encode("anySwapOutNative", net.any_eth, alice.address, 56), value=3 * 10**18)
    before = native(net.f.chain, bob.address)
    mpc.send(net.router, ROUTER.encode("anySwapInAuto", TXS, net.any_eth, bob.address, 10**18, 56))
    assert native(net.f.chain, bob.address) - before == 10**18
    assert balance(mpc, net.weth, net.any_eth) == 2 * 10**18


def test_swap_in_mints_anytoken_as_v6_does(net: Anyswap) -> None:
    mpc, bob = net.f.mpc, net.f.bob
    _seed_pool(net, 5_000 * USDT)
    mpc.send(net.router, ROUTER.encode("anySwapIn", TXS, net.any_usdt, bob.address, 70 * USDT, 56))
    assert balance(mpc, net.any_usdt, bob.address) == 70 * USDT
    assert balance(mpc, net.usdt, net.any_usdt) == 5_000 * USDT


@pytest.mark.parametrize("function", ["anySwapIn", "anySwapInAuto"])
def test_only_the_mpc_pays(net: Anyswap, function: str) -> None:
    _seed_pool(net, 5_000 * USDT)
    for intruder in (net.f.bob, net.f.deployer, net.f.desk):
        pay = ROUTER.encode(function, TXS, net.any_usdt, intruder.address, 100 * USDT, 56)
        refused(intruder, net.router, pay, "FORBIDDEN")
    refused(net.f.bob, net.any_usdt, ANY.encode("mint", net.f.bob.address, 1), "FORBIDDEN")
    assert balance(net.f.bob, net.usdt, net.any_usdt) == 5_000 * USDT


def test_change_mpc_takes_effect_after_the_delay(net: Anyswap) -> None:
    old, new, clock = net.f.mpc, net.f.desk, net.f.clock
    refused(new, net.router, ROUTER.encode("changeMPC", new.address), "FORBIDDEN")
    tx = old.send(net.router, ROUTER.encode("changeMPC", new.address))
    (log,) = events(net.f.chain, tx, ROUTER, "LogChangeMPC")
    assert (log["oldMPC"], log["newMPC"]) == (old.address.lower(), new.address.lower())
    assert log["effectiveTime"] == clock.at + DELAY
    _seed_pool(net, 100 * USDT)

    def pay(mpc: Sender, txs: bytes) -> bytes:
        return ROUTER.encode("anySwapInAuto", txs, net.any_usdt, mpc.address, 1, 56)

    # by transactions alone: eth_call does not run at the chain's time
    clock.advance(DELAY - 1)
    reverts(new, net.router, pay(new, b"\x01" * 32))
    old.send(net.router, pay(old, b"\x02" * 32))
    clock.advance(1)
    reverts(old, net.router, pay(old, b"\x03" * 32))
    new.send(net.router, pay(new, b"\x04" * 32))
    assert balance(new, net.usdt, old.address) == balance(new, net.usdt, new.address) == 1
    assert view(new, net.router, ROUTER, "completedSwapin", b"\x01" * 32, 56) is False


def test_swap_config_is_readable_and_set_by_the_owner_only(net: Anyswap) -> None:
    me, bob = net.f.deployer, net.f.bob
    assert view(bob, net.router, ROUTER, "getSwapConfig", net.any_usdt, 56) == USDT_TO_BSC
    assert view(bob, net.router, ROUTER, "getSwapConfig", net.any_usdt, 137) == (0,) * 6
    refused(bob, net.router, ROUTER.encode("setSwapConfigs", net.any_usdt, [(137, USDT_TO_BSC)]), "not owner")
    inverted = (USDT, 2 * USDT, USDT, 1_000, USDT, 0)  # MaximumSwap below MinimumSwap
    refused(me, net.router, ROUTER.encode("setSwapConfigs", net.any_usdt, [(137, inverted)]), "MaximumSwap <")
    refused(me, net.router, ROUTER.encode("setSwapConfigs", net.any_usdt, [(1, USDT_TO_BSC)]), "same chain")
    me.send(net.router, ROUTER.encode("setSwapConfigs", net.any_usdt, [(137, USDT_TO_BSC), (56, (0,) * 6)]))
    assert view(bob, net.router, ROUTER, "getSwapConfig", net.any_usdt, 137) == USDT_TO_BSC
    alice = net.f.alice
    alice.send(net.usdt, ERC20.encode("approve", net.router, 10 * USDT))
    out = ROUTER.encode("anySwapOutUnderlying", net.any_usdt, alice.address, 10 * USDT, 56)
    refused(alice, net.router, out, "unsupported route")  # unset again


def test_anytoken_moves_between_holders_as_an_erc20(net: Anyswap) -> None:
    alice, bob = net.f.alice, net.f.bob
    alice.send(net.usdt, ERC20.encode("approve", net.any_usdt, 300 * USDT))
    alice.send(net.any_usdt, ANY.encode("deposit", 300 * USDT))
    alice.send(net.any_usdt, ANY.encode("transfer", bob.address, 100 * USDT))
    alice.send(net.any_usdt, ANY.encode("approve", bob.address, 50 * USDT))
    bob.send(net.any_usdt, ANY.encode("transferFrom", alice.address, bob.address, 50 * USDT))
    refused(bob, net.any_usdt, ANY.encode("transferFrom", alice.address, bob.address, 1), "insufficient allowance")
    assert balance(bob, net.any_usdt, alice.address) == 150 * USDT
    assert balance(bob, net.any_usdt, bob.address) == 150 * USDT
    bob.send(net.any_usdt, ANY.encode("withdraw", 150 * USDT))  # the pool holds alice's deposit
    assert balance(bob, net.usdt, bob.address) == 150 * USDT
    assert view(bob, net.any_usdt, ANY, "totalSupply") == 150 * USDT


def test_the_owner_hands_over_the_configuration(net: Anyswap) -> None:
    me, bob = net.f.deployer, net.f.bob
    refused(bob, net.router, ROUTER.encode("transferOwnership", bob.address), "not owner")
    me.send(net.router, ROUTER.encode("transferOwnership", bob.address))
    assert view(bob, net.router, ROUTER, "owner") == bob.address.lower()
    refused(me, net.router, ROUTER.encode("setSwapConfigs", net.any_usdt, [(137, USDT_TO_BSC)]), "not owner")
    bob.send(net.router, ROUTER.encode("setSwapConfigs", net.any_usdt, [(137, USDT_TO_BSC)]))
    assert view(bob, net.router, ROUTER, "getSwapConfig", net.any_usdt, 137) == USDT_TO_BSC
