"""Pool state kept from the logs equals the chain's own, read whole, after any sequence of pool moves.

Random sequences of pair swaps, mints, burns, syncs, skims, StableSwap exchanges and deposits, Uniswap V3
swaps, positions minted and burnt, and the router's own split swaps are sent to the devnet (whose clock adds
empty blocks between them) and to anvil; after each, the reader's state at the head is compared with every
pool read whole at that block. The reader must have followed the logs to get there: it read every pool only
once, at the start, and no pool again (the devnet's contracts log every change of their state). Each V3 swap
also pays exactly what the engine's model of the pool, from the state kept before it, said it would.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest
from eth_account import Account
from hypothesis import HealthCheck, Phase, event, example, given, settings
from hypothesis import strategies as st
from web3 import AsyncHTTPProvider, AsyncWeb3
from web3.types import RPCEndpoint, TxParams

from swapdesk.api import AggSwapRequest, parse
from swapdesk.chains import by_id
from swapdesk.contracts import artifact
from swapdesk.devnet.accounts import DEPLOYER_INDEX, demo_key
from swapdesk.devnet.backend import DevnetBackend
from swapdesk.devnet.builder import deploy_world
from swapdesk.devnet.manifest import Manifest
from swapdesk.devnet.network import Devnet
from swapdesk.devnet.provider import DevnetProvider
from swapdesk.devnet.sender import RpcSender
from swapdesk.engine import Engine, RpcBackend
from tests.anvil import running_anvil

from .pool_actions import ERC20, KINDS, Action, Mover, actions
from .test_aggregation_executes import NATIVE, send

CHAIN = 56
TRADER = 3  # a demo account the other engine tests leave alone

EVERY_KIND = [Action(kind, 5 * n, n % 2 == 0, 150) for n, kind in enumerate(KINDS)]  # a mint before the burn
SEQUENCES = settings(
    max_examples=4,
    deadline=None,
    derandomize=True,
    phases=[Phase.explicit, Phase.generate],  # every example moves the chain's pools: replaying would not repeat it
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


@pytest.fixture(scope="module")
async def on_devnet() -> AsyncIterator[tuple[AsyncWeb3[Any], Engine, Manifest]]:
    """A devnet of its own (pools no other test moves), blocks every 150 ms so empty ones fall between moves."""
    devnet = Devnet(speed=20)
    engine = Engine(DevnetBackend(devnet))
    manifest = await devnet.start(CHAIN)
    yield AsyncWeb3(DevnetProvider(devnet, CHAIN)), engine, manifest
    await engine.aclose()


@pytest.fixture(scope="module")
def anvil_world() -> Iterator[tuple[str, Manifest]]:
    with running_anvil(CHAIN) as url:
        deployer = RpcSender(url, demo_key(DEPLOYER_INDEX))
        manifest = deploy_world(deployer, CHAIN)
        deployer.close()
        yield url, manifest


# anvil is a network like any other to the engine: it refuses to send to a public test account there
RECIPIENT = "0x2c7536E3605D9C16a7a3D7b1898e529396a65c23"


async def _router_swap(w3: AsyncWeb3[Any], engine: Engine, manifest: Manifest, action: Action) -> None:
    """The engine's own quote for a split across sources, executed."""
    account = Account.from_key(demo_key(TRADER))
    tokens = manifest.tokens[1:]
    sell = tokens[action.pool % len(tokens)]
    buy = tokens[(action.pool + 1 + action.direction) % len(tokens)]
    balance_of: TxParams = {"to": sell.address, "data": ERC20.encode("balanceOf", account.address)}
    held = int(ERC20.decode("balanceOf", bytes(await w3.eth.call(balance_of)))[0])
    amount = held * action.share // 3_000
    if amount == 0:
        return
    query = {
        "token0": sell.address, "token1": buy.address, "decimal0": str(sell.decimals), "decimal1": str(buy.decimals),
        "impact": "100", "part": "20", "amountIn": str(amount), "amountOutMin": "0", "to": RECIPIENT,
        "issuer": account.address, "chain": by_id(CHAIN).flag,
    }  # fmt: skip
    quote = await engine.agg_swap(parse(AggSwapRequest, query.items()))
    await send(w3, account, {"to": sell.address, "data": ERC20.encode("approve", quote.aggregator, amount)}, 100_000)
    _, status = await send(w3, account, {"to": quote.aggregator, "data": quote.data}, 3_000_000)
    assert status == 1


