"""Words said to a person from modules that do not import Qt (trade, wallet, settings, compose, the engine's
refusals: an `ApiError` built from `Words` keeps them as `.said`), ready for translation.

Such a module marks its English with `QT_TR_NOOP` (the name `pyside6-lupdate` reads; `noop` is the same
function) and keeps the English template apart from its named words: `Words` for a name or a sentence, `Worded`
for an error. `str()` of either is the English (the log, the CLI, tests); the window translates the template and
then fills in the words (`swapdesk.gui.i18n.say`), translating a word that is itself `Words`, a `Worded` error, or a
`Term` the same way. Nothing here imports Qt: the engine, the trade and the wallet stay usable without it.
"""

from __future__ import annotations

from collections.abc import Callable


def QT_TR_NOOP(text: str) -> str:  # the name lupdate looks for
    """Marks `text` for translation; it is translated where it is shown."""
    return text


noop = QT_TR_NOOP


class Term(str):
    """A marked word put into a template (`Term(QT_TR_NOOP("swap"))`): translated too where it is shown."""


def _same(text: str) -> str:
    return text


class Words:
    """An English `template` with `{names}`, and the `words` that fill them."""

    def __init__(self, template: str, **words: object) -> None:
        self.template = template
        self.words = words
        template.format(**words)  # a name the template has and the words lack fails here, where it is made

    def say(self, translate: Callable[[str], str]) -> str:
        """The words with `translate` applied to the template and to every word that is itself words."""
        return _fill(self.template, self.words, translate)

    def __str__(self) -> str:
        return self.say(_same)

    def __repr__(self) -> str:
        return f"Words({str(self)!r})"


class Worded(Exception):
    """An error whose words are an English `template` with `{names}` and the `words` that fill them."""

    def __init__(self, template: str, **words: object) -> None:
        self.template = template
        self.words = words
        super().__init__(_fill(template, words, _same))

    def say(self, translate: Callable[[str], str]) -> str:
        """The words with `translate` applied to the template and to every word that is itself words."""
        return _fill(self.template, self.words, translate)


def _fill(template: str, words: dict[str, object], translate: Callable[[str], str]) -> str:
    return translate(template).format(**{name: _said(word, translate) for name, word in words.items()})


def _said(word: object, translate: Callable[[str], str]) -> object:
    if isinstance(word, (Words, Worded)):
        return word.say(translate)
    return translate(word) if isinstance(word, Term) else word
