"""The wallet against a real OS keyring: gnome-keyring's Secret Service on a
private D-Bus session (both installed by scripts/test)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).parents[2]


SAID = "seen: "


def test_store_read_and_delete_a_key_in_gnome_keyring(tmp_path: Path) -> None:
    env = {**os.environ, "HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path / "data"), "PYTHONPATH": str(ROOT)}
    env.pop("DBUS_SESSION_BUS_ADDRESS", None)
    probe = [sys.executable, str(ROOT / "tests" / "wallet" / "secret_service_probe.py")]
    done = subprocess.run(["dbus-run-session", "--", *probe], env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    # the probe's own line; a keyring daemon D-Bus starts on demand shares its output and may say its variables first
    (said,) = [line for line in done.stdout.splitlines() if line.startswith(SAID)]
    seen = json.loads(said.removeprefix(SAID))
    assert seen == {
        "problem": None,
        "backend": "keyring.backends.SecretService",
        "stored": True,
        "read": "0x2c7536E3605D9C16a7a3D7b1898e529396a65c23",
        "after_delete": None,
    }
    # the key went to the keyring's own (encrypted) file, not in plaintext anywhere under HOME
    secret = "4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318"
    for path in tmp_path.rglob("*"):
        if path.is_file():
            assert secret.encode() not in path.read_bytes(), path
