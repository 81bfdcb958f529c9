"""The operators' crash test: a process running the devnet and the three bridge operators is killed with
SIGKILL at random points of a batch of orders (payouts under way included) and started again, round
after round; at the end every order has completed exactly once: each payout id is paid once on its
destination chain, and the receiver's balances grew by exactly the sum of the orders' payouts."""

from __future__ import annotations

import random
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
from eth_abi import decode
from eth_account import Account
from eth_utils import keccak

from swapdesk.chain.bridge_events import ANY_SWAP_IN, BRIDGERS_PAYOUT, CB_RELAY
from swapdesk.contracts import artifact
from swapdesk.devnet.accounts import demo_key
from swapdesk.devnet.bridges.anyswap import MACHINE as ANYSWAP
from swapdesk.devnet.bridges.cbridge import MACHINE as CBRIDGE
from swapdesk.devnet.bridges.celer import send_transfer_id
from swapdesk.devnet.bridges.metapath import MACHINE as METAPATH
from swapdesk.devnet.bridges.metapath import order_id
from swapdesk.devnet.bridges.store import OrderStore
from swapdesk.devnet.sender import signed_transaction

pytestmark = pytest.mark.slow

BSC, POLYGON = 56, 137
CODES = {BSC: "BSC", POLYGON: "POLYGON"}
ROUNDS = 6  # kills
SPEED = 20
BRIDGES = ("anyswap", "cbridge", "metapath")
FINAL = {"anyswap": "MatchTxStable", "cbridge": "COMPLETED", "metapath": "receive_complete"}
SENT = {"MatchTxNotStable", "WAITING_FOR_FUND_RELEASE", "wait_receive_confirm"}  # a payout is out
ERC20, ROUTER, CB, BRIDGERS = (artifact(n) for n in ("ERC20", "AnyswapV6Router", "CBridge", "Bridgers"))


