"""The shared widgets on their own, as the Cross-chain tab will use them: route, timeline, progress, picker."""

from __future__ import annotations

import itertools
from typing import Any

from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QLabel, QPushButton

from swapdesk.api import TokenInfo
from swapdesk.api.records import Stage
from swapdesk.chains import resolve
from swapdesk.gui.activity import Activity
from swapdesk.gui.design.elided import ElidedLabel
from swapdesk.gui.design.progress import Progress
from swapdesk.gui.links import Links
from swapdesk.gui.tabs.history.card import timeline_stages
from swapdesk.gui.widgets.route import RouteDiagram, describe, lines_from_dex_path, lines_from_routes
from swapdesk.gui.widgets.timeline import Timeline
from swapdesk.gui.widgets.token_picker import TokenPicker

from .conftest import screenshot

USDT, WBNB, BNB = "0x" + "11" * 20, "0x" + "22" * 20, "0x" + "00" * 20
NAMES = {USDT: "USDT", WBNB: "WBNB", BNB: "BNB"}


def test_the_route_draws_every_hop_with_full_labels(qtbot: Any) -> None:
    routes = [
        (45, ["PancakeSwap"], [USDT, BNB]),
        (30, ["ApeSwap", "ApeSwap"], [USDT, WBNB, BNB]),
        (15, ["Uniswap V3", "BiSwap"], [USDT, WBNB, BNB]),  # hops on two sources
        (10, ["Ellipsis"], [USDT, BNB]),
    ]
    lines = lines_from_routes(routes, NAMES.__getitem__)
    assert describe(lines).splitlines() == [
        "45%: USDT → PancakeSwap → BNB",
        "30%: USDT → ApeSwap → WBNB → ApeSwap → BNB",
        "15%: USDT → Uniswap V3 → WBNB → BiSwap → BNB",
        "10%: USDT → Ellipsis → BNB",
    ]
    diagram = RouteDiagram()
    qtbot.addWidget(diagram)
    diagram.set_lines(lines)
    metrics = QFontMetrics(diagram.font())
    needed = sum(metrics.horizontalAdvance(name) for name in ("ApeSwap", "ApeSwap"))
    assert diagram.minimumSizeHint().width() > needed  # labels are never cut: the widget asks for their room
    assert diagram.sizeHint().height() >= 3 * 40 and diagram.accessibleDescription() == describe(lines)
    diagram.resize(diagram.sizeHint())
    screenshot(diagram, "route-two-hops.png")
    for line in lines:  # each piece whole, in order, none over another, all inside the widget
        pieces = diagram.pieces(line, 20)
        assert all(a.rect.right() <= b.rect.left() for a, b in itertools.pairwise(pieces))
        assert pieces[-1].rect.right() <= diagram.width() - 24
    # a token between two hops is named, not only drawn: its symbol beside its logo, in full
    between = [p for p in diagram.pieces(lines[1], 20) if p.kind == "token"]
    assert [p.text for p in between] == ["WBNB"] and between[0].named
    assert between[0].rect.width() >= 24 + metrics.horizontalAdvance("WBNB")
    # where the window is narrow, its logo alone: the sources' names stay whole, the cards side by side
    diagram.resize(diagram.minimumSizeHint())
    assert diagram.minimumSizeHint().width() < diagram.sizeHint().width()
    for line in lines:
        pieces = diagram.pieces(line, 20)
        assert all(a.rect.right() <= b.rect.left() for a, b in itertools.pairwise(pieces))
        assert pieces[-1].rect.right() <= diagram.width() - 24
    assert not next(p for p in diagram.pieces(lines[1], 20) if p.kind == "token").named
    direct = lines_from_dex_path(["PancakeSwap:80", "Biswap: V2:20"], "USDT", "BNB")  # a name may hold ':'
    assert [(line.percent, line.hops[0].source) for line in direct] == [(80, "PancakeSwap"), (20, "Biswap: V2")]


