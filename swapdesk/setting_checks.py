"""What of the settings swapdesk cannot honour now, in words, so that no setting can lock anyone out.

A setting that names something outside swapdesk (a node, a network to fork and anvil to fork it, a bridge
provider, a server) is checked as far as it can be without using it: anvil present, a node answering as the chain
it is set for (`eth_chainId`), a provider or a server answering at all. The settings dialog checks what a person
changed before keeping it (`check`), so they hear at once what will not work, where they set it; at each start
the session checks the nodes (`at_start`: a fork is checked as it starts, `fork.ForkError`), builds the engine
from the settings without what it cannot honour (`without`) and says each (`Unhonoured.words`) in the window; a
bridge provider that does not answer (`providers_down`) is said too, its bridge left out while it is down.

Blocking (HTTP, each call bounded by CHECK_SECONDS, the calls made side by side): run it off the event loop. No Qt.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from functools import partial

import httpx

from swapdesk.bridge_names import bridge_name
from swapdesk.chains import resolve
from swapdesk.child_processes import anvil_path
from swapdesk.fork import GET_ANVIL, ForkError, node_chain_id, why
from swapdesk.settings import Settings
from swapdesk.words import QT_TR_NOOP, Worded, Words

CHECK_SECONDS = 8.0  # a node, provider or server that has not answered by then is said not to answer

ON_THE_DEVNET = QT_TR_NOOP("Until it is mended, {name} runs on the devnet: correct or remove its line there.")
CANNOT_BE_USED = QT_TR_NOOP("{where} cannot be used: {why}. {fix}")
UNREACHED = QT_TR_NOOP("{url} does not answer ({why})")
NOT_A_NODE = QT_TR_NOOP("{url} does not answer as a JSON-RPC node ({why})")
OTHER_CHAIN = QT_TR_NOOP("{url} is a node of chain {answered}, not of {chain} ({id})")


@dataclass(frozen=True)
class Unhonoured:
    """A setting that cannot be used now: its field as the settings file writes it (`forks`, `rpc`, `providers`,
    `server_url`), its key there (a chain's flag, a provider's name; "" for the server), and why."""

    setting: str
    key: str
    why: Words | Worded

    @property
    def name(self) -> str:
        """What the person calls it: the chain's name, the provider's ("cBridge (Celer)" for `cbridge`)."""
        if self.setting in ("forks", "rpc"):
            return resolve(self.key).name
        return bridge_name(self.key) if self.setting == "providers" else self.key

    def words(self) -> Words:
        """'Practice on a fork of Ethereum (Settings → Real networks) cannot be used: <why>. Until it is mended,
        Ethereum runs on the devnet: correct or remove its line there.'"""
        return Words(CANNOT_BE_USED, where=self._where(), why=self.why, fix=self._fix())

    def _where(self) -> Words:
        if self.setting == "forks":
            return Words(QT_TR_NOOP("Practice on a fork of {name} (Settings → Real networks)"), name=self.name)
        if self.setting == "rpc":
            return Words(QT_TR_NOOP("The RPC endpoint for {name} (Settings → Real networks)"), name=self.name)
        if self.setting == "providers":
            return Words(QT_TR_NOOP("The bridge provider {name} (Settings → Real networks)"), name=self.name)
        return Words(QT_TR_NOOP("The server (Settings → Engine)"))

    def _fix(self) -> Words:
        if self.setting in ("forks", "rpc"):
            return Words(ON_THE_DEVNET, name=self.name)
        if self.setting == "providers":
            return Words(QT_TR_NOOP("Until it answers, its bridge is left out of the comparison: correct or remove its"
                                    " line."))  # fmt: skip
        return Words(QT_TR_NOOP("Check its URL and that it runs, or choose the embedded devnet."))

    def __str__(self) -> str:
        return str(self.words())


def of_fork(error: ForkError) -> Unhonoured:
    """A practice fork that did not start, as the setting that asked for it."""
    return Unhonoured("forks", error.chain.flag, error)


def check(chosen: Settings, before: Settings | None = None) -> list[Unhonoured]:
    """Every setting of `chosen` that cannot be used now (only those changed since `before`, when given): what
    the settings dialog says before it keeps them."""
    new = _changed(chosen, before)
    if new.engine == "remote":
        return _run([partial(_answers, "server_url", "", new.server_url)] if new.server_url else [])
    unhonoured = []
    if new.forks and anvil_path() is None:
        unhonoured = [Unhonoured("forks", flag, ForkError(GET_ANVIL, resolve(flag))) for flag in new.forks]
        new = replace(new, forks={})
    checks = _nodes(new, "forks") + _nodes(new, "rpc")
    return unhonoured + _run(checks + _providers(new))


