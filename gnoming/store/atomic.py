"""Writing a file so that a crash never leaves it half written, and reading one
so that a damaged file never stops the game and is never thrown away.

Every store file is one JSON object with a ``version`` field. Writing goes to a
temporary file in the same folder, which is flushed and synced and then swapped
in with :func:`os.replace`; the file it replaces is kept as ``<name>.bak``.
Reading a file that is not UTF-8 JSON, has the wrong shape or comes from a newer
version of the game moves it aside as ``<name>.corrupt-<timestamp>`` (same bytes,
never deleted), says so in one friendly sentence, and falls back to the ``.bak``
when that one is good. Only :func:`json.loads` ever sees the bytes: nothing read
from disk can run code.
"""

from __future__ import annotations

import contextlib
import datetime
import json
import os
import shutil
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Generic, TypeVar

from gnoming.i18n import N_, _

T = TypeVar("T")

MAX_FILE_BYTES = 16 * 1024 * 1024
"""Anything bigger is not a file this game wrote."""


class Damaged(ValueError):
    """A store file that cannot be used; the message is a short reason in a
    player's words, e.g. ``"not valid JSON, perhaps cut short"``."""


class TooNew(Damaged):
    """A store file written by a newer version of the game."""


def backup_path(path: Path) -> Path:
    """Where the previous good copy of ``path`` is kept."""
    return path.with_name(path.name + ".bak")


def _fsync_folder(folder: Path) -> None:
    """Make the rename itself durable, where the system allows opening a folder."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _keep_backup(path: Path) -> None:
    """Keep the current ``path`` as ``<name>.bak``: a hard link when the file
    system has them (instant, and the old bytes stay put), else a copy."""
    backup = backup_path(path)
    staging = path.with_name(f".{path.name}.bak.tmp")
    with contextlib.suppress(FileNotFoundError):
        staging.unlink()
    try:
        os.link(path, staging)
    except FileNotFoundError:
        return
    except OSError:
        try:
            shutil.copy2(path, staging)
        except FileNotFoundError:
            return
    os.replace(staging, backup)


def write_atomic(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` (UTF-8) all at once, keeping the old file as
    ``<name>.bak``. Creates the folder if missing. Raises :class:`OSError` when the
    disk refuses; then ``path`` is exactly as it was before."""
    path = Path(path)
    folder = path.parent
    folder.mkdir(parents=True, exist_ok=True)
    data = text.encode("utf-8")
    fd, temp_name = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        _keep_backup(path)
        os.replace(temp_name, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp_name)
        raise
    _fsync_folder(folder)


def write_json(path: Path, obj: object) -> None:
    """:func:`write_atomic` of ``obj`` as readable JSON (names in any script stay
    readable; text that UTF-8 cannot hold, such as a lone surrogate, is escaped)."""
    text = json.dumps(obj, ensure_ascii=False, indent=1)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = json.dumps(obj, ensure_ascii=True, indent=1)
    write_atomic(path, text + "\n")


def _stamp() -> str:
    return datetime.datetime.now().strftime("%Y%m%d-%H%M%S")


def move_aside(path: Path) -> Path | None:
    """Rename a damaged ``path`` to ``<name>.corrupt-<timestamp>`` (``-2``, ``-3``
    ... when that name is taken). Returns the new path, or None when the file
    could not be moved (it is then left where it was, untouched)."""
    stamp = _stamp()
    for attempt in range(1, 1000):
        suffix = "" if attempt == 1 else f"-{attempt}"
        target = path.with_name(f"{path.name}.corrupt-{stamp}{suffix}")
        if target.exists():
            continue
        try:
            os.link(path, target)  # fails instead of overwriting when the name is taken
        except FileExistsError:
            continue
        except FileNotFoundError:
            return None
        except OSError:
            try:
                os.rename(path, target)
            except OSError:
                return None
            return target
        with contextlib.suppress(OSError):  # the bytes are safe under the new name anyway
            os.unlink(path)
        return target
    return None


def check_version(obj: object, current: int) -> dict[str, object]:
    """``obj`` as a JSON object whose ``version`` this game can read."""
    if not isinstance(obj, dict):
        raise Damaged("not a JSON object")
    version = obj.get("version")
    if type(version) is not int:
        raise Damaged("no format version")
    if version > current:
        raise TooNew("written by a newer version of the game")
    if version < 1:
        raise Damaged(f"unknown format version {version}")
    return obj


