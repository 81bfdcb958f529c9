"""The spec's common response envelope: {result, message, data}."""

from __future__ import annotations

from typing import Any, Generic, TypeVar

from pydantic import BaseModel

from swapdesk.api.errors import ApiError

T = TypeVar("T")

SUCCESS = "success"


class Envelope(BaseModel, Generic[T]):
    result: int
    message: str
    data: T


class ErrorData(BaseModel):
    code: str
    parameter: str | None = None


class ErrorEnvelope(BaseModel):
    result: int = -1
    message: str
    data: ErrorData


def success(data: Any) -> dict[str, Any]:
    if isinstance(data, BaseModel):
        data = data.model_dump(mode="json")
    elif isinstance(data, list):
        data = [d.model_dump(mode="json") if isinstance(d, BaseModel) else d for d in data]
    return {"result": 0, "message": SUCCESS, "data": data}


def failure(error: ApiError) -> dict[str, Any]:
    return {"result": -1, "message": error.message, "data": error.data()}
