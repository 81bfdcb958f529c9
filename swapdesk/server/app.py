"""FastAPI app serving the spec's paths, the extensions and devnet JSON-RPC.

Every answer on the spec's paths is the spec's envelope, errors included:
HTTP statuses are documented in `swapdesk.api.errors`. The OpenAPI document
lists each path's query parameters from the same tables the validation layer
uses, so the document cannot drift from the checks.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException

from swapdesk import __version__
from swapdesk.api import (
    ENDPOINTS,
    Endpoint,
    Envelope,
    ErrorCode,
    ErrorEnvelope,
    NotFound,
    SwapService,
    dispatch,
    failure,
)
from swapdesk.api.errors import ApiError, MethodNotAllowed
from swapdesk.devnet.network import Devnet
from swapdesk.resources import RESOURCES
from swapdesk.server.rpc import add_rpc_route

DESCRIPTION = """\
The swap query API (same-chain aggregation, TRON variant, cross-chain quotes,
order callback, token list, transaction details), served by swapdesk's engine.
Every response is the envelope `{result, message, data}`; on error `result` is
-1, `message` names the parameter and the rule, and `data.code` is one of the
catalogue's codes. HTTP 200 success, 400 invalid parameter, 404 not found or
not available, 422 valid but unserviceable, 503 chain or upstream unreachable.
Paths under `/ext/v1/` are swapdesk extensions, not part of the spec.
`POST /rpc/{chainID}` is the devnet chain's standard Ethereum JSON-RPC.
"""


def _openapi_parameters(endpoint: Endpoint) -> list[dict[str, Any]]:
    return [
        {
            "name": p.name,
            "in": "query",
            "required": p.required,
            "description": p.doc,
            "schema": {"type": p.schema_type},
        }
        for p in endpoint.request.PARAMS
    ]


def _handler(service: SwapService, endpoint: Endpoint) -> Callable[[Request], Awaitable[JSONResponse]]:
    async def handle(request: Request) -> JSONResponse:
        status, body = await dispatch(service, endpoint, request.query_params.multi_items())
        return JSONResponse(body, status_code=status)

    handle.__name__ = endpoint.method
    return handle


def _error(error: ApiError) -> JSONResponse:
    return JSONResponse(failure(error), status_code=error.status)


def create_app(service: SwapService, devnet: Devnet | None = None) -> FastAPI:
    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        yield
        await service.aclose()

    app = FastAPI(title="swapdesk swap query API", version=__version__, description=DESCRIPTION, lifespan=lifespan)

    for endpoint in ENDPOINTS:
        app.add_api_route(
            endpoint.path,
            _handler(service, endpoint),
            methods=["GET"],
            summary=endpoint.summary,
            tags=["extensions" if endpoint.extension else "spec"],
            openapi_extra={"parameters": _openapi_parameters(endpoint)},
            responses={
                200: {"model": Envelope[endpoint.record]},  # type: ignore[name-defined]
                400: {"model": ErrorEnvelope},
                404: {"model": ErrorEnvelope},
                422: {"model": ErrorEnvelope},
                503: {"model": ErrorEnvelope},
            },
        )

    add_rpc_route(app, devnet)

    app.mount("/static", StaticFiles(directory=RESOURCES, check_dir=False), name="static")

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException) -> JSONResponse:
        if exc.status_code == 404:
            return _error(NotFound(ErrorCode.UNKNOWN_PATH, f"no such path: {request.url.path}"))
        if exc.status_code == 405:
            return _error(
                MethodNotAllowed(
                    ErrorCode.METHOD_NOT_ALLOWED, f"{request.method} is not allowed on {request.url.path}; use GET"
                )
            )
        return _error(ApiError(ErrorCode.INTERNAL, str(exc.detail)))

    return app
