"""A game in progress, as the screen sees it: the rules state, who sits where,
the computer gnomes' thinking, autosave and statistics.

The table scene turns input into actions and hands them to
:meth:`GameSession.apply`; it never changes the rules state any other way.
Autosaves are written after every completed turn and at every round end, on a
background thread so that the frame loop never waits for the disk.
"""

from __future__ import annotations

import random
import threading
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from gnoming.ai import make_bot, start_thinking
from gnoming.ai.characters import characters_of
from gnoming.ai.hints import HintThinker, start_hint
from gnoming.ai.protocol import Thinker
from gnoming.i18n import _
from gnoming.options import DIFFICULTIES
from gnoming.rules import Action, GameRecord, GameState, observe
from gnoming.rules import events as E
from gnoming.store.saves import SavedGame, SaveSlot, clear_game, save_game
from gnoming.store.settings import Difficulty, SeatSpec


def gnome_seats(n: int) -> tuple[SeatSpec, ...]:
    """``n`` computer gnomes from :data:`~gnoming.ai.characters.CHARACTERS`, each with
    its own difficulty: seat 0 a Hard gnome, the rest alternating Medium and Easy,
    and from five seats on the last one the Expert.

    >>> [(s.name, s.difficulty) for s in gnome_seats(3)]
    [('Wendeline Thorn', 'hard'), ('Fennick Burrow', 'medium'), ('Pip Mossbottom', 'easy')]
    >>> gnome_seats(5)[-1].difficulty
    'expert'
    """
    wanted: list[Difficulty] = ["hard"]
    wanted += ["medium" if i % 2 else "easy" for i in range(1, n)]
    if n >= 5:
        wanted[-1] = "expert"
    used: dict[str, int] = {}
    seats = []
    for difficulty in wanted:
        pool = characters_of(difficulty)
        k = used.get(difficulty, 0)
        used[difficulty] = k + 1
        seats.append(SeatSpec("gnome", pool[k % len(pool)].name, difficulty))
    return tuple(seats)


@dataclass(frozen=True)
class GameConfig:
    """Everything needed to start a game: the seats, the seed, who starts."""

    seats: tuple[SeatSpec, ...]
    seed: int
    first_seat: int = 0


def autoplay_config(players: int | None, seed: int | None) -> GameConfig:
    """Every seat a computer gnome (``--autoplay``): one Hard gnome, the rest mixed."""
    seats = gnome_seats(players or 4)
    return GameConfig(seats, seed if seed is not None else random.SystemRandom().randrange(2**31))


def _bot_seed(game_seed: int, seat: int, decision: int) -> int:
    """A bot's seed for one decision: the same game and position always give the
    same decision, also after the game was saved and continued."""
    return (game_seed * 1_000_003 + seat * 10_007 + decision) % (2**63)


