"""Copy the protocols' own compiled contracts, as the npm packages that package.json pins ship them,
into committed artifacts (artifacts/npm/, loaded by `swapdesk.contracts.vendored`).

python -m swapdesk.contracts.vendor          # write artifacts/npm/ from node_modules (run `npm ci` first)
python -m swapdesk.contracts.vendor --check  # exit 1 if artifacts/npm/ is stale
(either exits 2, saying why, when node_modules does not hold the pinned packages)

Only self-contained bytecode is vendored: a contract whose bytecode needs libraries linked is refused.
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from swapdesk.contracts import VENDORED

ROOT = Path(__file__).resolve().parents[2]  # the repository: package.json and node_modules/
NODE_MODULES = ROOT / "node_modules"

# How a package's file holds a contract:
# - "solc": solc's standard JSON output for one contract (Waffle's build/, Uniswap v2)
# - "hardhat": a Hardhat artifact (hh-sol-artifact-1)
# - "preinstall": runtime code as a `hex"..."` constant of OP Stack's Preinstalls library, the ABI in a
#   separate Foundry artifact; no creation code is shipped (see `_init_code`)
Layout = Literal["solc", "hardhat", "preinstall"]


@dataclass(frozen=True)
class Shipped:
    """Where a package ships one contract."""

    package: str
    path: str  # inside the package
    layout: Layout
    constant: str = ""  # "preinstall" only: the constant holding the runtime code
    abi_path: str = ""  # "preinstall" only: the Foundry artifact with the ABI


_V3_CORE, _V3_PERIPHERY = "@uniswap/v3-core", "@uniswap/v3-periphery"

SHIPPED: dict[str, Shipped] = {
    "UniswapV2Factory": Shipped("@uniswap/v2-core", "build/UniswapV2Factory.json", "solc"),
    "UniswapV2Pair": Shipped("@uniswap/v2-core", "build/UniswapV2Pair.json", "solc"),
    "UniswapV2Router02": Shipped("@uniswap/v2-periphery", "build/UniswapV2Router02.json", "solc"),
    "WETH9": Shipped("@uniswap/v2-periphery", "build/WETH9.json", "solc"),
    # v2-core's test token (constructor(totalSupply), all to the deployer): a plain ERC-20 of the protocol's own
    "TestERC20": Shipped("@uniswap/v2-core", "build/ERC20.json", "solc"),
    "UniswapV3Factory": Shipped(_V3_CORE, "artifacts/contracts/UniswapV3Factory.sol/UniswapV3Factory.json", "hardhat"),
    "UniswapV3Pool": Shipped(_V3_CORE, "artifacts/contracts/UniswapV3Pool.sol/UniswapV3Pool.json", "hardhat"),
    "SwapRouter": Shipped(_V3_PERIPHERY, "artifacts/contracts/SwapRouter.sol/SwapRouter.json", "hardhat"),
    "QuoterV2": Shipped(_V3_PERIPHERY, "artifacts/contracts/lens/QuoterV2.sol/QuoterV2.json", "hardhat"),
    "TickLens": Shipped(_V3_PERIPHERY, "artifacts/contracts/lens/TickLens.sol/TickLens.json", "hardhat"),
    "NonfungiblePositionManager": Shipped(
        _V3_PERIPHERY, "artifacts/contracts/NonfungiblePositionManager.sol/NonfungiblePositionManager.json", "hardhat"
    ),
    "UniversalRouter": Shipped(
        "@uniswap/universal-router", "artifacts/contracts/UniversalRouter.sol/UniversalRouter.json", "hardhat"
    ),
    # viem ships a Multicall3 too, but not the canonical build (5,561 bytes of runtime against 3,808):
    # OP Stack's preinstall is the code at 0xcA11bde05977b3631167028862bE2a173976CA11 byte for byte
    "Multicall3": Shipped(
        "@eth-optimism/contracts-bedrock",
        "src/libraries/Preinstalls.sol",
        "preinstall",
        constant="MultiCall3Code",
        abi_path="forge-artifacts/IMulticall3.sol/IMulticall3.0.8.15.json",
    ),
}


class VendorError(RuntimeError):
    pass


def package_dir(package: str) -> Path:
    """The installed package that package.json pins, checked to be that version."""
    pinned = json.loads((ROOT / "package.json").read_text())["devDependencies"].get(package)
    if pinned is None:
        raise VendorError(f"package.json does not pin {package}")
    where = NODE_MODULES / package
    if not (where / "package.json").exists():
        raise VendorError(f"{where} is missing: run `npm ci` in {ROOT}")
    installed = json.loads((where / "package.json").read_text())["version"]
    if installed != pinned:
        raise VendorError(f"node_modules has {package}@{installed}, package.json pins {pinned}: run `npm ci`")
    return where


def read(name: str, shipped: Shipped | None = None) -> dict[str, Any]:
    """The artifact of `name` as the pinned package ships it (where `SHIPPED` says, unless told)."""
    shipped = shipped or SHIPPED[name]
    where = package_dir(shipped.package)
    files = {path: _sha256(where / path) for path in (shipped.path, shipped.abi_path) if path}
    if shipped.layout == "preinstall":
        abi, creation, runtime = _read_preinstall(name, where, shipped)
    else:
        abi, creation, runtime = _read_compiled(name, where / shipped.path, shipped.layout)
    out = {
        "contract": name,
        "package": shipped.package,
        "version": json.loads((where / "package.json").read_text())["version"],
        "files": files,
        "compiler": _compiler(runtime),
        "abi": abi,
        "bytecode": "0x" + creation.hex(),
        "deployed_bytecode": "0x" + runtime.hex(),
    }
    if shipped.layout == "preinstall":
        out["note"] = "bytecode: solc's init code around the shipped runtime, as the canonical deployment's"
    return out


def _read_compiled(name: str, path: Path, layout: Layout) -> tuple[list[dict[str, Any]], bytes, bytes]:
    raw = json.loads(path.read_text())
    if layout == "solc":
        creation, runtime = raw["evm"]["bytecode"], raw["evm"]["deployedBytecode"]
        code = (creation["object"], runtime["object"])
        links = {**creation["linkReferences"], **runtime["linkReferences"]}
    else:
        code = (raw["bytecode"], raw["deployedBytecode"])
        links = {**raw["linkReferences"], **raw["deployedLinkReferences"]}
    unlinked = sorted(lib for libs in links.values() for lib in libs)
    if unlinked or any("__" in hex_code for hex_code in code):  # `__$hash$__` placeholders stand for libraries
        raise VendorError(
            f"{name}: {path} needs libraries linked ({', '.join(unlinked) or 'placeholders in its bytecode'}); "
            "only self-contained bytecode is vendored"
        )
    return raw["abi"], _bytes(code[0]), _bytes(code[1])


def _read_preinstall(name: str, where: Path, shipped: Shipped) -> tuple[list[dict[str, Any]], bytes, bytes]:
    source = (where / shipped.path).read_text()
    found = re.search(rf'bytes internal constant {shipped.constant}\s*=\s*hex"([0-9a-fA-F]+)"', source)
    if found is None:
        raise VendorError(f"{name}: no constant {shipped.constant} in {where / shipped.path}")
    runtime = bytes.fromhex(found.group(1))
    abi = json.loads((where / shipped.abi_path).read_text())["abi"]
    return abi, _init_code(runtime), runtime


def _init_code(runtime: bytes) -> bytes:
    """solc's init code for a contract without a constructor: it copies the runtime placed right after it
    and returns it. The canonical Multicall3 deployment's init code is exactly this around its runtime."""
    prologue = bytes.fromhex("608060405234801561001057600080fd5b5061") + len(runtime).to_bytes(2, "big")
    return prologue + bytes.fromhex("806100206000396000f3fe") + runtime


