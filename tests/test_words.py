"""The trade's, the wallet's and the settings' errors carry a marked English template and its words: `str` is the
English (logs, the CLI), and the window says the same error in its language by translating the template and the
words that are themselves words (swapdesk.words). Every place that builds one of these errors passes a template
marked with QT_TR_NOOP, read from the source, so an English sentence cannot reach the window untranslated."""

from __future__ import annotations

import ast
import string
from pathlib import Path
from typing import TypeGuard

import pytest

from swapdesk.engine.routing.dex_routers import NotADexSwap
from swapdesk.settings import BadSetting, BadSpeed, Settings
from swapdesk.trade.errors import CheckFailed, SendFailed, TradeError, failed_on_chain
from swapdesk.wallet import WalletError
from swapdesk.words import QT_TR_NOOP, Term, Worded, Words

PACKAGE = Path(__file__).resolve().parents[1] / "swapdesk"
WORDED = {"TradeError", "CheckFailed", "SendFailed", "WalletError", "NotADexSwap", "BadSpeed", "Words"}
MARKERS = {"QT_TR_NOOP", "noop"}


def _marked_names(tree: ast.Module) -> set[str]:
    """Module-level names bound to a marked template (`RULE = QT_TR_NOOP("...")`)."""
    return {
        target.id
        for node in tree.body
        if isinstance(node, ast.Assign) and _is_mark(node.value)
        for target in node.targets
        if isinstance(target, ast.Name)
    }


def _is_mark(node: ast.expr | None) -> TypeGuard[ast.Call]:
    """A call of a marker with one literal string: the template."""
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in MARKERS
        and len(node.args) == 1
        and isinstance(node.args[0], ast.Constant)
        and isinstance(node.args[0].value, str)
    )


def unmarked(source: str, path: str = "<source>") -> list[str]:
    """Where `source` builds a worded error whose template is not a marked literal (or a name bound to one)."""
    tree = ast.parse(source)
    names = _marked_names(tree)
    found = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
            continue
        first = node.args[0] if node.args else None
        if node.func.id in WORDED:
            ok = first is not None and (_is_mark(first) or (isinstance(first, ast.Name) and first.id in names))
        elif node.func.id == "BadSetting":  # (setting's name, rule template, **words)
            rule = node.args[1] if len(node.args) > 1 else None
            ok = rule is not None and (
                _is_mark(rule)
                or (isinstance(rule, ast.Name) and rule.id in names)
                or (isinstance(rule, ast.Attribute) and rule.attr == "template")  # another worded error's
            )
        else:
            continue
        if not ok:
            found.append(f"{path}:{node.lineno}: {ast.get_source_segment(source, node)}")
        elif node.func.id in WORDED and _is_mark(first) and _names_differ(first, node):
            found.append(f"{path}:{node.lineno}: the template's names are not the words given")
    return found


def _names_differ(mark: ast.Call, call: ast.Call) -> bool:
    """A marked literal template whose {names} are not the keyword words given (a KeyError when it is built)."""
    if any(keyword.arg is None for keyword in call.keywords):  # **words: known only when it runs
        return False
    literal = mark.args[0]
    assert isinstance(literal, ast.Constant) and isinstance(literal.value, str)  # as `_is_mark` found it
    template = literal.value
    wanted = {name for _, name, _, _ in string.Formatter().parse(template) if name}
    return wanted != {keyword.arg for keyword in call.keywords if keyword.arg != "tx_hash"}


def test_every_worded_error_is_built_from_a_marked_template() -> None:
    sites, left = 0, []
    for path in sorted(PACKAGE.rglob("*.py")):
        source = path.read_text("utf-8")
        left += unmarked(source, str(path.relative_to(PACKAGE.parent)))
        sites += sum(source.count(f"{name}(") for name in WORDED)
    assert not left, "\n".join(left)
    assert sites > 100  # the scan saw the trade and the wallet (their raise sites), not an empty folder


# the engine's refusals (swapdesk/api, swapdesk/engine): where each call takes its message, by position
API_ERRORS = {
    "ApiError": 1, "NotFound": 1, "Unavailable": 1, "Unprocessable": 1, "MethodNotAllowed": 1, "UriTooLong": 1,
    "CrossOrigin": 1, "Misdirected": 1, "UnsupportedMedia": 1, "InternalError": 0, "InvalidParameter": 2,
    # the engine's helpers that build one from its rule
    "on_parameter": 1, "_refused": 2, "no_route": 2, "unreachable": 0, "differs": 1,
}  # fmt: skip
WORDS_MADE_BY = {"Words", "on_parameter", "pair"}  # calls that give Words (their own templates are scanned)
ENGINE = [PACKAGE / "api", PACKAGE / "engine", PACKAGE / "remote.py"]  # remote: its own words of a server's faults
# rebuilds a server's error from its envelope: the words arrive as text, and over HTTP only English travels
REBUILT = PACKAGE / "api" / "errors.py"


