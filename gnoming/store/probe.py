"""The slow probes of issue 13: whole runs of the game against a hostile data
folder, a real full disk and a real folder it may not look into.

    python -m gnoming.store.probe

Each probe prints ``ok``, ``FAIL`` (with what went wrong) or ``skipped`` (with
the reason: a full disk needs root to mount a small tmpfs; a folder the game may
not read needs an unprivileged user, which root reaches with ``setpriv``). Exit
code 1 when a probe failed. The fast probes run in the test suite
(``tests/store/test_hostile*.py``).
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import traceback
from collections.abc import Callable, Iterator
from pathlib import Path

from gnoming.rules import GameRecord, GameState

from .saves import save_game
from .settings import Settings, load_settings, save_settings

ROOT = Path(__file__).resolve().parents[2]
MAIN = ROOT / "main.py"
NOBODY = 65534
RUN_SECONDS = 300


class Skip(Exception):
    """The probe cannot run here; the message says why."""


def _env() -> dict[str, str]:
    return dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")


def run_game(*flags: str, user: int | None = None) -> subprocess.CompletedProcess[str]:
    """The game in its own process (as ``user`` when given), headless."""
    command = [sys.executable, str(MAIN), *flags]
    if user is not None:
        command = _as_user(user, command)
    return subprocess.run(
        command,
        env=_env(),
        capture_output=True,
        text=True,
        timeout=RUN_SECONDS,
        cwd=tempfile.gettempdir(),
    )


def _as_user(user: int, command: list[str]) -> list[str]:
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        raise Skip("setpriv is not installed")
    return [setpriv, f"--reuid={user}", f"--regid={user}", "--clear-groups", *command]


def _person_save(folder: Path) -> dict[str, bytes]:
    state = GameState.new(2, seed=11)
    seats = ({"kind": "person", "name": "You"}, {"kind": "gnome", "name": "Pip"})
    for _turn in range(2):
        state.apply(state.legal_actions()[0])
        if save_game(folder, GameRecord.of(state, seats)):
            raise AssertionError("could not write the person's save")
    return {p.name: p.read_bytes() for p in folder.iterdir() if p.name.startswith("autosave")}


def _no_traceback(done: subprocess.CompletedProcess[str]) -> None:
    if "Traceback" in done.stderr:
        raise AssertionError("a traceback on stderr:\n" + done.stderr[-2000:])


@contextlib.contextmanager
def _folder() -> Iterator[Path]:
    with tempfile.TemporaryDirectory(prefix="gnoming-probe-") as name:
        yield Path(name)


# ---------------------------------------------------------------- probes


def probe_autoplay_keeps_the_person_save() -> str:
    with _folder() as folder:
        before = _person_save(folder)
        done = run_game(
            "--autoplay", "--quit-at-end", "--speed", "instant", "--players", "3",
            "--seed", "4", "--data-dir", str(folder),
        )  # fmt: skip
        if done.returncode != 0:
            raise AssertionError(f"exit {done.returncode}: {done.stderr[-2000:]}")
        after = {name: (folder / name).read_bytes() for name in before}
        if after != before:
            raise AssertionError("the person's autosave changed")
        return f"{len(before)} files byte-identical after a 3-seat autoplay game"


def probe_fifo_in_place_of_settings() -> str:
    if not hasattr(os, "mkfifo"):
        raise Skip("no FIFOs on this system")
    with _folder() as folder:
        os.mkfifo(folder / "settings.json")
        started = time.monotonic()
        done = run_game("--data-dir", str(folder), "--max-frames", "3")
        _no_traceback(done)
        if done.returncode != 0:
            raise AssertionError(f"exit {done.returncode}")
        return f"started and ended in {time.monotonic() - started:.1f} s"


def probe_hostile_names_on_the_title() -> str:
    with _folder() as folder:
        seats = [{"kind": "person", "name": n} for n in ("A\u0000", "B\ud800", "C" * 9000)]
        (folder / "settings.json").write_text(
            json.dumps({"version": 1, "default_seats": seats}), encoding="utf-8"
        )
        done = run_game("--data-dir", str(folder), "--max-frames", "5")
        _no_traceback(done)
        if done.returncode != 0 or (folder / "crash").exists():
            raise AssertionError(
                f"exit {done.returncode}, crash folder: {(folder / 'crash').exists()}"
            )
        return "title drawn with the cleaned names"


@contextlib.contextmanager
def _tmpfs(size: str) -> Iterator[Path]:
    if not hasattr(os, "geteuid") or os.geteuid() != 0:
        raise Skip("mounting a small tmpfs needs root")
    if shutil.which("mount") is None:
        raise Skip("no mount command")
    mount_point = Path(tempfile.mkdtemp(prefix="gnoming-full-"))
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(mount_point)],
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        mount_point.rmdir()
        raise Skip(f"tmpfs could not be mounted: {done.stderr.strip()[:200]}")
    try:
        yield mount_point
    finally:
        subprocess.run(["umount", str(mount_point)], check=False)
        with contextlib.suppress(OSError):
            mount_point.rmdir()


def _fill(folder: Path) -> None:
    """Take every free byte of the file system ``folder`` is on."""
    for name, block in (("filler", 4096), ("filler-2", 1)):
        with contextlib.suppress(OSError):
            fd = os.open(folder / name, os.O_WRONLY | os.O_CREAT, 0o600)
            try:
                while True:
                    os.write(fd, b"\0" * block)
            finally:
                os.close(fd)


def probe_full_disk() -> str:
    with _tmpfs("256k") as disk:
        data = disk / "data"
        data.mkdir()
        good = Settings(language="fi", music_volume=0.25)
        if save_settings(data, good) or save_settings(data, good):
            raise AssertionError("could not write the settings before filling the disk")
        saves_before = _person_save(data)
        (data / "settings.json").write_bytes(b"{ damaged")
        _fill(disk)
        loaded, _messages = load_settings(data)
        if loaded != good:
            raise AssertionError(f"the good .bak was not used: {loaded}")
        if not (data / "settings.json").exists():
            raise AssertionError("no settings.json after restoring the .bak on a full disk")
        leftovers = [p.name for p in data.iterdir() if p.name.endswith(".tmp")]
        if leftovers:
            raise AssertionError(f"temporary files left: {leftovers}")
        record = GameRecord.of(GameState.new(2, seed=3))
        if not save_game(data, record):
            raise AssertionError("a save on a full disk did not say it failed")
        for name, content in saves_before.items():
            if (data / name).read_bytes() != content:
                raise AssertionError(f"{name} changed by a save that failed")
        shots = disk / "shots"
        done = run_game(
            "--autoplay", "--quit-at-end", "--speed", "instant", "--players", "2",
            "--data-dir", str(data), "--screenshot-dir", str(shots),
        )  # fmt: skip
        if done.returncode == 0:
            raise AssertionError("a run whose screenshots fail ended with exit 0")
        _no_traceback(done)
        return (
            "damaged settings restored from .bak, no temp left, failed save kept the old one, "
            f"screenshot run on a full disk ended with exit {done.returncode}"
        )


def probe_locked_folder() -> str:
    """The data folder exists but the player may not look into it."""
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        user: int | None = NOBODY
        check = subprocess.run(
            _as_user(NOBODY, [sys.executable, "-c", "import gnoming.store"]),
            capture_output=True,
            text=True,
            cwd=tempfile.gettempdir(),
        )
        if check.returncode != 0:
            raise Skip(f"the unprivileged user cannot run the game: {check.stderr.strip()[-200:]}")
    else:
        user = None
    with _folder() as base:
        base.chmod(0o755)
        locked = base / "locked"
        locked.mkdir()
        locked.chmod(0)
        try:
            done = run_game("--data-dir", str(locked), "--max-frames", "3", user=user)
            _no_traceback(done)
            if done.returncode != 0:
                raise AssertionError(f"exit {done.returncode}: {done.stderr[-500:]}")
            deep = run_game("--data-dir", str(locked / "deeper"), "--max-frames", "3", user=user)
            _no_traceback(deep)
            if deep.returncode != 0:
                raise AssertionError(f"exit {deep.returncode} for a folder inside it")
        finally:
            locked.chmod(0o700)
        who = "as nobody" if user is not None else "as this user"
        return f"started and ended {who} with the folder and a folder inside it locked"


def probe_path_too_long() -> str:
    with _folder() as folder:
        long = folder.joinpath(*(["d" * 200] * 25))
        done = run_game("--data-dir", str(long), "--max-frames", "3")
        _no_traceback(done)
        if done.returncode != 0:
            raise AssertionError(f"exit {done.returncode}")
        return f"a {len(str(long))}-character data folder: started on defaults"


PROBES: tuple[Callable[[], str], ...] = (
    probe_autoplay_keeps_the_person_save,
    probe_fifo_in_place_of_settings,
    probe_hostile_names_on_the_title,
    probe_path_too_long,
    probe_locked_folder,
    probe_full_disk,
)


def main() -> int:
    failed = 0
    for probe in PROBES:
        name = probe.__name__.removeprefix("probe_").replace("_", " ")
        started = time.monotonic()
        try:
            detail = probe()
        except Skip as reason:
            print(f"skipped  {name}: {reason}")
            continue
        except Exception as error:  # a probe that fails says how, and the others still run
            failed += 1
            where = traceback.extract_tb(error.__traceback__)[-1]
            print(f"FAIL     {name}: {type(error).__name__}: {error} (line {where.lineno})")
            continue
        print(f"ok       {name} ({time.monotonic() - started:.1f} s): {detail}")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
