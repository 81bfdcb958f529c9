"""What a form says about itself, from one decision (`gui.form_state.Verdict`): its primary button's words and
whether it is on, the one message under the fields, the field at fault, and the status bar while work runs.

Both tabs decide their verdict from their own facts (`quote.state`, `cross.state`); saying it is the same, and
so is what the button and the message's action do: the form's action, or what the verdict says mends the form
("accounts": manage them; "max": the whole balance; "retry"; "amount:<units>": that amount).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from PySide6.QtWidgets import QPushButton

from swapdesk.gui.activity import Activity
from swapdesk.gui.design.message import FormMessage
from swapdesk.gui.form_state import Verdict


class Voice:
    def __init__(
        self, button: QPushButton, message: FormMessage, mark: Callable[[str | None], None],
        activity: Activity | None, key: str, acts: Mapping[str, Callable[[str], None]],
    ) -> None:  # fmt: skip
        """`mark` draws the field at fault; `key` is the form's own line in the status bar (`activity`); `acts`
        does each act, given what follows its name ("amount:30" -> acts["amount"]("30")), and "" the form's
        action (the button's, when the verdict names no other)."""
        self.button, self.message, self.mark = button, message, mark
        self.activity, self.key, self.acts = activity, key, acts
        self.verdict = Verdict("", False)
        button.clicked.connect(lambda: self.act(self.verdict.acts))
        message.acted.connect(self._acted)

    @property
    def allows(self) -> bool:
        """The button does the form's action now (on, and not asking for something else first)."""
        return self.verdict.enabled and not self.verdict.acts

    def _acted(self, act: str) -> None:
        if act:  # a message's own act, never the form's action
            self.act(act)

    def act(self, act: str) -> None:
        name, _, rest = act.partition(":")
        done = self.acts.get(name)
        if done is not None:
            done(rest)

    def say(self, verdict: Verdict, heard: bool = True) -> bool:
        """Show `verdict`; whether the form is busy (a progress message), and with a status bar, one it hears of:
        `heard` says whether the work is under way (not a start not begun yet)."""
        self.verdict = verdict
        self.button.setText(verdict.button)
        self.button.setAccessibleName(verdict.button.rstrip("…"))
        self.button.setEnabled(verdict.enabled)
        self.message.show_message(verdict.message)
        self.mark(verdict.field)
        busy = verdict.message is not None and verdict.message.kind == "progress"
        if self.activity is not None:
            busy = busy and heard
            if busy and verdict.message is not None:
                self.activity.begin(self.key, verdict.message.text)
            else:
                self.activity.end(self.key)
        return busy

    def quiet(self) -> None:
        """The form closes: the status bar hears no more of it."""
        if self.activity is not None:
            self.activity.end(self.key)
