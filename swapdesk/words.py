"""Words said to a person from modules that do not import Qt (trade, wallet, settings), ready for translation.

Such a module marks its English with `QT_TR_NOOP` (the name `pyside6-lupdate` reads; `noop` is the same
function) and raises a `Worded` error: the English template and its named words, kept apart. `str(error)` is
the English (the log, the CLI, tests); the window translates the template and then fills in the words
(`swapdesk.gui.error_words.said`), translating a word that is itself a `Worded` error, or a `Term`, the same
way. Nothing here imports Qt: the engine, the trade and the wallet stay usable without it.
"""

from __future__ import annotations

from collections.abc import Callable


def QT_TR_NOOP(text: str) -> str:  # the name lupdate looks for
    """Marks `text` for translation; it is translated where it is shown."""
    return text


noop = QT_TR_NOOP


class Term(str):
    """A marked word put into a template (`Term(QT_TR_NOOP("swap"))`): translated too where it is shown."""


class Worded(Exception):
    """An error whose words are an English `template` with `{names}` and the `words` that fill them."""

    def __init__(self, template: str, **words: object) -> None:
        self.template = template
        self.words = words
        super().__init__(self.say(lambda text: text))

    def say(self, translate: Callable[[str], str]) -> str:
        """The words with `translate` applied to the template and to every word that is itself a `Worded` error."""
        return translate(self.template).format(**{name: _said(word, translate) for name, word in self.words.items()})


def _said(word: object, translate: Callable[[str], str]) -> object:
    if isinstance(word, Worded):
        return word.say(translate)
    return translate(word) if isinstance(word, Term) else word
