"""The spec's common response envelope: {result, message, data}."""

from __future__ import annotations

from typing import Any, Generic, Literal, TypeVar

from pydantic import BaseModel

from swapdesk.api.errors import ApiError, ErrorCode

T = TypeVar("T")

SUCCESS = "success"


class Envelope(BaseModel, Generic[T]):
    """A success: result 0, message "success", the endpoint's record in `data`."""

    result: Literal[0]
    message: Literal["success"]
    data: T


class ErrorData(BaseModel):
    code: ErrorCode
    parameter: str | None = None


class ErrorEnvelope(BaseModel):
    result: Literal[-1] = -1
    message: str
    data: ErrorData


def _json(data: Any) -> Any:
    # fields a record leaves unset (an optional extension field, relayerFee) are left out, never null
    return data.model_dump(mode="json", exclude_none=True) if isinstance(data, BaseModel) else data


def success(data: Any) -> dict[str, Any]:
    data = [_json(d) for d in data] if isinstance(data, list) else _json(data)
    return {"result": 0, "message": SUCCESS, "data": data}


def failure(error: ApiError) -> dict[str, Any]:
    return {"result": -1, "message": error.message, "data": error.data()}
