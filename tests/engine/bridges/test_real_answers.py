"""The engine's bridge clients read the real services' answers: the public documentation's own examples
(fixtures/, each folder's README says where from), served by a MockTransport, parsed into the engine's
model (quotes, limits, statuses) on chains that are not the devnet."""

from __future__ import annotations

from decimal import Decimal

import pytest

from swapdesk.address import ZERO, to_checksum
from swapdesk.api import ApiError, CrossSwapRequest, ErrorCode, NotFound, parse
from swapdesk.chain.bridge_events import ANY_SWAP_IN, ANY_SWAP_OUT, BRIDGERS_SWAP, CB_RELAY, CB_SEND
from swapdesk.chains import by_id
from swapdesk.contracts import artifact
from swapdesk.engine.bridges import model as m
from swapdesk.engine.bridges.anyswap import Anyswap
from swapdesk.engine.bridges.cbridge import CBRIDGE, CBridge
from swapdesk.engine.bridges.endpoints import ProviderUrls
from swapdesk.engine.bridges.eta import NONE_YET, PROVIDER, Observed, estimate
from swapdesk.engine.bridges.metapath import Metapath
from swapdesk.engine.bridges.provider import ProviderApi
from swapdesk.engine.cross.cross_chain import CrossChain
from tests.engine.bridges.served import Chains, RealNetworks, Served, fixture, log_of, receipt, uint


def raw(text: str) -> bytes:
    return bytes.fromhex(text.removeprefix("0x"))


ETH, BSC, OEC, HECO = by_id(1), by_id(56), by_id(66), by_id(128)
ETH_BRIDGE = raw("5427FEFA711Eff984124bFBB1AB6fbf5E3DA1820")  # cBridge's Bridge contracts, as the configs give
BSC_BRIDGE = raw("dd90E5E87A2081Dcf0391920868eBc2FFB81a1aF")
USDC_ETH, USDC_BSC = raw("A0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"), raw("8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d")
USER = bytes.fromhex("aa47c83316edc05cf9ff7136296b026c5de7eccd")  # the docs' estimateAmt usr_addr
RECEIVER = bytes.fromhex("19" * 20)


# -- CBRIDGE: the cBridge gateway ----------------------------------------------------------------------


def cbridge(
    chains: Chains, configs: str = "getTransferConfigsForAll.mainnet.json", **more: object
) -> tuple[CBridge, Served]:
    served = Served(
        {
            "/v2/getTransferConfigsForAll": fixture("cbridge", configs),
            "/v2/estimateAmt": fixture("cbridge", "estimateAmt.json"),
            "/v2/getLatest7DayTransferLatencyForQuery": fixture("cbridge", "getLatest7DayTransferLatencyForQuery.json"),
            "/v2/getTransferStatus": fixture("cbridge", "getTransferStatus.json"),
        }
        | more
    )
    return CBridge(ProviderApi("CBRIDGE", served.endpoint()), chains), served


async def test_cbridge_transfer_configs_as_the_gateway_writes_them() -> None:
    """Real configs: `symbol` is the token's symbol and the asset; `name` its name (the devnet writes its
    own symbol there); WETH on Ethereum also lets the coin itself go (sendNative); a token whose transfers
    are disabled (`xfer_disabled`) is not offered."""
    client, _ = cbridge(Chains())
    eth = await client.config(ETH)
    assert eth is not None and eth.bridge == raw("5427FEFA711Eff984124bFBB1AB6fbf5E3DA1820") and eth.block_delay == 12
    found = {(t.chain.id, t.symbol, t.name, t.decimals) for t in await client.tokens()}
    assert found == {
        (1, "USDC", "USD Coin", 6),
        (1, "WETH", "Wrapped ETH", 18),
        (1, "ETH", "ETH", 18),
        (56, "USDC", "Binance-Peg USD Coin", 18),
    }
    assert eth.sent(ZERO) is not None and eth.sent(ZERO).asset == "WETH"  # type: ignore[union-attr]


async def test_cbridge_configs_of_chains_the_engine_does_not_bridge_are_left_out() -> None:
    """The docs' own example (Goerli, Optimistic Kovan, BSC testnet) parses, and none of it is offered."""
    client, _ = cbridge(Chains(), "getTransferConfigsForAll.docs-example.json")
    assert await client.tokens() == []


