"""A same-chain quote's request held to what the chain can do: `to` able to use what it receives, `issuer` able to
send, and the route giving at least the `amountOutMin` asked. Each refusal names the parameter at fault."""

from __future__ import annotations

from swapdesk.api import ErrorCode, Unprocessable, on_parameter
from swapdesk.api.requests import SwapQuoteRequest
from swapdesk.catalogs import Catalog
from swapdesk.public_keys import PUBLIC_RECIPIENT, is_public
from swapdesk.words import QT_TR_NOOP, Term, Words

_ZERO = "0x" + "0" * 40


def minimum_met(request: SwapQuoteRequest, out: int, block: int) -> None:
    """MINIMUM_NOT_MET when the route gives less than the `amountOutMin` asked."""
    if request.amountOutMin > out:
        raise refused(
            ErrorCode.MINIMUM_NOT_MET,
            "amountOutMin",
            Words(
                QT_TR_NOOP(
                    "asks for at least {minimum}, but the route gives {out} now (block {block});"
                    " quote again and confirm the new minimum"
                ),
                minimum=request.amountOutMin,
                out=out,
                block=block,
            ),
        )


def refused(code: ErrorCode, parameter: str, rule: Words) -> Unprocessable:
    return Unprocessable(code, on_parameter(parameter, rule), parameter)


def check_recipient(receiver: str, swapped: set[str], catalog: Catalog, pools: frozenset[str], devnet: bool) -> None:
    """`to` must be an address that can use what it receives; these certainly cannot. `devnet`: the chain is
    the devnet, where the public test accounts are the demo accounts."""
    key = receiver.lower()
    if key == _ZERO:
        reason = QT_TR_NOOP("is the zero address: what is sent there is lost")
    elif not devnet and is_public(bytes.fromhex(key[2:])):
        reason = PUBLIC_RECIPIENT
    elif catalog.router is not None and key == catalog.router.lower():
        reason = QT_TR_NOOP("is the aggregation router: it keeps nothing for anyone")
    elif key in {t.lower() for t in swapped}:
        reason = QT_TR_NOOP("is a token being swapped: tokens sent to its contract are lost")
    elif key in pools:
        reason = QT_TR_NOOP("is a liquidity pool: the next trade would take what is sent there")
    else:
        return
    lost = Words(QT_TR_NOOP("{reason}; give the address that should receive the tokens"), reason=Term(reason))
    raise refused(ErrorCode.INVALID_RECIPIENT, "to", lost)


def check_sender(issuer: str, catalog: Catalog) -> None:
    """`issuer` signs the swap and its holdings set the fee: it must be able to send a transaction at all."""
    key = issuer.lower()
    if key == _ZERO:
        reason = QT_TR_NOOP("is the zero address: no one can send from it")
    elif catalog.router is not None and key == catalog.router.lower():
        reason = QT_TR_NOOP("is the aggregation router: it never calls itself")
    else:
        return
    cannot = Words(QT_TR_NOOP("{reason}; give the address that sends the swap"), reason=Term(reason))
    raise refused(ErrorCode.INVALID_SENDER, "issuer", cannot)
