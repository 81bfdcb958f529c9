"""FastAPI app serving the spec's paths, the extensions and devnet JSON-RPC.

Every answer is the spec's envelope, errors included: HTTP statuses are
documented in `swapdesk.api.errors`. The OpenAPI document (`server.openapi`)
states each parameter's rule from the same tables the validation layer uses,
so the document cannot drift from the checks; `/docs` is Swagger UI served
from the fastapi-offline package, so it works without internet.

HTTP hygiene: a URL over 8 KiB is 414 (`server.limits`); a wrong method is
405 with `Allow`; a trailing slash is not the same path (404 naming the
path without it): one resource, one URL, as the parser takes every text as
given rather than guessing.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from contextlib import asynccontextmanager
from typing import Any, Protocol

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from fastapi_offline import FastAPIOffline
from starlette.exceptions import HTTPException

import swapdesk.server.openapi as openapi
from swapdesk import __version__
from swapdesk.api import (
    BY_PATH,
    ENDPOINTS,
    Endpoint,
    ErrorCode,
    InternalError,
    NotFound,
    SwapService,
    dispatch,
    failure,
)
from swapdesk.api.errors import ApiError, MethodNotAllowed
from swapdesk.resources import RESOURCES
from swapdesk.server.cors import Cors
from swapdesk.server.guard import RequestGuard
from swapdesk.server.limits import UrlLimit

DESCRIPTION = """\
The swap query API (same-chain aggregation, TRON variant, cross-chain quotes,
order callback, token list, transaction details), served by swapdesk's engine.
Every response is the envelope `{result, message, data}`; on error `result` is
-1, `message` names the parameter and the rule, and `data.code` is one of the
catalogue's codes. HTTP 200 success; 400 a parameter breaks a rule stated here;
404 no such path, not available yet, or no such transaction; 405 not GET; 414
URL over 8 KiB; 422 valid but cannot be served (no token at that address, no
route...); 503 a chain or upstream server is unreachable; 500 a bug.
Addresses have the formats `evm-address` (0x and 40 hex digits, EIP-55 when
mixed case), `tron-address` (base58check, T...) or either, by the chain.
Paths under `/ext/v1/` are swapdesk extensions, not part of the spec.
`POST /rpc/{chainID}` is the devnet chain's standard Ethereum JSON-RPC; `/tron/wallet/*`
is the devnet TRON chain's java-tron HTTP API (tronpy's), and `/providers/<name>/` each
bridge provider's own API (docs/providers.md): not listed here.
"""


def _handler(service: SwapService, endpoint: Endpoint) -> Callable[[Request], Awaitable[JSONResponse]]:
    async def handle(request: Request) -> JSONResponse:
        status, body = await dispatch(service, endpoint, request.query_params.multi_items())
        return JSONResponse(body, status_code=status)

    handle.__name__ = endpoint.method
    return handle


def _error(error: ApiError, headers: dict[str, str] | None = None) -> JSONResponse:
    return JSONResponse(failure(error), status_code=error.status, headers=headers)


def _not_found(path: str) -> ApiError:
    trimmed = path.rstrip("/")
    hint = f"; did you mean {trimmed}?" if trimmed != path and trimmed in BY_PATH else ""
    return NotFound(ErrorCode.UNKNOWN_PATH, f"no such path: {path}{hint}")


class World(Protocol):
    """Routes served beside the API that are not the API's: the devnet's `/rpc`, `/tron` and bridge providers
    (`server.devnet_app.DevnetRoutes`), or a devnet process's passed on (`server.forward.Forwarder`). The app
    knows them only through this, so serving real networks needs no devnet."""

    def add_routes(self, app: FastAPI) -> None: ...

    async def aclose(self) -> None: ...


def create_app(service: SwapService, world: World | None = None, cors: Iterable[str] = ()) -> FastAPI:
    """`service` is started with the app (what runs beside it: the embedded world's bridge operators) and
    closed with it. `world`: routes served beside the API (the devnet's). `cors`: the origins whose pages may
    read every answer (`server.cors`); none by default."""
    examples: dict[str, dict[str, str]] = {}

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await service.start()
        examples.update(await openapi.served_examples(service))
        app.openapi_schema = None  # built again, with the served examples
        yield
        await service.aclose()
        if world is not None:
            await world.aclose()

    app = FastAPIOffline(
        title="swapdesk swap query API",
        version=__version__,
        description=DESCRIPTION,
        openapi_tags=openapi.tags(),
        lifespan=lifespan,
        redirect_slashes=False,
    )

    for endpoint in ENDPOINTS:
        app.add_api_route(
            endpoint.path,
            _handler(service, endpoint),
            methods=["GET"],
            summary=endpoint.summary,
            tags=["extensions" if endpoint.extension else "spec"],
            openapi_extra={"parameters": [p.openapi() for p in endpoint.request.PARAMS]},
            responses=openapi.responses(endpoint),
        )

    if world is not None:
        world.add_routes(app)  # outside the document
    app.mount("/static", StaticFiles(directory=RESOURCES, check_dir=False), name="static")
    app.add_middleware(UrlLimit)
    origins = tuple(cors)
    app.add_middleware(RequestGuard, origins=origins)  # foreign Host, Origin and bodies (`server.guard`)
    if origins:
        app.add_middleware(Cors, origins=origins)  # outermost: refusals (414...) carry it too

    def document() -> dict[str, Any]:
        if app.openapi_schema is None:
            app.openapi_schema = openapi.complete(FastAPI.openapi(app), examples)
        return app.openapi_schema

    app.openapi = document  # type: ignore[method-assign]  # FastAPI's documented way to extend its document

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException) -> JSONResponse:
        if exc.status_code == 404:
            return _error(_not_found(request.url.path))
        if exc.status_code == 405:
            allowed = (exc.headers or {}).get("Allow", "GET")
            message = f"{request.method} is not allowed on {request.url.path}; use {allowed}"
            return _error(MethodNotAllowed(ErrorCode.METHOD_NOT_ALLOWED, message), headers={"Allow": allowed})
        return _error(ApiError(ErrorCode.INTERNAL, str(exc.detail)))

    @app.exception_handler(Exception)
    async def bug(request: Request, exc: Exception) -> JSONResponse:
        return _error(InternalError())  # uvicorn logs the traceback: Starlette raises it again

    return app
