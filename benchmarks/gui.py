"""GUI figures: launch to an interactive window, launch to the first quote,
and the longest stall of the GUI event loop while quoting continuously.

    python benchmarks/gui.py [--seconds 30]

Runs offscreen. "Launch" starts before the first import of Qt or swapdesk, as
a user's click would. A stall is how late a 5 ms heartbeat timer fires: the
time the event loop was unable to process events (paint, input).
"""

from __future__ import annotations

import time

LAUNCHED = time.perf_counter()

import argparse  # noqa: E402
import asyncio  # noqa: E402
import functools  # noqa: E402
import os  # noqa: E402
import statistics  # noqa: E402
from typing import TypeVar  # noqa: E402

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QTimer  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from swapdesk.gui.app import open_window  # noqa: E402
from swapdesk.gui.collector import MainThreadCollector  # noqa: E402
from swapdesk.gui.loop import EventLoop  # noqa: E402
from swapdesk.gui.window import MainWindow  # noqa: E402
from swapdesk.settings import Settings  # noqa: E402

T = TypeVar("T")

HEARTBEAT_MS = 5


def _settle(future: asyncio.Future[T], value: T) -> None:
    """The first value a signal gives (later ones are not waited for)."""
    if not future.done():
        future.set_result(value)


async def measure(window: MainWindow, seconds: float) -> None:
    loop = asyncio.get_running_loop()
    await asyncio.sleep(0)  # one turn of the loop: the window has been shown and painted
    interactive = time.perf_counter() - LAUNCHED
    tab = window.quote_tab
    first_quote: asyncio.Future[object] = loop.create_future()
    tab.quote_shown.connect(lambda q: _settle(first_quote, q))
    loaded: asyncio.Future[int] = loop.create_future()
    tab.tokens_loaded.connect(lambda c: _settle(loaded, c))  # reads `loaded` when it fires
    await loaded  # the engine is up and the first chain's tokens are listed
    loaded = loop.create_future()
    tab.chain_box.setCurrentIndex(tab.chain_box.findText("BNB Smart Chain"))
    await loaded
    tab.sell.choose("USDT")
    tab.buy.choose("BNB")
    tab.amount.setText("1000")
    await first_quote
    to_first_quote = time.perf_counter() - LAUNCHED
    print(f"launch to interactive window:  {interactive * 1000:7.0f} ms")
    print(f"launch to first quote:         {to_first_quote * 1000:7.0f} ms")

    gaps: list[float] = []
    last = time.perf_counter()

    def beat() -> None:
        nonlocal last
        now = time.perf_counter()
        gaps.append(now - last - HEARTBEAT_MS / 1000)
        last = now

    heartbeat = QTimer(interval=HEARTBEAT_MS)
    heartbeat.timeout.connect(beat)
    heartbeat.start()
    quotes = 0
    end = time.perf_counter() + seconds
    n = 0
    while time.perf_counter() < end:
        n += 1
        shown: asyncio.Future[object] = loop.create_future()
        tab.quote_shown.connect(functools.partial(_settle, shown))
        tab.amount.setText(str(1000 + n))  # as a user typing: debounce, then quote
        await shown
        quotes += 1
    heartbeat.stop()
    ordered = sorted(gaps)
    print(f"quoting continuously for {seconds:.0f} s: {quotes} quotes")
    p99 = ordered[int(len(ordered) * 0.99)]
    print(f"event-loop stall: longest {max(ordered) * 1000:5.1f} ms, p99 {p99 * 1000:5.1f} ms", end="")
    print(f", median {statistics.median(ordered) * 1000:5.2f} ms")
    window.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=30)
    args = parser.parse_args()
    app = QApplication([])
    loop = EventLoop(app)
    asyncio.set_event_loop(loop)
    collector = MainThreadCollector(app)
    collector.start()
    with loop:
        window = open_window(Settings(), collector)  # as `swapdesk` does: the embedded devnet
        window.resize(1280, 800)
        loop.run_until_complete(measure(window, args.seconds))
        loop.run_until_complete(window.session.aclose())


if __name__ == "__main__":
    main()
