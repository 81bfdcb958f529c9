"""Logos: every chain, token, liquidity source and bridge the app ships shows a real logo from a licensed set, or
the neutral mark of its kind where no set has that very mark (never a letter); every vendored file says where it
came from and under which licence, is byte for byte what its pinned package ships, draws, and is what the API
serves for the same name."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

import pytest
from PySide6.QtCore import QSize
from PySide6.QtGui import QColor, QIcon

from swapdesk import catalogs, icons
from swapdesk.api.rules import BRIDGES
from swapdesk.chains import CHAINS
from swapdesk.devnet.uniswap import V3_SOURCE
from swapdesk.devnet.world import WORLDS
from swapdesk.gui import logos
from swapdesk.gui.logos import vendor
from swapdesk.resources import RESOURCES

LETTER = re.compile(r"<text\b")  # how the generated badges drew a name's initials


def shipped() -> dict[str, set[str]]:
    """Every name the catalogues, the devnet's worlds, the chain registry and the API ship, by kind."""
    names: dict[str, set[str]] = {"tokens": set(), "chains": set(), "sources": set(), "bridges": set(BRIDGES)}
    for chain in CHAINS:
        names["chains"].add(chain.flag)
        names["tokens"].add(chain.native_symbol)
        catalog = catalogs.shipped(chain.id)
        if catalog is not None:
            names["tokens"] |= {token.symbol for token in catalog.tokens}
            names["sources"] |= {source.name for source in catalog.sources}
    for world in WORLDS.values():
        names["tokens"] |= {token.symbol for token in (world.wrapped, *world.tokens)}
        names["sources"] |= {source.name for source in world.sources} | {world.stable.name, V3_SOURCE}
    return names


def test_every_name_the_app_ships_is_listed_with_a_logo_that_is_no_letter() -> None:
    listed = {kind: {name.lower() for name in logos.manifest()[kind]} for kind in logos.KINDS}
    for kind, names in shipped().items():
        missing = sorted(name for name in names if name.lower() not in listed[kind])
        assert not missing, f"{kind} without a logo chosen (vendor.py's tables): {missing}"
        for name in names:
            file = logos.logo_file(kind, name)
            assert file.is_file(), f"{kind} {name}: {file} missing"
            assert not LETTER.search(file.read_text()), f"{kind} {name}: {file.name} draws letters"


def test_the_marks_the_issue_saw_as_letters_are_real_logos() -> None:
    real = {logo for logo, entry in logos.manifest()["logos"].items() if entry["package"] != vendor.OWN}
    for kind, name in (("chains", "OP"), ("chains", "ARB"), ("chains", "FTM"), ("chains", "CFX"),
                       ("chains", "GLMR"), ("chains", "KLAY"), ("chains", "OEC"), ("chains", "HECO"),
                       ("sources", "PancakeSwap"), ("sources", "SunSwap V2"), ("tokens", "USDD"),
                       ("tokens", "SUN"), ("bridges", "CBRIDGE"), ("bridges", "ANYSWAP"),
                       ("bridges", "METAPATH")):  # fmt: skip
        assert logos.logo_name(kind, name) in real, f"{kind} {name}"
    # no licensed set draws these: each shows its kind's neutral mark, not a letter and not another's logo
    assert logos.logo_name("sources", "JustMoney") == "neutral-source"
    assert logos.logo_name("bridges", "NOT-LISTED") == "neutral-bridge"
    assert logos.logo_name("tokens", "NOT-LISTED") == "neutral-token"


def test_every_logo_says_where_it_came_from_and_under_which_licence() -> None:
    manifest = logos.manifest()
    notices = (logos.HERE / "LICENSES.md").read_text()
    used = {logo for kind in logos.KINDS for logo in manifest[kind].values()} | set(manifest["neutral"].values())
    assert used == set(manifest["logos"])  # nothing vendored that nothing shows
    pinned = (Path(vendor.ROOT) / "package.json").read_text()
    for name, entry in manifest["logos"].items():
        file = logos.HERE / entry["file"]
        assert file.is_file(), name
        assert hashlib.sha256(file.read_bytes()).hexdigest() == entry["sha256"], f"{name}: changed by hand"
        assert entry["license"] in ("CC0-1.0", "MIT"), name
        assert entry["from"] and entry["shows"], name
        assert f"## {entry['package']} (" in notices, f"{entry['package']}: its licence is not in LICENSES.md"
        if entry["package"] != vendor.OWN:
            assert f'"{entry["package"]}": "{entry["version"]}"' in pinned, f"{name}: its package is not pinned"


def test_the_vendored_logos_are_what_the_pinned_packages_ship() -> None:
    try:
        files = vendor.wanted()
    except vendor.VendorError as exc:
        pytest.fail(f"cannot read the logos from node_modules (`npm ci`): {exc}")
    assert vendor.stale(files) == [], "run python -m swapdesk.gui.logos.vendor"


def test_the_api_serves_the_window_s_logo_for_every_name() -> None:
    for kind, names in shipped().items():
        for name in names:
            path = {"tokens": icons.token_icon, "chains": icons.chain_icon}.get(kind, icons.source_icon)(name)
            served = RESOURCES / path.removeprefix("/static/")
            assert served.read_bytes() == logos.logo_file(kind, name).read_bytes(), f"{kind} {name}: {path}"


@pytest.mark.usefixtures("qapp")
def test_every_logo_draws_round_in_both_themes() -> None:
    for name, entry in logos.manifest()["logos"].items():
        image = QIcon(logos._RoundLogo(logos.HERE / entry["file"])).pixmap(QSize(32, 32), 2.0).toImage()
        assert image.width() == 64, name
        centre = [image.pixelColor(x, y) for x in range(24, 40, 3) for y in range(24, 40, 3)]
        assert any(colour.alpha() > 0 for colour in centre), f"{name}: draws nothing (Qt cannot render it?)"
        assert image.pixelColor(1, 1) == QColor(0, 0, 0, 0), f"{name}: not drawn round"
