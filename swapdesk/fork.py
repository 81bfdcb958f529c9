"""Practice on real state: a real network forked by anvil at its latest block, on loopback, for one run.

`swapdesk --fork CHAIN=URL` starts anvil with `--fork-url URL`: every pool, price and contract of that chain as
it is now, read from the node on demand, and nothing sent anywhere but the local fork. The user's accounts are
given 100 more of the chain's coin there (`anvil_setBalance`), so they can swap with nothing at stake; the app
then reaches the chain through the fork's URL like any node, with the chain's catalogue. The forks stop with
the app.

Practice must be worthless on the real network: each fork runs under a chain id of its own, new for each run
(`--chain-id`), so every transaction signed there is bound to it (EIP-155) and no real network, nor a later
fork, accepts it; the outbox records that id and never sends such a transaction anywhere else
(`trade.outbox`). The URL is checked first to be a node of the chain named.

anvil is found by `child_processes.anvil_path` (the bundle's, PATH's, or the npm package the checkout pins); without it,
the error says how to get it.
"""

from __future__ import annotations

import logging
import queue
import secrets
import subprocess
import threading
from dataclasses import dataclass, field

import httpx

from swapdesk.chains import CHAINS, Chain
from swapdesk.child_processes import anvil_path, child_options
from swapdesk.words import QT_TR_NOOP, Worded

log = logging.getLogger(__name__)
START_SECONDS = 60.0  # anvil asks the forked node for its head before it listens
DEMO_COINS = 100  # of the chain's coin, per account, added to what the account holds there
ASK_SECONDS = 15.0  # the upstream node asked which chain it is
# practice chain ids: above every public chain's (chainlist's largest are below 2^32), below 2^53 (what wallets
# written in JavaScript can hold), and none of the chains swapdesk knows
PRACTICE_IDS = range(2**40, 2**48)
GET_ANVIL = QT_TR_NOOP(
    "anvil (Foundry's local node) is needed to fork a network: install Foundry (https://getfoundry.sh),"
    " or in a checkout run `npm ci` for the @foundry-rs/anvil package it pins; swapdesk's bundle carries it"
)
NOT_FORKED = QT_TR_NOOP("anvil could not fork {chain} from {url}: {why}")
OTHER_CHAIN = QT_TR_NOOP("{url} is a node of chain {answered}, not of {chain} ({id}): nothing was forked")
REFUSED = QT_TR_NOOP("the fork of {chain} refused {method}: {why}")


class ForkError(Worded, RuntimeError):
    """A fork that could not start, said in words; `chain`: the chain whose fork it is (the session starts the
    app without that fork, `swapdesk.session`)."""

    def __init__(self, template: str, forked: Chain, **words: object) -> None:
        super().__init__(template, **words)
        self.chain = forked


def practice_chain_id() -> int:
    """A chain id for one practice run: new each time, so nothing signed on one fork is valid on another."""
    known = {chain.id for chain in CHAINS}
    while (chosen := PRACTICE_IDS[secrets.randbelow(len(PRACTICE_IDS))]) in known:
        pass
    return chosen


