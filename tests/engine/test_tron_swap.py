"""`/v3/core/swap` on TRON, used as a TRON developer uses it: the quote over HTTP, then tronpy over HTTP.

The server serves the spec's paths and the devnet's TRON node (`/tron/`) on its own devnet. A description
is executed as given: tronpy's `get_contract(contract).functions.<fun>` with its parameters, call value and
fee limit straight from the record, or the node's `triggersmartcontract` as TronWeb's `triggerSmartContract`
calls it, and the receiver's balance grows by exactly `totalAmountOut`; the details endpoint agrees.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

import httpx
import pytest
from tronpy import Tron
from tronpy.abi import trx_abi
from tronpy.exceptions import AddressNotFound
from tronpy.keys import PrivateKey
from tronpy.providers import HTTPProvider

from swapdesk.api.records import TronParameter
from swapdesk.devnet.accounts import demo_key
from swapdesk.devnet.backend import DevnetBackend
from swapdesk.devnet.network import Devnet
from swapdesk.engine import Engine
from swapdesk.engine.tron.swap_flat import SIGNATURE, TYPES, arguments, parameters
from swapdesk.server import create_app
from swapdesk.server.background import BackgroundServer
from swapdesk.server.devnet_app import DevnetRoutes
from swapdesk.server.tron import add_tron_routes

TRX = "T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb"  # the all-zero address, as TRON writes it
B58 = re.compile(r"T[1-9A-HJ-NP-Za-km-z]{33}")


@dataclass
class Served:
    url: str
    tron: Tron
    tokens: dict[str, dict[str, Any]]  # by symbol: address, decimals

    def get(self, path: str, **query: str) -> dict[str, Any]:
        answer: dict[str, Any] = httpx.get(self.url + path, params=query, timeout=120).json()
        return answer

    def quote(self, key: PrivateKey, sell: str, buy: str, amount: int, to: str | None = None, **more: str) -> Any:
        """The spec's TRON quote (`data` of the envelope) for `amount` smallest units, `key` as the issuer."""
        me = key.public_key.to_base58check_address()
        query = {
            "token0": self.tokens[sell]["address"], "token1": self.tokens[buy]["address"],
            "decimal0": str(self.tokens[sell]["decimals"]), "decimal1": str(self.tokens[buy]["decimals"]),
            "impact": "50", "part": "10", "amountIn": str(amount), "amountOutMin": "0", "to": to or me,
            "issuer": me, "chain": "TRON",
        } | more  # fmt: skip
        envelope = self.get("/v3/core/swap", **query)
        assert envelope["result"] == 0, envelope
        return envelope["data"]

    def balance(self, token: str, owner: str) -> int:
        if token == TRX:
            try:
                return int(self.tron.get_account(owner)["balance"])
            except AddressNotFound:
                return 0
        return int(self.tron.get_contract(token).functions.balanceOf(owner))

    def approve(self, key: PrivateKey, token: str, amount: int, spender: str) -> None:
        me = key.public_key.to_base58check_address()
        contract = self.tron.get_contract(self.tokens[token]["address"])
        contract.functions.approve.with_owner(me)(spender, amount).build().sign(key).broadcast().wait()


def serve() -> Iterator[Served]:
    devnet = Devnet()
    app = create_app(Engine(DevnetBackend(devnet)), DevnetRoutes(devnet))
    add_tron_routes(app, devnet)
    with BackgroundServer(app) as server:
        listed = httpx.get(server.url + "/ext/v1/tokens", params={"chain": "TRON"}, timeout=300).json()["data"]
        tokens = {t["symbol"]: t for t in listed}
        yield Served(server.url, Tron(HTTPProvider(server.url + "/tron/", timeout=300)), tokens)


@pytest.fixture(scope="module")
def served() -> Iterator[Served]:
    yield from serve()


