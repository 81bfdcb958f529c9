"""The list of the user's accounts: address, label and where the key lives.

It holds no secret (keys are in the keyring or a keystore file) and is
saved as JSON beside the settings, atomically.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path

from swapdesk.address import format_address, parse_evm
from swapdesk.files import write_atomically

KINDS = ("keyring", "keystore", "watch", "demo")


@dataclass(frozen=True)
class Account:
    address: str  # EIP-55; the same 20 bytes are the account's TRON address
    label: str
    kind: str  # one of KINDS; "demo" accounts are never saved

    @property
    def can_sign(self) -> bool:
        return self.kind != "watch"

    @property
    def devnet_only(self) -> bool:
        return self.kind == "demo"

    @property
    def tron_address(self) -> str:
        """The account on TRON: the same key, so the same 20 bytes, in base58check."""
        return self.address_on(tron=True)

    def address_on(self, tron: bool) -> str:
        """The address as a chain writes it: EIP-55, or base58check on TRON."""
        return format_address(parse_evm(self.address), tron)

    def title(self, tron: bool = False) -> str:
        """'Main (0x2c75…5c23) · keystore file', with the address as the chain writes it."""
        address = self.address_on(tron)
        short = f"{address[:6]}…{address[-4:]}"
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
