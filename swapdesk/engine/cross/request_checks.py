"""A cross-chain request held to the bridge's quote and to what the chains can do: `decimal0`/`decimal1` the
tokens' own, `to` able to use what it receives, `issuer` able to send. Each refusal names the parameter at fault."""

from __future__ import annotations

from swapdesk.address import ZERO, parse_address
from swapdesk.api import CrossSwapRequest, ErrorCode, Unprocessable, on_parameter
from swapdesk.engine.bridges.model import Ask, Quote
from swapdesk.public_keys import PUBLIC_RECIPIENT, is_public
from swapdesk.words import QT_TR_NOOP, Term, Words


def check_decimals(request: CrossSwapRequest, quote: Quote) -> None:
    """`decimal0` / `decimal1`, when given, must be the tokens' own."""
    for parameter, given, token in (
        ("decimal0", request.decimal0, quote.src),
        ("decimal1", request.decimal1, quote.dst),
    ):
        if given is not None and given != token.decimals:
            raise Unprocessable(
                ErrorCode.DECIMALS_MISMATCH,
                on_parameter(
                    parameter,
                    Words(
                        QT_TR_NOOP("{symbol} has {decimals} decimals on {chain}, not {given}"),
                        symbol=token.symbol,
                        decimals=token.decimals,
                        chain=token.chain.name,
                        given=given,
                    ),
                ),
                parameter,
            )


def check_parties(ask: Ask, token1: bytes | None, devnet: bool) -> None:
    """`to` must be able to use what it receives, and `issuer` to send a transaction at all. `devnet`: the
    destination is the devnet, where the public test accounts are the demo accounts."""
    receiver = parse_address(ask.to, ask.dst.tron) if ask.to is not None else None
    if receiver == ZERO:
        reason = QT_TR_NOOP("is the zero address: what is paid there is lost")
    elif receiver is not None and is_public(receiver) and not devnet:
        reason = PUBLIC_RECIPIENT
    elif receiver is not None and receiver == token1 and token1 != ZERO:
        reason = QT_TR_NOOP("is the token being received: tokens sent to its contract are lost")
    elif ask.issuer == ZERO:
        zero = Words(QT_TR_NOOP("is the zero address: no one can send from it"))
        raise Unprocessable(ErrorCode.INVALID_SENDER, on_parameter("issuer", zero), "issuer")
    else:
        return
    lost = Words(QT_TR_NOOP("{reason}; give the address that should receive"), reason=Term(reason))
    raise Unprocessable(ErrorCode.INVALID_RECIPIENT, on_parameter("to", lost), "to")
