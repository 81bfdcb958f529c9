"""The Cross-chain tab on the devnet, its bridges running: every bridge compared as the form settles, the best
chosen, a bridge that cannot serve says why, nothing stale stays on screen, the recipient is the account's
own address as the destination writes it unless another is typed, and then it says so."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import qasync

from swapdesk.api import CrossListRequest
from swapdesk.bridge_names import bridge_name
from swapdesk.compose import in_process
from swapdesk.devnet.accounts import demo_address
from swapdesk.gui import formatting
from swapdesk.gui.tabs.cross_kept import KeptList
from swapdesk.gui.window import MainWindow
from swapdesk.session import Session
from swapdesk.store import TxStore
from swapdesk.wallet import Wallet
from tests.trade.bridged import BSC, HECO, POLYGON, TRON, Bridged, address

from .conftest import SENDER, Act, Typer, Until, screenshot


def _compare(window: MainWindow, until: Until, type_into: Typer, amount: str) -> None:
    tab = window.cross_tab
    tab.amount.clear()
    type_into(tab.amount, amount)
    until(tab.routes_shown)


def test_every_bridge_is_compared_and_the_best_chosen(
    cross_window: MainWindow, until: Until, type_into: Typer, act: Act
) -> None:
    tab = cross_window.cross_tab
    assert (tab.src.name, tab.dst.name) == ("BNB Smart Chain", "Polygon")  # type: ignore[union-attr]
    assert tab.send_picker.token.symbol == tab.receive_picker.token.symbol == "USDT"  # type: ignore[union-attr]
    assert tab.recipient.text() == demo_address(SENDER) and tab.message.message is None
    assert "Type an amount" in tab.routes_card.placeholder.text() and not tab.send_button.isEnabled()
    assert tab.send_side.balance.text() == "Balance: 100,000 USDT"
    screenshot(cross_window, "cross-empty.png")

    tab.amount.clear()
    type_into(tab.amount, "250")
    assert tab.message.message is not None and tab.message.message.kind == "progress"
    assert tab.message.text() == "Comparing the bridges…" and not tab.send_button.isEnabled()
    (found,) = until(tab.routes_shown)
    rows = tab.routes_card.rows
    assert [row.route.bridge for row in rows] == [r.bridge for r in found.routes] and len(rows) == 3
    assert rows[0].radio.isChecked() and "Best return" in rows[0].tags
    # each bridge by its name, its API code after it, beside its logo
    assert sorted(row.radio.text() for row in rows) == [
        "Bridgers (METAPATH)",
        "Multichain (ANYSWAP)",
        "cBridge (Celer)",
    ]
    assert not any(row.radio.icon().isNull() for row in rows)
    outs = [int(r.amountOut) * 10 ** (18 - 6) for r in found.routes]  # USDT has 6 decimals on Polygon
    assert outs == sorted(outs, reverse=True)
    best = found.routes[0]
    assert tab.receive_side.text() == formatting.amount(int(best.amountOut), 6)
    for row in rows:
        assert "taken from the amount" in row.fees.text() and "network fee " in row.fees.text()
        assert row.eta.text().startswith("about ") and row.limits.text().startswith("takes ")
    assert tab.send_button.isEnabled(), tab.message.text()
    assert [row.property("chosen") for row in rows] == ["true", "false", "false"]  # the best, drawn chosen
    screenshot(cross_window, "cross-compared.png")

    act(rows[-1].radio.click)  # another bridge: what arrives is that bridge's, and that card looks picked
    assert tab.receive_side.text() == formatting.amount(int(found.routes[-1].amountOut), 6)
    assert [row.property("chosen") for row in rows] == ["false", "false", "true"]
    assert tab.send_button.text() == f"Send with {bridge_name(found.routes[-1].bridge)}…"
    screenshot(cross_window, "cross-picked-last.png")
    type_into(tab.amount, "0")  # 2500 now: what is shown answers 250, dimmed at once
    assert not any(row.isEnabled() for row in tab.routes_card.rows) and tab.message.message is not None
    assert tab.message.message.kind == "progress" and "Waiting" not in tab.message.text()
    assert not tab.send_button.isEnabled()
    screenshot(cross_window, "cross-quoting.png")
    (again,) = until(tab.routes_shown)
    assert int(again.routes[0].amountIn) == 2500 * 10**18 and all(row.isEnabled() for row in tab.routes_card.rows)


def test_a_bridge_that_cannot_serve_says_why(
    cross_window: MainWindow, until: Until, type_into: Typer, act: Act
) -> None:
    tab = cross_window.cross_tab
    act(lambda: tab.dst_box.setCurrentIndex(tab.dst_box.findText("HECO")))
    _compare(cross_window, until, type_into, "60000")  # cBridge's HECO pool holds 50,000
    (found,) = (tab.found,)
    assert found is not None and "CBRIDGE" in [r.bridge for r in found.unavailable]
    assert tab.routes_card.unavailable.isVisibleTo(tab) and "cBridge (Celer)" in tab.routes_card.unavailable.text()
    assert "amountIn:" not in tab.routes_card.unavailable.text()  # the reason, without the parameter's name
    screenshot(cross_window, "cross-unavailable.png")


def test_nothing_stale_stays_and_the_recipient_follows_the_destination(
    cross_window: MainWindow, until: Until, type_into: Typer, act: Act
) -> None:
    tab = cross_window.cross_tab
    _compare(cross_window, until, type_into, "100")
    type_into(tab.amount, "x")  # a letter cannot be typed into an amount at all
    assert tab.amount.text() == "100"
    tab.amount.setText("1,00")  # typable, but not an amount: the comparison goes, the field says why
    tab.changed()  # judged now, as after the pause
    assert not tab.routes_card.rows and tab.verdict.field == "amountIn" and tab.receive_side.text() == ""
    assert tab.message.message is not None and tab.message.message.kind == "danger"
    tab.amount.clear()
    type_into(tab.amount, "100")
    until(tab.routes_shown)
    act(lambda: tab.dst_box.setCurrentIndex(tab.dst_box.findText("TRON")))  # another destination: compared afresh
    assert not any(row.isEnabled() for row in tab.routes_card.rows)
    assert tab.recipient.text() == address(SENDER, 95500) and tab.recipient.text().startswith("T")
    until(tab.routes_shown)
    act(lambda: tab.recipient.setText(address(1, 95500)))
    until(tab.routes_shown)
    assert "Another recipient" in tab.message.text() and tab.send_button.isEnabled()
    assert all(r.quote.to == address(1, 95500) for r in tab.found.routes)  # type: ignore[union-attr]
    screenshot(cross_window, "cross-other-recipient.png")
    act(lambda: tab.recipient.setText(address(1, 56)))  # an EVM address for a TRON recipient
    tab.changed()
    assert not tab.routes_card.rows and tab.verdict.field == "to" and tab.send_button.text() == "Check the recipient"
    assert "TRON" in tab.message.text() or "base58" in tab.message.text(), tab.message.text()
    assert "Waiting" not in tab.message.text()
    act(lambda: tab.recipient.setText(address(SENDER, 95500)))
    until(tab.routes_shown)
    assert "Another recipient" not in tab.message.text()


def test_the_bridges_list_is_asked_behind_the_quote_form_without_holding_up_ready(
    bridged: Bridged, wallet: Wallet, tmp_path: Path, qtbot: Any, until: Until
) -> None:
    """The Quote tab's form first; then, the Cross-chain tab never shown, its chains and tokens are asked behind
    it: listed by the time the tab is opened, and the status bar is not held by that list (it says "Ready")."""
    store = TxStore(tmp_path / "transactions.sqlite")
    window = MainWindow(Session(store, in_process(bridged.engine)), wallet=wallet)
    qtbot.addWidget(window)
    window.show()
    tab = window.cross_tab
    said: list[str] = []  # what the status bar said, each time it changed
    window.activity.changed.connect(lambda: said.append(window.activity.words))
    until(window.quote_tab.tokens_loaded, doing=window.start)
    assert not tab.isVisible() and not tab.send_picker.tokens  # asked once the window has had nothing to do a while
    until(tab.tokens_loaded)
    assert not tab.isVisible() and tab.src is not None and tab.send_picker.tokens and not tab.loading_words
    assert said and "Loading the bridges' chains and tokens…" not in said
    window.tabs.setCurrentWidget(tab)
    assert tab.isVisible() and tab.send_picker.tokens and not tab.loading_words  # usable as it is opened
    window.close()
    store.close()


def test_the_last_runs_list_makes_the_form_usable_before_the_engine_is_up(
    qloop: qasync.QEventLoop, bridged: Bridged, wallet: Wallet, tmp_path: Path, qtbot: Any, until: Until
) -> None:
    """As the app starts: the window before its engine. The bridges' chains and tokens the last run listed are
    shown at once, the form usable; a comparison asked meanwhile says it is coming, and comes once the engine is
    up, whose own list then replaces (and is kept for the next run)."""
    kept = KeptList(tmp_path / "cross-list.json", "the bridged devnet")
    kept.save(qloop.run_until_complete(bridged.engine.cross_list(CrossListRequest())))
    store = TxStore(tmp_path / "transactions.sqlite")
    window = MainWindow(Session(store), wallet=wallet)
    qtbot.addWidget(window)
    window.show()
    tab = window.cross_tab
    window.tabs.setCurrentWidget(tab)
    assert tab.loading_words and tab.verdict.message is not None and tab.verdict.message.kind == "progress"
    tab.kept = kept
    assert tab.show_kept() and window.session.service is None
    assert tab.src is not None and tab.dst is not None and tab.send_picker.tokens and not tab.loading_words
    tab.recipient.setText(address(1, tab.dst.id))
    tab.amount.setText("100")
    tab.changed()  # judged now, not after the typing pause
    message = tab.verdict.message
    assert message is not None and message.kind == "progress" and message.text == "Comparing the bridges…"

    engine = in_process(bridged.engine, "x")
    (found,) = until(tab.routes_shown, doing=lambda: window.session.run(window.session.use(engine)))
    assert found.routes
    if tab.from_kept:
        until(tab.tokens_loaded)
    assert not tab.from_kept and tab.send_picker.tokens and KeptList(kept.path, kept.key).load() is not None
    assert KeptList(kept.path, "another engine").load() is None  # a list is shown only for its own settings
    window.close()
    store.close()


def test_a_first_start_says_the_bridge_chains_are_being_built(
    bridged: Bridged, wallet: Wallet, tmp_path: Path, qtbot: Any, until: Until
) -> None:
    """While the devnet builds its worlds (a first start), the list's wait says why it is long, then the form."""
    store = TxStore(tmp_path / "transactions.sqlite")
    window = MainWindow(Session(store, in_process(bridged.engine)), wallet=wallet)
    qtbot.addWidget(window)
    window.show()
    tab = window.cross_tab
    tab.first_start = lambda: True
    window.tabs.setCurrentWidget(tab)

    def use_the_bridged_engine() -> None:
        tab.use_service(bridged.engine)
        tab.load_tokens()

    until(tab.tokens_loaded, doing=use_the_bridged_engine)
    assert not tab.loading_words and tab.send_picker.tokens
    tab.load_tokens()  # asked again (Try again) while the worlds are still being built
    message = tab.verdict.message
    assert message is not None and message.kind == "progress" and "first start" in message.text
    assert "several minutes" in message.text and "a minute or two" not in message.text  # no figure it cannot keep
    assert not tab.send_button.isEnabled()
    until(tab.tokens_loaded)
    window.close()
    store.close()


