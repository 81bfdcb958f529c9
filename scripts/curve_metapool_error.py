"""The StableSwap model's error on Curve's RAI/3Crv answers (the golden corpus, 16 blocks, get_dy and
get_dy_underlying), as it was read before the pool's generation was told from the chain and as it is now.

    python scripts/curve_metapool_error.py

Before: every pool was built as the classic generation with rates 10**(36 - decimals), its ramp as read
(`initial_A` = A x 100 for this pool), and `get_dy_underlying` was not modelled; also shown, that model with the
contract's rates (RAI's redemption price, the base pool's virtual price). Now: the metapool model.
"""

from __future__ import annotations

import json
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

from swapdesk.engine.routing.stableswap.math import CLASSIC, LATER
from swapdesk.engine.routing.stableswap.meta import MetaPool
from swapdesk.engine.routing.stableswap.pool import StablePool, plain_rates

GOLDEN = Path(__file__).resolve().parents[1] / ".." / "shared" / "golden" / "1"
STATE = GOLDEN / "curve_metapool_rai_3crv_multiblock_18850030_18850480.json"
ANSWERS = GOLDEN / "answers_curve_metapool_multiblock_get_dy.json"


def metapool(recorded: dict[str, Any], block: int) -> MetaPool:
    fixed, s = recorded["immutable"], recorded["states"][str(block)]
    base_fixed = fixed["base_pool"]
    base = StablePool(
        base_fixed["address"], "Curve", tuple(t["address"] for t in base_fixed["tokens"]), tuple(s["base_balances"]),
        plain_rates(t["decimals"] for t in base_fixed["tokens"]), base_fixed["fee"], base_fixed["admin_fee"],
        s["base_initial_a"], s["base_future_a"], s["base_initial_a_time"], s["base_future_a_time"],
        s["block_timestamp"], CLASSIC,
    )  # fmt: skip
    own = StablePool(
        fixed["address"], "Curve", tuple(t["address"] for t in fixed["tokens"]), tuple(s["balances"]),
        (s["redemption_price"], 0), fixed["fee"], fixed["admin_fee"], s["initial_a"], s["future_a"],
        s["initial_a_time"], s["future_a_time"], s["block_timestamp"], LATER,
    )  # fmt: skip
    return MetaPool(own, base, s["base_lp_token_total_supply"], s["base_virtual_price"], s["base_cache_updated"])


def main() -> int:
    if not STATE.is_file() or not ANSWERS.is_file():
        print(f"the golden corpus is absent: {STATE.parent}")
        return 1
    recorded, entries = json.loads(STATE.read_text()), json.loads(ANSWERS.read_text())["entries"]
    own_symbols = [t["symbol"] for t in recorded["immutable"]["tokens"]]
    underlying = [t["symbol"] for t in recorded["immutable"]["tokens_underlying"]]
    decimals = [t["decimals"] for t in recorded["immutable"]["tokens"]]
    errors: dict[str, dict[str, list[float]]] = {}
    unmodelled = wrong_now = 0
    for key, answer in entries.items():
        _, function, pair, block, amount = key.split("|")
        sold, bought = pair.split("->")
        now = metapool(recorded, int(block.removeprefix("blk")))
        expected = answer["value"]
        if function == "get_dy_underlying":
            unmodelled += 1
            got = now.get_dy_underlying(underlying.index(sold), underlying.index(bought), int(amount))
            wrong_now += got != expected
            continue
        i, j = own_symbols.index(sold), own_symbols.index(bought)
        wrong_now += now.get_dy(i, j, int(amount)) != expected
        as_plain = replace(now.own, rates=plain_rates(decimals), variant=CLASSIC)
        as_classic = replace(now.priced, variant=CLASSIC)
        for name, model in (("classic, plain rates", as_plain), ("classic, the contract's rates", as_classic)):
            bps = (model.get_dy(i, j, int(amount)) - expected) * 10_000 / expected
            errors.setdefault(name, {}).setdefault(pair, []).append(bps)
    print(f"{len(entries)} answers; before: {unmodelled} get_dy_underlying answers not modelled")
    for name, by_pair in errors.items():
        for pair, found in by_pair.items():
            print(f"before ({name}) get_dy {pair}: {min(found):+,.0f} to {max(found):+,.0f} bps")
    print(f"now: {wrong_now} of {len(entries)} answers differ from the chain's (get_dy and get_dy_underlying)")
    return 0 if wrong_now == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