def unworded(source: str, path: str = "<source>") -> list[str]:
    """Where `source` builds an engine's error whose message is not Words (a marked template and its words): an
    f-string, a plain string, a name bound to one."""
    tree = ast.parse(source)
    bound: dict[str, list[ast.expr]] = {}
    typed: set[str] = set()  # parameters annotated as Words: mypy holds their callers to it
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    bound.setdefault(target.id, []).append(node.value)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for arg in node.args.args + node.args.kwonlyargs:
                if arg.annotation is not None and "Words" in ast.unparse(arg.annotation):
                    typed.add(arg.arg)

    def worded(node: ast.expr, seen: frozenset[str] = frozenset()) -> bool:
        if isinstance(node, ast.Call):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
            return name in WORDS_MADE_BY
        if isinstance(node, ast.IfExp):
            return worded(node.body, seen) and worded(node.orelse, seen)
        if isinstance(node, ast.Name):
            if node.id in typed:
                return True
            values = bound.get(node.id)
            if not values or node.id in seen:
                return False
            return all(worded(v, seen | {node.id}) for v in values)
        return False

    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
        if name not in API_ERRORS:
            continue
        at = API_ERRORS[name]
        message = node.args[at] if len(node.args) > at else None
        if message is None and name == "InternalError":
            continue  # its own marked words
        if message is None or not worded(message):
            found.append(f"{path}:{node.lineno}: {ast.get_source_segment(source, node)}")
    return found


def test_every_refusal_of_the_engine_is_built_from_words() -> None:
    """What the engine raises reaches the window (an engine in this process): its message is Words, whose template
    the scan above holds to a marked literal with matching names, so the window can say it in its language."""
    sites, left = 0, []
    for path in (p for place in ENGINE for p in (sorted(place.rglob("*.py")) if place.is_dir() else [place])):
        if path == REBUILT:
            continue
        source = path.read_text("utf-8")
        left += unworded(source, str(path.relative_to(PACKAGE.parent)))
        sites += len(unworded(source.replace("Words(", "str(").replace("on_parameter(", "str(")))
    assert not left, "\n".join(left)
    assert sites > 60  # the scan saw the engine's raise sites (each fails once its words are plain text)


def test_the_engine_scan_finds_a_plain_message() -> None:
    assert unworded('raise Unavailable(ErrorCode.CHAIN_UNAVAILABLE, f"cannot reach {chain.flag}")')
    assert unworded('raise InvalidParameter(name, code, "is required")')
    assert unworded('why = f"no {x}"\nraise NotFound(ErrorCode.NOT_AVAILABLE, why, "hash")')
    assert unworded('raise self.api.unreachable("answered a malformed scan")')
    assert unworded('raise _refused(code, "to", f"{reason}; give another")')
    assert unworded("raise InternalError(message)")
    assert not unworded('raise InvalidParameter(name, code, Words(QT_TR_NOOP("is required")))')
    assert not unworded('w = Words(QT_TR_NOOP("a {b}"), b=1)\nraise NotFound(ErrorCode.NOT_AVAILABLE, w, "hash")')
    assert not unworded('def f(why: Words) -> None:\n    raise Unavailable(code, on_parameter("to", why))')
    assert not unworded("raise InternalError()")


def test_the_scan_finds_an_english_sentence_raised_as_it_is() -> None:
    """The check itself: an f-string, a plain string, a word made elsewhere are caught; marked ones pass."""
    assert unmarked('raise TradeError(f"cannot reach {chain}")')
    assert unmarked('raise WalletError("locked")')
    assert unmarked("raise CheckFailed(str(exc))")
    assert unmarked('raise BadSetting("engine", f"must be one of {names}")')
    assert not unmarked('raise SendFailed(QT_TR_NOOP("the chain cannot be reached: {reason}"), reason=exc)')
    assert unmarked('raise WalletError(QT_TR_NOOP("{account} is locked"), label=label)')  # a name left unfilled
    assert not unmarked('RULE = QT_TR_NOOP("must be {x}")\nraise BadSetting("engine", RULE, x=1)')


