"""A chain's catalogue checked against the chain the first time the engine uses it.

A catalogue is a claim; the chain is the truth. On first use the engine asks the node which chain it is (a
node of another chain is refused in words), and whether there is code at every address the catalogue names:
without Multicall3 nothing can be read (refused, naming the address); a token, a factory or a pool with no code
is left out, said in the log; swapdesk's router is trusted only if the code at its address is swapdesk's own,
byte for byte (else the chain is quoted through the DEXes' own routers, `engine/quote/one_dex.py`). The checked
catalogue is kept for the engine's life.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import replace
from typing import Any

from web3 import AsyncWeb3

from swapdesk.api import ErrorCode, Unavailable
from swapdesk.catalogs import Catalog, SourceEntry, TokenEntry
from swapdesk.chain.multicall import Read, aggregate3
from swapdesk.chain.rpc import data, quantity, request
from swapdesk.chain.tron.node import TronNode
from swapdesk.chains import Chain
from swapdesk.engine.backends import ChainBackend, reaching
from swapdesk.engine.router import is_swapdesk_router
from swapdesk.engine.routing.pool_reader import KINDS
from swapdesk.words import QT_TR_NOOP, Words

log = logging.getLogger(__name__)
DECIMALS = bytes.fromhex("313ce567")  # decimals()
TOKEN0 = bytes.fromhex("0dfe1681")  # token0(): a pool's, never a token's


class CheckedChains:
    """A backend whose catalogues are checked against their chains on first use (see the module)."""

    def __init__(self, backend: ChainBackend) -> None:
        self.inner = backend
        self._checked: dict[int, Catalog] = {}
        self._checking: dict[int, asyncio.Lock] = {}
        self.said: list[str] = []  # what the checks found that a person should hear

    async def web3(self, chain: Chain) -> AsyncWeb3[Any]:
        return await self.inner.web3(chain)

    async def catalog(self, chain: Chain) -> Catalog:
        found = self._checked.get(chain.id)
        if found is not None:
            return found
        async with self._checking.setdefault(chain.id, asyncio.Lock()):
            if chain.id not in self._checked:
                claimed = await self.inner.catalog(chain)
                w3 = await self.inner.web3(chain)
                async with reaching(chain):
                    self._checked[chain.id] = await self._check(chain, claimed, w3)
        return self._checked[chain.id]

    async def _check(self, chain: Chain, claimed: Catalog, w3: AsyncWeb3[Any]) -> Catalog:
        answered, expected = quantity(await request(w3, "eth_chainId", [])), self.inner.network_id(chain)
        if answered != expected:
            raise Unavailable(
                ErrorCode.CHAIN_UNAVAILABLE,
                Words(
                    QT_TR_NOOP("the node configured for {chain} is chain {answered}, not {id}: check its URL"),
                    chain=chain.flag,
                    answered=answered,
                    id=expected,
                ),
            )
        named = {claimed.multicall, claimed.wrapped, *(t.address for t in claimed.tokens)}
        named |= {a for s in claimed.sources for a in (s.address, *s.pools)}
        if claimed.router is not None:
            named.add(claimed.router)
        codes = dict(zip(named, await asyncio.gather(*(_code(w3, a) for a in named)), strict=True))
        if not codes[claimed.multicall]:
            raise Unavailable(
                ErrorCode.CHAIN_UNAVAILABLE,
                Words(
                    QT_TR_NOOP(
                        "there is no Multicall3 at {address} on {chain}: swapdesk reads the chain through it;"
                        " correct the catalogue's `multicall`"
                    ),
                    address=claimed.multicall,
                    chain=chain.flag,
                ),
            )
        router = claimed.router
        if router is not None and not is_swapdesk_router(codes[router]):
            self._say(
                f"The catalogue of {chain.name} names swapdesk's router at {router}, but the code there is not"
                " swapdesk's router: quotes there go through the DEXes' own routers."
            )
            router = None
        tokens = [t for t in claimed.tokens if self._has_code(codes, t.address, chain, f"token {t.symbol}")]
        sources = []
        for source in claimed.sources:
            if not self._has_code(codes, source.address, chain, f"source {source.name}"):
                continue
            pools = [p for p in source.pools if self._has_code(codes, p, chain, f"a pool of {source.name}")]
            sources.append(replace(source, pools=pools))
        tokens, sources = await self._answering(chain, claimed.multicall, w3, tokens, sources)
        return replace(claimed, router=router, tokens=tokens, sources=sources)

    async def _answering(
        self, chain: Chain, multicall: str, w3: AsyncWeb3[Any], tokens: list[TokenEntry], sources: list[SourceEntry]
    ) -> tuple[list[TokenEntry], list[SourceEntry]]:
        """Those tokens that answer as the tokens claimed (their decimals, and not a pool's `token0`), and those
        sources that answer as their kind (`PoolKind.source_probe`); the others left out, each said."""
        probes = {s.name: KINDS[s.kind].source_probe(s) if s.kind in KINDS else None for s in sources}
        reads = [Read(t.address, DECIMALS) for t in tokens] + [Read(t.address, TOKEN0) for t in tokens]
        reads += [probe for probe in probes.values() if probe is not None]
        answers = iter(await aggregate3(w3, multicall, reads))
        decimals, token0 = [next(answers) for _ in tokens], [next(answers) for _ in tokens]
        kept_tokens = []
        for token, places, pool in zip(tokens, decimals, token0, strict=True):
            if (first := _word(pool)) is not None and first >> 160 == 0:
                self._say(f"The catalogue of {chain.name} names {token.address} as the token {token.symbol}, but it"
                          " is a pool (it answers token0()): left out.")  # fmt: skip
            elif _word(places) != token.decimals:
                told = "does not answer decimals()" if _word(places) is None else f"has {_word(places)} decimals"
                self._say(f"The catalogue of {chain.name} gives {token.symbol} ({token.address}) {token.decimals}"
                          f" decimals, but the token {told}: left out.")  # fmt: skip
            else:
                kept_tokens.append(token)
        kept_sources = []
        for source in sources:
            if probes[source.name] is not None and next(answers) is None:
                self._say(f"The catalogue of {chain.name} names {source.address} as the {source.kind} source"
                          f" {source.name}, but it does not answer as one: left out.")  # fmt: skip
            else:
                kept_sources.append(source)
        return kept_tokens, kept_sources

    def _has_code(self, codes: dict[str, bytes], address: str, chain: Chain, what: str) -> bool:
        if codes[address]:
            return True
        log.warning("%s: the catalogue's %s at %s has no code there: left out", chain.flag, what, address)
        return False

    def _say(self, words: str) -> None:
        log.warning("%s", words)
        self.said.append(words)

    def is_devnet(self, chain: Chain) -> bool:
        return self.inner.is_devnet(chain)

    def network_id(self, chain: Chain) -> int:
        return self.inner.network_id(chain)

    def tron_node(self) -> TronNode | None:
        return self.inner.tron_node()

    @property
    def notices(self) -> list[str]:
        return [*self.inner.notices, *self.said]

    async def aclose(self) -> None:
        await self.inner.aclose()


def _word(raw: bytes | None) -> int | None:
    """The one 32-byte word a view answers, or None (a revert, or an answer of another shape)."""
    return int.from_bytes(raw, "big") if raw is not None and len(raw) == 32 else None


async def _code(w3: AsyncWeb3[Any], address: str) -> bytes:
    return data(await request(w3, "eth_getCode", [address, "latest"]))
