"""A fresh chain for the bridge contract tests: funded accounts, a clock in the
test's hands, one chain's bridged tokens, and reading calls, events and refusals."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from eth_abi import decode
from eth_utils import keccak, to_checksum_address

from swapdesk.contracts import Artifact, artifact
from swapdesk.devnet.accounts import demo_address, demo_key
from swapdesk.devnet.bridges.config import ASSETS
from swapdesk.devnet.bridges.operators import DESK_INDEX, MPC_INDEX, VALIDATOR_INDEXES
from swapdesk.devnet.evm import Call, DevChain, ExecutionReverted
from swapdesk.devnet.manifest import Manifest, TokenEntry
from swapdesk.devnet.sender import Reverted, Sender
from swapdesk.devnet.world import WORLDS

ERC20, WETH = artifact("ERC20"), artifact("WETH9")
DEPLOYER, ALICE, BOB = 9, 2, 3  # demo account indexes
START = 1_700_000_000  # genesis time; the test moves the clock from there


class ManualClock:
    """The chain's clock, moved only by the test: every block is stamped `at`."""

    def __init__(self, at: int) -> None:
        self.at = at

    def now(self) -> float:
        return float(self.at)

    def stamp(self, parent: int) -> int:
        return max(self.at, parent)

    def advance(self, seconds: int) -> None:
        self.at += seconds


@dataclass
class Fresh:
    chain: DevChain
    clock: ManualClock
    deployer: Sender
    alice: Sender
    bob: Sender
    mpc: Sender
    desk: Sender


def fresh_chain(chain_id: int, fund_operators: bool = True) -> Fresh:
    """A new chain where the deployer, two users and (unless told otherwise) every operator hold native coin."""
    indexes = [DEPLOYER, ALICE, BOB] + ([MPC_INDEX, DESK_INDEX, *VALIDATOR_INDEXES] if fund_operators else [])
    balances = {bytes.fromhex(demo_address(i)[2:]): 10**30 for i in indexes}
    clock = ManualClock(START)
    chain = DevChain.from_genesis(chain_id, balances, base_fee=10**9, timestamp=START, clock=clock)
    return Fresh(chain, clock, *(Sender(chain, demo_key(i)) for i in (DEPLOYER, ALICE, BOB, MPC_INDEX, DESK_INDEX)))


def deploy_tokens(me: Sender, chain_id: int) -> Manifest:
    """Just the world's wrapped coin and bridged tokens of `chain_id`, as a manifest lists them."""
    spec = WORLDS[chain_id]
    carried = [asset.symbols[chain_id] for asset in ASSETS if chain_id in asset.symbols]
    symbols = [symbol for symbol in carried if symbol != spec.wrapped.symbol]
    wrapped = me.deploy(WETH, spec.wrapped.name, spec.wrapped.symbol, spec.wrapped.decimals)
    tokens = [TokenEntry(to_checksum_address(wrapped), spec.wrapped.symbol, spec.wrapped.name, spec.wrapped.decimals)]
    for symbol in symbols:
        token = spec.token(symbol)
        address = me.deploy(ERC20, token.name, token.symbol, token.decimals)
        tokens.append(TokenEntry(to_checksum_address(address), token.symbol, token.name, token.decimals))
    return Manifest(
        chain_id=chain_id,
        multicall="",
        wrapped=tokens[0].address,
        discount_token="",
        deployer=me.address,
        demo_accounts=[],
        tokens=tokens,
        sources=[],
        pair_blueprint="",
        router="",
        fee_collector="",
    )


def view(me: Sender, address: bytes | str, art: Artifact, function: str, *args: Any) -> Any:
    """The single return value of a view (a tuple when it returns several or a struct)."""
    values = art.decode(function, me.call(address, art.encode(function, *args)))
    return values[0] if len(values) == 1 else values


def balance(me: Sender, token: bytes | str, owner: bytes | str) -> int:
    return int(view(me, token, ERC20, "balanceOf", owner))


def native(chain: DevChain, owner: str) -> int:
    return chain.balance(bytes.fromhex(owner[2:]))


def refused(me: Sender, to: bytes | str, data: bytes, reason: str, value: int = 0) -> None:
    """The call reverts with `reason`, and so does the transaction, which changes nothing.

    Not for checks that hang on the clock: eth_call runs at wall-clock time, not the chain's."""
    target = bytes.fromhex(to[2:]) if isinstance(to, str) else to
    try:
        me.chain.call(Call(sender=me.raw_address, to=target, data=data, value=value))
    except ExecutionReverted as exc:
        assert reason in str(exc), f"reverted with {exc}, not {reason!r}"
    else:
        raise AssertionError(f"the call succeeded; expected a revert with {reason!r}")
    reverts(me, to, data, value)


def reverts(me: Sender, to: bytes | str, data: bytes, value: int = 0) -> None:
    """The transaction is mined and reverts (at the chain's time)."""
    try:
        me.send(to, data, value=value, gas=2_000_000)
    except Reverted:
        return
    raise AssertionError("the transaction succeeded")


def events(chain: DevChain, tx_hash: bytes, art: Artifact, name: str) -> list[dict[str, Any]]:
    """The `name` events `art`'s contracts logged in the transaction, their fields by name."""
    entry = next(e for e in art.abi if e["type"] == "event" and e["name"] == name)
    signature = f"{name}({','.join(_type(p) for p in entry['inputs'])})"
    topic = int.from_bytes(keccak(text=signature), "big")
    found = chain.transaction(tx_hash)
    assert found is not None
    _, header, index = found
    indexed = [p for p in entry["inputs"] if p["indexed"]]
    plain = [p for p in entry["inputs"] if not p["indexed"]]
    out = []
    for log in chain.receipts(header)[index].logs:
        if not log.topics or log.topics[0] != topic:
            continue
        fields = dict(zip([p["name"] for p in plain], decode([_type(p) for p in plain], log.data), strict=True))
        for param, value in zip(indexed, log.topics[1:], strict=True):
            fields[param["name"]] = decode([_type(param)], value.to_bytes(32, "big"))[0]
        fields["address"] = to_checksum_address(log.address)
        out.append(fields)
    return out


def _type(param: dict[str, Any]) -> str:
    if param["type"].startswith("tuple"):
        return f"({','.join(_type(c) for c in param['components'])}){param['type'][5:]}"
    return str(param["type"])
