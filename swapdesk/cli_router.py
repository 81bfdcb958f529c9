"""`swapdesk router deploy`: swapdesk's router on a real chain, from the user's own account.

The chain is reached by the JSON-RPC URL given (`--rpc`, else the one in Settings) with its catalogue (the
user's `<config>/catalogs/<id>.json`, else the package's). The plan is printed and confirmed before anything is
signed (`--yes` confirms ahead); the key comes from the keyring or the account's keystore (its password asked
for on the terminal); the transactions go through the outbox and are kept with the app's others.
`swapdesk router address` says where given terms put the router, without sending anything.
"""

from __future__ import annotations

import argparse
import asyncio
import getpass
import sys
from typing import TYPE_CHECKING

from swapdesk import catalogs
from swapdesk.address import InvalidAddress, parse_evm, to_checksum
from swapdesk.chains import Chain, UnknownChain, resolve

if TYPE_CHECKING:  # the engine and web3 load only when a router command runs: `swapdesk` builds this parser first
    from swapdesk.engine.router import RouterTerms


class Refused(Exception):
    """Bad command-line input, said in plain words."""


def _address(text: str, option: str) -> str:
    try:
        return to_checksum(parse_evm(text.strip()))
    except InvalidAddress as exc:
        raise Refused(f"{option}: {exc}") from None


def _fee(text: str, option: str) -> int:
    from swapdesk.trade.router_deploy import MAX_FEE_BPS

    if not text.isdigit() or int(text) > MAX_FEE_BPS:
        raise Refused(f"{option}: a fee rate in basis points, 0 to {MAX_FEE_BPS} (20 is 0.2 %)")
    return int(text)


def _terms(args: argparse.Namespace, owner: str) -> RouterTerms:
    from swapdesk.engine.router import CHANNELS, RouterTerms
    from swapdesk.trade.router_deploy import DEFAULT_FEE_BPS

    channels = {}
    for given in args.channel_fee or []:
        channel, _, rate = given.partition("=")
        if channel not in CHANNELS:
            raise Refused(f"--channel-fee: {channel!r} is not a channel; one of {', '.join(CHANNELS)}")
        channels[channel] = _fee(rate, "--channel-fee")
    collector = _address(args.collector, "--collector") if args.collector else owner
    rate = _fee(args.fee_bps, "--fee-bps") if args.fee_bps is not None else DEFAULT_FEE_BPS
    return RouterTerms(owner, collector, rate, channels)


def _chain(text: str) -> Chain:
    try:
        chain = resolve(text)
    except UnknownChain:
        raise Refused(f"--chain: unknown chain {text!r}") from None
    if chain.tron:
        raise Refused("--chain: swapdesk's router deploys to EVM chains; TRON has no deterministic-deployment proxy")
    return chain


def _address_command(args: argparse.Namespace) -> int:
    owner = _address(args.owner, "--owner")
    print(_terms(args, owner).address())
    return 0


async def _deploy(args: argparse.Namespace) -> int:
    from web3 import AsyncWeb3

    from swapdesk import settings
    from swapdesk.chain.http import KeptAliveProvider
    from swapdesk.settings import config_dir, data_dir
    from swapdesk.store import TxStore
    from swapdesk.trade.errors import TradeError
    from swapdesk.trade.outbox import Outbox
    from swapdesk.trade.router_deploy import RouterDeployer
    from swapdesk.wallet import Password, Wallet, WalletError

    chain = _chain(args.chain)
    url = args.rpc or settings.load().rpc.get(chain.flag)
    if not url:
        raise Refused(f"--rpc: give the JSON-RPC URL of a {chain.name} node (or set one in Settings)")
    found = catalogs.load(config_dir() / "catalogs", [chain.id]).get(chain.id)
    if found is None:
        raise Refused(f"swapdesk has no catalogue of {chain.name}: write {config_dir() / 'catalogs'}/{chain.id}.json")
    wallet = Wallet(config_dir())
    account = next((a for a in wallet.accounts(devnet=False) if args.account.lower() in
                    (a.label.lower(), a.address.lower())), None)  # fmt: skip
    if account is None:
        raise Refused(f"--account: {args.account!r} is not one of your accounts")
    try:
        if wallet.is_locked(account):
            wallet.unlock(account.address, Password(getpass.getpass(f"Password of {account.label}: ")))
        key = wallet.key(account.address, devnet=False)
    except (WalletError, ValueError) as exc:
        raise Refused(f"--account: {exc}") from None
    terms = _terms(args, _address(args.owner, "--owner") if args.owner else key.address)
    w3 = AsyncWeb3(KeptAliveProvider(url))
    store = TxStore(data_dir() / "transactions.sqlite")
    try:
        if await w3.eth.chain_id != chain.id:
            raise Refused(f"--rpc: that node is chain {await w3.eth.chain_id}, not {chain.name} ({chain.id})")
        deployer = RouterDeployer(w3, found, Outbox(store))
        plan = await deployer.plan(chain, terms, key.address)
        print(f"swapdesk's router on {chain.name}, from {account.label} ({key.address}):")
        print(f"  address       {plan.address}{'  (already deployed)' if plan.deployed else ''}")
        print(f"  owner         {terms.owner}")
        print(f"  fee collector {terms.fee_collector}")
        print(f"  fee rate      {terms.default_fee_bps} bps" + "".join(
            f", {c} {r} bps" for c, r in terms.channel_fee_bps.items()))  # fmt: skip
        for n, step in enumerate(plan.steps, 1):
            print(f"  {n:>2}. {step.what} (to {step.to})")
        if plan.steps and not args.yes and input(f"Send {len(plan.steps)} transactions? [y/N] ").lower() != "y":
            print("nothing sent")
            return 1
        path = await deployer.deploy(key, plan, config_dir() / "catalogs", lambda words: print(words))
        print(f"swapdesk's router is at {plan.address} on {chain.name}; the catalogue is written to {path}")
        return 0
    except TradeError as exc:
        raise Refused(str(exc)) from None
    finally:
        store.close()
        await w3.provider.disconnect()


def run(handler: str, args: argparse.Namespace) -> int:
    try:
        return _address_command(args) if handler == "address" else asyncio.run(_deploy(args))
    except Refused as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1


def _terms_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--fee-bps", help="the default fee rate, bps (default 20)")
    parser.add_argument("--collector", help="who receives the fees (default: the owner)")
    parser.add_argument("--channel-fee", action="append", metavar="CHANNEL=BPS", help="a channel's own rate")


def add_command(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    router = commands.add_parser("router", help="deploy swapdesk's router on a chain, or say where it would be")
    actions = router.add_subparsers(dest="router_command", required=True, title="commands", metavar="COMMAND")
    deploy = actions.add_parser(
        "deploy", help="deploy it from one of your accounts", description=__doc__.split("\n\n")[0]
    )
    deploy.add_argument("--chain", required=True, help="chain flag or id (ETH, 56, polygon...)")
    deploy.add_argument("--account", "--from", dest="account", required=True, help="one of your accounts, by label")
    deploy.add_argument("--rpc", help="the chain's JSON-RPC URL (default: the one in Settings)")
    deploy.add_argument("--owner", help="who may set the router up later (default: the account)")
    deploy.add_argument("--yes", action="store_true", help="send without asking (the plan is still printed)")
    _terms_options(deploy)
    deploy.set_defaults(run=lambda a: run("deploy", a))
    where = actions.add_parser("address", help="where given terms put the router (the same on every chain)")
    where.add_argument("--owner", required=True, help="the owner's address")
    _terms_options(where)
    where.set_defaults(run=lambda a: run("address", a))
