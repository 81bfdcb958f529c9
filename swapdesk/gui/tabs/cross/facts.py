"""What the Cross-chain tab knows, gathered for its one state (`cross.state.decide`): from the form, the choices,
the asking and the comparison on screen. When every bridge refused the amount, the facts say what each takes and
offer the amount they all take (or one takes) on a button (`cross.limits`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from swapdesk.api import CrossRoutes, TokenInfo
from swapdesk.bridge_names import bridge_name
from swapdesk.gui import formatting
from swapdesk.gui.i18n import tr
from swapdesk.gui.tabs.cross.limits import every_bridge_takes, of_refusal, outside, some_bridge_takes
from swapdesk.gui.tabs.cross.routes import held
from swapdesk.gui.tabs.cross.state import CrossFacts

if TYPE_CHECKING:
    from swapdesk.gui.tabs.cross.tab import CrossChainTab


def facts(tab: CrossChainTab) -> CrossFacts:
    form, asking = tab.form, tab.asking
    account, token = form.account, form.send_picker.token
    asked, held_now = form.amount_in(), form.send_picker.balance()
    short = asked is not None and held_now is not None and asked[1] > held_now
    current = asking.current
    found = tab.view.found if current else None
    no_bridge, use = "", ("", "")
    if found is not None and not found.routes and asked is not None:
        no_bridge, use = _no_bridge(found, asked)
    route = tab.routes_card.route if current else None
    return CrossFacts(
        loading=tab.choices.loading_words,
        load_failed=tab.choices.load_failed,
        listed=bool(tab.choices.tokens),
        amount=form.amount.text().strip(),
        typing=asking.typing,
        invalid=asking.invalid,
        no_recipient=account is None and not form.recipient.text().strip(),
        comparing=asking.request is not None and not current and (asking.busy or tab.service is None),
        refused=asking.refused,
        compared=current,
        no_bridge=no_bridge,
        use_amount=use,
        chosen=route.bridge if route is not None else "",
        can_sign_here=tab.can_sign_here,
        account=account.label if account is not None else None,
        watch_only=account is not None and not account.can_sign,
        token=token.symbol if token is not None else "",
        short_by=formatting.amount(held_now, token.decimals, token.symbol)
        if short and token is not None and held_now is not None
        else "",
        can_use_max=bool(held_now),
        other_recipient=form.other_recipient(),
        held=tr("{bridge} holds a transfer this large a while before paying it out.").format(
            bridge=bridge_name(route.bridge)
        )
        if route is not None and held(route)
        else "",
    )


def _no_bridge(found: CrossRoutes, asked: tuple[TokenInfo, int]) -> tuple[str, tuple[str, str]]:
    """Every bridge refused: what each takes, and the amount they all take (or one takes) on a button."""
    token, amount = asked
    found_limits = [one for r in found.unavailable if (one := of_refusal(r))]
    if not found_limits:
        return tr("No bridge can carry this transfer: see why beside the form."), ("", "")
    words = "; ".join(outside(one, amount, token) for one in found_limits) + "."
    target = every_bridge_takes(found_limits, token) or some_bridge_takes(found_limits, amount, token)
    if target is None:
        return words, ("", "")
    shown = formatting.amount(target, token.decimals, token.symbol)
    return words, (tr("Use {amount}").format(amount=shown), f"amount:{target}")
