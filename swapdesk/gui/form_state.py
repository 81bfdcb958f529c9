"""What a form shows, decided in one place: the primary button's words and whether it is on, and the one message
under the fields (its kind, its words, an action that mends it), and the field at fault.

Each form (Quote, Cross-chain) gathers the facts it knows into a snapshot and asks its own `decide` (in
`tabs/quote/state.py`, `tabs/cross/state.py`), a plain function of the snapshot with no Qt widget in it: the
same facts always give the same screen, and no two parts of the screen can say contradictory things (the
status bar says "Ready" only when nothing runs, and the form's message comes from the same facts). How a form
stands with its request (`asking`: at fault, no one to ask for, asked, refused, unanswered) and what keeps its
action off for want of a signer (`signing`) are said alike by every form, in its own words.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol

from swapdesk.gui.i18n import QT_TR_NOOP, tr

KINDS = ("progress", "note", "info", "warning", "danger")
# what the primary button says while a field is at fault, by the request's parameter (each form adds its own)
FIELD_BUTTONS = {
    "amountIn": QT_TR_NOOP("Check the amount"),
    "token0": QT_TR_NOOP("Choose a token"),
    "token1": QT_TR_NOOP("Choose a token"),
    "to": QT_TR_NOOP("Check the recipient"),
}


@dataclass(frozen=True)
class Message:
    kind: str  # one of KINDS: progress shows a busy bar; note is muted words; the rest are notices in their tone
    text: str
    action: str = ""  # the words of a button that mends it ("Use 30 USDT"); empty: none
    act: str = ""  # what the action does, for the form: "amount:<units>", "accounts", "max", "retry"


@dataclass(frozen=True)
class Verdict:
    button: str  # the primary button's words
    enabled: bool
    message: Message | None = None
    field: str | None = None  # the request's parameter at fault, marked on its field
    acts: str = ""  # what the primary button does when it is not the form's action ("accounts"); empty: the action


class Asked(Protocol):
    """What a form's facts say of its request."""

    @property
    def invalid(self) -> tuple[str, str] | None: ...  # (parameter, words): what the form itself refuses
    @property
    def no_recipient(self) -> bool: ...  # no account and no recipient typed
    @property
    def refused(self) -> tuple[str, str] | None: ...  # (parameter, words): the engine's refusal of this form


@dataclass(frozen=True)
class AskingWords:
    """A form's own words (marked with QT_TR_NOOP, said with `tr`) for how it stands with its request."""

    action: str  # the button's words for the form's action ("Swap…")
    asking: str  # the request is on its way ("Quoting…")
    no_one: str  # no account, no recipient: whom to ask for
    unanswered: str  # neither asked nor refused: nothing to wait for (said, never "waiting" forever)
    buttons: Mapping[str, str]  # the button's words while a parameter is at fault (else `action`)


def asking(f: Asked, asked: bool, answered: bool, words: AskingWords) -> Verdict | None:
    """How the form stands with its request, in the order every form says it: a field at fault, no one to ask
    for, the request on its way (`asked`), the engine's refusal, no answer for the form as it is (`answered`);
    None once an answer for the form as it is on screen."""
    action = tr(words.action)
    if f.invalid is not None:
        parameter, said = f.invalid
        return Verdict(tr(words.buttons.get(parameter, words.action)), False, Message("danger", said), parameter)
    if f.no_recipient:
        return Verdict(tr("Add an account…"), True, Message("note", tr(words.no_one)), acts="accounts")
    if asked:
        return Verdict(action, False, Message("progress", tr(words.asking)))
    if f.refused is not None:
        parameter, said = f.refused
        return Verdict(action, False, Message("danger", said), parameter or None)
    if not answered:
        return Verdict(action, False, Message("danger", tr(words.unanswered)))
    return None


class Signer(Protocol):
    """What a form's facts say of who would sign its action."""

    @property
    def can_sign_here(self) -> bool: ...  # the engine signs in this window (embedded, not a server)
    @property
    def account(self) -> str | None: ...  # the account's label; None: none chosen
    @property
    def watch_only(self) -> bool: ...
    @property
    def short_by(self) -> str: ...  # the balance, in words, when the amount is more than it
    @property
    def can_use_max(self) -> bool: ...


@dataclass(frozen=True)
class SigningWords:
    """A form's own words (marked with QT_TR_NOOP, said with `tr`) for what keeps its action off."""

    remote: str  # the engine cannot sign here
    add: str  # the button's words without an account
    watch: str  # "{label} is watch-only: …"


def signing(f: Signer, action: str, symbol: str, words: SigningWords) -> Verdict | None:
    """What keeps the form's `action` off for want of a signer, in the order every form says it (a remote engine,
    no account, a watch-only one, not enough `symbol`); None when nothing does."""
    if not f.can_sign_here:
        return Verdict(action, False, Message("note", tr(words.remote)))
    if f.account is None:
        return Verdict(tr(words.add), True, acts="accounts")
    if f.watch_only:
        return Verdict(tr("Watch-only account"), False, Message("note", tr(words.watch).format(label=f.account)))
    if f.short_by:
        held = tr("You have {held}.").format(held=f.short_by)
        mend = tr("Use the whole balance") if f.can_use_max else ""
        return Verdict(tr("Not enough {symbol}").format(symbol=symbol), False, Message("warning", held, mend, "max"))
    return None
