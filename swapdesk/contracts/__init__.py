"""The devnet world's contracts as committed, compiled artifacts, of two kinds.

- swapdesk's own Vyper contracts (``artifact(name)``): ABI, creation bytecode and
  ERC-5202 blueprint bytecode, committed so that users need no compiler;
  ``python -m swapdesk.contracts.build`` recompiles them and ``tests/contracts``
  checks that the committed ones match the sources.
- The protocols' own compiled contracts (``vendored(name)``), copied byte for byte
  from the npm packages that package.json pins by ``python -m swapdesk.contracts.vendor``;
  ``tests/contracts/test_vendored.py`` checks them against those packages.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from eth_abi import decode, encode
from eth_utils import function_signature_to_4byte_selector

SOURCES = Path(__file__).parent / "src"
ARTIFACTS = Path(__file__).parent / "artifacts"
VENDORED = ARTIFACTS / "npm"


@dataclass(frozen=True)
class Package:
    """The npm package a vendored artifact was copied from."""

    name: str
    version: str
    files: dict[str, str]  # path inside the package -> sha256 of that file


@dataclass(frozen=True)
class Artifact:
    name: str
    abi: list[dict[str, Any]]
    bytecode: bytes  # creation code
    blueprint: bytes = b""  # ERC-5202 blueprint: swapdesk's Vyper contracts only
    source_sha256: str = ""  # of the Vyper source: swapdesk's Vyper contracts only
    compiler: str = ""
    deployed_bytecode: bytes = b""  # runtime code as shipped, immutables zeroed: vendored contracts only
    package: Package | None = None  # where a vendored contract came from

    def _entry(self, kind: str, name: str | None = None) -> dict[str, Any]:
        """The ABI entry of `kind` called `name`: the first one of that name, or the overload whose
        signature `name` spells out (``"execute(bytes,bytes[],uint256)"``)."""
        for entry in self.abi:
            if entry["type"] == kind and (name is None or name in (entry.get("name"), _signature(entry))):
                return entry
        raise KeyError(f"{self.name} has no {kind} {name or ''}".strip())

    def deploy_data(self, *args: Any) -> bytes:
        """Creation code followed by the ABI-encoded constructor arguments."""
        try:
            types = _types(self._entry("constructor")["inputs"])
        except KeyError:
            types = []
        return self.bytecode + encode(types, list(args))

    def selector(self, function: str) -> bytes:
        return function_signature_to_4byte_selector(_signature(self._entry("function", function)))

    def encode(self, function: str, *args: Any) -> bytes:
        """Call data for `function(*args)`."""
        types = _types(self._entry("function", function)["inputs"])
        return self.selector(function) + encode(types, list(args))

    def decode_input(self, function: str, data: bytes) -> tuple[Any, ...]:
        """The arguments of a call to `function` from its call data."""
        if data[:4] != self.selector(function):
            raise ValueError(f"not a call to {self.name}.{function}")
        return tuple(decode(_types(self._entry("function", function)["inputs"]), data[4:]))

    def decode(self, function: str, output: bytes) -> tuple[Any, ...]:
        """The return values of `function` from raw output."""
        return tuple(decode(_types(self._entry("function", function)["outputs"]), output))


def _signature(entry: dict[str, Any]) -> str:
    return f"{entry.get('name', '')}({','.join(_types(entry.get('inputs', [])))})"


def _types(params: list[dict[str, Any]]) -> list[str]:
    out = []
    for p in params:
        if p["type"].startswith("tuple"):
            inner = ",".join(_types(p["components"]))
            out.append(f"({inner}){p['type'][5:]}")
        else:
            out.append(p["type"])
    return out


@cache
def artifact(name: str) -> Artifact:
    """The compiled contract ``name`` (file stem of its Vyper source)."""
    raw = json.loads((ARTIFACTS / f"{name}.json").read_text())
    return Artifact(
        name=name,
        abi=raw["abi"],
        bytecode=bytes.fromhex(raw["bytecode"].removeprefix("0x")),
        blueprint=bytes.fromhex(raw["blueprint"].removeprefix("0x")),
        source_sha256=raw["source_sha256"],
        compiler=raw["compiler"],
        deployed_bytecode=bytes.fromhex(raw["bytecode_runtime"].removeprefix("0x")),
    )


def names() -> list[str]:
    return sorted(p.stem for p in SOURCES.glob("*.vy"))


@cache
def vendored(name: str) -> Artifact:
    """The protocol's own compiled contract ``name``, as its npm package ships it (see ``vendor``)."""
    raw = json.loads((VENDORED / f"{name}.json").read_text())
    return Artifact(
        name=name,
        abi=raw["abi"],
        bytecode=bytes.fromhex(raw["bytecode"].removeprefix("0x")),
        compiler=raw["compiler"],
        deployed_bytecode=bytes.fromhex(raw["deployed_bytecode"].removeprefix("0x")),
        package=Package(raw["package"], raw["version"], raw["files"]),
    )


def vendored_names() -> list[str]:
    return sorted(p.stem for p in VENDORED.glob("*.json"))
