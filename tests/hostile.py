"""What strangers put where swapdesk writes CSV: token symbols and names, revert reasons (issue 29's four), and
tokens carrying them on a devnet chain, moved by a demo account as anyone may."""

from __future__ import annotations

from eth_account import Account
from web3 import AsyncWeb3

from swapdesk.csv_cells import cell
from swapdesk.devnet.network import Devnet
from swapdesk.devnet.provider import DevnetProvider

from .engine.dex_world import ERC20, Wallet

HOSTILE = (
    '=HYPERLINK("http://x.test","a")',
    "+SUM(1+1)*cmd|'/C calc'!A0",
    "-2+3+cmd|'/C calc'!A0",
    "@SUM(1+1)",
)


def formula_like(text: str) -> bool:
    """What a spreadsheet might evaluate: the escaping rule read the other way round."""
    return cell(text) != text


async def hostile_transfers(devnet: Devnet, chain_id: int, key: int) -> list[str]:
    """Per hostile text, a token with it as its name and symbol, deployed by demo account `key`, which mints
    itself some and sends 1 to someone: the transfers' hashes, in `HOSTILE`'s order."""
    me = Wallet.of(AsyncWeb3(DevnetProvider(devnet, chain_id)), key)
    friend = Account.create().address
    hashes = []
    for text in HOSTILE:
        token = (await me.must(None, ERC20.deploy_data(text, text, 18), gas=3_000_000)).receipt["contractAddress"]
        await me.must(token, ERC20.encode("mint", me.address, 10**20), gas=200_000)
        hashes.append((await me.must(token, ERC20.encode("transfer", friend, 10**18), gas=200_000)).hash)
    return hashes
