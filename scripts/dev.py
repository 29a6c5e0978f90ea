"""One entry point for playing, testing, checking and building from a source checkout.

The README and CI both call this script, so what a newcomer types and what CI
runs cannot drift apart. It uses the standard library only: it runs before any
dependency is installed.

    python3 scripts/dev.py play [game flags...]   # set up .venv, start the game
    python3 scripts/dev.py test [pytest args...]  # set up .venv, run the tests (--all: the slow ones too)
    python3 scripts/dev.py check                  # ruff + mypy --strict on the rules
    python3 scripts/dev.py build [--onefile]      # PyInstaller executable into dist/

On Windows use ``py scripts/dev.py ...``.

The virtual environment lives in ``.venv`` at the repository root. The project
is installed into it in editable mode, and installed again only when
pyproject.toml changes or an extra that is not installed yet is needed: a hash
of pyproject.toml and the installed extras are kept in ``.dev-stamp``.
"""

import sys

MIN_PYTHON = (3, 11)

if sys.version_info < MIN_PYTHON:
    sys.stderr.write(
        "Gnoming A Round needs Python {}.{} or newer; this is Python {}.{} ({}).\n"
        "Install a newer Python from https://www.python.org/downloads/ and run this "
        "script with it (on Windows: py -3.11 scripts/dev.py ...).\n".format(
            *MIN_PYTHON, *sys.version_info[:2], sys.executable
        )
    )
    raise SystemExit(1)

import argparse  # noqa: E402
import hashlib  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402
import subprocess  # noqa: E402
import time  # noqa: E402
import venv  # noqa: E402
from pathlib import Path  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".venv"
STAMP = ROOT / ".dev-stamp"


def venv_bin(venv_dir: Path, name: str, windows: bool | None = None) -> Path:
    """Path of an executable inside a virtual environment (Scripts\\ on Windows, bin/ elsewhere)."""
    if windows is None:
        windows = os.name == "nt"
    if windows:
        return venv_dir / "Scripts" / (name + ".exe")
    return venv_dir / "bin" / name


def venv_python(venv_dir: Path = VENV) -> Path:
    return venv_bin(venv_dir, "python")


def say(message: str) -> None:
    print("[dev] " + message, flush=True)


def pyproject_hash(root: Path = ROOT) -> str:
    return hashlib.sha256((root / "pyproject.toml").read_bytes()).hexdigest()


