"""The list of the user's accounts: address, label and where the key lives.

It holds no secret (keys are in the keyring or a keystore file) and is
saved as JSON beside the settings, atomically.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path

from swapdesk.files import write_atomically

KINDS = ("keyring", "keystore", "watch", "demo")


@dataclass(frozen=True)
class Account:
    address: str  # EIP-55
    label: str
    kind: str  # one of KINDS; "demo" accounts are never saved

    @property
    def can_sign(self) -> bool:
        return self.kind != "watch"

    @property
    def devnet_only(self) -> bool:
        return self.kind == "demo"

    def title(self) -> str:
        short = f"{self.address[:6]}…{self.address[-4:]}"
        note = {"watch": " · watch-only", "demo": " · devnet only", "keystore": " · keystore file"}.get(self.kind, "")
        return f"{self.label} ({short}){note}"


class AccountBook:
    def __init__(self, path: Path) -> None:
        self.path = path

    def load(self) -> list[Account]:
        if not self.path.exists():
            return []
        return [Account(**entry) for entry in json.loads(self.path.read_text())]

    def save(self, accounts: list[Account]) -> None:
        assert all(a.kind in KINDS and a.kind != "demo" for a in accounts)
        write_atomically(self.path, json.dumps([asdict(a) for a in accounts], indent=1))
