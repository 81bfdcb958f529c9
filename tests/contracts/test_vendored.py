"""The protocols' own compiled contracts: committed byte for byte as their pinned npm packages ship
them (node_modules, from `npm ci`), and deployable and working on the devnet's py-evm chain."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import pytest
from eth_abi import encode
from eth_typing import Address
from eth_utils import keccak

from swapdesk.contracts import VENDORED, artifact, vendored, vendored_names
from swapdesk.contracts.vendor import SHIPPED, Shipped, VendorError, read, render
from swapdesk.devnet.evm import contract_address
from swapdesk.devnet.sender import Sender

from .fresh import fresh_chain, view

ERC20 = artifact("ERC20")  # swapdesk's own token: any ERC-20 will do for the protocols
WETH, V2_FACTORY, V2_PAIR, V2_ROUTER = (
    vendored(n) for n in ("WETH9", "UniswapV2Factory", "UniswapV2Pair", "UniswapV2Router02")
)
V3_FACTORY, V3_POOL, POSITIONS = (
    vendored(n) for n in ("UniswapV3Factory", "UniswapV3Pool", "NonfungiblePositionManager")
)
SWAP_ROUTER, QUOTER, TICK_LENS = (vendored(n) for n in ("SwapRouter", "QuoterV2", "TickLens"))
MULTICALL3, UNIVERSAL_ROUTER = vendored("Multicall3"), vendored("UniversalRouter")

# the init code hashes the routers compute pair and pool addresses with: Uniswap's mainnet deployments'
V2_PAIR_INIT_CODE_HASH = bytes.fromhex("96e8ac4277198ff8b6f785478aa9a39f403cb768dd02cbee326c3e7da348845f")
V3_POOL_INIT_CODE_HASH = bytes.fromhex("e34f199b19b2b4f47f68442619d555527d244f78a3297ea89325f843f87b8b54")

MULTICALL3_ADDRESS = bytes.fromhex("cA11bde05977b3631167028862bE2a173976CA11")
# keccak of the code at MULTICALL3_ADDRESS on every chain that has it, and of the init code of the presigned
# transaction that put it there (in mds1/multicall's README: nonce 0 of 0x05f32b3cc3888453ff71b01135b34ff8e41263f2)
MULTICALL3_CODE_HASH = bytes.fromhex("d5c15df687b16f2ff992fc8d767b4216323184a2bbc6ee2f9c398c318e770891")
MULTICALL3_INIT_CODE_HASH = bytes.fromhex("0b2046aa018109118d518235014ac2c679dcbdff32c64705fdf50d048cd32d22")

EIP170_LIMIT = 24_576  # bytes of runtime code a contract may have
FOREVER = 2**256 - 1  # a deadline
FEE, SPACING = 3000, 60  # a V3 fee tier and its tick spacing
FULL_RANGE = (-887_220, 887_220)  # the widest ticks on that spacing
E18 = 10**18


# -- what is committed ----------------------------------------------------------


def test_committed_artifacts_are_what_the_pinned_packages_ship() -> None:
    assert vendored_names() == sorted(SHIPPED)
    for name in SHIPPED:
        try:
            shipped = read(name)
        except VendorError as exc:
            pytest.fail(f"cannot read {name} from node_modules: {exc}")
        assert (VENDORED / f"{name}.json").read_text() == render(shipped), (
            f"{name}: run python -m swapdesk.contracts.vendor"
        )


def test_the_artifacts_load_with_where_they_came_from() -> None:
    pool = vendored("UniswapV3Pool")
    assert pool.package is not None and (pool.package.name, pool.package.version) == ("@uniswap/v3-core", "1.0.1")
    assert pool.compiler == "solc 0.7.6"
    raw = json.loads((VENDORED / "UniswapV3Pool.json").read_text())
    assert pool.bytecode.hex() == raw["bytecode"][2:] and pool.deployed_bytecode.hex() == raw["deployed_bytecode"][2:]
    assert (pool.blueprint, pool.source_sha256) == (b"", "")  # a Vyper contract's, not a vendored one's
    assert artifact("WETH9").package is None  # swapdesk's own stand-ins are still there


def test_bytecode_needing_libraries_is_refused() -> None:
    # the position descriptor needs NFTDescriptor linked; the position manager takes any descriptor address
    descriptor = Shipped(
        "@uniswap/v3-periphery",
        "artifacts/contracts/NonfungibleTokenPositionDescriptor.sol/NonfungibleTokenPositionDescriptor.json",
        "hardhat",
    )
    with pytest.raises(VendorError, match=r"needs libraries linked \(NFTDescriptor\)"):
        read("NonfungibleTokenPositionDescriptor", descriptor)


def test_the_routers_compute_the_addresses_of_these_pairs_and_pools() -> None:
    # Router02 and V3's periphery hard-code the init code hash of the pair and the pool they find
    # addresses of: the vendored ones are the bytecode of Uniswap's mainnet deployments
    assert keccak(V2_PAIR.bytecode) == V2_PAIR_INIT_CODE_HASH
    assert _push32(V2_PAIR_INIT_CODE_HASH) in V2_ROUTER.deployed_bytecode
    assert keccak(V3_POOL.bytecode) == V3_POOL_INIT_CODE_HASH
    for periphery in (SWAP_ROUTER, QUOTER, POSITIONS):
        assert _push32(V3_POOL_INIT_CODE_HASH) in periphery.deployed_bytecode, periphery.name


def test_multicall3_is_the_canonical_code() -> None:
    assert keccak(MULTICALL3.deployed_bytecode) == MULTICALL3_CODE_HASH
    assert keccak(MULTICALL3.bytecode) == MULTICALL3_INIT_CODE_HASH
    assert MULTICALL3.selector("aggregate3").hex() == "82ad56cb"


def test_every_runtime_fits_eip170() -> None:
    for name in vendored_names():
        assert len(vendored(name).deployed_bytecode) <= EIP170_LIMIT, name


# -- on the devnet's chain -------------------------------------------------------


def test_each_contract_deploys_as_shipped() -> None:
    f = fresh_chain(1, fund_operators=False)
    me = f.deployer
    weth = me.deploy(WETH)
    v2 = me.deploy(V2_FACTORY, me.address)
    v3 = me.deploy(V3_FACTORY)
    positions = me.deploy(POSITIONS, v3, weth, b"\x01" * 20)
    args: dict[str, tuple[Any, ...]] = {
        "UniswapV2Factory": (me.address,),
        "UniswapV2Router02": (v2, weth),
        "SwapRouter": (v3, weth),
        "QuoterV2": (v3, weth),
        "NonfungiblePositionManager": (v3, weth, b"\x01" * 20),
        "UniversalRouter": (_router_parameters(weth, v2, v3, positions),),
        "TestERC20": (10**24,),  # v2-core's test token: its total supply, minted to the deployer
    }
    # pairs and pools are made by their factories (a V3 pool asks its deployer for its parameters)
    a, b = sorted([_token(me, "A", f.alice), _token(me, "B", f.alice)])
    me.send(v2, V2_FACTORY.encode("createPair", a, b), gas=5_000_000)
    me.send(v3, V3_FACTORY.encode("createPool", a, b, FEE), gas=6_000_000)
    made = {
        "UniswapV2Pair": view(me, v2, V2_FACTORY, "getPair", a, b),
        "UniswapV3Pool": view(me, v3, V3_FACTORY, "getPool", a, b, FEE),
    }
    for name in vendored_names():
        art = vendored(name)
        address = bytes.fromhex(made[name][2:]) if name in made else me.deploy(art, *args.get(name, ()))
        assert _same_but_immutables(art.deployed_bytecode, f.chain.code(address)), name


def test_a_v2_pair_of_the_real_factory_swaps_through_the_real_router() -> None:
    f = fresh_chain(1, fund_operators=False)
    me, alice = f.deployer, f.alice
    weth = me.deploy(WETH)
    factory = me.deploy(V2_FACTORY, me.address)
    router = me.deploy(V2_ROUTER, factory, weth)
    a, b = _token(me, "A", alice), _token(me, "B", alice)
    for token in (a, b):
        alice.send(token, ERC20.encode("approve", router, 2**256 - 1))

    # the router makes the pair through the factory, then finds it where its init code hash says
    add = V2_ROUTER.encode("addLiquidity", a, b, 1000 * E18, 2000 * E18, 0, 0, alice.address, FOREVER)
    alice.send(router, add, gas=5_000_000)
    pair = view(me, factory, V2_FACTORY, "getPair", a, b)
    assert view(me, router, V2_ROUTER, "factory").lower() == "0x" + factory.hex()
    before = _balance(me, b, alice.address)
    alice.send(router, V2_ROUTER.encode("swapExactTokensForTokens", 10 * E18, 1, [a, b], alice.address, FOREVER))
    reserves = {a: 1000 * E18, b: 2000 * E18}
    with_fee = 10 * E18 * 997  # Uniswap v2: 0.3 %
    assert _balance(me, b, alice.address) - before == with_fee * reserves[b] // (reserves[a] * 1000 + with_fee)
    assert _balance(me, a, pair) == 1010 * E18


def test_a_v3_pool_takes_a_position_swaps_and_is_quoted() -> None:
    f = fresh_chain(1, fund_operators=False)
    me, alice = f.deployer, f.alice
    v3 = _v3(me)
    a, b = sorted([_token(me, "A", alice), _token(me, "B", alice)])
    _position(alice, v3, a, b)

    amount_in = 5 * E18
    quote = QUOTER.decode(
        "quoteExactInputSingle",
        alice.call(v3.quoter, QUOTER.encode("quoteExactInputSingle", (a, b, amount_in, FEE, 0))),
    )
    assert 0 < quote[0] < amount_in  # price 1, less the fee and the price moved
    alice.send(a, ERC20.encode("approve", v3.swap_router, amount_in))
    before = _balance(me, b, alice.address)
    params = (a, b, FEE, alice.address, FOREVER, amount_in, quote[0], 0)
    alice.send(v3.swap_router, SWAP_ROUTER.encode("exactInputSingle", params), gas=1_000_000)
    assert _balance(me, b, alice.address) - before == quote[0]
    slot0 = view(me, v3.pool, V3_POOL, "slot0")
    assert slot0[0] == quote[1]  # the price moved to where the quoter said

    # the position's two ticks, found by the lens in their bitmap words
    lower, upper = (tick // SPACING >> 8 for tick in FULL_RANGE)
    liquidity = view(me, v3.pool, V3_POOL, "liquidity")
    assert view(me, v3.tick_lens, TICK_LENS, "getPopulatedTicksInWord", v3.pool, lower) == (
        (FULL_RANGE[0], liquidity, liquidity),
    )
    assert view(me, v3.tick_lens, TICK_LENS, "getPopulatedTicksInWord", v3.pool, upper) == (
        (FULL_RANGE[1], -liquidity, liquidity),
    )


def test_multicall3_answers_at_its_canonical_address() -> None:
    f = fresh_chain(1, fund_operators=False)
    me = f.deployer
    # placed in the state, as a chain that has it got it (from its presigned deployment)
    f.chain.commit(lambda state: state.set_code(Address(MULTICALL3_ADDRESS), MULTICALL3.deployed_bytecode))
    assert keccak(f.chain.code(MULTICALL3_ADDRESS)) == MULTICALL3_CODE_HASH
    token = _token(me, "A", f.alice)
    calls = [
        (token, False, ERC20.encode("balanceOf", f.alice.address)),
        (MULTICALL3_ADDRESS, False, MULTICALL3.encode("getEthBalance", me.address)),
        (MULTICALL3_ADDRESS, False, MULTICALL3.encode("getCurrentBlockTimestamp")),
        (token, True, ERC20.encode("transfer", me.address, 1)),  # Multicall3 holds no token: fails, allowed to
    ]
    (results,) = MULTICALL3.decode("aggregate3", me.call(MULTICALL3_ADDRESS, MULTICALL3.encode("aggregate3", calls)))
    assert [ok for ok, _ in results] == [True, True, True, False]
    assert int.from_bytes(results[0][1], "big") == 10**6 * E18
    assert int.from_bytes(results[1][1], "big") == f.chain.balance(me.raw_address)
    assert int.from_bytes(results[2][1], "big") == f.clock.at

    # its creation code deploys the same code, at the gas the canonical deployment takes (plus EIP-3860's
    # 2 gas a word of init code, which the README's figure predates)
    tx_hash = me.send(None, MULTICALL3.bytecode, gas=1_000_000)
    found = f.chain.transaction(tx_hash)
    assert found is not None
    address = contract_address(found[0])
    assert address is not None and f.chain.code(address) == MULTICALL3.deployed_bytecode
    assert f.chain.receipts(found[1])[found[2]].gas_used == 872_776 + 2 * len(MULTICALL3.bytecode) // 32


def test_the_universal_router_swaps_on_our_own_v2_and_v3_deployments() -> None:
    f = fresh_chain(1, fund_operators=False)
    me, alice = f.deployer, f.alice
    v3 = _v3(me)
    a, b = sorted([_token(me, "A", alice), _token(me, "B", alice)])
    _position(alice, v3, a, b)
    v2 = me.deploy(V2_FACTORY, me.address)
    v2_router = me.deploy(V2_ROUTER, v2, v3.weth)
    for token in (a, b):
        alice.send(token, ERC20.encode("approve", v2_router, 2**256 - 1))
    add = V2_ROUTER.encode("addLiquidity", a, b, 1000 * E18, 1000 * E18, 0, 0, alice.address, FOREVER)
    alice.send(v2_router, add, gas=5_000_000)
    # no Permit2 (no package ships it): the user pays the router first and it pays from its own balance
    router = me.deploy(UNIVERSAL_ROUTER, _router_parameters(v3.weth, v2, v3.factory, v3.positions))

    amount_in = 5 * E18
    (quoted, *_) = QUOTER.decode(
        "quoteExactInputSingle",
        alice.call(v3.quoter, QUOTER.encode("quoteExactInputSingle", (a, b, amount_in, FEE, 0))),
    )
    path = a + FEE.to_bytes(3, "big") + b
    v3_swap = encode(
        ["address", "uint256", "uint256", "bytes", "bool"], [alice.address, amount_in, quoted, path, False]
    )
    v2_swap = encode(
        ["address", "uint256", "uint256", "address[]", "bool"], [alice.address, amount_in, 1, [a, b], False]
    )
    alice.send(a, ERC20.encode("transfer", router, 2 * amount_in))
    before = _balance(me, b, alice.address)
    execute = "execute(bytes,bytes[],uint256)"
    alice.send(
        router, UNIVERSAL_ROUTER.encode(execute, bytes([0x00, 0x08]), [v3_swap, v2_swap], FOREVER), gas=1_000_000
    )
    v2_out = amount_in * 997 * 1000 * E18 // (1000 * E18 * 1000 + amount_in * 997)
    assert _balance(me, b, alice.address) - before == quoted + v2_out  # V3_SWAP_EXACT_IN, then V2_SWAP_EXACT_IN
    assert _balance(me, a, router) == 0


# -- helpers ---------------------------------------------------------------------


@dataclass
class V3:
    """Uniswap v3's factory and periphery on a fresh chain, and the pool `_position` makes."""

    weth: bytes
    factory: bytes
    positions: bytes
    swap_router: bytes
    quoter: bytes
    tick_lens: bytes
    pool: bytes = b""