async def test_cbridge_quote_from_estimate_amt_with_limits_on_chain_and_the_gateways_eta() -> None:
    chains = Chains()
    eth_bridge, bsc_bridge = (
        raw("5427FEFA711Eff984124bFBB1AB6fbf5E3DA1820"),
        raw("dd90E5E87A2081Dcf0391920868eBc2FFB81a1aF"),
    )
    for getter, chain, bridge, value in (
        ("minSend", ETH, eth_bridge, 10_000_000),
        ("maxSend", ETH, eth_bridge, 1_000_000 * 10**6),
        ("delayThresholds", BSC, bsc_bridge, 500_000 * 10**18),
    ):
        chains.calls[(chain.id, bridge, CBRIDGE.selector(getter))] = uint(value)
    client, served = cbridge(chains)
    usdc = raw("A0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48")
    ask = m.Ask(ETH, BSC, usdc, None, 1_000_000_000, "0x" + RECEIVER.hex(), USER)
    quote = await client.quote(ask)
    # the docs' example answer, read exactly: what the relay pays, the fees, the slippage to send with
    assert quote.amount_out == 394563471907987906
    assert [(f.kind, f.amount) for f in quote.fees] == [("bridge", 0), ("relayer", 605437528092011966)]
    assert quote.limits == m.Limits(10_000_001, 1_000_000 * 10**6, 500_000 * 10**6)
    assert quote.dst.chain == BSC and quote.dst.decimals == 18 and quote.router == eth_bridge
    assert quote.data is not None and CBRIDGE.decode_input("send", quote.data)[5] == 608436  # max_slippage
    asked = next(r for r in served.asked if r.url.path == "/v2/estimateAmt").url.params
    assert dict(asked) == {
        "src_chain_id": "1",
        "dst_chain_id": "56",
        "token_symbol": "USDC",
        "amt": "1000000000",
        "slippage_tolerance": "5000",
        "usr_addr": to_checksum(USER),
    }
    assert quote.provider_eta == 326  # median_transfer_latency_in_second 325.818221
    eta = await estimate(quote, chains, Observed())
    assert (eta.seconds, eta.basis) == (326, PROVIDER)


async def test_cbridge_status_as_the_gateway_writes_it_links_only() -> None:
    """The docs' status example has no amounts and no hashes but in its explorer links: the send and relay
    are read from the links' tails, and what was paid from the relay's own `Relay` on the destination."""
    chains = Chains()
    eth_bridge, bsc_bridge = (
        raw("5427FEFA711Eff984124bFBB1AB6fbf5E3DA1820"),
        raw("dd90E5E87A2081Dcf0391920868eBc2FFB81a1aF"),
    )
    transfer_id = raw("77D7E231B08120217969DED3FF1ED2B40C0028CA1E239B225F535C57808A23F6")
    send_tx, relay_tx = (
        "0x5817041ff87994234a74edbff7f25afb659a5519c1ce0b90b7d886aca67eaccc",
        "0xe73db1fff7407a72d4755cd52252d29afd2e5326b755725df56befba4ff7594b",
    )
    usdc_eth, usdc_bsc = (
        raw("A0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"),
        raw("8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d"),
    )
    send = log_of(CB_SEND, eth_bridge, transferId=transfer_id, sender=USER, receiver=RECEIVER, token=usdc_eth,
                  amount=5_000_000_000, dstChainId=56, nonce=1, maxSlippage=5_000)  # fmt: skip
    relay = log_of(CB_RELAY, bsc_bridge, transferId=b"\x01" * 32, sender=USER, receiver=RECEIVER, token=usdc_bsc,
                   amount=4_990 * 10**18, srcChainId=1, srcTransferId=transfer_id)  # fmt: skip
    chains.add(receipt(ETH, send_tx, USER, [send]))
    chains.add(receipt(BSC, relay_tx, USER, [relay]))
    client, served = cbridge(chains)
    transfer = await client.transfer(m.Found("0x" + transfer_id.hex(), "deposit", ETH))
    progress = transfer.progress
    assert (progress.notes, progress.normalized) == ("COMPLETED", m.Normalized(m.DONE, m.COMPLETED))
    assert progress.dst_tx == relay_tx and progress.paid == 4_990 * 10**18
    assert transfer.deposit.tx == send_tx and transfer.deposit.amount == 5_000_000_000
    assert transfer.deposit.min_out == 5_000 * 10**18 * (1_000_000 - 5_000) // 1_000_000  # maxSlippage's floor
    status = next(r for r in served.asked if r.url.path == "/v2/getTransferStatus")
    assert status.method == "POST" and status.content == b'{"transfer_id":"0x' + transfer_id.hex().encode() + b'"}'


