"""One state per form, decided from its facts: one message, never two that contradict; bridge limits in words with
the amount every bridge takes on a button; an amount field that refuses what cannot be typed and judges the rest
after the pause (issue 22, items 1, 2 and 4)."""

from __future__ import annotations

import re
from typing import Any

from PySide6.QtGui import QValidator

from swapdesk.api import ErrorCode, TokenInfo
from swapdesk.api.records import RouteRefusal
from swapdesk.gui import error_words
from swapdesk.gui.design.amount_field import AmountValidator
from swapdesk.gui.tabs.cross import limits as cross_limits
from swapdesk.gui.tabs.cross.state import CrossFacts
from swapdesk.gui.tabs.cross.state import decide as decide_cross
from swapdesk.gui.tabs.quote.state import QuoteFacts
from swapdesk.gui.tabs.quote.state import decide as decide_quote

USDT = TokenInfo(address="0x" + "11" * 20, symbol="USDT", name="Tether", decimals=18, icon="")
RAW = re.compile(r"\d{9,}")  # a number this long on screen is smallest units, never what a person reads


def _refusal(bridge: str, low: int, high: int, got: int) -> RouteRefusal:
    words = f"amountIn: outside the bridge's limits ({low} to {high} smallest units; got {got})"
    return RouteRefusal(bridge=bridge, code=ErrorCode.OUTSIDE_LIMITS.value, message=words)


def test_bridge_limits_are_said_in_words_with_the_amount_every_bridge_takes() -> None:
    got = 5 * 10**18
    refusals = [
        _refusal("METAPATH", 30 * 10**18, 80_000 * 10**18, got),
        _refusal("CBRIDGE", 10 * 10**18 + 1, 10**60, got),
    ]
    limits = [found for r in refusals if (found := cross_limits.of_refusal(r))]
    said = [cross_limits.outside(one, got, USDT) for one in limits]
    # the bridge's name first, its API code after; rounded up: an amount the bridge takes
    assert said == ["Bridgers (METAPATH) needs at least 30 USDT", "cBridge (Celer) needs at least 10.0001 USDT"]
    target = cross_limits.every_bridge_takes(limits, USDT)
    assert target == 30 * 10**18
    too_much = cross_limits.outside(limits[0], 90_000 * 10**18, USDT)
    assert too_much == "Bridgers (METAPATH) takes at most 80,000 USDT" and not RAW.search(too_much)
    # no amount every bridge takes: the nearest one some bridge takes
    apart = [cross_limits.Limits("A", 10, 20), cross_limits.Limits("B", 30, 40)]
    assert cross_limits.every_bridge_takes(apart, USDT) is None
    assert cross_limits.some_bridge_takes(apart, 5, USDT) == 10
    other = RouteRefusal(bridge="X", code=ErrorCode.NO_ROUTE.value, message="(1 to 2 smallest units; got 3)")
    assert cross_limits.of_refusal(other) is None  # only a refusal for the limits is read for them


def test_no_bridge_for_the_amount_offers_the_amount_on_a_button() -> None:
    verdict = decide_cross(CrossFacts(amount="5", compared=True, no_bridge="METAPATH needs at least 30 USDT.",
                                      use_amount=("Use 30 USDT", f"amount:{30 * 10**18}")))  # fmt: skip
    assert verdict.button == "No bridge for this amount" and not verdict.enabled and verdict.field == "amountIn"
    assert verdict.message is not None and verdict.message.kind == "warning"
    assert verdict.message.text == "METAPATH needs at least 30 USDT." and verdict.message.action == "Use 30 USDT"
    assert not RAW.search(verdict.message.text + verdict.message.action)


def _said(verdict: Any) -> str:
    return verdict.message.text if verdict.message is not None else ""


