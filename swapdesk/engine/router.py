"""swapdesk's router on a chain: its one address on every EVM chain, how it gets there, and the check that the
code there is it.

The router deploys through the standard deterministic-deployment proxy (`PROXY`, at the same address on every
chain: its presigned, keyless deployment transaction is public): a transaction to the proxy whose data is a
salt and the router's creation code makes it with CREATE2, so the same deployer's arguments give the same
address everywhere. Nothing chain-specific is in those arguments (the owner, the fee collector, the default fee
rate); the owner then names the chain's wrapped coin, registers the chain's DEX factories with their fees and its
StableSwap pools, and sets the channels' rates (`setup_calls`). The engine trusts a router only where the code
at its address is this exact runtime bytecode (`is_swapdesk_router`): a catalogue's word for it is not enough.
"""

from __future__ import annotations

from dataclasses import dataclass

from eth_utils import keccak, to_checksum_address

from swapdesk.catalogs import Catalog
from swapdesk.contracts import artifact

PROXY = "0x4e59b44847b379578588920ca78fbf26c0b4956c"
# the proxy's runtime: CREATE2 with the first 32 bytes of the call data as the salt and the rest as the
# creation code; answers the new address (Arachnid's deterministic-deployment-proxy, as anvil predeploys it)
PROXY_RUNTIME = bytes.fromhex(
    "7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe03601600081602082378035828234f58015156039"
    "578182fd5b8082525050506014600cf3"
)
ROUTER = artifact("AggregationRouter")
SALT = keccak(text="swapdesk AggregationRouter")
CHANNELS = ("web", "extension", "android", "ios")


@dataclass(frozen=True)
class RouterTerms:
    """What a deployer chooses: the same on every chain, so the router has the same address on every chain."""

    owner: str
    fee_collector: str
    default_fee_bps: int
    channel_fee_bps: dict[str, int]

    def creation_code(self) -> bytes:
        return ROUTER.deploy_data(self.owner, self.fee_collector, self.default_fee_bps)

    def address(self) -> str:
        """Where the proxy puts the router: keccak(0xff, proxy, salt, keccak(creation code)), last 20 bytes."""
        digest = keccak(b"\xff" + bytes.fromhex(PROXY[2:]) + SALT + keccak(self.creation_code()))
        return to_checksum_address(digest[12:])

    def deploy_call(self) -> tuple[str, bytes]:
        """The transaction that deploys it: to the proxy, the salt and the creation code."""
        return PROXY, SALT + self.creation_code()


def setup_calls(router: str, catalog: Catalog, terms: RouterTerms) -> list[tuple[str, bytes]]:
    """The owner's transactions that make a fresh router trade on a chain: its wrapped coin, every liquidity
    source of the chain's catalogue (V2 factories with their fees, V3 factories, StableSwap pools), the channels'
    rates. Sent in this order, by the owner."""
    calls = [(router, ROUTER.encode("setWrapped", catalog.wrapped))]
    for source in catalog.sources:
        if source.kind == "uniswap_v2":
            calls.append((router, ROUTER.encode("addFactory", source.address, source.fee_bps)))
        elif source.kind == "uniswap_v3":
            calls.append((router, ROUTER.encode("addV3Factory", source.address)))
        else:
            calls += [(router, ROUTER.encode("addStablePool", pool)) for pool in source.pools or [source.address]]
    for channel in CHANNELS:
        rate = terms.channel_fee_bps.get(channel)
        if rate is not None and rate != terms.default_fee_bps:
            calls.append((router, ROUTER.encode("setChannelFeeRate", channel, rate)))
    return calls


def is_swapdesk_router(code: bytes) -> bool:
    """Whether the code deployed at an address is swapdesk's router, byte for byte."""
    return code == ROUTER.deployed_bytecode
