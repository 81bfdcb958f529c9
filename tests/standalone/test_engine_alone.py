"""The engine on a chain made only of the protocols' bytecode, given only an RPC URL and a catalogue: it finds the
pools, quotes and swaps through a DEX's own router, deploys swapdesk's router through the proxy, then splits
and reads the details. The scenario runs in a process where importing `swapdesk.devnet` fails."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from eth_account import Account

from swapdesk.engine.router import RouterTerms
from tests.anvil import REPO
from tests.standalone.conftest import World


def run_scenario(world: World) -> dict[str, Any]:
    url, folder, key = world.url, world.folder, world.user_key
    env = {"SWAPDESK_CONFIG_DIR": str(folder / "config"), "SWAPDESK_DATA_DIR": str(folder / "data"), "PATH": ""}
    done = subprocess.run(
        [sys.executable, "-m", "tests.standalone.scenario", url, str(folder / "catalogue.json"), str(folder), key],
        cwd=REPO, env=env, capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-4000:]
    answer: dict[str, Any] = json.loads(done.stdout.splitlines()[-1])
    return answer


def test_the_engine_alone_finds_quotes_deploys_splits_and_reads(world: World) -> None:
    seen = run_scenario(world)
    key = world.user_key
    assert seen["devnet_modules"] == [] and seen["evm_loaded"] is False
    # the pools were found from the factories: 4 V2 pairs and 2 V3 pools, none listed by hand (the empty pair
    # TKA/TKC left out)
    assert len(seen["found"]) == 6
    fallback = seen["fallback"]
    assert fallback["router"] is not None and fallback["fee"] == "0" and len(fallback["dexPath"]) == 1
    assert fallback["received"] == fallback["quoted"] == fallback["simulated"]
    # swapdesk's router, where the proxy puts it for the user's terms, set up for the catalogue's sources
    user = Account.from_key(bytes.fromhex(key)).address
    assert seen["router"] == RouterTerms(user, user, 20, {"web": 10}).address()
    assert seen["plan"][0].startswith("deploy swapdesk's router") and "register a V3 factory" in seen["plan"]
    written = json.loads(Path(seen["written"]).read_text())
    assert written["router"] == seen["router"] and written["sources"][0]["pools"] == []
    split = seen["split"]
    assert split["router"] is None and split["aggregator"] == seen["router"]
    assert {p.split(":")[0] for p in split["dexPath"]} == {"Uniswap V2", "Uniswap V3"}
    assert split["received"] == split["quoted"] == split["simulated"]
    details = split["details"]
    assert (details["status"], details["amountIn"], details["amountOut"]) == (
        "Success",
        str(60 * 10**18),
        split["quoted"],
    )
    assert {d["dex"] for d in details["dexs"]} == {"Uniswap V2", "Uniswap V3"}


def test_importing_the_engine_loads_no_evm() -> None:
    code = "import sys, swapdesk.engine, swapdesk.trade.swap; print(sorted(m for m in EVM if m in sys.modules))"
    done = subprocess.run(
        [sys.executable, "-c", code.replace("EVM", repr(("eth", "swapdesk.devnet")))],
        cwd=REPO, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.stdout.strip() == "[]", done.stderr


# the devnet itself, the one place that starts it, and the server's routes that serve it (/rpc, /tron, /devnet)
MAY_IMPORT_THE_DEVNET = ("devnet/", "compose.py", "server/devnet_app.py", "server/rpc.py", "server/tron.py")


def test_nothing_outside_the_devnet_imports_it() -> None:
    """Statically, every import statement of the package, lazy ones included."""
    offenders = []
    for path in sorted((REPO / "swapdesk").rglob("*.py")):
        relative = path.relative_to(REPO / "swapdesk").as_posix()
        if relative.startswith(MAY_IMPORT_THE_DEVNET):
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
            else:
                continue
            if any(name == "swapdesk.devnet" or name.startswith("swapdesk.devnet.") for name in names):
                offenders.append(f"{relative}:{node.lineno}")
    assert offenders == []
