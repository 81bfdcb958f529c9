"""Make the README's screenshots: every state of the Quote and Cross-chain tabs, History and the dialogs, light
and dark.

Run on purpose (tests never write into the tree); it drives the real window on a fresh devnet whose bridge
providers run beside it (the app's own engine, `swapdesk.compose`), with its own settings, data and keys in a
temporary folder, and writes docs/screenshots/<state>.png and <state>-dark.png (the same moment in both
themes, side by side in the README), at the size the window opens at on the screen named (1366×768 by default;
1024×640 the smallest it fits), in English or Chinese:

    python scripts/screenshots.py [--out docs/screenshots] [--screen 1024x640] [--language zh_CN]

The devnet runs at `SPEED` times its usual pace: a cross-chain order takes seconds, slowly enough that its
timeline is shot while it is under way (tracking looks every two seconds).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
for variable in ("SWAPDESK_CONFIG_DIR", "SWAPDESK_DATA_DIR"):  # never the user's settings, history or keys
    os.environ[variable] = tempfile.mkdtemp(prefix="swapdesk-screenshots-")

from keyring.backend import KeyringBackend  # noqa: E402
from keyring.backends.fail import Keyring as FailKeyring  # noqa: E402
from PySide6.QtCore import QMessageLogContext, QSize, QtMsgType, SignalInstance, qInstallMessageHandler  # noqa: E402
from PySide6.QtWidgets import QApplication, QWidget  # noqa: E402

from swapdesk.compose import EmbeddedEngine, in_process  # noqa: E402
from swapdesk.devnet.accounts import demo_address, demo_key  # noqa: E402
from swapdesk.devnet.backend import DevnetBackend  # noqa: E402
from swapdesk.devnet.bridges.service import BridgeProviders  # noqa: E402
from swapdesk.devnet.network import Devnet  # noqa: E402
from swapdesk.gui import i18n, theme  # noqa: E402
from swapdesk.gui.accounts_dialog import AccountsDialog  # noqa: E402
from swapdesk.gui.loop import EventLoop  # noqa: E402
from swapdesk.gui.screen_fit import window_size  # noqa: E402
from swapdesk.gui.settings_dialog import SettingsDialog  # noqa: E402
from swapdesk.gui.tabs.cross import CrossChainTab  # noqa: E402
from swapdesk.gui.window import MainWindow  # noqa: E402
from swapdesk.session import Session  # noqa: E402
from swapdesk.settings import Settings  # noqa: E402
from swapdesk.store import StoredOrder, TxStore  # noqa: E402
from swapdesk.trade.bridge_checks import CBRIDGE, CrossShown  # noqa: E402
from swapdesk.trade.orders import refundable  # noqa: E402
from swapdesk.wallet import PrivateKey, Wallet  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
SCREEN = "1366x768"  # the smallest common laptop screen: everything must fit it (and 1024x640, --screen)
SPEED = 3.0  # the devnet's pace: blocks and bridge stages three times as fast as a person sees them


class MemoryKeyring(KeyringBackend):
    """Keys for the pictures live in memory: the OS keyring is never touched."""

    priority = 1

    def __init__(self) -> None:
        super().__init__()  # type: ignore[no-untyped-call]  # keyring's KeyringBackend.__init__ is unannotated
        self.entries: dict[tuple[str, str], str] = {}

    def get_password(self, service: str, username: str) -> str | None:
        return self.entries.get((service, username))

    def set_password(self, service: str, username: str, password: str) -> None:
        self.entries[(service, username)] = password

    def delete_password(self, service: str, username: str) -> None:
        self.entries.pop((service, username), None)


class Camera:
    def __init__(self, app: QApplication, out: Path, tag: str = "") -> None:
        """`tag`: after each name ('-1024x640' for a screen other than the README's main one, '-zh_CN' for a
        language other than English)."""
        self.app, self.out, self.tag = app, out, tag
        self.taken: list[str] = []

    def shoot(self, widget: QWidget, name: str) -> None:
        """The widget as it is now, light and dark."""
        for suffix, look in (("", "light"), ("-dark", "dark")):
            theme.apply(self.app, look)
            QApplication.sendPostedEvents()  # the palette reaches every widget by posted events
            path = self.out / f"{name}{self.tag}{suffix}.png"
            assert widget.grab().save(str(path)), path
            self.taken.append(path.name)
        theme.apply(self.app, "light")
        print(f"{name}: light and dark")


def until(loop: asyncio.AbstractEventLoop, signal: SignalInstance, timeout: float = 180) -> tuple[Any, ...]:
    """Run the window until it says it did something (emits `signal`)."""
    done: asyncio.Future[tuple[Any, ...]] = loop.create_future()

    def fire(*args: Any) -> None:
        if not done.done():
            done.set_result(args)

    signal.connect(fire)
    try:
        return loop.run_until_complete(asyncio.wait_for(done, timeout))
    finally:
        signal.disconnect(fire)


def run(loop: asyncio.AbstractEventLoop, work: Callable[[], Coroutine[Any, Any, Any]]) -> Any:
    return loop.run_until_complete(work())


def quote_tab(loop: asyncio.AbstractEventLoop, window: MainWindow, camera: Camera) -> None:
    tab = window.quote_tab
    window.tabs.setCurrentWidget(tab)
    tab.chain_box.setCurrentIndex(tab.chain_box.findText("BNB Smart Chain"))
    camera.shoot(window, "quote-loading")
    until(loop, tab.accounts_shown)
    tab.choose_account(demo_address(8))
    camera.shoot(window, "quote-empty")
    tab.sell.choose("USDT")
    tab.buy.choose("BNB")
    tab.amount.setText("2500")
    until(loop, tab.quote_shown)
    until(loop, tab.priced)  # the dollar values, priced on the chain at the quote's block
    camera.shoot(window, "quote")
    tab.amount.setText("25000")  # the figures on screen answer 2,500 now: dimmed, and "Quoting…"
    camera.shoot(window, "quote-quoting")
    until(loop, tab.quote_shown)
    tab.buy.open_list()
    camera.shoot(tab.buy.list, "token-list")
    tab.buy.list.hide()
    tab.amount.setText("250000")  # more than the account holds
    until(loop, tab.quote_shown)
    until(loop, tab.priced)
    camera.shoot(window, "quote-not-enough")
    tab.amount.setText("2500")
    until(loop, tab.quote_shown)
    until(loop, tab.priced)
    tab.advanced.setChecked(True)
    tab.route_card.transaction.setChecked(True)
    camera.shoot(window, "quote-advanced")
    tab.recipient.setText("0xnot-an-address")
    tab.changed()  # judged as after the typing pause
    camera.shoot(window, "quote-error")
    tab.recipient.setText(demo_address(8))
    tab.advanced.setChecked(False)
    tab.route_card.transaction.setChecked(False)
    until(loop, tab.quote_shown)


def swap(loop: asyncio.AbstractEventLoop, window: MainWindow, camera: Camera) -> str:
    """Approve and swap 1,500 USDT from demo account 8; the swap's hash."""
    tab = window.quote_tab
    tab.amount.setText("1500")
    until(loop, tab.quote_shown)
    tab.swap_button.click()
    dialog = window.swap_dialog
    assert dialog is not None
    until(loop, dialog.checked)
    until(loop, dialog.estimated)
    camera.shoot(dialog, "swap-approve")
    dialog.approve_button.click()
    until(loop, dialog.checked)
    until(loop, dialog.estimated)
    camera.shoot(dialog, "swap-review")
    dialog.swap_button.click()
    (result,) = until(loop, dialog.swapped)
    until(loop, dialog.changes_shown)  # the network fee paid, then what the swap changed in the balances
    camera.shoot(dialog, "swap-done")
    dialog.close()
    return str(result.hash)


