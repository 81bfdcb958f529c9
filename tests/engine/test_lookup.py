"""Transactions found by their hash alone, on the devnet's fifteen chains: the app's own records asked first, then
every chain at once (never more than the bound at a time), the first that knows it answering and the others
stopped; a detection can be cancelled, and leaves nothing running. Many hashes (pasted, or a CSV) are looked up
together, and their results written as CSV; `swapdesk details --from-file` does the same from a terminal."""

from __future__ import annotations

import argparse
import asyncio
import csv
import io
from pathlib import Path
from typing import cast

import pytest
from web3 import AsyncWeb3

from swapdesk import catalogs, cli_details
from swapdesk.api import SwapService, TxInfo
from swapdesk.api.requests import TransactionRequest
from swapdesk.chains import CHAINS, by_id
from swapdesk.compose import in_process
from swapdesk.devnet.backend import DevnetBackend
from swapdesk.devnet.chaindata import ChainData
from swapdesk.devnet.network import Devnet
from swapdesk.devnet.provider import DevnetProvider
from swapdesk.engine import Engine, RoutedBackend, RpcBackend
from swapdesk.hash_lists import read_hashes, results_csv
from swapdesk.lookup import Found, look_up, look_up_many
from swapdesk.session import Session
from swapdesk.settings import data_dir
from swapdesk.store import StoredTx, TxStore

from ..hostile import HOSTILE, formula_like, hostile_transfers
from .dex_world import ERC20, Wallet

FTM = by_id(250)
UNKNOWN = "0x" + "5e" * 32  # no chain knows it


class Watched:
    """The engine, watched: which chains were asked, how many at once at most, which were stopped unanswered."""

    def __init__(self, engine: Engine, full_at: int = 0) -> None:
        self.engine, self.full_at = engine, full_at
        self.running = self.most = 0
        self.asked: list[str] = []
        self.stopped: list[str] = []
        self.full = asyncio.Event()  # `full_at` lookups are running at once

    async def transaction(self, request: TransactionRequest) -> TxInfo:
        self.running += 1
        self.most = max(self.most, self.running)
        self.asked.append(request.chain.flag)
        if self.full_at and self.running >= self.full_at:
            self.full.set()
        try:
            return await self.engine.transaction(request)
        except asyncio.CancelledError:
            self.stopped.append(request.chain.flag)
            raise
        finally:
            self.running -= 1

    def service(self) -> SwapService:
        return cast(SwapService, self)


class LentDevnet(DevnetBackend):
    """The session's devnet, lent to an engine the command line closes: closing it leaves the devnet running."""

    async def aclose(self) -> None:
        pass


@pytest.fixture(scope="module")
async def on_fantom(devnet: Devnet) -> str:
    """An approval sent on Fantom, which detection finds only after asking other chains."""
    me = Wallet.of(AsyncWeb3(DevnetProvider(devnet, FTM.id)), 9)
    usdc = (await devnet.manifest(FTM.id)).token("USDC").address
    return (await me.must(usdc, ERC20.encode("approve", me.address, 5 * 10**6), gas=100_000)).hash


async def test_the_apps_own_records_are_asked_first(engine: Engine, on_fantom: str) -> None:
    watched = Watched(engine)

    async def mine(tx_hash: str) -> int | None:
        return FTM.id if tx_hash == on_fantom else None

    found = await look_up(watched.service(), on_fantom, recorded=mine)
    assert (found.chain, found.recorded, watched.asked) == (FTM, True, ["FTM"])
    assert found.info is not None and (found.info.kind, found.info.amount) == ("approval", str(5 * 10**6))

    async def wrong(_tx_hash: str) -> int | None:
        return 56  # a record that is wrong: every other chain is asked, BSC not again

    watched = Watched(engine)
    found = await look_up(watched.service(), on_fantom, recorded=wrong)
    assert (found.chain, found.recorded) == (FTM, False) and watched.asked[0] == "BSC"
    assert watched.asked.count("BSC") == 1 and "FTM" in watched.asked