# -- METAPATH: SWFT Bridgers -----------------------------------------------------------------------------

USDT_BSC, USDT_HECO = "0x55d398326f99059ff775485246999027b3197955", "0xa71edc38d189767582c38a3145b5873052c3e47a"
USDT_OEC = "0x382bb369d343125bfb2117af9c149795c6c65c50"
CONTRACT = raw("6b4427caa371627e2a73521a2568fcf1212cd4d9")  # the quote example's contractAddress
# getToken in Bridgers' documented fields (its page gives no example): the coins the examples move
COINS = {
    "resCode": 100,
    "resMsg": "success",
    "data": {
        "tokens": [
            {
                "chain": chain,
                "symbol": "USDT",
                "name": "Tether USD",
                "address": address,
                "decimals": 18,
                "logoURI": "",
                "isCrossEnable": "1",
            }
            for chain, address in (("BSC", USDT_BSC), ("HECO", USDT_HECO), ("OKEXCHAIN", USDT_OEC))
        ]
    },
}


def metapath(chains: Chains, **more: object) -> tuple[Metapath, Served]:
    served = Served(
        {
            "/api/exchangeRecord/getToken": COINS,
            "/api/sswap/quote": fixture("metapath", "quote.json"),
            "/api/exchangeRecord/getTransDataById": fixture("metapath", "getTransDataById.json"),
        }
        | more
    )
    return Metapath(ProviderApi("METAPATH", served.endpoint()), chains), served


async def test_metapath_quote_as_bridgers_writes_it() -> None:
    """The docs' quote: resCode as text, toTokenAmount as text, no fee amounts in units (the fee is a ratio
    of the deposit, the relayer fee whole tokens), the deposit range in whole tokens."""
    chains = Chains()
    client, served = metapath(chains)
    amount = 47079490000000000000  # the example's fromTokenAmount
    ask = m.Ask(BSC, HECO, raw(USDT_BSC), raw(USDT_HECO), amount, "0x" + RECEIVER.hex(), USER)
    quote = await client.quote(ask)
    assert quote.amount_out == 5055580656532273000
    assert quote.fee_rate_bps == Decimal("20") and quote.fee == amount * 2 // 1000
    assert quote.relayer_fee == 2 * 10**16  # chainFee "0.02"
    assert quote.limits == m.Limits(30 * 10**18, 21738659651027298142000000000000)
    assert quote.router == CONTRACT and quote.provider_eta is None
    body = served.asked[-1].content
    assert b'"fromTokenChain":"BSC"' in body and b'"toTokenChain":"HECO"' in body
    assert b'"fromTokenAmount":"47079490000000000000"' in body
    eta = await estimate(quote, chains, Observed())  # Bridgers gives no time: nothing watched yet
    assert (eta.seconds, eta.basis) == (0, NONE_YET)


def heco_deposit(chains: Chains) -> str:
    """The docs' order's deposit (HECO, 5 USDT to OKExChain), as its chain shows it."""
    tx = "0x505c3b4ebecb3f95e2d51d140c732be7ac6b57119ff2a08908f171f6f00daa1a"
    swap = log_of(BRIDGERS_SWAP, CONTRACT, fromToken=raw(USDT_HECO), toToken="USDT(OKEXCHAIN)", sender=USER,
                  destination="0x" + RECEIVER.hex(), fromAmount=5 * 10**18, minReturnAmount=3 * 10**18)  # fmt: skip
    chains.add(receipt(HECO, tx, USER, [swap], timestamp=1643120675))
    return tx


