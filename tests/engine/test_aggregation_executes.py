"""Executing a quote's call data delivers exactly what the quote says, and the
details endpoint reports the same amounts.

Random cases across chains, token pairs (the native coin included), amounts up
to half of the trader's balance (a large share of pool depth for the thin
sources), part 1..100, every channel, discount holders or not.
"""

from __future__ import annotations

from typing import Any

import pytest
from eth_account import Account
from eth_account.signers.local import LocalAccount
from eth_typing import HexStr
from hypothesis import HealthCheck, Phase, event, given, settings
from hypothesis import strategies as st
from web3 import AsyncWeb3

from swapdesk.api import AggSwapRequest, ApiError, DetailsRequest, parse
from swapdesk.chains import CHAINS as ALL_CHAINS
from swapdesk.chains import by_id
from swapdesk.contracts import artifact
from swapdesk.devnet.accounts import DEMO_ACCOUNTS, DISCOUNT_HOLDERS, demo_key
from swapdesk.devnet.backend import DevnetBackend
from swapdesk.devnet.network import Devnet
from swapdesk.devnet.provider import DevnetProvider
from swapdesk.devnet.world import DISCOUNT_TIERS
from swapdesk.engine import Engine

NATIVE = "0x0000000000000000000000000000000000000000"
ERC20 = artifact("ERC20")
CHAINS = [c.id for c in ALL_CHAINS if not c.tron]  # TRON quotes belong to the TRON variant
CHANNELS = ["default", "web", "android", "ios", "extension"]
SWAP_GAS = 3_000_000  # fixed (py-evm's estimate_gas would re-execute the swap a dozen times): a few routes' worth


async def balance(w3: AsyncWeb3[Any], token: str, owner: str) -> int:
    holder = AsyncWeb3.to_checksum_address(owner)
    if token == NATIVE:
        return await w3.eth.get_balance(holder)
    contract = w3.eth.contract(address=AsyncWeb3.to_checksum_address(token), abi=ERC20.abi)
    return int(await contract.functions.balanceOf(holder).call())


async def send(w3: AsyncWeb3[Any], account: LocalAccount, call: dict[str, Any], gas: int) -> tuple[str, int]:
    """Sign and send; (hash, status)."""
    block = await w3.eth.get_block("latest")
    tx = {
        **call,
        "from": account.address,
        "nonce": await w3.eth.get_transaction_count(account.address),
        "chainId": await w3.eth.chain_id,
        "gas": gas,
        "maxFeePerGas": block["baseFeePerGas"] * 2 + 1,
        "maxPriorityFeePerGas": 1,
    }
    signed = account.sign_transaction(tx)
    receipt = await w3.eth.wait_for_transaction_receipt(await w3.eth.send_raw_transaction(signed.raw_transaction))
    return "0x" + bytes(receipt["transactionHash"]).hex(), int(receipt["status"])