@dataclass
class Fork:
    chain: Chain
    upstream: str  # the real network's JSON-RPC URL
    url: str = ""  # the fork's, once started
    block: int = 0  # the block it forked at
    chain_id: int = field(default_factory=practice_chain_id)  # what the fork answers and signs for
    _process: subprocess.Popen[str] | None = field(default=None, repr=False)

    def start(self) -> str:
        """Start anvil forking `upstream` at its latest block; the fork's URL. ForkError in words otherwise."""
        binary = anvil_path()
        if binary is None:
            raise ForkError(GET_ANVIL, self.chain)
        self._check_upstream()
        command = [str(binary), "--fork-url", self.upstream, "--port", "0", "--host", "127.0.0.1",
                   "--chain-id", str(self.chain_id)]  # fmt: skip
        process = subprocess.Popen(
            command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, **child_options()
        )
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
            reason = next((line for line in said if "rror" in line), " ".join(said)[-300:] or "it did not start")
            raise ForkError(NOT_FORKED, self.chain, chain=self.chain.name, url=self.upstream, why=reason)
        self.url = url
        self.block = int(self._rpc("eth_blockNumber"), 16)
        log.info("practice fork of %s at %s: block %d, chain id %d", self.chain.name, url, self.block, self.chain_id)
        return url

    def _check_upstream(self) -> None:
        """The URL is a node of the chain named: a fork of another chain would be practice on the wrong world."""
        try:
            answered = node_chain_id(self.upstream, ASK_SECONDS)
        except (httpx.HTTPError, ValueError, KeyError, TypeError) as exc:
            raise ForkError(NOT_FORKED, self.chain, chain=self.chain.name, url=self.upstream, why=why(exc)) from None
        if answered != self.chain.id:
            raise ForkError(
                OTHER_CHAIN, self.chain, url=self.upstream, answered=answered, chain=self.chain.name, id=self.chain.id
            )

    def fund(self, addresses: list[str]) -> None:
        """Add DEMO_COINS of the chain's coin to each address on the fork (only there)."""
        amount = DEMO_COINS * 10**self.chain.native_decimals
        for address in addresses:
            held = int(self._rpc("eth_getBalance", address, "latest"), 16)
            self._rpc("anvil_setBalance", address, hex(held + amount))

    def _rpc(self, method: str, *params: object) -> str:
        try:
            return json_rpc(self.url, method, *params)
        except (httpx.HTTPError, ValueError, KeyError, TypeError) as exc:
            raise ForkError(REFUSED, self.chain, chain=self.chain.name, method=method, why=why(exc)) from None

    def stop(self) -> None:
        process, self._process = self._process, None
        if process is not None and process.poll() is None:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def json_rpc(url: str, method: str, *params: object, timeout: float = 30) -> str:
    """One JSON-RPC call; its result. ValueError with the node's words when it answers an error."""
    answer = httpx.post(
        url, json={"jsonrpc": "2.0", "id": 1, "method": method, "params": list(params)}, timeout=timeout
    ).json()
    if not isinstance(answer, dict) or "result" not in answer:
        error = answer.get("error") if isinstance(answer, dict) else None
        raise ValueError(error.get("message") if isinstance(error, dict) else f"no result in {str(answer)[:200]}")
    return str(answer["result"])


def node_chain_id(url: str, timeout: float) -> int:
    """The chain id the node at `url` answers (`eth_chainId`); httpx.HTTPError or ValueError when it answers none."""
    return int(json_rpc(url, "eth_chainId", timeout=timeout), 16)


def why(exc: Exception) -> str:
    """An error of a call to a node, in its own words (httpx's, or the node's)."""
    return str(exc) or type(exc).__name__


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
        f"Practice on {f.chain.name}: a local fork of it at block {f.block}, real pools and prices, under a chain id"
        f" of its own ({f.chain_id}); your accounts got {DEMO_COINS} {f.chain.native_symbol} more there, and"
        " nothing signed there is valid on the real network."
        for f in forks
    ]
    return forks, told


@dataclass
class Forks:
    """The networks to fork for this run (`swapdesk --fork CHAIN=URL`, else Settings), and the forks running,
    which the app stops when it ends."""

    wanted: dict[Chain, str] = field(default_factory=dict)
    started: list[Fork] = field(default_factory=list)
    left_out: set[Chain] = field(default_factory=set)  # forks that could not start, not tried again in this build

    def run(self, wanted: dict[Chain, str], accounts: list[str]) -> list[str]:
        """The forks of `wanted` running (those already running kept, as their funds are; the others stopped),
        `accounts` funded on the new ones; what the person should hear. ForkError says why not."""
        wanted = {chain: url for chain, url in wanted.items() if chain not in self.left_out}
        kept = [f for f in self.started if wanted.get(f.chain) == f.upstream]
        for fork in self.started:
            if fork not in kept:
                fork.stop()
        missing = {chain: url for chain, url in wanted.items() if all(f.chain != chain for f in kept)}
        started, told = start_forks(missing, accounts) if missing else ([], [])
        self.started = kept + started
        return told

    @property
    def practice(self) -> dict[int, int]:
        """Each forked chain's id -> the practice chain id its fork runs under."""
        return {fork.chain.id: fork.chain_id for fork in self.started}

    def stop(self) -> None:
        for fork in self.started:
            fork.stop()
        self.started = []