async def test_metapath_order_as_bridgers_writes_it_found_among_the_senders_orders() -> None:
    """A real order's id is Bridgers' own text: a deposit the engine did not register is found among its
    sender's orders (getTransData) by its hash; its amounts are whole tokens; its refund reason a code."""
    chains = Chains()
    tx = heco_deposit(chains)
    record = fixture("metapath", "getTransDataById.json")["data"]
    listed = {"resCode": 100, "resMsg": "success", "data": {"list": [record]}}
    client, served = metapath(chains, **{"/api/exchangeRecord/getTransData": listed})
    found = await client.find(chains.receipts[(HECO.id, tx)])
    assert found is not None and found.role == "deposit"
    transfer = await client.transfer(found)
    assert transfer.deposit.key == "kydjhyt5_rec8_tfdi_s67b_td5kpu8qezy0"
    progress = transfer.progress
    assert (progress.notes, progress.normalized.status, progress.normalized.substatus) == (
        "receive_complete",
        m.DONE,
        m.COMPLETED,
    )
    assert progress.paid == 399 * 10**16  # toTokenAmount "3.99", whole tokens
    assert progress.dst_tx == "0xf4575d8e99474319bbc8f5a849ac8821ace868bc3d4ca93723f2c5ead200a5bb"
    assert progress.channel == "default"  # source "Bridgers1" is not one of the spec's channels
    asked = served.asked[-1].content
    assert f'"fromAddress":"{to_checksum(USER)}"'.encode() in asked and b'"pageNo":1' in asked


async def test_metapath_order_registered_here_and_refunded_says_why_in_words() -> None:
    chains = Chains()
    tx = heco_deposit(chains)
    record = fixture("metapath", "getTransDataById.json")
    record["data"] = record["data"] | {"status": "refund_complete", "toHash": ""}
    client, served = metapath(chains, **{"/api/exchangeRecord/getTransDataById": record})
    served.answers["/api/exchangeRecord/updateDataAndStatus"] = {
        "resCode": 100, "resMsg": "success", "data": {"orderId": "kydjhyt5_rec8_tfdi_s67b_td5kpu8qezy0"}
    }  # fmt: skip
    deposit = await client.deposit(chains.receipts[(HECO.id, tx)])
    assert deposit is not None
    assert await client.register(deposit, "default") == "kydjhyt5_rec8_tfdi_s67b_td5kpu8qezy0"
    transfer = await client.transfer(m.Found(deposit.key, "deposit", HECO, tx))
    state = transfer.progress.normalized
    assert (state.status, state.substatus, state.message) == (m.DONE, m.REFUNDED, "insufficient liquidity")
    assert transfer.progress.paid == 0
    assert "/api/exchangeRecord/getTransData" not in served.paths()  # the id was known


# -- ANYSWAP: Multichain, stopped in July 2023 ---------------------------------------------------------


async def test_anyswap_quotes_on_real_networks_are_not_available_saying_why() -> None:
    cross = CrossChain(RealNetworks(), ProviderUrls().endpoints())
    try:
        usdc = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"
        request = parse(
            CrossSwapRequest,
            [("fromChainID", "1"), ("toChainID", "56"), ("token0", usdc), ("bridge", "ANYSWAP")],
        )
        with pytest.raises(ApiError) as refused:
            await cross.cross_swap(request)
        assert isinstance(refused.value, NotFound) and refused.value.status == 404
        assert refused.value.code == ErrorCode.NOT_AVAILABLE
        assert refused.value.message.startswith("bridge: Multichain's bridge stopped in July 2023;")
    finally:
        await cross.aclose()


