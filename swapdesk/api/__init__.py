"""The wire contract of the swap query API: pure, no I/O.

Requests and their validation (`requests`, `rules`), response records
(`records`), the envelope and the error catalogue (`envelope`, `errors`), and
the engine interface with its path table (`service`).
"""

from swapdesk.api.cross_requests import CrossListRequest, CrossOrderRequest, CrossRoutesRequest, CrossSwapRequest
from swapdesk.api.envelope import SUCCESS, Envelope, ErrorEnvelope, failure, success
from swapdesk.api.errors import (
    ApiError,
    ErrorCode,
    InternalError,
    InvalidParameter,
    NotFound,
    Unavailable,
    Unprocessable,
    on_parameter,
)
from swapdesk.api.records import (
    AggQuote,
    Balance,
    CrossQuote,
    CrossRoute,
    CrossRoutes,
    CrossTokenList,
    DexRef,
    SourceAmount,
    SourceInfo,
    Stage,
    TokenInfo,
    TransferStatus,
    TronQuote,
    TxDetails,
    TxInfo,
)
from swapdesk.api.requests import (
    AggSwapRequest,
    BalancesRequest,
    ChainRequest,
    DetailsRequest,
    Request,
    TokenRequest,
    TransactionRequest,
    TronSwapRequest,
    parse,
)
from swapdesk.api.service import BY_PATH, ENDPOINTS, Endpoint, SwapService, dispatch

__all__ = [
    "BY_PATH",
    "ENDPOINTS",
    "SUCCESS",
    "AggQuote",
    "AggSwapRequest",
    "ApiError",
    "Balance",
    "BalancesRequest",
    "ChainRequest",
    "CrossListRequest",
    "CrossOrderRequest",
    "CrossQuote",
    "CrossRoute",
    "CrossRoutes",
    "CrossRoutesRequest",
    "CrossSwapRequest",
    "CrossTokenList",
    "DetailsRequest",
    "DexRef",
    "Endpoint",
    "Envelope",
    "ErrorCode",
    "ErrorEnvelope",
    "InternalError",
    "InvalidParameter",
    "NotFound",
    "Request",
    "SourceAmount",
    "SourceInfo",
    "Stage",
    "SwapService",
    "TokenInfo",
    "TokenRequest",
    "TransactionRequest",
    "TransferStatus",
    "TronQuote",
    "TronSwapRequest",
    "TxDetails",
    "TxInfo",
    "Unavailable",
    "Unprocessable",
    "dispatch",
    "failure",
    "on_parameter",
    "parse",
    "success",
]
