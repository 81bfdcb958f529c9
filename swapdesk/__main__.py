"""The `swapdesk` command: the window, the served API, the devnet, and quotes in a terminal.

Without a command it opens the window. `EXAMPLES` is the end of its help.
"""

from __future__ import annotations

import argparse
import asyncio
import ipaddress
import logging
import os
import sys
import threading
import time
from typing import TYPE_CHECKING

from swapdesk import __version__, cli
from swapdesk.chains import CHAINS, Chain, UnknownChain, resolve

if TYPE_CHECKING:
    from swapdesk.engine.bridges import ProviderUrls

DESCRIPTION = """\
swapdesk: same-chain and cross-chain swap quotes on an embedded devnet (or a
server speaking the same API). Without a command, it opens the window."""

EXAMPLES = """\
examples:
  swapdesk                                open the window (embedded devnet)
  swapdesk --server http://127.0.0.1:8545 open the window on a server
  swapdesk --fork ETH=https://<node>      practice on a local fork of Ethereum
  swapdesk serve                          the API and the devnet, one process
  swapdesk serve --workers 2              the API in 2 processes, the devnet
                                          in a third
  swapdesk devnet serve --port 8546       the devnet alone: JSON-RPC, TRON
                                          node, catalogues, bridge providers
  swapdesk quote --chain BSC --sell USDT --buy BNB --amount 1000
  swapdesk cross --from BSC --to ETH --sell USDT --amount 100
  swapdesk details 0x<hash> --chain BSC
  swapdesk devnet build --chain BSC       build (or load) a chain's world
  swapdesk devnet repair --chain BSC --keep-prefix --yes
                                          a damaged chain keeps what precedes
                                          the damage (or --reset; without
                                          --yes: what each choice loses)

`swapdesk COMMAND --help` shows a command's options."""


def _serve(args: argparse.Namespace) -> int:
    if not _is_loopback(args.host):
        print(f"warning: serving on {args.host}, reachable from other machines", file=sys.stderr)
    rpc = dict(args.rpc or [])
    from swapdesk import catalogs
    from swapdesk.settings import config_dir

    try:  # a bad catalogue is one line at start, not a traceback on the first request
        catalogs.load(config_dir() / "catalogs", list(rpc))
    except catalogs.CatalogError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    if args.workers:
        return _serve_workers(args, rpc)
    if args.devnet is not None:
        raise SystemExit("--devnet: a devnet process is for workers; add --workers N")
    import uvicorn

    from swapdesk.compose import serving_app
    from swapdesk.server.run import config

    app = serving_app(args.speed, rpc, args.cors, _real_providers(args.provider))
    uvicorn.Server(config(app, host=args.host, port=args.port)).run()
    return 0


def _serve_workers(args: argparse.Namespace, rpc: dict[int, str]) -> int:
    from swapdesk.server.devnet_app import start_devnet
    from swapdesk.server.workers import Setup, serve_workers
    from swapdesk.settings import config_dir

    catalogs = str(config_dir() / "catalogs")
    if args.devnet is None:
        process, url = start_devnet(args.speed)
        print(f"devnet process at {url} (its /rpc, /tron, catalogues and bridge providers)", file=sys.stderr)
        setup = Setup(url, rpc, catalogs, tuple(args.cors), tuple(args.provider))
        return serve_workers(setup, args.host, args.port, args.workers, devnet=process)
    if args.speed is not None:
        raise SystemExit("--speed: a devnet named with --devnet keeps its own speed (`swapdesk devnet serve --speed`)")
    if args.devnet == "none" and not rpc:
        raise SystemExit("--devnet none: then every chain needs a node; add --rpc CHAIN=URL")
    devnet = None if args.devnet == "none" else args.devnet.rstrip("/")
    if devnet is not None and not devnet.startswith(("http://", "https://")):
        raise SystemExit("--devnet: the devnet's URL must start with http:// or https://, or be `none`")
    setup = Setup(devnet, rpc, catalogs, tuple(args.cors), tuple(args.provider))
    return serve_workers(setup, args.host, args.port, args.workers)


def _devnet_serve(args: argparse.Namespace) -> int:
    from swapdesk.server.devnet_app import serve_devnet

    if not _is_loopback(args.host):
        print(f"warning: serving on {args.host}, reachable from other machines", file=sys.stderr)
    serve_devnet(None, args.host, args.port, args.speed, tuple(args.cors))
    return 0


def _real_providers(given: list[str]) -> ProviderUrls | None:
    from swapdesk.engine.bridges import ProviderUrls

    return ProviderUrls.parse(given) if given else None  # each checked by `cli.provider` already


def _is_loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host == "localhost"


def _chains(args: argparse.Namespace) -> list[Chain]:
    try:
        return [resolve(c) for c in args.chain] if args.chain else list(CHAINS)
    except UnknownChain as exc:
        raise SystemExit(f"--chain: unknown chain {exc}; use a flag or id such as BSC or 56") from None


