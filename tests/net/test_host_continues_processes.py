"""End to end with real processes on 127.0.0.1, through the command line only:
``main.py --host`` with a data folder quits in the middle of a game (Ctrl+C);
started again with the same ``--code`` it continues the game from its autosave,
and the friend's ``main.py --join`` with the same code and data folder sits
down in its own seat again. Both play to the end, see the same result, and
each data folder's statistics hold the game exactly once. Bounded in time."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from gnoming.store.stats import load_stats

from .test_processes import ROOT, TIMEOUT, client, environment, seat_file, wait_for

pytestmark = pytest.mark.slow
CODE = "GNRS7K"


def host(data: Path, result: Path) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [
            sys.executable, str(ROOT / "main.py"), "--host", "0", "--bind", "127.0.0.1",
            "--players", "2", "--autoplay", "--quit-at-end", "--seed", "5", "--code", CODE,
            "--data-dir", str(data), "--result-json", str(result),
        ],
        cwd=ROOT,
        env=environment(),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def ready(process: subprocess.Popen[str]) -> dict[str, object]:
    assert process.stdout is not None
    line = json.loads(process.stdout.readline())
    assert line["event"] == "ready" and line["code"] == CODE
    return line


def saved_actions(data: Path) -> int:
    try:
        saved = json.loads((data / "autosave-autoplay.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return 0
    return len(saved["record"]["actions"])


def run_a_little(process: subprocess.Popen[str]) -> bool:
    """Let a stopped ``process`` run for a few milliseconds, and stop it again."""
    process.send_signal(signal.SIGCONT)
    time.sleep(0.01)
    process.send_signal(signal.SIGSTOP)
    return True


def finish(process: subprocess.Popen[str]) -> tuple[int, str]:
    _out, err = process.communicate(timeout=TIMEOUT)
    return process.returncode, err


def test_the_host_quits_continues_with_the_same_code_and_the_friend_gets_its_seat_back(tmp_path: Path) -> None:
    host_dir, friend_dir = tmp_path / "host", tmp_path / "friend"
    processes: list[subprocess.Popen[str]] = []
    try:
        first = host(host_dir, tmp_path / "host.json")
        processes.append(first)
        line = ready(first)
        assert line["continued"] is False
        friend = client(f"127.0.0.1:{line['port']}", CODE, friend_dir, tmp_path / "friend.json")
        processes.append(friend)
        # the rest of the game takes about half a second, so the friend only runs in
        # short slices while the autosave is read: the game cannot end unseen
        wait_for(lambda: run_a_little(friend) and saved_actions(host_dir) >= 12)
        time.sleep(0.3)  # the friend is stopped: the game waits for its next move
        first.send_signal(signal.SIGINT)  # the host quits
        code, err = finish(first)
        friend.send_signal(signal.SIGCONT)
        if code != 130:
            _out, friend_err = friend.communicate(timeout=TIMEOUT)
            seen = (tmp_path / "host.json").read_text() if (tmp_path / "host.json").exists() else "no result"
            raise AssertionError(f"host exit {code}: {err!r}; friend exit {friend.returncode}: {friend_err!r}; host result {seen}")
        code, err = finish(friend)
        assert code == 3 and "closed the table" in err, err
        kept = saved_actions(host_dir)
        assert kept >= 12, "the unfinished game is in the host's autosave"
        assert seat_file(friend_dir, CODE).exists(), "the friend kept its seat's token"
        assert load_stats(host_dir)[0].games_played == 0 == load_stats(friend_dir)[0].games_played

        again = host(host_dir, tmp_path / "host.json")
        processes.append(again)
        line = ready(again)
        assert line["continued"] is True
        friend = client(f"127.0.0.1:{line['port']}", CODE, friend_dir, tmp_path / "friend.json")
        processes.append(friend)
        for process in (friend, again):
            code, err = finish(process)
            assert code == 0, err
    finally:
        for process in processes:
            if process.poll() is None:
                process.kill()
                process.communicate(timeout=10)
    seen = [json.loads((tmp_path / f"{name}.json").read_text()) for name in ("host", "friend")]
    assert [s["seat"] for s in seen] == [0, 1]
    assert seen[0]["totals"] == seen[1]["totals"] and seen[0]["winners"] == seen[1]["winners"]
    assert not (host_dir / "autosave-autoplay.json").exists() and not seat_file(friend_dir, CODE).exists()
    for data, seat in ((host_dir, 0), (friend_dir, 1)):
        stats, _messages = load_stats(data)
        assert stats.games_played == 1, data
        assert stats.recent[-1].person_seats == (seat,)
        assert [s.total for s in stats.recent[-1].seats] == seen[0]["totals"]
