"""The API's error catalogue.

Every failure is answered in the spec's envelope: `result` -1, a `message`
that names the parameter and the rule it broke, and in `data` a stable,
machine-readable `code` (plus the `parameter`, when one is at fault). The
HTTP status depends only on the class:

    ApiError                        result -1
    ├── InvalidParameter            400  a parameter breaks a rule
    │     MISSING_PARAMETER  DUPLICATE_PARAMETER  UNKNOWN_PARAMETER  NOT_AN_INTEGER
    │     OUT_OF_RANGE  NOT_AN_AMOUNT  INVALID_ADDRESS  BAD_CHECKSUM  INVALID_HASH
    │     INVALID_RECIPIENT  UNKNOWN_CHAIN  UNSUPPORTED_CHAIN  UNKNOWN_CHANNEL
    │     UNKNOWN_BRIDGE  SAME_TOKEN  SAME_CHAIN  UNKNOWN_TOKEN  DECIMALS_MISMATCH
    ├── NotFound                    404  nothing there
    │     UNKNOWN_PATH  NOT_AVAILABLE (the engine does not offer it yet)
    │     TRANSACTION_NOT_FOUND
    ├── MethodNotAllowed            405  METHOD_NOT_ALLOWED (every path is GET)
    ├── UriTooLong                  414  URI_TOO_LONG
    ├── Unprocessable               422  valid, but cannot be served
    │     NO_ROUTE  INSUFFICIENT_LIQUIDITY  AMOUNT_TOO_SMALL  MINIMUM_NOT_MET
    │     OUTSIDE_LIMITS  NOT_A_SWAP  NOT_A_DEPOSIT  ORDER_MISMATCH
    ├── Unavailable                 503  a chain or server cannot be reached
    │     CHAIN_UNAVAILABLE  SERVER_UNREACHABLE
    └── InternalError               500  a bug; the message says no more
          INTERNAL

Successful responses are HTTP 200 with result 0 and message "success".
"""

from __future__ import annotations

from enum import StrEnum
from typing import ClassVar


class ErrorCode(StrEnum):
    MISSING_PARAMETER = "MISSING_PARAMETER"
    DUPLICATE_PARAMETER = "DUPLICATE_PARAMETER"
    UNKNOWN_PARAMETER = "UNKNOWN_PARAMETER"
    NOT_AN_INTEGER = "NOT_AN_INTEGER"
    OUT_OF_RANGE = "OUT_OF_RANGE"
    NOT_AN_AMOUNT = "NOT_AN_AMOUNT"
    INVALID_ADDRESS = "INVALID_ADDRESS"
    BAD_CHECKSUM = "BAD_CHECKSUM"
    INVALID_HASH = "INVALID_HASH"
    INVALID_RECIPIENT = "INVALID_RECIPIENT"
    UNKNOWN_CHAIN = "UNKNOWN_CHAIN"
    UNSUPPORTED_CHAIN = "UNSUPPORTED_CHAIN"
    UNKNOWN_CHANNEL = "UNKNOWN_CHANNEL"
    UNKNOWN_BRIDGE = "UNKNOWN_BRIDGE"
    SAME_TOKEN = "SAME_TOKEN"
    SAME_CHAIN = "SAME_CHAIN"
    UNKNOWN_TOKEN = "UNKNOWN_TOKEN"
    DECIMALS_MISMATCH = "DECIMALS_MISMATCH"
    UNKNOWN_PATH = "UNKNOWN_PATH"
    NOT_AVAILABLE = "NOT_AVAILABLE"
    TRANSACTION_NOT_FOUND = "TRANSACTION_NOT_FOUND"
    METHOD_NOT_ALLOWED = "METHOD_NOT_ALLOWED"
    URI_TOO_LONG = "URI_TOO_LONG"
    NO_ROUTE = "NO_ROUTE"
    INSUFFICIENT_LIQUIDITY = "INSUFFICIENT_LIQUIDITY"
    AMOUNT_TOO_SMALL = "AMOUNT_TOO_SMALL"
    MINIMUM_NOT_MET = "MINIMUM_NOT_MET"
    OUTSIDE_LIMITS = "OUTSIDE_LIMITS"
    NOT_A_SWAP = "NOT_A_SWAP"
    NOT_A_DEPOSIT = "NOT_A_DEPOSIT"
    ORDER_MISMATCH = "ORDER_MISMATCH"
    CHAIN_UNAVAILABLE = "CHAIN_UNAVAILABLE"
    SERVER_UNREACHABLE = "SERVER_UNREACHABLE"
    INTERNAL = "INTERNAL"


class ApiError(Exception):
    status: ClassVar[int] = 500

    def __init__(self, code: ErrorCode, message: str, parameter: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.parameter = parameter

    def data(self) -> dict[str, str]:
        out = {"code": self.code.value}
        if self.parameter is not None:
            out["parameter"] = self.parameter
        return out


class InvalidParameter(ApiError):
    status = 400

    def __init__(self, parameter: str, code: ErrorCode, rule: str) -> None:
        super().__init__(code, f"{parameter}: {rule}", parameter)
        self.rule = rule


class NotFound(ApiError):
    status = 404


class MethodNotAllowed(ApiError):
    status = 405


class UriTooLong(ApiError):
    status = 414


class Unprocessable(ApiError):
    status = 422


class Unavailable(ApiError):
    status = 503


class InternalError(ApiError):
    status = 500

    def __init__(self, message: str = "internal error") -> None:
        super().__init__(ErrorCode.INTERNAL, message)


# every code not listed here is an InvalidParameter code
_CLASS_OF: dict[ErrorCode, type[ApiError]] = dict.fromkeys(ErrorCode, InvalidParameter) | {
    ErrorCode.UNKNOWN_PATH: NotFound,
    ErrorCode.NOT_AVAILABLE: NotFound,
    ErrorCode.TRANSACTION_NOT_FOUND: NotFound,
    ErrorCode.METHOD_NOT_ALLOWED: MethodNotAllowed,
    ErrorCode.URI_TOO_LONG: UriTooLong,
    ErrorCode.NO_ROUTE: Unprocessable,
    ErrorCode.INSUFFICIENT_LIQUIDITY: Unprocessable,
    ErrorCode.AMOUNT_TOO_SMALL: Unprocessable,
    ErrorCode.MINIMUM_NOT_MET: Unprocessable,
    ErrorCode.OUTSIDE_LIMITS: Unprocessable,
    ErrorCode.NOT_A_SWAP: Unprocessable,
    ErrorCode.NOT_A_DEPOSIT: Unprocessable,
    ErrorCode.ORDER_MISMATCH: Unprocessable,
    ErrorCode.CHAIN_UNAVAILABLE: Unavailable,
    ErrorCode.SERVER_UNREACHABLE: Unavailable,
    ErrorCode.INTERNAL: InternalError,
}


def from_envelope(message: str, data: object) -> ApiError:
    """Rebuild the error a server answered with (used by the remote client)."""
    fields = data if isinstance(data, dict) else {}
    try:
        code = ErrorCode(str(fields.get("code")))
    except ValueError:
        code = ErrorCode.INTERNAL
    cls = _CLASS_OF[code]
    parameter = fields.get("parameter")
    if cls is InvalidParameter and isinstance(parameter, str):
        return InvalidParameter(parameter, code, message.removeprefix(f"{parameter}: "))
    if cls is InternalError:
        return InternalError(message)
    return cls(code, message, parameter if isinstance(parameter, str) else None)
