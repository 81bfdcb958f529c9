"""CSV as swapdesk writes it: no cell a spreadsheet would evaluate. Every CSV file swapdesk writes goes through
`csv_text` (a test checks that nothing else makes a `csv.writer`).

What a cell holds comes from strangers: a token's symbol and name are whatever its deployer chose, a revert
reason whatever the contract says, an error whatever a node answered. Opened in Excel, LibreOffice or Google
Sheets, `=HYPERLINK("http://x.test","a")` is a link and `+SUM(1+1)*cmd|'/C calc'!A0` a command. The rule
(OWASP's, for CSV injection, made a little stricter):

- a cell whose first character is a tab or a carriage return, or whose first character after any leading
  whitespace is `=`, `+`, `-` or `@` (or their fullwidth forms, which some spreadsheets' input takes for them),
  is written with a single quote before it: the spreadsheet shows it as text, the quote visible;
- except a cell that is a plain decimal number (`-1500`, `+3`, `-0.25`, `1e-9`; digits, one point, an exponent):
  a spreadsheet reads it as that number and evaluates nothing, and a negative amount stays a number to sum.

Every other cell is written as it is (quoted by the csv module where its commas, quotes or newlines need it).
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable, Sequence

FORMULA_STARTS = frozenset("=+-@\uff1d\uff0b\uff0d\uff20")  # and fullwidth ＝ ＋ － ＠
ALWAYS_ESCAPED = ("\t", "\r")  # OWASP's: a spreadsheet may drop them and read what follows
NUMBER = re.compile(r"[+-]?[0-9]+(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?")  # ASCII digits only


def cell(value: object) -> str:
    """`value` as a cell no spreadsheet evaluates (None is an empty cell)."""
    text = "" if value is None else str(value)
    if text.startswith(ALWAYS_ESCAPED):
        return "'" + text
    shown = text.lstrip()
    if shown[:1] in FORMULA_STARTS and not NUMBER.fullmatch(shown.rstrip()):
        return "'" + text
    return text


def csv_text(columns: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    """A header and its rows as CSV text, every cell through `cell`."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow([cell(c) for c in columns])
    writer.writerows([cell(value) for value in row] for row in rows)
    return out.getvalue()
