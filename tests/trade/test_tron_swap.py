"""A swap on TRON from a demo account, approval included, checked before it is signed, and never lost.

The trader signs with tronpy, from the key the wallet holds, through the devnet's TRON node; its records
carry TRON's transaction ids (64 hex digits, no 0x) and no nonce, and a restart settles what a crash left.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

import pytest
from tronpy.async_contract import AsyncContract
from tronpy.keys import PrivateKey as TronKey

from swapdesk.api import DetailsRequest, SwapService, TronQuote, TronSwapRequest, parse
from swapdesk.api.records import TronParameter
from swapdesk.contracts import artifact
from swapdesk.devnet.accounts import demo_key
from swapdesk.devnet.backend import DevnetBackend
from swapdesk.engine import Engine
from swapdesk.engine.in_process import InProcess
from swapdesk.engine.tron.swap_flat import arguments, parameters
from swapdesk.store import StoredTx, TxStore
from swapdesk.trade.checks import Shown
from swapdesk.trade.errors import CheckFailed, TradeError
from swapdesk.trade.outbox import Network, Outbox
from swapdesk.trade.swap import Trader
from swapdesk.wallet import PrivateKey
from tests.trade.conftest import shown_quote

KEY = PrivateKey(demo_key(6))  # no discount token
TRX = "T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb"
HEX_ID = set("0123456789abcdef")


async def _tron_shown(engine: SwapService, key: PrivateKey = KEY, **given: str) -> Shown:
    who = {"to": key.tron_address, "issuer": key.tron_address}
    return await shown_quote(engine, **({"chain": "TRON", "token0": "USDT", "token1": "TRX"} | who | given))


async def _balances(trader: Trader, shown: Shown, owner: PrivateKey) -> tuple[int, int]:
    """(TRX, token sold) held by `owner`."""
    tron = trader.tron.tron
    token = AsyncContract(addr=shown.request.token0, abi=artifact("ERC20").abi, client=tron)
    held = 0 if shown.sells_native else int(await token.functions.balanceOf(owner.tron_address))
    return int((await tron.get_account(owner.tron_address))["balance"]), held


async def test_approve_then_swap_receives_the_quote(
    trader: Trader, engine: Engine, store: TxStore, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    shown = await _tron_shown(engine, amountIn="250")
    funds = await trader.funds(KEY.address, shown)
    assert funds.balance >= shown.request.amountIn and funds.approval_needed(shown.request.amountIn)
    with pytest.raises(TradeError, match="approve USDT first"):
        await trader.swap(KEY, shown)
    approval = await trader.approve(KEY, shown)
    assert (await trader.funds(KEY.address, shown)).allowance == shown.request.amountIn  # exact, not unlimited

    steps: list[str] = []
    result = await trader.swap(KEY, shown, lambda words: steps.append(str(words)))

    assert result.amount_out == result.quoted_out == result.simulated_out == int(shown.quote.totalAmountOut)
    assert result.fee == int(shown.quote.fee)
    assert "Dry run of the swap…" in steps
    history = store.all()
    assert [(t.kind, t.status, t.hash, t.nonce, t.chain_id) for t in history] == [
        ("swap", "confirmed", result.hash, None, 95500),
        ("approval", "confirmed", approval.hash, None, 95500),
    ]
    assert all(len(t.hash) == 64 and set(t.hash) <= HEX_ID for t in history)  # TRON's ids: no 0x
    assert json.loads(history[0].raw)["txID"] == result.hash  # the signed transaction, to broadcast again
    assert history[0].summary["amountOut"] == str(result.amount_out)
    assert (await trader.funds(KEY.address, shown)).allowance == 0  # the router took exactly what was approved
    details = await engine.details(parse(DetailsRequest, [("hash", result.hash), ("chain", "TRON")]))
    assert (details.status, details.amountOut, details.sourceHash) == ("Success", str(result.amount_out), result.hash)
    assert details.fromAddress == details.toAddress == KEY.tron_address
    secret = demo_key(6)  # signed with tronpy, and seen nowhere: not in the logs, not in the store
    assert secret.hex() not in caplog.text.lower() and secret.hex() not in repr(KEY)
    assert not any(secret in p.read_bytes() or secret.hex().encode() in p.read_bytes() for p in _store_files(store))


def _store_files(store: TxStore) -> list[Path]:
    return [p for p in store.path.parent.glob(store.path.name + "*") if p.is_file()]


async def test_selling_trx_needs_no_approval(trader: Trader, engine: Engine) -> None:
    shown = await _tron_shown(engine, token0="TRX", token1="USDC", amountIn="300")
    funds = await trader.funds(KEY.address, shown)
    assert funds.allowance is None and not funds.approval_needed(shown.request.amountIn)
    trx_before, _ = await _balances(trader, shown, KEY)
    result = await trader.swap(KEY, shown)
    assert result.amount_out == int(shown.quote.totalAmountOut)
    trx_after, _ = await _balances(trader, shown, KEY)
    assert trx_before - trx_after > shown.request.amountIn  # the amount, and the energy and bandwidth burnt


async def test_insufficient_balance_is_said_and_nothing_is_sent(trader: Trader, engine: Engine, store: TxStore) -> None:
    empty = PrivateKey.create()
    shown = await _tron_shown(engine, empty, token0="USDC", amountIn="12")
    with pytest.raises(TradeError, match="insufficient balance: you have 0 USDC, the swap needs 12 USDC"):
        await trader.swap(empty, shown)
    assert store.all() == []


class Tampering:
    """A server that hands back a description other than what it quoted: a boundary swapdesk does not own."""

    def __init__(self, engine: Engine, change: str) -> None:
        self.engine, self.change = engine, change

    def __getattr__(self, name: str) -> Any:  # the engine's, whatever it is
        return getattr(self.engine, name)

    async def tron_swap(self, request: TronSwapRequest) -> TronQuote:
        quote = await self.engine.tron_swap(request)
        data = quote.data
        swap = list(arguments(data.fun, data.parameter))
        if self.change == "contract":  # another contract: the USDT token itself
            data = data.model_copy(update={"contract": request.token0})
        elif self.change == "receiver":
            swap[4] = "0x000000000000000000000000000000000000dEaD"
        elif self.change == "minimum":
            swap[3] //= 2
        elif self.change == "deadline":
            swap[6] = 1
        elif self.change == "function":
            data = data.model_copy(update={"fun": data.fun.replace("swapFlat", "swapFlatter")})
        elif self.change == "call value":
            data = data.model_copy(update={"options": data.options.model_copy(update={"callValue": "1"})})
        elif self.change == "issuer":
            data = data.model_copy(update={"issuer": TronKey(demo_key(2)).public_key.to_base58check_address()})
        elif self.change == "types":
            data = data.model_copy(
                update={"parameter": [TronParameter(type="string", value=p.value) for p in data.parameter]}
            )
        if self.change in ("receiver", "minimum", "deadline"):
            data = data.model_copy(update={"parameter": parameters(tuple(swap))})
        return quote.model_copy(update={"data": data})


@pytest.mark.parametrize(
    ("change", "said"),
    [
        ("contract", "not swapdesk's router on TRON"),
        ("receiver", "receiver is T"),  # shown as TRON writes it
        ("minimum", "minimum received is"),
        ("deadline", "deadline has already passed"),
        ("function", "not a swap through the router"),
        ("call value", "sends 1 sun of TRX with the call, not 0"),
        ("issuer", "not by your account"),
        ("types", "not a swap through the router"),
    ],
)
async def test_a_tampered_description_is_refused_before_signing(
    engine: Engine, backend: DevnetBackend, store: TxStore, change: str, said: str
) -> None:
    key = PrivateKey(demo_key(5))
    honest = Trader(engine, InProcess(engine), Outbox(store))
    shown = await _tron_shown(engine, key, amountIn="20")
    await honest.approve(key, shown)
    approved = store.all()
    before = await _balances(honest, shown, key)
    tampered: SwapService = Tampering(engine, change)
    with pytest.raises(CheckFailed, match=said):
        await Trader(tampered, InProcess(engine), Outbox(store)).swap(key, shown)
    assert store.all() == approved and await _balances(honest, shown, key) == before  # nothing signed or sent
    await honest.swap(key, shown)  # the same quote, honestly served, goes through


async def _approval(trader: Trader, key: PrivateKey, shown: Shown, expires_in_ms: int = 60_000) -> Any:
    """An approval as tronpy builds it for the trader, not yet signed."""
    tron = trader.tron.tron
    router = await trader.tron.router(shown)
    token = AsyncContract(addr=shown.request.token0, abi=artifact("ERC20").abi, client=tron)
    builder = await token.functions.approve.with_owner(key.tron_address)(router, 77)
    return await builder.fee_limit(50_000_000).expiration(expires_in_ms).build()


def _signed(key_index: int, kind: str, transaction: Any, status: str = "signed") -> StoredTx:
    """What the store holds after a crash between recording a transaction and sending it."""
    signature = TronKey(demo_key(key_index)).sign_msg_hash(bytes.fromhex(transaction.txid)).hex()
    signed = transaction.set_signature([signature]).to_json()
    return StoredTx(
        transaction.txid, 95500, kind, PrivateKey(demo_key(key_index)).address, None, json.dumps(signed), status,
        network="devnet",
    )  # fmt: skip


async def test_a_restart_settles_what_a_crash_left_on_tron(trader: Trader, engine: Engine, store: TxStore) -> None:
    key = PrivateKey(demo_key(4))
    shown = await _tron_shown(engine, key)
    unsent = await _approval(trader, key, shown)
    expired = await _approval(trader, key, shown, expires_in_ms=-60_000)  # signed long ago, never sent
    store.record(_signed(4, "approval", unsent))
    store.record(_signed(4, "approval", expired))

    async def tron_network(chain_id: int) -> Network:
        assert chain_id == 95500, "only TRON transactions were left"
        return Network(chain_id, "devnet", chain_id, None)  # settled through the TRON node, not web3

    looked = await trader.outbox.resume(tron_network)  # what the window does on start

    assert sorted(looked) == sorted([unsent.txid, expired.txid]) and store.pending() == []
    confirmed, dropped = store.get(unsent.txid), store.get(expired.txid)
    assert confirmed is not None and confirmed.status == "confirmed"
    assert dropped is not None and (dropped.status, dropped.error) == (
        "dropped",
        "it expired before it reached a block",
    )
    tron = trader.tron.tron
    assert (await tron.get_transaction_info(unsent.txid))["receipt"]["result"] == "SUCCESS"
    token = AsyncContract(addr=shown.request.token0, abi=artifact("ERC20").abi, client=tron)
    assert await token.functions.allowance(key.tron_address, await trader.tron.router(shown)) == 77
    again = await trader.outbox.resume(tron_network)
    assert again == []  # settled once and for all
