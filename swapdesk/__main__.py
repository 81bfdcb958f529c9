"""The `swapdesk` command: the window, the served API, the devnet, and quotes in a terminal.

Without a command it opens the window. `EXAMPLES` is the end of its help.
"""

from __future__ import annotations

import argparse
import asyncio
import ipaddress
import logging
import sys
import time

from swapdesk import cli
from swapdesk.chains import CHAINS, Chain, UnknownChain, resolve

DESCRIPTION = """\
swapdesk: same-chain and cross-chain swap quotes on an embedded devnet (or a
server speaking the same API). Without a command, it opens the window."""

EXAMPLES = """\
examples:
  swapdesk                                open the window (embedded devnet)
  swapdesk --server http://127.0.0.1:8545 open the window on a server
  swapdesk serve                          the API and the devnet, one process
  swapdesk serve --workers 2              the API in 2 processes, the devnet
                                          in a third
  swapdesk devnet serve --port 8546       the devnet alone: JSON-RPC, TRON
                                          node, catalogues, bridge providers
  swapdesk quote --chain BSC --sell USDT --buy BNB --amount 1000
  swapdesk cross --from BSC --to ETH --sell USDT --amount 100
  swapdesk details 0x<hash> --chain BSC
  swapdesk devnet build --chain BSC       build (or load) a chain's world

`swapdesk COMMAND --help` shows a command's options."""


def _serve(args: argparse.Namespace) -> int:
    if not _is_loopback(args.host):
        print(f"warning: serving on {args.host}, reachable from other machines", file=sys.stderr)
    rpc = dict(args.rpc or [])
    if args.workers:
        return _serve_workers(args, rpc)
    if args.devnet is not None:
        raise SystemExit("--devnet: a devnet process is for workers; add --workers N")
    import uvicorn

    from swapdesk.devnet.bridges.service import BridgeProviders
    from swapdesk.devnet.chaindata import ChainData
    from swapdesk.devnet.network import Devnet
    from swapdesk.engine import DevnetBackend, Engine, RoutedBackend, RpcBackend
    from swapdesk.engine.backends import ChainBackend, load_catalogs
    from swapdesk.engine.bridges import BridgeEndpoints
    from swapdesk.server import create_app
    from swapdesk.server.run import config
    from swapdesk.settings import config_dir

    devnet = Devnet(ChainData(), speed=args.speed)
    providers = BridgeProviders(devnet)  # the world's bridges: their operators run with the server
    backend: ChainBackend = DevnetBackend(devnet)
    if rpc:
        backend = RoutedBackend(
            DevnetBackend(devnet), RpcBackend(rpc, load_catalogs(config_dir() / "catalogs", list(rpc)))
        )
    engine = Engine(backend, bridges=BridgeEndpoints.in_process(providers.apps()))
    app = create_app(engine, devnet=devnet, providers=providers)
    uvicorn.Server(config(app, host=args.host, port=args.port)).run()
    return 0


def _serve_workers(args: argparse.Namespace, rpc: dict[int, str]) -> int:
    from swapdesk.server.workers import Setup, serve_workers, start_devnet
    from swapdesk.settings import config_dir

    catalogs = str(config_dir() / "catalogs")
    if args.devnet is None:
        process, url = start_devnet(args.speed)
        print(f"devnet process at {url} (its /rpc, /tron, catalogues and bridge providers)", file=sys.stderr)
        return serve_workers(Setup(url, rpc, catalogs), args.host, args.port, args.workers, devnet=process)
    if args.speed is not None:
        raise SystemExit("--speed: a devnet named with --devnet keeps its own speed (`swapdesk devnet serve --speed`)")
    if args.devnet == "none" and not rpc:
        raise SystemExit("--devnet none: then every chain needs a node; add --rpc CHAIN=URL")
    devnet = None if args.devnet == "none" else args.devnet.rstrip("/")
    if devnet is not None and not devnet.startswith(("http://", "https://")):
        raise SystemExit("--devnet: the devnet's URL must start with http:// or https://, or be `none`")
    return serve_workers(Setup(devnet, rpc, catalogs), args.host, args.port, args.workers)


