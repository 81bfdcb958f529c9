"""Vyper contracts of the devnet world and their committed, compiled artifacts.

Artifacts (ABI, creation bytecode, ERC-5202 blueprint bytecode) are committed so
that users need no compiler; ``python -m swapdesk.contracts.build`` recompiles
them and ``tests/contracts`` checks that the committed ones match the sources.
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


@dataclass(frozen=True)
class Artifact:
    name: str
    abi: list[dict[str, Any]]
    bytecode: bytes
    blueprint: bytes
    source_sha256: str
    compiler: str

    def _entry(self, kind: str, name: str | None = None) -> dict[str, Any]:
        for entry in self.abi:
            if entry["type"] == kind and (name is None or entry.get("name") == name):
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
        entry = self._entry("function", function)
        return function_signature_to_4byte_selector(f"{function}({','.join(_types(entry['inputs']))})")

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
    )


def names() -> list[str]:
    return sorted(p.stem for p in SOURCES.glob("*.vy"))