def _v3(me: Sender) -> V3:
    weth = me.deploy(WETH)
    factory = me.deploy(V3_FACTORY)
    return V3(
        weth,
        factory,
        me.deploy(POSITIONS, factory, weth, b"\x01" * 20),  # no descriptor: only tokenURI would need it
        me.deploy(SWAP_ROUTER, factory, weth),
        me.deploy(QUOTER, factory, weth),
        me.deploy(TICK_LENS),
    )


def _position(owner: Sender, v3: V3, token0: bytes, token1: bytes) -> None:
    """A pool of the factory at price 1, and a full-range position in it through the position manager."""
    owner.send(v3.factory, V3_FACTORY.encode("createPool", token0, token1, FEE), gas=6_000_000)
    v3.pool = bytes.fromhex(view(owner, v3.factory, V3_FACTORY, "getPool", token0, token1, FEE)[2:])
    owner.send(v3.pool, V3_POOL.encode("initialize", 2**96))
    for token in (token0, token1):
        owner.send(token, ERC20.encode("approve", v3.positions, 2**256 - 1))
    mint = (token0, token1, FEE, *FULL_RANGE, 1000 * E18, 1000 * E18, 0, 0, owner.address, FOREVER)
    owner.send(v3.positions, POSITIONS.encode("mint", mint), gas=1_000_000)
    assert view(owner, v3.positions, POSITIONS, "balanceOf", owner.address) == 1


def _router_parameters(weth: bytes, v2: bytes, v3: bytes, positions: bytes) -> tuple[Any, ...]:
    """UniversalRouter's RouterParameters: no Permit2, v4 nor Across on the devnet."""
    none = b"\0" * 20
    return (none, weth, v2, v3, V2_PAIR_INIT_CODE_HASH, V3_POOL_INIT_CODE_HASH, none, positions, none, none)


def _token(me: Sender, symbol: str, holder: Sender) -> bytes:
    token = me.deploy(ERC20, f"Token {symbol}", symbol, 18)
    me.send(token, ERC20.encode("mint", holder.address, 10**6 * E18))
    return token


def _balance(me: Sender, token: bytes, owner: bytes | str) -> int:
    return int(view(me, token, ERC20, "balanceOf", owner))


def _push32(word: bytes) -> bytes:
    return b"\x7f" + word


def _same_but_immutables(shipped: bytes, deployed: bytes) -> bool:
    """The deployed code is the shipped runtime but for immutables, which the shipped code leaves zero."""
    return len(shipped) == len(deployed) and all(s == d or s == 0 for s, d in zip(shipped, deployed, strict=True))
