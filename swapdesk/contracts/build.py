"""Compile the Vyper sources into committed artifacts.

python -m swapdesk.contracts.build          # write artifacts/
python -m swapdesk.contracts.build --check  # exit 1 if artifacts are stale
"""

from __future__ import annotations

import hashlib
import json
import sys
from typing import Any

from swapdesk.contracts import ARTIFACTS, SOURCES, names

EVM_VERSION = "cancun"


def compile_source(name: str) -> dict[str, Any]:
    import vyper
    from vyper.compiler.settings import Settings

    source = (SOURCES / f"{name}.vy").read_text()
    out = vyper.compile_code(
        source,
        output_formats=["abi", "bytecode", "bytecode_runtime", "blueprint_bytecode"],
        settings=Settings(evm_version=EVM_VERSION),
    )
    return {
        "contract": name,
        "compiler": f"vyper {vyper.__version__}",
        "evm_version": EVM_VERSION,
        "source_sha256": hashlib.sha256(source.encode()).hexdigest(),
        "abi": out["abi"],
        "bytecode": out["bytecode"],
        "bytecode_runtime": out["bytecode_runtime"],
        "blueprint": out["blueprint_bytecode"],
    }


def render(artifact: dict[str, Any]) -> str:
    return json.dumps(artifact, indent=1, sort_keys=True) + "\n"


def main(argv: list[str]) -> int:
    check = "--check" in argv
    stale = []
    ARTIFACTS.mkdir(exist_ok=True)
    for name in names():
        text = render(compile_source(name))
        path = ARTIFACTS / f"{name}.json"
        if check:
            if not path.exists() or path.read_text() != text:
                stale.append(name)
        else:
            path.write_text(text)
    if stale:
        print("stale artifacts:", ", ".join(stale))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
