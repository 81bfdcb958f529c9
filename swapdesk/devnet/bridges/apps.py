"""Each bridge provider's API as a small ASGI app, by provider name.

Mount them under `/providers/<name>/` (`app.mount(f"/providers/{name}", asgi)` for each item), or reach
them in process with `httpx.AsyncClient(transport=httpx.ASGITransport(app=asgi), base_url=...)`: the
desktop app has no HTTP server, and a client of these APIs cannot tell the difference.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from starlette.applications import Starlette

from swapdesk.devnet.bridges.anyswap_api import anyswap_app
from swapdesk.devnet.bridges.cbridge_api import cbridge_app
from swapdesk.devnet.bridges.metapath_api import metapath_app

if TYPE_CHECKING:
    from swapdesk.devnet.bridges.service import BridgeProviders


def provider_apps(providers: BridgeProviders) -> dict[str, Starlette]:
    return {
        "anyswap": anyswap_app(providers),
        "cbridge": cbridge_app(providers),
        "metapath": metapath_app(providers),
    }