def read_stamp(stamp: Path = STAMP) -> dict[str, object]:
    try:
        data = json.loads(stamp.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def extras_to_install(
    stamp_data: dict[str, object], current_hash: str, wanted: set[str]
) -> set[str] | None:
    """The extras to install now, or None when the environment is already up to date.

    Extras installed earlier are kept in the set, so that a changed pyproject.toml
    updates the build tools too once someone has built.
    """
    installed = stamp_data.get("extras")
    installed_set = set(installed) if isinstance(installed, list) else set()
    if stamp_data.get("pyproject") == current_hash and wanted <= installed_set:
        return None
    return wanted | installed_set


def ensure_venv() -> Path:
    python = venv_python()
    if python.exists():
        return python
    say(f"Creating the virtual environment in {VENV} ...")
    try:
        venv.EnvBuilder(with_pip=True).create(str(VENV))
    except Exception as error:  # venv raises CalledProcessError, OSError, ...
        sys.stderr.write(
            f"Could not create {VENV}: {error}\n"
            "On Debian/Ubuntu install the venv module first: sudo apt install python3-venv\n"
        )
        raise SystemExit(1) from error
    if STAMP.exists():
        STAMP.unlink()
    return python


def ensure_installed(extras: set[str]) -> Path:
    """Create .venv if needed and install the project with the given extras into it."""
    python = ensure_venv()
    current = pyproject_hash()
    to_install = extras_to_install(read_stamp(), current, extras)
    if to_install is None:
        return python
    spec = f".[{','.join(sorted(to_install))}]" if to_install else "."
    say(f"Installing the game and its tools into .venv (pip install -e {spec}) ...")
    started = time.monotonic()
    code = subprocess.call(
        [str(python), "-m", "pip", "install", "--disable-pip-version-check", "-q", "-e", spec],
        cwd=str(ROOT),
    )
    if code != 0:
        sys.stderr.write(f"pip install failed (exit code {code}); see the messages above.\n")
        raise SystemExit(code)
    STAMP.write_text(
        json.dumps({"pyproject": current, "extras": sorted(to_install)}) + "\n", encoding="utf-8"
    )
    say("Installed in %.0f s." % (time.monotonic() - started))
    return python


def compile_catalogs(python: Path) -> None:
    """Compile the translations (.po -> .mo with Babel); only changed ones are redone."""
    code = subprocess.call(
        [str(python), str(ROOT / "scripts" / "i18n.py"), "compile"], cwd=str(ROOT)
    )
    if code != 0:
        say("Could not compile the translations; the game will speak English.")


def run(command: list[str], env: dict[str, str] | None = None) -> int:
    try:
        return subprocess.call(command, cwd=str(ROOT), env=env)
    except KeyboardInterrupt:
        return 130


def cmd_play(args: list[str]) -> int:
    python = ensure_installed({"test"})
    compile_catalogs(python)
    return run([str(python), str(ROOT / "main.py"), *args])


def test_selection(args: list[str]) -> list[str]:
    """The pytest arguments that choose which tests run.

    Without arguments the tests marked ``slow`` (other processes, whole games,
    the monkey test) are left out, so that the README's test command stays
    quick; CI runs them in a second step (``-m slow``). ``--all`` runs every
    test. An ``-m`` or ``-k`` expression of your own, or tests named by path or
    node id, are run as given: naming a slow test runs it.
    """
    if "--all" in args:
        return [a for a in args if a != "--all"]
    chooses = any(a.startswith(("-m", "-k")) for a in args)  # -m EXPR, -kEXPR ...
    names_tests = any(
        not a.startswith("-") and ("::" in a or Path(a).exists() or (ROOT / a).exists())
        for a in args
    )
    if chooses or names_tests:
        return list(args)
    return ["-m", "not slow", *args]


def cmd_test(args: list[str]) -> int:
    """The test suite, spread over every core with pytest-xdist (``-n auto``)
    unless the arguments say otherwise (``-n 0`` runs it in one process). An idle
    worker takes tests from a busy one (``--dist worksteal``): with the default
    scheduling one worker could get most of the slow tests and finish a minute
    after the other. Which tests run: see test_selection."""
    python = ensure_installed({"test"})
    compile_catalogs(python)
    args = test_selection(args)
    workers = [] if any(a == "-n" or a.startswith(("-n", "--numprocesses")) for a in args) else ["-n", "auto"]
    if workers and not any(a.startswith("--dist") for a in args):
        workers += ["--dist", "worksteal"]
    return run([str(python), "-m", "pytest", *workers, *args])


def cmd_check(args: list[str]) -> int:
    python = ensure_installed({"test", "check"})
    ruff = run([str(python), "-m", "ruff", "check", ".", *args])
    mypy = run([str(python), "-m", "mypy", "--strict", "gnoming/rules"])
    return ruff or mypy


def cmd_build(args: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="dev.py build")
    parser.add_argument(
        "--onefile",
        action="store_true",
        help="build one self-contained executable (the file to send to a friend)",
    )
    options = parser.parse_args(args)
    python = ensure_installed({"test", "build"})
    compile_catalogs(python)
    env = dict(os.environ)
    env["GNOMING_ONEFILE"] = "1" if options.onefile else "0"
    # The one-file program would be named like the one-folder build's folder, so
    # each variant gets its own output and work folders.
    if options.onefile:
        dist, work = ROOT / "dist" / "onefile", ROOT / "build" / "onefile"
        target = dist / ("GnomingARound.exe" if os.name == "nt" else "GnomingARound")
    else:
        dist, work = ROOT / "dist", ROOT / "build" / "onefolder"
        target = dist / "GnomingARound"
    started = time.monotonic()
    code = run(
        [str(python), "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN"]
        + ["--distpath", str(dist), "--workpath", str(work), "build.spec"],
        env=env,
    )
    if code == 0:
        say(f"Built {target} in {time.monotonic() - started:.0f} s.")
    return code


COMMANDS = {
    "play": (cmd_play, "set up .venv and start the game; extra flags go to the game"),
    "test": (cmd_test, "set up .venv and run the tests but the slow ones (--all: every test); extra args go to pytest"),
    "check": (cmd_check, "ruff check . and mypy --strict gnoming/rules"),
    "build": (cmd_build, "build the executable into dist/ (--onefile for a single file)"),
}


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if not argv or argv[0] not in COMMANDS:
        lines = ["usage: python3 scripts/dev.py COMMAND [args...]", "", "commands:"]
        lines += [f"  {name:<6} {text}" for name, (_, text) in COMMANDS.items()]
        print("\n".join(lines))
        return 0 if argv and argv[0] in ("-h", "--help") else 2
    handler, _ = COMMANDS[argv[0]]
    return handler(argv[1:])


if __name__ == "__main__":
    raise SystemExit(main())
