"""Icons from resources/icons (SVG), by the paths the API gives (/static/icons/...)."""

from __future__ import annotations

from functools import cache

from PySide6.QtGui import QIcon

from swapdesk.resources import RESOURCES


@cache
def icon(path: str) -> QIcon:
    """QIcon for an API icon path; an empty icon when none is bundled."""
    relative = path.removeprefix("/static/")
    file = RESOURCES / relative
    return QIcon(str(file)) if file.exists() else QIcon()
