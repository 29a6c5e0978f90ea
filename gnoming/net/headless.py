"""A client without a window: join a table and let a gnome play the seat.

``main.py --join ADDRESS --code CODE --autoplay --quit-at-end --result-json PATH``
ends up here (tests, CI, a friend's seat kept warm). It needs no pygame. The
seat token is kept in the data folder, so the same command run again after a
crash rejoins the same seat while the table still keeps it, also when the
host continues a saved game later. With a data folder, the game seen to its
end is counted in that folder's statistics (this seat as the player's).

Exit codes: 0 the game was played to its end (the result is written),
3 the table or the server ended it first (or sent something this client does
not understand), 4 it did not end in time, 5 the game was played to its end
but the result could not be written (the statistics are counted all the same).
"""

from __future__ import annotations

import json
import sys
import time
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from gnoming.ai import make_bot, start_thinking, think_until_done
from gnoming.rules import Action

from .address import server_url
from .connection import ClientThread, Disconnected
from .friendstats import record_friend_game
from .protocol import PROTOCOL_VERSION, Act, Hello, Leave, Problem, Result
from .say import closing_text, problem_text
from .seats import SavedSeat, forget_seat, load_seat, save_seat
from .view import SeatView

EXIT_DONE = 0
EXIT_ENDED_EARLY = 3
EXIT_TIMEOUT = 4
EXIT_NO_RESULT = 5


@dataclass(frozen=True)
class HeadlessOptions:
    address: str
    code: str
    name: str = "Gnome friend"
    level: str = "medium"
    data_dir: Path | None = None
    result_json: Path | None = None
    timeout: float = 900.0
    on_welcome: Callable[[], None] | None = None
    """Called once, when the seat is taken (the host prints its ready line then)."""
    token: str | None = None
    """The seat to take back (the host's own, of a continued game); else the one
    kept in the data folder, if any."""
    count_statistics: bool = True
    """Count the finished game in the data folder's statistics (the host's are
    counted by its table instead)."""


def result_record(view: SeatView, result: Result) -> dict[str, object]:
    """What the client saw at the end (compared with the server's line by the tests)."""
    return {
        "event": "result",
        "code": result.code,
        "seat": view.seat,
        "totals": list(result.totals),
        "winners": list(result.winners),
        "round_scores": [list(r) for r in result.round_scores],
        "tie_break": result.tie_break,
        "names": list(result.names),
    }


def choose(view: SeatView, level: str) -> Action:
    """The gnome's decision for this seat, from what the seat may see."""
    obs = view.observation
    assert obs is not None
    seed = zlib.crc32(f"{view.code}:{view.seat}:{view.seq}".encode())
    bot = make_bot(level, seed)
    return think_until_done(start_thinking(bot, obs, view.legal))


def say(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def play(options: HeadlessOptions) -> int:
    """Join, play to the end (or until ``options.timeout``), write the result."""
    url = server_url(options.address)
    saved = load_seat(options.data_dir, url, options.code) if options.data_dir and options.token is None else None
    hello = Hello(
        version=PROTOCOL_VERSION,
        code=options.code,
        name=options.name,
        token=options.token or (saved.token if saved else None),
    )
    client = ClientThread(url, hello)
    client.start()
    view = SeatView()
    answered = -1
    kept_token: str | None = None
    welcomed = False
    deadline = time.monotonic() + options.timeout
    try:
        while time.monotonic() < deadline:
            for item in client.wait(0.25):
                if isinstance(item, Problem) and not item.fatal:
                    answered = -1  # the action was refused: decide again
                if isinstance(item, Disconnected):
                    if item.final and not view.ended:
                        say(f"Lost the table: {item.reason}")
                        return EXIT_ENDED_EARLY
                    continue
                try:
                    view.receive(item)
                except ValueError as error:  # ProtocolError: not a message of ours
                    say(f"The table sent something this client does not understand: {error}")
                    return EXIT_ENDED_EARLY
            if view.joined and not welcomed:
                welcomed = True
                if options.on_welcome is not None:
                    options.on_welcome()
            if options.data_dir is not None and view.token and view.token != kept_token:
                assert view.code is not None
                save_seat(options.data_dir, SavedSeat(url=url, code=view.code, token=view.token, seat=view.seat))
                kept_token = view.token
            if view.result is not None:
                # the statistics first: a result file that cannot be written
                # must not cost the player the game
                if options.data_dir is not None:
                    if options.count_statistics:
                        for message in record_friend_game(options.data_dir, view):
                            say(message)
                    forget_seat(options.data_dir, options.code)
                if options.result_json is not None:
                    try:
                        _write_result(options.result_json, result_record(view, view.result))
                    except OSError as error:
                        say(f"The game is over, but its result could not be written to {options.result_json}: {error}")
                        return EXIT_NO_RESULT
                return EXIT_DONE
            if view.closing is not None:
                say(f"The table closed: {closing_text(view.closing)}")
                return EXIT_ENDED_EARLY
            if view.fatal is not None:
                say(f"The table refused this client: {problem_text(view.fatal)}")
                return EXIT_ENDED_EARLY
            if view.my_turn() and view.seq != answered:
                client.send(Act(seq=view.seq, action=str(choose(view, options.level))))
                answered = view.seq
        say("The game did not end in time.")
        client.send(Leave())
        return EXIT_TIMEOUT
    finally:
        client.close()


def _write_result(path: Path, record: dict[str, object]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