def history(loop: asyncio.AbstractEventLoop, window: MainWindow, camera: Camera) -> None:
    tab = window.history_tab
    window.tabs.setCurrentWidget(tab)
    tab.refresh_sent()
    until(loop, tab.sent_listed)
    tab.look_up_hash(tab.sent.rows[0].hash, tab.sent.rows[0].chain_id)
    until(loop, tab.details_shown)
    camera.shoot(window, "history")
    tab.look_up_hash(tab.sent.rows[1].hash, tab.sent.rows[1].chain_id)  # the approval the app sent
    until(loop, tab.transaction_shown)
    camera.shoot(window, "history-approval")
    tab.legend.mapping.setChecked(True)
    tab.card.clear()
    camera.shoot(window, "history-sent")
    tab.legend.mapping.setChecked(False)
    tab.hash.setText("0x" + "cd" * 32)  # on no chain: detection tries them in turn
    tab.chain_box.setCurrentIndex(0)
    tab.look_up.click()
    until(loop, tab.trying)
    until(loop, tab.trying)
    camera.shoot(window, "history-detecting")
    tab.progress.cancel_button.click()


def dialogs(window: MainWindow, camera: Camera, config: Path) -> None:
    accounts = window.edit_accounts()
    accounts.resize(accounts.minimumSize())
    camera.shoot(accounts, "accounts")
    accounts.close()
    unsafe = AccountsDialog(Wallet(config / "unsafe", FailKeyring(), scrypt_n=2**10))
    unsafe.resize(unsafe.minimumSize())
    camera.shoot(unsafe, "accounts-unsafe-keyring")
    settings = SettingsDialog(Settings())
    settings.show()  # laid out as a person sees it: its notes wrap to the width they get
    QApplication.sendPostedEvents()
    camera.shoot(settings, "settings")
    settings.sections.setCurrentIndex(1)  # real networks: nodes, bridge services, forks
    camera.shoot(settings, "settings-networks")
    settings.close()


