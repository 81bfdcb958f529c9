"""A dialog that fits the screen it opens on: never taller than the screen's free area once a title bar is added,
its content scrolling inside it where the screen is shorter than the content (issue 31: the Accounts dialog's
recovery phrase and the Settings dialog reached past a 1024×640 screen). Where there is room, nothing scrolls,
nothing shows that it could, and the dialog is as it was.

`fit_screen(dialog)` is called once the dialog's layout is built: that layout moves into the scroll area's page.
A dialog whose buttons (and what must be ticked before them) stay in view scrolls only a part of itself instead:
`ScrollingPart` (the signing dialogs' review and risks), the dialog capping its own height at `room`.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QPoint, QSize, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QDialog, QFrame, QScrollArea, QVBoxLayout, QWidget

from swapdesk.gui.screen_fit import FRAME

LEAST = 200  # the content's least height: a few fields, whatever the screen


class DialogBody(QScrollArea):
    """The dialog's content at its natural size (a scroll area would cap it at 24 lines), scrolling when cut."""

    def sizeHint(self) -> QSize:
        inner = self.widget()
        hint = inner.sizeHint().expandedTo(inner.minimumSize()) if inner is not None else QSize(0, 0)
        frame = 2 * self.frameWidth()
        return QSize(hint.width() + self.verticalScrollBar().sizeHint().width() + frame, hint.height() + frame)

    def minimumSizeHint(self) -> QSize:
        inner = self.widget()
        least = inner.minimumSizeHint() if inner is not None else QSize(0, 0)
        bar = self.verticalScrollBar().sizeHint().width()
        return QSize(least.width() + bar + 2 * self.frameWidth(), min(least.height(), LEAST))


class ScrollingPart(QScrollArea):
    """Part of a dialog, scrolling inside it where the screen is too short: as tall as its page wrapped at the width
    it has, where there is room (nothing scrolls, nothing shows that it could); down to `LEAST` where there is not,
    while the rest of the dialog keeps its size. Its page's layout asking anew (a line added) is the dialog's news."""

    def __init__(self, page: QWidget, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWidget(page)
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)  # the page wraps at its width
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # no Tab stop without a ring: its own fields take the focus

    def natural_height(self) -> int:
        """The page's height at the width it is shown at (before it is shown: at the width it asks for)."""
        page = self.widget()
        if page is None:
            return 0
        layout = page.layout()
        width = self.viewport().width() if self.isVisible() else page.sizeHint().width()
        if layout is not None and layout.hasHeightForWidth():
            return layout.totalHeightForWidth(width)
        return page.sizeHint().height()

    def sizeHint(self) -> QSize:
        page = self.widget()
        width = page.sizeHint().width() if page is not None else 0
        frame = 2 * self.frameWidth()
        return QSize(width + frame, self.natural_height() + frame)

    def minimumSizeHint(self) -> QSize:
        page = self.widget()
        width = page.minimumSizeHint().width() if page is not None else 0
        frame = 2 * self.frameWidth()
        return QSize(width + frame, min(self.natural_height(), LEAST) + frame)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self.updateGeometry()  # its height follows its width: asked first before it had its own (as it is shown)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.widget() and event.type() == QEvent.Type.LayoutRequest:
            self.updateGeometry()  # the dialog's layout asks this part's height again
        return super().eventFilter(watched, event)  # the scroll area's own (setWidget filters the page for it)


class _Cap(QObject):
    """Caps the dialog's height to its screen's free area, less a title bar, each time it is shown or its content
    changes (a step with more in it); its page never squeezed below what it asks (words cut mid-letter)."""

    def __init__(self, dialog: QDialog, body: DialogBody, page: QWidget) -> None:
        super().__init__(dialog)
        self.dialog, self.body, self.page = dialog, body, page
        dialog.installEventFilter(self)
        page.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if not hasattr(self, "page"):  # the dialog being destroyed: its Python side already gone
            return False
        kind = event.type()
        if watched is self.page and kind == QEvent.Type.LayoutRequest:
            self.page.setMinimumHeight(0)  # what its layout asks now, not what was set before
            self.page.setMinimumHeight(max(self.page.sizeHint().height(), self.page.minimumSizeHint().height()))
            self.body.updateGeometry()  # the dialog's layout asks the body's hint again
            if self.dialog.isVisible():
                cap(self.dialog)
        elif watched is self.dialog and kind == QEvent.Type.Show:
            cap(self.dialog)
        return False


def room(dialog: QWidget) -> QSize | None:
    """The inside a dialog has on its screen, a title bar and borders around it; None without a screen."""
    screen = dialog.screen()
    if screen is None:
        return None
    return screen.availableGeometry().marginsRemoved(FRAME).size()


def cap(dialog: QDialog) -> None:
    """No taller (nor wider) than the room on its screen; within it, as large as its content asks (Qt's own
    first size stops at two thirds of the screen's height)."""
    space = room(dialog)
    if space is None:
        return
    dialog.setMaximumSize(space)
    dialog.resize(dialog.sizeHint().expandedTo(dialog.minimumSize()).expandedTo(dialog.size()).boundedTo(space))
    screen = dialog.screen()
    if dialog.isVisible() and screen is not None:  # grown past the free area's bottom or right: moved back in
        free = screen.availableGeometry().marginsRemoved(FRAME)
        spot = dialog.geometry()
        past = QPoint(max(0, spot.right() - free.right()), max(0, spot.bottom() - free.bottom()))
        if not past.isNull():
            dialog.move(dialog.pos() - past)


def fit_screen(dialog: QDialog) -> DialogBody:
    """Move the dialog's layout into a scroll area's page, and keep the dialog within its screen's room."""
    built = dialog.layout()
    assert built is not None, "fit_screen is called once the dialog's layout is built"
    page = QWidget()
    page.setLayout(built)  # the layout and its widgets move to the page
    body = DialogBody()
    body.setWidget(page)
    body.setWidgetResizable(True)
    body.setFrameShape(QFrame.Shape.NoFrame)
    body.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    outer = QVBoxLayout(dialog)
    outer.setContentsMargins(0, 0, 0, 0)
    outer.addWidget(body)
    _Cap(dialog, body, page)
    return body
