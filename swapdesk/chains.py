"""The chain registry: every chain of the spec's chain-flag table.

Pure data and look-ups; imports nothing of the project. A chain is named by
its numeric id or any of its flags, case-insensitively (`resolve`). The spec
has two further lists: the chains of the cross-chain endpoints
(`cross_chain`) and the TRON variant of the aggregation quote (`tron`).

The facts the devnet and the engine must agree on live here, as both may import
this module and the engine may not import the devnet: each chain's block time
(the devnet's chains mine at it) and the confirmations a bridge deposit waits
on the devnet (its operators wait them, the engine's estimates count them).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import StrEnum


class AddressFormat(StrEnum):
    EVM = "evm"  # 0x + 40 hex digits, EIP-55 checksum when mixed case
    TRON = "tron"  # base58check of 0x41 + the same 20 bytes


@dataclass(frozen=True)
class Chain:
    id: int
    flags: tuple[str, ...]  # the spec's accepted flags; the first is canonical
    name: str
    native_symbol: str
    native_decimals: int
    wrapped_symbol: str
    explorer: str | None  # URL pattern with {kind} (the explorer's word for tx | address) and {value}
    block_seconds: float  # its mainnet's block time (2024-2026): the devnet's chain mines at it
    address_format: AddressFormat = AddressFormat.EVM
    cross_chain: bool = False  # listed in the spec's cross-chain table

    @property
    def flag(self) -> str:
        return self.flags[0]

    @property
    def tron(self) -> bool:
        return self.address_format is AddressFormat.TRON

    @property
    def icon(self) -> str:
        return f"chains/{self.flag.lower()}.svg"

    def explorer_url(self, kind: str, value: str) -> str | None:
        """Link to a transaction (`kind="tx"`) or an address on the explorer.

        Tronscan names a transaction `#/transaction/<id>`, the id as TRON writes it (no 0x)."""
        if self.explorer is None:
            return None
        if self.tron and kind == "tx":
            kind, value = "transaction", value.removeprefix("0x")
        return self.explorer.format(kind=kind, value=value)


def _scan(host: str) -> str:
    return "https://" + host + "/{kind}/{value}"


CHAINS: tuple[Chain, ...] = (
    Chain(1, ("ETH",), "Ethereum", "ETH", 18, "WETH", _scan("etherscan.io"), block_seconds=12, cross_chain=True),
    Chain(10, ("OP",), "Optimism", "ETH", 18, "WETH", _scan("optimistic.etherscan.io"), block_seconds=2),
    Chain(56, ("BSC",), "BNB Smart Chain", "BNB", 18, "WBNB", _scan("bscscan.com"), block_seconds=3, cross_chain=True),
    Chain(
        66,
        ("OEC", "OKEXCHAIN"),
        "OKExChain",
        "OKT",
        18,
        "WOKT",
        _scan("www.oklink.com/oktc"),
        block_seconds=3,
        cross_chain=True,
    ),
    Chain(70, ("HSC",), "Hoo Smart Chain", "HOO", 18, "WHOO", None, block_seconds=3),
    Chain(128, ("HECO",), "HECO", "HT", 18, "WHT", _scan("hecoscan.io"), block_seconds=3, cross_chain=True),
    Chain(
        137,
        ("MATIC", "POLYGON"),
        "Polygon",
        "MATIC",
        18,
        "WMATIC",
        _scan("polygonscan.com"),
        block_seconds=2,
        cross_chain=True,
    ),
    Chain(250, ("FTM", "FANTOM"), "Fantom", "FTM", 18, "WFTM", _scan("ftmscan.com"), block_seconds=1, cross_chain=True),
    Chain(321, ("KCC",), "KCC", "KCS", 18, "WKCS", _scan("scan.kcc.io"), block_seconds=3, cross_chain=True),
    Chain(1030, ("CFX",), "Conflux eSpace", "CFX", 18, "WCFX", _scan("evm.confluxscan.io"), block_seconds=1),
    Chain(1284, ("GLMR",), "Moonbeam", "GLMR", 18, "WGLMR", _scan("moonbeam.moonscan.io"), block_seconds=6),
    Chain(8217, ("KLAY",), "Klaytn", "KLAY", 18, "WKLAY", _scan("kaiascan.io"), block_seconds=1),
    Chain(42161, ("ARB",), "Arbitrum One", "ETH", 18, "WETH", _scan("arbiscan.io"), block_seconds=0.25),
    Chain(
        43114,
        ("AVAX",),
        "Avalanche C-Chain",
        "AVAX",
        18,
        "WAVAX",
        _scan("snowtrace.io"),
        block_seconds=2,
        cross_chain=True,
    ),
    Chain(
        95500,
        ("TRON",),
        "TRON",
        "TRX",
        6,
        "WTRX",
        "https://tronscan.org/#/{kind}/{value}",
        block_seconds=3,
        address_format=AddressFormat.TRON,
        cross_chain=True,
    ),
)

_BY_ID = {chain.id: chain for chain in CHAINS}
_BY_FLAG = {flag: chain for chain in CHAINS for flag in chain.flags}


class UnknownChain(LookupError):
    pass


def by_id(chain_id: int) -> Chain:
    try:
        return _BY_ID[chain_id]
    except KeyError:
        raise UnknownChain(chain_id) from None


def resolve(text: str) -> Chain:
    """A chain from its numeric id or any flag, case-insensitive ("bsc", "56")."""
    if text.isascii() and text.isdigit() and str(int(text)) == text:
        return by_id(int(text))
    try:
        return _BY_FLAG[text.upper()]
    except KeyError:
        raise UnknownChain(text) from None


DEPOSIT_CONFIRM_SECONDS = 20.0  # of a chain's blocks after a bridge deposit's own, on the devnet


def deposit_confirmations(chain_id: int) -> int:
    """Blocks a bridge deposit on `chain_id` waits before the devnet's providers act on it, its own included: its
    own and ~20 s of the chain's blocks after it (demo scale: Multichain and cBridge waited minutes). The devnet's
    operators wait them, its cBridge gateway publishes them (`block_delay`), the engine's ETAs count them."""
    return math.ceil(DEPOSIT_CONFIRM_SECONDS / by_id(chain_id).block_seconds) + 1
