"""An account's bandwidth and energy, and their prices: what wallets show before they send.

On the devnet nobody stakes and no bandwidth is free (`parameters`): every account's own limits are zero,
so every byte and every unit of energy a transaction takes is paid by burning TRX at the listed prices.
The network's totals are mainnet's, so that a wallet's arithmetic on them works. java-tron's shapes:
`AccountNetMessage`, `AccountResourceMessage` (zeros left out, as its JSON leaves them out, but for
`freeNetLimit`, which no real network has at zero; `{}` for an account TRON does not know yet) and the price
histories as `"<since ms>:<price>"` lists.
"""

from __future__ import annotations

from swapdesk.chain.tron.messages import ACCOUNT_NET, ACCOUNT_QUERY, ACCOUNT_RESOURCE
from swapdesk.chain.tron.protobuf import Msg, from_json, to_json
from swapdesk.devnet.evm import DevChain
from swapdesk.devnet.tron.errors import BadRequest
from swapdesk.devnet.tron.parameters import ENERGY_FEE, FREE_NET_LIMIT, TRANSACTION_FEE
from swapdesk.devnet.tron.request import Request

TOTAL_NET_LIMIT = 43_200_000_000  # bandwidth the whole network gets a day for staked TRX (mainnet's)
TOTAL_ENERGY_LIMIT = 180_000_000_000  # energy the same way (mainnet's TotalEnergyCurrentLimit)


def exists(chain: DevChain, address: bytes) -> bool:
    """Whether TRON knows the account (20 bytes): it holds or has sent something, or is a contract."""
    return bool(chain.balance(address) or chain.nonce(address) or chain.code(address))


def _network(chain: DevChain, request: Request) -> Msg | None:
    """The account's usage and limits (all zero on the devnet) and the network's; None for an unknown one."""
    owner = from_json(ACCOUNT_QUERY, request.params, request.visible).get("address", b"")
    if not owner:
        return None
    if len(owner) != 21 or owner[0] != 0x41:
        raise BadRequest("address: expected a TRON address (0x41 followed by 20 bytes)")
    if not exists(chain, owner[1:]):
        return None
    return {"freeNetLimit": FREE_NET_LIMIT, "TotalNetLimit": TOTAL_NET_LIMIT}


def get_account_net(chain: DevChain, request: Request) -> Msg:
    """Its `freeNetLimit` always, even at zero: every real network gives each account some (mainnet 600), so
    java-tron never leaves it out there, and clients read it as always present (tronpy's `get_bandwidth`)."""
    found = _network(chain, request)
    return {} if found is None else {"freeNetLimit": FREE_NET_LIMIT, **to_json(ACCOUNT_NET, found, request.visible)}


def get_account_resource(chain: DevChain, request: Request) -> Msg:
    found = _network(chain, request)
    if found is None:
        return {}
    return to_json(ACCOUNT_RESOURCE, {**found, "TotalEnergyLimit": TOTAL_ENERGY_LIMIT}, request.visible)


def get_energy_prices(chain: DevChain, request: Request) -> Msg:
    return {"prices": f"0:{ENERGY_FEE}"}  # one price since the chain began


def get_bandwidth_prices(chain: DevChain, request: Request) -> Msg:
    return {"prices": f"0:{TRANSACTION_FEE}"}
