"""What a form shows, decided in one place: the primary button's words and whether it is on, and the one message
under the fields (its kind, its words, an action that mends it), and the field at fault.

Each form (Quote, Cross-chain) gathers the facts it knows into a snapshot and asks its own `decide` (in
`tabs/quote_state.py`, `tabs/cross_state.py`), a plain function of the snapshot with no Qt widget in it: the
same facts always give the same screen, and no two parts of the screen can say contradictory things (the
status bar says "Ready" only when nothing runs, and the form's message comes from the same facts).
"""

from __future__ import annotations

from dataclasses import dataclass

KINDS = ("progress", "note", "info", "warning", "danger")


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
