"""`swapdesk quote`, `swapdesk cross` and `swapdesk details`: the engine from a terminal.

All go through the same validation as HTTP (`api.requests.parse`) and run
on the embedded devnet, or against a server with `--server URL`. On the
devnet the bridge providers' APIs answer in process from their stores; the
command line never starts their operators (the window or `swapdesk serve`
runs them), so a transfer made here moves while one of those runs.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Callable, Coroutine
from decimal import Decimal
from typing import TYPE_CHECKING

from pydantic import BaseModel

from swapdesk import cli_details, cli_router
from swapdesk.api import (
    AggQuote,
    AggSwapRequest,
    ApiError,
    ChainRequest,
    CrossListRequest,
    CrossRoutesRequest,
    CrossSwapRequest,
    TokenInfo,
    TronQuote,
    TronSwapRequest,
    parse,
)
from swapdesk.api.records import CrossQuote, CrossRoutes, CrossTokenEntry
from swapdesk.chains import Chain, UnknownChain, by_id, resolve
from swapdesk.cli_network import say_where
from swapdesk.composed import Composed
from swapdesk.remote import RemoteService
from swapdesk.session import Session
from swapdesk.units import BadAmount, percent_to_bps, to_human, to_units

if TYPE_CHECKING:
    from swapdesk.wallet import Account


class Refused(Exception):
    """Bad command-line input, said in plain words."""


PROVIDER = "a bridge provider's real service: cbridge=URL, metapath=URL or anyswap=URL (default: the devnet's); repeat"


def provider(text: str) -> str:
    """`--provider NAME=URL`, checked as it is read."""
    from swapdesk.engine.bridges import ProviderUrls

    try:
        ProviderUrls.parse([text])
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return text


def _session(args: argparse.Namespace) -> Session:
    """The engine the command asks (a server with --server, else the one Settings make) in a session, which the
    command asks where it answers from; nothing is signed here."""
    given = getattr(args, "provider", None)
    if args.server:
        if given:
            raise Refused("--provider: a server uses its own providers; leave out --server or --provider")
        return Session(composed=Composed(RemoteService(args.server), args.server))
    from swapdesk.compose import command_line_service  # the devnet and web3: loaded only when a command needs them
    from swapdesk.engine.bridges import ProviderUrls

    return Session(composed=command_line_service(None, ProviderUrls.parse(given) if given else None))


def _account(session: Session, chain: Chain, text: str | None) -> Account | None:
    """The user's account that `--account` names (by label or address); the demo accounts count on the devnet."""
    if text is None:
        return None
    from swapdesk.settings import config_dir
    from swapdesk.wallet import Wallet
    from swapdesk.wallet.book import AccountBook

    devnet = session.is_devnet(chain) is True
    accounts = AccountBook(config_dir() / "accounts.json").load() + (Wallet.demo_accounts() if devnet else [])
    wanted = text.strip().lower()
    for account in accounts:
        if wanted in (account.label.lower(), account.address.lower(), account.tron_address.lower()):
            return account
    known = ", ".join(repr(a.label) for a in accounts) or "none yet (add one in the window: File → Accounts…)"
    raise Refused(f"--account: {text!r} is not one of your accounts; yours: {known}")


def _recipient(given: str | None, account: Account | None, chain: Chain, option: str) -> str:
    """Who receives: as given, else the account itself; never a default of its own (a wrong one loses funds)."""
    if given:
        return given
    if account is None:
        raise Refused(f"{option}: say who receives, or name one of your accounts with --account")
    return account.address_on(chain.tron)


def _chain(text: str) -> Chain:
    try:
        return resolve(text)
    except UnknownChain:
        raise Refused(f"--chain: unknown chain {text!r}") from None


def _token(tokens: list[TokenInfo], text: str, option: str) -> TokenInfo:
    for token in tokens:
        if text.lower() in (token.symbol.lower(), token.address.lower()):
            return token
    symbols = ", ".join(t.symbol for t in tokens)
    raise Refused(f"{option}: {text!r} is not a token of this chain; try one of {symbols}, or a token address")