def _devnet_reset(args: argparse.Namespace) -> int:
    from swapdesk.compose import reset_chains

    chains = _chains(args)
    which = ", ".join(c.flag for c in chains) if args.chain else "every devnet chain"
    if not args.yes:
        print(f"This deletes the blocks, balances and history of {which} and starts over from the world.")
        print("Add --yes to do it.", file=sys.stderr)
        return 2
    for chain, done, refused in reset_chains(chains):
        if refused:
            print(f"{chain.flag}: {refused}", file=sys.stderr)
            return 1
        print(f"{chain.flag:6} {'reset: starts over from its world' if done else 'had no data: nothing to reset'}")
    return 0


def _devnet_repair(args: argparse.Namespace) -> int:
    from swapdesk.compose import repair_chains

    return repair_chains(_chains(args), args.keep_prefix, args.yes)


def _devnet_build(args: argparse.Namespace) -> int:
    if args.missing:
        return _devnet_build_missing(args)
    from swapdesk.compose import build_worlds

    async def build() -> None:
        async for chain, seconds in build_worlds(_chains(args)):
            print(f"{chain.flag:6} {chain.id:6}  ready in {seconds:.2f} s")

    asyncio.run(build())
    return 0


def _devnet_build_missing(args: argparse.Namespace) -> int:
    """Only the worlds the cache lacks, in worker processes: what `scripts/start` runs before the window, so that
    a first start (or the first after an upgrade changed the worlds) opens on worlds already built, as the bundle
    ships them; quick when every world is there (nothing is loaded). Each world is said as it is begun and
    written (which chain, how many of how many), so that a first start that takes minutes says so as it goes."""
    from swapdesk.compose import build_missing_worlds

    chains = _chains(args)
    names = {chain.id: chain.name for chain in chains}
    started, total, begun, written = time.perf_counter(), [0], [0], [0]
    lock = threading.Lock()  # the workers are followed on a thread each

    def building(count: int) -> None:
        total[0] = count
        print(f"Building the devnet's worlds once for this version: {count} chains, in worker processes…", flush=True)

    def said(chain_id: int, begun_now: bool) -> None:
        with lock:
            name, seconds = names.get(chain_id, str(chain_id)), time.perf_counter() - started
            if begun_now:
                begun[0] += 1
                print(f"  {name}: building ({begun[0]} of {total[0]})…", flush=True)
            else:
                written[0] += 1
                print(f"  {name}: built, {written[0]} of {total[0]} done after {seconds:.0f} s", flush=True)

    if not args.verbose:  # the lines above say what the workers' log line would
        logging.getLogger("swapdesk.devnet.world_builds").setLevel(logging.WARNING)
    missing = build_missing_worlds(chains, building, said)
    if missing:
        flags = ", ".join(chain.flag for chain in missing)
        print(f"No world was built for {flags}: the window will build them itself", file=sys.stderr)
        return 1
    if total[0]:
        print(f"Built in {time.perf_counter() - started:.0f} s")
    return 0


