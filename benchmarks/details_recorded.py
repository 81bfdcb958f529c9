"""Transaction details of recorded mainnet transactions, as read on the two nodes support staff meet.

    PYTHONPATH=. python benchmarks/details_recorded.py [--each]

The recordings (tests/engine/recorded/, their README says where each came from) are served by a node replaying
them: once as most nodes are (no `debug_traceTransaction`, no state before the head), once as an archive node
with traces. Each answer of `details` is judged against the recording's expected answer: right, unknown (every
figure given is right, and what cannot be told is said to be unknown) or wrong (a figure that differs from the
chain's, unflagged). `--each` prints every transaction's verdict and, for a wrong one, what differed.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.engine.recorded_reading import read_all, shares

TOKEN_FACTS = ("0x95d89b41", "0x06fdde03", "0x313ce567")  # symbol(), name(), decimals()


async def main(each: bool) -> None:
    # the recordings hold no token metadata nor factory answers: the catalogue's first-use check would say so of
    # every token and source, on each run; the verdicts do not depend on it
    logging.getLogger("swapdesk.engine.catalog_check").setLevel(logging.ERROR)
    for traced, what in ((False, "a node without traces or past state"), (True, "an archive node with traces")):
        verdicts, unanswered = await read_all(traced)
        counts = shares(verdicts)
        total = len(verdicts)
        print(f"{what}: {total} transactions: {counts['right']} right, {counts['unknown']} rightly unknown, "
              f"{counts['wrong']} wrong")  # fmt: skip
        if each:
            for v in verdicts:
                extra = f" unknown {v.unknown}" if v.unknown else ""
                extra += "".join(f"\n      {k}: expected {e}, answered {g}" for k, (e, g) in v.wrong.items())
                print(f"  {v.verdict:8} {v.hash[:14]} {v.label}{extra}")
            names = [u for u in unanswered if u.endswith(TOKEN_FACTS)]
            others = [u for u in unanswered if not u.endswith(TOKEN_FACTS)]
            print(f"  asked, not recorded: {len(names)} reads of tokens' symbol, name or decimals (not judged)")
            for other in others:
                print(f"    {other}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--each", action="store_true", help="every transaction's verdict")
    asyncio.run(main(parser.parse_args().each))
