"""The player's statistics (``stats.json``), computed exactly from game records.

Decisions, so the Statistics screen can say what its numbers mean:

- Statistics are about the *person* seats (the people at this computer). A game
  with no person seat (``--autoplay``) is not counted.
- A game counts once, under the hardest gnome at the table (``"hard"`` beats
  ``"medium"`` beats ``"easy"``); a game with no gnome at all counts under
  ``"none"``.
- A game is *won* when a person seat is among the winners (a shared win counts).
- Best and worst round and game are over every person seat; lower is better,
  as in the game itself.
- Matches are the matched rows and columns in person layouts when each round
  was scored; bounces are the person seats' bounces. A hazard is *suffered*
  when it is still in a person's layout as a round ends (it scores +10 there);
  one a person discarded counts as *discarded*.
- Each game has an id (a hash of its record), so recording the same finished
  game twice (say, after a crash between the end of the game and clearing the
  autosave) counts it once, as long as it is among the last 50 games.
- A network game counts for the person at this computer: the host records it
  from the game record like a local game (the friends' seats are ``"friend"``,
  neither person nor gnome); a friend who joined records it from the final
  result their seat saw (:func:`record_seen_game`: no bounces or discarded
  hazards, which the result does not show), with an id made of the table's
  code, the seat and the final layouts, so a rejoin after the end counts nothing.

Reading is strict: a ``stats.json`` with a wrong-typed value is damaged as a
whole and moved aside (the ``.bak`` is then tried), because statistics cannot be
half right.
"""

from __future__ import annotations

import datetime
import hashlib
import json
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from gnoming.i18n import N_, _
from gnoming.options import DIFFICULTIES
from gnoming.rules import Card, GameRecord, GameState, HazardReason, RecordError, RoundResult
from gnoming.rules.events import Bounced, HazardRemoved, RoundScored

from .atomic import Damaged, check_version, read_json_file, write_json
from .settings import MAX_SEATS, MIN_SEATS
from .text import clean_name, clean_text

STATS_FILE = "stats.json"
STATS_VERSION = 1
RECENT_GAMES = 50
NO_GNOMES = "none"
DIFFICULTY_ORDER = DIFFICULTIES
"""Easiest first: a game counts under the hardest gnome at the table."""
"""Easiest first; a game counts under the last of these at its table."""
DIFFICULTY_KEYS = (*DIFFICULTY_ORDER, NO_GNOMES)


@dataclass(frozen=True)
class Tally:
    """Games played and won."""

    played: int = 0
    won: int = 0


@dataclass(frozen=True)
class SeatLine:
    """One seat of a past game, as the history list shows it."""

    name: str
    kind: str
    """``"person"`` or ``"gnome"`` (whatever the record said)."""
    difficulty: str
    total: int


@dataclass(frozen=True)
class GameLine:
    """One past game: when, who sat where, and the totals."""

    game_id: str
    date: str
    """ISO 8601, UTC, to the second."""
    seats: tuple[SeatLine, ...]
    winners: tuple[int, ...]
    person_seats: tuple[int, ...]
    difficulty: str
    """The key the game counted under."""


def _empty_tallies() -> dict[str, Tally]:
    return {key: Tally() for key in DIFFICULTY_KEYS}