def test_the_timeline_names_each_stage_and_offers_its_transaction(qtbot: Any) -> None:
    stages = [
        Stage(statusNotes="wait_deposit_send", status="PENDING", substatus="WAIT_SOURCE_CONFIRMATIONS", chain="BSC",
              hash="0x" + "ab" * 32, timeMs=1_700_000_000_000),
        Stage(statusNotes="wait_receive_send", status="PENDING", substatus="WAIT_DESTINATION_TRANSACTION",
              chain="", hash="", timeMs=1_700_000_060_000),
    ]  # fmt: skip
    drawn = timeline_stages(stages)
    assert [(s.title, s.state) for s in drawn] == [
        ("Deposit sent", "done"),
        ("Sending to the recipient", "current"),
    ]
    assert drawn[1].detail == "waiting for the payout on the destination chain"
    timeline = Timeline(Links(lambda _chain: True))  # the devnet: look up in the app, no public explorer
    qtbot.addWidget(timeline)
    timeline.set_stages(drawn)
    asked: list[tuple[str, int]] = []
    timeline.look_up.connect(lambda tx, chain: asked.append((tx, chain)))
    look = next(b for b in timeline.findChildren(QPushButton) if b.text() == "Look up")
    look.click()
    assert asked == [("0x" + "ab" * 32, resolve("BSC").id)]
    assert not any("explorer" in label.text() for label in timeline.findChildren(QLabel))
    real = Timeline(Links(lambda _chain: False))
    qtbot.addWidget(real)
    real.set_stages(drawn)
    assert any("bscscan.com/tx/0x" in label.text() for label in real.findChildren(QLabel))
    timeline.resize(640, 120)
    screenshot(timeline, "timeline.png")


def test_progress_says_its_words_to_the_status_bar_and_an_old_task_cannot_hide_a_new_one(qtbot: Any) -> None:
    activity = Activity()
    progress = Progress(activity)
    qtbot.addWidget(progress)
    cancelled: list[bool] = []
    old = progress.start("Trying Polygon…", cancel=lambda: cancelled.append(True))
    assert progress.busy and activity.words == "Trying Polygon…" and not progress.cancel_button.isHidden()
    new = progress.start("Loading the tokens…")
    progress.stop(old)  # the cancelled task's `finally` runs after its successor started
    assert progress.busy and progress.cancel_button.isHidden() and activity.busy
    progress.stop(new)
    assert not progress.busy and not activity.busy and activity.words == ""
    progress.start("Detecting…", cancel=lambda: cancelled.append(True))
    progress.cancel_button.click()
    assert cancelled == [True] and not progress.busy


def test_the_picker_takes_a_symbol_an_address_or_a_pasted_token(qtbot: Any) -> None:
    tokens = [TokenInfo(address=a, symbol=s, name=s.lower(), decimals=18, icon="") for a, s in NAMES.items()]
    picker = TokenPicker("Token to sell")
    qtbot.addWidget(picker)
    picker.set_tokens(tokens, 0, tron=False)
    picker.set_balances({USDT: 1_500 * 10**18})
    pasted: list[str] = []
    picker.pasted.connect(pasted.append)
    picker.choose("wbnb")
    assert picker.token is tokens[1] and pasted == []
    picker.choose(USDT.upper().replace("0X", "0x"))  # any spelling of a listed address
    assert picker.token is tokens[0] and picker.balance() == 1_500 * 10**18
    unlisted = "0x" + "33" * 20
    picker.choose(unlisted)
    assert picker.token is None and picker.typed == unlisted and pasted == [unlisted]
    read = TokenInfo(address=unlisted, symbol="NEW", name="new", decimals=6, icon="")
    picker.add_read(unlisted, read)
    assert picker.token is read and not picker.is_listed(read) and "NEW" in picker.text()
    picker.choose("DOGE")
    assert picker.token is None and picker.typed == "DOGE" and pasted == [unlisted]


def test_an_elided_line_ends_in_an_ellipsis_and_keeps_its_whole_words(qtbot: Any) -> None:
    """The status bar's notice beside the engine's state: cut at a letter once ("…the deposit i"), now "…"."""
    words = "Transfer refunded: 60,000 USDT · BNB Smart Chain → HECO through METAPATH: the deposit is back."
    label = ElidedLabel(words)
    qtbot.addWidget(label)
    label.resize(200, 20)
    label.show()
    assert label.shown().endswith("…") and len(label.shown()) < len(words)
    assert words.startswith(label.shown()[:-1]) and label.text() == words and label.toolTip() == words
    label.resize(QFontMetrics(label.font()).horizontalAdvance(words) + 20, 20)
    assert label.shown() == words
