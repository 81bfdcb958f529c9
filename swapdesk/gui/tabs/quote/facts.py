"""What the Quote tab knows, gathered for its one state (`quote.state.decide`): from the form, its data, the
asking and the quote on screen.
"""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING

from swapdesk.gui import formatting, risks
from swapdesk.gui.i18n import tr
from swapdesk.gui.tabs.quote.state import QuoteFacts

if TYPE_CHECKING:
    from swapdesk.gui.tabs.quote.tab import QuoteTab

CONFIRM_IMPACT = risks.IMPACT_SEVERE  # the review asks to confirm a price impact this high


def facts(tab: QuoteTab) -> QuoteFacts:
    form, data, asking, quote = tab.form, tab.data, tab.asking, tab.view.quote
    account, sell = form.account, form.sell.token
    asked, held = form.amount_in(), form.sell.balance()
    short = asked is not None and held is not None and asked[1] > held
    quoted = quote is not None and asking.current
    impact = Decimal(quote.impact) if quoted and quote is not None else Decimal(0)
    loading = data.loading.busy or not data.tokens_known
    bps = asking.answered.impact if quoted and asking.answered is not None else None
    tone = risks.slippage_tone(bps) if bps is not None else None
    return QuoteFacts(
        chain=form.chain.name,
        loading=data.loading_words if loading else "",
        load_failed=data.load_failed,
        amount=form.amount.text().strip(),
        typing=asking.typing,
        reading_token=bool(data.being_read),
        invalid=asking.invalid,
        no_recipient=account is None and not form.recipient.text().strip(),
        quoting=asking.request is not None and asking.request != asking.answered and asking.busy,
        refused=asking.refused,
        quoted=quoted,
        can_sign_here=tab.can_sign_here,
        account=account.label if account is not None else None,
        watch_only=account is not None and not account.can_sign,
        sell=sell.symbol if sell is not None else "",
        short_by=formatting.amount(held, sell.decimals, sell.symbol) if short and sell and held is not None else "",
        can_use_max=bool(held),
        unknown=tuple(p.token.symbol for p in (form.sell, form.buy) if p.token and not p.is_listed(p.token)),
        impact_words=tr("Price impact {impact}: you get much less than the pools' price. The review asks you to"
                        " confirm it.").format(impact=formatting.percent(impact)) if impact >= CONFIRM_IMPACT
        else "",
        slippage=(tone, risks.slippage_words(bps)) if tone is not None and bps is not None else None,
    )  # fmt: skip
