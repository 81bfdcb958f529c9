"""The window's size and minimum, from the screen it opens on: never larger than the screen's free area once the
window manager's title bar and borders are added (issue 31, item 5).

A screen's available geometry leaves out its panels, not the window's own frame; before the window is shown
nobody knows that frame, so an allowance stands in for it (`FRAME`: a title bar of 40 pixels, the tallest the
common desktops draw, and thin borders), and once the window manager has framed the window its real margins are
used. The pages are laid out to fit the smallest window this gives on a 1024×640 screen (tests/gui/fit.py checks
every page at the sizes `fitted` chooses for 1366×768 and 1024×640).
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QMargins, QRect, QSize
from PySide6.QtWidgets import QWidget

PREFERRED = QSize(1280, 800)  # where the screen has room: both cards side by side with air around them
SMALLEST = QSize(1016, 596)  # the window the pages are laid out for: a 1024×640 screen less FRAME
FRAME = QMargins(4, 40, 4, 4)  # left, title bar, right, bottom: until the window manager says its own
SCREENS = (QSize(1366, 768), QSize(1024, 640))  # the small laptop screens the window must fit


@dataclass(frozen=True)
class Fitted:
    geometry: QRect  # the window's inside (its frame around it), centred in the screen's free area
    minimum: QSize


def fitted(available: QRect, frame: QMargins = FRAME) -> Fitted:
    """The window's inside and its minimum on a screen whose free area is `available`, in a frame of `frame`."""
    room = available.marginsRemoved(frame)
    size = PREFERRED.boundedTo(room.size())
    minimum = SMALLEST.boundedTo(room.size())
    left = room.left() + (room.width() - size.width()) // 2
    top = room.top() + (room.height() - size.height()) // 2
    return Fitted(QRect(left, top, size.width(), size.height()), minimum)


def window_size(screen: QSize, frame: QMargins = FRAME) -> QSize:
    """The inside of the window `fitted` opens on a screen of `screen` with no panel (what the tests lay out)."""
    return fitted(QRect(0, 0, screen.width(), screen.height()), frame).geometry.size()


def frame_of(window: QWidget) -> QMargins:
    """The window manager's frame around `window` once it is known (shown and framed), else the allowance."""
    outer, inner = window.frameGeometry(), window.geometry()
    if outer == inner:
        return FRAME
    return QMargins(inner.left() - outer.left(), inner.top() - outer.top(), outer.right() - inner.right(),
                    outer.bottom() - inner.bottom())  # fmt: skip


def fit_to_screen(window: QWidget) -> Fitted | None:
    """Size `window` for its screen's free area in its frame, and make that its most: the smaller of the
    preferred size and the room, the minimum within the room too. None without a screen."""
    screen = window.screen()
    if screen is None:
        return None
    chosen = fitted(screen.availableGeometry(), frame_of(window))
    window.setMinimumSize(chosen.minimum)
    window.setGeometry(chosen.geometry)
    return chosen


def refit_if_framed(window: QWidget, chosen: Fitted | None) -> bool:
    """Once the window manager has framed `window` (its frame is known): if the frame sticks out of the screen's
    free area (a title bar taller than the allowance), fit the window again in the frame drawn, unless its size
    is no longer the one `fit_to_screen` `chosen` (resized since, by a person or a script: theirs to decide).
    Whether the frame is known (once it is, there is nothing more to do)."""
    if window.frameGeometry() == window.geometry():
        return False
    screen = window.screen()
    ours = chosen is not None and window.size() == chosen.geometry.size()
    maximised = window.isMaximized() or window.isFullScreen()
    if (
        screen is not None
        and ours
        and not maximised
        and not screen.availableGeometry().contains(window.frameGeometry())
    ):
        fit_to_screen(window)
    return True
