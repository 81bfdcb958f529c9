"""The bridges keep the real protocols' interfaces, and `deploy_bridges` sets
them up on a chain of the world: tokens, limits, operators and liquidity."""

from __future__ import annotations

import pytest

from swapdesk.chains import by_id
from swapdesk.contracts import artifact
from swapdesk.devnet.bridges import config
from swapdesk.devnet.bridges.celer import signer_set_hash
from swapdesk.devnet.bridges.deploy import deploy_bridges
from swapdesk.devnet.bridges.deployment import BridgeDeployment
from swapdesk.devnet.bridges.operators import devnet_operators

from .fresh import ERC20, Fresh, balance, deploy_tokens, fresh_chain, native, view

ROUTER, ANY, CB, BRIDGERS = (artifact(n) for n in ("AnyswapV6Router", "AnyswapV6ERC20", "CBridge", "Bridgers"))
OPERATORS = devnet_operators()


def test_interfaces_keep_the_protocols_selectors() -> None:
    # selectors of the real deployments, as their clients (and LI.FI, Rango, ...) call them
    expected = [
        (ROUTER, "anySwapOut", "241dc2df"),  # (address,address,uint256,uint256)
        (ROUTER, "anySwapOutUnderlying", "edbdf5e2"),
        (ROUTER, "anySwapOutNative", "a5e56571"),
        (ROUTER, "anySwapIn", "825bb13c"),
        (CB, "send", "a5977fbb"),  # (address,address,uint256,uint64,uint64,uint32)
        (CB, "sendNative", "3f2e5fc3"),
        (CB, "relay", "cdd1b25d"),  # (bytes,bytes[],address[],uint256[])
        (CB, "withdraw", "a21a9280"),
        (BRIDGERS, "swap", "9ddf93bb"),  # (address,string,string,uint256,uint256)
        (BRIDGERS, "swapEth", "16b3b4c2"),
    ]
    for art, function, selector in expected:
        assert art.selector(function).hex() == selector, function


def _deployed(chain_id: int) -> tuple[BridgeDeployment, Fresh]:
    f = fresh_chain(chain_id, fund_operators=False)
    manifest = deploy_tokens(f.deployer, chain_id)
    return deploy_bridges(f.deployer, chain_id, manifest, OPERATORS), f


# Expected SwapConfigs (MaximumSwap, MinimumSwap, BigValueThreshold, SwapFeeRatePerMillion, MaximumSwapFee,
# MinimumSwapFee), by hand: $20M, $12 ($80 to Ethereum), $50k, 0.1 %, $1000, $0.9 ($40 to Ethereum).
E6, E18 = 10**6, 10**18
USD6 = (20_000_000 * E6, 12 * E6, 50_000 * E6, 1_000, 1_000 * E6, 900_000)
USD6_TO_ETHEREUM = (20_000_000 * E6, 80 * E6, 50_000 * E6, 1_000, 1_000 * E6, 40 * E6)
USD18_TO_ETHEREUM = (20_000_000 * E18, 80 * E18, 50_000 * E18, 1_000, 1_000 * E18, 40 * E18)
ETH_AT_3000 = (6_666_666666666666666666, 4 * 10**15, 16_666666666666666666, 1_000, 333333333333333333, 3 * 10**14)
# (chain, asset): decimals, destination liquidity (a tenth of the world's depth), destination, SwapConfig
EXPECTED = {
    (1, "USDT"): (6, 2_000_000 * E6, 56, USD6),
    (1, "ETH"): (18, 666_666666666666666666, 56, ETH_AT_3000),  # $2M at $3000, rounded down
    (56, "USDT"): (18, 1_000_000 * E18, 1, USD18_TO_ETHEREUM),
    (250, "USDT"): (6, 100_000 * E6, 95500, USD6),
    (95500, "USDC"): (6, 500_000 * E6, 1, USD6_TO_ETHEREUM),
}


