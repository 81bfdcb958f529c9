"""The Windows and macOS recipes, checked on Linux where they can be: they only run on GitHub's hosted runners.

scripts/bundle.py's Windows and macOS packing is run here against stand-in `iscc` and `hdiutil` executables (real
processes on the PATH that record what they were asked), and the workflow, the Inno Setup script and the
PyInstaller spec are read for what must agree with the script: package and artifact names, the version's one
source, the runner images, and what would make the .app a background-only program.
"""

from __future__ import annotations

import ast
import os
import re
import stat
import zipfile
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
import yaml  # PyYAML: the test extra

from scripts import bundle
from swapdesk import __version__

ROOT = Path(__file__).resolve().parents[2]
WORKFLOW = ROOT / ".github" / "workflows" / "bundle.yml"
RECIPE = ROOT / "packaging" / "windows" / "swapdesk.iss"
# runner labels GitHub has retired (actions/runner-images announcements): a job on one waits for a runner forever
RETIRED_RUNNERS = {"macos-11", "macos-12", "macos-13", "macos-14", "ubuntu-18.04", "ubuntu-20.04", "windows-2019"}


def stand_in(folder: Path, name: str, script: str) -> None:
    """An executable `name` in `folder` (put first on the PATH by the caller) running the shell `script`."""
    folder.mkdir(exist_ok=True)
    path = folder / name
    path.write_text("#!/bin/sh\n" + script)
    path.chmod(path.stat().st_mode | stat.S_IXUSR)


def workflow() -> dict[str, Any]:
    loaded: dict[str, Any] = yaml.safe_load(WORKFLOW.read_text())
    return loaded


def steps() -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = workflow()["jobs"]["bundle"]["steps"]
    return found


