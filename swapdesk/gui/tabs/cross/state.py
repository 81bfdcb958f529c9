"""The Cross-chain tab's one state: from what the tab knows (`CrossFacts`), what Send… says and the one message
under the fields (`decide`). See `gui.form_state`.

In order, the first that holds decides: the bridges' chains and tokens loading (a busy line, nothing in red);
their list failing with nothing listed to choose from; no amount yet; typing (nothing judged before the pause); a
field the form refuses; no one to send to; the bridges being compared; the engine's refusal; no bridge able to
carry the transfer (said by their limits, with the amount they all take on a button); then, with a comparison
that answers the form as it is and a bridge chosen: what keeps Send… off (a remote engine, no account, a
watch-only one, not enough balance), or what to know before pressing it (another recipient than the account, a
transfer the bridge holds). A list asked again, or that could not be read again, while the last one is shown
(kept from the last run, or listed before) keeps nothing off: the bridges compared answer for themselves (a
provider down leaves only its own bridge out); it is said (with Try again, when it failed) where nothing else is.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from swapdesk.bridge_names import bridge_name
from swapdesk.gui.form_state import FIELD_BUTTONS, AskingWords, Message, SigningWords, Verdict, asking, signing
from swapdesk.gui.i18n import QT_TR_NOOP, tr

CHAINS = QT_TR_NOOP("Choose the chains")
ASKING = AskingWords(
    action=QT_TR_NOOP("Send…"),
    asking=QT_TR_NOOP("Comparing the bridges…"),
    no_one=QT_TR_NOOP("Add an account, or type the recipient on the destination chain."),
    unanswered=QT_TR_NOOP("No comparison for this form: change it to ask again."),
    buttons={**FIELD_BUTTONS, "fromChainID": CHAINS, "toChainID": CHAINS},
)
SIGNING = SigningWords(
    remote=QT_TR_NOOP("Sending needs the embedded engine: a server only compares."),
    add=QT_TR_NOOP("Add an account to send…"),
    watch=QT_TR_NOOP("{label} is watch-only: it can compare bridges, not sign."),
)


@dataclass(frozen=True)
class CrossFacts:
    loading: str = ""  # what is loading (the bridges' chains and tokens), in words
    load_failed: str = ""
    listed: bool = False  # chains and tokens are listed to choose from (the last list, while a new one is asked)
    amount: str = ""
    typing: bool = False
    invalid: tuple[str, str] | None = None  # (parameter, words)
    no_recipient: bool = False
    comparing: bool = False  # the bridges are being asked about the form as it is now
    refused: tuple[str, str] | None = None  # the engine refused the whole request
    compared: bool = False  # a comparison answers the form as it is now
    no_bridge: str = ""  # every bridge refused: why, in words
    use_amount: tuple[str, str] = ("", "")  # (button words, act) that mends it ("Use 30 USDT", "amount:30")
    chosen: str = ""  # the bridge chosen
    can_sign_here: bool = True
    account: str | None = None
    watch_only: bool = False
    token: str = ""
    short_by: str = ""  # the balance, in words, when the amount is more than it
    can_use_max: bool = False
    other_recipient: bool = False
    held: str = ""  # the chosen bridge holds this transfer a while: why, in words


def decide(f: CrossFacts) -> Verdict:
    send = tr("Send…")
    if f.loading and not f.listed:
        return Verdict(tr("Loading…"), False, Message("progress", f.loading))
    if f.load_failed and not f.listed:
        words = tr("Cross-chain is not available here: {why}").format(why=f.load_failed)
        return Verdict(send, False, Message("danger", words, tr("Try again"), "retry"))
    if not f.amount:
        return _or_unlisted(Verdict(tr("Enter an amount"), False), f)
    if f.typing:
        return Verdict(send, False, Message("progress", tr(ASKING.asking)))
    answer = asking(f, f.comparing, f.compared, ASKING)
    if answer is not None:
        return answer
    if f.no_bridge:
        action, act = f.use_amount
        return Verdict(tr("No bridge for this amount"), False, Message("warning", f.no_bridge, action, act), "amountIn")
    if not f.chosen:
        return Verdict(send, False, Message("note", tr("Choose a bridge beside the form.")))
    return _or_unlisted(_with_route(f, send), f)


def _or_unlisted(verdict: Verdict, f: CrossFacts) -> Verdict:
    """`verdict`, saying the list is being asked again, or could not be read again (and offering to ask again),
    when it says nothing else."""
    if verdict.message is not None:
        return verdict
    if f.loading:
        return replace(verdict, message=Message("progress", f.loading))
    if not f.load_failed:
        return verdict
    words = tr("The bridges' chains and tokens could not be listed again ({why}): the list shown is the last one.")
    return replace(verdict, message=Message("warning", words.format(why=f.load_failed), tr("Try again"), "retry"))


def _with_route(f: CrossFacts, send: str) -> Verdict:
    blocked = signing(f, send, f.token, SIGNING)
    if blocked is not None:
        return blocked
    label = tr("Send with {bridge}…").format(bridge=bridge_name(f.chosen))
    if f.other_recipient:
        words = tr("Another recipient than this account: check it, a transfer to a wrong address cannot be undone.")
        return Verdict(label, True, Message("warning", words))
    if f.held:
        return Verdict(label, True, Message("info", f.held))
    return Verdict(label, True)
