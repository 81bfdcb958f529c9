"""Deploys the three bridges on one chain of the world, with real signed
transactions through any `Deployer` (a `DevChain` or JSON-RPC).

On a chain whose world is built (its `Manifest`), the deployer (the world's
account 9, which can mint the world's tokens) deploys:
- ANYSWAP: the router, with the MPC, and an anyToken per bridged asset
  (USDT, USDC, ETH), each with a SwapConfig to every other bridge chain;
- CBRIDGE: the bridge, with the validators' signer set, minimum and maximum
  sends, delay thresholds, delay period and volume caps;
- METAPATH: the Bridgers vault, with the desk as operator;
then seeds each bridge's destination liquidity (anyToken pools, the cBridge
pool, the Bridgers vault) and gives every operator native coin for gas. The
figures are in `config`. Every transaction must succeed (`Reverted` otherwise).
"""

from __future__ import annotations

from decimal import Decimal

from eth_utils import to_checksum_address

from swapdesk.chains import by_id
from swapdesk.contracts import artifact
from swapdesk.devnet.bridges import config
from swapdesk.devnet.bridges.deployment import (
    AnyswapDeployment,
    AnyToken,
    BridgeDeployment,
    BridgedToken,
    CBridgeDeployment,
    MetapathDeployment,
)
from swapdesk.devnet.bridges.operators import Operators
from swapdesk.devnet.manifest import Manifest
from swapdesk.devnet.sender import Deployer
from swapdesk.devnet.world import WORLDS, WorldSpec

ERC20, WETH = artifact("ERC20"), artifact("WETH9")
ROUTER, ANY_TOKEN = artifact("AnyswapV6Router"), artifact("AnyswapV6ERC20")
CBRIDGE, BRIDGERS = artifact("CBridge"), artifact("Bridgers")


def deploy_bridges(me: Deployer, chain_id: int, manifest: Manifest, operators: Operators) -> BridgeDeployment:
    """Deploy, configure and fund the three bridges on chain `chain_id`; where they are."""
    if chain_id not in config.BRIDGE_CHAINS:
        raise ValueError(f"chain {chain_id} is not in the spec's cross-chain table")
    world = WORLDS[chain_id]
    carried = [_bridged(manifest, asset.id, asset.symbols[chain_id]) for asset in config.ASSETS]
    coin = by_id(chain_id)
    for operator in operators.addresses():
        whole = config.OPERATOR_NATIVE_ON.get(chain_id, config.OPERATOR_NATIVE)
        me.send(operator, value=whole * 10**coin.native_decimals, gas=21_000)
    vault_tokens = list(carried)
    if not any(token.native for token in carried):  # the vault pays out the native coin too
        vault_tokens.append(_bridged(manifest, coin.native_symbol, world.wrapped.symbol))
    return BridgeDeployment(
        chain_id=chain_id,
        owner=me.address,
        anyswap=_anyswap(me, world, manifest, operators, carried),
        cbridge=_cbridge(me, world, manifest, operators, carried),
        metapath=_metapath(me, world, manifest, operators, vault_tokens),
    )


def _anyswap(
    me: Deployer, world: WorldSpec, manifest: Manifest, operators: Operators, carried: list[BridgedToken]
) -> AnyswapDeployment:
    router = me.deploy(ROUTER, manifest.wrapped, operators.mpc, config.ANYSWAP_MPC_DELAY)
    destinations = [chain for chain in config.BRIDGE_CHAINS if chain != world.chain_id]
    tokens = []
    for token in carried:
        symbol = f"any{token.asset}"
        address = me.deploy(ANY_TOKEN, f"Multichain {token.asset}", symbol, token.decimals, token.address, router)
        configs = [(chain, _swap_config(world, token, config.anyswap_terms(chain))) for chain in destinations]
        me.send(router, ROUTER.encode("setSwapConfigs", address, configs), gas=3_000_000)
        # the pool is the anyToken's own balance of the underlying
        _give(me, manifest, token, _liquidity(world, token), address)
        tokens.append(AnyToken(to_checksum_address(address), symbol, token))
    return AnyswapDeployment(to_checksum_address(router), operators.mpc, tokens)