def parser() -> argparse.ArgumentParser:
    root = argparse.ArgumentParser(
        prog="swapdesk",
        usage="swapdesk [-h] [--version] [--verbose] [--server URL] [--fork CHAIN=URL] [COMMAND ...]",
        description=DESCRIPTION,
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    root.add_argument("--version", action="version", version=f"swapdesk {__version__}")
    root.add_argument(
        "--verbose",
        action="store_true",
        default=os.environ.get(VERBOSE, "") not in ("", "0"),
        help=f"log what the libraries do too, such as each HTTP request (or set {VERBOSE}=1)",
    )
    root.add_argument("--server", metavar="URL", help="open the window on this server instead of the embedded engine")
    root.add_argument(
        "--fork",
        metavar="CHAIN=URL",
        type=_endpoint,
        action="append",
        help="practice on a local fork (anvil) of the network at URL, with demo funds: nothing at stake; repeat",
    )
    commands = root.add_subparsers(dest="command", title="commands", metavar="COMMAND", prog="swapdesk")
    serve = commands.add_parser("serve", help="serve the swap query API and devnet JSON-RPC over HTTP")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (default: loopback only)")
    serve.add_argument("--port", type=int, default=8545)
    serve.add_argument(
        "--speed", type=_speed, default=None, help="devnet speed: block times divided by this, 1..1000 (default 1)"
    )
    serve.add_argument(
        "--workers",
        metavar="N",
        type=_workers,
        default=0,
        help="serve the API from N worker processes, the devnet from its own",
    )
    serve.add_argument(
        "--devnet",
        metavar="URL",
        help="with --workers: the devnet process to use (`swapdesk devnet serve`), or `none`; default: start one",
    )
    serve.add_argument(
        "--rpc",
        metavar="CHAIN=URL",
        type=_endpoint,
        action="append",
        help="a chain served by a real node (its catalogue in <config>/catalogs/<chain id>.json); repeat",
    )
    serve.add_argument(
        "--provider", metavar="NAME=URL", type=cli.provider, action="append", default=[], help=cli.PROVIDER
    )
    serve.set_defaults(run=_serve)
    cli.add_commands(commands)
    devnet = commands.add_parser("devnet", help="build, reset or serve the devnet's chains")
    devnet_commands = devnet.add_subparsers(dest="devnet_command", required=True, title="commands", metavar="COMMAND")
    build = devnet_commands.add_parser("build", help="build (or load from snapshot) the demo worlds")
    build.add_argument("--chain", action="append", help="chain flag or id; repeat; default all")
    build.add_argument("--missing", action="store_true", help="only the worlds not built yet, in worker processes")
    build.set_defaults(run=_devnet_build)
    reset = devnet_commands.add_parser("reset", help="start chains over from their worlds (deletes their data)")
    reset.add_argument("--chain", action="append", help="chain flag or id; repeat; default all")
    reset.add_argument("--yes", action="store_true", help="really delete the chains' blocks and balances")
    reset.set_defaults(run=_devnet_reset)
    repair = devnet_commands.add_parser("repair", help="choose what a chain whose data is damaged keeps")
    repair.add_argument("--chain", action="append", required=True, help="chain flag or id; repeat")
    choice = repair.add_mutually_exclusive_group(required=True)
    choice.add_argument("--keep-prefix", action="store_true", help="keep the blocks before the damage, lose the rest")
    choice.add_argument("--reset", action="store_true", help="start the chain over from its world")
    repair.add_argument("--yes", action="store_true", help="really make the choice (without: say what it loses)")
    repair.set_defaults(run=_devnet_repair)
    devnet_serve = devnet_commands.add_parser("serve", help="serve the devnet alone, for API workers and wallets")
    devnet_serve.add_argument("--host", default="127.0.0.1", help="address to listen on (default: loopback only)")
    devnet_serve.add_argument("--port", type=int, default=8546)
    devnet_serve.add_argument(
        "--speed", type=_speed, default=None, help="block times divided by this, 1..1000 (default 1)"
    )
    devnet_serve.set_defaults(run=_devnet_serve)
    for command in (serve, devnet_serve):  # none by default: pages of other origins read nothing
        command.add_argument("--cors", metavar="ORIGIN", type=_origin, action="append", default=[], help=CORS)
    return root


MAX_WORKERS = 64


def _workers(text: str) -> int:
    if not (text.isascii() and text.isdigit()) or not 1 <= int(text) <= MAX_WORKERS:
        raise argparse.ArgumentTypeError(f"must be a number of worker processes from 1 to {MAX_WORKERS}")
    return int(text)


def _endpoint(text: str) -> tuple[int, str]:
    chain, _, url = text.partition("=")
    try:
        chain_id = resolve(chain.strip()).id
    except UnknownChain:
        raise argparse.ArgumentTypeError(f"unknown chain {chain!r}; give CHAIN=URL, such as BSC=https://...") from None
    if not url.startswith(("http://", "https://")):
        raise argparse.ArgumentTypeError(f"{chain}: the node's URL must start with http:// or https://")
    return chain_id, url


CORS = "let pages of this origin (such as http://localhost:3000) read the answers (CORS); repeat"


def _origin(text: str) -> str:
    from swapdesk.server.cors import BadOrigin, origin

    try:
        return origin(text)
    except BadOrigin as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _speed(text: str) -> float:
    from swapdesk.settings import BadSpeed, parse_speed

    try:
        return parse_speed(text)
    except BadSpeed as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


VERBOSE = "SWAPDESK_VERBOSE"


def logs(verbose: bool) -> None:
    """Warnings, errors and swapdesk's own few notes; with --verbose every library's notes too (httpx says each
    request it makes: a terminal full of them by default hid what mattered)."""
    logging.basicConfig(
        level=logging.INFO if verbose else logging.WARNING, format="%(levelname)s %(name)s: %(message)s"
    )
    logging.getLogger("swapdesk").setLevel(logging.INFO)


def main(argv: list[str] | None = None) -> int:
    root = parser()
    args = root.parse_args(argv)
    logs(args.verbose)
    if args.fork and hasattr(args, "run"):
        root.error(
            "--fork: practice on a fork is the window's (swapdesk --fork CHAIN=URL, no command);"
            " a command answers from the nodes in Settings, or the devnet"
        )
    if not hasattr(args, "run"):
        # the window first: the engine's libraries (py-evm, web3) load behind it, on the thread that builds the
        # engine (`session`); loaded beside Qt, they took the interpreter's time from it and doubled the wait
        from swapdesk.chains import by_id
        from swapdesk.gui.app import run

        return run(args.server, {by_id(chain_id): url for chain_id, url in args.fork or []})
    return int(args.run(args))


if __name__ == "__main__":
    sys.exit(main())