@dataclass(frozen=True)
class Stats:
    """Everything the Statistics screen shows. Frozen; :func:`record_finished_game`
    returns a new one."""

    games_played: int = 0
    games_won: int = 0
    by_difficulty: Mapping[str, Tally] = field(default_factory=_empty_tallies)
    """Keys ``"easy"``, ``"medium"``, ``"hard"`` and ``"none"``."""
    rounds_played: int = 0
    """Person rounds: a round counts once per person seat."""
    best_round: int | None = None
    worst_round: int | None = None
    best_game: int | None = None
    worst_game: int | None = None
    matches: int = 0
    bounces: int = 0
    hazards_suffered: int = 0
    hazards_discarded: int = 0
    went_out_first: int = 0
    recent: tuple[GameLine, ...] = ()
    """The last :data:`RECENT_GAMES` games, oldest first."""

    def to_dict(self) -> dict[str, Any]:
        """The JSON object written to ``stats.json``."""
        return {
            "version": STATS_VERSION,
            "games_played": self.games_played,
            "games_won": self.games_won,
            "by_difficulty": {
                key: {"played": t.played, "won": t.won} for key, t in self.by_difficulty.items()
            },
            "rounds_played": self.rounds_played,
            "best_round": self.best_round,
            "worst_round": self.worst_round,
            "best_game": self.best_game,
            "worst_game": self.worst_game,
            "matches": self.matches,
            "bounces": self.bounces,
            "hazards_suffered": self.hazards_suffered,
            "hazards_discarded": self.hazards_discarded,
            "went_out_first": self.went_out_first,
            "recent": [
                {
                    "id": line.game_id,
                    "date": line.date,
                    "seats": [
                        {
                            "name": s.name,
                            "kind": s.kind,
                            "difficulty": s.difficulty,
                            "total": s.total,
                        }
                        for s in line.seats
                    ],
                    "winners": list(line.winners),
                    "person_seats": list(line.person_seats),
                    "difficulty": line.difficulty,
                }
                for line in self.recent
            ],
        }


# ---------------------------------------------------------------- reading


MAX_COUNT = 10**12
"""More games, rounds or matches than anyone plays: the file is damaged."""
MAX_SCORE = 10**6
"""A score further from zero than this is not one a game can reach."""
MAX_TEXT = 40
"""The longest date, id or difficulty word a past game may hold."""


def _count(data: Mapping[str, Any], key: str) -> int:
    value = data.get(key, 0)
    if type(value) is not int or not 0 <= value <= MAX_COUNT:
        raise Damaged(f"{key!r} is not a count")
    return value


def _score(data: Mapping[str, Any], key: str) -> int | None:
    value = data.get(key)
    if value is not None and (type(value) is not int or abs(value) > MAX_SCORE):
        raise Damaged(f"{key!r} is not a score")
    return value


def _text(data: Mapping[str, Any], key: str) -> str:
    value = data.get(key)
    if not isinstance(value, str):
        raise Damaged(f"a past game's {key!r} is not text")
    return clean_text(value[: MAX_TEXT * 8], MAX_TEXT)


def _seat_indices(data: Mapping[str, Any], key: str, n_seats: int) -> tuple[int, ...]:
    value = data.get(key)
    if not isinstance(value, list) or any(type(v) is not int for v in value):
        raise Damaged(f"a past game's {key!r} is not a list of numbers")
    if len(value) > n_seats or any(not 0 <= v < n_seats for v in value):
        raise Damaged(f"a past game's {key!r} are not its seats")
    return tuple(value)