def cross_chain(loop: asyncio.AbstractEventLoop, window: MainWindow, camera: Camera) -> None:
    """The Cross-chain tab: the form, the bridges compared (and one that cannot carry a transfer), the review,
    an order's timeline under way, arrived, and a refund; History's lookup of the deposit."""
    tab = window.cross_tab
    window.tabs.setCurrentWidget(tab)
    assert window.session.service is not None
    tab.use_service(window.session.service)  # as `MainWindow.start` does: the bridges' chains and tokens, the orders
    until(loop, tab.tokens_loaded)
    tab.choose_account(demo_address(8))
    until(loop, tab.balances_shown)
    camera.shoot(window, "cross-empty")
    tab.amount.setText("250")
    until(loop, tab.routes_shown)
    until(loop, tab.priced)
    camera.shoot(window, "cross-compared")
    tab.amount.setText("2500")  # what is shown answers 250 now: dimmed, "Comparing the bridges…"
    camera.shoot(window, "cross-comparing")
    until(loop, tab.routes_shown)
    tab.amount.setText("250")
    until(loop, tab.routes_shown)

    deposit = send_across(loop, window, camera, "METAPATH", "cross")
    order = follow(loop, tab, lambda o: len(o.timeline) >= 3 or o.ended)  # a few stages done, some to come
    camera.shoot(window, "cross-timeline")
    until(loop, window.notifier.notified)
    follow(loop, tab, lambda o: o.ended)
    camera.shoot(window, "cross-done")
    history = window.history_tab
    history.look_up_hash(deposit, order.chain_id)
    window.tabs.setCurrentWidget(history)
    until(loop, history.details_shown)
    camera.shoot(window, "history-cross")

    window.tabs.setCurrentWidget(tab)
    tab.order_card.new_button.click()
    tab.dst_box.setCurrentIndex(tab.dst_box.findText("HECO"))
    tab.amount.setText("60000")  # HECO's pools hold 50,000: cBridge says it cannot, METAPATH's desk refunds
    until(loop, tab.routes_shown)
    until(loop, tab.priced)
    camera.shoot(window, "cross-unavailable")
    send_across(loop, window, camera, "METAPATH")
    until(loop, window.notifier.notified)
    follow(loop, tab, lambda o: o.ended)
    camera.shoot(window, "cross-refunded")
    cbridge_refund(loop, window, camera)


def cbridge_refund(loop: asyncio.AbstractEventLoop, window: MainWindow, camera: Camera) -> None:
    """cBridge's refund waits for its sender, who withdraws it with a button. The transfer is one whose slippage
    bound cannot cover the fees: the route the tab offers, sent through the app's own trade layer with that bound
    (the app itself never sends one)."""
    tab, bridger = window.cross_tab, window.session.bridger
    assert bridger is not None
    tab.order_card.new_button.click()
    tab.dst_box.setCurrentIndex(tab.dst_box.findText("Polygon"))
    tab.amount.setText("20")
    until(loop, tab.routes_shown)
    tab.routes_card.choose("CBRIDGE")
    asked: list[CrossShown] = []
    tab.send_requested.connect(lambda shown, _account: asked.append(shown))
    tab.send_button.click()
    assert window.cross_dialog is not None
    window.cross_dialog.close()  # not this review: the transfer below is sent by hand
    (shown,) = asked
    key = PrivateKey(demo_key(8))

    async def tight_deposit() -> str:
        await bridger.approve(key, shown)
        final = await bridger._final_quote(shown, key)
        fields = list(CBRIDGE.decode_input("send", bytes.fromhex(final.data[2:])))
        fields[5] = 501  # maxSlippage: 0.0501 %, where the fees take 1.6 % of 20 USDT
        summary = {"bridge": "CBRIDGE", "chain": shown.src.flag, "toChain": shown.dst.flag, "toChainId": shown.dst.id,
                   "tokenIn": final.token0, "tokenOut": final.token1, "symbolIn": "USDT", "symbolOut": "USDT",
                   "decimalsIn": shown.decimals[0], "decimalsOut": shown.decimals[1], "amountIn": final.amountIn,
                   "quotedOut": final.amountOut, "minOut": str(shown.min_out), "receiver": final.to,
                   "sender": key.address}  # fmt: skip
        data = CBRIDGE.encode("send", *fields)
        sent = await bridger.calls.send(key, shown.src, "bridge", await bridger.contract(shown), data, 0, summary,
                                        CBRIDGE.abi)  # fmt: skip
        return sent.hash

    deposit = run(loop, tight_deposit)
    tab.show_order(deposit)
    tab.feed.wake()
    follow(loop, tab, refundable)
    camera.shoot(window, "cross-refund-waiting")
    tab.order_card.withdraw_button.click()
    until(loop, window.refund_withdrawn)
    follow(loop, tab, lambda o: o.ended)
    camera.shoot(window, "cross-refund-withdrawn")


