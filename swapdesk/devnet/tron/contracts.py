"""The node's registry of deployed contracts: what `wallet/getcontract` answers.

On TRON a contract is deployed with its ABI (CreateSmartContract) and every node keeps it. The devnet's
world is deployed with Ethereum transactions, so whoever deploys on the TRON chain registers each contract
here (`register`, or `register_world` for a whole world from its manifest), as a `SmartContract` record in
the chain's own database. The ABI is java-tron's: entries typed `Function`, `Event`..., state mutability
`View`, `Nonpayable`...; a parameter has no `components`, so a tuple is only `tuple`, as on TRON.
"""

from __future__ import annotations

from typing import Any

from eth_utils import keccak

from swapdesk.chain.tron.messages import ENTRY_TYPE, MUTABILITY, SMART_CONTRACT
from swapdesk.chain.tron.protobuf import Msg, decode, encode
from swapdesk.contracts import Artifact, artifact, vendored
from swapdesk.devnet.bridges.deployment import BridgeDeployment
from swapdesk.devnet.evm import DevChain
from swapdesk.devnet.manifest import Manifest

_CONTRACT = b"tron/contract/"
_FUNCTION = ENTRY_TYPE.numbers["Function"]
_CONSTANT = (MUTABILITY.numbers["View"], MUTABILITY.numbers["Pure"])
USER_PAYS_ALL = 100  # consume_user_resource_percent: the caller pays all the energy (no sharing here)


def register(chain: DevChain, contract: bytes, name: str, abi: list[dict[str, Any]], origin: bytes) -> None:
    """Record that `contract` (20 bytes), deployed by `origin`, answers to `abi` (Ethereum's JSON ABI)."""
    smart = {
        "origin_address": b"\x41" + origin,
        "contract_address": b"\x41" + contract,
        "abi": {"entrys": [_entry(e) for e in abi]},
        "consume_user_resource_percent": USER_PAYS_ALL,
        "name": name,
    }
    chain.put_record(_CONTRACT + contract, encode(SMART_CONTRACT, smart))


def register_world(chain: DevChain, manifest: Manifest) -> None:
    """Register every contract of a world (the builder's hook, for the TRON chain)."""
    deployer = _raw(manifest.deployer)
    named: list[tuple[str | None, Artifact]] = [
        (manifest.multicall, vendored("Multicall3")),
        (manifest.router, artifact("AggregationRouter")),
    ]
    named += [
        (t.address, artifact("WETH9") if t.address == manifest.wrapped else artifact("ERC20")) for t in manifest.tokens
    ]
    for source in manifest.sources:
        if source.kind == "uniswap_v2":
            own = source.router is not None  # Uniswap's own factory (with its Router02), or swapdesk's Vyper one
            pick = vendored if own else artifact
            named += [(source.address, pick("UniswapV2Factory")), (source.router, vendored("UniswapV2Router02"))]
            named += [(pool, pick("UniswapV2Pair")) for pool in source.pools]
        elif source.kind == "uniswap_v3":
            named += [(source.address, vendored("UniswapV3Factory")), (source.router, vendored("SwapRouter"))]
            named += [
                (source.quoter, vendored("QuoterV2")),
                (source.position_manager, vendored("NonfungiblePositionManager")),
            ]
            named += [(pool, vendored("UniswapV3Pool")) for pool in source.pools]
        else:
            named.append((source.address, artifact("StableSwap")))
    for address, art in named:
        if address is not None:
            register(chain, _raw(address), art.name, art.abi, deployer)


def register_bridges(chain: DevChain, bridges: BridgeDeployment, deployer: str) -> None:
    """Register the bridges' contracts of a world (the builder's hook, for the TRON chain)."""
    named = [(bridges.anyswap.router, "AnyswapV6Router"), (bridges.cbridge.bridge, "CBridge")]
    named += [(bridges.metapath.contract, "Bridgers")]
    named += [(token.address, "AnyswapV6ERC20") for token in bridges.anyswap.tokens]
    for address, name in named:
        register(chain, _raw(address), name, artifact(name).abi, _raw(deployer))


def smart_contract(chain: DevChain, contract: bytes) -> Msg | None:
    """The SmartContract at `contract` (20 bytes) with its code, or None where no code is.

    A contract nobody registered still answers, without an ABI (as one whose ABI was cleared)."""
    code = chain.code(contract)
    if not code:
        return None
    found = chain.record(_CONTRACT + contract)
    smart = decode(SMART_CONTRACT, found) if found is not None else {"contract_address": b"\x41" + contract}
    smart["bytecode"] = code
    smart["code_hash"] = keccak(code)
    return smart


def is_constant(chain: DevChain, contract: bytes, data: bytes) -> bool:
    """Whether `data` calls a view or pure function of `contract` (20 bytes), by its registered ABI."""
    found = chain.record(_CONTRACT + contract)
    if found is None or len(data) < 4:
        return False
    for entry in decode(SMART_CONTRACT, found).get("abi", {}).get("entrys", []):
        if entry.get("type") == _FUNCTION and entry.get("stateMutability") in _CONSTANT:
            signature = f"{entry.get('name', '')}({','.join(p.get('type', '') for p in entry.get('inputs', []))})"
            if keccak(signature.encode())[:4] == data[:4]:
                return True
    return False


def _entry(entry: dict[str, Any]) -> Msg:
    out: Msg = {"type": ENTRY_TYPE.numbers[str(entry["type"]).capitalize()]}
    for key in ("name", "anonymous", "constant", "payable"):
        if key in entry:
            out[key] = entry[key]
    for key in ("inputs", "outputs"):
        if key in entry:
            out[key] = [{k: p[k] for k in ("indexed", "name", "type") if k in p} for p in entry[key]]
    if "stateMutability" in entry:
        out["stateMutability"] = MUTABILITY.numbers[str(entry["stateMutability"]).capitalize()]
    return out


def _raw(address: str) -> bytes:
    return bytes.fromhex(address.removeprefix("0x"))
