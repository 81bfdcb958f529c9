"""Creating a key with its recovery phrase, as wallets do: a password (twice), then the twelve words shown once,
then three of them typed back; only then is the account kept.

`CreateFlow` is the Accounts dialog's "Create a new key" page. Its first step asks for a label and a password
(typed twice: it protects the phrase, and the key when it is exported). The second shows the phrase (BIP-39,
made on this computer by `wallet.Phrase`) with what it is for and that it will not be shown again. The third asks
for three of the words by their number; a wrong word says which, and nothing is kept until all three are right.
The phrase lives in memory for these steps only: cancelling, finishing or closing the dialog forgets it, and it
is never logged or written down plainly (the wallet keeps it sealed under the password).
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from swapdesk.gui import theme
from swapdesk.gui.design.buttons import primary, secondary
from swapdesk.gui.design.card import caption, heading
from swapdesk.gui.design.notice import Notice, keep_place
from swapdesk.gui.i18n import tr
from swapdesk.wallet import Password
from swapdesk.wallet.phrase import Phrase, confirm_positions

MIN_PASSWORD = 8  # characters: a password a person chooses to seal a key, never "abc"


def password_problem(text: str) -> str:
    """What is wrong with a password chosen for a key, in words; "" when it will do."""
    if not text:
        return tr("Choose a password: it protects the recovery phrase, and the key when exported.")
    if len(text) < MIN_PASSWORD:
        return tr("This password is too short: use at least {n} characters, better a few words.").format(n=MIN_PASSWORD)
    return ""


class CreateFlow(QWidget):
    confirmed = Signal(object, str, object, bool)  # Phrase, label, Password, keep in a keystore file
    problem = Signal(str)

    def __init__(self, keyring_problem: str | None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.phrase: Phrase | None = None
        self.positions: list[int] = []
        self.steps = QStackedWidget()
        self.label = QLineEdit(placeholderText=tr("Label, e.g. Main"))
        self.label.setAccessibleName(tr("Label of the new account"))
        self.password = QLineEdit(echoMode=QLineEdit.EchoMode.Password)
        self.password.setAccessibleName(tr("Password"))
        self.repeat = QLineEdit(echoMode=QLineEdit.EchoMode.Password)
        self.repeat.setAccessibleName(tr("The password again"))
        self.keystore = QCheckBox(tr("Keep the key in an encrypted keystore file (instead of the system keyring)"))
        self.keystore.setChecked(keyring_problem is not None)
        self.keystore.setEnabled(keyring_problem is None)  # with an unsafe keyring the file is the only way
        self.start_button = primary(tr("Create…"), tr("Make a new key and show its recovery phrase"))
        first = QWidget()
        form = QFormLayout(first)
        intro = QLabel(tr("A new key is made on this computer, with a recovery phrase of twelve words: the phrase is"
                          " the key, and the password protects it here."))  # fmt: skip
        intro.setWordWrap(True)
        form.addRow(intro)
        form.addRow(tr("Label"), self.label)
        form.addRow(tr("Password"), self.password)
        form.addRow(tr("Again"), self.repeat)
        form.addRow("", self.keystore)
        form.addRow("", self.start_button)

        self.words_grid = QGridLayout()
        self.words_grid.setHorizontalSpacing(16)
        self.written = primary(tr("I wrote them down"), tr("Next: type three of the words back"))
        self.back_from_words = secondary(tr("Cancel"))
        second = QWidget()
        show = QVBoxLayout(second)
        show.addWidget(heading(tr("Your recovery phrase"), "title"))
        show.addWidget(Notice("warning", tr("Write these twelve words down, in order, and keep them where only you can"
                                            " find them. Anyone with them has the account. swapdesk shows them this"
                                            " once; later, only with your password.")))  # fmt: skip
        grid_holder = QWidget()
        grid_holder.setLayout(self.words_grid)
        grid_holder.setAccessibleName(tr("The recovery phrase"))
        show.addWidget(grid_holder)
        show.addLayout(_buttons(self.back_from_words, self.written))

        self.answers = [QLineEdit() for _ in range(3)]
        for field in self.answers:
            field.setAccessibleName(tr("A word of the phrase"))  # which one, once they are asked (`_ask`)
        self.answer_labels = [QLabel() for _ in range(3)]
        self.confirm_button = primary(tr("Create account"), tr("Keep the account, its key and its sealed phrase"))
        self.back_from_confirm = secondary(tr("Show the words again"))
        third = QWidget()
        check = QVBoxLayout(third)
        check.addWidget(heading(tr("Check that you wrote them down"), "title"))
        check.addWidget(caption(tr("Type these words of your phrase, as you wrote them.")))
        answers = QFormLayout()
        for label, field in zip(self.answer_labels, self.answers, strict=True):
            label.setBuddy(field)
            answers.addRow(label, field)
        check.addLayout(answers)
        check.addLayout(_buttons(self.back_from_confirm, self.confirm_button))
        for page in (first, second, third):
            self.steps.addWidget(page)
        self.error = Notice("danger")
        self.error.hide()
        keep_place(self.error)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.steps)
        layout.addWidget(self.error)
        self.start_button.clicked.connect(self._start)
        self.written.clicked.connect(self._ask)
        self.back_from_words.clicked.connect(self.reset)
        self.back_from_confirm.clicked.connect(lambda: self.steps.setCurrentIndex(1))
        self.confirm_button.clicked.connect(self._confirm)
        self.answers[-1].returnPressed.connect(self._confirm)
        for field in (self.password, self.repeat):  # a hint about the password goes once it is being typed
            field.textEdited.connect(lambda _: self.say("") if self.steps.currentIndex() == 0 else None)

    def say(self, words: str) -> None:
        self.error.set(words, "danger")
        self.error.setVisible(bool(words))
        if words:
            self.problem.emit(words)

    def _start(self) -> None:
        problem = password_problem(self.password.text())
        if problem:
            return self.say(problem)
        if self.password.text() != self.repeat.text():
            return self.say(tr("The two passwords differ: type the same one twice."))
        self.say("")
        self.phrase = Phrase.create()
        self._show_words(self.phrase.words())
        self.steps.setCurrentIndex(1)
        self.written.setFocus()

    def _show_words(self, words: list[str]) -> None:
        while self.words_grid.count():
            item = self.words_grid.takeAt(0)
            gone = item.widget() if item is not None else None
            if gone is not None:
                gone.deleteLater()
        for n, word in enumerate(words):
            label = QLabel(f"{n + 1:>2}. <b>{word}</b>")
            theme.mark(label, role="title")
            label.ensurePolished()  # the title's font, from the sheet: measured now, never cut at its descenders
            label.setMinimumHeight(label.sizeHint().height())
            self.words_grid.addWidget(label, n % 6, n // 6)

    def _ask(self) -> None:
        self.positions = confirm_positions()
        for label, field, position in zip(self.answer_labels, self.answers, self.positions, strict=True):
            label.setText(tr("Word {n}").format(n=position + 1))
            field.clear()
            field.setAccessibleName(tr("Word {n} of the phrase").format(n=position + 1))
        self.steps.setCurrentIndex(2)
        self.answers[0].setFocus()

    def _confirm(self) -> None:
        if self.phrase is None:
            return
        words = self.phrase.words()
        for field, position in zip(self.answers, self.positions, strict=True):
            if field.text().strip().lower() != words[position]:
                return self.say(tr("Word {n} is not the one shown: look at what you wrote.").format(n=position + 1))
        self.say("")
        self.confirmed.emit(self.phrase, self.label.text(), Password(self.password.text()), self.keystore.isChecked())

    def reset(self) -> None:
        """Back to the first step, the phrase forgotten, the fields empty."""
        self.phrase, self.positions = None, []
        self._show_words([])
        for field in (self.password, self.repeat, self.label, *self.answers):
            field.clear()
        self.say("")
        self.steps.setCurrentIndex(0)


def _buttons(back: QWidget, forward: QWidget) -> QHBoxLayout:
    row = QHBoxLayout()
    row.addWidget(back)
    row.addStretch(1)
    row.addWidget(forward)
    return row
