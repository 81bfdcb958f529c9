"""Copy the few token and chain logos the window shows from the npm package `cryptocurrency-icons` (CC0-1.0), as
package.json pins it, into swapdesk/gui/logos/svg/, with a manifest of where each came from and which symbols,
chains and sources show it. The window then needs no node_modules (`swapdesk.gui.logos` reads the manifest).

python -m swapdesk.gui.logos.vendor          # write svg/ and manifest.json from node_modules (run `npm ci` first)
python -m swapdesk.gui.logos.vendor --check  # exit 1 if they are stale
(either exits 2, saying why, when node_modules does not hold the pinned package)

A wrapped or bridged token shows the logo of what it stands for (WBNB shows BNB's, oUSDT USDT's), as wallets
draw them; a token, chain or source not listed here is drawn as a plain monogram by the window, never with
another's logo. Only logos whose package entry is that very asset are listed (the package's HT is HOTTO, not
Huobi Token: HECO is not given it).
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]  # the repository: package.json and node_modules/
PACKAGE = "cryptocurrency-icons"
SOURCE_DIR = "svg/color"  # the coloured, round logos

# symbol (as the API writes it, compared without case) -> the package's logo
TOKENS = {
    "USDT": "usdt", "fUSDT": "usdt", "oUSDT": "usdt", "USDC": "usdc", "oUSDC": "usdc", "DAI": "dai", "DAI.e": "dai",
    "KDAI": "dai", "HUSD": "husd", "BTC": "btc", "BTCB": "btc", "BTCK": "btc", "HBTC": "btc", "WBTC": "wbtc",
    "WBTC.e": "wbtc", "oWBTC": "wbtc", "ETH": "eth", "WETH": "eth", "WETH.e": "eth", "oETH": "eth", "ETHK": "eth",
    "HETH": "eth", "BNB": "bnb", "WBNB": "bnb", "MATIC": "matic", "WMATIC": "matic", "AVAX": "avax",
    "WAVAX": "avax", "TRX": "trx", "WTRX": "trx", "KCS": "kcs", "WKCS": "kcs", "LINK": "link", "UNI": "uni",
}  # fmt: skip
# chain flag -> the logo of its native coin, where the package has that very coin's
CHAINS = {"ETH": "eth", "BSC": "bnb", "MATIC": "matic", "AVAX": "avax", "TRON": "trx", "KCC": "kcs"}
# liquidity source (its name's slug) -> its protocol's token logo
SOURCES = {"uniswap-v2": "uni", "uniswap-v3": "uni", "sushiswap": "sushi", "curve": "crv"}


class VendorError(RuntimeError):
    pass


def pinned_version() -> str:
    wanted = json.loads((ROOT / "package.json").read_text())["devDependencies"].get(PACKAGE)
    if not wanted:
        raise VendorError(f"package.json does not pin {PACKAGE}")
    return str(wanted)


def package_dir() -> Path:
    """The installed package, checked to be the pinned version."""
    folder = ROOT / "node_modules" / PACKAGE
    manifest = folder / "package.json"
    if not manifest.exists():
        raise VendorError(f"{PACKAGE} is not installed: run `npm ci` in {ROOT}")
    version, wanted = json.loads(manifest.read_text())["version"], pinned_version()
    if version != wanted:
        raise VendorError(f"node_modules holds {PACKAGE} {version}; package.json pins {wanted}: run `npm ci`")
    return folder


def wanted() -> dict[str, bytes]:
    """Each logo's file name and bytes, as the package ships them."""
    folder = package_dir() / SOURCE_DIR
    names = sorted({*TOKENS.values(), *CHAINS.values(), *SOURCES.values()})
    missing = [name for name in names if not (folder / f"{name}.svg").exists()]
    if missing:
        raise VendorError(f"{PACKAGE} has no {', '.join(missing)} in {SOURCE_DIR}")
    return {f"{name}.svg": (folder / f"{name}.svg").read_bytes() for name in names}


def manifest(files: dict[str, bytes]) -> str:
    record = {
        "package": PACKAGE,
        "version": pinned_version(),
        "license": "CC0-1.0",
        "from": SOURCE_DIR,
        "files": {name: hashlib.sha256(data).hexdigest() for name, data in files.items()},
        "tokens": TOKENS,
        "chains": CHAINS,
        "sources": SOURCES,
    }
    return json.dumps(record, indent=1, sort_keys=True) + "\n"


def stale(files: dict[str, bytes]) -> list[str]:
    """What differs between the package and what is vendored."""
    out = [name for name, data in files.items() if not (HERE / "svg" / name).exists()
           or (HERE / "svg" / name).read_bytes() != data]  # fmt: skip
    extra = {p.name for p in (HERE / "svg").glob("*.svg")} - set(files) if (HERE / "svg").exists() else set()
    out += sorted(extra)
    shown = HERE / "manifest.json"
    if not shown.exists() or shown.read_text() != manifest(files):
        out.append("manifest.json")
    return out


def write(files: dict[str, bytes]) -> None:
    folder = HERE / "svg"
    folder.mkdir(exist_ok=True)
    for old in folder.glob("*.svg"):
        if old.name not in files:
            old.unlink()
    for name, data in files.items():
        (folder / name).write_bytes(data)
    (HERE / "manifest.json").write_text(manifest(files))


def main(argv: list[str]) -> int:
    try:
        files = wanted()
    except VendorError as error:
        print(error, file=sys.stderr)
        return 2
    if "--check" in argv:
        differ = stale(files)
        if differ:
            print(f"stale logos: {', '.join(differ)}; run python -m swapdesk.gui.logos.vendor", file=sys.stderr)
            return 1
        print(f"{len(files)} logos match {PACKAGE} {pinned_version()}")
        return 0
    write(files)
    print(f"wrote {len(files)} logos from {PACKAGE} {pinned_version()}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
