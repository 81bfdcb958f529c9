"""The bridges' events as their contracts' ABIs declare them (Multichain's router V6, cBridge, SWFT's Bridgers; the
devnet deploys the same declarations): read by the engine's bridge clients and transaction reader, and watched by
the devnet's operators."""

from __future__ import annotations

from swapdesk.chain.events import of_contract

ANY_SWAP_OUT = of_contract("AnyswapV6Router", "LogAnySwapOut")
ANY_SWAP_IN = of_contract("AnyswapV6Router", "LogAnySwapIn")
CB_SEND = of_contract("CBridge", "Send")
CB_RELAY = of_contract("CBridge", "Relay")
CB_WITHDRAW_DONE = of_contract("CBridge", "WithdrawDone")
CB_DELAYED_ADDED = of_contract("CBridge", "DelayedTransferAdded")
CB_DELAYED_EXECUTED = of_contract("CBridge", "DelayedTransferExecuted")
BRIDGERS_SWAP = of_contract("Bridgers", "Swap")
BRIDGERS_SWAP_ETH = of_contract("Bridgers", "SwapEth")
BRIDGERS_PAYOUT = of_contract("Bridgers", "Payout")
BRIDGERS_REFUND = of_contract("Bridgers", "Refund")
