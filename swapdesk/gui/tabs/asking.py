"""Debounce, then ask: how both tabs turn a form into a request the engine answers (a quote, the bridges compared).

Typing is judged after a short pause, never while it goes on; a choice (a token, an account) is judged at once.
A form that reads as a request is asked of the engine, a newer request cancelling the older one
(`tasks.Latest`); an answer, or a refusal, lands only for the form as it still is, so a stale one never does.
The answer on screen is asked again every so often while the form stays as it is. What the form itself refuses
(`invalid`, after the pause) and what the engine refuses (`refused`) are kept here for the tab's state to say.

The tab gives what differs as plain functions: how its form reads, how the engine is asked, and what its views
do when a request goes out, an answer lands or the form can no longer be asked.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from PySide6.QtCore import QObject, QTimer

from swapdesk.api import ApiError, InvalidParameter
from swapdesk.gui import error_words
from swapdesk.gui.tasks import Latest

R = TypeVar("R")  # the request
A = TypeVar("A")  # the engine's answer


@dataclass(frozen=True)
class Steps(Generic[R, A]):
    """What the tab does at each step; each is its own, the order of the steps is the helper's."""

    read: Callable[[], R | None]  # the form as a request; None: nothing to ask yet; InvalidParameter: refused
    ask: Callable[[R], Coroutine[Any, Any, A]]  # the engine's answer
    say: Callable[[], None]  # the state shown again (button, message, status bar)
    judging: Callable[[], None]  # the form is about to be judged (the balances it shows, as typed now)
    sent: Callable[[], None]  # a new request is out: what is on screen answers another form
    answered: Callable[[R, A], None]  # the answer for the form as it is
    refused: Callable[[ApiError], None]  # the engine refused the form as it is (`refused` is set already)
    cleared: Callable[[], None]  # nothing of the last answer stays on screen
    words: Callable[[ApiError], str]  # an engine's refusal, in the window's words
    may_ask: Callable[[], bool] = lambda: True  # whether a request may go out now


def complete(amount: str, account: object | None, recipient: str) -> bool:
    """Whether a form can be asked about: it has an amount, and someone to quote for (an account, or a recipient
    typed); else there is nothing to ask yet."""
    return bool(amount.strip()) and (account is not None or bool(recipient.strip()))


class Asking(Generic[R, A]):
    def __init__(
        self, owner: QObject, steps: Steps[R, A], pause_ms: int, refresh_ms: int,
        on_error: Callable[[BaseException], None] | None = None,
    ) -> None:  # fmt: skip
        """`on_error` hears of a bug in the request's task (by default: `unexpected`)."""
        self.steps = steps
        self.request: R | None = None  # the form as last judged, when it reads as a request
        self.answered: R | None = None  # the form the answer on screen answers
        self.invalid: tuple[str, str] | None = None  # (parameter, words): what the form itself refuses
        self.refused: tuple[str, str] | None = None  # (parameter, words): the engine's refusal of the form
        self.detail = ""  # the engine's own words for that refusal
        self.worker = Latest(on_error or self.unexpected)
        self.pause = QTimer(owner, singleShot=True, interval=pause_ms)
        self.pause.timeout.connect(self.judge)
        self.refresh = QTimer(owner, interval=refresh_ms)
        self.refresh.timeout.connect(self.ask)

    @property
    def typing(self) -> bool:
        """The pause after a change has not ended: nothing is judged yet."""
        return self.pause.isActive()

    @property
    def current(self) -> bool:
        """The answer on screen answers the form as it is now."""
        return self.request is not None and self.request == self.answered

    @property
    def busy(self) -> bool:
        return self.worker.busy

    def edited(self) -> None:
        """Typed: judged after the pause."""
        self.pause.start()

    def changed(self) -> None:
        """Chosen: judged now."""
        self.pause.stop()
        self.judge()

    def judge(self) -> None:
        self.invalid = None
        self.steps.judging()
        try:
            request = self.steps.read()
        except InvalidParameter as error:
            request, self.invalid = None, (error.parameter or "quote", error.rule)
        if request is None:
            self.request = None
            self.clear()
            return self.steps.say()
        if request != self.request or (request != self.answered and not self.worker.busy):
            self.request, self.refused = request, None
            if request != self.answered:
                self.steps.sent()
                self.ask()
        self.steps.say()

    def ask(self) -> None:
        """Ask the engine about the form as last judged (again, on a refresh)."""
        if self.request is not None and self.steps.may_ask():
            self.worker.run(self._ask(self.request))
            self.steps.say()

    async def _ask(self, request: R) -> None:
        try:
            answer = await self.steps.ask(request)
        except ApiError as error:
            if request == self.request:  # a stale refusal must not land either
                self.clear()
                self.refused = (error.parameter or "", self.steps.words(error))
                self.detail = error_words.said(error)  # the engine's own words, for the details
                self.steps.refused(error)
            return
        if request != self.request:  # the form moved on while this request was out
            return
        self.answered = request
        self.refresh.start()
        self.steps.answered(request, answer)

    def clear(self) -> None:
        """Nothing of the last answer stays: no request out, none to refresh."""
        self.answered = None
        self.worker.cancel()
        self.refresh.stop()
        self.steps.cleared()

    def forget(self) -> None:
        """Another form altogether (another chain): nothing judged or refused of the last one stays."""
        self.request = self.invalid = self.refused = None

    def unexpected(self, error: BaseException) -> None:
        """A bug in a task of the tab: said in plain words (and logged by `Latest`)."""
        self.refused = ("", error_words.unexpected(error))
        self.steps.say()

    def close(self) -> None:
        self.worker.close()
        self.pause.stop()
        self.refresh.stop()
