"""The engine interface is the wire contract and nothing more, and each path reaches its method typed, not by name."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

from swapdesk.api import ENDPOINTS, SwapService

PACKAGE = Path(__file__).resolve().parents[2] / "swapdesk"


def test_the_engine_interface_is_the_wire_contract_and_nothing_more() -> None:
    """The spec's endpoints and the extensions (each a path), the window's first look at the cross-chain list,
    and the service's life: no chains, notices or anything else only an engine in this process has."""
    members = {name for name in vars(SwapService) if not name.startswith("_")}
    assert members == {e.method for e in ENDPOINTS} | {"cross_list_of", "start", "aclose"}


def test_each_path_answers_through_its_own_method() -> None:
    class Recording:
        def __getattr__(self, name: str) -> Any:
            async def answer(request: object) -> str:
                return name

            return answer

    for endpoint in ENDPOINTS:
        assert _result(endpoint.answer(Recording(), None)) == endpoint.method, endpoint.path


def _result(coroutine: Any) -> Any:
    try:
        coroutine.send(None)
    except StopIteration as done:
        return done.value
    raise AssertionError("the answer waited for something")


# what holds an engine, its chains or a service, by the names the package gives them
HOLDERS = {"service", "engine", "backend", "chains", "here", "trader", "bridger", "cross"}


def test_nothing_looks_a_member_of_the_engine_up_by_name() -> None:
    """No `getattr`/`hasattr` on a service, an engine or its chains, and no method found by a name put together at
    run time: what a caller uses is typed, and mypy checks it."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                continue
            if node.func.id not in ("getattr", "hasattr") or len(node.args) < 2:
                continue
            target, name = node.args[0], node.args[1]
            held = target.attr if isinstance(target, ast.Attribute) else getattr(target, "id", "")
            if held in HOLDERS or isinstance(name, (ast.BinOp, ast.JoinedStr)):
                found.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno}: {ast.unparse(node)}")
    assert found == []