class Child:
    """The devnet and its operators in their own process, on their own data folder."""

    def __init__(self, data: Path) -> None:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self.data = data
        self.process: subprocess.Popen[bytes] | None = None

    def start(self, hold: bool = False) -> None:
        """`hold`: the operators stop moving orders once a payout is out (see bridges_child), until the kill."""
        command = [sys.executable, "-m", "tests.devnet.bridges_child", str(self.data), str(self.port), str(SPEED)]
        command += ["hold"] if hold else []
        root = Path(__file__).parents[2]
        self.process = subprocess.Popen(command, cwd=root, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:  # up when it answers, not after a guessed delay
            try:
                if all(rpc(self.url, chain, "eth_chainId") == hex(chain) for chain in CODES):
                    return
            except httpx.TransportError:
                if self.process.poll() is not None:
                    raise RuntimeError("the child exited") from None
                time.sleep(0.05)
        raise RuntimeError("the child did not come up")

    def kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait()


def rpc(url: str, chain_id: int, method: str, *params: Any) -> Any:
    body = {"jsonrpc": "2.0", "id": 1, "method": method, "params": list(params)}
    reply = httpx.post(f"{url}/rpc/{chain_id}", json=body, timeout=30).json()
    if "error" in reply:
        raise RuntimeError(reply["error"]["message"])
    return reply["result"]


@dataclass
class Deposit:
    bridge: str
    src: int
    dst: int
    tx: str
    key: str  # the provider's order id


class User:
    """Demo account 1 sending, account 7 receiving: signed here, sent through the child's JSON-RPC."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.me = Account.from_key(demo_key(1))
        self.receiver = Account.from_key(demo_key(7)).address

    def sign(self, chain_id: int, to: str, data: bytes) -> tuple[str, bytes]:
        nonce = int(rpc(self.url, chain_id, "eth_getTransactionCount", self.me.address, "pending"), 16)
        base_fee = int(rpc(self.url, chain_id, "eth_getBlockByNumber", "latest", False)["baseFeePerGas"], 16)
        raw = signed_transaction(self.me, chain_id, nonce, base_fee, to, data, 0, 1_500_000)
        return "0x" + keccak(raw).hex(), raw

    def send(self, chain_id: int, raw: bytes) -> None:
        receipt = rpc(self.url, chain_id, "eth_sendRawTransactionSync", "0x" + raw.hex())
        assert receipt["status"] == "0x1"


def deployments(url: str) -> dict[int, dict[str, Any]]:
    """Where the bridges are, from the providers' own APIs."""
    out: dict[int, dict[str, Any]] = {}
    for chain_id in CODES:
        tokens = httpx.get(f"{url}/providers/anyswap/v4/tokenlistv4/{chain_id}", timeout=30).json()
        usdt = next(entry for entry in tokens.values() if entry["tokenid"] == "USDT")
        route = next(iter(usdt["destChains"][str(POLYGON if chain_id == BSC else BSC)].values()))
        configs = httpx.get(f"{url}/providers/cbridge/v2/getTransferConfigsForAll", timeout=30).json()
        bridge = next(c["contract_addr"] for c in configs["chains"] if c["id"] == chain_id)
        other = POLYGON if chain_id == BSC else BSC
        body = {"fromTokenChain": CODES[chain_id], "toTokenChain": CODES[other], "fromTokenAddress": usdt["address"],
                "toTokenAddress": route["underlying"]["address"], "fromTokenAmount": "1"}  # fmt: skip
        vault = httpx.post(f"{url}/providers/metapath/api/sswap/quote", json=body, timeout=30).json()
        out[chain_id] = {
            "usdt": usdt["address"],
            "decimals": usdt["decimals"],
            "router": route["router"],
            "anytoken": route["fromanytoken"]["address"],
            "bridge": bridge,
            "vault": vault["data"]["txData"]["contractAddress"],
        }
    return out


def deposit(user: User, where: dict[int, Any], bridge: str, src: int, n: int, signed: list[Deposit]) -> None:
    """One deposit straight to a bridge (exact approval first), kept in `signed` before it is sent: the
    child may die under it, and whether it landed is for the chain to say."""
    dst = POLYGON if src == BSC else BSC
    here = where[src]
    amount = (100 + n) * 10 ** here["decimals"]
    spender = {"anyswap": here["router"], "cbridge": here["bridge"], "metapath": here["vault"]}[bridge]
    user.send(src, user.sign(src, here["usdt"], ERC20.encode("approve", spender, amount))[1])
    if bridge == "anyswap":
        call = ROUTER.encode("anySwapOutUnderlying", here["anytoken"], user.receiver, amount, dst)
        tx, raw = user.sign(src, here["router"], call)
        key = tx
    elif bridge == "cbridge":
        nonce = time.time_ns()
        call = CB.encode("send", user.receiver, here["usdt"], amount, dst, nonce, 20_000)
        tx, raw = user.sign(src, here["bridge"], call)
        key = "0x" + send_transfer_id(user.me.address, user.receiver, here["usdt"], amount, dst, nonce, src).hex()
    else:
        code = f"USDT({CODES[dst]})"
        tx, raw = user.sign(src, here["vault"], BRIDGERS.encode("swap", here["usdt"], code, user.receiver, amount, 0))
        key = order_id(src, tx)
    signed.append(Deposit(bridge, src, dst, tx, key))
    user.send(src, raw)
    if bridge == "metapath":  # the order callback; the desk's scanner finds the deposit without it too
        body = {"hash": tx, "fromTokenChain": CODES[src], "toTokenChain": CODES[dst], "fromTokenAddress": here["usdt"],
                "toTokenAddress": where[dst]["usdt"], "fromAddress": user.me.address, "toAddress": user.receiver,
                "fromTokenAmount": str(amount), "amountOutMin": "0"}  # fmt: skip
        httpx.post(f"{user.url}/providers/metapath/api/exchangeRecord/updateDataAndStatus", json=body, timeout=30)


def deposit_until_killed(
    user: User, where: dict[int, dict[str, Any]], rnd: random.Random, signed: list[Deposit]
) -> None:
    try:
        while True:
            deposit(user, where, rnd.choice(BRIDGES), rnd.choice(list(CODES)), len(signed), signed)
    except (httpx.TransportError, RuntimeError, ValueError, KeyError):
        return  # the child died under us


def status(url: str, order: Deposit) -> str | None:
    """The order's status in the provider's own words, or None while the provider does not know it."""
    try:
        if order.bridge == "anyswap":
            info = httpx.get(f"{url}/providers/anyswap/v3/tx/{order.key}", timeout=10).json().get("info") or {}
            return info["timeline"][-1]["status"] if info else None
        if order.bridge == "cbridge":
            answer = httpx.post(f"{url}/providers/cbridge/v2/getTransferStatus", json={"transfer_id": order.key}).json()
            return answer["timeline"][-1]["status"] if answer.get("status") else None
        path = f"{url}/providers/metapath/api/exchangeRecord/getTransDataById"
        answer = httpx.post(path, json={"orderId": order.key}, timeout=10).json()
        return answer["data"]["status"] if answer["resCode"] == 100 else None
    except (httpx.TransportError, ValueError, KeyError):
        return None


def wait(check: Callable[[], bool], what: str, seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"not within {seconds:g} s: {what}")
        time.sleep(0.05)


def balance(url: str, chain_id: int, token: str, owner: str) -> int:
    raw = rpc(url, chain_id, "eth_call", {"to": token, "data": "0x" + ERC20.encode("balanceOf", owner).hex()}, "latest")
    return int(raw, 16)


def payouts(url: str, where: dict[int, dict[str, Any]], chain_id: int) -> dict[str, list[int]]:
    """Every payout on a chain by the id it was paid for: the source tx, transfer or order id."""
    here, found = where[chain_id], dict[str, list[int]]()
    query = {"fromBlock": "0x0", "toBlock": "latest", "address": [here["router"], here["bridge"], here["vault"]]}
    for log in rpc(url, chain_id, "eth_getLogs", query):
        topics, data = [bytes.fromhex(t[2:]) for t in log["topics"]], bytes.fromhex(log["data"][2:])
        if topics[0] == ANY_SWAP_IN.topic:
            key, amount = "0x" + topics[1].hex(), decode(["uint256"], data[:32])[0]
        elif (relay := CB_RELAY.decode_parts(topics, data)) is not None:
            key, amount = "0x" + relay["srcTransferId"].hex(), relay["amount"]
        elif topics[0] == BRIDGERS_PAYOUT.topic:
            key, amount = "0x" + topics[1].hex(), decode(["uint256"], data)[0]
        else:
            continue
        found.setdefault(key, []).append(amount)
    return found


def test_killed_operators_pay_every_order_exactly_once(tmp_path: Path) -> None:
    seed = random.randrange(2**32)
    rnd = random.Random(seed)
    child = Child(tmp_path / "data")
    signed: list[Deposit] = []
    done: set[str] = set()  # orders seen completed: they move no more
    kills: list[int] = []
    try:
        child.start()
        user = User(child.url)
        where = deployments(child.url)
        start = {c: balance(child.url, c, where[c]["usdt"], user.receiver) for c in CODES}
        for round_ in range(ROUNDS):
            paying = round_ % 2 == 1  # killed while a payout is out, its order held open until the kill
            if round_:
                child.start(hold=paying)
            sender = threading.Thread(target=deposit_until_killed, args=(user, where, rnd, signed))
            sender.start()

            def landed_since(first: int = len(signed)) -> bool:  # the round's first deposit on
                return any(landed(child.url, o) for o in signed[first:])

            # every round lands a deposit of its own before its kill (on a busy machine the first takes long), so
            # at least ROUNDS orders are judged at the end: a paying round's payout may be an earlier round's
            wait(landed_since, "a deposit of this round landed", 120)
            if paying:
                wait(lambda: payout_out(child.url, signed, done), "a payout out", 60)
            else:  # anywhere in the batch
                time.sleep(rnd.uniform(0.0, 2.0))  # the kill's random moment, not a wait for anything
            kills.append(time.time_ns() // 1_000_000)
            child.kill()
            sender.join(timeout=60)
        child.start()
        orders = [o for o in signed if landed(child.url, o)]
        assert len(orders) >= ROUNDS, f"too few deposits landed (seed {seed})"
        wait(lambda: all(status(child.url, o) == FINAL[o.bridge] for o in orders), "every order completed", 180)

        paid = {c: payouts(child.url, where, c) for c in CODES}
        for order in orders:
            assert len(paid[order.dst].get(order.key, [])) == 1, f"{order}: {paid[order.dst].get(order.key)} ({seed})"
        for chain_id in CODES:
            grown = balance(child.url, chain_id, where[chain_id]["usdt"], user.receiver) - start[chain_id]
            assert grown == sum(sum(amounts) for amounts in paid[chain_id].values()), f"seed {seed}"
            assert len(paid[chain_id]) == sum(o.dst == chain_id for o in orders)  # nothing paid beyond the orders
        assert killed_while_paying(child, orders, kills), f"no kill landed during a payout (seed {seed})"
    finally:
        child.kill()
    for machine, name in ((ANYSWAP, "anyswap"), (CBRIDGE, "cbridge"), (METAPATH, "metapath")):
        store = OrderStore(tmp_path / "data" / "bridges" / f"{name}.sqlite", machine)
        assert store.integrity() == "ok" and len(store.all()) == sum(o.bridge == name for o in orders)
        store.close()


def payout_out(url: str, signed: list[Deposit], done: set[str]) -> bool:
    """Whether an order's payout is sent and not yet done (orders seen done are not asked again)."""
    for order in list(signed):
        if order.key not in done:
            now = status(url, order)
            if now == FINAL[order.bridge]:
                done.add(order.key)
            elif now in SENT:
                return True
    return False


def landed(url: str, order: Deposit) -> bool:
    receipt = rpc(url, order.src, "eth_getTransactionReceipt", order.tx)
    return receipt is not None and receipt["status"] == "0x1"


def killed_while_paying(child: Child, orders: list[Deposit], kills: list[int]) -> bool:
    """Whether a kill fell between an order's payout being sent and its completion (by the orders'
    timelines, kept by the providers)."""
    for order in orders:
        steps = timeline(child.url, order)
        sent = next((s["time"] for s in steps if s["status"] in SENT), None)
        done = next((s["time"] for s in steps if s["status"] == FINAL[order.bridge]), None)
        if sent is not None and done is not None and any(sent <= kill <= done for kill in kills):
            return True
    return False


def timeline(url: str, order: Deposit) -> list[dict[str, Any]]:
    if order.bridge == "anyswap":
        return list(httpx.get(f"{url}/providers/anyswap/v3/tx/{order.key}", timeout=10).json()["info"]["timeline"])
    if order.bridge == "cbridge":
        answer = httpx.post(f"{url}/providers/cbridge/v2/getTransferStatus", json={"transfer_id": order.key}).json()
        return list(answer["timeline"])
    path = f"{url}/providers/metapath/api/exchangeRecord/getTransDataById"
    return list(httpx.post(path, json={"orderId": order.key}, timeout=10).json()["data"]["timeline"])
