"""A cross-chain order's stages as the timeline draws them, the same in History and in the Cross-chain tab.

Each stage the bridge reached comes from the details record's `timeline` (its own status, the normalised
one, its chain, transaction and time). It reads in plain words: the stage where the order stands now says
what is happening (`status.stage_words`, with the normalised substatus under it), a stage behind it says what
happened (`status.done_words`: "Payout sent", never "Waiting for the payout"); a stage of a refund is drawn
as a refund, a failed one as failed. While the order is pending the stages still to come on its way (the
bridge's usual path, or its refund's) follow, muted, named by what will have happened.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from swapdesk.api.records import Stage
from swapdesk.chains import Chain, UnknownChain, resolve
from swapdesk.gui import status
from swapdesk.gui.i18n import tr
from swapdesk.gui.widgets.timeline import TimelineStage

REFUND_NOTES = {notes for _, refund in status.PATHS.values() for notes in refund} | {
    "wait_exchange_return_error", "wait_receive_confirm_error", "wait_refund_confirm_error",
}  # fmt: skip


def _field(stage: Stage | Mapping[str, Any], name: str) -> Any:
    return getattr(stage, name) if isinstance(stage, Stage) else stage.get(name)


def order_stages(
    stages: Sequence[Stage | Mapping[str, Any]], bridge: str = "", pending: bool = False, refunding: bool = False
) -> list[TimelineStage]:
    """The record's stages; with `bridge` and `pending`, the stages still to come after them, muted."""
    out = []
    for n, stage in enumerate(stages):
        notes, state_of = str(_field(stage, "statusNotes")), str(_field(stage, "status"))
        substatus = str(_field(stage, "substatus") or "")
        last = n == len(stages) - 1
        if state_of == "FAILED":
            state = "failed"
        elif last and state_of == "PENDING":
            state = "current"
        elif notes in REFUND_NOTES or substatus in ("REFUND_IN_PROGRESS", "REFUNDED"):
            state = "refund"
        else:
            state = "done"
        under_way = state == "current"
        detail = tr(status.substatus_words(substatus)) if substatus and under_way else ""
        chain_flag, tx_hash = str(_field(stage, "chain") or ""), str(_field(stage, "hash") or "")
        time_ms = int(_field(stage, "timeMs") or 0) or None
        title = tr(status.stage_words(notes) if under_way or state == "failed" else status.done_words(notes))
        out.append(TimelineStage(title, state, time_ms, _chain(chain_flag), tx_hash, detail))
    if bridge and pending:
        reached = [str(_field(stage, "statusNotes")) for stage in stages]
        out += [
            TimelineStage(tr(status.done_words(notes)), "waiting")
            for notes in status.upcoming(bridge, reached, refunding)
        ]
    return out


def _chain(flag: str) -> Chain | None:
    try:
        return resolve(flag) if flag else None
    except UnknownChain:
        return None
