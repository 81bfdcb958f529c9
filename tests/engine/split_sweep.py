"""Random trades on a random world of the protocols' own pools (`split_world.py`), each quote checked against
the single routes it could have taken: the sweep of `benchmarks/split_sweep.py` and of
`test_split_never_worse.py`.

Each trade: a random pair, amount (from a thousandth of a WETH's worth to a thousand) and `part`; the quote of
swapdesk's router, through the engine as any user gets it (JSON-RPC to anvil, the pools found from the
factories); the quote of the engine on the same chain without swapdesk's router (the fallback: the best route
a DEX's own router runs) for the same amount reaching the pools; what every one- and two-hop route gives for
that amount, asked of the protocols' own periphery (Router02's `getAmountsOut`, QuoterV2's
`quoteExactInputSingle`, hop after hop, in one Multicall3 call a round, at the quoted block); then the swap
itself, sent, and what it delivered. Between trades a random swap through a DEX's own router moves a pool.

With gas free (a block base fee of 0) every comparison is of outputs. With gas priced (`base_fee` > 0, set on
each quoted block) the engine's answer is chosen after gas, and the comparisons with `amounts` are made in that
unit, from the record: `totalAmountOut - gasCost` against each entry's `amountOut - gasCost`.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import httpx
from eth_abi import decode
from eth_utils import to_checksum_address

from swapdesk.api import AggSwapRequest, ApiError, parse
from swapdesk.api.records import AggQuote
from swapdesk.chains import by_id
from swapdesk.contracts import vendored
from swapdesk.devnet.sender import Reverted, RpcSender
from swapdesk.devnet.uniswap import MULTICALL3
from swapdesk.engine import Engine, RpcBackend
from swapdesk.engine.routing.pool import Pool
from swapdesk.engine.routing.routes import Hop as RouteHop
from swapdesk.engine.routing.routes import Route, output
from tests.engine.split_world import E18, QUOTER, ROUTER02, SWAP_ROUTER, Hop, World

MULTICALL = vendored("Multicall3")
ERC20 = vendored("TestERC20")
PARTS = (1, 3, 10, 20, 50, 100)


@dataclass
class Tally:
    """What a sweep found: counts by what happened, and the worst shortfalls (bps) seen."""

    counts: Counter[str] = field(default_factory=Counter)
    worst: dict[str, float] = field(default_factory=dict)
    cases: list[str] = field(default_factory=list)

    def below(self, what: str, short: int, of: int, case: str) -> None:
        self.counts[what] += 1
        self.worst[what] = max(self.worst.get(what, 0.0), short * 10_000 / of)
        if len(self.cases) < 20:
            self.cases.append(f"{what}: {short} short of {of}: {case}")


class Node:
    """Plain JSON-RPC to anvil."""

    def __init__(self, url: str) -> None:
        self.client = httpx.Client(timeout=60)
        self.url = url

    def rpc(self, method: str, *params: Any) -> Any:
        body = self.client.post(self.url, json={"jsonrpc": "2.0", "id": 1, "method": method, "params": list(params)})
        answer = body.json()
        if "error" in answer:
            raise RuntimeError(f"{method}: {answer['error']}")
        return answer["result"]

    def balance(self, token: str, owner: str) -> int:
        raw = self.rpc("eth_call", {"to": token, "data": "0x" + ERC20.encode("balanceOf", owner).hex()}, "latest")
        return int(raw, 16)

    def outputs(self, calls: list[tuple[str, bytes, int]], block: int) -> list[int]:
        """Each call's return word at the index it names (-1: the last), 0 where it failed, all in one Multicall3
        call at `block`."""
        data = MULTICALL.encode("aggregate3", [(to, True, call) for to, call, _ in calls])
        raw = self.rpc("eth_call", {"to": MULTICALL3, "data": "0x" + data.hex()}, hex(block))
        (results,) = decode(["(bool,bytes)[]"], bytes.fromhex(raw[2:]))
        words = [[out[n : n + 32] for n in range(0, len(out) - 31, 32)] if ok else [] for ok, out in results]
        return [int.from_bytes(w[at], "big") if w else 0 for w, (_, _, at) in zip(words, calls, strict=True)]


def _ask(world: World, hop: Hop, token_in: str, amount: int) -> tuple[str, bytes, int]:
    """The periphery's call for what `hop` gives for `amount`, and where the answer is: the last of
    `getAmountsOut`'s amounts, the first of `quoteExactInputSingle`'s four words."""
    token_out = hop.b if token_in == hop.a else hop.a
    if hop.kind == "v2":
        return world.v2_routers[hop.source], ROUTER02.encode("getAmountsOut", amount, [token_in, token_out]), -1
    return world.quoter, QUOTER.encode("quoteExactInputSingle", (token_in, token_out, amount, hop.fee, 0)), 0


def single_routes(node: Node, world: World, src: str, dst: str, amount: int, block: int) -> list[OnChain]:
    """What every one- and two-hop route gives for `amount`, asked of the protocols' periphery."""
    direct = world.between(src, dst)
    firsts = [(x, hop) for x in world.tokens.values() if x not in (src, dst) for hop in world.between(src, x)]
    asked = [_ask(world, hop, src, amount) for hop in [*direct, *(hop for _, hop in firsts)]]
    answers = node.outputs(asked, block)
    routes = [OnChain(out, ((hop, dst),)) for out, hop in zip(answers, direct, strict=False)]
    pairs = []
    for (x, first), through in zip(firsts, answers[len(direct) :], strict=True):
        if through:
            pairs += [(first, second, x, through) for second in world.between(x, dst)]
    outs = node.outputs([_ask(world, second, x, through) for _, second, x, through in pairs], block)
    routes += [
        OnChain(out, ((first, x), (second, dst))) for out, (first, second, x, _) in zip(outs, pairs, strict=True)
    ]
    return routes