class GameSession:
    """The game being played on screen."""

    def __init__(self, config: GameConfig, state: GameState, data_dir: Path | None) -> None:
        self.config = config
        self.state = state
        self.data_dir = data_dir
        self.slot = SaveSlot.PERSON if self.person_seats() else SaveSlot.AUTOPLAY
        """A game without a person (``--autoplay``) saves in its own slot: it never
        touches the game a person left unfinished."""
        self.finished_recorded = False
        self._saver: ThreadPoolExecutor | None = None
        self._pending: Future[list[str]] | None = None
        self._latest: GameRecord | None = None
        """The newest record to autosave (made on the game's thread)."""
        self._queued = False
        """A save waits to start on the saving thread (it will write ``_latest``)."""
        self._messages: list[str] = []
        self._lock = threading.Lock()

    @classmethod
    def new(cls, config: GameConfig, data_dir: Path | None) -> GameSession:
        state = GameState.new(len(config.seats), first_seat=config.first_seat, seed=config.seed)
        return cls(config, state, data_dir)

    @classmethod
    def resume(cls, saved: SavedGame, data_dir: Path | None) -> GameSession:
        """Continue a saved game exactly where it stopped."""
        record = saved.record
        seats = tuple(
            SeatSpec(
                kind="person" if s.get("kind") == "person" else "gnome",
                name=str(s.get("name", f"Seat {i + 1}"))[:24],
                difficulty=s.get("difficulty", "medium")
                if s.get("difficulty") in DIFFICULTIES
                else "medium",
            )
            for i, s in enumerate(record.seats)
        )
        if len(seats) != record.n_seats:
            seats = gnome_seats(record.n_seats)
        config = GameConfig(seats, record.seed, record.first_seat)
        return cls(config, saved.state, data_dir)

    # ------------------------------------------------------------------ seats

    @property
    def n_seats(self) -> int:
        return self.state.n_seats

    def seat(self, index: int) -> SeatSpec:
        return self.config.seats[index]

    def is_person(self, index: int) -> bool:
        return self.config.seats[index].kind == "person"

    def person_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.config.seats) if s.kind == "person"]

    def current_is_person(self) -> bool:
        seat = self.state.current_seat()
        return seat >= 0 and self.is_person(seat)

    # ------------------------------------------------------------------ playing

    def legal_actions(self) -> tuple[Action, ...]:
        return self.state.legal_actions()

    def apply(self, action: Action) -> list[E.Event]:
        """Apply an action (raises IllegalActionError, changing nothing, if not allowed);
        autosaves after every action, records statistics at the end.

        Every action, not only a finished turn: a game left after its first flip
        must be there to continue, and one left in the middle of a turn must not
        come back at the turn's start, where the player would know the cards the
        turn showed (the drawn card, a face-down card turned up by a keep)."""
        events = self.state.apply(action)
        if self.state.is_over():
            self._finish()
        else:
            self.autosave()
        return events

    def bot_thinker(self) -> Thinker:
        """Start the current gnome's decision; step it a few milliseconds per frame."""
        seat = self.state.current_seat()
        spec = self.config.seats[seat]
        bot = make_bot(spec.difficulty, _bot_seed(self.config.seed, seat, len(self.state.history)))
        return start_thinking(bot, observe(self.state, seat), self.state.legal_actions())

    def hint_thinker(self) -> HintThinker:
        """A Hard gnome's recommendation for the person whose decision it is."""
        seat = self.state.current_seat()
        seed = _bot_seed(self.config.seed, seat, len(self.state.history))
        return start_hint(observe(self.state, seat), self.state.legal_actions(), seed)

    # ------------------------------------------------------------------ saving

    def record(self) -> GameRecord:
        return GameRecord.of(self.state, tuple(s.to_dict() for s in self.config.seats))

    def record_json(self) -> str:
        return self.record().to_json()

    def autosave(self) -> None:
        """Save the game on the background thread. Saves do not queue up: while
        one waits to start, a newer record replaces the one it will write (the
        gnomes at instant speed make hundreds of moves a second)."""
        if self.data_dir is None:
            return
        self._latest = self.record()
        if self._queued:
            return  # the save waiting to start will write this record
        self._queued = True
        self._pending = self._executor().submit(self._save_latest, self.data_dir)
        self._pending.add_done_callback(self._collect)

    def _save_latest(self, folder: Path) -> list[str]:
        """On the saving thread: write the newest record. The flag is lowered
        before the record is read, so a record made after that gets a save of
        its own."""
        self._queued = False
        record = self._latest
        assert record is not None
        return save_game(folder, record, slot=self.slot)

    def _collect(self, future: Future[list[str]]) -> None:
        try:
            messages = future.result()
        except Exception as error:  # a save that failed must not take the game down
            messages = [_("The game could not be saved ({reason}).").format(reason=error)]
        with self._lock:
            self._messages.extend(messages)

    def take_messages(self) -> list[str]:
        """Messages from saving (for the screen to show), each once."""
        with self._lock:
            messages, self._messages = self._messages, []
        return messages

    def _finish(self) -> None:
        if self.finished_recorded or self.data_dir is None:
            return
        self.finished_recorded = True
        folder = self.data_dir
        record = self.record()
        state = self.state
        persons = self.person_seats()
        slot = self.slot

        def finish() -> list[str]:
            from gnoming.store.stats import add_finished_game

            messages: list[str] = []
            if persons:
                # statistics first: the same game is never counted twice, so a stop
                # in between loses nothing
                _stats, messages = add_finished_game(folder, state, record, persons)
            clear_game(folder, slot)
            return messages

        self._pending = self._executor().submit(finish)
        self._pending.add_done_callback(self._collect)

    def close(self) -> None:
        """Wait for the last save to reach the disk."""
        saver, self._saver = self._saver, None
        if saver is not None:
            saver.shutdown(wait=True)

    def _executor(self) -> ThreadPoolExecutor:
        """The autosave thread, started on first use (and again if the table that
        closed the session comes back)."""
        if self._saver is None:
            self._saver = ThreadPoolExecutor(max_workers=1, thread_name_prefix="autosave")
        return self._saver
