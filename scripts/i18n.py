"""Message catalogs: extract the game's strings, update the .po files, compile .mo.

    python scripts/i18n.py extract   # gnoming/**/*.py -> locale/gnoming.pot
    python scripts/i18n.py update    # merge the .pot into locale/<lang>/LC_MESSAGES/gnoming.po
    python scripts/i18n.py compile   # .po -> .mo (setup and build run this)
    python scripts/i18n.py check     # every message translated, none fuzzy (exit 1 if not)

Uses Babel, the ecosystem's standard tool for gettext catalogs. The .po files
live in the repository; the compiled .mo files do not.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "locale"
POT = LOCALE / "gnoming.pot"
DOMAIN = "gnoming"
LANGUAGES = ("et", "fi", "mr")
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "rule_text": None}
PO_WIDTH = 76
"""Where the .po files wrap their lines (Babel's own default, as the catalogs
were written): ``update`` rewrites only what changed, not every long message."""


def po_path(lang: str, locale: Path = LOCALE) -> Path:
    return locale / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def extract(target: Path | None = None) -> int:
    """Write the template of every message in the code (to ``target``, default the .pot)."""
    target = target or POT
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir
    from babel.messages.pofile import write_po

    catalog = Catalog(project="Gnoming A Round", charset="utf-8")
    method_map = [("gnoming/**.py", "python")]
    for filename, lineno, message, comments, context in extract_from_dir(
        str(ROOT), method_map, keywords=KEYWORDS, comment_tags=("TRANSLATORS:",)
    ):
        if not filename.startswith("gnoming"):
            continue
        catalog.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    target.parent.mkdir(parents=True, exist_ok=True)
    with target.open("wb") as handle:
        write_po(handle, catalog, width=100, sort_output=True)
    print(f"{len(catalog)} messages -> {target}")
    return 0


def update(locale: Path = LOCALE) -> int:
    """Merge the template into every language's catalog under ``locale``."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po, write_po

    with (locale / POT.name).open("rb") as handle:
        template = read_po(handle)
    for lang in LANGUAGES:
        path = po_path(lang, locale)
        if path.exists():
            with path.open("rb") as handle:
                catalog = read_po(handle, locale=lang)
        else:
            catalog = Catalog(locale=lang, project="Gnoming A Round", charset="utf-8")
        catalog.update(template, update_header_comment=False)
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as handle:
            write_po(handle, catalog, width=PO_WIDTH, sort_output=True, ignore_obsolete=True)
        shown = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
        print(f"{lang}: {shown}")
    return 0


def compile_catalogs(quiet: bool = False) -> int:
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    for lang in LANGUAGES:
        path = po_path(lang)
        if not path.exists():
            continue
        mo = path.with_suffix(".mo")
        if mo.exists() and mo.stat().st_mtime >= path.stat().st_mtime:
            continue
        with path.open("rb") as handle:
            catalog = read_po(handle, locale=lang)
        with mo.open("wb") as handle:
            write_mo(handle, catalog, use_fuzzy=False)
        if not quiet:
            print(f"{lang}: compiled {mo.relative_to(ROOT)}")
    return 0


def untranslated(lang: str) -> list[str]:
    """Messages of the template that ``lang`` lacks, or has only fuzzily."""
    from babel.messages.pofile import read_po

    with POT.open("rb") as handle:
        template = read_po(handle)
    with po_path(lang).open("rb") as handle:
        catalog = read_po(handle, locale=lang)
    missing = []
    for message in template:
        if not message.id:
            continue
        found = catalog.get(message.id)
        strings = found.string if found is not None else None
        texts = strings if isinstance(strings, tuple) else (strings,)
        if found is None or found.fuzzy or not all(texts):
            missing.append(message.id if isinstance(message.id, str) else message.id[0])
    return missing


def check() -> int:
    bad = 0
    for lang in LANGUAGES:
        missing = untranslated(lang)
        bad += len(missing)
        print(f"{lang}: {len(missing)} untranslated or fuzzy")
        for message in missing[:10]:
            print(f"    {message!r}")
    return 1 if bad else 0


def main(argv: list[str]) -> int:
    commands = {
        "extract": lambda: extract(),
        "update": update,
        "compile": compile_catalogs,
        "check": check,
    }
    if len(argv) != 1 or argv[0] not in commands:
        print(__doc__)
        return 2
    return commands[argv[0]]()


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
