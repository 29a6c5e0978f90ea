"""End to end with real processes on 127.0.0.1: ``python -m gnoming.server`` and
``main.py --join ... --autoplay`` clients. Every process is bounded by a timeout."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT = 120.0

pytestmark = pytest.mark.slow


def environment() -> dict[str, str]:
    env = dict(os.environ)
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    env["PYTHONUNBUFFERED"] = "1"
    return env


class Server:
    """``python -m gnoming.server`` in the background; reads its JSON lines."""

    def __init__(self, *flags: str) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "gnoming.server", "--host", "127.0.0.1", "--port", "0", *flags],
            cwd=ROOT,
            env=environment(),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        assert self.process.stdout is not None
        self.ready = json.loads(self.process.stdout.readline())
        assert self.ready["event"] == "ready"

    @property
    def address(self) -> str:
        return f"127.0.0.1:{self.ready['port']}"

    def finish(self) -> tuple[int, list[dict[str, object]]]:
        """Wait for the server to stop by itself; its exit code and later JSON lines."""
        out, err = self.process.communicate(timeout=TIMEOUT)
        lines = [json.loads(line) for line in out.splitlines() if line.strip()]
        assert self.process.returncode == 0, err
        return self.process.returncode, lines

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.communicate(timeout=10)


def client(address: str, code: str, data: Path, result: Path) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [
            sys.executable,
            str(ROOT / "main.py"),
            "--join",
            address,
            "--code",
            code,
            "--autoplay",
            "--quit-at-end",
            "--data-dir",
            str(data),
            "--result-json",
            str(result),
        ],
        cwd=ROOT,
        env=environment(),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def wait_ok(process: subprocess.Popen[str]) -> None:
    out, err = process.communicate(timeout=TIMEOUT)
    assert process.returncode == 0, err


def same_result(server_line: dict[str, object], result_file: Path) -> dict[str, object]:
    seen = json.loads(result_file.read_text(encoding="utf-8"))
    for key in ("code", "totals", "winners", "round_scores", "tie_break", "names"):
        assert seen[key] == server_line[key], key
    return seen


def seat_file(data: Path, code: str) -> Path:
    return data / "network" / f"{code}.json"


def wait_for(condition, seconds: float = 30.0) -> None:  # type: ignore[no-untyped-def]
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if condition():
            return
        time.sleep(0.02)
    raise AssertionError("timed out")


def test_a_server_three_joining_clients_and_a_gnome_agree_on_the_result(tmp_path):
    server = Server("--open-table", "TRES", "--seats", "4", "--gnomes", "1", "--seed", "21", "--quit-at-end")
    try:
        clients = [
            client(server.address, "TRES", tmp_path / f"data{i}", tmp_path / f"result{i}.json")
            for i in range(3)
        ]
        for process in clients:
            wait_ok(process)
        _, lines = server.finish()
    finally:
        server.kill()
    results = [line for line in lines if line["event"] == "result"]
    assert len(results) == 1
    seats = {same_result(results[0], tmp_path / f"result{i}.json")["seat"] for i in range(3)}
    assert seats == {0, 1, 2}
    assert all(not seat_file(tmp_path / f"data{i}", "TRES").exists() for i in range(3))


def test_a_killed_client_is_replaced_by_a_gnome_and_the_game_finishes(tmp_path):
    server = Server(
        "--open-table", "GANE", "--seats", "3", "--gnomes", "1", "--seed", "5",
        "--reconnect-seconds", "0.5", "--gnome-delay", "0.02", "--quit-at-end",
    )
    try:
        victim = client(server.address, "GANE", tmp_path / "victim", tmp_path / "victim.json")
        survivor = client(server.address, "GANE", tmp_path / "survivor", tmp_path / "survivor.json")
        # both seated: the game has started (a seat left in the lobby is simply freed)
        wait_for(lambda: seat_file(tmp_path / "victim", "GANE").exists())
        wait_for(lambda: seat_file(tmp_path / "survivor", "GANE").exists())
        victim.send_signal(signal.SIGSTOP)  # the game cannot end before the victim is killed
        time.sleep(0.3)  # it goes on until the victim's turn
        victim.send_signal(signal.SIGKILL)
        victim.communicate(timeout=10)
        wait_ok(survivor)
        _, lines = server.finish()
    finally:
        server.kill()
    result = next(line for line in lines if line["event"] == "result")
    survivor_seat = same_result(result, tmp_path / "survivor.json")["seat"]
    assert not (tmp_path / "victim.json").exists()
    victim_seat = 1 - survivor_seat
    assert result["statuses"][victim_seat] == "gnome"


def test_a_client_that_rejoins_in_time_gets_its_seat_back(tmp_path):
    server = Server(
        "--open-table", "BAKK", "--seats", "3", "--gnomes", "1", "--seed", "8",
        "--reconnect-seconds", "60", "--gnome-delay", "0.02", "--quit-at-end",
    )
    try:
        first = client(server.address, "BAKK", tmp_path / "comer", tmp_path / "first.json")
        other = client(server.address, "BAKK", tmp_path / "other", tmp_path / "other.json")
        kept = seat_file(tmp_path / "comer", "BAKK")
        wait_for(kept.exists)
        wait_for(seat_file(tmp_path / "other", "BAKK").exists)  # the game has started
        seat = json.loads(kept.read_text(encoding="utf-8"))["seat"]
        first.send_signal(signal.SIGSTOP)  # the game cannot end before the first one is killed
        time.sleep(0.3)  # it goes on until that seat's turn
        first.send_signal(signal.SIGKILL)
        first.communicate(timeout=10)
        again = client(server.address, "BAKK", tmp_path / "comer", tmp_path / "again.json")
        wait_ok(again)
        wait_ok(other)
        _, lines = server.finish()
    finally:
        server.kill()
    result = next(line for line in lines if line["event"] == "result")
    assert same_result(result, tmp_path / "again.json")["seat"] == seat
    assert result["statuses"][seat] == "connected"
    same_result(result, tmp_path / "other.json")


def host_process(tmp_path: Path, *flags: str) -> subprocess.Popen[str]:
    """``main.py --host`` on a free loopback port, its data and result in ``tmp_path``."""
    return subprocess.Popen(
        [
            sys.executable, str(ROOT / "main.py"), "--host", "0", "--bind", "127.0.0.1",
            "--autoplay", "--quit-at-end", *flags,
            "--data-dir", str(tmp_path / "host"), "--result-json", str(tmp_path / "host.json"),
        ],
        cwd=ROOT,
        env=environment(),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def test_the_game_hosts_a_table_and_two_friends_join_it(tmp_path):
    host = host_process(tmp_path, "--players", "3", "--seed", "3")
    try:
        assert host.stdout is not None
        ready = json.loads(host.stdout.readline())
        assert ready["event"] == "ready" and ready["lan"] == []
        address = f"127.0.0.1:{ready['port']}"
        friends = [
            client(address, ready["code"], tmp_path / f"f{i}", tmp_path / f"f{i}.json") for i in range(2)
        ]
        for process in friends:
            wait_ok(process)
        wait_ok(host)
    finally:
        if host.poll() is None:
            host.kill()
            host.communicate(timeout=10)
    seen = [json.loads((tmp_path / f"{name}.json").read_text()) for name in ("host", "f0", "f1")]
    assert seen[0]["seat"] == 0
    assert {s["seat"] for s in seen} == {0, 1, 2}
    assert all(s["totals"] == seen[0]["totals"] and s["winners"] == seen[0]["winners"] for s in seen)


def test_two_copies_of_the_game_play_a_whole_game_with_a_gnome_at_the_table(tmp_path):
    """The issue's "two copies of the game ... with a gnome at the table", from the
    headless flags: ``main.py --host --gnomes 1`` and one ``main.py --join``."""
    host = host_process(tmp_path, "--players", "3", "--gnomes", "1", "--gnome-level", "easy", "--seed", "5")
    try:
        assert host.stdout is not None
        ready = json.loads(host.stdout.readline())
        assert ready["event"] == "ready"
        friend = client(f"127.0.0.1:{ready['port']}", ready["code"], tmp_path / "f", tmp_path / "f.json")
        wait_ok(friend)  # the table started with one friend: the third seat is the gnome's
        wait_ok(host)
    finally:
        if host.poll() is None:
            host.kill()
            host.communicate(timeout=10)
    seen = [json.loads((tmp_path / f"{name}.json").read_text()) for name in ("host", "f")]
    assert [s["seat"] for s in seen] == [0, 1]
    assert len(seen[0]["totals"]) == 3 and len(seen[0]["round_scores"]) == 3
    assert seen[0]["totals"] == seen[1]["totals"] and seen[0]["winners"] == seen[1]["winners"]
    assert seen[0]["names"] == seen[1]["names"]


def test_the_headless_host_never_touches_the_persons_own_autosave(tmp_path):
    """``main.py --host --autoplay``: a gnome plays the host's seat, so its game is
    kept in the autoplay slot; the person's unfinished local game (and its .bak)
    stay byte for byte (before, the hosted game overwrote autosave.json and the
    end of the game cleared it)."""
    from gnoming.rules import GameRecord, GameState
    from gnoming.store.saves import save_game

    data = tmp_path / "host"
    data.mkdir()
    state = GameState.new(2, seed=11)
    seats = ({"kind": "person", "name": "Ada", "difficulty": "medium"}, {"kind": "gnome", "name": "Pip", "difficulty": "hard"})
    for _turn in range(2):
        state.apply(state.legal_actions()[0])
        assert save_game(data, GameRecord.of(state, seats)) == []
    kept = {name: (data / name).read_bytes() for name in ("autosave.json", "autosave.json.bak")}
    host = subprocess.run(
        [
            sys.executable, str(ROOT / "main.py"), "--host", "0", "--bind", "127.0.0.1",
            "--players", "2", "--gnomes", "1", "--gnome-level", "easy", "--autoplay",
            "--quit-at-end", "--seed", "2", "--data-dir", str(data),
            "--result-json", str(tmp_path / "host.json"),
        ],
        cwd=ROOT, env=environment(), capture_output=True, text=True, timeout=TIMEOUT,
    )
    assert host.returncode == 0, host.stderr
    assert len(json.loads((tmp_path / "host.json").read_text())["totals"]) == 2
    assert {name: (data / name).read_bytes() for name in kept} == kept
