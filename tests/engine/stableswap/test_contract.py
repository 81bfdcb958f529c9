"""The model against the devnet's own StableSwap contract, on an in-memory chain whose clock the test moves.

The pool is deployed as committed (3 coins, the 3pool's math) and compiled from the same source with 2 and 4
coins and with the later pools' A_PRECISION = 100; coins have 6 and 18 decimals, half of each fee goes to the
admin, and A ramps while the test trades. For random waits, exchanges, deposits and the odd stop of the ramp:
the model's `exchange` pays what the contract's does (and reverts where it does), its `get_dy` is the
contract's, the pool after each transaction's logs (applied as the engine gets them) holds the contract's
`balances(i)`, and A at the block's time is the contract's `A()`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Any

import pytest
from eth_utils import to_checksum_address
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from swapdesk.contracts import SOURCES, Artifact, artifact
from swapdesk.contracts.build import EVM_VERSION
from swapdesk.devnet.accounts import demo_key
from swapdesk.devnet.evm import Call, DevChain, ExecutionReverted
from swapdesk.devnet.sender import Reverted as TransactionReverted
from swapdesk.devnet.sender import Sender
from swapdesk.engine.routing.stableswap import Reverted, StablePool, Variant, applied, plain_rates
from tests.contracts.fresh import ALICE, DEPLOYER, ManualClock, fresh_chain

ERC20 = artifact("ERC20")
CHAIN_ID = 1
A_START, A_TARGET = 200, 1000  # A as `A()` answers it; the ramp runs from the first to the second
RAMP_SECONDS = 2 * 86400
FEE, ADMIN_FEE = 4_000_000, 5_000_000_000  # 0.04 %, half of it to the admin
SEED_UNITS, TRADER_UNITS = 1_000_000, 10**9
MAX_WAIT = 12 * 3600  # a few steps can outlast the ramp

# name -> (N_COINS, A_PRECISION, decimals of the coins)
POOLS = {
    "3pool as committed": (3, 1, (6, 18, 6)),
    "2 coins": (2, 1, (18, 6)),
    "4 coins": (4, 1, (6, 18, 18, 6)),
    "A_PRECISION 100": (3, 100, (18, 6, 18)),
}


@cache
def _artifact(n_coins: int, a_precision: int) -> Artifact:
    """The committed pool, or the same source with other constants compiled here."""
    if (n_coins, a_precision) == (3, 1):
        return artifact("StableSwap")
    import vyper
    from vyper.compiler.settings import Settings

    source = (SOURCES / "StableSwap.vy").read_text()
    for name, value in (("N_COINS", n_coins), ("A_PRECISION", a_precision)):
        source, count = re.subn(
            rf"^{name}: constant\(uint256\) = \d+$", f"{name}: constant(uint256) = {value}", source, flags=re.M
        )
        assert count == 1, f"the source no longer has one {name} constant"
    out = vyper.compile_code(source, output_formats=["abi", "bytecode"], settings=Settings(evm_version=EVM_VERSION))
    bytecode = bytes.fromhex(out["bytecode"].removeprefix("0x"))
    return Artifact(name="StableSwap", abi=out["abi"], bytecode=bytecode, blueprint=b"", source_sha256="", compiler="")


@dataclass(frozen=True)
class Deployed:
    """A chain with the pool seeded and its ramp started, to restore for each example."""

    snapshot: bytes
    at: int  # the clock when it was taken
    pool: bytes
    coins: tuple[bytes, ...]
    decimals: tuple[int, ...]
    art: Artifact
    variant: Variant


@cache
def _deployed(name: str) -> Deployed:
    n_coins, a_precision, decimals = POOLS[name]
    art = _artifact(n_coins, a_precision)
    fresh = fresh_chain(CHAIN_ID, fund_operators=False)
    owner, trader = fresh.deployer, fresh.alice
    coins = tuple(owner.deploy(ERC20, f"Coin {k}", f"C{k}", d) for k, d in enumerate(decimals))
    pool = owner.deploy(art, list(coins), list(decimals), A_START, FEE, ADMIN_FEE)
    seed = [SEED_UNITS * 10**d for d in decimals]
    for coin, amount, d in zip(coins, seed, decimals, strict=True):
        owner.send(coin, ERC20.encode("mint", owner.address, amount))
        owner.send(coin, ERC20.encode("approve", pool, amount))
        owner.send(coin, ERC20.encode("mint", trader.address, TRADER_UNITS * 10**d))
        trader.send(coin, ERC20.encode("approve", pool, 2**256 - 1))
    owner.send(pool, art.encode("add_liquidity", seed, 0), gas=3_000_000)
    fresh.clock.advance(3600)
    owner.send(pool, art.encode("ramp_A", A_TARGET, fresh.clock.at + RAMP_SECONDS))
    variant = Variant(a_precision=a_precision, reverts_unconverged=False, get_dy_fee_in_xp=False)
    return Deployed(fresh.chain.dump(), fresh.clock.at, pool, coins, decimals, art, variant)


class Desk:
    """One example's copy of a deployed pool: the owner, a trader, the clock, and reading the pool."""

    def __init__(self, deployed: Deployed) -> None:
        self.d = deployed
        self.chain = DevChain.restore(CHAIN_ID, deployed.snapshot)
        self.clock = ManualClock(deployed.at)
        self.chain.clock = self.clock
        self.owner = Sender(self.chain, demo_key(DEPLOYER))
        self.trader = Sender(self.chain, demo_key(ALICE))

    def view(self, fn: str, *args: Any, art: Artifact | None = None, to: bytes | None = None, head: bool = True) -> Any:
        """A view at the head block as it was, or else in the next block, now."""
        art, to = art or self.d.art, to or self.d.pool
        call = Call(sender=self.trader.raw_address, to=to, data=art.encode(fn, *args))
        return art.decode(fn, self.chain.call(call, self.chain.head if head else None))[0]

    def held(self, k: int) -> int:
        return int(self.view("balanceOf", self.trader.address, art=ERC20, to=self.d.coins[k]))

    def read(self) -> StablePool:
        """The pool as the contract holds it at the head block."""
        n = len(self.d.coins)
        return StablePool(
            address=to_checksum_address(self.d.pool),
            source="devnet",
            coins=tuple(to_checksum_address(c) for c in self.d.coins),
            balances=tuple(int(self.view("balances", k)) for k in range(n)),
            rates=plain_rates(self.d.decimals),
            fee=int(self.view("fee")),
            admin_fee=int(self.view("admin_fee")),
            initial_a=int(self.view("initial_A")),
            future_a=int(self.view("future_A")),
            initial_a_time=int(self.view("initial_A_time")),
            future_a_time=int(self.view("future_A_time")),
            timestamp=int(self.chain.head.timestamp),
            variant=self.d.variant,
        )

    def logs(self, tx_hash: bytes) -> tuple[int, list[tuple[list[bytes], bytes]]]:
        """The block time of a transaction, and the pool's logs in it (topics, data)."""
        found = self.chain.transaction(tx_hash)
        assert found is not None
        _, header, index = found
        logs = self.chain.receipts(header)[index].logs
        return header.timestamp, [
            ([t.to_bytes(32, "big") for t in log.topics], bytes(log.data)) for log in logs if log.address == self.d.pool
        ]


