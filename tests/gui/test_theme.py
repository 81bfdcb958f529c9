"""Light and dark: text readable by WCAG AA (4.5:1), a disabled Swap… drawn as disabled, a switch recolours at once."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication, QLabel, QPushButton

from swapdesk.gui import status, theme
from swapdesk.gui.window import MainWindow

from .conftest import Typer, Until, screenshot

AA = 4.5
Role, Group = QPalette.ColorRole, QPalette.ColorGroup
BACKGROUNDS = (Role.Window, Role.Base, Role.AlternateBase)  # the window, fields and cards, the swap card's sides
PAIRS = (
    (Role.WindowText, Role.Window), (Role.Text, Role.Base), (Role.Text, Role.AlternateBase),
    (Role.ButtonText, Role.Button), (Role.HighlightedText, Role.Highlight), (Role.PlaceholderText, Role.Base),
    (Role.Link, Role.Base), (Role.Link, Role.Window), (Role.ToolTipText, Role.ToolTipBase),
)  # fmt: skip


@pytest.fixture
def themed(qapp: QApplication) -> Iterator[QApplication]:
    yield qapp
    theme.apply(qapp, "light")


def _hex(palette: QPalette, role: QPalette.ColorRole, group: QPalette.ColorGroup = Group.Active) -> str:
    return palette.color(group, role).name()


@pytest.mark.parametrize("name", ["light", "dark"])
def test_every_text_colour_meets_aa(themed: QApplication, name: str) -> None:
    theme.apply(themed, name)
    palette = themed.palette()
    assert theme.is_dark(palette) is (name == "dark")
    for text, background in PAIRS:
        ratio = theme.contrast(_hex(palette, text), _hex(palette, background))
        assert ratio >= AA, (name, text.name, background.name, round(ratio, 2))
    for tone, colour in theme.TONES[name].items():
        assert theme.tone(tone, palette) == colour
        for background in BACKGROUNDS:
            ratio = theme.contrast(colour, _hex(palette, background))
            assert ratio >= AA, (name, tone, background.name, round(ratio, 2))
    primary = theme.PRIMARY[name]
    assert theme.contrast("#ffffff", primary["fill"]) >= AA and theme.contrast("#ffffff", primary["hover"]) >= AA


def test_badges_read_in_both_themes() -> None:
    for badge in status.BADGES:
        assert theme.contrast("#ffffff", badge.fill) >= AA, badge.word


def test_the_contrast_ratio_is_wcag_s() -> None:
    assert theme.contrast("#000000", "#ffffff") == pytest.approx(21)
    assert theme.contrast("#ffffff", "#ffffff") == pytest.approx(1)
    assert theme.contrast("#767676", "#ffffff") == pytest.approx(4.54, abs=0.01)  # the classic AA grey


def test_dark_disabled_text_and_buttons_look_disabled(themed: QApplication, qtbot: Any) -> None:
    theme.apply(themed, "dark")
    palette = themed.palette()
    for role in (Role.ButtonText, Role.WindowText, Role.Text):
        assert _hex(palette, role, Group.Disabled) != _hex(palette, role)  # not drawn like the enabled one
        enabled = theme.contrast(_hex(palette, role), _hex(palette, Role.Button))
        disabled = theme.contrast(_hex(palette, role, Group.Disabled), _hex(palette, Role.Button, Group.Disabled))
        assert disabled < enabled / 2
    button = QPushButton("Swap…")
    theme.primary(button)
    qtbot.addWidget(button)
    button.resize(200, 44)
    fill = (100, 4)  # inside the border, clear of the text
    on = button.grab().toImage().pixelColor(*fill).name()
    button.setEnabled(False)
    off = button.grab().toImage().pixelColor(*fill).name()
    assert on == theme.PRIMARY["dark"]["fill"] and off == theme.PRIMARY["dark"]["off_fill"]


def test_a_theme_switch_recolours_what_carries_meaning(themed: QApplication, qtbot: Any) -> None:
    theme.apply(themed, "light")
    label = QLabel("refused")
    qtbot.addWidget(label)
    theme.tint(label, "danger")
    assert label.palette().color(Role.WindowText).name() == theme.TONES["light"]["danger"]
    theme.apply(themed, "dark")
    assert label.palette().color(Role.WindowText).name() == theme.TONES["dark"]["danger"]
    theme.tint(label, None)  # back to the palette's own text
    assert label.palette().color(Role.WindowText).name() == theme.DARK[Role.WindowText]


def test_light_and_dark_side_by_side(window: MainWindow, until: Until, type_into: Typer, themed: QApplication) -> None:
    tab = window.quote_tab
    tab.chain_box.setCurrentIndex(tab.chain_box.findText("Ethereum"))
    window.start()
    until(tab.accounts_shown)
    tab.sell.choose("USDC")
    tab.buy.choose("WBTC")
    type_into(tab.amount, "750000")
    until(tab.quote_shown)
    assert not tab.swap_button.isEnabled()  # more than the balance: off, and drawn so in both themes
    for name in ("light", "dark"):
        theme.apply(themed, name)
        QApplication.sendPostedEvents()  # the palette reaches every widget by posted events
        button = tab.swap_button
        fill = button.grab().toImage().pixelColor(button.width() // 2, 4).name()
        assert fill == theme.PRIMARY[name]["off_fill"], name
        card = tab.card.grab().toImage().pixelColor(tab.card.width() // 2, 8).name()
        assert card == themed.palette().color(Role.Base).name(), name  # the card follows the theme
        assert tab.message.message is not None and tab.message.message.kind == "warning"
        note = tab.message.notice.words.palette().color(Role.WindowText).name()
        assert note == theme.TONES[name]["warning"], name  # and so does every colour that means something
        screenshot(window, f"quote-{name}.png")