def execute(served: Served, key: PrivateKey, quote: dict[str, Any], outcome: str = "SUCCESS") -> dict[str, Any]:
    """The description sent as given, with tronpy: what a TRON developer writes. Its TransactionInfo."""
    data = quote["data"]
    router = served.tron.get_contract(data["contract"])
    method = router.functions[data["fun"].split("(")[0]]
    assert method.function_signature == data["fun"]  # the node's ABI names the same function
    values = [_value(p) for p in data["parameter"]]
    call = method.with_owner(data["issuer"]).with_transfer(int(data["options"]["callValue"]))(*values)
    sent = call.fee_limit(data["options"]["feeLimit"]).build().sign(key).broadcast()
    info: dict[str, Any] = sent.wait()
    assert info["receipt"]["result"] == outcome, info
    return info | {"txid": sent.txid}


def _value(parameter: dict[str, str]) -> Any:
    """A parameter's text as tronpy's encoder takes it (TronWeb takes the text itself)."""
    kind, text = parameter["type"], parameter["value"]
    return int(text) if kind == "uint" else bytes.fromhex(text[2:]) if kind == "bytes" else text


def test_the_record_is_the_specs_field_by_field(served: Served) -> None:
    key = PrivateKey(demo_key(5))
    quote = served.quote(key, "USDT", "TRX", 250 * 10**6, channel="android")
    assert set(quote) == {
        "srcToken", "dstToken", "to", "amountIn", "totalAmountOut", "totalAmountOutMin", "dexPath", "impact",
        "channel", "dexs", "amounts", "aggregator", "data", "feeRate", "fee", "usedAmountIn",
        # the extensions: each route with its share, tokens and gas (for the window's route diagram), the swap's
        # gas and its cost in the token bought, and the routes left out for their gas
        "routes", "estimatedGas", "gasCost", "routesLeftOut",
    }  # fmt: skip
    strings = ("srcToken", "dstToken", "to", "amountIn", "totalAmountOut", "totalAmountOutMin", "impact", "fee")
    assert all(isinstance(quote[f], str) for f in (*strings, "channel", "aggregator", "usedAmountIn"))
    assert isinstance(quote["feeRate"], int) and quote["feeRate"] == 15  # android's rate, a number
    assert quote["dstToken"] == TRX and quote["channel"] == "android"
    assert 0 <= Decimal(quote["impact"]) < 1  # a decimal fraction in text
    assert all(B58.fullmatch(quote[f]) for f in ("srcToken", "dstToken", "to", "aggregator"))
    assert sum(int(p.rsplit(":", 1)[1]) for p in quote["dexPath"]) == 100
    assert [d["dex"] for d in quote["dexs"]] == [p.rsplit(":", 1)[0] for p in quote["dexPath"]]
    assert int(quote["usedAmountIn"]) + int(quote["fee"]) == int(quote["amountIn"])

    data = quote["data"]
    assert set(data) == {"contract", "fun", "options", "parameter", "issuer"}
    assert data["contract"] == quote["aggregator"] and data["fun"] == SIGNATURE
    assert data["issuer"] == key.public_key.to_base58check_address()
    assert data["options"]["callValue"] == "0" and isinstance(data["options"]["feeLimit"], int)
    assert [p["type"] for p in data["parameter"]] == list(TYPES)
    assert {p["type"] for p in data["parameter"]} - {"address", "uint", "string"} == {"bytes"}  # only the routes
    assert all(isinstance(p["value"], str) for p in data["parameter"])
    src, dst, amount, minimum, receiver, channel, _deadline, routes = data["parameter"]
    assert (src["value"], dst["value"], amount["value"]) == (quote["srcToken"], TRX, quote["amountIn"])
    assert (receiver["value"], channel["value"], minimum["value"]) == (
        quote["to"],
        "android",
        quote["totalAmountOutMin"],
    )
    assert routes["value"].startswith("0x")