@dataclass(frozen=True)
class OnChain:
    """A route and what the protocols' periphery says it gives."""

    out: int
    hops: tuple[tuple[Hop, str], ...]  # each hop's pool and the token it gives

    @property
    def sources(self) -> set[str]:
        return {hop.source for hop, _ in self.hops}

    def on_models(self, pools: dict[str, Pool], src: str, amount: int) -> int:
        """What the engine's models of the same pools give for it (`routes.output`); 0 for a pool it has not."""
        by_address = {address.lower(): address for address in pools}
        hops, token = [], to_checksum_address(src)
        for hop, token_out in self.hops:
            if hop.pool not in by_address:
                return 0
            hops.append(RouteHop(by_address[hop.pool], token, to_checksum_address(token_out), hop.source))
            token = to_checksum_address(token_out)
        return output(Route(tuple(hops)), amount, pools)


def _request(world: World, src: str, dst: str, amount: int, part: int, to: str) -> AggSwapRequest:
    query = {
        "chain": str(world.catalogue["chain_id"]), "token0": src, "token1": dst, "decimal0": "18", "decimal1": "18",
        "amountIn": str(amount), "part": str(part), "impact": "50", "amountOutMin": "0", "to": to, "issuer": to,
        "channel": "web",
    }  # fmt: skip
    return parse(AggSwapRequest, query.items())


def _worth(out: str, cost: str | None) -> int:
    return int(out) - int(cost or 0)


def _gas_cost(record: Any) -> str | None:
    """The record's `gasCost` (None in the records before issue 28, which compared outputs only)."""
    return getattr(record, "gasCost", None)


async def sweep(world: World, trader_key: bytes, trades: int, seed: int, base_fee: int = 0) -> Tally:
    """`trades` random trades on `world` by the funded `trader_key`, from `seed`; `base_fee` in wei, on each
    quoted block."""
    rng, tally, node = random.Random(seed), Tally(), Node(world.url)
    chain_id = int(world.catalogue["chain_id"])
    split_engine = Engine(RpcBackend({chain_id: world.url}, {chain_id: world.catalog()}))
    dex_engine = Engine(RpcBackend({chain_id: world.url}, {chain_id: world.catalog(router=False)}))
    trader = RpcSender(world.url, trader_key)  # it trades through swapdesk's router, and moves pools between trades
    try:
        for token in world.tokens.values():
            for spender in (world.catalogue["router"], *world.v2_routers.values(), world.swap_router):
                trader.send(token, ERC20.encode("approve", spender, 2**256 - 1), gas=100_000)
        for n in range(trades):
            src, dst = rng.sample(list(world.tokens.values()), 2)
            worth = 10 ** rng.uniform(-3, 3)  # WETH
            amount = max(1, int(worth / float(world.value[src]) * E18))
            part = rng.choice(PARTS)
            if base_fee:
                node.rpc("anvil_setNextBlockBaseFeePerGas", hex(base_fee))
            node.rpc("evm_mine")
            case = f"trade {n}: {amount} {src} -> {dst}, part {part}"
            await _trade(world, node, (split_engine, dex_engine), trader, (src, dst, amount, part), tally, case)
            _move(world, trader, rng)
    finally:
        trader.close()
        await split_engine.aclose()
        await dex_engine.aclose()
        node.client.close()
    return tally


