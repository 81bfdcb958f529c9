"""User settings, persisted as JSON under the platform's config directory.

Knows nothing of Qt. Saving is atomic (write, then rename). A file that cannot
be read is set aside as `settings.json.broken`, never overwritten, and the
defaults are used, so a bad edit by hand loses nothing.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, field
from pathlib import Path
from urllib.parse import urlparse

import platformdirs

from swapdesk.chains import UnknownChain, resolve
from swapdesk.files import write_atomically
from swapdesk.words import QT_TR_NOOP, Term, Worded, Words

ENGINES = ("embedded", "remote")
THEMES = ("system", "light", "dark")
LANGUAGES = ("system", "en", "zh_CN")  # the window's: the system locale's, English, Simplified Chinese
PROVIDERS = ("cbridge", "metapath", "anyswap")  # bridge providers whose real services can be named by URL


MAX_SPEED = 1000.0  # the devnet's block times may be divided by up to this


class BadSpeed(Worded, ValueError):
    pass


_SPEED_RULE = QT_TR_NOOP("devnet speed must be a number from 1 to {most} (got {text!r})")


def parse_speed(text: str) -> float:
    """The devnet's speed: its chains' block times are divided by it (1: real block times)."""
    try:
        value = float(text)
    except ValueError:
        raise BadSpeed(_SPEED_RULE, most=f"{MAX_SPEED:g}", text=text) from None
    if not 1 <= value <= MAX_SPEED:  # also refuses nan and inf
        raise BadSpeed(_SPEED_RULE, most=f"{MAX_SPEED:g}", text=text)
    return value


_ONE_OF = QT_TR_NOOP("must be one of {names}")


# the settings' names as the file writes them, marked: the window says them in its language (English keeps them)
SETTING_NAMES = {
    "engine": QT_TR_NOOP("engine"), "server_url": QT_TR_NOOP("server_url"), "theme": QT_TR_NOOP("theme"),
    "language": QT_TR_NOOP("language"), "devnet_speed": QT_TR_NOOP("devnet_speed"), "rpc": QT_TR_NOOP("rpc"),
    "providers": QT_TR_NOOP("providers"), "forks": QT_TR_NOOP("forks"),
}  # fmt: skip


def _setting_words(name: str) -> object:
    """'providers cbridge' as words: the setting's name translated where it is shown, the item (a provider, a
    chain) as written."""
    setting, _, item = name.partition(" ")
    if setting not in SETTING_NAMES:
        return name
    if not item:
        return Term(SETTING_NAMES[setting])
    return Words(QT_TR_NOOP("{setting} {item}"), setting=Term(SETTING_NAMES[setting]), item=item)


class BadSetting(Worded, ValueError):
    """A setting that breaks its rule: `name` the setting as the file writes it, then the rule's template and words."""

    def __init__(self, name: str, rule: str, **words: object) -> None:
        super().__init__(QT_TR_NOOP("{name}: {rule}"), name=_setting_words(name), rule=Worded(rule, **words))
        self.name = name


def _url(name: str, text: str) -> str:
    parsed = urlparse(text)
    if parsed.scheme not in ("http", "https") or not parsed.netloc:
        raise BadSetting(name, QT_TR_NOOP("must be an http:// or https:// URL (got {text!r})"), text=text)
    return text.rstrip("/")


@dataclass(frozen=True)
class Settings:
    engine: str = "embedded"
    server_url: str = "http://127.0.0.1:8545"
    theme: str = "system"
    rpc: dict[str, str] = field(default_factory=dict)  # chain flag -> JSON-RPC URL, for real networks
    devnet_speed: float = 1.0  # the embedded devnet's block times are divided by this
    providers: dict[str, str] = field(default_factory=dict)  # provider (PROVIDERS) -> its real service's base URL
    forks: dict[str, str] = field(default_factory=dict)  # chain flag -> the network's URL, run on a local fork
    language: str = "system"  # LANGUAGES; a file saved before there was a choice loads as "system"

    def checked(self) -> Settings:
        """The same settings, or BadSetting naming the field and the rule."""
        if self.engine not in ENGINES:
            raise BadSetting("engine", _ONE_OF, names=", ".join(ENGINES))
        if self.theme not in THEMES:
            raise BadSetting("theme", _ONE_OF, names=", ".join(THEMES))
        if self.language not in LANGUAGES:
            raise BadSetting("language", _ONE_OF, names=", ".join(LANGUAGES))
        rpc, forks = _chains_urls("rpc", self.rpc), _chains_urls("forks", self.forks)
        try:
            speed = parse_speed(str(self.devnet_speed))
        except BadSpeed as exc:
            raise BadSetting("devnet_speed", exc.template, **exc.words) from None
        providers = {}
        for name, url in self.providers.items():
            if name not in PROVIDERS:
                raise BadSetting(
                    "providers",
                    QT_TR_NOOP("{provider!r} is not a bridge provider; one of {names}"),
                    provider=name,
                    names=", ".join(PROVIDERS),
                )
            providers[name] = _url(f"providers {name}", url)
        return Settings(
            self.engine, _url("server_url", self.server_url), self.theme, rpc, speed, providers, forks, self.language
        )


def _chains_urls(name: str, given: dict[str, str]) -> dict[str, str]:
    """Chain flag -> URL, each chain known (by flag or id, kept as its flag) and each URL http(s)."""
    found = {}
    for flag, url in given.items():
        try:
            chain = resolve(flag)
        except UnknownChain:
            raise BadSetting(name, QT_TR_NOOP("unknown chain {flag!r}"), flag=flag) from None
        found[chain.flag] = _url(f"{name} {chain.flag}", url)
    return found


def config_dir() -> Path:
    """Settings, the account list and keystore files."""
    return Path(os.environ.get("SWAPDESK_CONFIG_DIR") or platformdirs.user_config_dir("swapdesk"))


def data_dir() -> Path:
    """The local store of transactions sent from the app."""
    return Path(os.environ.get("SWAPDESK_DATA_DIR") or platformdirs.user_data_dir("swapdesk"))


def _path() -> Path:
    return config_dir() / "settings.json"


def load() -> Settings:
    path = _path()
    if not path.exists():
        return Settings()
    try:
        raw = json.loads(path.read_text())
        known = {k: v for k, v in raw.items() if k in Settings.__dataclass_fields__}
        return Settings(**known).checked()
    except (ValueError, TypeError):
        path.replace(path.with_name(path.name + ".broken"))
        return Settings()


def save(settings: Settings) -> None:
    write_atomically(_path(), json.dumps(asdict(settings.checked()), indent=1))
