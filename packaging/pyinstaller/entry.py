"""The bundle's `swapdesk`: the console script's `swapdesk.__main__.main`, frozen by PyInstaller.

`swapdesk serve --workers N` starts its workers with multiprocessing's spawn, which runs this executable again:
`freeze_support()` turns such a child into the worker it was started as, before anything else runs.

With `SWAPDESK_BUNDLE_SMOKE=1` the window opens as `swapdesk` opens it, quotes once on the chain it opens on (100
of the token it offers to sell), prints one JSON line (what it saw, and wall-clock times: launched, window shown,
quote on screen) and closes. With `SWAPDESK_BUNDLE_SMOKE=swap` it first picks the demo account `Demo 1`, and after
the quote swaps it as a person would: Swap…, Approve when the router may not take the token yet, Swap, until the
dialog says the swap is done (its hash and what was received go in the JSON line too). That is how
tests/packaging/test_bundle.py and benchmarks/bundle.py see the bundled window work with nothing but the bundle; it
changes nothing but the devnet's local data under the user's HOME, as any start and any devnet swap does.
"""

from __future__ import annotations

import time

LAUNCHED = time.time()  # before any import of Qt or swapdesk, as close to a user's click as Python gets

import multiprocessing  # noqa: E402
import os  # noqa: E402
import sys  # noqa: E402
from typing import Any  # noqa: E402

SMOKE_TIMEOUT = 120.0  # seconds: the world comes from the bundle, so a quote takes seconds, not minutes


def smoke(swap: bool) -> int:
    """`swapdesk` without a command, as `swapdesk.__main__.main` starts it, driving the window's Quote tab once."""
    import asyncio
    import json
    import logging

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    from PySide6.QtWidgets import QApplication

    from swapdesk.gui import app
    from swapdesk.gui.window import MainWindow

    seen: dict[str, Any] = {"launched": LAUNCHED}
    driver: list[asyncio.Task[None]] = []
    opened = app.open_window

    def open_and_quote(*args: Any, **kwargs: Any) -> MainWindow:
        window = opened(*args, **kwargs)
        loop = asyncio.get_event_loop()
        loaded: asyncio.Future[int] = loop.create_future()
        accounts: asyncio.Future[int] = loop.create_future()
        quoted: asyncio.Future[Any] = loop.create_future()
        # connected before the engine can answer: the first chain's tokens may load on the next turn
        window.quote_tab.tokens_loaded.connect(lambda chain: loaded.done() or loaded.set_result(chain))
        window.quote_tab.accounts_shown.connect(lambda count: accounts.done() or accounts.set_result(count))
        window.quote_tab.quote_shown.connect(lambda quote: quoted.done() or quoted.set_result(quote))

        async def drive() -> None:
            try:
                await asyncio.sleep(0)  # one turn of the loop: the window has been shown and painted
                seen.update(shown=time.time(), visible=window.isVisible(), platform=QApplication.platformName())
                seen["chain"] = await asyncio.wait_for(loaded, SMOKE_TIMEOUT)
                seen["tokens"] = time.time()
                if swap:  # the account first: its quote is the one swapped
                    from swapdesk.devnet.accounts import demo_address

                    await asyncio.wait_for(accounts, SMOKE_TIMEOUT)
                    window.quote_tab.choose_account(demo_address(1))
                    seen["account"] = window.quote_tab.account_box.currentText()
                window.quote_tab.amount.setText("100")  # as a person types it: checked, debounced, quoted
                quote = await asyncio.wait_for(quoted, SMOKE_TIMEOUT)
                seen.update(
                    quoted=time.time(),
                    sell=getattr(window.quote_tab.sell.token, "symbol", None),
                    buy=getattr(window.quote_tab.buy.token, "symbol", None),
                    amountIn=str(quote.amountIn),
                    received=window.quote_tab.buy_side.text(),
                    status=window.engine_state.text(),
                )
                if swap:
                    seen.update(await swap_quoted(window))
            except Exception as exc:  # said in the JSON line, and in the exit status
                seen["error"] = f"{type(exc).__name__}: {exc}"
            finally:
                print(json.dumps(seen, default=str), flush=True)
                window.close()  # closes the swap dialog too, then the engine: the process ends

        driver.append(asyncio.ensure_future(drive()))  # kept: a task nobody holds may be collected mid-run
        return window

    app.open_window = open_and_quote
    code = app.run()
    return code or (1 if "error" in seen or ("swapped" if swap else "quoted") not in seen else 0)


async def swap_quoted(window: Any) -> dict[str, Any]:
    """The quote on screen swapped through the window's own dialog, as a person clicks through it."""
    import asyncio

    def next_emit(signal: Any) -> asyncio.Future[Any]:
        """The signal's next value, or the dialog's failure (said in its words) if that comes first."""
        future: asyncio.Future[Any] = asyncio.get_event_loop().create_future()
        signal.connect(lambda *args: future.done() or future.set_result(args[0] if args else None))
        dialog.failed.connect(lambda words: future.done() or future.set_exception(RuntimeError(words)))
        return future

    tab = window.quote_tab
    if not tab.swap_button.isEnabled():
        raise RuntimeError(f"Swap… is off: {tab.message.text()}")
    tab.swap_button.click()
    dialog = window.swap_dialog
    await asyncio.wait_for(next_emit(dialog.checked), SMOKE_TIMEOUT)
    approved = dialog.approve_button.isEnabled()
    if approved:
        checked = next_emit(dialog.checked)
        dialog.approve_button.click()
        await asyncio.wait_for(checked, SMOKE_TIMEOUT)
    if not dialog.swap_button.isEnabled():
        raise RuntimeError(f"Swap stays off in the review: {dialog.headline.text()}")
    swapped = next_emit(dialog.swapped)
    dialog.swap_button.click()
    result = await asyncio.wait_for(swapped, SMOKE_TIMEOUT)
    return {
        "swapped": time.time(),
        "approved": approved,
        "hash": result.hash,
        "amountOut": str(result.amount_out),
        "headline": dialog.headline.text(),
    }


def main() -> int:
    multiprocessing.freeze_support()
    mode = os.environ.get("SWAPDESK_BUNDLE_SMOKE")
    if mode in ("1", "swap"):
        return smoke(swap=mode == "swap")
    from swapdesk.__main__ import main as swapdesk

    return swapdesk()


if __name__ == "__main__":
    sys.exit(main())
