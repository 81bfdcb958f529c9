"""The providers' order store: statuses only move forward, the database itself refusing any other move (the
ways back are a rejudging's alone, after a chain went back); a deposit is one order however often it is found;
what is signed is kept before it is sent."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from swapdesk.devnet.bridges.anyswap import MACHINE as ANYSWAP
from swapdesk.devnet.bridges.cbridge import MACHINE as CBRIDGE
from swapdesk.devnet.bridges.metapath import MACHINE as METAPATH
from swapdesk.devnet.bridges.store import Machine, Order, OrderStore, Sent, StaleOrder

TX = "0x" + "ab" * 32


def order(n: int = 0, state: str = "wait_deposit_send", log_index: int | None = 3, chain: int = 56) -> Order:
    return Order(f"0x{n:064x}", chain, TX, log_index, 137, state, {"fromAmount": "5"}, wait_on=chain)


@pytest.mark.parametrize("machine", [ANYSWAP, CBRIDGE, METAPATH])
def test_every_life_cycle_only_moves_forward(machine: Machine) -> None:
    assert machine.first and all(not machine.terminal(state) for state in machine.first)


def test_a_life_cycle_that_loops_back_is_refused() -> None:
    with pytest.raises(ValueError, match="loops back"):
        Machine(first=("a",), moves={"a": ("b",), "b": ("a",)})


def test_the_database_refuses_a_move_the_life_cycle_does_not_allow(tmp_path: Path) -> None:
    store = OrderStore(tmp_path / "orders.sqlite", METAPATH)
    store.register(order())
    kept = store.get(order().id)
    assert kept is not None
    pushed = store.move(kept, "wait_exchange_push", wait_on=137)
    with pytest.raises(sqlite3.IntegrityError, match="not a forward move"):
        store.move(pushed, "wait_deposit_send")  # backward
    with pytest.raises(sqlite3.IntegrityError, match="not a forward move"):
        store.move(pushed, "receive_complete")  # a stage skipped
    with pytest.raises(StaleOrder):
        store.move(kept, "timeout")  # as read before it moved
    with sqlite3.connect(tmp_path / "orders.sqlite") as raw, pytest.raises(sqlite3.IntegrityError):
        raw.execute("UPDATE orders SET state = 'wait_deposit_send'")  # not even by hand
    with pytest.raises(sqlite3.IntegrityError, match="not a first state"):
        store.register(order(1, state="receive_complete"))
    assert [s.state for s in store.steps(order().id)] == ["wait_deposit_send", "wait_exchange_push"]
    done = store.move(store.move(pushed, "wait_exchange_return"), "wait_exchange_return_error")
    assert done.wait_on == 137 and store.move(done, "wait_refund_send", wait_on=56).wait_on == 56
    store.close()


def test_a_deposit_is_one_order_however_often_it_is_found(tmp_path: Path) -> None:
    store = OrderStore(tmp_path / "orders.sqlite", METAPATH)
    registered, new = store.register(order(log_index=None))
    assert new and store.register(order(log_index=None)) == (registered, False)
    assert store.scanned(56, 100, "0x" + "01" * 32, [order()]) == []  # it takes the registered order's place
    kept = store.get(order().id)
    assert kept is not None and kept.log_index == 3
    assert store.scanned(56, 110, "0x" + "02" * 32, [order(), order(2, log_index=4)]) == [order(2, log_index=4)]
    assert len(store.all()) == 2 and store.cursor(56) == (110, "0x" + "02" * 32)
    with pytest.raises(sqlite3.IntegrityError):  # (chain, transaction, log index) names one deposit
        store.register(order(3, log_index=4))
    # a chain went back: its orders stay until each is judged again; a cursor in the blocks kept stays, one in
    # the blocks lost (or anywhere, when nothing says from where) goes
    assert store.rewound(56, 111) == (110, "0x" + "02" * 32) and len(store.all()) == 2
    assert store.rewound(56, 200) == (110, "0x" + "02" * 32) and store.rewinds() == {56: (111, "")}  # the lower
    assert store.rewound(56, 0) is None and store.cursor(56) is None and store.rewinds() == {56: (0, "")}
    assert [o.id for o in store.touching(137, "", 10)] == sorted(o.id for o in store.all())  # their destination
    store.judged(56, order().id)
    assert store.rewinds() == {56: (0, order().id)}
    store.judged(56, None)
    assert store.rewinds() == {}
    store.close()


def test_only_a_rejudging_takes_an_order_back_and_the_steps_it_stood_on_go(tmp_path: Path) -> None:
    store = OrderStore(tmp_path / "orders.sqlite", METAPATH)
    store.register(order())
    kept = store.get(order().id)
    assert kept is not None
    for state in ("wait_exchange_push", "wait_exchange_return", "wait_exchange_return_success", "wait_receive_send"):
        kept = store.move(kept, state)
    paid = store.move(store.move(kept, "wait_receive_confirm", tx="0x" + "99" * 32), "receive_complete")
    with pytest.raises(sqlite3.IntegrityError, match="not a forward move"):
        store.move(paid, "wait_exchange_push")  # no way back there
    with pytest.raises(ValueError, match="no way back"):
        store.judge(paid, "wait_exchange_push", set(), data={})
    back = store.judge(paid, "wait_receive_send", {"0x" + "99" * 32}, data={"rejudged": "why"}, forget=("toHash",))
    assert back.state == "wait_receive_send" and back.data["rejudged"] == "why"
    steps = [(s.state, s.tx) for s in store.steps(order().id)]
    assert steps == [("wait_deposit_send", TX), ("wait_exchange_push", None), ("wait_exchange_return", None),
                     ("wait_exchange_return_success", None), ("wait_receive_send", None)]  # fmt: skip
    staying = store.judge(back, "wait_receive_send", {TX}, data={"depositLost": "why"})  # the deposit went
    assert staying.state == "wait_receive_send" and store.steps(order().id)[0].tx is None
    assert store.lost_deposits([order().id, "0x00"]) == [staying]
    store.scanned(56, 120, "0x" + "03" * 32, [order()])  # the same deposit landed again
    again = store.get(order().id)
    assert again is not None and "depositLost" not in again.data and store.steps(order().id)[0].tx == TX
    store.drop(order().id)
    assert store.all() == [] and store.steps(order().id) == []
    store.close()


def test_what_is_signed_is_kept_before_it_is_sent_and_goes_with_its_order(tmp_path: Path) -> None:
    store = OrderStore(tmp_path / "orders.sqlite", ANYSWAP)
    swap = Order(TX, 56, TX, 0, 137, "TxNotStable", {}, wait_on=56)
    store.register(swap)
    sent = Sent("0x" + "cd" * 32, TX, "swapin", 137, "02f8", nonce=4)
    store.record_send(sent)
    store.record_send(sent)  # kept once
    assert [s.hash for s in store.sends(TX, "swapin")] == [sent.hash] and store.sends(TX, "other") == []
    assert store.sends_on(TX, 137) == [store.sends(TX, "swapin")[0]] and store.sends_on(TX, 56) == []
    store.forget_send(sent.hash)  # a chain that went back past it will never have it
    assert store.sends(TX, "swapin") == []
    store.record_send(sent)
    store.drop(TX)
    assert store.sends(TX, "swapin") == []  # with its order
    assert store.integrity() == "ok"
    store.close()


def test_a_store_without_a_file_keeps_nothing() -> None:
    store = OrderStore(None, CBRIDGE)
    store.register(Order(TX, 56, TX, 0, 137, "SUBMITTING", {}, wait_on=56))
    assert len(store.all()) == 1
    store.close()
    assert OrderStore(None, CBRIDGE).all() == []


def test_an_order_is_read_with_its_steps(tmp_path: Path) -> None:
    """A provider's status answer takes the order and its timeline from one read of the store (under its lock, as
    a move writes both in one transaction): after each move, the state shown is the timeline's last step."""
    store = OrderStore(tmp_path / "orders.sqlite", METAPATH)
    store.register(order())
    path = ["wait_exchange_push", "wait_exchange_return", "wait_exchange_return_error", "wait_refund_send"]
    kept = store.get(order().id)
    for state in path:
        assert kept is not None
        kept = store.move(kept, state)
        read = store.with_steps(order().id)
        assert read is not None and read[0] == kept and read[1][-1].state == state
    final = store.with_steps(order().id)
    assert final is not None and [s.state for s in final[1]] == ["wait_deposit_send", *path]
    assert store.with_steps("0x" + "00" * 32 + "ff") is None
    store.close()