def _apply(model: StablePool, timestamp: int, logs: list[tuple[list[bytes], bytes]]) -> StablePool | None:
    for topics, data in logs:
        after = applied(model, topics, data, timestamp)
        if after is None:
            return None
        model = after
    return model


@dataclass(frozen=True)
class Exchange:
    wait: int
    i: int
    step: int  # j is i + 1 + step, around the coins
    ppm: int  # of the pool's balance of coin i, or
    units: int  # a few of the coin's smallest units, when ppm is 0


@dataclass(frozen=True)
class Deposit:
    wait: int
    ppm: tuple[int, ...]  # of each balance (0: none of that coin)


@dataclass(frozen=True)
class StopRamp:
    wait: int


WAITS = st.one_of(st.just(0), st.integers(1, MAX_WAIT))
STEPS = st.one_of(
    st.builds(
        Exchange,
        wait=WAITS,
        i=st.integers(0, 3),
        step=st.integers(0, 2),
        ppm=st.one_of(st.just(0), st.integers(1, 3_000_000)),
        units=st.integers(0, 3),
    ),
    st.builds(Deposit, wait=WAITS, ppm=st.tuples(*[st.one_of(st.just(0), st.integers(1, 500_000))] * 4)),
    st.builds(StopRamp, wait=WAITS),
)


def _exchange(desk: Desk, model: StablePool, step: Exchange) -> StablePool:
    n = len(model.coins)
    i = step.i % n
    j = (i + 1 + step.step % (n - 1)) % n
    dx = model.balances[i] * step.ppm // 10**6 if step.ppm else step.units
    now = model.at(desk.clock.at)

    try:
        quoted: int | None = int(desk.view("get_dy", i, j, dx, head=False))  # in the next block, at the clock
    except ExecutionReverted:
        quoted = None
    try:
        modelled_quote: int | None = now.get_dy(i, j, dx)
    except Reverted:
        modelled_quote = None
    assert modelled_quote == quoted, ("get_dy", i, j, dx)

    try:
        expected: int | None = now.exchange(i, j, dx)[0]
    except Reverted:
        expected = None
    if dx > 0:
        assert now.amounts_out(now.coins[i], now.coins[j], [dx]) == [expected or 0]
    before = desk.held(j)
    try:
        tx = desk.trader.send(desk.d.pool, desk.d.art.encode("exchange", i, j, dx, 0), gas=3_000_000)
    except TransactionReverted:
        assert expected is None, ("the exchange reverted; the model paid", expected)
        return model
    assert desk.held(j) - before == expected, ("exchange", i, j, dx)
    timestamp, logs = desk.logs(tx)
    assert timestamp == desk.clock.at
    after = _apply(model, timestamp, logs)
    assert after is not None, "the model recomputes the logged exchange"
    return after