def test_loading_is_a_busy_line_never_a_mistake() -> None:
    quote = decide_quote(QuoteFacts(chain="TRON", loading="Loading the tokens of TRON…", amount=""))
    cross = decide_cross(CrossFacts(loading="Loading the bridges' chains and tokens…", amount="5"))
    for verdict in (quote, cross):
        assert verdict.message is not None and verdict.message.kind == "progress", verdict
        assert verdict.button == "Loading…" and not verdict.enabled and verdict.field is None
        assert "Fix" not in _said(verdict) and "pick" not in _said(verdict).lower()


def test_typing_is_never_judged_before_the_pause() -> None:
    half = "2,5"  # on its way to 2,500: a mistake now, an amount in a moment
    assert error_words.amount_problem(half, 18, "USDT") is not None  # judged after the pause, it would be one
    wrong = ("amountIn", "Commas go…")
    quote = decide_quote(QuoteFacts(amount=half, typing=True, invalid=wrong))
    cross = decide_cross(CrossFacts(amount=half, typing=True, invalid=wrong))
    for verdict in (quote, cross):
        assert verdict.message is not None and verdict.message.kind == "progress" and verdict.field is None


def test_a_form_never_waits_for_nothing() -> None:
    """The quote for 999999999999 refused, or never asked: said as such, never 'Waiting…' while all is still."""
    refused = decide_quote(QuoteFacts(amount="999999999999", refused=("amountIn", "No pool holds that much.")))
    assert _said(refused) == "No pool holds that much." and refused.message is not None
    assert refused.message.kind == "danger" and refused.field == "amountIn"
    idle = decide_quote(QuoteFacts(amount="5"))
    assert "Waiting" not in _said(idle) and idle.message is not None and idle.message.kind == "danger"
    cross_idle = decide_cross(CrossFacts(amount="5"))
    assert "Waiting" not in _said(cross_idle) and "bridge that can carry" not in _said(cross_idle)


def test_a_bad_recipient_is_said_at_its_field_not_as_a_wait() -> None:
    bad = ("to", "The recipient is not an address on Polygon.")
    quote, cross = decide_quote(QuoteFacts(amount="5", invalid=bad)), decide_cross(CrossFacts(amount="5", invalid=bad))
    for verdict in (quote, cross):
        assert verdict.button == "Check the recipient" and not verdict.enabled and verdict.field == "to"
        assert _said(verdict) == bad[1] and "Waiting" not in _said(verdict)


def test_the_button_and_the_message_agree() -> None:
    """Every state: an enabled button never sits beside a danger message; a busy line never beside an enabled one."""
    states = [QuoteFacts(), QuoteFacts(amount="1", quoting=True), QuoteFacts(amount="1", quoted=True, account="A"),
              QuoteFacts(amount="1", quoted=True, account="A", short_by="100 USDT", sell="USDT", can_use_max=True),
              QuoteFacts(amount="1", quoted=True, account=None), QuoteFacts(amount="1", swapping="Swapping…"),
              QuoteFacts(amount="1", load_failed="timeout", chain="BSC")]  # fmt: skip
    for facts in states:
        verdict = decide_quote(facts)
        kind = verdict.message.kind if verdict.message is not None else None
        assert not (verdict.enabled and kind in ("danger", "progress")), (facts, verdict)
    short = decide_quote(states[3])
    assert short.button == "Not enough USDT" and short.message is not None and short.message.act == "max"
    ready = decide_quote(states[2])
    assert ready.enabled and ready.message is None and ready.button == "Swap…"


def test_the_amount_field_refuses_what_cannot_be_typed() -> None:
    validator = AmountValidator()
    for text in ("2", "2,", "2,5", "2,500", "2,500.", "2,500.25", ".5", ""):
        assert validator.validate(text, len(text))[0] != QValidator.State.Invalid, text
    for text in ("2a", "abc", "-1", "1e5", "1.2.3", "2,500.5,", "$5", "1 000"):
        assert validator.validate(text, len(text))[0] == QValidator.State.Invalid, text
