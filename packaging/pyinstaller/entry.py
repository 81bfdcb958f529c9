"""The bundle's `swapdesk`: the console script's `swapdesk.__main__.main`, frozen by PyInstaller.

`swapdesk serve --workers N` starts its workers with multiprocessing's spawn, which runs this executable again:
`freeze_support()` turns such a child into the worker it was started as, before anything else runs.

With `SWAPDESK_BUNDLE_SMOKE=1` the window opens as `swapdesk` opens it, quotes once on the chain it opens on (100
of the token it offers to sell), prints one JSON line (what it saw, and wall-clock times: launched, window shown,
quote on screen) and closes. That is how tests/test_bundle.py and benchmarks/bundle.py see the bundled window work
with nothing but the bundle; it sends nothing and changes nothing but the devnet's local data, as any start does.
"""

from __future__ import annotations

import time

LAUNCHED = time.time()  # before any import of Qt or swapdesk, as close to a user's click as Python gets

import multiprocessing  # noqa: E402
import os  # noqa: E402
import sys  # noqa: E402

SMOKE_TIMEOUT = 120.0  # seconds: the world comes from the bundle, so a quote takes seconds, not minutes


def smoke() -> int:
    """`swapdesk` without a command, as `swapdesk.__main__.main` starts it, driving the window's Quote tab once."""
    import asyncio
    import json
    import logging
    from typing import Any

    from swapdesk.chain.libraries import load_in_background

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    load_in_background()  # as main() does, before Qt loads: the same start-up, the same timing
    from PySide6.QtWidgets import QApplication

    from swapdesk.gui import app
    from swapdesk.gui.window import MainWindow

    seen: dict[str, Any] = {"launched": LAUNCHED}
    opened = app.open_window

    def open_and_quote(*args: Any, **kwargs: Any) -> MainWindow:
        window = opened(*args, **kwargs)
        loop = asyncio.get_event_loop()
        loaded: asyncio.Future[int] = loop.create_future()
        quoted: asyncio.Future[Any] = loop.create_future()
        # connected before the engine can answer: the first chain's tokens may load on the next turn
        window.quote_tab.tokens_loaded.connect(lambda chain: loaded.done() or loaded.set_result(chain))
        window.quote_tab.quote_shown.connect(lambda quote: quoted.done() or quoted.set_result(quote))

        async def drive() -> None:
            try:
                await asyncio.sleep(0)  # one turn of the loop: the window has been shown and painted
                seen.update(shown=time.time(), visible=window.isVisible(), platform=QApplication.platformName())
                seen["chain"] = await asyncio.wait_for(loaded, SMOKE_TIMEOUT)
                seen["tokens"] = time.time()
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
            except Exception as exc:  # said in the JSON line, and in the exit status
                seen["error"] = f"{type(exc).__name__}: {exc}"
            print(json.dumps(seen), flush=True)
            window.close()

        seen["driver"] = asyncio.ensure_future(drive())
        return window

    app.open_window = open_and_quote
    code = app.run()
    seen.pop("driver", None)
    return code or (1 if "error" in seen or "quoted" not in seen else 0)


def main() -> int:
    multiprocessing.freeze_support()
    if os.environ.get("SWAPDESK_BUNDLE_SMOKE") == "1":
        return smoke()
    from swapdesk.__main__ import main as swapdesk

    return swapdesk()


if __name__ == "__main__":
    sys.exit(main())
