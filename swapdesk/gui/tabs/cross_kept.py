"""The bridges' chains and tokens as the engine of these settings last listed them, kept between runs.

The Cross-chain tab asks its engine which chains and tokens the bridges serve (`/v3/cross/common/list`): on the
embedded devnet that starts every bridge chain, seconds after the window shows. The last answer is kept in
the data folder, under the settings that chose the engine, so that the next start lists them at once, the
form usable while the engine starts; what the engine lists then replaces them. A list kept for other settings,
or unreadable, is not used.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path

from pydantic import ValidationError

from swapdesk.api import CrossTokenList
from swapdesk.files import write_atomically
from swapdesk.settings import Settings

log = logging.getLogger(__name__)


def settings_key(chosen: Settings) -> str:
    """What decides which engine answers, and so which list it gives."""
    parts = {"engine": chosen.engine, "server": chosen.server_url, "rpc": chosen.rpc, "providers": chosen.providers,
             "forks": chosen.forks}  # fmt: skip
    return json.dumps(parts, sort_keys=True)


class KeptList:
    def __init__(self, path: Path, key: str) -> None:
        self.path, self.key = path, key

    def load(self) -> CrossTokenList | None:
        try:
            kept = json.loads(self.path.read_text(encoding="utf-8"))
            if not isinstance(kept, dict) or kept.get("key") != self.key:
                return None
            return CrossTokenList.model_validate(kept.get("list"))
        except (OSError, ValueError, ValidationError):
            log.debug("no usable kept list of the bridges' chains at %s", self.path, exc_info=True)
            return None

    def save(self, listed: CrossTokenList) -> None:
        """Written aside, then renamed: a start never reads half a list. Failing to keep it costs only time."""
        try:
            write_atomically(self.path, json.dumps({"key": self.key, "list": listed.model_dump(mode="json")}))
        except OSError:
            log.warning("the bridges' chains and tokens could not be kept at %s", self.path, exc_info=True)