async def _trade(
    world: World,
    node: Node,
    engines: tuple[Engine, Engine],
    trader: RpcSender,
    trade: tuple[str, str, int, int],
    tally: Tally,
    case: str,
) -> None:
    src, dst, amount, part = trade
    try:
        quote = await engines[0].agg_swap(_request(world, src, dst, amount, part, trader.address))
    except ApiError as refused:
        tally.counts[f"refused: {refused.code.value}"] += 1
        return
    assert isinstance(quote, AggQuote)
    tally.counts["quotes"] += 1
    total, used, block = int(quote.totalAmountOut), int(quote.usedAmountIn), int(quote.blockNumber or 0)
    answer = _worth(quote.totalAmountOut, _gas_cost(quote))
    listed = max((_worth(a.amountOut, _gas_cost(a)) for a in quote.amounts if int(a.amountOut)), default=0)
    if answer < listed:  # in the engine's unit: after gas when gas is priced
        tally.below("below a listed route", listed - answer, listed, case)
    best_listed = max((int(a.amountOut) for a in quote.amounts), default=0)
    if total < best_listed:
        tally.below("output below a listed route's output", best_listed - total, best_listed, case)
    singles = single_routes(node, world, src, dst, used, block)
    reader = await engines[0].aggregator.reader(by_id(int(world.catalogue["chain_id"])))
    pools = (await reader.current()).pools

    def modelled(route: OnChain) -> bool:  # the engine's models give the route as the chain does
        return route.on_models(pools, src, used) == route.out

    best = max(singles, key=lambda route: route.out, default=None)
    if best is not None and total < best.out:
        # the quote missed it; or its models do not give it: a V3 pool taken beyond the ticks the engine reads of
        # it (a price four times up or down)
        what = (
            "output below a single route's, on chain"
            if modelled(best)
            else "output below a route its models do not give"
        )
        tally.below(what, best.out - total, best.out, case)
    for entry in quote.amounts:  # each source's listing against its own routes on chain
        own = max((r for r in singles if r.sources == {entry.exchange}), key=lambda r: r.out, default=None)
        out = 0 if own is None else own.out
        if int(entry.amountOut) > out or (not _gas_cost(quote) and int(entry.amountOut) != out):
            assert own is not None
            what = (
                "a listing other than its source's best route" if modelled(own) else "a listing its models cannot give"
            )
            tally.counts[what] += 1
            tally.cases.append(f"{what}: {entry.exchange} {entry.amountOut}, on chain {out}: {case}")
    try:
        fallback = await engines[1].agg_swap(_request(world, src, dst, used, part, trader.address))
        theirs = int(fallback.totalAmountOut)
        if total < theirs:
            tally.below("output below the fallback's route", theirs - total, theirs, case)
    except ApiError:
        tally.counts["fallback refused"] += 1
    before = node.balance(dst, trader.address)
    trader.send(quote.aggregator, bytes.fromhex(quote.data[2:]), gas=(quote.estimatedGas or 1_000_000) * 2)
    if node.balance(dst, trader.address) - before != total:
        tally.counts["executed other than quoted"] += 1
        tally.cases.append(f"executed other than quoted: {case}")


def _move(world: World, market: RpcSender, rng: random.Random) -> None:
    """A random swap through a DEX's own router, of 0.1 % to 10 % of the pool's depth: its price moves."""
    hop = rng.choice(world.hops)
    token_in, token_out = (hop.a, hop.b) if rng.random() < 0.5 else (hop.b, hop.a)
    amount = max(1, int(float(hop.depth) * 10 ** rng.uniform(-3, -1) / float(world.value[token_in]) * E18))
    if hop.kind == "v2":
        call = ROUTER02.encode("swapExactTokensForTokens", amount, 0, [token_in, token_out], market.address, 2**40)
        to = world.v2_routers[hop.source]
    else:
        single = (token_in, token_out, hop.fee, market.address, 2**40, amount, 0, 0)
        call, to = SWAP_ROUTER.encode("exactInputSingle", single), world.swap_router
    with contextlib.suppress(Reverted):  # a pool that cannot take it (a V2 pair's output rounds to 0): no move
        market.send(to, call, gas=1_000_000)


def run(world: World, trader_key: bytes, trades: int, seed: int, base_fee: int = 0) -> Tally:
    return asyncio.run(sweep(world, trader_key, trades, seed, base_fee))
