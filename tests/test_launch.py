"""`swapdesk` reads its options before the window: nothing it loads for that may be the engine's (web3, py-evm,
the engine's modules), which loads on a thread of its own while Qt does (`chain.libraries`). Issue 31: the
router commands' options imported the engine first, and the window came 1.7-1.8 s after launch instead of ~1 s."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

SCRIPT = """
import json, sys
from swapdesk.__main__ import parser
parser().parse_args(sys.argv[1:])
print(json.dumps(sorted(sys.modules)))
"""
LIBRARIES = {"web3", "eth"}  # web3.py, py-evm
MODULES = ("swapdesk.engine", "swapdesk.trade", "swapdesk.devnet")


def _engine(loaded: list[str]) -> list[str]:
    return [name for name in loaded if name.split(".")[0] in LIBRARIES or name.startswith(MODULES)]


def _loaded(*argv: str) -> list[str]:
    run = subprocess.run([sys.executable, "-c", SCRIPT, *argv], capture_output=True, text=True, timeout=120, check=True)
    return list(json.loads(run.stdout))


def test_the_window_s_options_load_nothing_of_the_engine() -> None:
    assert _engine(_loaded()) == []


def test_a_router_command_s_options_load_nothing_of_the_engine_either() -> None:
    assert _engine(_loaded("router", "address", "--owner", "0x" + "11" * 20)) == []


WINDOW = """
import json, sys, threading, types
shown = types.ModuleType("swapdesk.gui.app")  # stands for the window: what is loading when it would open

def run(server, fork):
    loading = [t.name for t in threading.enumerate() if t is not threading.main_thread()]
    print(json.dumps({"threads": loading, "modules": sorted(sys.modules)}))
    return 0

shown.run = run
import swapdesk.gui
sys.modules["swapdesk.gui.app"] = shown
from swapdesk.__main__ import main
sys.exit(main([]))
"""


def test_nothing_of_the_engine_loads_beside_the_window_before_it_is_shown(tmp_path: Path) -> None:
    """The engine's libraries load behind the window, on the thread that builds the engine: loaded on a thread
    beside Qt before it, they took the interpreter's time from the window and doubled its wait."""
    env = {**os.environ, "XDG_CONFIG_HOME": str(tmp_path), "HOME": str(tmp_path)}  # the default settings: devnet
    run = subprocess.run([sys.executable, "-c", WINDOW], env=env, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    seen = json.loads(run.stdout.splitlines()[-1])
    assert seen["threads"] == [] and _engine(seen["modules"]) == []
