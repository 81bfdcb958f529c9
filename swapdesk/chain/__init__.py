"""Talking to chains through web3: Multicall3 batching and contract readers."""
