"""A log that bears a bridge's event topic but does not decode as the event is no deposit: the bridge clients pass
it by, as the transaction reader and the devnet's operators do (`chain.events`: one policy on bad logs), rather
than fail the request with a decoding error."""

from __future__ import annotations

from swapdesk.chain.bridge_events import CB_SEND
from swapdesk.engine.bridges.onchain import Log
from tests.engine.bridges.served import Chains, log_of, receipt
from tests.engine.bridges.test_real_answers import ETH, ETH_BRIDGE, RECEIVER, USDC_ETH, USER, cbridge

TX = "0x" + "5a" * 32


async def test_a_send_that_does_not_decode_is_no_deposit_and_the_next_one_is() -> None:
    chains = Chains()
    good = log_of(CB_SEND, ETH_BRIDGE, transferId=b"\7" * 32, sender=USER, receiver=RECEIVER, token=USDC_ETH,
                  amount=5_000_000, dstChainId=56, nonce=1, maxSlippage=5_000)  # fmt: skip
    short = Log(ETH_BRIDGE, good.topics, good.data[:64])  # cut off: not a Send, whatever its topic says
    client, _ = cbridge(chains)
    assert await client.deposit(receipt(ETH, TX, USER, [short])) is None
    found = await client.deposit(receipt(ETH, TX, USER, [short, good]))
    assert found is not None and found.key == "0x" + "07" * 32 and found.sender == USER and found.amount == 5_000_000
