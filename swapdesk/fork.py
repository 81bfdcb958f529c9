"""Practice on real state: a real network forked by anvil at its latest block, on loopback, for one run.

`swapdesk --fork CHAIN=URL` starts anvil with `--fork-url URL`: every pool, price and contract of that chain as
it is now, read from the node on demand, and nothing sent anywhere but the local fork. The user's accounts are
given 100 of the chain's coin there (`anvil_setBalance`), so they can swap with nothing at stake; the app then
reaches the chain through the fork's URL like any node, with the chain's catalogue. The forks stop with the app.

anvil is found by `tools.anvil_path` (the bundle's, PATH's, or the npm package the checkout pins); without it,
the error says how to get it.
"""

from __future__ import annotations

import logging
import queue
import subprocess
import threading
from dataclasses import dataclass, field

import httpx

from swapdesk.chains import Chain
from swapdesk.tools import anvil_path

log = logging.getLogger(__name__)
START_SECONDS = 60.0  # anvil asks the forked node for its head before it listens
DEMO_COINS = 100  # of the chain's coin, per account
GET_ANVIL = (
    "anvil (Foundry's local node) is needed to fork a network: install Foundry (https://getfoundry.sh),"
    " or in a checkout run `npm ci` for the @foundry-rs/anvil package it pins; swapdesk's bundle carries it"
)


class ForkError(RuntimeError):
    """A fork that could not start, said in words."""


@dataclass
class Fork:
    chain: Chain
    upstream: str  # the real network's JSON-RPC URL
    url: str = ""  # the fork's, once started
    block: int = 0  # the block it forked at
    _process: subprocess.Popen[str] | None = field(default=None, repr=False)

    def start(self) -> str:
        """Start anvil forking `upstream` at its latest block; the fork's URL. ForkError in words otherwise."""
        binary = anvil_path()
        if binary is None:
            raise ForkError(GET_ANVIL)
        command = [str(binary), "--fork-url", self.upstream, "--port", "0", "--host", "127.0.0.1"]
        process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self._process = process
        listening: queue.Queue[str | None] = queue.Queue()
        said: list[str] = []

        def drain() -> None:  # anvil says where it listens, then logs requests: read all, or its pipe fills
            assert process.stdout is not None
            for line in process.stdout:
                if line.startswith("Listening on "):
                    listening.put("http://" + line.split()[-1])
                elif len(said) < 20:
                    said.append(line.strip())
            listening.put(None)

        threading.Thread(target=drain, name=f"anvil-fork-{self.chain.flag}", daemon=True).start()
        try:
            url = listening.get(timeout=START_SECONDS)
        except queue.Empty:
            url = None
        if url is None:
            self.stop()
            why = next((line for line in said if "rror" in line), " ".join(said)[-300:] or "it did not start")
            raise ForkError(f"anvil could not fork {self.chain.name} from {self.upstream}: {why}")
        self.url = url
        self.block = int(self._rpc("eth_blockNumber"), 16)
        return url

    def fund(self, addresses: list[str]) -> None:
        """Give each address DEMO_COINS of the chain's coin on the fork (only there)."""
        amount = DEMO_COINS * 10**self.chain.native_decimals
        for address in addresses:
            self._rpc("anvil_setBalance", address, hex(amount))

    def _rpc(self, method: str, *params: object) -> str:
        answer = httpx.post(self.url, json={"jsonrpc": "2.0", "id": 1, "method": method, "params": list(params)},
                            timeout=30).json()  # fmt: skip
        if "error" in answer:
            raise ForkError(f"the fork of {self.chain.name} refused {method}: {answer['error'].get('message')}")
        return str(answer["result"])

    def stop(self) -> None:
        process, self._process = self._process, None
        if process is not None and process.poll() is None:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def start_forks(wanted: dict[Chain, str], accounts: list[str]) -> tuple[list[Fork], list[str]]:
    """Each chain's fork started and `accounts` funded there: the forks (to stop at the end), and what the
    person should hear. On a failure the forks already started are stopped and ForkError says why."""
    forks: list[Fork] = []
    try:
        for chain, upstream in wanted.items():
            fork = Fork(chain, upstream)
            forks.append(fork)
            fork.start()
            fork.fund(accounts)
    except BaseException:
        for fork in forks:
            fork.stop()
        raise
    told = [
        f"Practice on {f.chain.name}: a local fork of it at block {f.block}, real pools and prices; your accounts"
        f" hold {DEMO_COINS} {f.chain.native_symbol} there, and nothing is sent to the real network."
        for f in forks
    ]
    return forks, told


@dataclass
class Forks:
    """The networks to fork for this run (`swapdesk --fork CHAIN=URL`, else Settings), and the forks running,
    which the app stops when it ends."""

    wanted: dict[Chain, str] = field(default_factory=dict)
    started: list[Fork] = field(default_factory=list)

    def run(self, wanted: dict[Chain, str], accounts: list[str]) -> list[str]:
        """The forks of `wanted` running (those already running kept, as their funds are; the others stopped),
        `accounts` funded on the new ones; what the person should hear. ForkError says why not."""
        kept = [f for f in self.started if wanted.get(f.chain) == f.upstream]
        for fork in self.started:
            if fork not in kept:
                fork.stop()
        missing = {chain: url for chain, url in wanted.items() if all(f.chain != chain for f in kept)}
        started, told = start_forks(missing, accounts) if missing else ([], [])
        self.started = kept + started
        return told

    def stop(self) -> None:
        for fork in self.started:
            fork.stop()
        self.started = []
