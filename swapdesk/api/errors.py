"""The API's error catalogue.

Every failure is answered in the spec's envelope: `result` -1, a `message`
that names the parameter and the rule it broke, and in `data` a stable,
machine-readable `code` (plus the `parameter`, when one is at fault). The
code alone sets the HTTP status, whichever class raised it:

    ApiError                        result -1
    ├── InvalidParameter            a parameter at fault; message "name: rule"; 400 or 422 by its code
    │   400  the query breaks a rule the OpenAPI document states (required, pattern, range, enum, format)
    │     MISSING_PARAMETER  DUPLICATE_PARAMETER  UNKNOWN_PARAMETER  NOT_AN_INTEGER
    │     OUT_OF_RANGE  NOT_AN_AMOUNT  INVALID_ADDRESS  BAD_CHECKSUM  INVALID_HASH
    │     UNKNOWN_CHAIN  UNSUPPORTED_CHAIN  UNKNOWN_CHANNEL  UNKNOWN_BRIDGE
    ├── NotFound                    404  nothing there
    │     UNKNOWN_PATH  NOT_AVAILABLE (the engine does not offer it yet)
    │     TRANSACTION_NOT_FOUND
    ├── MethodNotAllowed            405  METHOD_NOT_ALLOWED (every path is GET)
    ├── UriTooLong                  414  URI_TOO_LONG
    ├── Refused                     a request a web page may have made the browser send (`server.guard`)
    │     403 CROSS_ORIGIN  421 MISDIRECTED_REQUEST (a foreign Host)  415 UNSUPPORTED_MEDIA_TYPE
    ├── Unprocessable               422  each parameter is valid, but the request cannot be served:
    │     rules between parameters   SAME_TOKEN  SAME_CHAIN  ADDRESS_CHAIN_MISMATCH
    │     facts of the chain         UNKNOWN_TOKEN  DECIMALS_MISMATCH  INVALID_RECIPIENT  INVALID_SENDER  NOT_A_SWAP
    │                                NOT_A_DEPOSIT  ORDER_MISMATCH
    │     what the market allows     NO_ROUTE  INSUFFICIENT_LIQUIDITY  AMOUNT_TOO_SMALL  MINIMUM_NOT_MET
    │                                OUTSIDE_LIMITS
    ├── Unavailable                 503  a chain or server cannot be reached
    │     CHAIN_UNAVAILABLE  SERVER_UNREACHABLE
    └── InternalError               500  a bug; the message says no more
          INTERNAL

The engine builds each message from `Words` (a template marked for translation and its words; the
parameter's name and the rule via `on_parameter`): `message` is its English, byte for byte what the API sends,
and a window with the engine in its process says `.said` in its language. A node's or a provider's own text is
a word in such a sentence, as it said it.

So a schema-driven client can trust the document: what it states valid is
never answered 400. Successful responses are HTTP 200 with result 0 and
message "success".
"""

from __future__ import annotations

from enum import StrEnum
from typing import ClassVar

from swapdesk.words import QT_TR_NOOP, Term, Worded, Words


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
    INVALID_SENDER = "INVALID_SENDER"
    UNKNOWN_CHAIN = "UNKNOWN_CHAIN"
    UNSUPPORTED_CHAIN = "UNSUPPORTED_CHAIN"
    UNKNOWN_CHANNEL = "UNKNOWN_CHANNEL"
    UNKNOWN_BRIDGE = "UNKNOWN_BRIDGE"
    SAME_TOKEN = "SAME_TOKEN"
    SAME_CHAIN = "SAME_CHAIN"
    ADDRESS_CHAIN_MISMATCH = "ADDRESS_CHAIN_MISMATCH"
    UNKNOWN_TOKEN = "UNKNOWN_TOKEN"
    DECIMALS_MISMATCH = "DECIMALS_MISMATCH"
    UNKNOWN_PATH = "UNKNOWN_PATH"
    NOT_AVAILABLE = "NOT_AVAILABLE"
    TRANSACTION_NOT_FOUND = "TRANSACTION_NOT_FOUND"
    METHOD_NOT_ALLOWED = "METHOD_NOT_ALLOWED"
    URI_TOO_LONG = "URI_TOO_LONG"
    CROSS_ORIGIN = "CROSS_ORIGIN"
    MISDIRECTED_REQUEST = "MISDIRECTED_REQUEST"
    UNSUPPORTED_MEDIA_TYPE = "UNSUPPORTED_MEDIA_TYPE"
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
    STATUS: ClassVar[int] = 500

    def __init__(self, code: ErrorCode, message: str | Words, parameter: str | None = None) -> None:
        super().__init__(str(message))
        self.code = code
        self.message = str(message)  # the API's English, sent as it is
        self.parameter = parameter
        # the message as a marked template and its words, for a window in another language (an engine in this
        # process only: over HTTP only the message travels)
        self.said = message if isinstance(message, Words) else None

    @property
    def words(self) -> str | Words:
        """The message as words to put in a sentence: marked (translated where it is shown) when it is."""
        return self.said if self.said is not None else self.message

    @property
    def status(self) -> int:
        """The HTTP status: the code's, so the engine and the parser cannot disagree on it."""
        return STATUS[self.code]

    def data(self) -> dict[str, str]:
        out = {"code": self.code.value}
        if self.parameter is not None:
            out["parameter"] = self.parameter
        return out