def send_across(
    loop: asyncio.AbstractEventLoop, window: MainWindow, camera: Camera, bridge: str, shots: str = ""
) -> str:
    """Choose `bridge`, review, approve, send, and follow the order; the deposit's hash. `shots`: the dialog's
    states are shot under this name."""
    tab = window.cross_tab
    tab.routes_card.choose(bridge)
    tab.send_button.click()
    dialog = window.cross_dialog
    assert dialog is not None
    if dialog.funds is None:
        until(loop, dialog.checked)
    if dialog.approve_button.isVisibleTo(dialog):
        if shots:
            camera.shoot(dialog, f"{shots}-review-approve")
        dialog.approve_button.click()
        until(loop, dialog.checked)
    if shots:
        camera.shoot(dialog, f"{shots}-review")
    dialog.send_button.click()
    (result,) = until(loop, dialog.sent_order)
    if shots:
        camera.shoot(dialog, f"{shots}-sent")
    dialog.follow_button.click()
    follow(loop, tab, lambda o: o.hash == result.hash)
    return str(result.hash)


def follow(loop: asyncio.AbstractEventLoop, tab: CrossChainTab, reached: Callable[[StoredOrder], bool]) -> StoredOrder:
    """The order on the tab's card once it has `reached` a state (each move shows it: `order_shown`)."""
    while (order := tab.order_card.order) is None or not reached(order):
        until(loop, tab.order_shown)
    return order


def _quiet(kind: QtMsgType, context: QMessageLogContext, message: str) -> None:
    """The offscreen platform's one warning, about window sizes it does not manage, says nothing here."""
    if "propagateSizeHints" not in message:
        print(message, file=sys.stderr)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots", help="where the PNGs go")
    parser.add_argument("--screen", default=SCREEN, help="the screen, WIDTHxHEIGHT (1024x640: the smallest)")
    parser.add_argument("--language", default="en", choices=["en", "zh_CN"], help="the window's language")
    arguments = parser.parse_args()
    out: Path = arguments.out
    width, height = (int(part) for part in arguments.screen.lower().split("x"))
    out.mkdir(parents=True, exist_ok=True)
    qInstallMessageHandler(_quiet)
    app = QApplication.instance() or QApplication(sys.argv)
    assert isinstance(app, QApplication)
    loop = EventLoop(app)
    asyncio.set_event_loop(loop)
    theme.apply(app, "light")
    i18n.install(app, arguments.language)  # before any widget is built: each reads its words once
    config = Path(os.environ["SWAPDESK_CONFIG_DIR"])
    devnet = Devnet(speed=SPEED)
    engine = EmbeddedEngine(DevnetBackend(devnet), BridgeProviders(devnet))
    wallet = Wallet(config / "wallet", MemoryKeyring(), scrypt_n=2**10)
    session = Session(TxStore(config / "transactions.sqlite"), in_process(engine, devnet=devnet))
    window = MainWindow(session, wallet=wallet)
    window.resize(window_size(QSize(width, height)))  # as it opens on that screen, a title bar above it
    window.show()
    tag = ("" if arguments.screen == SCREEN else f"-{width}x{height}") + (
        "" if arguments.language == "en" else f"-{arguments.language}"
    )
    camera = Camera(app, out, tag)
    with loop:
        loop.run_until_complete(engine.start())
        quote_tab(loop, window, camera)
        swap(loop, window, camera)
        history(loop, window, camera)
        dialogs(window, camera, config)
        cross_chain(loop, window, camera)
        window.close()
        loop.run_until_complete(engine.aclose())
    print(f"{len(camera.taken)} screenshots in {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
