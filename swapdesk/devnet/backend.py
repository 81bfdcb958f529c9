"""The devnet as the engine sees any network (`swapdesk.engine.ChainBackend`): each chain's JSON-RPC (in process,
through `DevnetProvider`) and its catalogue (the world's, with its bridges' contracts)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from web3 import AsyncWeb3

from swapdesk.address import parse_evm, to_checksum
from swapdesk.api import ErrorCode, Unavailable
from swapdesk.catalogs import BridgeContracts, Catalog
from swapdesk.chain.tron.node import TronNode
from swapdesk.chains import Chain
from swapdesk.devnet.bridges.deployment import BridgeDeployment
from swapdesk.devnet.chaindata import ChainData
from swapdesk.devnet.manifest import Manifest
from swapdesk.devnet.network import NOT_STARTED, Devnet
from swapdesk.devnet.provider import DevnetProvider
from swapdesk.devnet.tron.transport import devnet_tron_node


def catalog_of(manifest: Manifest, deployment: BridgeDeployment | None) -> Catalog:
    """A devnet chain's catalogue as any engine reads it: the world's facts, its bridges' contracts with them."""
    if deployment is None:
        return manifest.catalog()
    return replace(manifest.catalog(), bridges=bridge_contracts(deployment))


def bridge_contracts(deployment: BridgeDeployment) -> BridgeContracts:
    def hex_(address: str) -> str:
        return to_checksum(parse_evm(address))

    tokens = [
        *deployment.cbridge.tokens,
        *deployment.metapath.tokens,
        *(t.underlying for t in deployment.anyswap.tokens),
    ]
    return BridgeContracts(
        {
            "ANYSWAP": hex_(deployment.anyswap.router),
            "CBRIDGE": hex_(deployment.cbridge.bridge),
            "METAPATH": hex_(deployment.metapath.contract),
        },
        {hex_(t.address): hex_(t.underlying.address) for t in deployment.anyswap.tokens},
        sorted({hex_(t.address) for t in tokens if t.native}),
    )


class DevnetBackend:
    def __init__(self, devnet: Devnet | None = None) -> None:
        """By default the user's devnet, whose chains keep their blocks between runs."""
        self.devnet = devnet or Devnet(ChainData())
        self._web3: dict[int, AsyncWeb3[Any]] = {}
        self._catalogs: dict[int, Catalog] = {}

    async def web3(self, chain: Chain) -> AsyncWeb3[Any]:
        await self.catalog(chain)
        if chain.id not in self._web3:
            self._web3[chain.id] = AsyncWeb3(DevnetProvider(self.devnet, chain.id))
        return self._web3[chain.id]

    async def catalog(self, chain: Chain) -> Catalog:
        try:
            manifest = await self.devnet.start(chain.id)
            if chain.id not in self._catalogs:
                self._catalogs[chain.id] = catalog_of(manifest, await self.devnet.bridges(chain.id))
        except NOT_STARTED as exc:  # its words name the chain, why, and what to do (a repair command...)
            raise Unavailable(ErrorCode.CHAIN_UNAVAILABLE, str(exc)) from exc
        except Exception as exc:
            raise Unavailable(
                ErrorCode.CHAIN_UNAVAILABLE, f"the {chain.flag} devnet chain could not start: {exc}"
            ) from exc
        return self._catalogs[chain.id]

    def is_devnet(self, chain: Chain) -> bool:
        return True

    def network_id(self, chain: Chain) -> int:
        return chain.id

    def tron_node(self) -> TronNode:
        """The devnet's TRON node, answering in process."""
        return devnet_tron_node(self.devnet)

    @property
    def notices(self) -> list[str]:
        return self.devnet.notices

    async def aclose(self) -> None:
        await self.devnet.close()