def parse_json_bytes(data: bytes) -> object:
    """Decode store file bytes; raises :class:`Damaged` for anything but UTF-8 JSON."""
    if len(data) > MAX_FILE_BYTES:
        raise Damaged(N_("far too large"))
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise Damaged(N_("not text")) from None
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        raise Damaged(N_("not valid JSON, perhaps cut short")) from None


@dataclass(frozen=True)
class Loaded(Generic[T]):
    """What :func:`read_json_file` found: the value (None: use defaults) and messages
    for the player, each a complete sentence."""

    value: T | None
    messages: list[str]
    from_backup: bool = False


MAX_REASON = 100


DEFAULTS_USED = N_("defaults are used")
BACKUP_USED = N_("the backup copy is used")


def damaged_message(what: str, kept: Path | None, fallback: str, problem: Damaged) -> str:
    """One sentence for the player about a damaged file, in the player's language
    (``what`` and ``fallback`` are messages marked with ``N_``)."""
    if isinstance(problem, TooNew):
        head = _("Your {what} file comes from a newer version of the game").format(what=_(what))
    else:
        reason = _(str(problem))
        if len(reason) > MAX_REASON:
            reason = reason[: MAX_REASON - 1].rstrip() + "…"
        head = _("Your {what} file was damaged ({reason})").format(what=_(what), reason=reason)
    if kept is not None:
        text = _("{head}; it was kept as {name} and {fallback}.")
        return text.format(head=head, name=kept.name, fallback=_(fallback))
    return _("{head} and could not be moved aside; {fallback}.").format(
        head=head, fallback=_(fallback)
    )


def _read_one(path: Path, parse: Callable[[object], T]) -> T:
    """Read and check one file; :class:`Damaged` if it cannot be used."""
    with open(path, "rb") as handle:
        data = handle.read(MAX_FILE_BYTES + 1)
    obj = parse_json_bytes(data)
    try:
        return parse(obj)
    except Damaged:
        raise
    except Exception as error:  # a loader must not stop the game; the file is kept
        raise Damaged(f"a value could not be read: {error}") from None


def read_json_file(path: Path, parse: Callable[[object], T], what: str) -> Loaded[T]:
    """Load ``path`` through ``parse`` (which raises :class:`Damaged` or another
    ``ValueError`` for content it cannot use). Never raises.

    - missing file: ``Loaded(None, [])``, the caller uses defaults;
    - damaged file: moved aside, then the ``.bak`` is tried the same way; a good
      ``.bak`` is copied back into place and used;
    - a file the system will not let us read: left alone, defaults, a message.
    """
    path = Path(path)
    messages: list[str] = []
    try:
        return Loaded(_read_one(path, parse), messages)
    except FileNotFoundError:
        return Loaded(None, messages)
    except Damaged as error:
        problem = error
    except OSError as error:
        reason = error.strerror or type(error).__name__
        text = _(
            "Your {what} file could not be opened ({reason}); it was left as it is "
            "and defaults are used for now."
        )
        messages.append(text.format(what=_(what), reason=reason))
        return Loaded(None, messages)
    kept = move_aside(path)
    backup = backup_path(path)
    try:
        value = _read_one(backup, parse)
    except FileNotFoundError:
        pass
    except Damaged:
        backup_kept = move_aside(backup)
        messages.append(damaged_message(what, kept, DEFAULTS_USED, problem))
        if backup_kept is not None:
            text = _("Its backup copy was damaged too; it was kept as {name}.")
            messages.append(text.format(name=backup_kept.name))
        return Loaded(None, messages)
    except OSError:
        pass
    else:
        messages.append(damaged_message(what, kept, BACKUP_USED, problem))
        if kept is not None:
            with contextlib.suppress(OSError):
                os.replace(_copy_for_restore(backup), path)
        return Loaded(value, messages, from_backup=True)
    messages.append(damaged_message(what, kept, DEFAULTS_USED, problem))
    return Loaded(None, messages)


def _copy_for_restore(backup: Path) -> Path:
    """A copy of the ``.bak`` beside it, ready to be renamed into place (so the
    ``.bak`` itself stays as it is)."""
    staging = backup.with_name(f".{backup.name}.restore.tmp")
    shutil.copy2(backup, staging)
    return staging