def to_check(chosen: Settings, before: Settings | None = None) -> bool:
    """Whether `chosen` names anything `check` would ask (only what changed since `before`, when given)."""
    new = _changed(chosen, before)
    return bool(new.server_url) if new.engine == "remote" else bool(new.forks or new.rpc or new.providers)


def at_start(chosen: Settings) -> list[Unhonoured]:
    """The nodes the settings name for real networks that cannot be used now (a practice fork's network is checked
    as the fork starts): what the engine is built without, at each start."""
    forked = set(chosen.forks)
    return _run(_nodes(replace(chosen, rpc={f: u for f, u in chosen.rpc.items() if f not in forked}), "rpc"))


def providers_down(chosen: Settings) -> list[Unhonoured]:
    """The bridge providers the settings name that do not answer now: said at start. Each stays in the engine:
    while it does not answer, the engine leaves its bridge out of each list and comparison (the others compared
    without it), and it is back the moment it answers; its place is never given to the devnet's provider."""
    return _run(_providers(chosen))


def without(chosen: Settings, unhonoured: list[Unhonoured]) -> Settings:
    """`chosen` without the practice forks and nodes it cannot honour (a provider stays: `providers_down`). A
    chain whose practice fork cannot start is left on the devnet, never on the real node of its RPC endpoint:
    practice must never sign for the real network."""
    left = {(u.setting, u.key) for u in unhonoured}
    unforked = {key for setting, key in left if setting == "forks"}
    return replace(
        chosen,
        forks={f: u for f, u in chosen.forks.items() if ("forks", f) not in left},
        rpc={f: u for f, u in chosen.rpc.items() if ("rpc", f) not in left and f not in unforked},
    )


def _changed(chosen: Settings, before: Settings | None) -> Settings:
    """`chosen` with only what differs from `before`: in its lists of chains and providers, and its server (empty
    when it is the same server as before)."""
    if before is None:
        return chosen
    same_server = before.engine == "remote" and before.server_url == chosen.server_url

    def new(now: dict[str, str], then: dict[str, str]) -> dict[str, str]:
        return {key: url for key, url in now.items() if then.get(key) != url}

    return replace(
        chosen,
        forks=new(chosen.forks, before.forks),
        rpc=new(chosen.rpc, before.rpc),
        providers=new(chosen.providers, before.providers),
        server_url="" if same_server else chosen.server_url,
    )


def _nodes(chosen: Settings, setting: str) -> list[Callable[[], Unhonoured | None]]:
    urls: dict[str, str] = getattr(chosen, setting)
    return [partial(_node, setting, flag, url) for flag, url in urls.items()]


def _providers(chosen: Settings) -> list[Callable[[], Unhonoured | None]]:
    return [partial(_answers, "providers", name, url) for name, url in chosen.providers.items()]


def _node(setting: str, flag: str, url: str) -> Unhonoured | None:
    """A node for the chain `flag`: it answers, and as that chain."""
    chain = resolve(flag)
    try:
        answered = node_chain_id(url, CHECK_SECONDS)
    except httpx.HTTPError as exc:
        return Unhonoured(setting, flag, Words(UNREACHED, url=url, why=why(exc)))
    except (ValueError, KeyError, TypeError) as exc:
        return Unhonoured(setting, flag, Words(NOT_A_NODE, url=url, why=why(exc)))
    if answered != chain.id:
        return Unhonoured(setting, flag, Words(OTHER_CHAIN, url=url, answered=answered, chain=chain.name, id=chain.id))
    return None


def _answers(setting: str, key: str, url: str) -> Unhonoured | None:
    """A provider or a server answers HTTP at its URL (what it answers is its client's to judge)."""
    try:
        httpx.get(url, timeout=CHECK_SECONDS)
    except httpx.HTTPError as exc:
        return Unhonoured(setting, key, Words(UNREACHED, url=url, why=why(exc)))
    return None


def _run(checks: list[Callable[[], Unhonoured | None]]) -> list[Unhonoured]:
    """The checks side by side (each bounded): those that failed, in the order given."""
    if not checks:
        return []
    with ThreadPoolExecutor(max_workers=min(8, len(checks)), thread_name_prefix="setting-check") as pool:
        found = list(pool.map(lambda one: one(), checks))
    return [u for u in found if u is not None]
