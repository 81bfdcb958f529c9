"""What the engine wants a person to know, in plain words, in a bar at the top of the window.

First, a setting the engine was started without (`swapdesk.setting_checks`: a practice fork, a node that cannot be
used now), naming the setting, why, and how to mend it (`Words` from the session, said in the window's language).

The devnet keeps its chains between runs and never deletes one silently: when the world itself changed (new
contracts, new world code) a chain starts afresh and its old data is kept aside, and a chain that another
swapdesk process runs can only be read (`devnet.chaindata`). It says so in `Devnet.notices`; the embedded
engine adds what concerns its bridges (`swapdesk.compose`). The window reads them whenever its work starts or
ends (a chain opens during some work) and shows each once, until it is dismissed.
"""

from __future__ import annotations

import re

from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QWidget

from swapdesk.gui import theme
from swapdesk.gui.i18n import say, tr
from swapdesk.words import Words

_ASIDE = re.compile(r"The devnet's (?P<name>.+?) chain starts afresh because (?P<why>.+); its previous data is kept at"
                    r" (?P<kept>.+?)\.?$")  # fmt: skip
_VIEW = re.compile(r"(?P<name>.+?) is in use by another swapdesk process: a read-only view$")


def plain(notice: str | Words) -> str:
    """A notice as the window says it; one it does not know, as the devnet wrote it."""
    if isinstance(notice, Words):
        return say(notice)
    if aside := _ASIDE.match(notice):
        return (
            tr(
                "{chain} (devnet) started afresh: {why}. Its previous blocks and balances were"
                " not deleted: they are kept at {kept}."
            )
        ).format(chain=aside["name"], why=aside["why"], kept=aside["kept"])
    if view := _VIEW.match(notice):
        return (
            tr(
                "{chain} (devnet) is run by another swapdesk: this window shows it read-only, as that"
                " swapdesk last saved it, and nothing done on it here is kept."
            )
        ).format(chain=view["name"])
    return notice


def _style(palette: QPalette) -> str:
    line = palette.color(QPalette.ColorRole.Mid).name()
    return f"QFrame#notices {{ border: 1px solid {line}; border-radius: 8px; margin: 6px 8px 2px 8px; }}"


class NoticeBar(QFrame):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("notices")
        theme.styled(self, _style)
        self.seen: set[str] = set()
        self.said: list[str] = []  # in plain words, oldest first
        self.words = QLabel()
        self.words.setWordWrap(True)
        theme.tint(self.words, "warning")
        self.dismiss = QPushButton(tr("Dismiss"))
        self.dismiss.setToolTip(tr("Hide these notices (new ones show again)"))
        self.dismiss.clicked.connect(self.clear)
        row = QHBoxLayout(self)
        row.setContentsMargins(10, 6, 6, 6)
        row.addWidget(self.words, 1)
        row.addWidget(self.dismiss)
        self.setAccessibleName(tr("Notices"))
        self.hide()

    def check(self, notices: list[str | Words]) -> None:
        """Show those of `notices` not shown before (told apart by their English)."""
        new = [n for n in notices if str(n) not in self.seen]
        if not new:
            return
        self.seen.update(str(n) for n in new)
        self.said += [plain(n) for n in new]
        self.words.setText("\n".join(self.said))
        self.show()

    def clear(self) -> None:
        self.said = []
        self.hide()