async def _quote(args: argparse.Namespace) -> int:
    chain = _chain(args.chain)
    session = _session(args)
    service = session.service
    assert service is not None
    try:
        say_where(session, [chain])
        tokens = await service.tokens(ChainRequest(chain))
        sell, buy = _token(tokens, args.sell, "--sell"), _token(tokens, args.buy, "--buy")
        try:
            amount = to_units(args.amount, sell.decimals)
        except BadAmount as exc:
            raise Refused(f"--amount: {exc}") from None
        try:
            slippage = percent_to_bps(args.slippage)
        except BadAmount as exc:
            raise Refused(f"--slippage: {exc}") from None
        account = _account(session, chain, args.account)
        to = _recipient(args.to, account, chain, "--to")
        issuer = args.issuer or (account.address_on(chain.tron) if account else None)
        query = {
            "token0": sell.address, "token1": buy.address, "decimal0": str(sell.decimals),
            "decimal1": str(buy.decimals), "impact": str(slippage), "part": str(args.part),
            "amountIn": str(amount), "amountOutMin": "0", "to": to, "chain": chain.flag, "channel": args.channel,
        }  # fmt: skip
        if issuer or chain.tron:  # the TRON variant names its sender
            query["issuer"] = issuer or to
        quote: AggQuote | TronQuote = (
            await service.tron_swap(parse(TronSwapRequest, query.items()))
            if chain.tron
            else await service.agg_swap(parse(AggSwapRequest, query.items()))
        )
    finally:
        await session.aclose()
    if args.json:
        print(quote.model_dump_json(indent=1))
        return 0
    out, minimum = int(quote.totalAmountOut), int(quote.totalAmountOutMin)
    rate = (Decimal(out).scaleb(-buy.decimals) / Decimal(amount).scaleb(-sell.decimals)).normalize()
    # compared after gas, as the engine chooses (a single route may give more and cost more gas than the split)
    worth = out - int(quote.gasCost or 0)
    singles = [int(a.amountOut) - int(a.gasCost or 0) for a in quote.amounts if int(a.amountOut)]
    best = max(singles, default=0)
    gain = (
        f"{(worth - best) * 10_000 // best:+d} bps over the best single source, after gas"
        if best > 0
        else "no single source can"
    )
    print(f"{args.amount} {sell.symbol} -> {to_human(out, buy.decimals)} {buy.symbol} on {chain.name}")
    print(f"  minimum   {to_human(minimum, buy.decimals)} {buy.symbol} (slippage {Decimal(slippage) / 100}%)")
    print(f"  rate      1 {sell.symbol} = {rate:.8g} {buy.symbol}")
    print(f"  impact    {Decimal(quote.impact) * 100:.3f}%")
    fee = int(quote.fee)
    normal = int(quote.normalFee) if isinstance(quote, AggQuote) else fee
    discount = f" (discounted from {to_human(normal, sell.decimals)} {sell.symbol})" if fee < normal else ""
    print(f"  fee       {to_human(fee, sell.decimals)} {sell.symbol}{discount}, rate {quote.feeRate} bps")
    print(f"  route     {' · '.join(p.replace(':', ' ') + '%' for p in quote.dexPath)}  ({gain})")
    for alone in quote.amounts:
        got = int(alone.amountOut)
        said = f"{to_human(got, buy.decimals)} {buy.symbol}" if got else "cannot serve this pair"
        print(f"            {alone.exchange:<16} alone: {said}")
    print(f"  router    {quote.aggregator}")
    if isinstance(quote, TronQuote):  # what a TRON client triggers, as the spec's record describes it
        call = quote.data
        print(f"  call      {call.fun} on {call.contract}, fee limit {to_human(call.options.feeLimit, 6)} TRX")
    return 0