async def test_every_chain_at_once_bounded_and_the_first_answer_wins(engine: Engine, on_fantom: str) -> None:
    watched = Watched(engine)
    tried: list[str] = []
    found = await look_up(watched.service(), on_fantom, trying=lambda chain: tried.append(chain.flag), probes=4)
    assert found.chain == FTM and found.info is not None and found.info.hash == on_fantom
    assert watched.most == 4, "four chains asked at once, never more"
    assert watched.running == 0 and tried == watched.asked  # nothing left asking once Fantom answered
    assert len(watched.asked) < len(CHAINS) or watched.stopped == []

    watched = Watched(engine)
    found = await look_up(watched.service(), UNKNOWN, probes=5)
    assert (found.chain, found.info, found.error) == (None, None, "No chain knows that transaction hash.")
    assert sorted(watched.asked) == sorted(c.flag for c in CHAINS) and watched.most == 5 and watched.stopped == []
    assert watched.asked[0] != "TRON"  # a 0x hash is an Ethereum one first; TRON's ids are written without 0x
    watched = Watched(engine)
    await look_up(watched.service(), UNKNOWN[2:], probes=5)
    assert watched.asked[0] == "TRON"


async def test_a_list_asks_first_the_chains_its_hashes_were_found_on(engine: Engine, on_fantom: str) -> None:
    watched = Watched(engine)
    found = await look_up(watched.service(), on_fantom, likely=[250, 56], probes=6)
    assert found.chain == FTM and sorted(watched.asked) == ["BSC", "FTM"]  # the likely ones, alone, first

    watched = Watched(engine)
    landed = [f async for _, f in look_up_many(watched.service(), [(on_fantom, None), (on_fantom, None)], many=1)]
    assert [f.chain for f in landed] == [FTM, FTM] and watched.asked[-1:] == ["FTM"]
    assert watched.asked.count("FTM") == 2 and len(watched.asked) > 2  # the first asked many, the second Fantom


async def test_a_detection_can_be_cancelled(engine: Engine) -> None:
    watched = Watched(engine, full_at=3)
    detecting = asyncio.ensure_future(look_up(watched.service(), UNKNOWN, probes=3))
    await watched.full.wait()
    detecting.cancel()
    with pytest.raises(asyncio.CancelledError):
        await detecting
    assert watched.running == 0 and len(watched.stopped) == 3 and len(watched.asked) < len(CHAINS)
    assert not [t for t in asyncio.all_tasks() if t is not asyncio.current_task() and not t.done()
                and "probe" in repr(t.get_coro())]  # fmt: skip


async def test_a_chain_start_cancelled_midway_still_starts(tmp_path: Path) -> None:
    """A detection cancelled (or answered elsewhere) while a devnet chain starts: the start goes on, and the next
    request finds the chain open, never "in use by another swapdesk process" (its own first open)."""
    devnet = Devnet(ChainData(tmp_path))
    try:
        starting = asyncio.ensure_future(devnet.start(FTM.id))
        for _ in range(100_000):  # turns of the loop, until the start holds the chain's lock
            if FTM.id in devnet._hosts and devnet._hosts[FTM.id].lock.locked():
                break
            await asyncio.sleep(0)
        assert devnet._hosts[FTM.id].lock.locked(), "the start never took the chain's lock"
        starting.cancel()
        with pytest.raises(asyncio.CancelledError):
            await starting
        assert (await devnet.start(FTM.id)).chain_id == FTM.id
    finally:
        await devnet.close()


async def test_many_hashes_pasted_or_from_a_csv(engine: Engine, on_fantom: str) -> None:
    pasted = f"from the user:\n1. {on_fantom}\n2.  {UNKNOWN}, on BSC\nagain {on_fantom.upper()[2:]} (fantom)\n0x12"
    wanted = read_hashes(pasted)  # the chain given later fills in the first; a list's numbers are no chain ids
    assert [(h, c.flag if c else None) for h, c in wanted] == [(on_fantom, "FTM"), (UNKNOWN, "BSC")]
    from_csv = read_hashes(f"time,Chain,TxHash\n2026-01-01,,{on_fantom}\n2026-01-02,56,{UNKNOWN}\n")
    assert [(h, c.flag if c else None) for h, c in from_csv] == [(on_fantom, None), (UNKNOWN, "BSC")]

    rows: list[Found | None] = [None, None]
    async for index, found in look_up_many(engine, from_csv):
        rows[index] = found
    assert rows[0] is not None and rows[0].chain == FTM and rows[0].info is not None
    assert rows[1] is not None and rows[1].info is None
    assert rows[1].error == "hash: no transaction with that hash on BSC"
    table = list(csv.DictReader(io.StringIO(results_csv([r for r in rows if r is not None]))))
    assert [(r["hash"], r["chain"], r["kind"], r["status"]) for r in table] == [
        (on_fantom, "FTM", "approval", "Success"),
        (UNKNOWN, "BSC", "", ""),
    ]
    assert (table[0]["amount"], table[0]["symbol"], table[0]["error"]) == (str(5 * 10**6), "USDC", "")
    assert table[1]["error"] == "hash: no transaction with that hash on BSC"