def _compiler(runtime: bytes) -> str:
    """The solc version the runtime's CBOR metadata states (its last two bytes are the metadata's length)."""
    metadata = runtime[-2 - int.from_bytes(runtime[-2:], "big") : -2]
    at = metadata.find(b"\x64solc\x43")  # text key "solc", then 3 bytes: major, minor, patch
    if at < 0:
        return "solc (version not stated)"
    major, minor, patch = metadata[at + 6 : at + 9]
    return f"solc {major}.{minor}.{patch}"


def _bytes(hex_code: str) -> bytes:
    return bytes.fromhex(hex_code.removeprefix("0x"))


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def render(artifact: dict[str, Any]) -> str:
    return json.dumps(artifact, indent=1, sort_keys=True) + "\n"


def main(argv: list[str]) -> int:
    check = "--check" in argv
    try:
        texts = {name: render(read(name)) for name in SHIPPED}
    except VendorError as exc:
        print(f"vendor: {exc}", file=sys.stderr)
        return 2
    stale = [name for name, text in texts.items() if _committed(name) != text]
    stray = sorted(p.stem for p in VENDORED.glob("*.json") if p.stem not in SHIPPED)
    if check:
        if stale or stray:
            print("stale vendored artifacts:", ", ".join(stale + stray))
            return 1
        return 0
    VENDORED.mkdir(exist_ok=True)
    for name in stale:
        (VENDORED / f"{name}.json").write_text(texts[name])
    for name in stray:
        (VENDORED / f"{name}.json").unlink()
    return 0


def _committed(name: str) -> str | None:
    path = VENDORED / f"{name}.json"
    return path.read_text() if path.exists() else None


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