def _object(value: object, what: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise Damaged(f"{what} is not a JSON object")
    return value


def _game_line(value: object) -> GameLine:
    data = _object(value, "a past game")
    raw_seats = data.get("seats")
    if not isinstance(raw_seats, list):
        raise Damaged("a past game's seats are not a list")
    if not MIN_SEATS <= len(raw_seats) <= MAX_SEATS:
        raise Damaged(f"a past game has {len(raw_seats)} seats")
    seats = []
    for index, raw in enumerate(raw_seats):
        seat = _object(raw, "a past game's seat")
        total = seat.get("total")
        if type(total) is not int or abs(total) > MAX_SCORE:
            raise Damaged("a past game's total is not a number")
        if not isinstance(seat.get("name"), str):
            raise Damaged("a past game's 'name' is not text")
        name = clean_name(seat["name"]) or f"Seat {index + 1}"
        seats.append(SeatLine(name, _text(seat, "kind"), _text(seat, "difficulty"), total))
    return GameLine(
        _text(data, "id"),
        _text(data, "date"),
        tuple(seats),
        _seat_indices(data, "winners", len(seats)),
        _seat_indices(data, "person_seats", len(seats)),
        _text(data, "difficulty"),
    )


def stats_from_dict(obj: object) -> Stats:
    """Check a decoded ``stats.json``; raises :class:`Damaged` with the reason."""
    data = check_version(obj, STATS_VERSION)
    tallies = _empty_tallies()
    for key, raw in _object(data.get("by_difficulty", {}), "by_difficulty").items():
        tally = _object(raw, "a difficulty's tally")
        if key in tallies:  # a key this game does not know is ignored
            tallies[key] = Tally(_count(tally, "played"), _count(tally, "won"))
    recent = data.get("recent", [])
    if not isinstance(recent, list):
        raise Damaged("the list of past games is not a list")
    return Stats(
        games_played=_count(data, "games_played"),
        games_won=_count(data, "games_won"),
        by_difficulty=tallies,
        rounds_played=_count(data, "rounds_played"),
        best_round=_score(data, "best_round"),
        worst_round=_score(data, "worst_round"),
        best_game=_score(data, "best_game"),
        worst_game=_score(data, "worst_game"),
        matches=_count(data, "matches"),
        bounces=_count(data, "bounces"),
        hazards_suffered=_count(data, "hazards_suffered"),
        hazards_discarded=_count(data, "hazards_discarded"),
        went_out_first=_count(data, "went_out_first"),
        recent=tuple(_game_line(line) for line in recent[-RECENT_GAMES:]),
    )


def load_stats(folder: Path) -> tuple[Stats, list[str]]:
    """The saved statistics (empty ones when there are none or they are damaged)
    and messages for the player. Never raises."""
    loaded = read_json_file(Path(folder) / STATS_FILE, stats_from_dict, N_("statistics"))
    return (loaded.value or Stats()), list(loaded.messages)


def save_stats(folder: Path, stats: Stats) -> list[str]:
    """Write ``stats.json`` safely; returns messages for the player (empty when all
    went well). Never raises for a disk problem."""
    try:
        write_json(Path(folder) / STATS_FILE, stats.to_dict())
    except OSError as error:
        reason = error.strerror or type(error).__name__
        return [_("Your statistics could not be saved ({reason}).").format(reason=reason)]
    return []


# ---------------------------------------------------------------- recording


def game_id(record: GameRecord) -> str:
    """A short fingerprint of a game record."""
    return hashlib.sha256(record.to_json().encode("utf-8")).hexdigest()[:16]


def _seat_info(record: GameRecord, seat: int) -> dict[str, Any]:
    return record.seats[seat] if seat < len(record.seats) else {}


def hardest_gnome(record: GameRecord, person_seats: Collection[int]) -> str:
    """The difficulty a game counts under: its hardest gnome, or ``"none"``."""
    level = -1
    for seat in range(record.n_seats):
        info = _seat_info(record, seat)
        if seat in person_seats or info.get("kind", "gnome") != "gnome":
            continue
        difficulty = info.get("difficulty", "medium")
        if difficulty in DIFFICULTY_ORDER:
            level = max(level, DIFFICULTY_ORDER.index(difficulty))
    return DIFFICULTY_ORDER[level] if level >= 0 else NO_GNOMES


def _lowest(current: int | None, values: list[int]) -> int | None:
    return min([*values, *([] if current is None else [current])], default=None)


def _highest(current: int | None, values: list[int]) -> int | None:
    return max([*values, *([] if current is None else [current])], default=None)


def record_finished_game(
    stats: Stats,
    final_state: GameState,
    record: GameRecord,
    person_seats: Collection[int] | None = None,
    *,
    when: datetime.datetime | None = None,
) -> Stats:
    """``stats`` with one more finished game, computed by replaying ``record`` and
    reading its events (so nothing is estimated).

    ``person_seats`` defaults to the seats whose record entry has ``"kind":
    "person"``. Returns ``stats`` itself when there is no person seat or the game
    is already among the recent games. Raises ``ValueError`` (a programming
    error, not a player's) if the record does not replay to a finished game with
    ``final_state``'s totals.
    """
    persons = tuple(
        sorted(
            set(person_seats)
            if person_seats is not None
            else {i for i, seat in enumerate(record.seats) if seat.get("kind") == "person"}
        )
    )
    if any(not 0 <= seat < record.n_seats for seat in persons):
        raise ValueError(f"person seats {persons} are not all seats of this game")
    if not persons:
        return stats
    identity = game_id(record)
    if any(line.game_id == identity for line in stats.recent):
        return stats

    state = GameState.new(record.n_seats, first_seat=record.first_seat, seed=record.seed)
    bounces = suffered = discarded = matches = went_out = 0
    rounds: list[int] = []
    for number, action in enumerate(record.actions, 1):
        try:
            events = state.apply(action)
        except ValueError as error:
            raise RecordError(f"action {number} ({action}) is not allowed: {error}") from None
        for event in events:
            if isinstance(event, Bounced):
                bounces += event.seat in persons
            elif isinstance(event, HazardRemoved) and event.reason is HazardReason.DISCARDED:
                discarded += event.seat in persons
            elif isinstance(event, RoundScored):
                result = event.result
                went_out += result.went_out_first in persons
                for seat in persons:
                    matches += len(result.seats[seat].layout.matches)
                    suffered += result.seats[seat].layout.cards.count(Card.HAZARD)
                    rounds.append(result.seats[seat].total)
    outcome = state.result()
    if outcome is None:
        raise ValueError("the game record does not reach the end of the game")
    final = final_state.result()
    if final is None or final.totals != outcome.totals:
        raise ValueError("the game record and the final state do not agree")

    return _with_game(
        stats,
        _Game(
            identity,
            record.seats,
            persons,
            outcome.totals,
            outcome.winners,
            hardest_gnome(record, persons),
            rounds,
            matches,
            bounces,
            suffered,
            discarded,
            went_out,
        ),
        when,
    )


@dataclass(frozen=True)
class _Game:
    """What one finished game adds, however it was learned."""

    identity: str
    seat_infos: Sequence[Mapping[str, Any]]
    persons: tuple[int, ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    difficulty: str
    rounds: list[int]
    matches: int
    bounces: int
    suffered: int
    discarded: int
    went_out: int


def _with_game(stats: Stats, game: _Game, when: datetime.datetime | None) -> Stats:
    persons = game.persons
    totals = [game.totals[seat] for seat in persons]
    won = any(seat in game.winners for seat in persons)
    tallies = dict(stats.by_difficulty)
    old = tallies.get(game.difficulty, Tally())
    tallies[game.difficulty] = Tally(old.played + 1, old.won + won)
    moment = when or datetime.datetime.now(datetime.UTC)
    seats = []
    for seat in range(len(game.totals)):
        info = game.seat_infos[seat] if seat < len(game.seat_infos) else {}
        kind = "person" if seat in persons else ("friend" if info.get("kind") == "friend" else "gnome")
        seats.append(
            SeatLine(
                clean_name(info.get("name")) or f"Seat {seat + 1}",
                kind,
                str(info.get("difficulty", "")),
                game.totals[seat],
            )
        )
    line = GameLine(
        game.identity,
        moment.isoformat(timespec="seconds"),
        tuple(seats),
        game.winners,
        persons,
        game.difficulty,
    )
    rounds = game.rounds
    return replace(
        stats,
        games_played=stats.games_played + 1,
        games_won=stats.games_won + won,
        by_difficulty=tallies,
        rounds_played=stats.rounds_played + len(rounds),
        best_round=_lowest(stats.best_round, rounds),
        worst_round=_highest(stats.worst_round, rounds),
        best_game=_lowest(stats.best_game, totals),
        worst_game=_highest(stats.worst_game, totals),
        matches=stats.matches + game.matches,
        bounces=stats.bounces + game.bounces,
        hazards_suffered=stats.hazards_suffered + game.suffered,
        hazards_discarded=stats.hazards_discarded + game.discarded,
        went_out_first=stats.went_out_first + game.went_out,
        recent=(*stats.recent, line)[-RECENT_GAMES:],
    )


def seen_game_id(table_code: str, seat: int, round_results: Sequence[RoundResult]) -> str:
    """The id of a network game as one seat saw its end: the table's code, the seat
    and every final layout, so seeing the same end twice (a rejoin after the end)
    gives the same id."""
    layouts = [[[int(card) for card in s.layout.cards] for s in r.seats] for r in round_results]
    text = json.dumps([table_code, seat, layouts], separators=(",", ":"))
    return "net-" + hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


def record_seen_game(
    stats: Stats,
    table_code: str,
    seat: int,
    seats: Sequence[Mapping[str, Any]],
    round_results: Sequence[RoundResult],
    *,
    when: datetime.datetime | None = None,
) -> Stats:
    """``stats`` with a network game played at someone else's table, from the final
    result this seat saw: the scored rounds' final layouts (``round_results``),
    one entry per seat in ``seats`` (``kind`` ``"person"`` for this seat,
    ``"friend"`` or ``"gnome"``, ``name``, ``difficulty``). The rounds, totals,
    winners, matches, hazards suffered and going out first are read from the
    layouts; bounces and discarded hazards are not (they are not in the result:
    they stay as they were). Returns ``stats`` itself when the game is already
    among the recent games. Raises ``ValueError`` if the result is not that of a
    whole game with this seat in it.
    """
    from gnoming.rules import ROUNDS
    from gnoming.rules.scoring import decide_winners

    n_seats = len(seats)
    if len(round_results) != ROUNDS or not 0 <= seat < n_seats:
        raise ValueError("a finished game has every round scored, and this seat in it")
    if any(len(r.seats) != n_seats for r in round_results) or not MIN_SEATS <= n_seats <= MAX_SEATS:
        raise ValueError("the rounds do not have the game's seats")
    identity = seen_game_id(table_code, seat, round_results)
    if any(line.game_id == identity for line in stats.recent):
        return stats
    outcome = decide_winners([r.scores for r in round_results])
    mine = [r.seats[seat] for r in round_results]
    level = -1
    for index, info in enumerate(seats):
        difficulty = info.get("difficulty")
        if index != seat and info.get("kind") == "gnome" and difficulty in DIFFICULTY_ORDER:
            level = max(level, DIFFICULTY_ORDER.index(difficulty))
    return _with_game(
        stats,
        _Game(
            identity,
            seats,
            (seat,),
            outcome.totals,
            outcome.winners,
            DIFFICULTY_ORDER[level] if level >= 0 else NO_GNOMES,
            [m.total for m in mine],
            sum(len(m.layout.matches) for m in mine),
            0,
            sum(m.layout.cards.count(Card.HAZARD) for m in mine),
            0,
            sum(1 for r in round_results if r.went_out_first == seat),
        ),
        when,
    )


def add_seen_game(
    folder: Path,
    table_code: str,
    seat: int,
    seats: Sequence[Mapping[str, Any]],
    round_results: Sequence[RoundResult],
) -> tuple[Stats, list[str]]:
    """Load, :func:`record_seen_game`, save: what a friend's game calls at the end."""
    stats, messages = load_stats(folder)
    updated = record_seen_game(stats, table_code, seat, seats, round_results)
    if updated is not stats:
        messages.extend(save_stats(folder, updated))
    return updated, messages


def add_finished_game(
    folder: Path,
    final_state: GameState,
    record: GameRecord,
    person_seats: Collection[int] | None = None,
) -> tuple[Stats, list[str]]:
    """Load ``stats.json``, record the game, save it: the one call the game-over
    screen needs. Returns the new statistics and messages for the player."""
    stats, messages = load_stats(folder)
    updated = record_finished_game(stats, final_state, record, person_seats)
    if updated is not stats:
        messages.extend(save_stats(folder, updated))
    return updated, messages
