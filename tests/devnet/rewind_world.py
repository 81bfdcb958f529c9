"""What the rewind tests share: deposits signed once and kept, so that after their chain starts over the very
same transactions can land again (as an app re-broadcasting what it left open does, or a chain that lost only
its tail keeps them), and the outcomes of an order as the chains now hold them."""

from __future__ import annotations

from dataclasses import dataclass, field

from swapdesk.chain.events import Event
from swapdesk.devnet.bridges.client import parse_log

from .bridges_world import BridgeNet, Wallet


@dataclass
class Signed:
    """A wallet's transactions signed in a row (nonces from its current one), sent and kept for replay."""

    wallet: Wallet
    raws: list[bytes] = field(default_factory=list)
    hashes: list[str] = field(default_factory=list)

    async def send(self, to: str, data: bytes, value: int = 0) -> str:
        raw = await self.wallet.sign(to, data, value)
        sent = await self.wallet.client_send(raw)
        assert sent.ok, sent
        self.raws.append(raw)
        self.hashes.append(sent.tx)
        return sent.tx

    async def replay(self) -> None:
        """The same signed transactions again, in order: the same hashes land (on a chain that started over)."""
        for raw, tx in zip(self.raws, self.hashes, strict=True):
            again = await self.wallet.client_send(raw)
            assert again.tx == tx and again.ok, again


async def outcomes(net: BridgeNet, chain_id: int, contract: str, event: Event, key: str, value: str) -> int:
    """How many `event`s of `contract` on `chain_id`, as it stands now, have `key` == `value`."""
    client = net.providers.world.client(chain_id)
    head = await client.head()
    raw = await client.request("eth_getLogs", client.log_query(0, head, [contract], [event.topic]))
    found = [fields[key] for item in raw if (fields := event.decode(parse_log(item))) is not None]
    return sum(1 for v in found if ("0x" + v.hex() if isinstance(v, bytes) else str(v)).lower() == value.lower())
