import pytest
from hypothesis import given
from hypothesis import strategies as st

from swapdesk.address import InvalidAddress, parse_evm, parse_tron, to_checksum, to_tron

# EIP-55's own test vectors
EIP55 = [
    "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
    "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359",
    "0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB",
    "0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb",
]


@pytest.mark.parametrize("address", EIP55)
def test_eip55_vectors(address: str) -> None:
    raw = parse_evm(address)
    assert to_checksum(raw) == address
    assert parse_evm(address.lower()) == raw == parse_evm("0x" + address[2:].upper())


def test_broken_checksum_is_refused() -> None:
    bad = EIP55[0][:-1] + ("D" if EIP55[0][-1] == "d" else "d")
    with pytest.raises(InvalidAddress) as info:
        parse_evm(bad)
    assert info.value.checksum


@pytest.mark.parametrize(
    "text",
    [
        "",
        "0x",
        "0x123",
        "5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
        "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeG",
        " 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
    ],
)
def test_malformed_evm_addresses(text: str) -> None:
    with pytest.raises(InvalidAddress):
        parse_evm(text)


def test_tron_known_addresses() -> None:
    # USDT on TRON and the all-zero address, as tronscan shows them
    assert to_tron(bytes.fromhex("a614f803b6fd780986a42c78ec9c7f77e6ded13c")) == "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t"
    assert to_tron(b"\0" * 20) == "T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb"


@given(st.binary(min_size=20, max_size=20))
def test_tron_round_trip_matches_tronpy(raw: bytes) -> None:
    from tronpy.keys import to_base58check_address

    assert to_tron(raw) == to_base58check_address("41" + raw.hex())
    assert parse_tron(to_tron(raw)) == raw


@pytest.mark.parametrize(
    "text",
    [
        "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u",
        "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6",
        "0xa614f803b6fd780986a42c78ec9c7f77e6ded13c",
        "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj60",
    ],
)
def test_malformed_tron_addresses(text: str) -> None:
    with pytest.raises(InvalidAddress):
        parse_tron(text)