def test_str_is_the_english_and_say_translates_template_and_words() -> None:
    inner = SendFailed(QT_TR_NOOP("the chain cannot be reached: {reason}"), "0xab", reason="connection refused")
    outer = SendFailed(QT_TR_NOOP("the approval did not go through: {reason}"), inner.tx_hash, reason=inner)
    assert str(outer) == "the approval did not go through: the chain cannot be reached: connection refused"
    assert outer.tx_hash == "0xab" and isinstance(outer, TradeError)
    table = {
        "the approval did not go through: {reason}": "授权未成功：{reason}",
        "the chain cannot be reached: {reason}": "无法连接该链：{reason}",
        "the token": "该代币",
    }
    assert outer.say(lambda text: table.get(text, text)) == "授权未成功：无法连接该链：connection refused"
    term = TradeError(QT_TR_NOOP("approve {token} first"), token=Term(QT_TR_NOOP("the token")))
    assert str(term) == "approve the token first" and term.say(lambda t: table.get(t, t)) == "approve 该代币 first"
    braces = WalletError(QT_TR_NOOP("{account} is locked"), account="{not a name}")  # a label is only filled in
    assert str(braces) == "{not a name} is locked"


def test_a_failed_transaction_is_a_whole_sentence() -> None:
    assert str(failed_on_chain("reverted", "0x1")) == "the transaction reverted"
    said = failed_on_chain("reverted: Router: return below minimum", "0x1")
    assert str(said) == "the transaction reverted: Router: return below minimum" and said.tx_hash == "0x1"
    assert said.words == {"reason": "Router: return below minimum"}
    assert str(failed_on_chain("OUT_OF_ENERGY", "0x1")) == "the transaction failed: OUT_OF_ENERGY"


def test_settings_and_the_dex_decoder_say_their_rules_the_same_way() -> None:
    with pytest.raises(BadSetting) as info:
        Settings(devnet_speed=0.5).checked()
    assert str(info.value).startswith("devnet_speed: devnet speed must be a number from 1 to")
    assert info.value.name == "devnet_speed" and isinstance(info.value.words["rule"], Worded)
    assert issubclass(BadSpeed, Worded) and issubclass(NotADexSwap, Worded) and issubclass(CheckFailed, Worded)


def test_words_that_are_not_an_error_say_the_same_way() -> None:
    """The status bar's engine name (compose) and the engine's own not-found message (an ApiError with words)."""
    from swapdesk.api import ApiError, ErrorCode
    from swapdesk.compose import embedded_service

    name = Words(QT_TR_NOOP("devnet + RPC for {chains}"), chains="BSC, ETH")
    assert str(name) == "devnet + RPC for BSC, ETH"
    assert (
        name.say(lambda t: {"devnet + RPC for {chains}": "开发网 + RPC（{chains}）"}.get(t, t))
        == "开发网 + RPC（BSC, ETH）"
    )
    with pytest.raises(KeyError):
        Words(QT_TR_NOOP("server {url}"))  # a name left unfilled fails where it is made, not where it is shown
    error = ApiError(ErrorCode.TRANSACTION_NOT_FOUND, Words(QT_TR_NOOP("hash: no transaction on {chain}"), chain="FTM"))
    assert error.message == str(error) == "hash: no transaction on FTM" and error.said is not None
    assert ApiError(ErrorCode.TRANSACTION_NOT_FOUND, "plain").said is None
    said = embedded_service(Settings(engine="remote", server_url="http://127.0.0.1:9")).name
    assert isinstance(said, Words) and str(said) == "server http://127.0.0.1:9" and said.template == "server {url}"


def test_a_reason_from_another_module_is_translated_inside_the_sentence(tmp_path: Path) -> None:
    """The wallet's 'address: {reason}', the reason being swapdesk.address's own marked rule."""
    from swapdesk.wallet import Wallet

    from .wallet.memory_keyring import MemoryKeyring

    with pytest.raises(WalletError) as info:
        Wallet(tmp_path, MemoryKeyring(), scrypt_n=2**10).watch("0x1234", "Cold")
    assert str(info.value) == "address: must be 0x followed by 40 hexadecimal digits"
    table = {
        "address: {reason}": "地址：{reason}",
        "must be 0x followed by 40 hexadecimal digits": "必须是 0x 加 40 位",
    }
    assert info.value.say(lambda text: table.get(text, text)) == "地址：必须是 0x 加 40 位"