def _session(devnet: Devnet) -> Session:
    """The command line's session over the test's devnet (lent: the command line does not close it)."""
    return Session(composed=in_process(Engine(LentDevnet(devnet))))


async def test_details_from_a_file(
    devnet: Devnet, on_fantom: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SWAPDESK_DATA_DIR", str(tmp_path / "data"))  # the app's records: none yet
    listed = tmp_path / "hashes.txt"
    listed.write_text(f"{on_fantom}\n{UNKNOWN} BSC\n")
    args = argparse.Namespace(hash=None, chain=None, from_file=str(listed), csv=True, json=False)
    assert await cli_details.details(args, lambda: _session(devnet)) == 0
    table = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert [(r["hash"], r["chain"], r["kind"]) for r in table] == [(on_fantom, "FTM", "approval"), (UNKNOWN, "BSC", "")]

    args.csv = False
    assert await cli_details.details(args, lambda: _session(devnet)) == 0
    said = capsys.readouterr()
    assert f"{on_fantom}  FTM    Success: approval of 5 USDC to " in said.out
    assert f"{UNKNOWN}  BSC    hash: no transaction with that hash on BSC" in said.out
    assert said.err.strip().splitlines()[-1] == "1 found, 1 not found"  # after the line saying where it answers

    args = argparse.Namespace(hash=on_fantom, chain=None, from_file=None, csv=False, json=False)
    assert await cli_details.details(args, lambda: _session(devnet)) == 0
    shown = capsys.readouterr().out
    assert shown.startswith("Success: approval of 5 USDC to ") and " on Fantom\n" in shown
    store = TxStore(data_dir() / "transactions.sqlite")  # the app sent it: the CLI reads the app's records first
    try:
        store.record(StoredTx(on_fantom, FTM.id, "approval", "0x" + "11" * 20, 0, "0x00", "signed"))
    finally:
        store.close()
    assert await cli_details.details(args, lambda: _session(devnet)) == 0
    assert " on Fantom (sent from this app)\n" in capsys.readouterr().out

    args = argparse.Namespace(hash=None, chain=None, from_file=str(listed), csv=False, json=False)
    listed.write_text("nothing here\n")
    assert await cli_details.details(args, lambda: _session(devnet)) == 1
    assert "--from-file: no transaction hash in" in capsys.readouterr().err


async def test_details_csv_writes_hostile_symbols_as_text(
    devnet: Devnet, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Tokens named and symbolled as formulas, moved on BSC: `details --from-file --csv` writes every cell a
    spreadsheet would evaluate as text (issue 29: 12 such cells reached the file), the amounts as numbers."""
    monkeypatch.setenv("SWAPDESK_DATA_DIR", str(tmp_path / "data"))
    hashes = await hostile_transfers(devnet, 56, 2)
    listed = tmp_path / "hashes.txt"
    listed.write_text("\n".join(hashes) + "\n")
    args = argparse.Namespace(hash=None, chain="BSC", from_file=str(listed), csv=True, json=False)
    assert await cli_details.details(args, lambda: _session(devnet)) == 0
    table = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert [(r["hash"], r["kind"], r["amount"]) for r in table] == [(h, "transfer", str(10**18)) for h in hashes]
    assert [r["symbol"] for r in table] == ["'" + text for text in HOSTILE]
    assert [cell for row in table for cell in row.values() if formula_like(cell)] == []


async def test_a_hash_not_found_names_the_chains_that_could_not_be_asked(devnet: Devnet) -> None:
    """Polygon is on a node that is down: a hash no other chain knows says that Polygon could not be asked,
    rather than that no chain knows it."""
    polygon = by_id(137)
    down = RpcBackend({polygon.id: "http://127.0.0.1:9"}, catalogs.load(None, [polygon.id]))
    engine = Engine(RoutedBackend(LentDevnet(devnet), down))
    try:
        found = await look_up(engine, UNKNOWN)
        assert found.info is None and found.error is not None
        assert found.error.endswith("Polygon could not be asked."), found.error
    finally:
        await engine.aclose()
