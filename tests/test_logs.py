"""The terminal `swapdesk` runs in: warnings and swapdesk's own few notes by default, every library's notes (httpx's
line per request among them) only with --verbose or SWAPDESK_VERBOSE=1. Issue 31: a first start filled the
terminal with `INFO httpx: HTTP Request…` lines. Each case is a new interpreter: logging is set up once a process."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

# as `swapdesk` sets its logs up from its options, then a request's note, a library's warning and one of swapdesk's
SCRIPT = """
import logging, sys
from swapdesk.__main__ import logs, parser
logs(parser().parse_args(sys.argv[1:]).verbose)
logging.getLogger("httpx").info("HTTP Request: POST http://127.0.0.1/rpc")
logging.getLogger("httpx").warning("a library's warning")
logging.getLogger("swapdesk.fork").info("practice fork of Ethereum")
"""


def _logged(*options: str, verbose_env: str | None = None) -> str:
    env = {k: v for k, v in os.environ.items() if k != "SWAPDESK_VERBOSE"}
    if verbose_env is not None:
        env["SWAPDESK_VERBOSE"] = verbose_env
    run = subprocess.run(
        [sys.executable, "-c", SCRIPT, *options], env=env, capture_output=True, text=True, timeout=60, check=True
    )
    return run.stderr


def test_quiet_by_default() -> None:
    said = _logged()
    assert "HTTP Request" not in said
    assert "WARNING httpx: a library's warning" in said and "INFO swapdesk.fork: practice fork" in said


@pytest.mark.parametrize(("options", "env"), [(("--verbose",), None), ((), "1")])
def test_verbose_says_every_request(options: tuple[str, ...], env: str | None) -> None:
    assert "INFO httpx: HTTP Request: POST" in _logged(*options, verbose_env=env)


def test_verbose_off_in_the_environment_is_off() -> None:
    assert "HTTP Request" not in _logged(verbose_env="0")
