"""The window's first steps, on a fresh profile and on a warm one: launch to "Ready" in the status bar, launch
to a usable Cross-chain tab, and the first switch to a chain not started yet.

    python benchmarks/first_steps.py [--profile DIR] [--runs 1]
    python benchmarks/first_steps.py --shown --runs 5     # launch -> window shown only

Each figure is one new process of the app, offscreen, as `swapdesk` starts it (`benchmarks/gui.py`'s way):
"launch" is before the first import of Qt or swapdesk. Its profile is a folder given as HOME and every XDG_*
folder (settings, data, the devnet's chains and the cache of built worlds): fresh is an empty one, warm is
the same folder again after a first start has run in it; "installed" is an empty profile beside a cache of
every built world (what `scripts/start` builds before the window, and what the bundle ships). Two processes per
profile state:

* quote: launch -> the window shown, launch -> "Ready", then the chain box switched to a chain not started yet
  (`FIRST_SWITCH`) -> its form usable (its tokens and balances listed, the form no longer loading);
* cross: the Cross-chain tab clicked as the window shows -> its form usable (chains and tokens listed, no
  longer loading), then 100 of its first token typed for a recipient -> the bridges' first comparison shown;
  and how many moments in between showed neither the form nor progress (never a blank wait).

Targets (issues 22 and 31): window shown <= 1 s, Ready <= 2.5 s, Cross-chain usable <= 3 s, first chain switch
<= 2 s, on an idle machine.
A fixed reference workload (`quote_compute.reference`'s) is timed before each start and at the end: the median of
its median over its fastest says how loaded the machine is, and each figure divided by it is an estimate of an
idle machine's (a rough one: a load that slows every run of the workload alike does not show in that ratio, so
the load average is printed too).
"""

from __future__ import annotations

import time

LAUNCHED = time.perf_counter()

import argparse  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402
import statistics  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
from pathlib import Path  # noqa: E402

RECIPIENT = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"  # the devnet's demo account 1 (the public test mnemonic)
FIRST_SWITCH = "Arbitrum One"  # no bridge serves it: nothing but the switch starts it
TIMEOUT_S = 180.0
POLL_MS = 10
TARGETS = {"shown": 1.0, "ready": 2.5, "cross": 3.0, "switch": 2.0}


def child(mode: str) -> None:
    """One start of the app in this process; prints its figures as one JSON line."""
    import asyncio

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from swapdesk.__main__ import parser

    parser().parse_args([])  # `swapdesk` reads its options first: what that loads delays the window too
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from swapdesk import settings
    from swapdesk.gui.app import open_window
    from swapdesk.gui.collector import MainThreadCollector
    from swapdesk.gui.loop import EventLoop

    app = QApplication([])
    app.setQuitOnLastWindowClosed(False)  # the engine closes after the window, as `swapdesk` closes it
    loop = EventLoop(app)
    asyncio.set_event_loop(loop)
    collector = MainThreadCollector(app)
    collector.start()
    found: dict[str, float] = {}
    blank: list[float] = []  # moments the Cross-chain form showed neither its form nor progress

    async def measure() -> None:
        window = open_window(settings.load(), collector)
        window.resize(1280, 800)
        if mode == "cross":
            window.tabs.setCurrentWidget(window.cross_tab)
        done = loop.create_future()
        clicked = 0.0
        quote, cross = window.quote_tab, window.cross_tab

        def poll() -> None:
            nonlocal clicked
            now = time.perf_counter() - LAUNCHED
            if "shown" not in found and window.isVisible():
                found["shown"] = now
                if mode == "shown":  # --shown: nothing after the window is measured, nor waited for
                    print(json.dumps(found), flush=True)
                    os._exit(0)
            if "engine" not in found and window.session.service is not None:
                found["engine"] = now  # the engine built (imports, the devnet, the providers), not yet answered
            if "ready" not in found and window.engine_state.text().startswith("Ready"):
                found["ready"] = now
            if mode == "cross":
                usable = cross.src_box.count() > 0 and bool(cross.send_picker.tokens) and not cross.loading_words
                if cross.choices.load_failed and "failed" not in found:
                    found["failed"] = now
                    print("the Cross-chain list failed:", cross.choices.load_failed, file=sys.stderr)
                    done.done() or done.set_result(None)
                if not usable and not cross.loading_words and not cross.send_picker.tokens:
                    blank.append(now)
                if usable and "cross" not in found:
                    found["cross"] = now
                    cross.recipient.setText(RECIPIENT)  # a person's first comparison: no account needed
                    cross.amount.setText("100")
                if "cross" in found and "compared" not in found and cross.found is not None:
                    found["compared"] = now
                    done.done() or done.set_result(None)
            elif "ready" in found and not clicked:
                clicked = now
                quote.chain_box.setCurrentIndex(quote.chain_box.findText(FIRST_SWITCH))
            elif clicked and "switch" not in found:
                usable = bool(quote.sell.tokens) and not quote.data.loading.busy and not quote.data.load_failed
                if usable and quote.chain.name == FIRST_SWITCH:
                    found["switch"] = now - clicked
                    done.done() or done.set_result(None)
            if now > TIMEOUT_S:
                done.done() or done.set_result(None)

        timer = QTimer(interval=POLL_MS)
        timer.timeout.connect(poll)
        timer.start()
        await done
        timer.stop()
        found["blank"] = float(len(blank))
        window.close()
        await window.session.aclose()

    with loop:
        loop.run_until_complete(measure())
    collector.stop()
    print(json.dumps(found), flush=True)


