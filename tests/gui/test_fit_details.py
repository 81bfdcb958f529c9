"""The details a person meets on a small screen (issue 31, items 4, 12, 13 and 14): a split that shows its value
and says a number out of range, dialogs whose message does not move the fields, a key password with a minimum,
lists that show every choice, focus and check boxes visible in dark, text not smaller than 12 px, and export
dialogs that open in the user's own folders."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import QApplication, QComboBox, QLineEdit, QWidget

from swapdesk.api import InvalidParameter, TokenInfo
from swapdesk.gui import theme
from swapdesk.gui.accounts_dialog import AccountsDialog
from swapdesk.gui.phrase_pages import MIN_PASSWORD
from swapdesk.gui.settings_dialog import SettingsDialog
from swapdesk.gui.tabs.quote.form import QuoteForm
from swapdesk.settings import Settings
from swapdesk.wallet import Wallet

USDT = TokenInfo(address="0x55d398326f99059fF775485246999027B3197955", symbol="USDT", name="Tether", decimals=18,
                 icon="")  # fmt: skip
WBNB = TokenInfo(address="0xbb4CdB9CBd36B01bD1cBaEBF2De08d9173bc095c", symbol="WBNB", name="Wrapped BNB", decimals=18,
                 icon="")  # fmt: skip


@pytest.fixture(params=["light", "dark"])
def mode(request: pytest.FixtureRequest, qapp: QApplication) -> Any:
    theme.apply(qapp, request.param)
    yield request.param
    theme.apply(qapp, "light")


def _drawn(widget: QWidget) -> set[tuple[int, int, int]]:
    """The colours `widget` draws, on its window."""
    top = widget.window()
    image = top.grab(QRect(widget.mapTo(top, QPoint(0, 0)), widget.size())).toImage()
    colours = (image.pixelColor(x, y) for x in range(image.width()) for y in range(image.height()))
    return {(c.red(), c.green(), c.blue()) for c in colours}


def test_the_split_shows_its_value_and_says_a_count_out_of_range(qtbot: Any, mode: str) -> None:
    """Item 4: the field shows 10 where a person reads it; 0, 1000 and blank are kept as typed and said."""
    form = QuoteForm()
    qtbot.addWidget(form.card)
    form.advanced.setChecked(True)
    form.card.resize(470, 900)
    form.card.show()
    qtbot.waitExposed(form.card)
    part = form.part
    editor = part if isinstance(part, QLineEdit) else part.findChild(QLineEdit)
    assert editor is not None and editor.text() == "10"
    room = editor.contentsRect()
    assert room.width() >= editor.fontMetrics().horizontalAdvance("1000"), room  # the value fits where it is drawn
    assert room.height() >= editor.fontMetrics().height(), room
    assert len(_drawn(part)) > 8  # text drawn, not an empty box (a box alone has its fill, border and corners)
    form.sell.choose_token(USDT)
    form.buy.choose_token(WBNB)
    form.amount.setText("1")
    form.recipient.setText("0x" + "12" * 20)
    for typed in ("0", "1000", ""):
        part.clear()
        qtbot.keyClicks(part, typed)
        assert part.text() == typed  # never set back to a bound without a word
        with pytest.raises(InvalidParameter) as said:
            form.request()
        assert said.value.parameter == "part" and "1 to 100" in str(said.value)
    part.setText("50")
    form.request()  # 50 parts taken


def test_theme_language_and_chain_lists_show_every_choice(qtbot: Any, mode: str) -> None:
    """Item 13: the Theme and Language lists and the chain list (TRON last) show every item, none behind a
    scroll."""
    dialog = SettingsDialog(Settings())
    qtbot.addWidget(dialog)
    form = QuoteForm()
    qtbot.addWidget(form.card)
    for box in (dialog.theme, dialog.language, form.chain_box):
        assert isinstance(box, QComboBox)
        box.window().show()
        box.showPopup()
        view = box.view()
        QApplication.processEvents()
        shown = view.viewport().rect()
        rows = [view.visualRect(box.model().index(i, 0)) for i in range(box.count())]
        hidden = [box.itemText(i) for i, row in enumerate(rows) if row.top() < 0 or row.bottom() > shown.bottom()]
        box.hidePopup()
        assert not hidden and view.verticalScrollBar().maximum() == 0, (box.accessibleName(), hidden)
    assert form.chain_box.itemText(form.chain_box.count() - 1) == "TRON"


def test_a_dialog_s_error_moves_no_field_and_a_key_password_has_a_minimum(qtbot: Any, wallet: Wallet) -> None:
    """Item 12: an error said in the Accounts dialog leaves every field where it was (its place is kept); "abc"
    is refused as a key's password, in words; the hint to choose a password goes as soon as one is typed."""
    dialog = AccountsDialog(wallet)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)

    def places(*widgets: QWidget) -> list[int]:
        QApplication.processEvents()
        return [w.mapTo(dialog, QPoint(0, 0)).y() for w in widgets]

    fields = (dialog.import_label, dialog.key, dialog.import_button)
    before = places(*fields)
    dialog.key.setText("not a key")
    dialog.import_button.click()
    assert dialog.errors["import"].isVisible() and places(*fields) == before  # nothing jumps under the pointer

    dialog.ways.setCurrentWidget(dialog.create_flow)
    flow = dialog.create_flow
    fields = (flow.label, flow.password, flow.start_button)
    before = places(*fields)
    flow.start_button.click()  # no password yet
    assert "Choose a password" in flow.error.text() and flow.error.isVisible()
    assert places(*fields) == before
    qtbot.keyClicks(flow.password, "a")
    assert not flow.error.isVisible()  # typing one: the hint is gone
    qtbot.keyClicks(flow.password, "bc")
    flow.repeat.setText("abc")
    flow.start_button.click()
    assert flow.phrase is None and flow.steps.currentIndex() == 0  # "abc" is not taken
    assert "too short" in flow.error.text() and str(MIN_PASSWORD) in flow.error.text()
    assert places(*fields) == before

    dialog.ways.setCurrentIndex(0)
    if dialog.import_file.isEnabled():
        dialog.import_file.setChecked(True)
    dialog.key.setText("11" * 32)
    dialog.import_password.setText("abc")  # a keystore's password, chosen here: the same minimum
    dialog.import_button.click()
    assert "too short" in dialog.errors["import"].text() and not wallet.accounts(False)
    assert dialog.key.text() == "11" * 32  # the key stays to try again with a longer password
