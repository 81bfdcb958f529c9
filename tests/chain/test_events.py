"""The one event decoder: a log decodes as its event with every value in one form, or is not that event (None)."""

from __future__ import annotations

from eth_abi import encode

from swapdesk.chain.bridge_events import BRIDGERS_SWAP, CB_SEND
from swapdesk.chain.events import TRANSFER, declared, of_contract
from swapdesk.chain.receipts import SWAPPED

FROM, TO = "0x" + "ab" * 20, "0x" + "cd" * 20


def _word(kind: str, value: object) -> bytes:
    return encode([kind], [value])


def test_an_erc20_transfer_decodes_with_eip55_addresses() -> None:
    topics = [TRANSFER.topic, _word("address", FROM), _word("address", TO)]
    fields = TRANSFER.decode_parts(topics, _word("uint256", 5))
    checksummed = ("0xABaBaBaBABabABabAbAbABAbABabababaBaBABaB", "0xCdCDCdCdcdcdcdCdcDcDCdcDcDCdCdcdCdcDCDcD")
    assert fields == {"from": checksummed[0], "to": checksummed[1], "value": 5}


def test_logs_that_are_not_the_event_are_none() -> None:
    two = [TRANSFER.topic, _word("address", FROM), _word("address", TO)]
    assert TRANSFER.decode_parts([*two, _word("uint256", 5)], b"") is None  # ERC-721's Transfer: the id indexed
    assert TRANSFER.decode_parts(two, b"\0" * 31) is None  # short
    assert TRANSFER.decode_parts([two[0], b"\1" * 32, two[2]], _word("uint256", 5)) is None  # not an address
    assert TRANSFER.decode_parts([], b"") is None and TRANSFER.decode_parts([b"\0" * 32, *two[1:]], b"") is None
    swap = encode(["address", "string", "address", "string", "uint256", "uint256"], [FROM, "x", TO, "y", 1, 0])
    decoded = BRIDGERS_SWAP.decode_parts([BRIDGERS_SWAP.topic], swap)
    assert decoded is not None and decoded["toToken"] == "x"
    not_utf8 = swap.replace(b"x" + b"\0" * 31, b"\xff" + b"\0" * 31)
    assert BRIDGERS_SWAP.decode_parts([BRIDGERS_SWAP.topic], not_utf8) is None


def test_one_form_for_every_value() -> None:
    values = [FROM, TO, FROM, TO, 1, 2, 3, 4, "c", [FROM, TO]]
    data = encode([f.type for f in SWAPPED.fields if not f.indexed], values[2:])
    fields = SWAPPED.decode_parts([SWAPPED.topic, _word("address", FROM), _word("address", TO)], data)
    assert fields is not None and fields["pools"] == (fields["srcToken"], fields["dstToken"])  # arrays EIP-55 too
    assert fields["srcToken"] == fields["sender"] != FROM
    send = encode([f.type for f in CB_SEND.fields], [b"\7" * 32, FROM, TO, FROM, 9, 56, 1, 5000])
    decoded = CB_SEND.decode_parts([CB_SEND.topic], send)
    assert decoded is not None and decoded["transferId"] == b"\7" * 32  # bytes32 as bytes
    tagged = declared("Tagged(string indexed tag, uint256 n)")  # an indexed string is logged as its hash
    assert tagged.decode_parts([tagged.topic, b"\x09" * 32], _word("uint256", 1)) == {"tag": b"\x09" * 32, "n": 1}


def test_a_declaration_and_an_abi_name_the_same_event() -> None:
    assert declared(
        "Send(bytes32 transferId, address sender, address receiver, address token, uint256 amount, uint64 dstChainId, "
        "uint64 nonce, uint32 maxSlippage)"
    ) == of_contract("CBridge", "Send")
