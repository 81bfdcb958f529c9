"""What a person risks by signing, said before they sign: each risk a plain sentence, graded as the best wallets
grade theirs (Uniswap's review warns on slippage and price impact and asks "I understand" above a bound; Rabby's
marks a first-time recipient, an unlimited approval and an unknown contract, and stops on the dangerous ones).

A `Risk` is `severe` when the review must be confirmed (a box ticked) before Sign comes on. The bounds, chosen:

- slippage below 0.05 % (0 included): the swap may fail at the least move of the price (the network fee is still
  paid); above 5 %: the minimum accepted is that much below the quote, and bots may take the difference; above
  15 % severe;
- price impact from 3 %; from 10 % severe (the review asked to confirm that before these rules);
- a network fee of 5 % or more of what the trade is worth (on TRON its bound: the quote's fee limit);
- an unlimited approval, ticked now or given before;
- a recipient that is neither one of the person's accounts nor one swapdesk has sent to before; severe when
  what it receives is worth $1,000 or more, or its worth is unknown;
- a token with no dollar price on its chain's pools;
- a contract that is not the one swapdesk's catalogue names (the router or the bridge's): always severe.

No Qt widget here: the rules are plain functions, the review lays the risks out (`design.risk_list`).
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from swapdesk.address import InvalidAddress, parse_address
from swapdesk.gui import formatting
from swapdesk.gui.i18n import tr

SLIPPAGE_FAILS_BELOW_BPS = 5  # under 0.05 %: the least move of the price stops the swap
SLIPPAGE_HIGH_BPS = 500  # above 5 %
SLIPPAGE_SEVERE_BPS = 2000  # above 20 %
IMPACT_HIGH = Decimal("0.03")
IMPACT_SEVERE = Decimal("0.10")
FEE_SHARE_HIGH = Decimal("0.05")
LARGE_USD = Decimal(1000)  # a new recipient receiving this much or more (or of unknown worth) asks to confirm
UNLIMITED = 2**255  # an allowance this large is an unlimited approval (wallets approve 2^256 - 1)


@dataclass(frozen=True)
class Risk:
    key: str  # what it is about: "slippage", "impact", "fee", "unlimited", "recipient", "price", "contract"
    words: str
    severe: bool = False

    @property
    def tone(self) -> str:
        return "danger" if self.severe else "warning"


def slippage_tone(bps: int) -> str | None:
    """The tone a slippage is drawn in where it is set: None when it is in the sane band."""
    if bps < SLIPPAGE_FAILS_BELOW_BPS or bps > SLIPPAGE_HIGH_BPS:
        return "danger" if bps > SLIPPAGE_SEVERE_BPS else "warning"
    return None


def slippage_words(bps: int) -> str:
    """The slippage's risk in one short sentence, where it is set ("" in the sane band)."""
    slippage = formatting.percent(Decimal(bps) / 10_000)
    if bps < SLIPPAGE_FAILS_BELOW_BPS:
        return tr("Slippage {slippage}: the swap may fail at the least move of the price.").format(slippage=slippage)
    if bps > SLIPPAGE_HIGH_BPS:
        return tr("Slippage {slippage}: you may receive up to {slippage} less than quoted.").format(slippage=slippage)
    return ""


def slippage(bps: int, minimum: str) -> Risk | None:
    """`minimum`: the least accepted, in words ('2.49 WBNB (≈ $1,490.00)')."""
    percent = formatting.percent(Decimal(bps) / 10_000)
    if bps < SLIPPAGE_FAILS_BELOW_BPS:
        words = tr("Slippage {slippage} is very low: the swap fails if the price moves at all before it is mined, and"
                   " the network fee is paid all the same. 0.1 % to 1 % is usual.")  # fmt: skip
        return Risk("slippage", words.format(slippage=percent))
    if bps > SLIPPAGE_HIGH_BPS:
        words = tr("Slippage {slippage} is high: you accept as little as {minimum}, up to {slippage} less than"
                   " quoted, and bots may take the difference.")  # fmt: skip
        return Risk("slippage", words.format(slippage=percent, minimum=minimum), bps > SLIPPAGE_SEVERE_BPS)
    return None


