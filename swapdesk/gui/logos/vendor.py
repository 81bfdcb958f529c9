"""Copy the logos the window shows from licensed npm packages, as package.json pins them, into
swapdesk/gui/logos/svg/, with a manifest (manifest.json) saying of each file which package and path it came from,
under which licence, what it shows and its SHA-256; and which tokens, chains, liquidity sources and bridges show
it. The API serves the same logos under /static/icons (resources/icons/<kind>/<slug>.svg, written here too). The
window then needs no node_modules (`swapdesk.gui.logos` reads the manifest).

python -m swapdesk.gui.logos.vendor          # write svg/, manifest.json and resources/icons from node_modules
python -m swapdesk.gui.logos.vendor --check  # exit 1 if they are stale
(either exits 2, saying why, when node_modules does not hold a pinned package: run `npm ci` first)

Every token, chain, source and bridge that the catalogues and the devnet's worlds ship is listed below (a test
holds the lists to them), each with a real logo or, where no licensed set has that very mark, the neutral mark
of its kind (own/: swapdesk's own drawings, under the project's licence), never another's logo nor a letter.
Where several packages have a mark, the first that draws it round and as vectors wins: `cryptocurrency-icons`
(CC0), then BitGo's CC0 fork of it (whose manifest names some of its files only: the others were looked at), then
`@web3icons/core` (MIT; rounded squares, which the window draws round; its files are JavaScript modules whose
default export is the SVG; each `shows` names
the id that package's metadata, `@web3icons/common`, gives the mark), then the
fork's files drawn around an embedded picture. A wrapped or bridged token shows what it stands for (WBNB shows
BNB's, USDC.e USDC's), as wallets draw them; a chain its native coin's mark, or its network's where the coin is
another chain's (ETH on Optimism: Optimism's); a source its protocol's; a bridge its maker's (cBridge is Celer's,
Multichain the former Anyswap, Bridgers SWFT's).
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]  # the repository: package.json, node_modules/, resources/
API_ICONS = ROOT / "resources" / "icons"
OWN = "swapdesk"  # the project's own marks, in own/
LICENCES = {"cryptocurrency-icons": "CC0-1.0", "@bitgo-forks/cryptocurrency-icons": "CC0-1.0",
            "@web3icons/core": "MIT", OWN: "MIT"}  # fmt: skip
FOLDERS = {"cryptocurrency-icons": "svg/color", "@bitgo-forks/cryptocurrency-icons": "svg/color",
           "@web3icons/core": "dist/svgs"}  # fmt: skip
CCI, W3, BITGO = "cryptocurrency-icons", "@web3icons/core", "@bitgo-forks/cryptocurrency-icons"


@dataclass(frozen=True)
class Logo:
    package: str
    path: str  # in the package's folder (FOLDERS), or in own/
    shows: str  # what it is: the package's name for it (web3icons: its CoinGecko id)


def _w3(kind: str, name: str, shows: str, variant: str = "background") -> Logo:
    return Logo(W3, f"{kind}/{variant}/{name}.svg.js", shows)


# the file name here (without .svg) -> where it comes from
LOGOS: dict[str, Logo] = {
    # cryptocurrency-icons (CC0-1.0)
    "usdt": Logo(CCI, "usdt.svg", "Tether (USDT)"),
    "usdc": Logo(CCI, "usdc.svg", "USD Coin (USDC)"),
    "dai": Logo(CCI, "dai.svg", "Dai (DAI)"),
    "tusd": Logo(CCI, "tusd.svg", "TrueUSD (TUSD)"),
    "husd": Logo(CCI, "husd.svg", "HUSD (HUSD)"),
    "btc": Logo(CCI, "btc.svg", "Bitcoin (BTC)"),
    "wbtc": Logo(CCI, "wbtc.svg", "Wrapped Bitcoin (WBTC)"),
    "eth": Logo(CCI, "eth.svg", "Ethereum (ETH)"),
    "bnb": Logo(CCI, "bnb.svg", "Binance Coin (BNB)"),
    "matic": Logo(CCI, "matic.svg", "Polygon (MATIC)"),
    "avax": Logo(CCI, "avax.svg", "Avalanche (AVAX)"),
    "trx": Logo(CCI, "trx.svg", "TRON (TRX)"),
    "kcs": Logo(CCI, "kcs.svg", "KuCoin Shares (KCS)"),
    "link": Logo(CCI, "link.svg", "ChainLink (LINK)"),
    "uni": Logo(CCI, "uni.svg", "Uniswap (UNI)"),
    "sushi": Logo(CCI, "sushi.svg", "SushiSwap (SUSHI)"),
    "crv": Logo(CCI, "crv.svg", "Curve DAO Token (CRV)"),
    "btt": Logo(CCI, "btt.svg", "BitTorrent (BTT)"),
    # BitGo's fork of cryptocurrency-icons (CC0-1.0, round): marks the first lacks, drawn as vectors
    "op": Logo(BITGO, "op.svg", "Optimism (OP)"),
    "arb": Logo(BITGO, "arb.svg", "Arbitrum (ARB)"),
    "ftm": Logo(BITGO, "ftm.svg", "Fantom (FTM)"),
    "busd": Logo(BITGO, "busd.svg", "Binance USD (BUSD)"),
    "frax": Logo(BITGO, "frax.svg", "Frax (FRAX)"),
    "cake": Logo(BITGO, "cake.svg", "PancakeSwap (CAKE)"),
    "png": Logo(BITGO, "png.svg", "Pangolin (PNG)"),
    "sun": Logo(BITGO, "sun.svg", "SUN (of SUN.io and its SunSwap)"),
    "celr": Logo(BITGO, "celr.svg", "Celer Network (CELR: Celer, whose bridge is cBridge)"),
    # @web3icons/core (MIT): tokens by symbol, exchanges by name (`shows`: its id in the package's metadata)
    "okt": _w3("tokens", "OKT", "oec-token (OKT: OKX's mark)"),
    "ht": _w3("tokens", "HT", "huobi-token (HT)", "branded"),  # its background variant: white on near white
    "cfx": _w3("tokens", "CFX", "conflux-token (CFX)"),
    "glmr": _w3("tokens", "GLMR", "moonbeam (GLMR)"),
    "klay": _w3("tokens", "KLAY", "klay-token (KLAY)"),
    "usdd": _w3("tokens", "USDD", "usdd (USDD)"),
    "pancakeswap": _w3("exchanges", "pancake-swap", "exchange pancake-swap (PancakeSwap)"),
    "bsw": _w3("tokens", "BSW", "biswap (BSW)"),
    "mdx": _w3("tokens", "MDX", "mdex (MDX)"),
    "quick": _w3("tokens", "QUICK", "quick (QuickSwap's QUICK)"),
    "joe": _w3("tokens", "JOE", "joe (Trader Joe's JOE)"),
    "stella": _w3("tokens", "STELLA", "stellaswap (STELLA)"),
    "spirit": _w3("tokens", "SPIRIT", "spiritswap (SPIRIT)"),
    "grail": _w3("tokens", "GRAIL", "camelot-token (Camelot's GRAIL)"),
    "velo": _w3("tokens", "VELO", "velodrome-finance (VELO)"),
    "gmx": _w3("tokens", "GMX", "gmx (GMX)"),
    "jst": _w3("tokens", "JST", "just (JST)"),
    "win": _w3("tokens", "WIN", "wink (WIN)"),
    "swftc": _w3("tokens", "SWFTC", "swftcoin (SWFTC: SWFT's mark, whose bridge is Bridgers, METAPATH)"),
    # BitGo's fork again: a mark only it has, drawn around an embedded picture
    "multi": Logo(BITGO, "multi.svg", "Multichain (MULTI), formerly Anyswap"),
    # swapdesk's own (own/, the project's licence)
    "swapdesk": Logo(OWN, "swapdesk.svg", "swapdesk's mark (its discount token SWAP)"),
    "neutral-token": Logo(OWN, "neutral-token.svg", "a neutral coin: a token no licensed set draws"),
    "neutral-chain": Logo(OWN, "neutral-chain.svg", "a neutral block: a chain no licensed set draws"),
    "neutral-source": Logo(OWN, "neutral-source.svg", "neutral arrows: a source no licensed set draws"),
    "neutral-bridge": Logo(OWN, "neutral-bridge.svg", "a neutral bridge: a bridge no licensed set draws"),
}
NEUTRAL = {"tokens": "neutral-token", "chains": "neutral-chain", "sources": "neutral-source",
           "bridges": "neutral-bridge"}  # fmt: skip
_TOKEN = NEUTRAL["tokens"]
_SOURCE = NEUTRAL["sources"]

# token symbol (compared without case) -> its logo
TOKENS = {
    **dict.fromkeys(("USDT", "fUSDT", "oUSDT", "USDT.e", "USDT0", "cUSDT"), "usdt"),
    **dict.fromkeys(("USDC", "USDC.e", "USDC.wh", "lzUSDC", "oUSDC"), "usdc"),
    **dict.fromkeys(("DAI", "DAI.e", "KDAI"), "dai"),
    "BUSD": "busd", "TUSD": "tusd", "FRAX": "frax", "HUSD": "husd", "USDD": "usdd",
    **dict.fromkeys(("BTC", "BTCB", "BTCK", "HBTC", "BTC.b"), "btc"),
    **dict.fromkeys(("WBTC", "WBTC.e", "WBTC.wh", "oWBTC"), "wbtc"),
    **dict.fromkeys(("ETH", "WETH", "WETH.e", "WETH.wh", "oETH", "ETHK", "HETH"), "eth"),
    "BNB": "bnb", "WBNB": "bnb", "MATIC": "matic", "WMATIC": "matic", "AVAX": "avax", "WAVAX": "avax",
    "TRX": "trx", "WTRX": "trx", "KCS": "kcs", "WKCS": "kcs", "OKT": "okt", "WOKT": "okt", "HT": "ht", "WHT": "ht",
    "FTM": "ftm", "WFTM": "ftm", "CFX": "cfx", "WCFX": "cfx", "GLMR": "glmr", "WGLMR": "glmr", "KLAY": "klay",
    "WKLAY": "klay", "HOO": _TOKEN, "WHOO": _TOKEN,
    "UNI": "uni", "LINK": "link", "SUSHI": "sushi", "CRV": "crv", "CAKE": "cake", "BSW": "bsw", "MDX": "mdx",
    "QUICK": "quick", "JOE": "joe", "STELLA": "stella", "SUN": "sun", "JST": "jst", "BTT": "btt", "WIN": "win",
    "OP": "op", "ARB": "arb", "VELO": "velo", "GMX": "gmx",
    "OKB": "okt",  # OKX's mark: web3icons draws OKB only in white on nothing (mono), the checkers of OKT's
    "SWAP": "swapdesk",  # the devnet's discount token: swapdesk's own
    "BOO": _TOKEN, "CHE": _TOKEN, "MJT": _TOKEN, "PPI": _TOKEN, "KSP": _TOKEN,
}  # fmt: skip
# chain flag -> its logo
CHAINS = {
    "ETH": "eth", "OP": "op", "BSC": "bnb", "OEC": "okt", "HSC": NEUTRAL["chains"], "HECO": "ht", "MATIC": "matic",
    "FTM": "ftm", "KCC": "kcs", "CFX": "cfx", "GLMR": "glmr", "KLAY": "klay", "ARB": "arb", "AVAX": "avax",
    "TRON": "trx",
}  # fmt: skip
# liquidity source (its name, as catalogues and worlds spell it) -> its protocol's logo
SOURCES = {
    "Uniswap V2": "uni", "Uniswap V3": "uni", "SushiSwap": "sushi",
    **dict.fromkeys(("Curve", "Curve 3pool", "Curve 2pool (Arbitrum)", "Curve 2pool (Fantom)",
                     "Curve 3pool (Optimism)"), "crv"),
    **dict.fromkeys(("PancakeSwap", "PancakeSwap V2", "PancakeSwap V3"), "pancakeswap"),
    "BiSwap": "bsw", "MDEX": "mdx", "QuickSwap": "quick", "Trader Joe": "joe", "Trader Joe V1": "joe",
    "StellaSwap": "stella", "SpiritSwap": "spirit", "Camelot": "grail", "Pangolin": "png", "Velodrome": "velo",
    **dict.fromkeys(("SunSwap V1", "SunSwap V2", "SUN 3pool"), "sun"),
    **dict.fromkeys((
        "Ellipsis", "Ellipsis 3pool", "ApeSwap", "CherrySwap", "JSwap", "PanKSwap", "KSwap Stable", "HooSwap",
        "PippiShrimp", "Hoo Lite", "HooSwap Stable", "MakiSwap", "BXH", "LendHub Stable", "SpookySwap",
        "MojitoSwap", "KuSwap", "KoffeeSwap", "MojitoSwap Stable", "Swappi", "Swappi Stable", "MoonSwap", "Kinspad",
        "BeamSwap", "Solarflare", "KLAYswap", "KLAYswap Stable", "ClaimSwap", "DefinixSwap", "Zyberswap",
        "Lydia Finance", "JustMoney",
    ), _SOURCE),
}  # fmt: skip
# bridge (its API name) -> its logo
BRIDGES = {"CBRIDGE": "celr", "ANYSWAP": "multi", "METAPATH": "swftc"}


class VendorError(RuntimeError):
    pass


def slug(name: str) -> str:
    """As the API names icon files (`swapdesk.icons.slug`)."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def pinned_version(package: str) -> str:
    wanted = json.loads((ROOT / "package.json").read_text())["devDependencies"].get(package)
    if not wanted:
        raise VendorError(f"package.json does not pin {package}")
    return str(wanted)


