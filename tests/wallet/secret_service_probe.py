"""Run inside `dbus-run-session` by test_secret_service.py: start gnome-keyring,
then store, read and delete a key through the wallet and the real Secret
Service. Prints what it saw as JSON, on a line of its own after "seen: "."""

from __future__ import annotations

import json
import os
import subprocess
import tempfile
from pathlib import Path

from keyring.backends import SecretService

from swapdesk.wallet import PrivateKey, Wallet

KEY = "0x" + "4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318"

# a fresh login keyring, unlocked with a throwaway password (as a desktop login does)
daemon = subprocess.run(
    ["gnome-keyring-daemon", "--unlock", "--components=secrets"], input=b"session\n", capture_output=True, check=True
)
for line in daemon.stdout.decode().splitlines():
    name, _, value = line.partition("=")
    os.environ[name] = value

backend = SecretService.Keyring()
folder = Path(tempfile.mkdtemp())
wallet = Wallet(folder, backend)
seen: dict[str, object] = {"problem": wallet.keyring_problem, "backend": type(backend).__module__}
account = wallet.import_key(PrivateKey.parse(KEY), "Main")
seen["stored"] = backend.get_password("swapdesk", account.address) is not None
seen["read"] = Wallet(folder, SecretService.Keyring()).key(account.address, devnet=False).address
wallet.remove(account.address)
seen["after_delete"] = backend.get_password("swapdesk", account.address)
print("seen: " + json.dumps(seen))
