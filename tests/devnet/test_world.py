"""The demo world: what the issue promises each chain holds, and how chains run."""

from __future__ import annotations

import json
import threading
from typing import Any

import pytest

from swapdesk.chains import CHAINS, by_id
from swapdesk.devnet import rpc
from swapdesk.devnet.accounts import ACCOUNT_0, demo_address
from swapdesk.devnet.evm import DevChain
from swapdesk.devnet.network import Devnet
from swapdesk.devnet.world import WORLDS

MAINSTREAM_DECIMALS = {
    (1, "USDT"): 6,
    (1, "USDC"): 6,
    (1, "WBTC"): 8,
    (56, "USDT"): 18,
    (56, "USDC"): 18,
    (137, "USDT"): 6,
    (95500, "USDT"): 6,
}


def test_account_zero_is_the_well_known_one() -> None:
    assert demo_address(0) == ACCOUNT_0 == "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"


def test_every_chain_has_a_world_with_three_v2_families_and_a_stableswap() -> None:
    assert set(WORLDS) == {c.id for c in CHAINS}
    for chain_id, spec in WORLDS.items():
        assert spec.wrapped.symbol == by_id(chain_id).wrapped_symbol
        assert spec.wrapped.decimals == by_id(chain_id).native_decimals
        assert len(spec.sources) >= 3
        assert len({s.fee_bps for s in spec.sources}) >= 2, "fees differ between families"
        for (cid, symbol), decimals in MAINSTREAM_DECIMALS.items():
            if cid == chain_id:
                assert spec.token(symbol).decimals == decimals


@pytest.mark.parametrize("chain_id", [1, 95500])
async def test_manifest_matches_the_chain(devnet: Devnet, chain_id: int) -> None:
    manifest = await devnet.manifest(chain_id)
    spec = WORLDS[chain_id]
    assert [t.symbol for t in manifest.tokens] == spec.symbols()
    assert [s.kind for s in manifest.sources] == ["uniswap_v2"] * len(spec.sources) + ["stableswap", "uniswap_v3"]
    for source in manifest.sources[: len(spec.sources)]:
        assert len(source.pools) == len(spec.pairs())
    v3 = manifest.sources[-1]
    assert len(v3.pools) == len(spec.v3_pairs()) and v3.fee_tiers == sorted({fee for _, fee in spec.v3_pairs()})

    def codes(chain: DevChain) -> list[int]:
        return [len(chain.code(bytes.fromhex(p[2:]))) for s in manifest.sources for p in s.pools]

    assert all(size > 0 for size in await devnet.run(chain_id, codes))


async def test_chains_start_on_demand_and_evm_work_stays_off_the_loop(
    devnet: Devnet, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[str] = []
    real = rpc.call

    def spy(chain: DevChain, method: str, params: Any, **options: Any) -> Any:
        seen.append(threading.current_thread().name)
        return real(chain, method, params, **options)

    monkeypatch.setattr(rpc, "call", spy)
    reply = await devnet.rpc(8217, {"jsonrpc": "2.0", "id": 1, "method": "eth_blockNumber", "params": []})
    assert 8217 in devnet.running()
    assert reply is not None and int(json.loads(reply)["result"], 16) > 0
    # other devnets of the session (a served one's bridge operators) call too: none of it on the loop's thread
    assert "devnet-8217_0" in seen and all(name.startswith("devnet-") for name in seen)
    assert threading.current_thread().name == "MainThread"


async def test_snapshot_restores_the_same_state(devnet: Devnet) -> None:
    def fingerprint(chain: DevChain) -> tuple[int, bytes, int]:
        return chain.head.block_number, chain.head.state_root, chain.balance(bytes.fromhex(demo_address(5)[2:]))

    live = await devnet.run(250, fingerprint)
    blob = await devnet.run(250, DevChain.dump)
    restored = DevChain.restore(250, blob)
    assert fingerprint(restored) == live
