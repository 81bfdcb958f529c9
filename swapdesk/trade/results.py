"""What the trader's steps answer, on any chain: the funds for a swap, and what a swap delivered."""

from __future__ import annotations

from dataclasses import dataclass

UNLIMITED = 2**256 - 1  # an approval without a limit, only when the user asks for it


@dataclass(frozen=True)
class Funds:
    balance: int
    allowance: int | None  # None when selling the native coin: nothing to approve

    def approval_needed(self, amount: int) -> bool:
        return self.allowance is not None and self.allowance < amount


@dataclass(frozen=True)
class SwapResult:
    hash: str  # as the chain writes it (TRON: 64 hex digits, no 0x)
    amount_out: int  # what the receiver really received (the Swapped event)
    quoted_out: int  # the final quote's totalAmountOut
    simulated_out: int
    fee: int
    block: int
