"""Screens that say the same thing: the "Sent" dialog's status follows the order as the card behind it does (never
Pending once it is received), and the status bar never says Ready while the account boxes say there is no
account, whose words are never cut mid-word."""

from __future__ import annotations

from functools import partial

from PySide6.QtWidgets import QComboBox

from swapdesk.gui.window import MainWindow
from tests.trade.bridged import Bridged

from .conftest import Act, Typer, Until, screenshot
from .test_cross_flow import compare, open_review


def _whole(box: QComboBox) -> bool:
    """The box shows its words whole: as wide as it asks to be (Qt clips a box's text, wherever it falls)."""
    return box.width() >= box.sizeHint().width()


def _settled(window: MainWindow, until: Until) -> None:
    while window.activity.busy:  # what runs (balances read, a chain opening) said in its place
        until(window.activity.changed, timeout=60)


def test_the_sent_dialog_says_what_the_card_behind_it_says(
    cross_window: MainWindow, bridged: Bridged, until: Until, type_into: Typer, act: Act
) -> None:
    """Before: the dialog said Pending ("on its way") for good, while the card behind it said Received."""
    tab = cross_window.cross_tab
    compare(cross_window, until, type_into, act, "BNB Smart Chain", "Polygon", "250")
    dialog = open_review(cross_window, until, act, "METAPATH")
    if dialog.approve_button.isVisibleTo(dialog):
        until(dialog.checked, doing=dialog.approve_button.click)
    seen: list[tuple[str, str]] = []  # (the card's badge, the dialog's) each time the card moves
    card = tab.order_card
    tab.order_shown.connect(lambda _order: seen.append((card.badge.text(), dialog.done_badge.text())))
    (result,) = until(dialog.sent_order, doing=dialog.send_button.click)
    assert dialog.done_badge.text() == "Pending"
    while card.order is None or card.order.hash != result.hash or not card.order.ended:
        until(tab.order_shown)
    assert dialog.isVisible() and card.badge.text() == "Success"  # the dialog left open over the arrival
    assert seen and all(on_card == in_dialog for on_card, in_dialog in seen), seen
    assert dialog.done_badge.text() == "Success" and dialog.headline.text() == "Transfer arrived"
    assert "received on Polygon" in dialog.step.text()
    screenshot(dialog, "cross-sent-arrived.png")
    act(dialog.close)


def test_the_status_bar_never_says_ready_with_no_account(window: MainWindow, until: Until, act: Act) -> None:
    """Before: "Ready · embedded devnet" beside "No account: type a recipient to compare br" (cut mid-word)."""
    until(window.quote_tab.tokens_loaded, doing=window.start)
    if not window.cross_tab.accounts:
        until(window.cross_tab.accounts_shown)
    _settled(window, until)
    assert window.engine_state.text() == "Ready · embedded devnet"
    for width, height in ((1366, 768), (1024, 640)):
        act(partial(window.resize, width, height))
        for tab in (window.quote_tab, window.cross_tab):
            act(partial(window.tabs.setCurrentWidget, tab))
            act(partial(tab.set_accounts, []))  # what listing the accounts does when there are none
            box = tab.account_box
            assert box.currentData() is None and box.currentText().startswith("No account")
            assert _whole(box), (width, box.currentText(), box.width(), box.sizeHint().width())
            _settled(window, until)
            assert window.engine_state.text() == "No account yet · embedded devnet"
            screenshot(window, f"no-account-{tab.objectName() or type(tab).__name__}-{width}.png")
    accounts = window.wallet.accounts(True)
    act(lambda: (window.quote_tab.set_accounts(accounts), window.cross_tab.set_accounts(accounts)))
    _settled(window, until)
    assert window.engine_state.text() == "Ready · embedded devnet"
