"""Shared test setup: pygame runs headless, with no window and no sound card."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("GNOMING_LAN", "off")  # no multicast (mDNS) and no open ports beyond 127.0.0.1

import gc
import importlib.util
import sys
import types
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

SCRIPTS = Path(__file__).resolve().parents[1] / "scripts"


@pytest.fixture
def load_script() -> Callable[[str], types.ModuleType]:
    """``load_script("leaf_calibration")`` imports ``scripts/leaf_calibration.py``
    (the scripts are files, not a package) and returns the module."""

    def load(name: str) -> types.ModuleType:
        spec = importlib.util.spec_from_file_location(f"{name}_script", SCRIPTS / f"{name}.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module  # dataclasses look their module up
        spec.loader.exec_module(module)
        return module

    return load


@pytest.fixture(autouse=True)
def _table_skips_the_full_collection() -> Iterator[None]:
    """The table collects garbage once as it opens (then freezes what is left). In
    the game that walks a small heap in a few milliseconds; in a test process it
    walks pytest's and hypothesis's objects too, about 40 ms, and the suite opens
    a table hundreds of times. Tests keep the freeze and skip the collection."""
    from gnoming.ui.scenes import table

    real = table.gc
    table.gc = types.SimpleNamespace(  # type: ignore[assignment]
        collect=lambda *args: 0, freeze=gc.freeze, unfreeze=gc.unfreeze
    )
    try:
        yield
    finally:
        table.gc = real


@pytest.fixture(autouse=True)
def _english_after_every_test() -> Iterator[None]:
    """A test that plays in another language (``--lang mr``) leaves the game's
    language as it found it: the next test on the same worker reads English."""
    yield
    from gnoming import i18n

    i18n.set_language("en")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Slow tests first: spread over the workers (pytest-xdist) from the start they
    run side by side with the quick ones, instead of one of them finishing alone."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
