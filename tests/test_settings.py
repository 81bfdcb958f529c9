from pathlib import Path

import pytest

from swapdesk import settings
from swapdesk.settings import BadSetting, Settings


@pytest.fixture(autouse=True)
def config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("SWAPDESK_CONFIG_DIR", str(tmp_path))
    return tmp_path


def test_round_trip_and_defaults(config: Path) -> None:
    assert settings.load() == Settings()
    chosen = Settings("remote", "https://swap.example/", "dark", {"polygon": "https://rpc.example/137"})
    settings.save(chosen)
    assert settings.load() == Settings("remote", "https://swap.example", "dark", {"MATIC": "https://rpc.example/137"})


@pytest.mark.parametrize(
    ("bad", "name"),
    [
        (Settings(engine="cloud"), "engine"),
        (Settings(theme="neon"), "theme"),
        (Settings(language="fr"), "language"),
        (Settings(server_url="ftp://x"), "server_url"),
        (Settings(rpc={"MARS": "http://x"}), "rpc"),
        (Settings(rpc={"BSC": "localhost:8545"}), "rpc BSC"),
    ],
)
def test_bad_settings_are_refused_and_not_saved(config: Path, bad: Settings, name: str) -> None:
    with pytest.raises(BadSetting) as info:
        settings.save(bad)
    assert info.value.name == name and not (config / "settings.json").exists()


def test_the_language_is_kept_and_an_older_file_loads_as_the_system_s(config: Path) -> None:
    settings.save(Settings(language="zh_CN"))
    assert settings.load().language == "zh_CN"
    (config / "settings.json").write_text('{"engine": "embedded", "theme": "dark"}')  # saved before the choice
    assert settings.load() == Settings(theme="dark", language="system")


def test_a_broken_file_is_kept_aside_not_lost(config: Path) -> None:
    (config / "settings.json").write_text("{not json")
    assert settings.load() == Settings()
    assert (config / "settings.json.broken").read_text() == "{not json"
