"""The details a person meets on a small screen (issue 31, items 4, 12, 13 and 14): a split that shows its value
and says a number out of range, dialogs whose message does not move the fields, a key password with a minimum,
lists that show every choice, focus and check boxes visible in dark, text not smaller than 12 px, and export
dialogs that open in the user's own folders."""

from __future__ import annotations

from pathlib import Path
from typing import Any, cast

import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtGui import QFontInfo
from PySide6.QtWidgets import QApplication, QCheckBox, QComboBox, QFileDialog, QLineEdit, QTabWidget, QWidget

from swapdesk.api import InvalidParameter, SwapService, TokenInfo
from swapdesk.gui import theme
from swapdesk.gui.accounts_dialog import AccountsDialog
from swapdesk.gui.design.card import caption
from swapdesk.gui.design.tokens import contrast
from swapdesk.gui.phrase_pages import MIN_PASSWORD
from swapdesk.gui.settings_dialog import SettingsDialog
from swapdesk.gui.tabs.history.tab import HistoryTab
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


def test_focus_on_the_tab_bar_and_an_unchecked_box_are_visible_and_words_are_12_px(qtbot: Any, mode: str) -> None:
    """Item 14: the focused tab draws a ring (its underline alone, already there for the chosen tab, only changed
    its hue in dark); an unchecked box's edge stands out from the window at 3:1 at least (WCAG's rule for a
    control); a caption (under a route, a fee's source) is 12 px at least."""
    holder = QWidget()
    qtbot.addWidget(holder)
    tabs = QTabWidget(holder)
    tabs.addTab(QWidget(), "Quote")
    tabs.addTab(QWidget(), "Cross-chain")
    box = QCheckBox("Approve an unlimited amount", holder)
    other = QLineEdit(holder)
    box.move(0, 120)
    other.move(0, 160)
    holder.resize(400, 200)
    holder.show()
    qtbot.waitExposed(holder)
    bar = tabs.tabBar()
    other.setFocus()
    QApplication.processEvents()
    plain = bar.grab().toImage()
    bar.setFocus(Qt.FocusReason.TabFocusReason)
    QApplication.processEvents()
    focused = bar.grab().toImage()
    tab = bar.tabRect(0)
    rows = {y for x in range(tab.left(), tab.left() + 4) for y in range(tab.top(), tab.bottom() + 1)
            if plain.pixel(x, y) != focused.pixel(x, y)}  # fmt: skip
    assert len(rows) > tab.height() // 2, (mode, len(rows), tab.height())  # a ring down the tab's side, not a hue

    window = theme.roles().window
    indicator = box.grab().toImage()
    strongest = max(contrast(indicator.pixelColor(x, y).name(), window)
                    for x in range(min(20, indicator.width())) for y in range(indicator.height()))  # fmt: skip
    assert strongest >= 3, (mode, strongest)

    label = caption("Priced by the pool's own quote")
    qtbot.addWidget(label)
    label.show()
    assert QFontInfo(label.font()).pixelSize() >= 12, QFontInfo(label.font()).pixelSize()


def test_export_dialogs_open_in_the_user_s_documents(
    qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Item 14: History's export and Many hashes' open and export start in Documents (else home), never in the
    folder swapdesk was started from."""
    home = tmp_path / "home"
    (home / "Documents").mkdir(parents=True)
    started = tmp_path / "started-here"
    started.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / ".config"))
    monkeypatch.chdir(started)
    asked: list[str] = []

    def ask(_parent: QWidget, _title: str, where: str, _filter: str) -> tuple[str, str]:
        asked.append(where)
        return "", ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", ask)
    monkeypatch.setattr(QFileDialog, "getOpenFileName", ask)
    tab = HistoryTab(cast(SwapService, None))
    qtbot.addWidget(tab)
    tab._ask_export()
    tab.many._ask_open()
    tab.many._ask_export()
    assert len(asked) == 3
    for where in asked:
        assert home / "Documents" in (Path(where), Path(where).parent), where  # absolute, in Documents