def _cross_token(tokens: list[CrossTokenEntry], chain: Chain, text: str, option: str) -> CrossTokenEntry:
    here = [t for t in tokens if t.chainId == chain.id]
    for token in here:
        if text.lower() in (token.symbol.lower(), token.address.lower()):
            return token
    symbols = ", ".join(dict.fromkeys(t.symbol for t in here)) or "none"
    raise Refused(f"{option}: {text!r} is not a bridged token of {chain.name}; try one of {symbols}")


async def _cross(args: argparse.Namespace) -> int:
    src, dst = _chain(args.from_chain), _chain(args.to_chain)
    session = _session(args)
    service = session.service
    assert service is not None
    try:
        say_where(session, [src, dst])
        listed = await service.cross_list(CrossListRequest())
        bridge = args.bridge.upper() if args.bridge else None
        if bridge is not None and bridge not in listed.bridgers:
            raise Refused(f"--bridge: {args.bridge!r} is not offered; use one of {', '.join(listed.bridgers)}")
        tokens = [t for name in ([bridge] if bridge else listed.bridgers) for t in listed.tokens[name]]
        sell = _cross_token(tokens, src, args.sell, "--sell")
        buy = _cross_token(tokens, dst, args.buy, "--buy") if args.buy else None
        try:
            amount = to_units(args.amount, sell.decimals)
        except BadAmount as exc:
            raise Refused(f"--amount: {exc}") from None
        account = _account(session, src, args.account)
        to = _recipient(args.recipient, account, dst, "--recipient")
        issuer = args.issuer or (account.address_on(src.tron) if account else None)
        query = {"fromChainID": str(src.id), "toChainID": str(dst.id), "token0": sell.address,
                 "amountIn": str(amount), "to": to, "channel": args.channel}  # fmt: skip
        query |= ({"token1": buy.address} if buy else {}) | ({"issuer": issuer} if issuer else {})
        if bridge is not None:
            record: BaseModel = await service.cross_swap(parse(CrossSwapRequest, (query | {"bridge": bridge}).items()))
        else:
            record = await service.cross_routes(parse(CrossRoutesRequest, query.items()))
    finally:
        await session.aclose()
    if args.json:
        print(record.model_dump_json(indent=1, exclude_none=True))
    elif isinstance(record, CrossQuote):
        _print_quote(record, f"{args.amount} {sell.symbol}", tokens)
    else:
        assert isinstance(record, CrossRoutes)
        _print_routes(record, f"{args.amount} {sell.symbol}", tokens)
    return 0


def _amount(tokens: list[CrossTokenEntry], chain_id: str | int, address: str, units: str) -> str:
    """Smallest units of a listed token in whole tokens with its symbol (unlisted: raw units, address)."""
    found = next((t for t in tokens if t.chainId == int(chain_id) and t.address.lower() == address.lower()), None)
    return f"{to_human(int(units), found.decimals)} {found.symbol}" if found else f"{units} units of {address}"


def _print_quote(quote: CrossQuote, sent: str, tokens: list[CrossTokenEntry]) -> None:
    src, dst = by_id(int(quote.chainID)), by_id(int(quote.destChainID))
    relayer = f", relayer {_amount(tokens, dst.id, quote.token1, quote.relayerFee)}" if quote.relayerFee else ""
    print(f"{sent} on {src.name} -> {_amount(tokens, dst.id, quote.token1, quote.amountOut)} on {dst.name}, "
          f"through {quote.exchange}")  # fmt: skip
    print(f"  price     {quote.price:.10g} (what arrives per unit sent, fees included)")
    print(f"  fee       {_amount(tokens, src.id, quote.token0, quote.fee)} ({quote.feeRate} bps){relayer}")
    print(f"  router    {quote.router} (approve exactly {sent} to it, then send the call data)")
    print(f"  pool      {quote.crossPool}")
    print(f"  to        {quote.to}")


