"""The error catalogue: one status per code, whoever raises it, and the same error after a round trip."""

from __future__ import annotations

import pytest

from swapdesk.api import ApiError, ErrorCode, InvalidParameter, failure
from swapdesk.api.errors import STATUS, codes_of, from_envelope


def test_the_code_alone_sets_the_status() -> None:
    # the engine names the parameter of a fact of the chain: still 422, as the document says
    assert InvalidParameter("token0", ErrorCode.UNKNOWN_TOKEN, "no ERC-20 token there").status == 422
    assert InvalidParameter("token1", ErrorCode.SAME_TOKEN, "one asset").status == 422
    assert InvalidParameter("impact", ErrorCode.OUT_OF_RANGE, "must be from 0 to 10000").status == 400
    assert ApiError(ErrorCode.NO_ROUTE, "no pool path").status == 422
    assert sorted({*STATUS.values()}) == [400, 403, 404, 405, 414, 415, 421, 422, 500, 503]
    assert sum(len(codes_of(status)) for status in set(STATUS.values())) == len(ErrorCode)


@pytest.mark.parametrize("code", list(ErrorCode))
def test_every_error_survives_the_envelope(code: ErrorCode) -> None:
    """What the remote client rebuilds from an answer is the error the server raised."""
    sent = InvalidParameter("amountIn", code, "a rule") if STATUS[code] in (400, 422) else ApiError(code, "why")
    envelope = failure(sent)
    assert envelope["result"] == -1
    got = from_envelope(envelope["message"], envelope["data"])
    assert (got.code, got.status, got.message, got.parameter) == (sent.code, sent.status, sent.message, sent.parameter)
