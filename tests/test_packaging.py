"""Packaging: where assets are found, what the PyInstaller recipe bundles, the dev script."""

from __future__ import annotations

import importlib
import importlib.util
import os
import sys
import tomllib
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from gnoming import paths

REPO = Path(__file__).resolve().parent.parent


def test_asset_path_points_into_the_source_tree_when_not_frozen(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delattr(sys, "_MEIPASS", raising=False)
    assert paths.asset_root() == REPO
    assert paths.asset_path("art", "icon.png") == REPO / "art" / "icon.png"


def test_asset_path_points_into_the_bundle_when_frozen(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert paths.asset_path("sounds", "flip.ogg") == tmp_path / "sounds" / "flip.ogg"


def test_data_dir_prefers_flag_then_environment(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("GNOMING_DATA_DIR", str(tmp_path / "from-env"))
    assert paths.data_dir(tmp_path / "from-flag") == tmp_path / "from-flag"
    assert paths.data_dir() == tmp_path / "from-env"
    monkeypatch.delenv("GNOMING_DATA_DIR")
    assert paths.data_dir().name == "GnomingARound"


def test_gui_entry_point_names_the_cli_main() -> None:
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["gui-scripts"] == {"gnoming": "gnoming.cli:main"}
    module_name, _, function = project["gui-scripts"]["gnoming"].partition(":")
    assert callable(getattr(importlib.import_module(module_name), function))


class _Recorder:
    """Stands in for one of PyInstaller's spec classes and remembers how it was called."""

    calls: list[tuple[str, tuple[Any, ...], dict[str, Any]]]

    def __init__(self, kind: str, calls: list[tuple[str, tuple[Any, ...], dict[str, Any]]]):
        self.kind = kind
        self.calls = calls

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        self.calls.append((self.kind, args, kwargs))
        result = ModuleType(self.kind)
        for name in ("pure", "scripts", "binaries", "datas"):
            setattr(result, name, [name])
        return result


def _run_spec(onefile: bool, monkeypatch: pytest.MonkeyPatch) -> dict[str, dict[str, Any]]:
    monkeypatch.setenv("GNOMING_ONEFILE", "1" if onefile else "0")
    calls: list[tuple[str, tuple[Any, ...], dict[str, Any]]] = []
    namespace: dict[str, Any] = {"SPECPATH": str(REPO), "__file__": str(REPO / "build.spec")}
    for kind in ("Analysis", "PYZ", "EXE", "COLLECT", "BUNDLE"):
        namespace[kind] = _Recorder(kind, calls)
    source = (REPO / "build.spec").read_text(encoding="utf-8")
    exec(compile(source, "build.spec", "exec"), namespace)
    return {kind: kwargs for kind, _, kwargs in calls}


def test_spec_builds_one_windowed_folder_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _run_spec(onefile=False, monkeypatch=monkeypatch)
    assert calls["COLLECT"]["name"] == "GnomingARound"
    assert calls["EXE"]["exclude_binaries"] is True
    assert calls["EXE"]["console"] is False


def test_spec_builds_one_file_when_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _run_spec(onefile=True, monkeypatch=monkeypatch)
    assert "COLLECT" not in calls
    assert calls["EXE"]["name"] == "GnomingARound"
    assert calls["EXE"]["console"] is False


def test_spec_bundles_assets_but_not_their_generator_scripts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    analysis = _run_spec(onefile=False, monkeypatch=monkeypatch)["Analysis"]
    datas = analysis["datas"]
    for source, dest in datas:
        assert Path(source).is_file()
        assert Path(source).suffix != ".py"
        assert dest.split(os.sep)[0] in ("art", "sounds", "locale")
        assert Path(source).parent == REPO / dest
    bundled = {Path(source) for source, _ in datas}
    for folder in ("art", "sounds"):
        on_disk = (
            {
                p
                for p in (REPO / folder).rglob("*")
                if p.is_file() and p.suffix not in (".py", ".pyc")
            }
            if (REPO / folder).is_dir()
            else set()
        )
        assert on_disk <= bundled, folder


def test_spec_names_every_gnoming_module_as_hidden_import(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    hidden = set(_run_spec(onefile=False, monkeypatch=monkeypatch)["Analysis"]["hiddenimports"])
    assert {"gnoming", "gnoming.cli", "gnoming.paths", "gnoming.ui.app"} <= hidden
    assert "tkinter" in _run_spec(onefile=False, monkeypatch=monkeypatch)["Analysis"]["excludes"]


def _load_dev_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("gnoming_dev_script", REPO / "scripts" / "dev.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_dev_script_finds_venv_python_on_windows_and_elsewhere() -> None:
    dev = _load_dev_script()
    venv = Path("repo") / ".venv"
    assert dev.venv_bin(venv, "python", windows=True) == venv / "Scripts" / "python.exe"
    assert dev.venv_bin(venv, "python", windows=False) == venv / "bin" / "python"


def test_dev_script_reinstalls_only_when_pyproject_or_extras_change() -> None:
    dev = _load_dev_script()
    stamp = {"pyproject": "abc", "extras": ["test"]}
    assert dev.extras_to_install(stamp, "abc", {"test"}) is None
    assert dev.extras_to_install(stamp, "changed", {"test"}) == {"test"}
    assert dev.extras_to_install(stamp, "abc", {"test", "build"}) == {"test", "build"}
    assert dev.extras_to_install({}, "abc", {"test"}) == {"test"}
    built = {"pyproject": "abc", "extras": ["build", "test"]}
    assert dev.extras_to_install(built, "changed", {"test"}) == {"build", "test"}


def test_dev_script_leaves_the_slow_tests_out_unless_asked_or_named() -> None:
    dev = _load_dev_script()
    assert dev.test_selection([]) == ["-m", "not slow"]
    assert dev.test_selection(["-x", "-n", "0"]) == ["-m", "not slow", "-x", "-n", "0"]
    assert dev.test_selection(["--all"]) == []
    assert dev.test_selection(["--all", "-x"]) == ["-x"]
    assert dev.test_selection(["-m", "slow"]) == ["-m", "slow"]
    assert dev.test_selection(["-k", "monkey"]) == ["-k", "monkey"]
    assert dev.test_selection(["tests/ui/test_monkey.py"]) == ["tests/ui/test_monkey.py"]
    node = "tests/ui/test_monkey.py::test_twenty_thousand_random_inputs_never_crash_any_scene"
    assert dev.test_selection([node]) == [node]
