"""Addresses named from the chain's catalogue, as support staff say them: swapdesk's router, a DEX's router or
position manager or factory, a router people swap through (1inch, 0x, ParaSwap, the Universal Router...), a bridge's
contract, the wrapped coin, a listed token, Multicall3 (and Permit2, at the
address it has on every chain). An address the catalogue does not name is not named: "" (never a guess)."""

from __future__ import annotations

from swapdesk.catalogs import Catalog

ROUTER_NAME = "swapdesk's router"
PERMIT2 = "0x000000000022D473030F116dDEE9F6B43aC78BA3"  # Uniswap's Permit2: the same address on every chain
BRIDGE_WORDS = {"ANYSWAP": "Multichain (ANYSWAP) router", "CBRIDGE": "cBridge", "METAPATH": "SWFT Bridgers (METAPATH)"}


def names(catalog: Catalog) -> dict[str, str]:
    """Every address the catalogue names, by its EIP-55 spelling."""
    found: dict[str, str] = {catalog.multicall: "Multicall3", PERMIT2: "Permit2"}
    for token in catalog.tokens:
        found.setdefault(token.address, token.symbol)
    found[catalog.wrapped] = next((t.symbol for t in catalog.tokens if t.address == catalog.wrapped), "wrapped coin")
    for source in catalog.sources:
        if source.kind == "stableswap":
            found.setdefault(source.address, f"{source.name} pool")
        else:
            found.setdefault(source.address, f"{source.name} factory")
        for role, address in (
            ("router", source.router),
            ("quoter", source.quoter),
            ("position manager", source.position_manager),
            ("tick lens", source.tick_lens),
        ):
            if address is not None:
                found.setdefault(address, f"{source.name} {role}")
        for pool in source.pools:
            found.setdefault(pool, f"{source.name} pool")
    for router in catalog.routers:
        found.setdefault(router.address, router.name)
    if catalog.bridges is not None:
        for bridge, address in catalog.bridges.routers.items():
            found[address] = BRIDGE_WORDS.get(bridge, bridge)
    if catalog.router is not None:
        found[catalog.router] = ROUTER_NAME
    return found
