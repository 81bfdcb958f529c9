"""The window's Simplified Chinese, through Qt's own tools.

python scripts/translations.py          # lupdate the GUI's words into the .ts, fill it from the table, lrelease the .qm
python scripts/translations.py --check  # exit 1 if a word has no Chinese, or the .ts or the .qm is stale

`pyside6-lupdate` reads every `tr(...)` and `QT_TR_NOOP(...)` under swapdesk/gui, and the `QT_TR_NOOP(...)` of the
modules without Qt that import it from swapdesk.words (the trade's, the wallet's, the settings' errors), into
swapdesk/gui/i18n/swapdesk_zh_CN.ts; the Chinese comes from the table beside it (zh_CN.json: English -> Chinese),
written by a person, so the .ts is never edited by hand; `pyside6-lrelease` compiles it into the .qm the package
ships. `--check` (scripts/test runs it) fails on a word lupdate finds that the .ts lacks, a translation that is
empty or unfinished, a `{placeholder}` the Chinese lost, or a .qm that is not what lrelease makes of the .ts: so a
new English word cannot reach the window without its Chinese. `--ts`/`--qm` check other copies (the tests do).
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "swapdesk"
GUI = PACKAGE / "gui"
FOLDER = GUI / "i18n"
TS = FOLDER / "swapdesk_zh_CN.ts"
QM = FOLDER / "swapdesk_zh_CN.qm"
TABLE = FOLDER / "zh_CN.json"
_PLACEHOLDER = re.compile(r"\{\w*(?:![rsa])?\}")
_MARKS = re.compile(r"^from swapdesk\.words import .*QT_TR_NOOP", re.MULTILINE)


def _tool(name: str) -> str:
    """PySide6's wrapper for a Qt tool, from the interpreter's own environment first (the project's venv)."""
    beside = Path(sys.executable).with_name(f"pyside6-{name}")
    found = str(beside) if beside.exists() else shutil.which(f"pyside6-{name}")
    if found is None:
        raise SystemExit(f"pyside6-{name} is not installed: install PySide6 (pip install -e '.[test]')")
    return found


def sources() -> list[Path]:
    """The GUI's files, and every other module that marks words with `swapdesk.words` (the trade's, the wallet's and
    the settings' errors, said in the window's language)."""
    found = {p for p in GUI.rglob("*.py") if "__pycache__" not in p.parts}
    found |= {p for p in PACKAGE.rglob("*.py") if "__pycache__" not in p.parts and _MARKS.search(p.read_text("utf-8"))}
    return sorted(found)


def lupdate(ts: Path) -> None:
    """The GUI's words into `ts` (no line numbers: an edit elsewhere in a file leaves the .ts as it was)."""
    files = [str(p.relative_to(ROOT)) for p in sources()]
    subprocess.run([_tool("lupdate"), "-silent", "-locations", "none", "-no-obsolete", *files, "-ts", str(ts)],
                   cwd=ROOT, check=True)  # fmt: skip


def lrelease(ts: Path, qm: Path) -> None:
    subprocess.run([_tool("lrelease"), "-silent", str(ts), "-qm", str(qm)], check=True)


def messages(ts: Path) -> dict[str, ET.Element]:
    """Each source string of the .ts and its <translation>."""
    found = {}
    for message in ET.parse(ts).getroot().iter("message"):
        source, translation = message.find("source"), message.find("translation")
        assert source is not None and translation is not None, f"{ts}: a message without source or translation"
        found[source.text or ""] = translation
    return found


def fill(ts: Path, table: dict[str, str]) -> list[str]:
    """Put the table's Chinese into `ts`; the source strings the table has no Chinese for."""
    tree = ET.parse(ts)
    missing = []
    for message in tree.getroot().iter("message"):
        source, translation = message.find("source"), message.find("translation")
        assert source is not None and translation is not None
        chinese = table.get(source.text or "", "")
        translation.text = chinese
        if chinese:
            translation.attrib.pop("type", None)
        else:
            translation.set("type", "unfinished")
            missing.append(source.text or "")
    ET.indent(tree, "    ")
    text = ET.tostring(tree.getroot(), encoding="unicode")
    ts.write_text(f'<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n{text}\n', encoding="utf-8")
    return missing


def build() -> list[str]:
    """Write the .ts and the .qm; the words still without Chinese."""
    TS.parent.mkdir(parents=True, exist_ok=True)
    lupdate(TS)
    missing = fill(TS, json.loads(TABLE.read_text(encoding="utf-8")))
    lrelease(TS, QM)
    return missing


def problems(ts: Path = TS, qm: Path = QM) -> list[str]:
    """What keeps the committed translations from being complete and current (empty: nothing)."""
    if not ts.exists():
        return [f"{ts} is missing: run python scripts/translations.py"]
    found = []
    with tempfile.TemporaryDirectory() as scratch:
        fresh = Path(scratch) / "fresh.ts"
        lupdate(fresh)
        wanted, have = set(messages(fresh)), messages(ts)
        found += [f"no translation of {text!r} in {ts.name}" for text in sorted(wanted - set(have))]
        found += [
            f"{ts.name} still has {text!r}, which the window no longer says" for text in sorted(set(have) - wanted)
        ]
        for text, translation in sorted(have.items()):
            chinese = translation.text or ""
            if not chinese.strip() or translation.get("type") in ("unfinished", "vanished", "obsolete"):
                found.append(f"{text!r} has no finished translation")
            elif sorted(_PLACEHOLDER.findall(text)) != sorted(_PLACEHOLDER.findall(chinese)):
                found.append(f"{text!r}: the translation {chinese!r} does not keep its placeholders")
        made = Path(scratch) / "made.qm"
        lrelease(ts, made)
        if not qm.exists() or qm.read_bytes() != made.read_bytes():
            found.append(f"{qm} is not what lrelease makes of {ts.name}: run python scripts/translations.py")
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="exit 1 if the translations are incomplete or stale")
    parser.add_argument("--ts", type=Path, default=TS, help="the .ts to check (with --check)")
    parser.add_argument("--qm", type=Path, default=QM, help="the .qm to check (with --check)")
    args = parser.parse_args(argv)
    if args.check:
        found = problems(args.ts, args.qm)
        for problem in found:
            print(problem, file=sys.stderr)
        print(f"{len(messages(args.ts)) if args.ts.exists() else 0} strings; {len(found)} problems")
        return 1 if found else 0
    missing = build()
    for text in missing:
        print(f"no Chinese yet for {text!r} (add it to {TABLE.relative_to(ROOT)})", file=sys.stderr)
    print(f"{TS.relative_to(ROOT)}: {len(messages(TS))} strings, {len(missing)} without Chinese")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
