"""Gas estimates as geth makes them: enough to succeed, within 1.5 % of the least that does, in a few runs."""

from __future__ import annotations

import pytest
from eth.estimators.gas import binary_gas_search_exact
from eth_account import Account

from swapdesk.api import AggSwapRequest, parse
from swapdesk.contracts import artifact
from swapdesk.devnet.accounts import demo_address, demo_key
from swapdesk.devnet.evm import Call, DevChain
from swapdesk.devnet.network import Devnet
from swapdesk.engine import Engine

ERC20 = artifact("ERC20")


def _exact(chain: DevChain, msg: Call) -> int:
    """py-evm's exact binary search: the least gas that succeeds (about twenty runs)."""
    at = chain._call_header(None)
    with chain._costless_state(at) as state:
        return int(binary_gas_search_exact(state, chain._spoof(msg, state)))


def _succeeds(chain: DevChain, msg: Call) -> bool:
    return chain._succeeds(msg, chain._call_header(None))


async def _swap_call(devnet: Devnet, engine: Engine) -> Call:
    manifest = await devnet.manifest(56)
    usdt = manifest.token("USDT")
    query = {"token0": "0x" + "00" * 20, "token1": usdt.address, "decimal0": "18", "decimal1": str(usdt.decimals),
             "impact": "50", "part": "10", "amountIn": str(5 * 10**18), "amountOutMin": "0", "to": demo_address(2),
             "chain": "BSC"}  # fmt: skip
    quote = await engine.agg_swap(parse(AggSwapRequest, query.items()))
    sender = bytes.fromhex(demo_address(2)[2:])
    return Call(sender, bytes.fromhex(quote.aggregator[2:]), bytes.fromhex(quote.data[2:]), 5 * 10**18)


@pytest.mark.parametrize("what", ["transfer", "token transfer", "split swap"])
async def test_estimates_succeed_and_are_close_to_the_least(devnet: Devnet, engine: Engine, what: str) -> None:
    manifest = await devnet.manifest(56)
    sender = bytes.fromhex(Account.from_key(demo_key(2)).address[2:])
    if what == "transfer":
        msg = Call(sender, bytes.fromhex(demo_address(3)[2:]), b"", 1)
    elif what == "token transfer":
        usdt = bytes.fromhex(manifest.token("USDT").address[2:])
        msg = Call(sender, usdt, ERC20.encode("transfer", demo_address(3), 10**18))
    else:
        msg = await _swap_call(devnet, engine)

    def check(chain: DevChain) -> tuple[int, int, bool]:
        estimate = chain.estimate_gas(msg)
        return estimate, _exact(chain, msg), _succeeds(chain, Call(msg.sender, msg.to, msg.data, msg.value, estimate))

    estimate, least, succeeds = await devnet.run(56, check)
    assert succeeds
    assert least <= estimate <= least * 1.015 + 1
    if what == "transfer":
        assert estimate == 21_000