def test_the_description_executes_to_exactly_the_quote_and_details_agree(served: Served) -> None:
    key = PrivateKey(demo_key(6))
    receiver = PrivateKey.random().public_key.to_base58check_address()
    usdc = served.tokens["USDC"]["address"]
    amount = 1_234 * 10**6
    first = served.quote(key, "USDT", "USDC", amount, to=receiver)
    served.approve(key, "USDT", amount, first["aggregator"])
    # the spec's second query: the minimum of the first, which the call then enforces
    quote = served.quote(key, "USDT", "USDC", amount, to=receiver, amountOutMin=first["totalAmountOutMin"])
    assert arguments(quote["data"]["fun"], _parameters(quote))[3] == int(first["totalAmountOutMin"])
    before = served.balance(usdc, receiver)

    info = execute(served, key, quote)

    assert served.balance(usdc, receiver) - before == int(quote["totalAmountOut"])
    assert info["receipt"]["energy_fee"] <= quote["data"]["options"]["feeLimit"]
    (swapped,) = served.tron.get_contract(quote["aggregator"]).events.Swapped.process_receipt(info)
    assert swapped["args"]["amountOut"] == int(quote["totalAmountOut"])
    details = served.get("/v3/core/details", hash=info["txid"], chain="TRON")
    assert details["result"] == 0, details
    record = details["data"]
    assert record["sourceHash"] == info["txid"] and len(record["sourceHash"]) == 64  # TRON's form: no 0x
    assert (record["status"], record["statusNotes"], record["chain"]) == ("Success", "Success", "TRON")
    assert (record["amountIn"], record["amountOut"]) == (quote["amountIn"], quote["totalAmountOut"])
    assert record["amountOutMin"] == first["totalAmountOutMin"]
    assert (record["fromToken"], record["toToken"]) == (quote["srcToken"], quote["dstToken"])
    assert (record["fromAddress"], record["toAddress"]) == (quote["data"]["issuer"], receiver)
    assert record["timestamp"] == info["blockTimeStamp"] // 1000
    assert [d["dex"] for d in record["dexs"]] == [d["dex"] for d in quote["dexs"]]
    with_0x = served.get("/v3/core/details", hash="0x" + info["txid"].upper(), chain="tron")["data"]
    assert with_0x == record  # the API takes the id with or without 0x, in either case


def test_trx_in_sends_the_amount_as_call_value(served: Served) -> None:
    key = PrivateKey(demo_key(7))
    receiver = PrivateKey.random().public_key.to_base58check_address()
    usdt = served.tokens["USDT"]["address"]
    quote = served.quote(key, "TRX", "USDT", 3_000 * 10**6, to=receiver)
    assert quote["srcToken"] == TRX and quote["data"]["options"]["callValue"] == quote["amountIn"]

    info = execute(served, key, quote)  # no approval: TRX goes with the call

    assert served.balance(usdt, receiver) == int(quote["totalAmountOut"])
    record = served.get("/v3/core/details", hash=info["txid"], chain="TRON")["data"]
    assert (record["fromToken"], record["amountOut"]) == (TRX, quote["totalAmountOut"])


def test_trx_out_pays_the_receiver_exactly(served: Served) -> None:
    key = PrivateKey(demo_key(8))
    receiver = PrivateKey.random().public_key.to_base58check_address()
    amount = 40 * 10**6
    served.approve(key, "USDT", amount, served.quote(key, "USDT", "TRX", amount)["aggregator"])
    quote = served.quote(key, "USDT", "TRX", amount, to=receiver)

    execute(served, key, quote)

    assert served.balance(TRX, receiver) == int(quote["totalAmountOut"])  # a new account: all it holds


def test_tronweb_s_trigger_takes_the_description_unchanged(served: Served) -> None:
    """TronWeb's `triggerSmartContract(contract, fun, options, parameter, issuer)` posts `triggersmartcontract`
    with `function_selector` = fun and the parameters ABI-encoded by their `type`s, as written ("uint" too)."""
    key = PrivateKey(demo_key(1))
    receiver = PrivateKey.random().public_key.to_base58check_address()
    quote = served.quote(key, "TRX", "USDT", 5 * 10**6, to=receiver)
    data = quote["data"]
    types = [p["type"] for p in data["parameter"]]
    built = httpx.post(
        served.url + "/tron/wallet/triggersmartcontract",
        json={
            "owner_address": data["issuer"],
            "contract_address": data["contract"],
            "function_selector": data["fun"],
            "parameter": trx_abi.encode(types, [_value(p) for p in data["parameter"]]).hex(),
            "call_value": int(data["options"]["callValue"]),
            "fee_limit": data["options"]["feeLimit"],
            "visible": True,
        },
    ).json()
    tx = built["transaction"]
    tx["signature"] = [key.sign_msg_hash(bytes.fromhex(tx["txID"])).hex()]
    assert httpx.post(served.url + "/tron/wallet/broadcasttransaction", json=tx).json()["result"] is True
    assert served.tron.get_transaction_info(tx["txID"])["receipt"]["result"] == "SUCCESS"
    assert served.balance(served.tokens["USDT"]["address"], receiver) == int(quote["totalAmountOut"])