def test_a_first_start_lists_the_pair_first_the_form_usable_while_the_other_chains_load(
    bridged: Bridged, wallet: Wallet, tmp_path: Path, qtbot: Any, until: Until
) -> None:
    """No list kept from a last run: the pair's two chains are listed first and the form is usable with them (a
    comparison asked at once comes), while every other bridge chain is said to be loading in the chain boxes,
    not choosable; then the whole list comes and they can be chosen."""
    store = TxStore(tmp_path / "transactions.sqlite")
    window = MainWindow(Session(store, in_process(bridged.engine)), wallet=wallet)
    qtbot.addWidget(window)
    window.show()
    tab = window.cross_tab
    window.tabs.setCurrentWidget(tab)
    seen: dict[str, Any] = {}

    def first_look(_count: int) -> None:
        """What a person sees and can do the moment the pair is listed, the rest not asked yet."""
        assert tab.src is not None and tab.dst is not None
        seen["pending"], seen["loading"] = tab.pending, tab.loading_words
        seen["pair"], seen["sends"] = (tab.src.id, tab.dst.id), [t.symbol for t in tab.send_picker.tokens]
        seen["chains"] = {tab.dst_box.itemText(i): tab.ready(tab.dst_box, i) for i in range(tab.dst_box.count())}
        tab.recipient.setText(address(1, POLYGON))
        tab.amount.setText("100")
        tab.changed()  # judged now, not after the typing pause
        seen["asked"], seen["said"] = tab.asking.request, tab.verdict.message

    tab.pair_listed.connect(first_look)
    (found,) = until(tab.routes_shown, doing=window.start)
    assert seen["pair"] == (BSC, POLYGON) and "USDT" in seen["sends"] and seen["loading"] == ""
    assert HECO in seen["pending"] and TRON in seen["pending"] and BSC not in seen["pending"]
    assert seen["chains"]["BNB Smart Chain"] and seen["chains"]["Polygon"]
    assert seen["chains"]["HECO (loading…)"] is False and "HECO" not in seen["chains"]  # said loading, not empty
    asked, said = seen["asked"], seen["said"]
    assert asked is not None and (asked.fromChainID.id, asked.toChainID.id) == (BSC, POLYGON)
    assert said is not None and said.kind == "progress" and said.text == "Comparing the bridges…"
    assert found.routes and tab.asking.answered == asked  # the comparison asked before the rest was listed
    if tab.pending:
        until(tab.tokens_loaded)
    texts = [tab.dst_box.itemText(i) for i in range(tab.dst_box.count())]
    assert "HECO" in texts and "TRON" in texts and not any("loading" in text for text in texts)
    assert all(tab.ready(tab.dst_box, i) for i in range(tab.dst_box.count()))
    window.close()
    store.close()


def test_a_typed_recipient_stays_when_the_accounts_come_again(cross_window: MainWindow, until: Until, act: Act) -> None:
    """The accounts arrive (or are listed again: an account added, the keyring answering late) after a recipient was
    typed: the recipient typed stays, and the comparison on screen answers it (before, the account's own address
    replaced it without a word, and the routes shown were for the account, not the recipient typed)."""
    tab = cross_window.cross_tab
    act(lambda: tab.recipient.setText(address(1, POLYGON)))
    tab.amount.setText("100")
    tab.changed()
    until(tab.routes_shown)
    act(lambda: tab.set_accounts(list(tab.accounts)))
    assert tab.recipient.text() == address(1, POLYGON)
    assert tab.asking.request is not None and tab.asking.request.to == address(1, POLYGON)
    act(lambda: tab.recipient.setText(""))  # cleared: the form fills in the account's own again
    act(lambda: tab.set_accounts(list(tab.accounts)))
    assert tab.recipient.text() == address(SENDER, POLYGON)