def _deposit(desk: Desk, model: StablePool, step: Deposit) -> StablePool:
    amounts = [b * p // 10**6 for b, p in zip(model.balances, step.ppm, strict=False)]
    try:
        tx = desk.trader.send(desk.d.pool, desk.d.art.encode("add_liquidity", amounts, 0), gas=3_000_000)
    except TransactionReverted:
        assert not any(amounts), ("a deposit reverted", amounts)
        return model
    timestamp, logs = desk.logs(tx)
    after = _apply(model, timestamp, logs)
    assert after is not None, "a deposit's log says all"
    return after


def _stop_ramp(desk: Desk, model: StablePool) -> StablePool:
    tx = desk.owner.send(desk.d.pool, desk.d.art.encode("stop_ramp_A"))
    timestamp, logs = desk.logs(tx)
    assert logs and _apply(model, timestamp, logs) is None  # a ramp's event: read the pool again
    return desk.read()


@pytest.mark.parametrize("name", list(POOLS))
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(steps=st.lists(STEPS, min_size=1, max_size=8))
def test_model_is_the_contract(name: str, steps: list[Exchange | Deposit | StopRamp]) -> None:
    desk = Desk(_deployed(name))
    model = desk.read()
    assert model.future_a > model.initial_a and model.timestamp < model.future_a_time  # ramping
    for step in steps:
        desk.clock.advance(step.wait)
        if isinstance(step, Exchange):
            model = _exchange(desk, model, step)
        elif isinstance(step, Deposit):
            model = _deposit(desk, model, step)
        else:
            model = _stop_ramp(desk, model)
        chain = desk.read()
        assert model.balances == chain.balances, step
        at_head = model.at(chain.timestamp)
        assert at_head.amp == desk.view("A_precise") and at_head.a == desk.view("A"), step


def test_admin_fee_stays_outside_balances_until_the_owner_takes_it() -> None:
    desk = Desk(_deployed("3pool as committed"))
    model = desk.read()
    for i in range(3):  # 0 -> 1, 1 -> 2, 2 -> 0
        model = _exchange(desk, model, Exchange(wait=60, i=i, step=0, ppm=50_000, units=0))
    for k, coin in enumerate(desk.d.coins):
        held = int(desk.view("balanceOf", desk.d.pool, art=ERC20, to=coin))
        assert desk.view("admin_balances", k) == held - model.balances[k] > 0
    with pytest.raises(TransactionReverted):
        desk.trader.send(desk.d.pool, desk.d.art.encode("withdraw_admin_fees"))
    desk.owner.send(desk.d.pool, desk.d.art.encode("withdraw_admin_fees"))
    assert [desk.view("admin_balances", k) for k in range(3)] == [0, 0, 0]
    assert desk.read().balances == model.balances


def test_ramp_keeps_curves_limits() -> None:
    desk = Desk(_deployed("3pool as committed"))
    art, pool, day = desk.d.art, desk.d.pool, 86400

    def refused(sender: Sender, future_a: int, future_time: int) -> None:
        with pytest.raises(TransactionReverted):
            sender.send(pool, art.encode("ramp_A", future_a, future_time))

    refused(desk.owner, A_TARGET, desk.clock.at + 2 * day)  # a day must pass since the last ramp began
    desk.clock.advance(day)
    refused(desk.trader, A_TARGET, desk.clock.at + 2 * day)  # the owner's alone
    refused(desk.owner, A_TARGET, desk.clock.at + day - 1)  # at least a day long
    a_now = int(desk.view("A", head=False))
    refused(desk.owner, a_now * 10 + 1, desk.clock.at + 2 * day)  # at most 10x up
    refused(desk.owner, a_now // 10 - 1, desk.clock.at + 2 * day)  # and down
    with pytest.raises(TransactionReverted):
        desk.trader.send(pool, art.encode("stop_ramp_A"))
    desk.owner.send(pool, art.encode("ramp_A", a_now * 10, desk.clock.at + 2 * day))
    assert desk.view("A") == a_now and desk.view("future_A") == a_now * 10
    desk.clock.advance(day)
    desk.owner.send(pool, art.encode("stop_ramp_A"))
    stopped = desk.read()
    assert stopped.initial_a == stopped.future_a == desk.view("A") and a_now < stopped.a < a_now * 10
