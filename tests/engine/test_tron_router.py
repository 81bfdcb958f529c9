"""The router's TRON entry point `swapFlat` keeps `swap`'s safety rules, and the quote's energy bound holds.

Each case starts from an honest description of `/v3/core/swap`, changes one argument as an attacker or a
careless client would, and sends it with tronpy: the router refuses it with its reason, and nothing moves.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from tronpy.exceptions import TvmError
from tronpy.keys import PrivateKey

from swapdesk.address import parse_tron, to_checksum
from swapdesk.api.records import TronParameter
from swapdesk.devnet.accounts import demo_key
from swapdesk.engine.tron.quote import energy_bound
from swapdesk.engine.tron.swap_flat import arguments, parameters

from .test_tron_swap import Served, execute, serve


@pytest.fixture(scope="module")
def served() -> Iterator[Served]:
    yield from serve()


def _swap(quote: dict[str, Any]) -> list[Any]:
    data = quote["data"]
    return list(arguments(data["fun"], [TronParameter(**p) for p in data["parameter"]]))


def _send(served: Served, key: PrivateKey, quote: dict[str, Any], swap: list[Any], value: int | None = None) -> Any:
    """`swapFlat` with these arguments, as tronpy sends it; its result (raises TvmError on a revert)."""
    data = quote["data"]
    values = [int(p.value) if p.type == "uint" else bytes.fromhex(p.value[2:]) if p.type == "bytes" else p.value
              for p in parameters(tuple(swap))]  # fmt: skip
    method = served.tron.get_contract(data["contract"]).functions.swapFlat.with_owner(data["issuer"])
    value = int(data["options"]["callValue"]) if value is None else value
    sent = method.with_transfer(value)(*values).fee_limit(data["options"]["feeLimit"]).build().sign(key).broadcast()
    return sent.result()


@pytest.fixture(scope="module")
def approved(served: Served) -> tuple[PrivateKey, dict[str, Any]]:
    """Demo account 1, which approved the router for 100 USDT, and its quote of them for USDC."""
    key = PrivateKey(demo_key(1))
    quote = served.quote(key, "USDT", "USDC", 100 * 10**6)
    served.approve(key, "USDT", 100 * 10**6, quote["aggregator"])
    return key, served.quote(key, "USDT", "USDC", 100 * 10**6)


def test_funds_come_only_from_the_caller(served: Served, approved: tuple[PrivateKey, dict[str, Any]]) -> None:
    """Another account cannot spend what account 1 approved: the router pulls only from msg.sender."""
    victim, quote = approved
    victim_address = victim.public_key.to_base58check_address()
    thief = PrivateKey(demo_key(2)).public_key.to_base58check_address()
    usdt = served.tron.get_contract(served.tokens["USDT"]["address"])
    router = quote["aggregator"]
    held, allowed = usdt.functions.balanceOf(victim_address), usdt.functions.allowance(victim_address, router)
    swap = _swap(quote)
    swap[4] = _evm(thief)  # paid to the thief, sent by the thief
    with pytest.raises(TvmError, match="ERC20: insufficient allowance"):
        _send(served, PrivateKey(demo_key(2)), {**quote, "data": {**quote["data"], "issuer": thief}}, swap)
    assert usdt.functions.balanceOf(victim_address) == held
    assert usdt.functions.allowance(victim_address, router) == allowed


def _evm(address: str) -> str:
    return to_checksum(parse_tron(address))


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        # the route's first pool (a pair, a V3 pool or the StableSwap pool) refuses a token it does not trade
        ("pool of another pair", "Router: (not the factory's pair|not the factory's pool|tokens not in pool)"),
        ("minimum above the output", "Router: return below minimum"),
        ("deadline passed", "Router: expired"),
        ("TRX sent with a token", "Router: value sent with a token swap"),
        ("routes not ABI-encoded", "REVERT"),
    ],
)
def test_a_bent_call_is_refused(
    served: Served, approved: tuple[PrivateKey, dict[str, Any]], change: str, reason: str
) -> None:
    key, quote = approved
    swap, call_value = _swap(quote), None
    if change == "pool of another pair":  # a real pair, claimed to pay a token it does not hold
        (parts, ((pool, _out), *rest)), *routes = swap[7]
        swap[7] = [(parts, ((pool, _evm(served.tokens["SUN"]["address"])), *rest)), *routes]
    elif change == "minimum above the output":
        swap[3] = int(quote["totalAmountOut"]) + 1
    elif change == "deadline passed":
        swap[6] = served.tron.get_latest_block()["block_header"]["raw_data"]["timestamp"] // 1000 - 1
    elif change == "TRX sent with a token":
        call_value = 1
    with pytest.raises(TvmError, match=reason):
        if change == "routes not ABI-encoded":
            _send_raw_routes(served, key, quote, swap, b"\x12\x34")
        else:
            _send(served, key, quote, swap, call_value)


def _send_raw_routes(served: Served, key: PrivateKey, quote: dict[str, Any], swap: list[Any], routes: bytes) -> Any:
    data = quote["data"]
    values = [*(int(p.value) if p.type == "uint" else p.value for p in parameters(tuple(swap))[:7]), routes]
    method = served.tron.get_contract(data["contract"]).functions.swapFlat.with_owner(data["issuer"])
    return method(*values).fee_limit(data["options"]["feeLimit"]).build().sign(key).broadcast().result()


@pytest.mark.parametrize(
    ("sell", "buy", "amount", "part"),
    [
        ("USDT", "USDD", 1_000 * 10**6, "1"),  # one StableSwap exchange: the dearest hop
        ("USDT", "USDC", 50_000 * 10**6, "100"),
        ("USDD", "BTC", 20_000 * 10**18, "100"),  # many routes of two hops
        ("TRX", "SUN", 5_000 * 10**6, "100"),
    ],
)
def test_the_energy_bound_covers_what_the_router_burns(
    served: Served, sell: str, buy: str, amount: int, part: str
) -> None:
    """Quoted before the approval, the fee limit is the bound: the description, sent as given once approved,
    runs within it. (Selling TRX needs no approval: its limit is measured, and the bound holds as well.)"""
    key = PrivateKey(demo_key(4))
    quote = served.quote(key, sell, buy, amount, part=part)
    swap = _swap(quote)
    if sell != "TRX":
        assert quote["data"]["options"]["feeLimit"] == energy_bound(tuple(swap)) * _energy_price(served)
        served.approve(key, sell, amount, quote["aggregator"])
    info = execute(served, key, quote)
    assert info["receipt"]["energy_usage_total"] <= energy_bound(tuple(swap))
    hops = sum(len(hops) for _, hops in swap[7])
    print(f"{sell}->{buy}: {len(swap[7])} routes, {hops} hops, {info['receipt']['energy_usage_total']} energy")


def _energy_price(served: Served) -> int:
    return next(int(p["value"]) for p in served.tron.get_chain_parameters() if p["key"] == "getEnergyFee")