def _print_routes(routes: CrossRoutes, sent: str, tokens: list[CrossTokenEntry]) -> None:
    print(f"{sent}: every bridge, the most output first")
    for route in routes.routes:
        got = _amount(tokens, route.quote.destChainID, route.quote.token1, route.amountOut)
        fees = ", ".join(f"{f.kind} {to_human(int(f.amount), f.decimals)} {f.symbol}" for f in route.fees)
        print(f"  {route.bridge:<9} {got:<26} ~{route.etaSeconds} s   fees: {fees}")
    for refusal in routes.unavailable:
        print(f"  {refusal.bridge:<9} not available: {refusal.message}")


def run(handler: str, args: argparse.Namespace) -> int:
    try:
        commands: dict[str, Callable[[argparse.Namespace], Coroutine[None, None, int]]] = {
            "quote": _quote,
            "cross": _cross,
            "details": lambda a: cli_details.details(a, lambda: _session(a)),
        }
        command = commands[handler]
        return asyncio.run(command(args))
    except (Refused, ApiError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1


def add_commands(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    quote = commands.add_parser("quote", help="quote a same-chain swap", description="Quote a same-chain swap.")
    quote.add_argument("--chain", required=True, help="chain flag or id (BSC, 56, polygon...)")
    quote.add_argument("--sell", required=True, help="symbol or address of the token to sell")
    quote.add_argument("--buy", required=True, help="symbol or address of the token to buy")
    quote.add_argument("--amount", required=True, help="amount to sell, in whole tokens (1000, 0.25)")
    quote.add_argument("--slippage", default="0.5", help="slippage tolerance in percent, like the window (default 0.5)")
    quote.add_argument("--part", type=int, default=10, help="split granularity, 1..100 (default 10)")
    quote.add_argument(
        "--channel", default="default", help="default, web, android, ios or extension: sets the fee rate"
    )
    quote.add_argument(
        "--account",
        "--from",
        dest="account",
        help="one of your accounts, by label or address ('Demo 0'..'Demo 8' on the devnet): the sender",
    )
    quote.add_argument("--to", help="recipient (default: the --account itself; one of the two is required)")
    quote.add_argument("--issuer", help="sender, for its fee discount (default: the --account, else the recipient)")
    quote.add_argument("--json", action="store_true", help="print the spec's quote record")
    quote.add_argument("--server", help="ask this server instead of the embedded engine")
    quote.set_defaults(run=lambda a: run("quote", a))
    cross = commands.add_parser(
        "cross",
        help="quote a cross-chain swap",
        description="Quote a cross-chain swap: through one bridge (the spec's quote), or every bridge compared.",
    )
    cross.add_argument("--from", dest="from_chain", required=True, help="source chain: flag or id (BSC, 95500...)")
    cross.add_argument("--to", dest="to_chain", required=True, help="destination chain: flag or id")
    cross.add_argument("--sell", required=True, help="symbol or address of the token to send")
    cross.add_argument("--buy", help="symbol or address of the token to receive (default: the same asset)")
    cross.add_argument("--amount", required=True, help="amount to send, in whole tokens (100, 0.25)")
    cross.add_argument("--bridge", help="ANYSWAP, METAPATH or CBRIDGE (default: every bridge, compared)")
    cross.add_argument(
        "--account", help="one of your accounts, by label or address ('Demo 0'..'Demo 8' on the devnet): the sender"
    )
    cross.add_argument(
        "--recipient", help="receiver on the destination (default: the --account itself; one of the two is required)"
    )
    cross.add_argument("--issuer", help="sender on the source chain, to measure the gas from it (default: --account)")
    cross.add_argument("--channel", default="default", help="default, web, android, ios or extension")
    cross.add_argument("--json", action="store_true", help="print the spec's quote record, or the routes")
    cross.add_argument("--server", help="ask this server instead of the embedded engine")
    cross.add_argument("--provider", metavar="NAME=URL", type=provider, action="append", default=[], help=PROVIDER)
    cross.set_defaults(run=lambda a: run("cross", a))
    details = cli_details.add_details(commands)
    details.add_argument("--provider", metavar="NAME=URL", type=provider, action="append", default=[], help=PROVIDER)
    details.set_defaults(run=lambda a: run("details", a))
    cli_router.add_command(commands)