def impact(value: Decimal) -> Risk | None:
    percent = formatting.percent(value)
    if value >= IMPACT_SEVERE:
        words = tr("Price impact {impact} is very high: you get much less than the pools' price. A smaller amount"
                   " loses less.")  # fmt: skip
        return Risk("impact", words.format(impact=percent), True)
    if value >= IMPACT_HIGH:
        words = tr("Price impact {impact}: this amount moves the pools' price against you.")
        return Risk("impact", words.format(impact=percent))
    return None


def network_fee(fee_usd: Decimal | None, trade_usd: Decimal | None, bound: bool = False) -> Risk | None:
    """A network fee large against what the trade is worth (`bound`: the fee is at most `fee_usd`, TRON's)."""
    if fee_usd is None or not trade_usd or trade_usd <= 0:
        return None
    share = fee_usd / trade_usd
    if share < FEE_SHARE_HIGH:
        return None
    words = (
        tr("The network fee, up to {fee}, is up to {share} of what you trade ({worth}).")
        if bound
        else tr("The network fee, {fee}, is {share} of what you trade ({worth}).")
    )
    return Risk("fee", words.format(fee=formatting.usd(fee_usd), share=formatting.percent(share),
                                    worth=formatting.usd(trade_usd)))  # fmt: skip


def unlimited(ticked: bool, allowance: int | None, spender: str, token: str) -> Risk | None:
    """An unlimited approval about to be given (`ticked`), or one given before (`allowance`)."""
    if ticked:
        words = tr("Unlimited approval: {spender} may take all your {token}, now and later, until you revoke it."
                   " An approval of this amount only is safer.")  # fmt: skip
        return Risk("unlimited", words.format(spender=spender, token=token))
    if allowance is not None and allowance >= UNLIMITED:
        words = tr("{spender} may already take any amount of your {token}: an unlimited approval was given before.")
        return Risk("unlimited", words.format(spender=spender, token=token))
    return None


def same_address(one: str, other: str) -> bool:
    """The same 20 bytes, however each is written (EIP-55 hex or TRON base58)."""
    try:
        return parse_address(one, one.startswith("T")) == parse_address(other, other.startswith("T"))
    except InvalidAddress:
        return one == other


def recipient(receiver: str, known: list[str] | None, worth: Decimal | None) -> Risk | None:
    """`known`: the person's accounts and every recipient swapdesk has sent to (None: not read yet)."""
    if known is None or any(same_address(receiver, address) for address in known):
        return None
    large = worth is None or worth >= LARGE_USD
    words = tr("New recipient: {address} is not one of your accounts, and swapdesk has never sent to it. Check"
               " every character before you sign.")  # fmt: skip
    if large:
        words += " " + (
            tr("It receives {worth}.").format(worth=formatting.usd(worth))
            if worth is not None
            else tr("What it receives has no dollar price here.")
        )
    return Risk("recipient", words.format(address=receiver), large)


def unpriced(symbols: list[str], chain: str) -> Risk | None:
    if not symbols:
        return None
    words = tr("No dollar price for {tokens}: no pool on {chain} leads from it to a stablecoin, so its worth cannot be"
               " checked here.")  # fmt: skip
    return Risk("price", words.format(tokens=", ".join(symbols), chain=chain))


def contract(quoted: str, catalogued: str, what: str) -> Risk | None:
    """`what`: the contract, in words ("swapdesk's router")."""
    if same_address(quoted, catalogued):
        return None
    words = tr("The quote sends to {quoted}, not {what} that swapdesk's catalogue names ({known}): swapdesk checks the"
               " call against its catalogue and will refuse to sign this one.")  # fmt: skip
    return Risk("contract", words.format(quoted=quoted, what=what, known=catalogued), True)
