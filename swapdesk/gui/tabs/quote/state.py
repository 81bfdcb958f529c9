"""The Quote tab's one state: from what the tab knows (`QuoteFacts`), what its button says and the one message
under the fields (`decide`). See `gui.form_state`.

In order, the first that holds decides: the chain loading (a busy line, no red: nothing is wrong); its tokens
failing to load (with Try again); a swap under way; no amount yet; typing (the pause before quoting: nothing is
judged yet); a pasted token being read; a field the form itself refuses (after the pause, beside its field);
no one to quote for; a quote on its way; the engine's refusal; then, with a quote that answers the form as it
is: what keeps Swap… off (a remote engine, no account, a watch-only one, not enough balance), or what to know
before pressing it (an unknown token, a very high price impact, a slippage outside the sane band).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from swapdesk.gui.form_state import FIELD_BUTTONS, AskingWords, Message, SigningWords, Verdict, asking, signing
from swapdesk.gui.i18n import QT_TR_NOOP, tr

ASKING = AskingWords(
    action=QT_TR_NOOP("Swap…"),
    asking=QT_TR_NOOP("Quoting…"),
    no_one=QT_TR_NOOP("Add an account, or type who receives the tokens under Advanced."),
    unanswered=QT_TR_NOOP("No quote for this form: change it to quote again."),
    buttons={**FIELD_BUTTONS, "impact": QT_TR_NOOP("Check the slippage"), "part": QT_TR_NOOP("Check the split")},
)
SIGNING = SigningWords(
    remote=QT_TR_NOOP("Swapping needs the embedded engine: a server only quotes."),
    add=QT_TR_NOOP("Add an account to swap…"),
    watch=QT_TR_NOOP("{label} is watch-only: it can quote, not sign."),
)


@dataclass(frozen=True)
class QuoteFacts:
    chain: str = ""
    loading: str = ""  # what is being loaded (the chain's tokens), in words; empty: nothing
    load_failed: str = ""  # why the chain's tokens could not be read
    swapping: str = ""  # a swap under way from this form, in words
    amount: str = ""  # as typed
    typing: bool = False  # the pause after a change has not ended
    reading_token: bool = False  # a pasted address is being read from the chain
    invalid: tuple[str, str] | None = None  # (parameter, words): what the form itself refuses
    no_recipient: bool = False  # no account and no recipient typed
    quoting: bool = False  # a quote for the form as it is now is on its way
    refused: tuple[str, str] | None = None  # (parameter, words): the engine's refusal of this form
    quoted: bool = False  # the quote on screen answers the form as it is now
    can_sign_here: bool = True
    account: str | None = None  # the account's label; None: none chosen
    watch_only: bool = False
    sell: str = ""  # the sold token's symbol
    short_by: str = ""  # the balance, in words, when the amount is more than it
    can_use_max: bool = False
    unknown: tuple[str, ...] = field(default_factory=tuple)  # tokens not on swapdesk's list
    impact_words: str = ""  # a price impact to confirm (10 % or more), in words
    slippage: tuple[str, str] | None = None  # (tone, words): a slippage outside the sane band (`gui.risks`)


def decide(f: QuoteFacts) -> Verdict:
    swap = tr("Swap…")
    if f.loading:
        return Verdict(tr("Loading…"), False, Message("progress", f.loading))
    if f.load_failed:
        words = tr("Could not load the tokens of {chain}: {why}").format(chain=f.chain, why=f.load_failed)
        return Verdict(swap, False, Message("danger", words, tr("Try again"), "retry"))
    if f.swapping:
        return Verdict(tr("Swapping…"), False, Message("progress", f.swapping))
    if not f.amount:
        return Verdict(tr("Enter an amount"), False)
    if f.typing:
        return Verdict(swap, False, Message("progress", tr(ASKING.asking)))
    if f.reading_token:
        return Verdict(tr("Choose a token"), False, Message("progress", tr("Reading that token from the chain…")))
    return asking(f, f.quoting, f.quoted, ASKING) or _with_quote(f, swap)


def _with_quote(f: QuoteFacts, swap: str) -> Verdict:
    blocked = signing(f, swap, f.sell, SIGNING)
    if blocked is not None:
        return blocked
    if f.unknown:
        words = tr("{tokens}: not on swapdesk's list for this chain. Check the address before swapping.").format(
            tokens=", ".join(f.unknown)
        )
        return Verdict(swap, True, Message("warning", words))
    if f.impact_words:
        return Verdict(swap, True, Message("warning", f.impact_words))
    if f.slippage is not None:
        tone, words = f.slippage
        return Verdict(swap, True, Message(tone, words))
    return Verdict(swap, True)
