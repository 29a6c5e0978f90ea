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
import errno
import json
import os
import shutil
import stat
import tempfile
from collections.abc import Callable, Iterator
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


def _is_in_the_way(path: Path) -> bool:
    """Whether ``path`` is something other than a file (or a link to one): a
    folder, a FIFO, a device ... which no write of ours may replace."""
    try:
        mode = os.lstat(path).st_mode
    except OSError:
        return False
    return not (stat.S_ISREG(mode) or stat.S_ISLNK(mode))


def _keep_backup(path: Path) -> None:
    """Keep the current ``path`` as ``<name>.bak``: a hard link when the file
    system has them (instant, and the old bytes stay put), else a copy. When
    something that is not a file sits at ``<name>.bak`` it is moved aside; when
    no backup can be kept at all, the write goes on without one."""
    backup = backup_path(path)
    staging = path.with_name(f".{path.name}.bak.tmp")
    with contextlib.suppress(OSError):
        staging.unlink()
    try:
        _link_or_copy(path, staging)
    except FileNotFoundError:
        return
    if _is_in_the_way(backup):
        move_aside(backup)
    try:
        os.replace(staging, backup)
    except OSError:
        with contextlib.suppress(OSError):
            staging.unlink()


def _link_or_copy(source: Path, target: Path) -> None:
    """``target`` with ``source``'s bytes: a hard link (no disk space needed), else
    a copy; a half-made copy is removed. Raises :class:`OSError`."""
    try:
        os.link(source, target)
        return
    except FileNotFoundError:
        raise
    except OSError:
        pass
    try:
        shutil.copyfile(source, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(target)
        raise


def write_atomic(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` (UTF-8) all at once, keeping the old file as
    ``<name>.bak``. Creates the folder if missing. Raises :class:`OSError` when the
    disk refuses; then ``path`` is exactly as it was before."""
    path = Path(path)
    temp_name = _write_temp(path, text)
    try:
        if _is_in_the_way(path) and move_aside(path) is None:
            raise IsADirectoryError(errno.EISDIR, "something that is not a file is in the way")
        _keep_backup(path)
        os.replace(temp_name, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp_name)
        raise
    _fsync_folder(path.parent)


TEMP_SUFFIX = ".tmp"


def _write_temp(path: Path, text: str) -> str:
    """``text`` (UTF-8) in a new temporary file beside ``path``, flushed and synced;
    its name. Creates the folder if missing. Raises :class:`OSError`, leaving no
    temporary file behind."""
    folder = path.parent
    folder.mkdir(parents=True, exist_ok=True)
    data = text.encode("utf-8")
    fd, temp_name = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.", suffix=TEMP_SUFFIX)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp_name)
        raise
    return temp_name


def replace_keeping(path: Path, text: str) -> Path | None:
    """Replace ``path`` with ``text`` (a repaired version of it), keeping the old
    bytes as ``<name>.corrupt-<timestamp>``: the new file is written first, so a
    full disk leaves ``path`` exactly as it was. Returns where the old file was
    kept (None: there was none). Raises :class:`OSError` when nothing changed."""
    path = Path(path)
    temp_name = _write_temp(path, text)
    try:
        kept = keep_copy(path)
        os.replace(temp_name, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp_name)
        raise
    _fsync_folder(path.parent)
    return kept


def json_text(obj: object) -> str:
    """``obj`` as readable JSON (names in any script stay readable; text that
    UTF-8 cannot hold, such as a lone surrogate, is escaped)."""
    text = json.dumps(obj, ensure_ascii=False, indent=1)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = json.dumps(obj, ensure_ascii=True, indent=1)
    return text + "\n"


def write_json(path: Path, obj: object) -> None:
    """:func:`write_atomic` of ``obj`` as :func:`json_text`."""
    write_atomic(path, json_text(obj))


def _stamp() -> str:
    return datetime.datetime.now().strftime("%Y%m%d-%H%M%S")


def _aside_names(path: Path) -> Iterator[Path]:
    stamp = _stamp()
    for attempt in range(1, 1000):
        suffix = "" if attempt == 1 else f"-{attempt}"
        yield path.with_name(f"{path.name}.corrupt-{stamp}{suffix}")


def keep_copy(path: Path) -> Path | None:
    """Keep ``path``'s bytes as ``<name>.corrupt-<timestamp>`` too, leaving ``path``
    in place (a hard link, else a copy). Returns the copy, or None when there is
    no ``path``. Raises :class:`OSError` when no copy could be made."""
    for target in _aside_names(path):
        if os.path.lexists(target):
            continue
        try:
            os.link(path, target)  # fails instead of overwriting when the name is taken
        except FileExistsError:
            continue
        except FileNotFoundError:
            return None
        except OSError:
            _link_or_copy(path, target)
        return target
    raise FileExistsError(errno.EEXIST, "no free name to keep a copy under", str(path))


def move_aside(path: Path) -> Path | None:
    """Rename a damaged ``path`` to ``<name>.corrupt-<timestamp>`` (``-2``, ``-3``
    ... when that name is taken). Returns the new path, or None when the file
    could not be moved (it is then left where it was, untouched)."""
    for target in _aside_names(path):
        if os.path.lexists(target):
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


NOT_A_FILE = N_("it is not a file")


def read_bytes(path: Path) -> bytes:
    """The bytes of the store file ``path`` (at most one more than
    :data:`MAX_FILE_BYTES`). Something that is not a file (a folder, a FIFO, a
    device) is :class:`Damaged`, found without waiting on it. Raises
    :class:`OSError` for a file that cannot be opened."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise Damaged(NOT_A_FILE)
        with open(fd, "rb", closefd=False) as handle:
            return handle.read(MAX_FILE_BYTES + 1)
    finally:
        os.close(fd)


def _read_one(path: Path, parse: Callable[[object], T]) -> T:
    """Read and check one file; :class:`Damaged` if it cannot be used."""
    obj = parse_json_bytes(read_bytes(path))
    try:
        return parse(obj)
    except Damaged:
        raise
    except Exception as error:  # a loader must not stop the game; the file is kept
        raise Damaged(f"a value could not be read: {error}") from None


def read_json_file(path: Path, parse: Callable[[object], T], what: str) -> Loaded[T]:
    """Load ``path`` through ``parse`` (which raises :class:`Damaged` or another
    ``ValueError`` for content it cannot use). Never raises.

    - missing file: the ``.bak`` is tried (a write that failed half way, say on a
      full disk, may have left only that); a good one is put back in place and
      used, else ``Loaded(None, [])`` and the caller uses defaults;
    - damaged file: moved aside, then the ``.bak`` is tried the same way;
    - a file the system will not let us read: left alone, defaults, a message.
    """
    path = Path(path)
    messages: list[str] = []
    try:
        return Loaded(_read_one(path, parse), messages)
    except FileNotFoundError:
        return _from_backup_only(path, parse, what)
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
            _restore(backup, path)
        return Loaded(value, messages, from_backup=True)
    messages.append(damaged_message(what, kept, DEFAULTS_USED, problem))
    return Loaded(None, messages)


def _from_backup_only(path: Path, parse: Callable[[object], T], what: str) -> Loaded[T]:
    """``path`` is missing: its ``.bak`` when that is good (put back in place),
    else nothing. A damaged ``.bak`` is left for the next write to replace."""
    backup = backup_path(path)
    try:
        value = _read_one(backup, parse)
    except (OSError, Damaged):
        return Loaded(None, [])
    _restore(backup, path)
    text = _("Your {what} file was missing; its backup copy is used.")
    return Loaded(value, [text.format(what=_(what))], from_backup=True)


def _restore(backup: Path, path: Path) -> None:
    """Put a copy of the good ``backup`` in place of ``path`` (the ``.bak`` itself
    stays as it is). A hard link needs no disk space; when neither a link nor a
    copy can be made, nothing is left half written. Never raises."""
    staging = backup.with_name(f".{backup.name}.restore{TEMP_SUFFIX}")
    with contextlib.suppress(OSError):
        staging.unlink()
    try:
        _link_or_copy(backup, staging)
        os.replace(staging, path)
    except OSError:
        with contextlib.suppress(OSError):
            staging.unlink()
