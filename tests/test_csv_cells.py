"""CSV injection: no cell swapdesk writes is one a spreadsheet evaluates (OWASP's rule, `swapdesk.csv_cells`), and
every CSV writer in swapdesk goes through it. Each writer's own test puts a hostile symbol, revert reason or
error through it: the store's export (tests/store), History's export (tests/gui/test_history_tab.py), the many
hashes' results in the window (tests/gui/test_history_many.py) and `swapdesk details --from-file --csv`
(tests/engine/test_lookup.py)."""

from __future__ import annotations

import ast
import csv
import io
from pathlib import Path

import pytest

from swapdesk.csv_cells import cell, csv_text

from .hostile import HOSTILE

PACKAGE = Path(__file__).resolve().parents[1] / "swapdesk"


@pytest.mark.parametrize("text", HOSTILE)
def test_a_formula_is_written_as_text(text: str) -> None:
    assert cell(text) == "'" + text


@pytest.mark.parametrize(
    "text",
    [
        "\t=1+1",  # OWASP: a leading tab or carriage return, whatever follows
        "\r5",
        "  =1+1",  # some spreadsheets trim a cell before reading it
        "\n@SUM(A1)",
        "\u3000-1+cmd|' /C calc'!A0",  # an ideographic space is whitespace too
        "\uff1dHYPERLINK(1)",  # fullwidth ＝, ＋, －, ＠
        "\uff0b1",
        "\uff0d1",
        "\uff20x",
        "-",
        "+",
        "-1+1",
        "-0x10",
        "- 5",
        "-1,500",  # a number with a thousands separator is text here: written as text, readably
        "-1e5+cmd|x",
        "-\u0663",  # a digit that is not ASCII
    ],
)
def test_what_a_spreadsheet_might_evaluate_is_escaped(text: str) -> None:
    assert cell(text) == "'" + text


@pytest.mark.parametrize(
    "value",
    ["-1500", "+3", "-0.25", "1e-9", "-2E+10", " -7 ", "12", "0", "", "swap", "0xabc", "1,500 USDT",
     "reverted: =HYPERLINK(1)", "a=b", "Success", "'=already quoted"],
)  # fmt: skip
def test_numbers_and_plain_text_are_left_as_they_are(value: str) -> None:
    assert cell(value) == value


def test_values_that_are_not_text() -> None:
    assert [cell(v) for v in (None, -12, 7, 10**30)] == ["", "-12", "7", str(10**30)]


def test_csv_text_reads_back_as_written() -> None:
    written = csv_text(["a", "b"], [["=1+1", "x,y"], [-5, 'say "hi"\nthen']])
    assert list(csv.reader(io.StringIO(written))) == [["a", "b"], ["'=1+1", "x,y"], ["-5", 'say "hi"\nthen']]


def test_every_csv_writer_in_swapdesk_escapes() -> None:
    """Nothing in swapdesk makes a csv.writer or DictWriter but `csv_cells`: every CSV it writes is escaped."""
    makers = []
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Attribute)
                and node.attr in ("writer", "DictWriter")
                and isinstance(node.value, ast.Name)
                and node.value.id == "csv"
            ):
                makers.append(path.relative_to(PACKAGE).as_posix())
            if isinstance(node, ast.ImportFrom) and node.module == "csv":
                makers += [path.relative_to(PACKAGE).as_posix() for a in node.names if "riter" in a.name]
    assert makers == ["csv_cells.py"]
