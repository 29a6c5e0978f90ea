"""The examples in the rules' docstrings run and hold (``doctest`` over every module)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import gnoming.rules

MODULES = sorted(
    name for _, name, _ in pkgutil.walk_packages(gnoming.rules.__path__, "gnoming.rules.")
)


def test_every_rules_module_is_checked() -> None:
    assert {"gnoming.rules.actions", "gnoming.rules.events", "gnoming.rules.state"} <= set(MODULES)


@pytest.mark.parametrize("name", ["gnoming.rules", *MODULES])
def test_the_examples_in_the_docstrings_hold(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, raise_on_error=False)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name}"
