"""ETAs say what they rest on: the devnet's timing on the devnet; on real networks the provider's own
estimate, else the transfers this engine watched finish on that bridge and route, else none."""

from __future__ import annotations

from decimal import Decimal

from swapdesk.chains import by_id
from swapdesk.engine.bridges import model as m
from swapdesk.engine.bridges.eta import DEVNET, NONE_YET, PROVIDER, Eta, Observed, estimate
from tests.engine.bridges.served import Chains, RealNetworks

BSC, POLYGON = by_id(56), by_id(137)
USDT = m.Token(BSC, b"\x55" * 20, "USDT", "USDT", 18)
USDT_POLYGON = m.Token(POLYGON, b"\xc2" * 20, "USDT", "USDT", 6)


def quote(provider_eta: int | None = None) -> m.Quote:
    return m.Quote("METAPATH", USDT, USDT_POLYGON, 10**20, 99 * 10**6, 3 * 10**17, Decimal(30), 10**5, (),
                   m.Limits(1, 10**30), b"\1" * 20, b"\1" * 20, None, 0, 150_000, 8, 4, provider_eta)  # fmt: skip


def transfer(key: str, state: m.Normalized, deposited: int, steps: tuple[m.Step, ...] = ()) -> m.Transfer:
    deposit = m.Deposit("METAPATH", key, "0x" + key * 64, USDT, USDT_POLYGON, b"\2" * 20, "0x", 10**20, 0, True,
                        deposited)  # fmt: skip
    return m.Transfer(deposit, m.Progress("", state, steps=steps))


PENDING = m.Normalized(m.PENDING, m.WAIT_DESTINATION)
PAID = m.Normalized(m.DONE, m.COMPLETED)


async def test_the_devnet_is_estimated_by_its_own_timing() -> None:
    chains = Chains(RealNetworks(devnet=frozenset({56, 137})))
    eta = await estimate(quote(provider_eta=999), chains, Observed())
    assert eta.basis == DEVNET and eta.seconds == 8 * 3 + 4 * 3 + 2 * 3  # blocks of 3 s (the stand-in's pace)


async def test_real_networks_take_the_providers_estimate_then_what_was_measured_then_none() -> None:
    chains, observed = Chains(), Observed()
    assert await estimate(quote(provider_eta=326), chains, observed) == Eta(326, PROVIDER)
    assert (await estimate(quote(), chains, observed)).basis == NONE_YET
    for key, took in (("a", 100), ("b", 300), ("c", 200)):
        observed.watch(transfer(key, PENDING, 1_000), now=1_000.5)
        observed.watch(transfer(key, PAID, 1_000), now=1_000 + took)
    eta = await estimate(quote(), chains, observed)
    assert (eta.seconds, eta.basis) == (200, "measured from 3 transfers")


def test_only_transfers_watched_while_pending_are_measured_and_provider_times_come_first() -> None:
    observed = Observed()
    observed.watch(transfer("old", PAID, 1_000), now=50_000)  # first seen finished: its duration is unknown
    assert observed.median("METAPATH", 56, 137) is None
    observed.watch(transfer("new", PENDING, 1_000), now=1_010)
    last = m.Step("receive_complete", PAID, 1_042_000, POLYGON, "")  # the provider's own stage time
    observed.watch(transfer("new", PAID, 1_000, (last,)), now=9_999)
    assert observed.median("METAPATH", 56, 137) == (42, 1)
    observed.watch(transfer("x", PENDING, 1_000), now=1_001)
    observed.watch(transfer("x", m.Normalized(m.DONE, m.REFUNDED), 1_000), now=1_500)  # refunds say nothing
    assert observed.median("METAPATH", 56, 137) == (42, 1)
