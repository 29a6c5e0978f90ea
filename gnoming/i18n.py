"""The game's four languages: English, Estonian, Finnish and Marathi.

Every string a player can see goes through :func:`_` (or :func:`N_` where the
text is defined before the language is known, then ``_()`` when shown).
Catalogs are GNU gettext ``.po`` files in ``locale/<code>/LC_MESSAGES/``,
compiled to ``.mo`` with Babel by the setup and build scripts; Python's
``gettext`` reads them at run time. A missing catalog falls back to English.
"""

from __future__ import annotations

import gettext

from gnoming.paths import asset_path

DOMAIN = "gnoming"
LANGUAGES: dict[str, str] = {"en": "English", "et": "Eesti", "fi": "Suomi", "mr": "मराठी"}
"""Language codes and their names in their own language."""

_current = "en"
_translations: gettext.NullTranslations = gettext.NullTranslations()
_cache: dict[str, gettext.NullTranslations] = {}


def locale_dir() -> str:
    return str(asset_path("locale"))


def set_language(code: str) -> str:
    """Switch every later ``_()`` to ``code``; returns the language actually used."""
    global _current, _translations
    if code not in LANGUAGES:
        code = "en"
    if code not in _cache:
        _cache[code] = gettext.translation(DOMAIN, locale_dir(), languages=[code], fallback=True)
    _current = code
    _translations = _cache[code]
    return code


def current_language() -> str:
    return _current


def _(message: str) -> str:
    """The message in the current language."""
    return _translations.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return _translations.ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Marks a message for translation without translating it yet."""
    return message
