"""What went wrong, in the window's words and language: a refusal by the engine (by its stable code, never by
parsing its English) or a field the form judges itself, said as what to do about it.

The engine's own message is kept for the details (a tooltip; the log keeps its English): it names the parameter
and the rule, for a developer; the window says what a person can act on. The engine's refusals (an engine in this
process: `ApiError.said`), and the trade's, the wallet's and the settings' errors carry their English template and
its words (`swapdesk.words`): `said` translates both, the engine's parameter names included (`PARAMETERS`).
"""

from __future__ import annotations

from dataclasses import dataclass

from swapdesk.api import ApiError, ErrorCode
from swapdesk.gui import formatting
from swapdesk.gui.i18n import QT_TR_NOOP, tr
from swapdesk.units import BadAmount
from swapdesk.words import Worded


@dataclass(frozen=True)
class Names:
    """What the words may name: the chain, the tokens' symbols."""

    chain: str = ""
    sell: str = ""
    buy: str = ""
    tron: bool = False  # the chain writes addresses in base58 (no capital letters to check: a checksum of its own)


def amount_problem(text: str, decimals: int, symbol: str) -> str | None:
    """Why `text` is not an amount of a token with `decimals` (None: it is one). Judged after the pause."""
    cleaned = text.strip()
    if not cleaned:
        return None
    try:
        units = formatting.parse_amount(cleaned, decimals)
    except BadAmount:
        if "," in cleaned and "." in cleaned.split(",", 1)[0]:
            return tr("Use a point for decimals and commas between thousands, like 2,500.5.")
        if "," in cleaned:
            return tr("Commas go between groups of three digits, like 2,500.")
        whole, _, fraction = cleaned.replace(",", "").partition(".")
        if (whole.isdigit() or not whole) and fraction.isdigit() and len(fraction) > decimals:
            return tr("{symbol} has {decimals} decimals: at most {decimals} digits after the point.").format(
                symbol=symbol, decimals=decimals
            )
        return tr("Type an amount like 2500 or 0.25.")
    if units == 0:
        return tr("Type an amount above zero.")
    return None


FIELDS = {
    "to": QT_TR_NOOP("the recipient"),
    "issuer": QT_TR_NOOP("the account"),
    "amountIn": QT_TR_NOOP("the amount"),
    "token0": QT_TR_NOOP("the token to sell"),
    "token1": QT_TR_NOOP("the token to receive"),
}

# the API's parameter names, as the engine's refusals name them ("amountIn: ..."): English keeps the API's names, the
# other languages say what they are (swapdesk.api.on_parameter makes each a Term, translated where it is shown)
PARAMETERS = (
    QT_TR_NOOP("address"), QT_TR_NOOP("amountIn"), QT_TR_NOOP("amountOutMin"), QT_TR_NOOP("bridge"),
    QT_TR_NOOP("chain"), QT_TR_NOOP("channel"), QT_TR_NOOP("decimal0"), QT_TR_NOOP("decimal1"),
    QT_TR_NOOP("exclude"), QT_TR_NOOP("include"), QT_TR_NOOP("fromChainID"), QT_TR_NOOP("toChainID"),
    QT_TR_NOOP("hash"), QT_TR_NOOP("impact"), QT_TR_NOOP("issuer"), QT_TR_NOOP("part"), QT_TR_NOOP("to"),
    QT_TR_NOOP("token0"), QT_TR_NOOP("token1"),
)  # fmt: skip


def refusal(error: ApiError, names: Names) -> str:
    """An engine's refusal in words a person can act on."""
    code, parameter = error.code, error.parameter or ""
    chain, sell, buy = names.chain, names.sell, names.buy
    if code in (ErrorCode.INVALID_ADDRESS, ErrorCode.ADDRESS_CHAIN_MISMATCH):
        return tr("This is not an address of {chain}: check the recipient.").format(chain=chain)
    if code is ErrorCode.BAD_CHECKSUM and names.tron:
        return tr("This is not a TRON address: a character is wrong or missing. Paste it again from its source.")
    if code is ErrorCode.BAD_CHECKSUM:
        return tr("The address's capital letters do not match its checksum: paste it again from its source.")
    if code is ErrorCode.INVALID_RECIPIENT:
        return tr("This address cannot receive the tokens here (a contract of the swap itself, or a demo account on a"
                  " real network): choose another recipient.")  # fmt: skip
    if code is ErrorCode.INVALID_SENDER:
        return tr("This account cannot send here: on a real network the devnet's demo accounts are refused.")
    if code is ErrorCode.SAME_TOKEN:
        return tr("Choose two different tokens.")
    if code is ErrorCode.UNKNOWN_TOKEN:
        return tr("There is no token at that address on {chain}.").format(chain=chain)
    if code is ErrorCode.DECIMALS_MISMATCH:
        return tr("The chain says this token has other decimals than the list: choose it again.")
    if code is ErrorCode.NO_ROUTE:
        return tr("No pool on {chain} connects {sell} and {buy}.").format(chain=chain, sell=sell, buy=buy)
    if code is ErrorCode.INSUFFICIENT_LIQUIDITY:
        return tr("{chain}'s pools cannot take this much {sell}: try a smaller amount.").format(chain=chain, sell=sell)
    if code is ErrorCode.AMOUNT_TOO_SMALL:
        return tr("This amount is too small: the fees would take all of it.")
    if code is ErrorCode.OUT_OF_RANGE and parameter == "amountIn":
        return tr("This amount is more than the router can take in one swap.")
    if code is ErrorCode.OUT_OF_RANGE and parameter == "impact":
        return tr("Slippage is a percentage from 0 to 100, like 0.5.")
    if code is ErrorCode.OUT_OF_RANGE and parameter == "part":
        return tr("Split the amount into 1 to 100 parts.")
    if code is ErrorCode.MINIMUM_NOT_MET:
        return tr("The price moved: the route gives less than the minimum now. Quote again.")
    if code in (ErrorCode.CHAIN_UNAVAILABLE, ErrorCode.SERVER_UNREACHABLE):
        return tr("{chain} cannot be reached right now: swapdesk tries again on its own.").format(chain=chain)
    if code in (ErrorCode.UNSUPPORTED_CHAIN, ErrorCode.UNKNOWN_CHAIN):
        return tr("This is not offered on {chain}.").format(chain=chain)
    if code is ErrorCode.SAME_CHAIN:
        return tr("Choose another chain to send to: a transfer goes from one chain to another.")
    if code is ErrorCode.OUTSIDE_LIMITS:
        return tr("No bridge takes this amount.")
    if code is ErrorCode.NOT_AVAILABLE:
        return tr("This engine does not offer it.")
    what = tr(FIELDS.get(parameter, QT_TR_NOOP("the form")))
    return tr("The engine refused {what}: see the details.").format(what=what)


def unexpected(error: BaseException) -> str:
    return tr("Something went wrong inside swapdesk ({kind}); the log has the details.").format(
        kind=type(error).__name__
    )


def said(error: BaseException) -> str:
    """An error of the trade, the wallet or the settings in the window's language (its template translated, then
    filled with its words, a word that is itself such an error said the same way); any other as it says itself."""
    if isinstance(error, ApiError) and error.said is not None:  # the engine's English, marked (an engine in-process)
        return error.said.say(tr)
    return error.say(tr) if isinstance(error, Worded) else str(error)
