"""The review dialogs with their risks, on the screen this process was given (issue 31: a swap review with three
risks needed ~630 px where a 1024×640 screen with a title bar offers 596).

Not collected by the suite on its own (its name is not test_*): test_review_fits.py runs it in a process of its own
whose offscreen screen is 1366×768 or 1024×640 (`QT_QPA_PLATFORM=offscreen:configfile=...`, which cannot change
once an application exists), as a person's screen would be:

    QT_QPA_PLATFORM=offscreen:configfile=screen.json python -m pytest tests/gui/review_on_screen.py

On that screen, light and dark, English and Chinese: a swap review with a new recipient of a large amount, an
unlimited approval and a 30 % slippage, and a cross-chain review with a new recipient, each lies inside the
screen's free area with a title bar above it; the step bar, the "I understand the risks" box, the step's words and
the buttons are wholly in view (the review's rows and risks scroll between them where the screen is short); no
line is squeezed below its text's height; where the screen has room, nothing scrolls. Each is saved as a PNG named
by the room the screen gives a dialog (1016×596, 1358×724).
"""

from __future__ import annotations

from functools import partial

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractButton, QApplication, QLabel, QScrollArea, QWidget

from swapdesk.devnet.accounts import demo_address
from swapdesk.gui import theme
from swapdesk.gui.screen_fit import FRAME, fit_to_screen
from swapdesk.gui.signing_dialog import SigningDialog
from swapdesk.gui.window import MainWindow

from .conftest import Act, Typer, Until, screenshot
from .test_cross_flow import compare, open_review
from .test_risks import STRANGER


def _room() -> str:
    """The room the screen gives a dialog, a title bar and borders around it: '1016x596'."""
    screen = QApplication.primaryScreen()
    assert screen is not None
    room = screen.availableGeometry().marginsRemoved(FRAME).size()
    return f"{room.width()}x{room.height()}"


def _whole_in_view(widget: QWidget) -> bool:
    return widget.isVisible() and widget.visibleRegion().boundingRect() == widget.rect()


def _squeezed(dialog: QWidget) -> list[str]:
    """Lines drawn shorter than their text (a wrapped label at its width, a box or button at its least)."""
    cut = []
    for label in dialog.findChildren(QLabel):
        if not label.isVisible() or not label.text():
            continue
        need = label.heightForWidth(label.width()) if label.wordWrap() else label.minimumSizeHint().height()
        if label.height() < max(need, label.fontMetrics().height()):
            cut.append(f"{label.text()[:40]!r} {label.height()}px of {need}")
    for button in dialog.findChildren(QAbstractButton):
        if button.isVisible() and button.height() < button.minimumSizeHint().height():
            cut.append(f"{button.text()[:40]!r} {button.height()}px of {button.minimumSizeHint().height()}")
    return cut


def _fits(dialog: SigningDialog) -> list[str]:
    """What a person on this screen could not see or read of the review."""
    screen = dialog.screen()
    free = screen.availableGeometry()
    said = []
    room = free.marginsRemoved(FRAME)  # a title bar above it, borders around it (offscreen draws 2 px, no title)
    if not room.contains(dialog.geometry()):
        said.append(f"the dialog {dialog.geometry().getRect()} is not inside the room {room.getRect()} on the screen")
    kept = {
        "the step bar": dialog.steps,
        "the risks' box": dialog.risks.confirm,
        "the step's words": dialog.step,
        "Close": dialog.close_button,
        "Approve": dialog.approve_button,
        "the action": dialog.action_button,
    }
    for name, widget in kept.items():
        if widget.isVisibleTo(dialog) and not _whole_in_view(widget):
            said.append(f"{name} not wholly in view: {widget.visibleRegion().boundingRect().getRect()}")
    said += [f"squeezed: {line}" for line in _squeezed(dialog)]
    roomy = dialog.height() < room.height()
    scrolled = [a for a in dialog.findChildren(QScrollArea) if a.verticalScrollBar().maximum() > 0]
    if roomy and scrolled:
        said.append("something scrolls though the screen has room")
    return said


def _in_both_themes(dialog: SigningDialog, act: Act, name: str) -> list[str]:
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    problems = []
    for mode in ("light", "dark"):
        theme.apply(app, mode)
        act(lambda: None)  # restyled and laid out inside the loop
        problems += [f"{mode}: {p}" for p in _fits(dialog)]
        act(partial(screenshot, dialog, f"review-{name}-{_room()}-{mode}.png"))
    theme.apply(app, "light")
    return problems


def _keys(dialog: SigningDialog) -> set[str]:
    return {risk.key for risk in dialog.risks.risks}


def test_a_swap_review_with_three_risks_fits_the_screen(
    language: str, window: MainWindow, until: Until, type_into: Typer, act: Act
) -> None:
    fit_to_screen(window)  # as the app opens it on this screen
    tab = window.quote_tab
    tab.chain_box.setCurrentIndex(tab.chain_box.findText("BNB Smart Chain"))
    until(tab.accounts_shown, doing=window.start)
    tab.choose_account(demo_address(8))
    tab.sell.choose("USDT")
    tab.buy.choose("WBNB")
    tab.slippage.choose("30")
    act(lambda: tab.recipient.setText(STRANGER))
    type_into(tab.amount, "1500")
    until(tab.quote_shown)
    until(tab.swap_requested, doing=tab.swap_button.click)
    dialog = window.swap_dialog
    assert dialog is not None
    if dialog.funds is None:
        until(dialog.checked)
    while dialog.known is None or "recipient" not in _keys(dialog):
        until(dialog.risks.changed)
    assert dialog.unlimited.isVisibleTo(dialog), "the approval is a step here: its unlimited box is offered"
    act(lambda: dialog.unlimited.setChecked(True))
    assert {"slippage", "recipient", "unlimited"} <= _keys(dialog), dialog.risks.words()
    assert dialog.risks.confirm.isVisibleTo(dialog)
    problems = _in_both_themes(dialog, act, f"swap-{language}")
    assert not problems, problems[:8]
    act(dialog.close_button.setFocus)
    act(lambda: dialog.risks.confirm.setFocus(Qt.FocusReason.BacktabFocusReason))  # reached by the keyboard:
    assert all(map(_whole_in_view, dialog.risks.notices)), "the risks it confirms are scrolled into view"
    act(lambda: dialog.risks.confirm.setChecked(True))
    assert dialog.approve_button.isEnabled()
    dialog.close()


def test_a_cross_chain_review_with_a_new_recipient_fits_the_screen(
    language: str, cross_window: MainWindow, until: Until, type_into: Typer, act: Act
) -> None:
    window, tab = cross_window, cross_window.cross_tab
    fit_to_screen(window)
    compare(window, until, type_into, act, "BNB Smart Chain", "Polygon", "250")
    act(lambda: tab.recipient.setText(STRANGER))
    until(tab.routes_shown)
    dialog = open_review(window, until, act, "METAPATH")
    while not (dialog.priced and dialog.known is not None):
        until(dialog.risks.changed)
    assert "recipient" in _keys(dialog), dialog.risks.words()
    problems = _in_both_themes(dialog, act, f"cross-{language}")
    assert not problems, problems[:8]
    dialog.close()
