"""Details of same-chain swaps: failures, foreign transactions, TRON addresses."""

from __future__ import annotations

import pytest
from eth_account import Account
from web3 import AsyncWeb3

from swapdesk.address import to_tron
from swapdesk.api import AggQuote, AggSwapRequest, ApiError, DetailsRequest, parse
from swapdesk.chains import by_id
from swapdesk.contracts import artifact
from swapdesk.devnet.accounts import demo_address, demo_key
from swapdesk.devnet.network import Devnet
from swapdesk.devnet.provider import DevnetProvider
from swapdesk.engine import Engine

from .test_aggregation_executes import NATIVE, send

ERC20, ROUTER = artifact("ERC20"), artifact("AggregationRouter")


async def _quote(engine: Engine, devnet: Devnet, chain_id: int, account: int, **change: str) -> tuple[AggQuote, str]:
    chain = by_id(chain_id)
    manifest = await devnet.manifest(chain_id)
    usdt = manifest.token("USDT")
    query = {
        "token0": NATIVE, "token1": usdt.address, "decimal0": str(chain.native_decimals),
        "decimal1": str(usdt.decimals), "impact": "30", "part": "5", "amountIn": str(3 * 10**chain.native_decimals),
        "amountOutMin": "0", "to": demo_address(account), "issuer": demo_address(account), "chain": str(chain_id),
        "channel": "ios",
    } | change  # fmt: skip
    return await engine.agg_swap(parse(AggSwapRequest, query.items())), usdt.address


async def test_a_reverted_swap_is_a_failure_with_its_reason(engine: Engine, devnet: Devnet) -> None:
    quote, usdt = await _quote(engine, devnet, 137, 6)
    # the engine refuses to quote a minimum the route cannot give (MINIMUM_NOT_MET), so the client writes its own
    too_high = str(int(quote.totalAmountOut) * 2)
    (params,) = ROUTER.decode_input("swap", bytes.fromhex(quote.data[2:]))
    data = ROUTER.encode("swap", (*params[:3], int(too_high), *params[4:]))
    w3 = AsyncWeb3(DevnetProvider(devnet, 137))
    trader = Account.from_key(demo_key(6))
    tx = {"to": quote.aggregator, "data": data, "value": 3 * 10**18}
    tx_hash, status = await send(w3, trader, tx, 3_000_000)
    assert status == 0
    details = await engine.details(DetailsRequest(hash=tx_hash, chain=by_id(137)))
    assert (details.status, details.amountOut, details.amountOutMin) == ("Failure", "0", too_high)
    assert details.statusNotes == "reverted: Router: return below minimum"
    assert details.amountIn == str(3 * 10**18) and details.fromToken == NATIVE and details.toToken == usdt
    assert details.dexs, "the sources the swap meant to use"


async def test_a_transaction_that_is_not_a_swap(engine: Engine, devnet: Devnet) -> None:
    w3 = AsyncWeb3(DevnetProvider(devnet, 250))
    manifest = await devnet.manifest(250)
    trader = Account.from_key(demo_key(7))
    tx = {"to": manifest.token("USDC").address, "data": ERC20.encode("transfer", demo_address(8), 5)}
    tx_hash, _ = await send(w3, trader, tx, 100_000)
    with pytest.raises(ApiError) as info:
        await engine.details(DetailsRequest(hash=tx_hash, chain=by_id(250)))
    assert (info.value.code.value, info.value.status) == ("NOT_A_SWAP", 422)


async def test_tron_details_show_base58_addresses(engine: Engine, devnet: Devnet) -> None:
    trader = Account.from_key(demo_key(1))
    tron_self = to_tron(bytes.fromhex(trader.address[2:]))
    chain = by_id(95500)
    manifest = await devnet.manifest(chain.id)
    usdt = manifest.token("USDT")
    # the quote itself comes from the TRON variant later; the router is the same contract
    from swapdesk.engine.routing.split import call_data  # noqa: F401  (documented dependency of the TRON variant)

    w3 = AsyncWeb3(DevnetProvider(devnet, chain.id))
    wrapped = manifest.wrapped
    pool = manifest.sources[0].pools[0]  # WTRX/USDT on the first source
    params = (NATIVE, usdt.address, 10**6, 1, trader.address, "web", 2**40, [(1, [(pool, usdt.address)])])
    tx_hash, status = await send(
        w3, trader, {"to": manifest.router, "data": ROUTER.encode("swap", params), "value": 10**6}, 1_000_000
    )
    assert status == 1 and wrapped
    details = await engine.details(DetailsRequest(hash=tx_hash, chain=chain))
    assert details.fromAddress == details.toAddress == tron_self
    assert details.fromToken == "T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb" and details.toToken.startswith("T")
    assert (details.chain, details.fromDecimals, details.toDecimals) == ("TRON", 6, 6)