async def _moves_follow_the_chain(w3: AsyncWeb3[Any], engine: Engine, manifest: Manifest, moves: list[Action]) -> None:
    reader = await engine.aggregator.reader(by_id(CHAIN))
    mover = Mover(w3, manifest, demo_key(TRADER))
    whole_reads = reader.whole_reads
    await reader.current()  # the first look reads every pool, if no quote has yet
    if reader.whole_reads == whole_reads:
        whole_reads -= 1  # an earlier example started it: it must not read whole again
    for move in moves:
        before = await reader.current()
        done = await mover.do(move, lambda a: _router_swap(w3, engine, manifest, a))
        event(done)
        if done == "v3 swap":  # the model, from the state kept before, paid what the real pool paid
            pool, token_in, amount, out = mover.swapped[-1]
            model = before.pools[pool]
            token_out = next(t for t in model.tokens() if t != token_in)
            assert model.amount_out(token_in, token_out, amount) == out, f"{pool}: {amount} {token_in}"
        state = await reader.current()
        assert state.pools == await reader.read_pools(state.number), f"after {done}"
    assert reader.whole_reads == whole_reads + 1
    assert reader.pools_read_again == 0


V3_MOVES = st.builds(Action, st.sampled_from(["v3swap", "v3mint", "v3burn"]), st.integers(0, 10_000), st.booleans(),
                     st.integers(1, 300))  # fmt: skip


@SEQUENCES
@given(moves=st.lists(V3_MOVES, min_size=8, max_size=16))
async def test_v3_pools_swap_as_modelled_and_follow_their_logs(
    on_devnet: tuple[AsyncWeb3[Any], Engine, Manifest], moves: list[Action]
) -> None:
    """Swaps across many ticks, and positions minted and burnt around and away from the price."""
    await _moves_follow_the_chain(*on_devnet, moves)


@SEQUENCES
@given(moves=st.lists(actions, min_size=6, max_size=10))
@example(moves=EVERY_KIND)
async def test_log_driven_state_is_the_chain_state_on_the_devnet(
    on_devnet: tuple[AsyncWeb3[Any], Engine, Manifest], moves: list[Action]
) -> None:
    await _moves_follow_the_chain(*on_devnet, moves)


@SEQUENCES
@given(moves=st.lists(actions, min_size=6, max_size=10))
@example(moves=EVERY_KIND)
async def test_log_driven_state_is_the_chain_state_on_anvil(
    anvil_world: tuple[str, Manifest], moves: list[Action]
) -> None:
    url, manifest = anvil_world
    engine = Engine(RpcBackend({CHAIN: url}, {CHAIN: manifest}))
    w3 = AsyncWeb3(AsyncHTTPProvider(url))
    try:
        await _moves_follow_the_chain(w3, engine, manifest, moves)
    finally:
        await w3.provider.disconnect()
        await engine.aclose()


async def test_a_quote_is_stamped_with_the_block_of_its_state(
    on_devnet: tuple[AsyncWeb3[Any], Engine, Manifest],
) -> None:
    w3, engine, manifest = on_devnet
    usdt = manifest.token("USDT")
    query = {
        "token0": usdt.address, "token1": NATIVE, "decimal0": str(usdt.decimals), "decimal1": "18", "impact": "50",
        "part": "10", "amountIn": str(1_000 * 10**usdt.decimals), "amountOutMin": "0",
        "to": Account.from_key(demo_key(TRADER)).address, "chain": by_id(CHAIN).flag,
    }  # fmt: skip
    before = await w3.eth.block_number
    quote = await engine.agg_swap(parse(AggSwapRequest, query.items()))
    reader = await engine.aggregator.reader(by_id(CHAIN))
    state = await reader.current()
    assert quote.blockNumber is not None and before <= quote.blockNumber <= state.number
    # the deadline is 20 minutes from the stamped block's own time
    header = await w3.eth.get_block(quote.blockNumber)
    (swap,) = artifact("AggregationRouter").decode_input("swap", bytes.fromhex(quote.data[2:]))
    assert swap[6] == header["timestamp"] + 20 * 60


async def test_a_chain_that_went_back_is_read_whole_on_anvil(anvil_world: tuple[str, Manifest]) -> None:
    """A node's snapshot reverted (what a reorganisation or a reset looks like to a client): the blocks the
    state was built on are gone, so the reader reads every pool again rather than follow logs from them."""
    url, manifest = anvil_world
    engine = Engine(RpcBackend({CHAIN: url}, {CHAIN: manifest}))
    w3 = AsyncWeb3(AsyncHTTPProvider(url))
    mover = Mover(w3, manifest, demo_key(TRADER))
    try:
        reader = await engine.aggregator.reader(by_id(CHAIN))
        await reader.current()
        snapshot: Any = await w3.provider.make_request(RPCEndpoint("evm_snapshot"), [])
        for share in (40, 60):
            await mover.do(Action("swap", 7, True, share))
        moved = await reader.current()
        whole_reads = reader.whole_reads
        await w3.provider.make_request(RPCEndpoint("evm_revert"), [snapshot["result"]])
        await mover.do(Action("swap", 7, False, 50))  # another history, from the same parent
        state = await reader.current()
        assert reader.whole_reads == whole_reads + 1
        assert state.pools == await reader.read_pools(state.number) != moved.pools
    finally:
        await w3.provider.disconnect()
        await engine.aclose()
