"""An engine as `compose` put it together, as a session (`swapdesk.session`) holds it.

What it answers (`service`, the wire contract: here or over HTTP), its name (for the status bar, in any language),
and, when it runs in this process, what only it has (`here`: `engine.in_process.InProcess`) and the devnet it runs
on, as far as the window acts on it (`DevnetHandle`). Light: a window holds one before the engine's libraries
are in, and the command line asking a server never loads them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from swapdesk.api import SwapService
from swapdesk.words import Words

if TYPE_CHECKING:  # web3: only an engine in this process has one
    from swapdesk.engine.in_process import InProcess


class DevnetHandle(Protocol):
    """The embedded devnet an engine runs on, as the window acts on it."""

    def building_worlds(self) -> bool:
        """Whether it still builds worlds ahead (a first start: the Cross-chain list waits for them)."""
        ...

    async def reset(self) -> list[str]:
        """Every chain started over from its world: the names of those that had data."""
        ...


@dataclass(frozen=True)
class Composed:
    service: SwapService
    name: str | Words
    here: InProcess | None = None  # None: a server's engine, which only answers
    devnet: DevnetHandle | None = None  # None: no devnet of its own (a server's, if any, is the server's)
