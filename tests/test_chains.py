import pytest

from swapdesk.chains import CHAINS, UnknownChain, by_id, resolve

# the spec's chain-flag table, verbatim
SPEC_FLAGS = {
    1: ["ETH"],
    10: ["OP"],
    56: ["BSC"],
    66: ["OEC", "OKEXCHAIN"],
    70: ["HSC"],
    128: ["HECO"],
    137: ["MATIC", "POLYGON"],
    250: ["FTM", "FANTOM"],
    321: ["KCC"],
    1030: ["CFX"],
    1284: ["GLMR"],
    8217: ["KLAY"],
    42161: ["ARB"],
    43114: ["AVAX"],
    95500: ["TRON"],
}
CROSS_CHAIN_IDS = {1, 56, 66, 128, 137, 250, 321, 43114, 95500}


def test_registry_is_the_spec_table() -> None:
    assert {c.id: list(c.flags) for c in CHAINS} == SPEC_FLAGS
    assert {c.id for c in CHAINS if c.cross_chain} == CROSS_CHAIN_IDS


@pytest.mark.parametrize(("chain_id", "flag"), [(i, f) for i, flags in SPEC_FLAGS.items() for f in flags])
def test_every_flag_resolves_in_any_case(chain_id: int, flag: str) -> None:
    for text in (flag, flag.lower(), flag.title(), str(chain_id)):
        assert resolve(text).id == chain_id


@pytest.mark.parametrize("text", ["", "ETH ", " 56", "056", "+56", "ETHEREUM", "999", "5 6", "٥٦"])
def test_unknown_or_disguised_flags_are_refused(text: str) -> None:
    with pytest.raises(UnknownChain):
        resolve(text)


def test_native_coins_and_explorers() -> None:
    assert by_id(95500).native_decimals == 6 and by_id(95500).tron
    assert by_id(56).wrapped_symbol == "WBNB"
    assert by_id(1).explorer_url("tx", "0xab") == "https://etherscan.io/tx/0xab"
    assert by_id(95500).explorer_url("tx", "0xab") == "https://tronscan.org/#/transaction/ab"
    assert by_id(70).explorer_url("tx", "0xab") is None