def _devnet_serve(args: argparse.Namespace) -> int:
    from swapdesk.server.workers import serve_devnet

    if not _is_loopback(args.host):
        print(f"warning: serving on {args.host}, reachable from other machines", file=sys.stderr)
    serve_devnet(None, args.host, args.port, args.speed)
    return 0


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
    from swapdesk.devnet.chaindata import ChainData, ChainInUse

    chains = _chains(args)
    which = ", ".join(c.flag for c in chains) if args.chain else "every devnet chain"
    if not args.yes:
        print(f"This deletes the blocks, balances and history of {which} and starts over from the world.")
        print("Add --yes to do it.", file=sys.stderr)
        return 2
    data = ChainData()
    for chain in chains:
        try:
            done = data.reset(chain.id, chain.name)
        except ChainInUse as exc:
            print(f"{chain.flag}: {exc}", file=sys.stderr)
            return 1
        print(f"{chain.flag:6} {'reset: starts over from its world' if done else 'had no data: nothing to reset'}")
    return 0


def _devnet_build(args: argparse.Namespace) -> int:
    from swapdesk.devnet.network import Devnet

    chains = _chains(args)

    async def build() -> None:
        devnet = Devnet()
        try:
            for chain in chains:
                started = time.perf_counter()
                await devnet.start(chain.id)
                print(f"{chain.flag:6} {chain.id:6}  ready in {time.perf_counter() - started:.2f} s")
        finally:
            await devnet.close()

    asyncio.run(build())
    return 0


def parser() -> argparse.ArgumentParser:
    root = argparse.ArgumentParser(
        prog="swapdesk",
        usage="swapdesk [-h] [--server URL] [COMMAND ...]",
        description=DESCRIPTION,
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    root.add_argument("--server", metavar="URL", help="open the window on this server instead of the embedded engine")
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
    serve.set_defaults(run=_serve)
    cli.add_commands(commands)
    devnet = commands.add_parser("devnet", help="build, reset or serve the devnet's chains")
    devnet_commands = devnet.add_subparsers(dest="devnet_command", required=True, title="commands", metavar="COMMAND")
    build = devnet_commands.add_parser("build", help="build (or load from snapshot) the demo worlds")
    build.add_argument("--chain", action="append", help="chain flag or id; repeat; default all")
    build.set_defaults(run=_devnet_build)
    reset = devnet_commands.add_parser("reset", help="start chains over from their worlds (deletes their data)")
    reset.add_argument("--chain", action="append", help="chain flag or id; repeat; default all")
    reset.add_argument("--yes", action="store_true", help="really delete the chains' blocks and balances")
    reset.set_defaults(run=_devnet_reset)
    devnet_serve = devnet_commands.add_parser("serve", help="serve the devnet alone, for API workers and wallets")
    devnet_serve.add_argument("--host", default="127.0.0.1", help="address to listen on (default: loopback only)")
    devnet_serve.add_argument("--port", type=int, default=8546)
    devnet_serve.add_argument(
        "--speed", type=_speed, default=None, help="block times divided by this, 1..1000 (default 1)"
    )
    devnet_serve.set_defaults(run=_devnet_serve)
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


def _speed(text: str) -> float:
    from swapdesk.devnet.clock import BadSpeed, parse_speed

    try:
        return parse_speed(text)
    except BadSpeed as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def main(argv: list[str] | None = None) -> int:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    args = parser().parse_args(argv)
    if not hasattr(args, "run"):
        from swapdesk.settings import load

        if not args.server and load().engine != "remote":
            from swapdesk.chain.libraries import load_in_background

            load_in_background()  # the engine's libraries load while Qt does
        from swapdesk.gui.app import run

        return run(args.server)
    return int(args.run(args))


if __name__ == "__main__":
    sys.exit(main())
