"""Transactions that move pools, sent to any node: pair swaps, mints, burns, syncs, skims, StableSwap
exchanges and deposits, Uniswap V3 swaps (through its SwapRouter), positions minted and burnt (through its
NonfungiblePositionManager), and the router's own swaps. Each draws its sizes from the pool's state as the
chain holds it, so it succeeds (a test of the reader must not depend on what the reader says)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from eth_account import Account
from eth_account.signers.local import LocalAccount
from hypothesis import strategies as st
from web3 import AsyncWeb3

from swapdesk.contracts import artifact, vendored
from swapdesk.devnet.manifest import Manifest

from .test_aggregation_executes import send

PAIR, STABLE, ERC20, WETH = artifact("UniswapV2Pair"), artifact("StableSwap"), artifact("ERC20"), artifact("WETH9")
V3_POOL, V3_ROUTER = vendored("UniswapV3Pool"), vendored("SwapRouter")
MANAGER = vendored("NonfungiblePositionManager")
KINDS = ["swap", "mint", "burn", "sync", "skim", "exchange", "deposit", "v3swap", "v3mint", "v3burn", "router"]
DEADLINE = 2**32


@dataclass(frozen=True)
class Action:
    kind: str
    pool: int  # index into the chain's pairs
    direction: bool
    share: int  # parts per 10,000 of the pool's reserve (or balance) that the action moves


actions = st.builds(Action, st.sampled_from(KINDS), st.integers(0, 10_000), st.booleans(), st.integers(1, 300))


class Mover:
    def __init__(self, w3: AsyncWeb3[Any], manifest: Manifest, key: bytes) -> None:
        self.w3, self.manifest = w3, manifest
        self.account: LocalAccount = Account.from_key(key)
        self.pairs = [p for s in manifest.sources if s.kind == "uniswap_v2" for p in s.pools]
        self.stable = next(s.address for s in manifest.sources if s.kind == "stableswap")
        self.v3 = next(s for s in manifest.sources if s.kind == "uniswap_v3")
        self.minted: list[int] = []  # pairs this account holds liquidity tokens of
        self.positions: list[int] = []  # V3 positions this account holds (their token ids)
        self.swapped: list[tuple[str, str, int, int]] = []  # V3 swaps done: (pool, token in, amount in, out)

    async def _send(self, to: str, data: bytes, gas: int = 400_000, value: int = 0) -> None:
        _, status = await send(self.w3, self.account, {"to": to, "data": data, "value": value}, gas)
        assert status == 1, f"a transaction to {to} reverted"

    async def _read(self, to: str, data: bytes) -> bytes:
        return bytes(await self.w3.eth.call({"to": AsyncWeb3.to_checksum_address(to), "data": data}))

    async def _balance(self, token: str, owner: str) -> int:
        return int(ERC20.decode("balanceOf", await self._read(token, ERC20.encode("balanceOf", owner)))[0])

    async def _fund(self, token: str, amount: int) -> int:
        """Up to `amount` of `token` in hand, at most a quarter of what is held so that a sequence never runs
        dry (the wrapped coin wrapped on the way); how much."""
        held = await self._balance(token, self.account.address) // 4
        if token == self.manifest.wrapped and held < amount:
            native = await self.w3.eth.get_balance(self.account.address)
            wrap = min(amount - held, native // 2)
            if wrap > 0:
                await self._send(token, WETH.encode("deposit"), 100_000, wrap)
                held += wrap
        return min(held, amount)

    async def _pair(self, index: int) -> tuple[str, str, str, int, int]:
        pair = self.pairs[index % len(self.pairs)]
        token0 = AsyncWeb3.to_checksum_address(PAIR.decode("token0", await self._read(pair, PAIR.encode("token0")))[0])
        token1 = AsyncWeb3.to_checksum_address(PAIR.decode("token1", await self._read(pair, PAIR.encode("token1")))[0])
        reserve0, reserve1, _ = PAIR.decode("getReserves", await self._read(pair, PAIR.encode("getReserves")))
        return pair, token0, token1, reserve0, reserve1

    async def do(self, action: Action, quote_and_swap: object = None) -> str:
        """Run `action`; what it did, for the test's report."""
        me = self.account.address
        if action.kind in ("exchange", "deposit"):
            return await self._stable(action)
        if action.kind.startswith("v3"):
            return await self._v3(action)
        if action.kind == "router":
            assert callable(quote_and_swap)
            await quote_and_swap(action)
            return "router swap"
        if action.kind == "burn":
            if not self.minted:
                return "burn skipped: no liquidity tokens held"
            pair = self.pairs[self.minted.pop(action.pool % len(self.minted))]
            held = await self._balance(pair, me)
            await self._send(pair, ERC20.encode("transfer", pair, held * action.share // 300), 100_000)
            await self._send(pair, PAIR.encode("burn", me))
            return "burn"
        pair, token0, token1, reserve0, reserve1 = await self._pair(action.pool)
        forward = (token0, reserve0, reserve1)
        token_in, reserve_in, reserve_out = forward if action.direction else (token1, reserve1, reserve0)
        amount = await self._fund(token_in, reserve_in * action.share // 10_000)
        if amount == 0:
            return f"{action.kind} skipped: nothing to pay with"
        if action.kind == "swap":
            fee = next(s.fee_bps for s in self.manifest.sources if pair in s.pools)
            out = amount * (10_000 - fee) * reserve_out // (reserve_in * 10_000 + amount * (10_000 - fee))
            if out == 0:
                return "swap skipped: rounds to nothing"
            await self._send(token_in, ERC20.encode("transfer", pair, amount), 100_000)
            outs = (0, out) if action.direction else (out, 0)
            await self._send(pair, PAIR.encode("swap", *outs, me, b""))
            return "pair swap"
        if action.kind == "mint":
            other, other_reserve = (token1, reserve1) if action.direction else (token0, reserve0)
            other_amount = await self._fund(other, other_reserve * amount // reserve_in)
            if other_amount == 0:
                return "mint skipped: nothing to pay with"
            await self._send(token_in, ERC20.encode("transfer", pair, amount), 100_000)
            await self._send(other, ERC20.encode("transfer", pair, other_amount), 100_000)
            await self._send(pair, PAIR.encode("mint", me))
            self.minted.append(action.pool % len(self.pairs))
            return "mint"
        await self._send(token_in, ERC20.encode("transfer", pair, amount), 100_000)  # a donation
        await self._send(pair, PAIR.encode(action.kind) if action.kind == "sync" else PAIR.encode("skim", me))
        return action.kind

    async def _stable(self, action: Action) -> str:
        pool = self.stable
        coins = [
            AsyncWeb3.to_checksum_address(STABLE.decode("coins", await self._read(pool, STABLE.encode("coins", i)))[0])
            for i in range(3)
        ]
        balances = [
            int(STABLE.decode("balances", await self._read(pool, STABLE.encode("balances", i)))[0]) for i in range(3)
        ]
        if action.kind == "exchange":
            i = action.pool % 3
            j = (i + (1 if action.direction else 2)) % 3
            amount = await self._fund(coins[i], balances[i] * action.share // 10_000)
            if amount == 0:
                return "exchange skipped: nothing to pay with"
            await self._send(coins[i], ERC20.encode("approve", pool, amount), 100_000)
            await self._send(pool, STABLE.encode("exchange", i, j, amount, 0))
            return "stable exchange"
        amounts = [await self._fund(c, b * action.share // 10_000) for c, b in zip(coins, balances, strict=True)]
        if not any(amounts):
            return "deposit skipped: nothing to pay with"
        for coin, amount in zip(coins, amounts, strict=True):
            await self._send(coin, ERC20.encode("approve", pool, amount), 100_000)
        await self._send(pool, STABLE.encode("add_liquidity", amounts, 0), 600_000)
        return "stable deposit"

    async def _v3_pool(self, index: int) -> tuple[str, str, str, int, int, int, int]:
        pool = self.v3.pools[index % len(self.v3.pools)]

        async def read(fn: str) -> tuple[object, ...]:
            return V3_POOL.decode(fn, await self._read(pool, V3_POOL.encode(fn)))

        token0 = AsyncWeb3.to_checksum_address(str((await read("token0"))[0]))
        token1 = AsyncWeb3.to_checksum_address(str((await read("token1"))[0]))
        fee, spacing = int(str((await read("fee"))[0])), int(str((await read("tickSpacing"))[0]))
        tick = int(str((await read("slot0"))[1]))
        return pool, token0, token1, fee, spacing, tick, int(str((await read("liquidity"))[0]))

    async def _v3(self, action: Action) -> str:
        me = self.account.address
        pool, token0, token1, fee, spacing, tick, _ = await self._v3_pool(action.pool)
        if action.kind == "v3burn":
            if not self.positions:
                return "v3 burn skipped: no position held"
            token_id = self.positions[action.pool % len(self.positions)]
            position = MANAGER.decode(
                "positions", await self._read(self.v3.position_manager or "", MANAGER.encode("positions", token_id))
            )
            liquidity = int(str(position[7])) * action.share // 300
            if liquidity == 0:
                return "v3 burn skipped: nothing to take"
            decrease = (token_id, liquidity, 0, 0, DEADLINE)
            await self._send(self.v3.position_manager or "", MANAGER.encode("decreaseLiquidity", decrease), 600_000)
            return "v3 burn"
        token_in, token_out = (token0, token1) if action.direction else (token1, token0)
        depth = await self._balance(token_in, pool)
        if action.kind == "v3swap":
            amount = await self._fund(token_in, depth * action.share // 10_000)
            if amount == 0:
                return "v3 swap skipped: nothing to pay with"
            await self._send(token_in, ERC20.encode("approve", self.v3.router, amount), 100_000)
            before = await self._balance(token_out, me)
            swap = (token_in, token_out, fee, me, DEADLINE, amount, 0, 0)
            await self._send(self.v3.router or "", V3_ROUTER.encode("exactInputSingle", swap), 2_000_000)
            self.swapped.append((pool, token_in, amount, await self._balance(token_out, me) - before))
            return "v3 swap"
        # a position somewhere around the price: narrow or wide, below, across or above it
        lower = (tick // spacing - 1 - action.share % 60) * spacing
        upper = (tick // spacing + 1 + (action.share * 7) % 60) * spacing
        if not action.direction:
            lower, upper = lower - 30 * spacing, upper - 30 * spacing
        amount0 = await self._fund(token0, await self._balance(token0, pool) * action.share // 10_000)
        amount1 = await self._fund(token1, await self._balance(token1, pool) * action.share // 10_000)
        if amount0 == 0 and amount1 == 0:
            return "v3 mint skipped: nothing to pay with"
        manager = self.v3.position_manager or ""
        for token, amount in ((token0, amount0), (token1, amount1)):
            await self._send(token, ERC20.encode("approve", manager, amount), 100_000)
        mint = (token0, token1, fee, lower, upper, amount0, amount1, 0, 0, me, DEADLINE)
        try:
            await self._send(manager, MANAGER.encode("mint", mint), 1_000_000)
        except AssertionError:
            return "v3 mint skipped: the range takes none of what was offered"
        held = int(str(MANAGER.decode("balanceOf", await self._read(manager, MANAGER.encode("balanceOf", me)))[0]))
        minted = MANAGER.decode(
            "tokenOfOwnerByIndex", await self._read(manager, MANAGER.encode("tokenOfOwnerByIndex", me, held - 1))
        )
        self.positions.append(int(str(minted[0])))
        return "v3 mint"
