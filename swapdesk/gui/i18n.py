"""The window's languages: English, and Simplified Chinese through Qt's own translation tools.

Every visible string is written in English and passed through `tr` (named arguments go in after, with
`.format`, so a translation can put them where its grammar wants them; never inside an f-string, where lupdate
cannot see it). `pyside6-lupdate` finds them (`python scripts/translations.py` runs it, fills the Chinese from
`swapdesk/gui/i18n/zh_CN.json`, and runs `pyside6-lrelease`): the translations are in
`swapdesk/gui/i18n/swapdesk_zh_CN.ts` and ship compiled as `swapdesk_zh_CN.qm`. Words kept in a constant, or made
where Qt is not imported, are marked with `QT_TR_NOOP` (the name lupdate reads; `noop` is the same function, which
lupdate does not see) and translated with `tr` where they are shown. The language
is the Settings' choice, or the system's locale (`install`, once, before the window is built: a change in
Settings applies at the next start). Qt's own words (Close, Cancel, OK) come from Qt's translations.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTranslator

from swapdesk.words import Worded, Words

FOLDER = Path(__file__).resolve().parent / "i18n"
LANGUAGES = {"en": "English", "zh_CN": "简体中文"}  # each in its own words: a person finds their own
_installed: list[QTranslator] = []


def tr(text: str) -> str:
    """`text` in the window's language (English when there is no translation)."""
    return QCoreApplication.translate("", text)


def QT_TR_NOOP(text: str) -> str:
    """Marks `text` for translation where Qt is not imported; `tr` translates it where it is shown."""
    return text


noop = QT_TR_NOOP


def say(words: str | Words | Worded) -> str:
    """Words made where Qt is not imported (`swapdesk.words`: a template and its words), in the window's language;
    a plain string is a marked one, translated as it is."""
    return words.say(tr) if isinstance(words, (Words, Worded)) else tr(words)


def chosen(setting: str, system: QLocale | None = None) -> str:
    """The language to use: the setting ('system', 'en', 'zh_CN'), else the system locale's, else English."""
    if setting in LANGUAGES:
        return setting
    locale = system or QLocale.system()
    chinese = locale.language() == QLocale.Language.Chinese
    traditional = locale.script() == QLocale.Script.TraditionalChineseScript
    return "zh_CN" if chinese and not traditional else "en"


def install(app: QCoreApplication, setting: str) -> str:
    """Load the language's translations into `app` (replacing any loaded before); the language used."""
    for old in _installed:
        app.removeTranslator(old)
    _installed.clear()
    language = chosen(setting)
    if language == "en":
        return language
    ours = QTranslator(app)
    if ours.load(str(FOLDER / f"swapdesk_{language}.qm")):
        app.installTranslator(ours)
        _installed.append(ours)
    qt = QTranslator(app)
    if qt.load(f"qtbase_{language}", QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)):
        app.installTranslator(qt)
        _installed.append(qt)
    return language
