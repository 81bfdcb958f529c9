"""The `swapdesk` command.

    swapdesk [--server URL]                            open the window (embedded devnet, or a server)
swapdesk serve [--host 127.0.0.1] [--port 8545]   serve the API and devnet JSON-RPC
swapdesk devnet build [--chain FLAG ...]          build (or load) devnet worlds
"""

from __future__ import annotations

import argparse
import asyncio
import ipaddress
import logging
import sys
import time

from swapdesk import cli
from swapdesk.chains import CHAINS, UnknownChain, resolve


def _serve(args: argparse.Namespace) -> int:
    import uvicorn

    from swapdesk.devnet.network import Devnet
    from swapdesk.engine import DevnetBackend, Engine
    from swapdesk.server import create_app

    if not _is_loopback(args.host):
        print(f"warning: serving on {args.host}, reachable from other machines", file=sys.stderr)
    devnet = Devnet()
    app = create_app(Engine(DevnetBackend(devnet)), devnet=devnet)
    uvicorn.run(app, host=args.host, port=args.port, log_level="info")
    return 0


def _is_loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host == "localhost"


def _devnet_build(args: argparse.Namespace) -> int:
    from swapdesk.devnet.network import Devnet

    try:
        chains = [resolve(c) for c in args.chain] if args.chain else list(CHAINS)
    except UnknownChain as exc:
        print(f"--chain: unknown chain {exc}", file=sys.stderr)
        return 2

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
    serve.set_defaults(run=_serve)
    cli.add_commands(commands)
    devnet = commands.add_parser("devnet", help="the embedded devnet")
    devnet_commands = devnet.add_subparsers(dest="devnet_command", required=True)
    build = devnet_commands.add_parser("build", help="build (or load from snapshot) the demo worlds")
    build.add_argument("--chain", action="append", help="chain flag or id; repeat; default all")
    build.set_defaults(run=_devnet_build)
    return root


def main(argv: list[str] | None = None) -> int:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    args = parser().parse_args(argv)
    if not hasattr(args, "run"):
        from swapdesk.gui.app import run

        return run(args.server)
    return int(args.run(args))


if __name__ == "__main__":
    sys.exit(main())
