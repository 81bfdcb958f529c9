"""The committed artifacts are what the Vyper sources compile to."""

from swapdesk.contracts import ARTIFACTS, artifact, names
from swapdesk.contracts.build import compile_source, render


def test_committed_artifacts_match_a_fresh_compile() -> None:
    assert names() == [
        "AggregationRouter",
        "AnyswapV6ERC20",
        "AnyswapV6Router",
        "Bridgers",
        "CBridge",
        "ERC20",
        "StableSwap",
        "UniswapV2Factory",
        "UniswapV2Pair",
        "WETH9",
    ]
    for name in names():
        assert (ARTIFACTS / f"{name}.json").read_text() == render(compile_source(name)), name


def test_interfaces_keep_the_protocols_selectors() -> None:
    # selectors of the real deployments these contracts stand for
    assert artifact("UniswapV2Pair").selector("getReserves").hex() == "0902f1ac"
    assert artifact("UniswapV2Pair").selector("swap").hex() == "022c0d9f"
    assert artifact("UniswapV2Factory").selector("getPair").hex() == "e6a43905"
    assert artifact("UniswapV2Factory").selector("createPair").hex() == "c9c65396"
    assert artifact("StableSwap").selector("get_dy").hex() == "5e0d443f"
    assert artifact("StableSwap").selector("exchange").hex() == "3df02124"
    assert artifact("WETH9").selector("deposit").hex() == "d0e30db0"
