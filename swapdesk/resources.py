"""Where the bundled resources (icons) live.

In a checkout (and an editable install) they are the repository's
`resources/`; an installed wheel puts them under `<prefix>/share/swapdesk/`
(see `[tool.setuptools.data-files]` in pyproject.toml).
"""

from __future__ import annotations

import sys
from pathlib import Path

_CHECKOUT = Path(__file__).resolve().parent.parent / "resources"
_INSTALLED = Path(sys.prefix) / "share" / "swapdesk" / "resources"

RESOURCES = _CHECKOUT if _CHECKOUT.is_dir() else _INSTALLED
