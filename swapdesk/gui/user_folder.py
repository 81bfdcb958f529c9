"""Where a file dialog opens: the user's Documents folder (their home where there is none), never the folder the
process happened to start in (issue 31, item 14: an export offered swapdesk's own working directory)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QStandardPaths


def documents() -> Path:
    """The user's Documents folder if it exists, else their home."""
    found = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    folder = Path(found) if found else Path.home()
    return folder if folder.is_dir() else Path.home()


def suggested(name: str = "") -> str:
    """A file dialog's starting path: `name` in the user's documents (the folder alone without a name)."""
    return str(documents() / name) if name else str(documents())
