"""A bridge as people know it, its API code after its name: "cBridge (Celer)", "Bridgers (METAPATH)",
"Multichain (ANYSWAP)". The API and the engine speak of ANYSWAP, METAPATH and CBRIDGE (the settings of `cbridge`,
`metapath`, `anyswap`); the window and the settings' checks say these. Without Qt: the checks run outside the window."""

from __future__ import annotations

NAMES = {"CBRIDGE": "cBridge (Celer)", "METAPATH": "Bridgers (METAPATH)", "ANYSWAP": "Multichain (ANYSWAP)"}


def bridge_name(code: str) -> str:
    """The bridge's name for its API code (any case); a code the window does not know, as given."""
    return NAMES.get(code.upper(), code)
