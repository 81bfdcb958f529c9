"""A file of hashes given to `swapdesk details --from-file` (History's "Many hashes…" opens files through the
same `files.read_text`; tests/gui/test_history_many.py): anything but a regular file is refused by its type
before it is read, a file's bytes are counted as read rather than trusted from its size, a CSV cell longer than
the csv module takes is said in words, and no refusal is a traceback (issue 29, item 6)."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from swapdesk import cli_details
from swapdesk.__main__ import main
from swapdesk.files import FileRefused, read_text
from swapdesk.hash_lists import MAX_HASHES, TooMany, Unreadable, read_hashes

HASH = "0x" + "ab" * 32
MEMORY = 1 << 30  # bytes a child may map: a read that never ends fails fast instead of swapping the machine


def _limited() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def _details(path: Path | str) -> subprocess.CompletedProcess[str]:
    """`swapdesk details --from-file path` in a process of its own, with bounded memory and time."""
    return subprocess.run(
        [sys.executable, "-m", "swapdesk", "details", "--from-file", str(path)],
        capture_output=True, text=True, timeout=120, preexec_fn=_limited,
    )  # fmt: skip


@pytest.mark.parametrize(
    ("path", "said"),
    [
        ("/dev/zero", "--from-file: zero is a character device: only a regular file can be read"),
        ("/dev/urandom", "--from-file: urandom is a character device: only a regular file can be read"),
    ],
)
def test_a_device_is_refused_by_its_type(path: str, said: str) -> None:
    if not Path(path).exists():
        pytest.skip(f"no {path} here")
    ran = _details(path)
    assert ran.returncode == 1 and ran.stderr.strip() == f"error: {said}", ran.stderr[-2000:]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_named_pipe_and_a_folder_are_refused_by_their_type(tmp_path: Path) -> None:
    """Opening a pipe for reading waits for a writer: before, the command line waited for ever."""
    fifo = tmp_path / "hashes.fifo"
    os.mkfifo(fifo)
    ran = _details(fifo)
    assert ran.returncode == 1 and ran.stderr.strip() == (
        "error: --from-file: hashes.fifo is a named pipe (FIFO): only a regular file can be read"
    ), ran.stderr[-2000:]
    ran = _details(tmp_path)
    assert ran.returncode == 1 and ran.stderr.strip() == (
        f"error: --from-file: {tmp_path.name} is a folder: only a regular file can be read"
    ), ran.stderr[-2000:]


def test_the_bytes_are_counted_as_read_not_taken_from_the_size(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A file of /proc says it has no bytes and has some: the limit holds all the same."""
    proc = Path("/proc/self/maps")
    if not proc.exists() or proc.stat().st_size != 0:
        pytest.skip("no /proc file whose size says nothing here")
    monkeypatch.setattr(cli_details, "MAX_FILE", 100)
    assert main(["details", "--from-file", str(proc)]) == 1
    assert capsys.readouterr().err.strip() == "error: --from-file: maps is larger than 100 bytes"
    exact = tmp_path / "exact.txt"
    exact.write_text(HASH + "\n" + "x" * (99 - len(HASH)))  # 100 bytes: taken
    assert len(exact.read_bytes()) == 100 and cli_details._file(exact) == [(HASH, None)]
    exact.write_text(HASH + "\n" + "x" * (100 - len(HASH)))  # 101 bytes: refused
    with pytest.raises(cli_details.Refused, match=r"exact\.txt is larger than 100 bytes"):
        cli_details._file(exact)


def test_a_csv_cell_past_the_csv_modules_limit_is_said(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    listed = tmp_path / "export.csv"
    listed.write_text(f"tx_hash,note\n{HASH},{'y' * 200_000}\n")
    assert main(["details", "--from-file", str(listed)]) == 1
    err = capsys.readouterr().err
    assert err.strip() == (
        "error: --from-file: line 2 of the CSV has a cell longer than 131,072 characters, the most one may hold"
    ), err[-2000:]


def test_reading_refusals_are_words() -> None:
    with pytest.raises(TooMany, match=f"more than {MAX_HASHES} hashes: at most {MAX_HASHES} at once"):
        read_hashes("\n".join(f"{n:064x}" for n in range(MAX_HASHES + 1)))
    with pytest.raises(FileRefused, match=r"cannot read missing\.csv: No such file or directory"):
        read_text(Path("/nonexistent/missing.csv"), 10)
    with pytest.raises(Unreadable, match="line 3 of the CSV has a cell longer than 131,072 characters"):
        read_hashes(f"tx_hash,chain\n{HASH},bsc\n{HASH},{'x' * 140_000}\n")
    # a carriage return alone ends a line, as in a file from an old Mac (the csv module would refuse it)
    assert [(h, c.flag if c else None) for h, c in read_hashes(f"tx_hash,chain\r{HASH},bsc\rx,\r")] == [(HASH, "BSC")]


def test_a_long_text_is_read_in_one_pass_with_its_lines_chains() -> None:
    """Only the lines with a hash are read word by word; a chain named on a line goes with that line's hashes,
    lines broken as `str.splitlines` breaks them."""
    words = "lorem ipsum bsc dolor\n" * 100_000
    other = "0x" + "cd" * 32
    text = f"{words}{HASH} on Polygon\r\nsee {other}\u2028Fantom {HASH.upper()[2:]}\n{words}"
    reports: list[float] = []
    assert [(h, c.flag if c else None) for h, c in read_hashes(text, reports.append)] == [
        (HASH, "MATIC"),
        (other, None),
        (HASH.upper()[2:], "FTM"),
    ]
    assert reports and reports == sorted(reports) and 0 < reports[0] <= reports[-1] <= 1
    assert read_hashes("é" * 10 + f" {HASH} bsc") == [(HASH, read_hashes(f"{HASH} bsc")[0][1])]