class InvalidParameter(ApiError):
    STATUS = 400

    def __init__(self, parameter: str, code: ErrorCode, rule: str | Words | Worded) -> None:
        # a marked rule (the engine's) keeps its words for the window; a plain one (a window's own, translated) is
        # sent as it is
        message = f"{parameter}: {rule}" if isinstance(rule, str) else on_parameter(parameter, rule)
        super().__init__(code, message, parameter)
        self.rule = str(rule)


class NotFound(ApiError):
    STATUS = 404


class MethodNotAllowed(ApiError):
    STATUS = 405


class UriTooLong(ApiError):
    STATUS = 414


class CrossOrigin(ApiError):
    STATUS = 403


class Misdirected(ApiError):
    STATUS = 421


class UnsupportedMedia(ApiError):
    STATUS = 415


class Unprocessable(ApiError):
    STATUS = 422


class Unavailable(ApiError):
    STATUS = 503


class InternalError(ApiError):
    STATUS = 500

    def __init__(self, message: str | Words | None = None) -> None:
        super().__init__(ErrorCode.INTERNAL, Words(QT_TR_NOOP("internal error")) if message is None else message)


_ON_PARAMETER = QT_TR_NOOP("{parameter}: {rule}")


def on_parameter(parameter: str, rule: Words | Worded) -> Words:
    """ "name: rule", the parameter's name as the API spells it and the rule in words the window translates (the
    name too, where the window names it: `swapdesk.gui.error_words.PARAMETERS`)."""
    return Words(_ON_PARAMETER, parameter=Term(parameter), rule=rule)


# every code not listed here is an InvalidParameter code (400)
_CLASS_OF: dict[ErrorCode, type[ApiError]] = dict.fromkeys(ErrorCode, InvalidParameter) | {
    ErrorCode.UNKNOWN_PATH: NotFound,
    ErrorCode.NOT_AVAILABLE: NotFound,
    ErrorCode.TRANSACTION_NOT_FOUND: NotFound,
    ErrorCode.METHOD_NOT_ALLOWED: MethodNotAllowed,
    ErrorCode.URI_TOO_LONG: UriTooLong,
    ErrorCode.CROSS_ORIGIN: CrossOrigin,
    ErrorCode.MISDIRECTED_REQUEST: Misdirected,
    ErrorCode.UNSUPPORTED_MEDIA_TYPE: UnsupportedMedia,
    ErrorCode.SAME_TOKEN: Unprocessable,
    ErrorCode.SAME_CHAIN: Unprocessable,
    ErrorCode.ADDRESS_CHAIN_MISMATCH: Unprocessable,
    ErrorCode.UNKNOWN_TOKEN: Unprocessable,
    ErrorCode.DECIMALS_MISMATCH: Unprocessable,
    ErrorCode.INVALID_RECIPIENT: Unprocessable,
    ErrorCode.INVALID_SENDER: Unprocessable,
    ErrorCode.NOT_A_SWAP: Unprocessable,
    ErrorCode.NOT_A_DEPOSIT: Unprocessable,
    ErrorCode.ORDER_MISMATCH: Unprocessable,
    ErrorCode.NO_ROUTE: Unprocessable,
    ErrorCode.INSUFFICIENT_LIQUIDITY: Unprocessable,
    ErrorCode.AMOUNT_TOO_SMALL: Unprocessable,
    ErrorCode.MINIMUM_NOT_MET: Unprocessable,
    ErrorCode.OUTSIDE_LIMITS: Unprocessable,
    ErrorCode.CHAIN_UNAVAILABLE: Unavailable,
    ErrorCode.SERVER_UNREACHABLE: Unavailable,
    ErrorCode.INTERNAL: InternalError,
}

STATUS: dict[ErrorCode, int] = {code: cls.STATUS for code, cls in _CLASS_OF.items()}


def codes_of(status: int) -> list[ErrorCode]:
    """The codes answered with this HTTP status (for the OpenAPI document)."""
    return [code for code in ErrorCode if STATUS[code] == status]


def from_envelope(message: str, data: object) -> ApiError:
    """Rebuild the error a server answered with (used by the remote client)."""
    fields = data if isinstance(data, dict) else {}
    try:
        code = ErrorCode(str(fields.get("code")))
    except ValueError:
        code = ErrorCode.INTERNAL
    cls = _CLASS_OF[code]
    parameter = fields.get("parameter")
    if cls is InvalidParameter:
        if isinstance(parameter, str):
            return InvalidParameter(parameter, code, message.removeprefix(f"{parameter}: "))
        return ApiError(code, message)  # a server that named no parameter
    if cls is InternalError:
        return InternalError(message)
    return cls(code, message, parameter if isinstance(parameter, str) else None)
