"""Icon paths of chains, tokens and sources, as served under /static/icons."""

from __future__ import annotations

import re

ICON_ROOT = "/static/icons"


def slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def source_icon(name: str) -> str:
    return f"{ICON_ROOT}/sources/{slug(name)}.svg"


def token_icon(symbol: str) -> str:
    return f"{ICON_ROOT}/tokens/{slug(symbol)}.svg"


def chain_icon(flag: str) -> str:
    return f"{ICON_ROOT}/chains/{slug(flag)}.svg"
