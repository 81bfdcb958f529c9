"""What a quote reads at one block (`Snapshot`): the pools' state, the router's fee for the trader and the tokens'
decimals; and the router's fee terms for one trader and channel (`FeeTerms`), as its `quoteFee` computes them."""

from __future__ import annotations

from dataclasses import dataclass

from swapdesk.engine.routing.pool import Pool

BPS = 10_000
MAX_UINT = 2**256 - 1


class AmountTooLarge(Exception):
    """The router's fee arithmetic (amount x rate in 256 bits) cannot hold the amount."""

    def __init__(self, limit: int) -> None:
        super().__init__(f"at most {limit}")
        self.limit = limit


@dataclass(frozen=True)
class FeeTerms:
    """The router's fee for one trader and channel, for any amount, as its `quoteFee` computes it."""

    rate: int  # bps of the amount, by channel
    share: int  # bps of the normal fee the trader pays: the discount tier

    @property
    def limit(self) -> int:
        """The largest amount the router takes: it computes amount x rate in 256 bits."""
        return MAX_UINT // self.rate if self.rate else MAX_UINT

    def normal_fee(self, amount: int) -> int:
        return amount * self.rate // BPS

    def fee(self, amount: int) -> int:
        return amount * self.rate // BPS * self.share // BPS


@dataclass(frozen=True)
class Snapshot:
    """Everything a quote needs, read at one block."""

    block: int
    timestamp: int
    pools: dict[str, Pool]  # shared with every quote of the block: never changed
    fee_rate: int
    normal_fee: int
    fee: int
    decimals: dict[str, int | None]  # None: not an ERC-20 (no code, or no decimals())
    terms: FeeTerms  # the trader's fee for any amount, at this block
    base_fee: int = 0  # the block's base fee per gas, in the native coin's smallest unit (0: none said)
