"""`swapdesk quote` and `swapdesk details`: the engine from a terminal.

Both go through the same validation as HTTP (`api.requests.parse`) and run
on the embedded devnet, or against a server with `--server URL`.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from datetime import datetime
from decimal import Decimal

from swapdesk.api import AggSwapRequest, ApiError, ChainRequest, DetailsRequest, SwapService, TokenInfo, parse
from swapdesk.chains import Chain, UnknownChain, resolve
from swapdesk.devnet.accounts import ACCOUNT_0
from swapdesk.units import BadAmount, percent_to_bps, to_human, to_units


class Refused(Exception):
    """Bad command-line input, said in plain words."""


def _service(server: str | None) -> SwapService:
    if server:
        from swapdesk.remote import RemoteService

        return RemoteService(server)
    from swapdesk.devnet.chaindata import ChainData
    from swapdesk.devnet.network import Devnet
    from swapdesk.engine import DevnetBackend, Engine

    # the user's devnet; a chain the window or a server runs is read as it is now, not refused
    return Engine(DevnetBackend(Devnet(ChainData(), share=True)))


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
    service = _service(args.server)
    try:
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
        to = args.to or ACCOUNT_0
        query = {
            "token0": sell.address, "token1": buy.address, "decimal0": str(sell.decimals),
            "decimal1": str(buy.decimals), "impact": str(slippage), "part": str(args.part),
            "amountIn": str(amount), "amountOutMin": "0", "to": to, "chain": chain.flag, "channel": args.channel,
        }  # fmt: skip
        if args.issuer:
            query["issuer"] = args.issuer
        if chain.tron:
            raise Refused("--chain: TRON quotes come with the TRON variant, not built yet")
        quote = await service.agg_swap(parse(AggSwapRequest, query.items()))
    finally:
        await service.aclose()
    if args.json:
        print(quote.model_dump_json(indent=1))
        return 0
    out, minimum = int(quote.totalAmountOut), int(quote.totalAmountOutMin)
    rate = (Decimal(out).scaleb(-buy.decimals) / Decimal(amount).scaleb(-sell.decimals)).normalize()
    best = max((int(a.amountOut) for a in quote.amounts), default=0)
    gain = f"{(out - best) * 10_000 // best:+d} bps over the best single source" if best else "no single source can"
    print(f"{args.amount} {sell.symbol} -> {to_human(out, buy.decimals)} {buy.symbol} on {chain.name}")
    print(f"  minimum   {to_human(minimum, buy.decimals)} {buy.symbol} (slippage {Decimal(slippage) / 100}%)")
    print(f"  rate      1 {sell.symbol} = {rate:.8g} {buy.symbol}")
    print(f"  impact    {Decimal(quote.impact) * 100:.3f}%")
    fee, normal = int(quote.fee), int(quote.normalFee)
    discount = f" (discounted from {to_human(normal, sell.decimals)})" if fee < normal else ""
    print(f"  fee       {to_human(fee, sell.decimals)} {sell.symbol}{discount}, rate {quote.feeRate} bps")
    print(f"  route     {' · '.join(p.replace(':', ' ') + '%' for p in quote.dexPath)}  ({gain})")
    for alone in quote.amounts:
        print(f"            {alone.exchange:<16} alone: {to_human(int(alone.amountOut), buy.decimals)} {buy.symbol}")
    print(f"  router    {quote.aggregator}")
    return 0


async def _details(args: argparse.Namespace) -> int:
    chain = _chain(args.chain)
    service = _service(args.server)
    try:
        record = await service.details(parse(DetailsRequest, [("hash", args.hash), ("chain", chain.flag)]))
        known = {t.address.lower(): t.symbol for t in await service.tokens(ChainRequest(chain))}
    finally:
        await service.aclose()
    if args.json:
        print(record.model_dump_json(indent=1))
        return 0

    def token(address: str) -> str:
        return known.get(address.lower(), address)

    amount_in = to_human(int(record.amountIn), record.fromDecimals)
    amount_out = to_human(int(record.amountOut), record.toDecimals)
    notes = f" ({record.statusNotes})" if record.statusNotes and record.statusNotes != record.status else ""
    when = datetime.fromtimestamp(record.timestamp).astimezone()
    print(f"{record.status}{notes}: a swap on {chain.name}, channel {record.channel}")
    print(f"  sold      {amount_in} {token(record.fromToken)}")
    print(f"  received  {amount_out} {token(record.toToken)}")
    print(f"  minimum   {to_human(int(record.amountOutMin), record.toDecimals)} {token(record.toToken)}")
    print(f"  from      {record.fromAddress}")
    print(f"  to        {record.toAddress}")
    print(f"  sources   {', '.join(d.dex for d in record.dexs)}")
    print(f"  time      {when:%Y-%m-%d %H:%M:%S %Z} (UTC{when:%z})")
    print(f"  hash      {record.sourceHash}")
    return 0


def run(handler: str, args: argparse.Namespace) -> int:
    logging.getLogger("httpx").setLevel(logging.WARNING)  # a line per request is noise in a terminal
    try:
        return asyncio.run(_quote(args) if handler == "quote" else _details(args))
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
    quote.add_argument("--to", help="recipient (default: devnet demo account 0)")
    quote.add_argument("--issuer", help="sender, for its fee discount")
    quote.add_argument("--json", action="store_true", help="print the spec's quote record")
    quote.add_argument("--server", help="ask this server instead of the embedded engine")
    quote.set_defaults(run=lambda a: run("quote", a))
    details = commands.add_parser(
        "details", help="look up a swap transaction", description="Look up what happened to a swap transaction."
    )
    details.add_argument("hash", help="the transaction's hash: 64 hex digits, with or without 0x")
    details.add_argument("--chain", required=True, help="the chain it was sent on: flag or id (BSC, 56, polygon...)")
    details.add_argument("--json", action="store_true", help="print the spec's details record")
    details.add_argument("--server", help="ask this server instead of the embedded engine")
    details.set_defaults(run=lambda a: run("details", a))