def package_dir(package: str) -> Path:
    """The installed package, checked to be the pinned version."""
    folder = ROOT / "node_modules" / package
    manifest = folder / "package.json"
    if not manifest.exists():
        raise VendorError(f"{package} is not installed: run `npm ci` in {ROOT}")
    version, wanted = json.loads(manifest.read_text())["version"], pinned_version(package)
    if version != wanted:
        raise VendorError(f"node_modules holds {package} {version}; package.json pins {wanted}: run `npm ci`")
    return folder


_MODULE = re.compile(r"^var \w+ =\s*'((?:[^'\\]|\\.)*)'\s*export \{ \w+ as default \}", re.DOTALL)


def module_svg(text: str, where: str) -> bytes:
    """The SVG a web3icons module exports: a single-quoted string, with backslash escapes."""
    found = _MODULE.match(text.split("//# sourceMappingURL")[0].strip())
    if found is None:
        raise VendorError(f"{where}: not the module shape expected (var NAME = '<svg…>'; export default)")
    escapes = {"n": "\n", "'": "'", '"': '"', "\\": "\\", "t": "\t"}
    text = re.sub(r"\\(.)", lambda m: escapes.get(m.group(1), m.group(0)), found.group(1))
    if not text.lstrip().startswith("<svg"):
        raise VendorError(f"{where}: its string is not an SVG")
    return text.encode()