def _swap_config(world: WorldSpec, token: BridgedToken, terms: config.AnyswapTerms) -> tuple[int, ...]:
    """Multichain's SwapConfig, in the order of its fields."""

    def units(usd: Decimal) -> int:
        return _usd_units(world, token, usd)

    return (
        units(terms.max_swap_usd),
        units(terms.min_swap_usd),
        units(terms.big_value_usd),
        terms.fee_per_million,
        units(terms.max_fee_usd),
        units(terms.min_fee_usd),
    )


def _cbridge(
    me: Deployer, world: WorldSpec, manifest: Manifest, operators: Operators, carried: list[BridgedToken]
) -> CBridgeDeployment:
    bridge = me.deploy(CBRIDGE, manifest.wrapped)
    addresses = [token.address for token in carried]

    def each(usd: Decimal) -> list[int]:
        return [_usd_units(world, token, usd) for token in carried]

    me.send(bridge, CBRIDGE.encode("resetSigners", operators.signers, operators.powers), gas=1_000_000)
    me.send(bridge, CBRIDGE.encode("setMinSend", addresses, each(config.CBRIDGE_MIN_SEND_USD)))
    me.send(bridge, CBRIDGE.encode("setMaxSend", addresses, each(config.CBRIDGE_MAX_SEND_USD)))
    me.send(bridge, CBRIDGE.encode("setMinimalMaxSlippage", config.CBRIDGE_MINIMAL_MAX_SLIPPAGE))
    me.send(bridge, CBRIDGE.encode("setDelayThresholds", addresses, each(config.CBRIDGE_DELAY_THRESHOLD_USD)))
    me.send(bridge, CBRIDGE.encode("setDelayPeriod", config.CBRIDGE_DELAY_PERIOD))
    me.send(bridge, CBRIDGE.encode("setEpochLength", config.CBRIDGE_EPOCH_LENGTH))
    me.send(bridge, CBRIDGE.encode("setEpochVolumeCaps", addresses, each(config.CBRIDGE_EPOCH_CAP_USD)))
    for token in carried:
        # as a liquidity provider does: the bridge pulls from the provider
        amount = _liquidity(world, token)
        if token.native:
            me.send(bridge, CBRIDGE.encode("addNativeLiquidity", amount), value=amount, gas=200_000)
        else:
            me.send(token.address, ERC20.encode("mint", me.address, amount), gas=100_000)
            me.send(token.address, ERC20.encode("approve", bridge, amount), gas=100_000)
            me.send(bridge, CBRIDGE.encode("addLiquidity", token.address, amount), gas=200_000)
    return CBridgeDeployment(to_checksum_address(bridge), operators.signers, operators.powers, carried)


def _metapath(
    me: Deployer, world: WorldSpec, manifest: Manifest, operators: Operators, vault_tokens: list[BridgedToken]
) -> MetapathDeployment:
    vault = me.deploy(BRIDGERS, manifest.wrapped, operators.desk)
    for token in vault_tokens:
        _give(me, manifest, token, _liquidity(world, token), vault)
    return MetapathDeployment(to_checksum_address(vault), operators.desk, vault_tokens)


# -- tokens and amounts -----------------------------------------------------------


def _bridged(manifest: Manifest, asset: str, symbol: str) -> BridgedToken:
    entry = manifest.token(symbol)
    native = entry.address.lower() == manifest.wrapped.lower()
    return BridgedToken(asset, to_checksum_address(entry.address), entry.symbol, entry.decimals, native)


def _usd_units(world: WorldSpec, token: BridgedToken, usd: Decimal) -> int:
    return config.usd_units(usd, world.token(token.symbol).usd, token.decimals)


def _liquidity(world: WorldSpec, token: BridgedToken) -> int:
    return _usd_units(world, token, config.liquidity_usd(world.depth_usd))


def _give(me: Deployer, manifest: Manifest, token: BridgedToken, amount: int, to: bytes | str) -> None:
    """`amount` of `token` to `to`: minted, or wrapped from the deployer's native coin."""
    if token.native:
        me.send(manifest.wrapped, WETH.encode("deposit"), value=amount, gas=100_000)
        me.send(manifest.wrapped, WETH.encode("transfer", to, amount), gas=100_000)
    else:
        me.send(token.address, ERC20.encode("mint", to, amount), gas=100_000)