@settings(
    max_examples=300,
    deadline=None,
    derandomize=True,
    phases=[Phase.generate],  # every example changes the chain: replaying or shrinking would not repeat it
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    chain_id=st.sampled_from(CHAINS),
    pick=st.tuples(st.integers(0, 7), st.integers(1, 6)),  # sell index, and buy's offset from it
    share=st.sampled_from([2, 3, 10, 100, 10_000]),
    part=st.integers(1, 100),
    channel=st.sampled_from(CHANNELS),
    account_index=st.integers(0, DEMO_ACCOUNTS - 1),
)
@pytest.mark.slow
async def test_execution_delivers_the_quote(
    devnet: Devnet,
    engine: Engine,
    chain_id: int,
    pick: tuple[int, int],
    share: int,
    part: int,
    channel: str,
    account_index: int,
) -> None:
    chain = by_id(chain_id)
    manifest = await devnet.manifest(chain.id)
    tokens = [NATIVE] + [t.address for t in manifest.tokens[1:]]  # the native coin stands in for the wrapped one
    sell, buy = tokens[pick[0] % len(tokens)], tokens[(pick[0] + pick[1]) % len(tokens)]  # 7+ tokens: never equal
    w3 = AsyncWeb3(DevnetProvider(devnet, chain.id))
    trader = Account.from_key(demo_key(account_index))
    receiver = Account.create().address
    decimals = {t.address: t.decimals for t in manifest.tokens} | {NATIVE: chain.native_decimals}
    amount = await balance(w3, sell, trader.address) // share
    if amount == 0:
        event("trader holds none of the token")
        return
    query = {
        "token0": sell, "token1": buy, "decimal0": str(decimals[sell]), "decimal1": str(decimals[buy]),
        "impact": "100", "part": str(part), "amountIn": str(amount), "amountOutMin": "0",
        "to": receiver, "issuer": trader.address, "chain": chain.flag, "channel": channel,
    }  # fmt: skip
    try:
        quote = await engine.agg_swap(parse(AggSwapRequest, query.items()))
    except ApiError as exc:  # half a balance can be more than the thin pools absorb
        print("CASE", chain.flag, sell, buy, amount, share, part, account_index, exc.message)
        assert exc.code.value == "INSUFFICIENT_LIQUIDITY" and share <= 3
        event("refused: more than the pools absorb")
        return
    assert sum(int(p.rsplit(":", 1)[1]) for p in quote.dexPath) == 100
    assert int(quote.usedAmountIn) == amount - int(quote.fee)
    assert int(quote.normalFee) == amount * int(quote.feeRate) // 10_000
    held = await balance(w3, manifest.discount_token, trader.address) // 10**18
    share_of_fee = next((s for threshold, s in DISCOUNT_TIERS if held >= threshold), 10_000)
    assert int(quote.fee) == int(quote.normalFee) * share_of_fee // 10_000
    if account_index >= DISCOUNT_HOLDERS:
        assert quote.fee == quote.normalFee

    if sell != NATIVE:
        await send(w3, trader, {"to": sell, "data": ERC20.encode("approve", quote.aggregator, amount)}, 100_000)
    fee_token = manifest.wrapped if sell == NATIVE else sell
    collector_before = await balance(w3, fee_token, manifest.fee_collector)
    received_before = await balance(w3, buy, receiver)
    value = amount if sell == NATIVE else 0
    assert quote.estimatedGas is not None
    gas = quote.estimatedGas * 3 // 2  # the quote's own estimate, with a wallet's margin
    tx_hash, status = await send(w3, trader, {"to": quote.aggregator, "data": quote.data, "value": value}, gas)
    assert status == 1
    used = (await w3.eth.get_transaction_receipt(HexStr(tx_hash)))["gasUsed"]
    assert used <= gas, (used, quote.estimatedGas)  # the estimate is enough (hops after the first are cheaper)
    event("executed, native in" if sell == NATIVE else "executed, native out" if buy == NATIVE else "executed, tokens")
    assert await balance(w3, buy, receiver) - received_before == int(quote.totalAmountOut)
    assert await balance(w3, fee_token, manifest.fee_collector) - collector_before == int(quote.fee)
    details = await engine.details(DetailsRequest(hash=tx_hash, chain=chain))
    assert (details.status, details.amountIn, details.amountOut) == ("Success", str(amount), quote.totalAmountOut)
    assert details.amountOutMin == quote.totalAmountOutMin
    assert (details.fromToken, details.toToken) == (sell, buy)
    assert (details.fromDecimals, details.toDecimals) == (decimals[sell], decimals[buy])
    assert (details.fromAddress, details.toAddress, details.channel) == (trader.address, receiver, channel)
    assert {d.dex for d in details.dexs} == {p.rsplit(":", 1)[0] for p in quote.dexPath}


async def test_split_beats_every_single_source() -> None:
    """On the world as built (other tests' swaps move the shared pools)."""
    devnet = Devnet()
    engine = Engine(DevnetBackend(devnet))
    manifest = await devnet.manifest(56)
    query = {
        "token0": manifest.token("USDT").address, "token1": NATIVE, "decimal0": "18", "decimal1": "18",
        "impact": "50", "part": "20", "amountIn": str(300_000 * 10**18), "amountOutMin": "0",
        "to": "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266", "chain": "BSC",
    }  # fmt: skip
    quote = await engine.agg_swap(parse(AggSwapRequest, query.items()))
    best_single = max(int(a.amountOut) for a in quote.amounts)
    assert int(quote.totalAmountOut) > best_single
    assert len(quote.dexPath) > 1
    assert {a.exchange for a in quote.amounts} == {s.name for s in manifest.sources}
    await engine.aclose()


async def test_a_split_across_v2_v3_and_stableswap_executes_to_the_quote() -> None:
    """USDC to USDT on Ethereum, on the world as built (the shared world's pools are moved by other tests): Curve's
    pool, a pair, and a pair followed by the V3 USDT/USDC pool. (USDT to DAI, asked here before issue 28, is now
    answered by one route, the V3 USDT/USDC pool followed by Curve's, 10 bps over the split it was: the split had
    put Curve's pool among the direct routes, so no candidate could take it as a second hop.)"""
    devnet = Devnet()
    engine = Engine(DevnetBackend(devnet))
    manifest = await devnet.manifest(1)
    usdc, usdt = manifest.token("USDC"), manifest.token("USDT")
    trader = Account.from_key(demo_key(4))
    w3 = AsyncWeb3(DevnetProvider(devnet, 1))
    amount = 60_000 * 10**6
    receiver = Account.create().address
    query = {
        "token0": usdc.address, "token1": usdt.address, "decimal0": "6", "decimal1": "6", "impact": "50",
        "part": "50", "amountIn": str(amount), "amountOutMin": "0", "to": receiver, "issuer": trader.address,
        "chain": "ETH",
    }  # fmt: skip
    quote = await engine.agg_swap(parse(AggSwapRequest, query.items()))
    kinds = {s.name: s.kind for s in manifest.sources}
    used = {kinds[source] for route in quote.routes or [] for source in route.sources}
    assert used == {"uniswap_v2", "uniswap_v3", "stableswap"}, quote.routes
    await send(w3, trader, {"to": usdc.address, "data": ERC20.encode("approve", quote.aggregator, amount)}, 100_000)
    _, status = await send(w3, trader, {"to": quote.aggregator, "data": quote.data}, SWAP_GAS)
    assert status == 1
    assert await balance(w3, usdt.address, receiver) == int(quote.totalAmountOut)
    await engine.aclose()
