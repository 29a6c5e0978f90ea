"""The four languages: complete catalogs, intact placeholders, switching at run time."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from gnoming import i18n

ROOT = Path(__file__).resolve().parents[2]
script = sys.modules["i18n_script"]  # loaded (and the catalogs compiled) by conftest.py

PLACEHOLDER = re.compile(r"\{[a-z_]*\}")


def test_the_template_holds_every_message_in_the_code(tmp_path: Path) -> None:
    script.extract(tmp_path / "fresh.pot")
    with (tmp_path / "fresh.pot").open("rb") as handle:
        fresh = {m.id for m in read_po(handle) if m.id}
    with (ROOT / "locale" / "gnoming.pot").open("rb") as handle:
        committed = {m.id for m in read_po(handle) if m.id}
    missing = sorted(str(m) for m in fresh - committed)
    assert not missing, (
        "run: python scripts/i18n.py extract && python scripts/i18n.py update\n"
        + "\n".join(missing[:20])
    )


@pytest.mark.parametrize("lang", ["et", "fi", "mr"])
def test_every_message_is_translated_and_none_is_fuzzy(lang: str) -> None:
    missing = script.untranslated(lang)
    assert missing == [], f"{len(missing)} untranslated in {lang}: {missing[:10]}"


@pytest.mark.parametrize("lang", ["et", "fi", "mr"])
def test_translations_keep_every_placeholder(lang: str) -> None:
    with script.po_path(lang).open("rb") as handle:
        catalog = read_po(handle, locale=lang)
    broken = []
    for message in catalog:
        if not message.id or not message.string:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        wanted = set(PLACEHOLDER.findall(ids[-1]))
        for text in strings:
            if text and set(PLACEHOLDER.findall(text)) != wanted:
                broken.append((ids[0], text))
    assert broken == []


@pytest.mark.parametrize(
    ("lang", "script_range"),
    [("et", None), ("fi", None), ("mr", ("\u0900", "\u097f"))],
)
def test_switching_language_changes_the_words_without_a_restart(
    lang: str, script_range: tuple[str, str] | None
) -> None:
    try:
        assert i18n.set_language(lang) == lang
        translated = i18n._("New game")
        assert translated and translated != "New game"
        if script_range is not None:
            assert any(script_range[0] <= ch <= script_range[1] for ch in translated)
    finally:
        i18n.set_language("en")
    assert i18n._("New game") == "New game"


def test_an_unknown_language_falls_back_to_english() -> None:
    assert i18n.set_language("xx") == "en"
    assert i18n._("New game") == "New game"


def test_marathi_always_calls_a_gnome_the_same_word() -> None:
    """ग्नोम everywhere; a bare नोम (without its ग्) reads as another word."""
    with script.po_path("mr").open("rb") as handle:
        catalog = read_po(handle, locale="mr")
    bare = re.compile("(?<!ग्)नोम")
    wrong = [m.id for m in catalog if m.id and isinstance(m.string, str) and bare.search(m.string)]
    assert wrong == []


def _without_references(text: str) -> list[str]:
    return [
        line
        for line in text.splitlines()
        if not line.startswith("#:") and not line.startswith('"POT-Creation-Date:')
    ]


def test_updating_the_catalogs_rewrites_nothing_but_references(tmp_path: Path) -> None:
    """`scripts/i18n.py update` on the committed catalogs changes no message,
    and wraps the lines as the catalogs do (it once rewrapped about a thousand
    lines of each, so a maintainer's one new message came with a diff of
    every long one)."""
    import shutil

    shutil.copytree(ROOT / "locale", tmp_path / "locale")
    script.update(tmp_path / "locale")
    for lang in ("et", "fi", "mr"):
        relative = Path(lang) / "LC_MESSAGES" / "gnoming.po"
        before = (ROOT / "locale" / relative).read_text(encoding="utf-8")
        after = (tmp_path / "locale" / relative).read_text(encoding="utf-8")
        assert _without_references(after) == _without_references(before), lang
