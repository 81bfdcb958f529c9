"""The package as a user installs it: the wheel, its desktop integration, its icons."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
APP_ID = "io.github.swapdesk.Swapdesk"


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    # built from a copy: setuptools writes build/ and *.egg-info beside the sources
    source = tmp_path_factory.mktemp("source")
    for part in ("pyproject.toml", "README.md", "swapdesk", "resources", "packaging"):
        if (REPO / part).is_dir():
            shutil.copytree(REPO / part, source / part, ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
        else:
            shutil.copy2(REPO / part, source / part)
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w", str(out), str(source)],
        check=True,
        capture_output=True,
    )
    (found,) = out.glob("swapdesk-*.whl")
    return found


def test_the_wheel_carries_icons_contracts_translations_and_desktop_files(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    data = "swapdesk-0.1.0.data/data/share/"
    icons = [p.relative_to(REPO).as_posix() for p in (REPO / "resources" / "icons").rglob("*.svg")]
    assert icons and all(f"{data}swapdesk/{icon}" in names for icon in icons)
    assert f"{data}applications/{APP_ID}.desktop" in names
    assert f"{data}metainfo/{APP_ID}.metainfo.xml" in names
    assert f"{data}icons/hicolor/scalable/apps/{APP_ID}.svg" in names
    assert "swapdesk/contracts/artifacts/AggregationRouter.json" in names
    assert "swapdesk/gui/i18n/swapdesk_zh_CN.qm" in names  # the window's Chinese
    # the window's logos, the manifest that says whence each came and the licences it names
    logos = REPO / "swapdesk" / "gui" / "logos"
    shipped = [p.relative_to(REPO).as_posix() for p in (*logos.glob("svg/*.svg"), *logos.glob("own/*.svg"))]
    assert shipped and all(name in names for name in shipped)
    assert {"swapdesk/gui/logos/manifest.json", "swapdesk/gui/logos/LICENSES.md"} <= names


# what the package's code reads at run time but is not Python; the sources of a build step are not shipped
BUILD_INPUTS = {"swapdesk/gui/i18n/swapdesk_zh_CN.ts", "swapdesk/gui/i18n/zh_CN.json"}


def test_the_wheel_carries_every_file_the_package_reads(wheel: Path) -> None:
    """Before: the catalogues of real networks (swapdesk/catalogs/data) and the style sheet's check mark and
    chevrons were left out of the wheel, so an installed app had no catalogue for any real chain."""
    names = set(zipfile.ZipFile(wheel).namelist())
    tracked = subprocess.run(["git", "ls-files", "swapdesk"], cwd=REPO, capture_output=True, text=True, check=True)
    data = [f for f in tracked.stdout.split() if not f.endswith(".py") and f not in BUILD_INPUTS]
    assert data and [f for f in data if f not in names] == []


def test_the_installed_app_finds_its_icons(wheel: Path, tmp_path: Path) -> None:
    env_dir = tmp_path / "venv"
    venv.create(env_dir, system_site_packages=True)  # dependencies come from this machine; the app from the wheel
    python = env_dir / "bin" / "python"
    subprocess.run([python, "-m", "pip", "install", "--no-deps", "-q", str(wheel)], check=True, capture_output=True)
    probe = (
        "import swapdesk.resources as r; print(r.__file__); print(r.RESOURCES);"
        " print((r.RESOURCES / 'icons/app.svg').is_file())"
    )
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    done = subprocess.run([python, "-c", probe], cwd=tmp_path, env=env, capture_output=True, text=True, check=True)
    module, resources, found = done.stdout.split()
    assert module.startswith(str(env_dir)), "the wheel's package, not the checkout's"
    assert resources == str(env_dir / "share" / "swapdesk" / "resources") and found == "True"


def test_desktop_entry_and_metainfo_validate() -> None:
    desktop = REPO / "packaging" / f"{APP_ID}.desktop"
    metainfo = REPO / "packaging" / f"{APP_ID}.metainfo.xml"
    checked = subprocess.run(["desktop-file-validate", str(desktop)], capture_output=True, text=True)
    assert checked.returncode == 0 and checked.stdout == "", checked.stdout
    checked = subprocess.run(
        ["appstreamcli", "validate", "--no-net", "--pedantic", str(metainfo)], capture_output=True, text=True
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr
