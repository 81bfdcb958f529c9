"""The `swapdesk` command.

swapdesk [--server URL]                          open the window (embedded devnet, or a server)
swapdesk serve [--host 127.0.0.1] [--port 8545]  serve the API and devnet JSON-RPC
swapdesk devnet build [--chain FLAG ...]         build (or load) devnet worlds
swapdesk devnet reset [--chain FLAG ...] --yes   start devnet chains over from their worlds
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


def _serve(args: argparse.Namespace) -> int:
    import uvicorn

    from swapdesk.devnet.bridges.service import BridgeProviders
    from swapdesk.devnet.chaindata import ChainData
    from swapdesk.devnet.network import Devnet
    from swapdesk.engine import DevnetBackend, Engine
    from swapdesk.engine.bridges import BridgeEndpoints
    from swapdesk.server import create_app
    from swapdesk.server.run import config

    if not _is_loopback(args.host):
        print(f"warning: serving on {args.host}, reachable from other machines", file=sys.stderr)
    devnet = Devnet(ChainData(), speed=args.speed)
    providers = BridgeProviders(devnet)  # the world's bridges: their operators run with the server
    engine = Engine(DevnetBackend(devnet), bridges=BridgeEndpoints.in_process(providers.apps()))
    app = create_app(engine, devnet=devnet, providers=providers)
    uvicorn.Server(config(app, host=args.host, port=args.port)).run()
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
        prog="swapdesk", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    root.add_argument("--server", help="drive a server speaking the spec instead of the embedded engine")
    commands = root.add_subparsers(dest="command")
    serve = commands.add_parser("serve", help="serve the swap query API and devnet JSON-RPC over HTTP")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (default: loopback only)")
    serve.add_argument("--port", type=int, default=8545)
    serve.add_argument(
        "--speed", type=_speed, default=None, help="devnet speed: block times divided by this, 1..1000 (default 1)"
    )
    serve.set_defaults(run=_serve)
    cli.add_commands(commands)
    devnet = commands.add_parser("devnet", help="the embedded devnet")
    devnet_commands = devnet.add_subparsers(dest="devnet_command", required=True)
    build = devnet_commands.add_parser("build", help="build (or load from snapshot) the demo worlds")
    build.add_argument("--chain", action="append", help="chain flag or id; repeat; default all")
    build.set_defaults(run=_devnet_build)
    reset = devnet_commands.add_parser("reset", help="start chains over from their worlds (deletes their data)")
    reset.add_argument("--chain", action="append", help="chain flag or id; repeat; default all")
    reset.add_argument("--yes", action="store_true", help="really delete the chains' blocks and balances")
    reset.set_defaults(run=_devnet_reset)
    return root


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
        from swapdesk.gui.app import run

        return run(args.server)
    return int(args.run(args))


if __name__ == "__main__":
    sys.exit(main())