@pytest.mark.parametrize("chain_id", [1, 56, 250, 95500])
def test_deploy_bridges_sets_up_all_three_on_a_chain(chain_id: int) -> None:
    deployment, f = _deployed(chain_id)
    me, chain = f.bob, f.chain
    assert BridgeDeployment.from_json(deployment.to_json()) == deployment
    assert [t.underlying.asset for t in deployment.anyswap.tokens] == ["USDT", "USDC", "ETH"]
    assert deployment.anyswap.tokens[0].underlying.symbol == ("fUSDT" if chain_id == 250 else "USDT")
    coin = 10 ** by_id(chain_id).native_decimals
    for operator in OPERATORS.addresses():
        gas_money = config.OPERATOR_NATIVE_ON.get(chain_id, config.OPERATOR_NATIVE)
        assert native(chain, operator) == gas_money * coin  # gas money, and nothing else

    router = deployment.anyswap.router
    assert view(me, router, ROUTER, "mpc") == OPERATORS.mpc.lower()
    for any_token in deployment.anyswap.tokens:
        underlying = any_token.underlying
        assert view(me, any_token.address, ANY, "underlying") == underlying.address.lower()
        assert view(me, any_token.address, ANY, "vault") == router.lower()
        assert view(me, any_token.address, ANY, "decimals") == underlying.decimals
        expected = EXPECTED.get((chain_id, underlying.asset))
        if expected is not None:
            decimals, liquidity, to_chain, swap_config = expected
            assert underlying.decimals == decimals
            assert balance(me, underlying.address, any_token.address) == liquidity  # the pool
            assert view(me, router, ROUTER, "getSwapConfig", any_token.address, to_chain) == swap_config
        assert view(me, router, ROUTER, "getSwapConfig", any_token.address, chain_id) == (0,) * 6

    bridge = deployment.cbridge.bridge
    assert view(me, bridge, CB, "ssHash") == signer_set_hash(OPERATORS.signers, OPERATORS.powers)
    assert view(me, bridge, CB, "delayPeriod") == 300
    for token in deployment.cbridge.tokens:
        unit = 10**token.decimals
        if token.asset != "ETH":
            assert view(me, bridge, CB, "minSend", token.address) == 10 * unit
            assert view(me, bridge, CB, "delayThresholds", token.address) == 50_000 * unit
        expected = EXPECTED.get((chain_id, token.asset))
        if expected is not None:
            assert balance(me, token.address, bridge) == expected[1]

    vault = deployment.metapath.contract
    assert view(me, vault, BRIDGERS, "operator") == OPERATORS.desk.lower()
    assert sum(token.native for token in deployment.metapath.tokens) == 1  # pays the native coin too
    for token in deployment.metapath.tokens:
        assert balance(me, token.address, vault) > 0


def test_deploy_refuses_a_chain_outside_the_cross_chain_table() -> None:
    f = fresh_chain(42161, fund_operators=False)
    with pytest.raises(ValueError, match="cross-chain table"):
        deploy_bridges(f.deployer, 42161, deploy_tokens(f.deployer, 42161), OPERATORS)


def test_usdt_crosses_from_bsc_to_ethereum_through_the_deployed_bridges() -> None:
    # the MPC's part, by hand: read the source's SwapConfig, pay the amount less the fee
    bsc, bsc_net = _deployed(56)
    eth, eth_net = _deployed(1)
    alice = bsc_net.alice
    usdt_56, usdt_1 = bsc.anyswap.tokens[0], eth.anyswap.tokens[0]
    bsc_net.deployer.send(usdt_56.underlying.address, ERC20.encode("mint", alice.address, 1_000 * 10**18))
    alice.send(usdt_56.underlying.address, ERC20.encode("approve", bsc.anyswap.router, 1_000 * 10**18))
    out = ROUTER.encode("anySwapOutUnderlying", usdt_56.address, alice.address, 1_000 * 10**18, 1)
    tx = alice.send(bsc.anyswap.router, out)

    config = view(alice, bsc.anyswap.router, ROUTER, "getSwapConfig", usdt_56.address, 1)
    fee = min(max(1_000 * 10**18 * config[3] // 10**6, config[5]), config[4])
    assert fee == 40 * 10**18  # 0.1 % is below Ethereum's $40 floor
    paid = (1_000 * 10**18 - fee) // 10**12  # 18 decimals on BSC, 6 on Ethereum
    mpc = eth_net.mpc
    mpc.send(eth.anyswap.router, ROUTER.encode("anySwapInAuto", tx, usdt_1.address, alice.address, paid, 56))
    assert balance(mpc, usdt_1.underlying.address, alice.address) == 960 * 10**6
    assert balance(mpc, usdt_1.underlying.address, usdt_1.address) == 2_000_000 * 10**6 - 960 * 10**6
