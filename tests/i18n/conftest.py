"""The translations are compiled (.po -> .mo) before any test of this folder runs."""

from __future__ import annotations

import importlib.util
import sys
import types
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _load_script() -> types.ModuleType:
    spec = importlib.util.spec_from_file_location("i18n_script", ROOT / "scripts" / "i18n.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["i18n_script"] = module
    spec.loader.exec_module(module)
    return module


script = _load_script()
script.compile_catalogs(quiet=True)
