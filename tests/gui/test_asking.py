"""Debounce, then ask (`gui.tabs.asking`), the one helper both tabs ask the engine through: typing waits for the
pause, a choice is judged at once, and an answer lands only for the form as it still is."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field

import qasync
from PySide6.QtCore import QObject

from swapdesk.api import ApiError, ErrorCode, InvalidParameter
from swapdesk.gui.tabs.asking import Asking, Steps


@dataclass
class Form:
    """A form's text, the engine's answers it waits for, and what the steps were told."""

    text: str = ""
    pending: dict[str, asyncio.Future[str]] = field(default_factory=dict)
    shown: list[tuple[str, str]] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)
    sent: int = 0

    def read(self) -> str | None:
        if self.text == "bad":
            raise InvalidParameter("amountIn", ErrorCode.NOT_AN_AMOUNT, "not an amount")
        return self.text or None

    async def ask(self, request: str) -> str:
        self.pending[request] = asyncio.get_running_loop().create_future()
        return await self.pending[request]

    def steps(self) -> Steps[str, str]:
        def sent() -> None:
            self.sent += 1

        return Steps(
            read=self.read, ask=self.ask, say=lambda: None, judging=lambda: None, sent=sent,
            answered=lambda request, answer: self.shown.append((request, answer)),
            refused=lambda error: self.refused.append(error.message), cleared=lambda: None,
            words=lambda error: error.message,
        )  # fmt: skip


def _settle(qloop: qasync.QEventLoop) -> None:
    qloop.run_until_complete(asyncio.sleep(0.01))


def test_an_answer_lands_only_for_the_form_as_it_still_is(qloop: qasync.QEventLoop) -> None:
    owner, form = QObject(), Form()
    asking = Asking(owner, form.steps(), pause_ms=60_000, refresh_ms=60_000)
    form.text = "10"
    asking.changed()
    _settle(qloop)
    form.pending["10"].set_result("quote for 10")
    _settle(qloop)
    assert form.shown == [("10", "quote for 10")] and asking.current

    form.text = "20"  # asked about 20; then back to the 10 on screen before 20's answer comes
    asking.changed()
    _settle(qloop)
    form.text = "10"
    asking.changed()
    assert asking.request == "10" and asking.current and form.sent == 2  # nothing new asked for the 10 shown
    form.pending["20"].set_result("quote for 20")
    _settle(qloop)
    assert form.shown == [("10", "quote for 10")]  # the answer for 20 is stale: it never lands

    form.text = "30"
    asking.changed()
    _settle(qloop)
    form.text = "40"
    asking.changed()
    _settle(qloop)
    assert form.pending["30"].cancelled()  # a newer request cancels the older one
    form.pending["40"].set_exception(ApiError(ErrorCode.OUTSIDE_LIMITS, "too much"))
    _settle(qloop)
    assert form.refused == ["too much"] and asking.refused == ("", "too much") and asking.answered is None
    asking.close()


def test_typing_is_judged_after_the_pause_and_a_choice_at_once(qloop: qasync.QEventLoop) -> None:
    owner, form = QObject(), Form()
    asking = Asking(owner, form.steps(), pause_ms=60_000, refresh_ms=60_000)
    form.text = "bad"
    asking.edited()
    assert asking.typing and asking.invalid is None and form.sent == 0  # nothing judged while typing goes on
    asking.changed()
    assert not asking.typing and asking.invalid == ("amountIn", "not an amount") and asking.request is None
    form.text = "5"
    asking.edited()
    asking.judge()  # the pause ended
    _settle(qloop)
    assert asking.invalid is None and asking.request == "5" and "5" in form.pending
    asking.close()
    assert not asking.busy and not asking.typing