def test_the_fee_limit_is_measured_once_the_issuer_can_swap(served: Served) -> None:
    """Before the approval the node cannot measure the call: the limit is the router's bound, which covers
    it; after, it is the measured energy and its margin, lower, and the swap runs within it."""
    key = PrivateKey(demo_key(2))
    amount = 700 * 10**6
    before = served.quote(key, "USDT", "USDD", amount, part="100")
    served.approve(key, "USDT", amount, before["aggregator"])
    after = served.quote(key, "USDT", "USDD", amount, part="100", amountOutMin=before["totalAmountOutMin"])
    assert after["data"]["options"]["feeLimit"] < before["data"]["options"]["feeLimit"]
    info = execute(served, key, after)
    assert info["receipt"]["energy_fee"] <= after["data"]["options"]["feeLimit"]


@pytest.mark.parametrize(
    ("change", "code"),
    [
        ({"to": "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"}, "INVALID_ADDRESS"),
        ({"chain": "BSC"}, "UNSUPPORTED_CHAIN"),
        ({"issuer": ""}, "MISSING_PARAMETER"),
        ({"token1": TRX[:-1] + "X"}, "BAD_CHECKSUM"),
        ({"amountOutMin": str(10**30)}, "MINIMUM_NOT_MET"),
    ],
    ids=["evm-address", "evm-chain", "no-issuer", "bad-checksum", "minimum-too-high"],
)
def test_bad_input_gets_the_envelope(served: Served, change: dict[str, str], code: str) -> None:
    me = PrivateKey(demo_key(3)).public_key.to_base58check_address()
    usdt = served.tokens["USDT"]
    query = {"token0": usdt["address"], "token1": TRX, "decimal0": "6", "decimal1": "6", "impact": "50", "part": "10",
             "amountIn": "1000000", "amountOutMin": "0", "to": me, "issuer": me, "chain": "TRON"}  # fmt: skip
    envelope = served.get("/v3/core/swap", **(query | change))
    assert envelope["result"] == -1 and envelope["data"]["code"] == code, envelope


def _parameters(quote: dict[str, Any]) -> list[TronParameter]:
    return [TronParameter(**p) for p in quote["data"]["parameter"]]


def test_a_reverted_tron_swap_is_a_failure_with_its_reason(served: Served) -> None:
    key = PrivateKey(demo_key(3))
    quote = served.quote(key, "TRX", "USDC", 2 * 10**6)
    swap = list(arguments(quote["data"]["fun"], _parameters(quote)))
    swap[3] = int(quote["totalAmountOut"]) * 2  # a minimum the route cannot give
    bent = {**quote, "data": {**quote["data"], "parameter": [p.model_dump() for p in parameters(tuple(swap))]}}
    info = execute(served, key, bent, outcome="REVERT")
    record = served.get("/v3/core/details", hash=info["txid"], chain="TRON")["data"]
    assert (record["status"], record["statusNotes"]) == ("Failure", "reverted: Router: return below minimum")
    assert (record["amountOut"], record["amountOutMin"], record["amountIn"]) == ("0", str(swap[3]), quote["amountIn"])


def test_details_refuse_what_is_not_a_tron_swap(served: Served) -> None:
    key = PrivateKey(demo_key(3))
    me = key.public_key.to_base58check_address()
    usdt = served.tron.get_contract(served.tokens["USDT"]["address"])
    txid = usdt.functions.transfer.with_owner(me)(me, 1).build().sign(key).broadcast().txid
    assert served.tron.get_transaction_info(txid)["receipt"]["result"] == "SUCCESS"
    assert served.get("/v3/core/details", hash=txid, chain="TRON")["data"]["code"] == "NOT_A_SWAP"
    unknown = served.get("/v3/core/details", hash="ab" * 32, chain="TRON")
    assert unknown["data"]["code"] == "TRANSACTION_NOT_FOUND" and unknown["result"] == -1