def old_anyswap_deposit(chains: Chains) -> str:
    """The scan example's deposit, as an Ethereum router's LogAnySwapOut shows it (the example itself was
    Arbitrum to Optimism, chains this engine does not bridge): 4996.082293 USDC to BSC."""
    tx = "0x7e1dc1c4175e18e4115e2242ad34cf3d7c6c53330194da648f47cb80395ee74c"
    router, any_usdc = raw("6b7a87899490ece95443e979ca9485cbe7e71522"), raw("7ea2be2df7ba6e54b1a9c70676f668455e329d29")
    usdc = raw("a0b86991c6218b36c1d19d4a2e9eb0ce3606eb48")
    out = log_of(ANY_SWAP_OUT, router, token=any_usdc, from_=USER, to=RECEIVER, amount=4996082293, fromChainID=1,
                 toChainID=56)  # fmt: skip
    chains.add(receipt(ETH, tx, USER, [out], timestamp=1671081958))
    any_token, erc20 = artifact("AnyswapV6ERC20"), artifact("ERC20")
    chains.calls[(1, any_usdc, any_token.selector("underlying"))] = b"\0" * 12 + usdc
    chains.calls[(1, usdc, erc20.selector("symbol"))] = bytes.fromhex(
        "0000000000000000000000000000000000000000000000000000000000000020"
        "0000000000000000000000000000000000000000000000000000000000000004"
        "5553444300000000000000000000000000000000000000000000000000000000"
    )
    chains.calls[(1, usdc, erc20.selector("decimals"))] = uint(6)
    return tx


async def test_an_old_anyswap_deposit_is_read_from_its_chain_and_the_scan_as_multichain_wrote_it() -> None:
    chains = Chains()
    tx = old_anyswap_deposit(chains)
    served = Served({f"/v3/tx/{tx}": fixture("anyswap", "v3_tx.json")})
    client = Anyswap(ProviderApi("ANYSWAP", served.endpoint()), chains)
    found = await client.find(chains.receipts[(ETH.id, tx)])
    assert found == m.Found(tx, "deposit", ETH, tx)
    transfer = await client.transfer(found)
    deposit, progress = transfer.deposit, transfer.progress
    assert (deposit.src.symbol, deposit.src.decimals, deposit.src.address) == (
        "USDC",
        6,
        raw("a0b86991c6218b36c1d19d4a2e9eb0ce3606eb48"),
    )
    assert deposit.amount == 4996082293 and deposit.dst.chain == BSC
    # statusmsg "MatchTxStable" is the state's name: the spec's note is Success; paid is formatswapvalue
    assert (progress.notes, progress.normalized) == ("Success", m.Normalized(m.DONE, m.COMPLETED))
    assert progress.paid == 4995892293
    assert progress.dst_tx == "0x78bcb34cdfc9dd01e947609d3452a0554e93ec8b4861fc9f9f0d3c860e493db5"
    assert served.paths() == [f"/v3/tx/{tx}"]  # no token list asked: Multichain routes nothing any more


async def test_without_the_scan_api_an_old_anyswap_transfer_is_read_from_the_logs_alone() -> None:
    """Multichain's scan API is gone (no URL configured): a deposit's fate is unknown and said so; its
    payout's LogAnySwapIn says it was paid, and how much."""
    chains = Chains()
    tx = old_anyswap_deposit(chains)
    client = Anyswap(ProviderApi("ANYSWAP", ProviderUrls().endpoints().by_bridge["ANYSWAP"]), chains)
    deposit_side = await client.transfer(m.Found(tx, "deposit", ETH, tx))
    state = deposit_side.progress.normalized
    assert deposit_side.progress.notes == "Unknown" and state.status == m.PENDING
    assert state.message.startswith("Multichain's bridge stopped in July 2023")
    payout_tx = "0x78bcb34cdfc9dd01e947609d3452a0554e93ec8b4861fc9f9f0d3c860e493db5"
    paid_in = log_of(ANY_SWAP_IN, raw("d1c5966f9f5ee6881ff6b261bbeda45972b1b5f3"), txhash=raw(tx),
                     token=raw("b4de7ed8bf6b4ef1e68c2b5c5c4cd9dbdc1eba73"), to=RECEIVER, amount=4995892293 * 10**12,
                     fromChainID=1, toChainID=56)  # fmt: skip
    chains.add(receipt(BSC, payout_tx, USER, [paid_in]))
    found = await client.find(chains.receipts[(BSC.id, payout_tx)])
    assert found is not None and (found.role, found.src_chain, found.dst_tx) == ("payout", ETH, payout_tx)
    paid = await client.transfer(found)
    assert (paid.progress.notes, paid.progress.normalized.status) == ("Success", m.DONE)
    assert paid.progress.paid == 4995892293 * 10**12 and paid.progress.dst_tx == payout_tx
