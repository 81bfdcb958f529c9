"""Rows that are widgets in a list (History's sent transactions, the Cross-chain tab's orders) get the height they
ask for: no line of theirs drawn over another (the style sheet's item padding once took "Polygon"'s g)."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication, QLabel

from swapdesk.gui import theme
from swapdesk.gui.tabs.cross.orders import OrderList, OrderRow
from swapdesk.gui.widgets.sent_list import SentList, SentRow
from swapdesk.store.orders import StoredOrder
from swapdesk.store.transactions import StoredTx

HASH = "0x" + "ab" * 32


def _whole(label: QLabel) -> bool:
    """Given the height its text needs (at the width it has, for a label that wraps)."""
    needs = label.heightForWidth(label.width()) if label.wordWrap() else label.sizeHint().height()
    return label.height() >= needs


def test_sent_rows_and_order_rows_are_as_tall_as_their_lines(qapp: QApplication, qtbot: object) -> None:
    for mode in ("light", "dark"):
        theme.apply(qapp, mode)
        sent = SentList()
        tx = StoredTx(HASH, 56, "approve", "0x" + "11" * 20, 1, "", "confirmed", created_ms=1)
        sent.show_rows([tx, tx])
        orders = OrderList(600)
        summary = {"amountIn": str(250 * 10**18), "decimalsIn": 18, "symbolIn": "USDT"}
        orders.show_orders([StoredOrder(HASH, 56, 137, "METAPATH", created_ms=1, summary=summary)])
        for widget in (sent, orders):
            widget.resize(800, 300)
            widget.show()
        qapp.processEvents()
        rows: list[SentRow | OrderRow] = [sent.sent_row(0), sent.sent_row(1), orders.row(0)]
        assert all(_whole(row.what) and _whole(row.badge) for row in rows), [
            (row.what.height(), row.what.sizeHint().height()) for row in rows
        ]
        assert all(_whole(label) for label in (rows[0].when, orders.row(0).when))
        sent.close()
        orders.close()
    theme.apply(qapp, "light")


def test_practice_and_the_devnet_are_said_apart_from_real_transactions(qapp: QApplication, qtbot: object) -> None:
    """A swap signed on a practice fork must not read as a real one (the store names its network)."""
    summary = {"amountIn": "10", "decimalsIn": 0, "symbolIn": "ETH", "quotedOut": "5", "decimalsOut": 0,
               "symbolOut": "USDC"}  # fmt: skip
    real = StoredTx(HASH, 1, "swap", "0x" + "11" * 20, 1, "", "confirmed", summary, created_ms=1)
    practice = StoredTx("0x" + "cd" * 32, 1, "swap", "0x" + "11" * 20, 1, "", "confirmed", summary, created_ms=1,
                        network="practice", network_id=2**40 + 7)  # fmt: skip
    devnet = StoredTx("0x" + "ef" * 32, 1, "swap", "0x" + "11" * 20, 1, "", "confirmed", summary, created_ms=1,
                      network="devnet")  # fmt: skip
    sent = SentList()
    sent.show_rows([real, practice, devnet])
    said = [(sent.sent_row(n).what.text(), sent.sent_row(n).chain.text()) for n in range(3)]
    assert said == [
        ("Swap 10 ETH → 5 USDC", "Ethereum"),
        ("Practice: Swap 10 ETH → 5 USDC", "Ethereum (practice fork)"),
        ("Swap 10 ETH → 5 USDC", "Ethereum (devnet)"),
    ]
    sent.close()