def test_the_installer_goes_where_bundle_says_under_the_name_it_says(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "work" / "swapdesk"
    (folder / "_internal").mkdir(parents=True)
    (folder / "swapdesk.exe").write_bytes(b"MZ")
    (folder / "_internal" / "base_library.zip").write_bytes(b"PK")
    said = tmp_path / "iscc-arguments"
    stand_in(tmp_path / "bin", "iscc", f'printf "%s\\n" "$@" > "{said}"\n')
    monkeypatch.setenv("PATH", f"{tmp_path / 'bin'}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.chdir(tmp_path)
    Path("dist").mkdir()

    archive, installer = bundle.pack_windows(folder, Path("dist"))  # relative, as the workflow's --out dist

    arguments = said.read_text().splitlines()
    defines = dict(a.removeprefix("/D").split("=", 1) for a in arguments if a.startswith("/D"))
    assert arguments[-1] == str(RECIPE)
    assert defines["AppVersion"] == __version__
    # ISCC would read a relative OutputDir from packaging/windows/ (the script's folder): the installer would be
    # written there, and neither main() nor the workflow's upload would find it
    assert Path(defines["OutputDir"]).is_absolute() and Path(defines["OutputDir"]) == (tmp_path / "dist")
    assert Path(defines["SourceDir"]) == folder
    named = re.search(r"^OutputBaseFilename=(.+)$", RECIPE.read_text(), re.MULTILINE)
    assert named is not None
    assert installer == Path(defines["OutputDir"]) / (named[1].replace("{#AppVersion}", defines["AppVersion"]) + ".exe")
    with zipfile.ZipFile(archive) as zipped:
        assert sorted(zipped.namelist()) == [
            f"swapdesk-{__version__}/_internal/",
            f"swapdesk-{__version__}/_internal/base_library.zip",
            f"swapdesk-{__version__}/swapdesk.exe",
        ]


def test_without_inno_setup_the_build_says_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.setenv("ProgramFiles", str(tmp_path))
    monkeypatch.delenv("ProgramFiles(x86)", raising=False)
    with pytest.raises(SystemExit, match=r"ISCC\.exe"):
        bundle.inno_compiler()
    (tmp_path / "Inno Setup 6").mkdir()
    (tmp_path / "Inno Setup 6" / "ISCC.exe").write_bytes(b"MZ")
    assert bundle.inno_compiler() == str(tmp_path / "Inno Setup 6" / "ISCC.exe")


def hdiutil_busy_for(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, busy: int, error: str) -> Path:
    """A stand-in hdiutil failing with `error` `busy` times, then writing the image; its calls counted in a file."""
    calls = tmp_path / "calls"
    calls.write_text("")
    script = (
        f'echo call >> "{calls}"\n'
        f'if [ "$(wc -l < "{calls}")" -le {busy} ]; then echo "hdiutil: create failed - {error}" >&2; exit 1; fi\n'
        'for last; do :; done; echo image > "$last"\n'
    )
    stand_in(tmp_path / "bin", "hdiutil", script)
    monkeypatch.setenv("PATH", f"{tmp_path / 'bin'}{os.pathsep}{os.environ['PATH']}")
    return calls


def test_the_disk_image_is_made_again_while_hdiutil_is_busy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = hdiutil_busy_for(tmp_path, monkeypatch, busy=2, error="Resource busy")
    image = tmp_path / "swapdesk.dmg"
    bundle.create_image(tmp_path, image, "swapdesk", pause=0)
    assert image.read_text() == "image\n" and len(calls.read_text().splitlines()) == 3


def test_hdiutil_busy_every_time_or_failing_otherwise_stops_the_build(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = hdiutil_busy_for(tmp_path, monkeypatch, busy=99, error="Resource busy")
    with pytest.raises(SystemExit, match=r"4 tries.*Resource busy"):
        bundle.create_image(tmp_path, tmp_path / "swapdesk.dmg", "swapdesk", attempts=4, pause=0)
    assert len(calls.read_text().splitlines()) == 4
    calls = hdiutil_busy_for(tmp_path, monkeypatch, busy=1, error="No space left on device")
    with pytest.raises(SystemExit, match=r"1 tries.*No space left"):  # not a race: no second try
        bundle.create_image(tmp_path, tmp_path / "swapdesk.dmg", "swapdesk", pause=0)
    assert len(calls.read_text().splitlines()) == 1


def test_each_job_builds_a_target_of_bundle_under_its_own_artifact_name() -> None:
    jobs = workflow()["jobs"]["bundle"]["strategy"]["matrix"]["include"]
    assert {job["target"] for job in jobs} == set(bundle.TARGETS.values())
    assert not {job["os"] for job in jobs} & RETIRED_RUNNERS
    # the names the packages get: x86_64 on Linux and Windows, the machine's architecture on macOS
    assert all(job["arch"] == "x86_64" for job in jobs if job["target"] != "macos")
    assert {job["arch"] for job in jobs if job["target"] == "macos"} <= {"arm64", "x86_64"}
    upload = next(step for step in steps() if step.get("uses", "").startswith("actions/upload-artifact@"))
    names = [
        upload["with"]["name"].replace("${{ matrix.target }}", job["target"]).replace("${{ matrix.arch }}", job["arch"])
        for job in jobs
    ]
    assert "${{" not in "".join(names) and len(set(names)) == len(names), names  # upload-artifact@v4: unique
    build = next(step for step in steps() if step.get("name") == "Build")
    assert "scripts/bundle.py --target ${{ matrix.target }} --out dist" in build["run"]
    assert upload["with"]["path"] == "dist/*"


def test_npm_runs_no_install_script_on_any_runner() -> None:
    """@foundry-rs/anvil's postinstall sets a variable the POSIX way, which cmd.exe (npm's shell on Windows) cannot."""
    postinstall = (ROOT / "node_modules" / "@foundry-rs" / "anvil" / "package.json").read_text()
    assert "TARGET_TOOL=anvil node" in postinstall  # the reason; if foundry changes it, this test says so
    npm = [step["run"] for step in steps() if "npm ci" in step.get("run", "")]
    assert npm and all("--ignore-scripts" in run for run in npm)


def test_the_version_is_written_in_swapdesk_only() -> None:
    recipe = RECIPE.read_text()
    assert "AppVersion={#AppVersion}" in recipe and re.search(r"#ifndef AppVersion\s+#error", recipe)
    for path in (RECIPE, WORKFLOW, ROOT / "packaging" / "pyinstaller" / "swapdesk.spec"):
        assert __version__ not in path.read_text(), path


def spec_calls(name: str) -> list[ast.Call]:
    tree = ast.parse((ROOT / "packaging" / "pyinstaller" / "swapdesk.spec").read_text())
    return [n for n in ast.walk(tree) if isinstance(n, ast.Call) and getattr(n.func, "id", None) == name]


def test_the_macos_app_is_a_foreground_app_and_windows_a_console_program() -> None:
    """BUNDLE writes LSBackgroundOnly=true for a console EXE (PyInstaller's building/osx.py): no Dock, no menu bar."""
    (exe,) = spec_calls("EXE")
    console = next(k.value for k in exe.keywords if k.arg == "console")
    for platform, expected in (("darwin", False), ("win32", True), ("linux", True)):
        expression = compile(ast.Expression(console), "swapdesk.spec", "eval")  # the spec's own expression
        seen = eval(expression, {"sys": SimpleNamespace(platform=platform)})
        assert seen is expected, platform
    (app,) = spec_calls("BUNDLE")
    plist = next(k.value for k in app.keywords if k.arg == "info_plist")
    assert isinstance(plist, ast.Dict)
    entries = {ast.literal_eval(key): value for key, value in zip(plist.keys, plist.values, strict=True) if key}
    assert ast.literal_eval(entries["LSBackgroundOnly"]) is False
    assert {"CFBundleShortVersionString", "CFBundleVersion"} <= entries.keys()
    assert {k.arg for k in app.keywords} >= {"bundle_identifier", "version", "icon"}


def spec_names(*names: str) -> dict[str, Any]:
    """The spec's own definitions of `names` (assignments and functions), run alone: the rest needs PyInstaller."""
    tree = ast.parse((ROOT / "packaging" / "pyinstaller" / "swapdesk.spec").read_text())
    picked: list[ast.stmt] = [
        node
        for node in tree.body
        if (isinstance(node, ast.FunctionDef) and node.name in names)
        or (isinstance(node, ast.Assign) and any(getattr(t, "id", None) in names for t in node.targets))
    ]
    space: dict[str, Any] = {"re": re, "Path": Path}
    exec(compile(ast.Module(body=picked, type_ignores=[]), "swapdesk.spec", "exec"), space)
    return space


@pytest.mark.parametrize(
    ("name", "module"),
    [
        ("PySide6/Qt6Core.dll", "Core"),  # Windows
        ("PySide6/Qt6WebEngineCore.dll", "WebEngineCore"),
        ("PySide6/plugins/platforms/qwindows.dll", None),
        ("PySide6/opengl32sw.dll", None),
        ("PySide6/Qt/lib/QtGui.framework/Versions/A/QtGui", "Gui"),  # macOS
        ("PySide6/Qt/lib/QtQuick.framework/Resources/Info.plist", "Quick"),
        ("PySide6/Qt/plugins/platforms/libqcocoa.dylib", None),
        ("PySide6/Qt/lib/libQt6Widgets.so.6", "Widgets"),  # Linux, as the bundle test sees it built
    ],
)
def test_the_spec_knows_a_qt_library_by_each_systems_name(name: str, module: str | None) -> None:
    """The spec keeps the Qt libraries in QT_KEPT and drops the rest, by names it reads off Windows DLLs and macOS
    frameworks as well as Linux's .so: a platform plugin must never be taken for a library (it would be dropped)."""
    spec = spec_names("QT_LIBRARY", "qt_module")
    assert spec["qt_module"](name) == module


def test_what_must_not_ship_is_found_by_each_systems_name() -> None:
    forbidden = [
        "_internal/PySide6/Qt6WebEngineCore.dll",
        "_internal/PySide6/Qt6Test.dll",
        "Contents/Frameworks/PySide6/Qt/lib/QtQml.framework/Versions/A/QtQml",
        "_internal/pytest/__init__.pyc",
        "Contents/Resources/setuptools/_vendor",
    ]
    allowed = [
        "_internal/PySide6/Qt6Widgets.dll",
        "_internal/PySide6/plugins/platforms/qwindows.dll",
        "Contents/Frameworks/PySide6/Qt/plugins/platforms/libqcocoa.dylib",
        "Contents/Frameworks/PySide6/Qt/lib/QtSvg.framework/Versions/A/QtSvg",
        "_internal/bin/anvil.exe",
    ]
    assert [name for name in forbidden if not bundle.FORBIDDEN.search(name)] == []
    assert [name for name in allowed if bundle.FORBIDDEN.search(name)] == []
