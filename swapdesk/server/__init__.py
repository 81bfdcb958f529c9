"""The HTTP app: the spec's paths mapped onto any `SwapService`."""

from swapdesk.server.app import create_app

__all__ = ["create_app"]
