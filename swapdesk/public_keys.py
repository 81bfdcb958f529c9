"""Keys the whole world knows: the accounts of the well-known test mnemonic (anvil's and hardhat's defaults).

The devnet plays with them (its demo accounts and operators), and everything else refuses them where money is
real: anything sent to one of these addresses on a real network is taken at once by whoever watches them. The
first addresses are known by heart (deriving one costs PBKDF2, half a second: too much for the window's
start-up); `tests/test_public_keys.py` checks the derivation gives exactly these.
"""

from __future__ import annotations

from functools import cache

from swapdesk.words import QT_TR_NOOP

MNEMONIC = "test test test test test test test test test test test junk"
PLAYABLE = 9  # accounts 0..8: the devnet prefunds them for people to play with, and the wallet offers them there

ADDRESSES = (  # m/44'/60'/0'/0/i for i = 0..19, EIP-55
    "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
    "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
    "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
    "0x90F79bf6EB2c4f870365E785982E1f101E93b906",
    "0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65",
    "0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc",
    "0x976EA74026E726554dB657fA54763abd0C3a0aa9",
    "0x14dC79964da2C08b23698B3D3cc7Ca32193d9955",
    "0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f",
    "0xa0Ee7A142d267C1f36714E4a8F75612F20a79720",
    "0xBcd4042DE499D14e55001CcbB24a551F3b954096",
    "0x71bE63f3384f5fb98995898A86B02Fb2426c5788",
    "0xFABB0ac9d68B0B445fB7357272Ff202C5651694a",
    "0x1CBd3b2770909D4e10f157cABC84C7264073C9Ec",
    "0xdF3e18d64BC6A983f673Ab319CCaE4f1a57C7097",
    "0xcd3B766CCDd6AE721141F452C550Ca635964ce71",
    "0x2546BcD3c84621e976D8185a91A922aE77ECEc30",
    "0xbDA5747bFD65F08deb54cb465eB87D40e51B197E",
    "0xdD2FD4581271e230360230F9337D5c0430Bf44C0",
    "0x8626f6940E2eb28930eFb4CeF49B2d1F2C9C1199",
)
PUBLIC_RECIPIENT = QT_TR_NOOP(  # marked: the engine's refusals say it in the window's language
    "is an account of the public test mnemonic (a demo account): its key is public, so on a real network"
    " whatever is sent there is taken at once"
)
_KNOWN = frozenset(bytes.fromhex(a[2:]) for a in ADDRESSES)


def is_public(address: bytes) -> bool:
    """Whether these 20 bytes are an account of the public test mnemonic (on any chain: TRON's are the same)."""
    return address in _KNOWN


@cache
def _seed() -> bytes:
    from eth_account.hdaccount import seed_from_mnemonic  # here: the window needs the addresses, not eth_account

    return seed_from_mnemonic(MNEMONIC, passphrase="")  # PBKDF2: once


@cache
def public_key(index: int) -> bytes:
    """The private key of account `index` of the test mnemonic (m/44'/60'/0'/0/i): public knowledge."""
    from eth_account.hdaccount import key_from_seed

    return key_from_seed(_seed(), f"m/44'/60'/0'/0/{index}")