def reference() -> tuple[float, float]:
    """`benchmarks/quote_compute.reference`: a fixed integer loop timed 20 times, (fastest, median)."""
    times = []
    for _ in range(20):
        started, x = time.perf_counter(), 0
        for i in range(200_000):
            x += (i * 7919) // 13
        times.append(time.perf_counter() - started)
    return min(times), statistics.median(times)


def profile_env(folder: Path, worlds: Path | None = None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SWAPDESK_", "XDG_"))}
    if worlds is not None:  # built worlds beside an empty profile (`scripts/start` builds them before the window)
        env["SWAPDESK_CACHE_DIR"] = str(worlds)
    env["HOME"] = str(folder)
    for name, sub in (("CONFIG", ".config"), ("DATA", ".local/share"), ("CACHE", ".cache"), ("STATE", ".local/state")):
        env[f"XDG_{name}_HOME"] = str(folder / sub)
    env["QT_QPA_PLATFORM"] = "offscreen"
    env["PYTHONPATH"] = os.pathsep.join([str(Path(__file__).resolve().parent.parent), env.get("PYTHONPATH", "")])
    env["PYTHON_KEYRING_BACKEND"] = "keyring.backends.null.Keyring"  # no desktop keyring offscreen
    return env


def start(mode: str, folder: Path, worlds: Path | None = None) -> dict[str, float]:
    run = subprocess.run(
        [sys.executable, __file__, "--child", mode],
        env=profile_env(folder, worlds),
        capture_output=True,
        text=True,
        timeout=TIMEOUT_S + 60,
    )
    lines = [line for line in run.stdout.splitlines() if line.startswith("{")]
    if run.returncode != 0 or not lines:
        raise SystemExit(f"the {mode} start failed ({run.returncode}):\n{run.stderr[-3000:]}")
    figures: dict[str, float] = json.loads(lines[-1])
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--child", choices=["quote", "cross", "shown"], help=argparse.SUPPRESS)
    parser.add_argument("--shown", action="store_true", help="only launch -> window shown, on a fresh profile")
    parser.add_argument("--runs", type=int, default=1, help="starts per figure (the median is printed)")
    args = parser.parse_args()
    if args.child:
        return child(args.child)
    loads: list[float] = []  # the reference workload's median over its fastest, before each start and at the end

    def measured(mode: str, folder: Path, worlds: Path | None = None) -> dict[str, float]:
        fastest, typical = reference()
        loads.append(typical / fastest)
        return start(mode, folder, worlds)

    rows: dict[str, list[float]] = {}
    if args.shown:
        return shown_only(args.runs)
    for _ in range(args.runs):
        with tempfile.TemporaryDirectory(prefix="swapdesk-profile-") as name:
            folder = Path(name)
            fresh_quote = measured("quote", folder / "q")
            fresh_cross = measured("cross", folder / "c")
            warm_quote = measured("quote", folder / "q")
            warm_cross = measured("cross", folder / "c")
            # a first start after `scripts/start` built the worlds (or the bundle's, which ships them): an empty
            # profile, every world in the cache
            worlds = folder / "c" / ".cache" / "swapdesk"
            building = time.perf_counter()
            build = [sys.executable, "-m", "swapdesk", "devnet", "build", "--missing"]
            subprocess.run(build, env=profile_env(folder / "c"), check=True, timeout=1800, stdout=subprocess.DEVNULL)
            rows.setdefault("install: the worlds the first starts left", []).append(time.perf_counter() - building)
            installed_quote = measured("quote", folder / "iq", worlds)
            installed_cross = measured("cross", folder / "ic", worlds)
        states = (
            ("fresh", fresh_quote, fresh_cross),
            ("warm", warm_quote, warm_cross),
            ("installed", installed_quote, installed_cross),
        )
        for state, quote, cross in states:
            rows.setdefault(f"{state} launch -> window shown", []).append(quote["shown"])
            rows.setdefault(f"{state} launch -> Ready", []).append(quote.get("ready", float("nan")))
            rows.setdefault(f"{state} launch -> Cross-chain usable", []).append(cross.get("cross", float("nan")))
            rows.setdefault(f"{state} launch -> first comparison shown", []).append(cross.get("compared", float("nan")))
            rows.setdefault(f"{state} launch -> engine built", []).append(quote.get("engine", float("nan")))
            rows.setdefault(f"{state} first switch -> form usable", []).append(quote.get("switch", float("nan")))
            rows.setdefault(f"{state} Cross-chain blank moments", []).append(cross["blank"])
            if "failed" in cross:
                print(f"{state}: the Cross-chain list failed after {cross['failed']:.1f} s (its form said why)")
    fastest, typical = reference()
    loads.append(typical / fastest)
    load = statistics.median(loads)
    shown = ", ".join(f"x{one:.2f}" for one in loads)
    print(f"reference workload (median over fastest) around the starts: {shown} -> load x{load:.2f}")
    averages = ", ".join(f"{one:.1f}" for one in os.getloadavg())
    print(f"load average (1, 5, 15 min) at the end: {averages} on {os.cpu_count()} cores")
    for label, values in rows.items():
        value = statistics.median(values)
        if label.endswith("moments"):
            print(f"{label:42s} {value:6.0f}  (polls showing neither the form nor progress)")
            continue
        target = next((t for key, t in TARGETS.items() if _is(label, key)), None)
        goal = f"  target {target:.1f} s" if target is not None else ""
        print(f"{label:42s} {value:6.2f} s   idle estimate {value / load:6.2f} s{goal}")


def shown_only(runs: int) -> None:
    """`--shown`: launch -> window shown alone, `runs` times on fresh profiles (the engine is built behind the
    window, so a profile's state does not come first), with the machine's load before each."""
    figures, loads = [], []
    with tempfile.TemporaryDirectory(prefix="swapdesk-profile-") as name:
        for run in range(runs):
            fastest, typical = reference()
            loads.append(typical / fastest)
            figures.append(start("shown", Path(name) / str(run))["shown"])
    load = statistics.median(loads)
    print(f"reference workload (median over fastest): load x{load:.2f}; load average {os.getloadavg()[0]:.1f}")
    value = statistics.median(figures)
    print(f"{'launch -> window shown':42s} {value:6.2f} s   idle estimate {value / load:6.2f} s  target 1.0 s")


LABELS = {"shown": "window shown", "ready": "Ready", "cross": "Cross-chain usable", "switch": "first switch"}


def _is(label: str, key: str) -> bool:
    return LABELS[key] in label


if __name__ == "__main__":
    main()
