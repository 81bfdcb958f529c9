"""Generate the bundled SVG icons: a coloured badge with initials per chain,
token and liquidity source, and the app icon. Deterministic; run after adding
a chain, token or source, and commit resources/icons.

    python scripts/make_icons.py
"""

from __future__ import annotations

import colorsys
import hashlib
from pathlib import Path

from swapdesk.chains import CHAINS
from swapdesk.devnet.world import WORLDS
from swapdesk.icons import slug

ROOT = Path(__file__).resolve().parent.parent / "resources" / "icons"


def colour(name: str) -> str:
    hue = int.from_bytes(hashlib.sha256(name.encode()).digest()[:2], "big") / 65535
    r, g, b = colorsys.hls_to_rgb(hue, 0.45, 0.6)
    return f"#{int(r * 255):02x}{int(g * 255):02x}{int(b * 255):02x}"


def initials(name: str) -> str:
    words = [w for w in name.replace("-", " ").replace(".", " ").split() if w]
    text = "".join(w[0] for w in words[:2]) if len(words) > 1 else name[:3]
    return text.upper() if len(words) > 1 else text


def badge(name: str, square: bool = False) -> str:
    text = initials(name)
    size = 26 if len(text) <= 2 else 20
    shape = (
        '<rect x="2" y="2" width="60" height="60" rx="14"' if square else '<circle cx="32" cy="32" r="30"'
    ) + f' fill="{colour(name)}"/>'
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">'
        f"{shape}"
        f'<text x="32" y="{32 + size * 0.36:.1f}" font-family="sans-serif" font-size="{size}" font-weight="700" '
        f'fill="#ffffff" text-anchor="middle">{text}</text></svg>\n'
    )


APP = (
    '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">'
    '<rect x="2" y="2" width="60" height="60" rx="14" fill="#1d4ed8"/>'
    '<path d="M16 24h26l-7-7M48 40H22l7 7" fill="none" stroke="#ffffff" stroke-width="5" '
    'stroke-linecap="round" stroke-linejoin="round"/></svg>\n'
)


def main() -> None:
    wanted: dict[str, str] = {"app.svg": APP}
    for chain in CHAINS:
        wanted[f"chains/{slug(chain.flag)}.svg"] = badge(chain.name)
        wanted[f"tokens/{slug(chain.native_symbol)}.svg"] = badge(chain.native_symbol)
    for world in WORLDS.values():
        for token in (world.wrapped, *world.tokens):
            wanted[f"tokens/{slug(token.symbol)}.svg"] = badge(token.symbol)
        for source in world.sources:
            wanted[f"sources/{slug(source.name)}.svg"] = badge(source.name, square=True)
        wanted[f"sources/{slug(world.stable.name)}.svg"] = badge(world.stable.name, square=True)
    for path, svg in wanted.items():
        target = ROOT / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(svg)
    print(f"{len(wanted)} icons in {ROOT}")


if __name__ == "__main__":
    main()