def read(logo: Logo) -> bytes:
    if logo.package == OWN:
        return (HERE / "own" / logo.path).read_bytes()
    file = package_dir(logo.package) / FOLDERS[logo.package] / logo.path
    if not file.exists():
        raise VendorError(f"{logo.package} has no {FOLDERS[logo.package]}/{logo.path}")
    data = file.read_bytes()
    return module_svg(data.decode(), f"{logo.package}/{logo.path}") if logo.path.endswith(".js") else data


def file_of(name: str) -> str:
    """Where the manifest says a logo is, in this folder: own/ for the project's marks, svg/ for the vendored."""
    return f"own/{LOGOS[name].path}" if LOGOS[name].package == OWN else f"svg/{name}.svg"


def wanted() -> dict[str, bytes]:
    """Each logo's bytes, as its package ships them, by its name here."""
    used = {*TOKENS.values(), *CHAINS.values(), *SOURCES.values(), *BRIDGES.values(), *NEUTRAL.values()}
    unknown = sorted(used - set(LOGOS))
    if unknown:
        raise VendorError(f"listed without a source: {', '.join(unknown)}")
    return {name: read(LOGOS[name]) for name in sorted(used)}


def manifest(files: dict[str, bytes]) -> str:
    logos = {}
    for name, data in files.items():
        logo = LOGOS[name]
        outside = logo.package != OWN
        logos[name] = {
            "file": file_of(name),
            "package": logo.package,
            "version": pinned_version(logo.package) if outside else "",
            "license": LICENCES[logo.package],
            "from": f"{FOLDERS[logo.package]}/{logo.path}" if outside else f"own/{logo.path}",
            "shows": logo.shows,
            "sha256": hashlib.sha256(data).hexdigest(),
        }
    record = {"logos": logos, "neutral": NEUTRAL, "tokens": TOKENS, "chains": CHAINS, "sources": SOURCES,
              "bridges": BRIDGES}  # fmt: skip
    return json.dumps(record, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def api_icons(files: dict[str, bytes]) -> dict[str, bytes]:
    """What the API serves under /static/icons: every name's logo at the path `swapdesk.icons` gives it (a
    bridge's where the spec's `dexs` entries point, under sources/)."""
    out: dict[str, bytes] = {}
    for kind, table in (("tokens", TOKENS), ("chains", CHAINS), ("sources", SOURCES), ("sources", BRIDGES)):
        for name, logo in table.items():
            path = f"{kind}/{slug(name)}.svg"
            if path in out and out[path] != files[logo]:
                raise VendorError(f"{path}: two names of one slug show different logos")
            out[path] = files[logo]
    return out


def _api_files() -> set[str]:
    return {p.relative_to(API_ICONS).as_posix() for kind in ("tokens", "chains", "sources")
            for p in (API_ICONS / kind).glob("*.svg")}  # fmt: skip


def stale(files: dict[str, bytes]) -> list[str]:
    """What differs between the packages and what is vendored (the window's and the API's)."""
    out = []
    for name, data in files.items():
        target = HERE / file_of(name)
        if LOGOS[name].package != OWN and (not target.exists() or target.read_bytes() != data):
            out.append(file_of(name))
    vendored = {f"svg/{p.name}" for p in (HERE / "svg").glob("*.svg")}
    out += sorted(vendored - {file_of(name) for name in files})
    shown = HERE / "manifest.json"
    if not shown.exists() or shown.read_text() != manifest(files):
        out.append("manifest.json")
    served = api_icons(files)
    out += [f"resources/icons/{path}" for path, data in served.items()
            if not (API_ICONS / path).exists() or (API_ICONS / path).read_bytes() != data]  # fmt: skip
    out += [f"resources/icons/{path}" for path in sorted(_api_files() - set(served))]
    return out


def write(files: dict[str, bytes]) -> None:
    folder = HERE / "svg"
    folder.mkdir(exist_ok=True)
    keep = {file_of(name) for name in files}
    for old in folder.glob("*.svg"):
        if f"svg/{old.name}" not in keep:
            old.unlink()
    for name, data in files.items():
        if LOGOS[name].package != OWN:
            (HERE / file_of(name)).write_bytes(data)
    (HERE / "manifest.json").write_text(manifest(files))
    served = api_icons(files)
    for path in _api_files() - set(served):
        (API_ICONS / path).unlink()
    for path, data in served.items():
        (API_ICONS / path).parent.mkdir(parents=True, exist_ok=True)
        (API_ICONS / path).write_bytes(data)


def main(argv: list[str]) -> int:
    try:
        files = wanted()
    except VendorError as error:
        print(error, file=sys.stderr)
        return 2
    packages = ", ".join(sorted({f"{LOGOS[n].package} {pinned_version(LOGOS[n].package)}" for n in files
                                 if LOGOS[n].package != OWN}))  # fmt: skip
    if "--check" in argv:
        differ = stale(files)
        if differ:
            print(f"stale logos: {', '.join(differ)}; run python -m swapdesk.gui.logos.vendor", file=sys.stderr)
            return 1
        print(f"{len(files)} logos match {packages}")
        return 0
    write(files)
    print(f"wrote {len(files)} logos from {packages}, and the API's icons")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
