"""The game table: a whole three-round game on screen.

Data flows one way: input -> target -> action -> the seat feed -> events -> clips
-> the displayed model (:class:`~gnoming.ui.table.view.TableView`) -> screen.
The table sees the game only through its :class:`~gnoming.feed.SeatFeed` (an
observation, the public events, the legal actions); what a pick means is the
:class:`~gnoming.ui.table.controller.TableController`'s. Computer
gnomes think a few milliseconds per frame and wait a moment before each
action so a person can follow; a click or Space skips the cards ahead.
"""

from __future__ import annotations

import contextlib
import gc
import sys
import time
from typing import TYPE_CHECKING

import pygame

from gnoming.ai.hints import Hint, HintThinker
from gnoming.feed import LocalFeed, SeatFeed
from gnoming.i18n import N_, _
from gnoming.options import difficulty_label
from gnoming.rules import ROUNDS, Action, ActionKind, IllegalActionError, Phase
from gnoming.rules import events as E
from gnoming.ui import theme
from gnoming.ui.scene import CoachingDone, Scene
from gnoming.ui.session import GameSession
from gnoming.ui.table import clips
from gnoming.ui.table.anim import SPEED_FACTORS, Clip, Timeline, shake_offset
from gnoming.ui.table.controller import (
    DECLINE,
    HAND,
    HINT,
    LOG,
    MENU,
    REFUSE,
    STOP,
    TableController,
    Target,
    TargetKind,
)
from gnoming.ui.table.input import (
    ARROWS,
    CONFIRM_KEYS,
    MESSAGE_SECONDS,
    SHAKE_SECONDS,
    Drag,
    nearest,
    number_key,
    sentence,
    target_at,
)
from gnoming.ui.table.layout import felt_rect, table_layout
from gnoming.ui.table.paint import Marks, Painter, SeatInfo
from gnoming.ui.table.places import DRAW_PILE, HELD
from gnoming.ui.table.roundlog import LogLayout, draw_round_log, log_layout
from gnoming.ui.table.tips import TableTips
from gnoming.ui.table.view import TableView
from gnoming.ui.table.words import (
    describe_action,
    gnome_prompt,
    log_line,
    person_prompt,
    trace_line,
)
from gnoming.ui.widgets import draw_text, wrap_text

if TYPE_CHECKING:
    from gnoming.ui.app import App

THINK_SLICE = 0.003
"""Seconds of a gnome's (or a hint's) thinking per frame (less after a slow draw). A Hard
search step may run over by one playout, so 3 ms keeps a thinking frame near 5 ms even
on a machine that is busy with other work."""
FRAME_WORK = 0.0065
"""What a frame's update and draw together should stay under (the target is 8 ms)."""
SWITCH_INTERVAL = 0.001
INSTANT_BUDGET = 0.010
"""At the instant speed, a frame plays gnome decisions for up to this many seconds."""
GNOME_PAUSE = {Phase.DRAW: 0.6, Phase.INITIAL_FLIP: 0.35, Phase.HAZARD_TURN: 0.5}
GNOME_PAUSE_OTHER = 0.45
APPLY_AT_START = (E.RoundStarted, E.TurnStarted, E.EndgameTriggered)
"""Events the table shows as their clip begins (a banner over the new state)."""
MAX_CARD_SIZES = 8
"""Card sizes kept in the art cache before it is emptied (resizing makes new ones)."""

NOT_NOW = N_("Not now.")


def portrait_index(name: str, seat: int) -> int:
    """The gnome portrait (0-based) for a seat: the character's own when it is one."""
    with contextlib.suppress(Exception):
        from gnoming.ai.characters import character

        return character(name).portrait - 1
    return seat


def _still_down(key: int) -> bool:
    """The keyboard holds ``key`` down now, as far as SDL knows."""
    try:
        return bool(pygame.key.get_pressed()[key])
    except (IndexError, pygame.error):
        return False


class TableScene(Scene):
    name = "table"

    def __init__(self, app: App, feed: SeatFeed | GameSession) -> None:
        super().__init__(app)
        self.feed: SeatFeed = LocalFeed(feed) if isinstance(feed, GameSession) else feed
        self.control = TableController(self.feed)
        screen = self.feed.screen_seats
        self.bottom_seat = screen[0] if screen else 0
        self.painter = Painter(app)
        self.timeline = Timeline(self._clip_started, self._clip_finished)
        self.clock = 0.0
        self.decision = 0
        """How many times the observation changed: a new value means a new decision."""
        self.follow_up: Action | None = None
        """The second half of a drop on a discard pile (refuse, then discard there)."""
        self.think_wait = 0.0
        self._wait_for = -1
        self.hover: Target | None = None
        self.focus: Target | None = None
        self._keys_down: set[int] = set()
        """Keys pressed and not let go yet (a KEYDOWN of one of them is a repeat)."""
        self.drag: Drag | None = None
        self.selected = False
        self.shakes: dict[Target, float] = {}
        self.message: tuple[str, float] | None = None
        """Words on the status line for a moment: why a pick did nothing."""
        self.notice: tuple[str, float] | None = None
        """Calm words on the status line for a moment ("skipped ahead", "thinking…")."""
        self.pass_to: int | None = None
        self.hinter: HintThinker | None = None
        self.hint: Hint | None = None
        self.hint_at = -1
        self.scoreboard_open = False
        self._sizes_seen: set[tuple[int, int]] = set()
        self._focus_at = -1
        self._draw_seconds = 0.002
        self._veil: pygame.Surface | None = None
        self.tips = TableTips(app, list(screen))
        self.obs = self.feed.observation()
        events = self.feed.take_events()
        if events:
            self.view = TableView(self.obs.n_seats)
            for event in events:
                self.timeline.add(event)
        else:
            self.view = TableView.from_observation(self.obs)
        self.view.bottom_seat = self.bottom_seat
        self.geom = table_layout(app.size, self.obs.n_seats, self.bottom_seat)
        self.log_open = False
        self.log_scroll = 0
        """Lines scrolled up from the newest (the round log)."""
        if events == [] and (self.obs.round_index > 0 or self.obs.turns_taken > 0):
            self.tips.continued()

    # ------------------------------------------------------------------ life cycle

    @property
    def factor(self) -> float:
        return SPEED_FACTORS.get(self.app.speed, 1.0)

    @property
    def reduced(self) -> bool:
        return bool(getattr(self.app.settings, "reduced_motion", False))

    @property
    def thinking_seat(self) -> int:
        """The gnome thinking now (-1: none)."""
        return self.feed.thinking_seat

    @property
    def n_seats(self) -> int:
        return self.obs.n_seats

    def game_over(self) -> bool:
        return self.obs.phase is Phase.GAME_OVER

    def enter(self) -> None:
        self._preload()
        # Draw once off screen so that the first real frame finds every portrait,
        # panel and text already made; then keep the garbage collector from walking
        # the long-lived objects (card art, fonts, caches) again during play.
        with contextlib.suppress(pygame.error):
            self._draw(pygame.Surface(self.app.size), warm_up=True)
        gc.collect()
        gc.freeze()
        # The autosave thread shares the interpreter: a short switch interval keeps a
        # frame from waiting up to 5 ms for the lock while a save is being encoded.
        self._switch_interval = sys.getswitchinterval()
        sys.setswitchinterval(SWITCH_INTERVAL)

    def leave(self) -> None:
        self.feed.close()
        sys.setswitchinterval(getattr(self, "_switch_interval", 0.005))
        gc.unfreeze()

    def resume(self) -> None:
        # keys let go while another screen was on top are forgotten; one still
        # held (Space through the scoreboard) still repeats
        self._keys_down = {key for key in self._keys_down if _still_down(key)}
        if self.scoreboard_open:
            self.scoreboard_open = False
            self.timeline.hold = False

    def resize(self, size: tuple[int, int]) -> None:
        self.view.bottom_seat = self.bottom_seat
        self.geom = table_layout(size, self.n_seats, self.bottom_seat)
        sizes = {self.geom.big_card, self.geom.small_card}
        if not sizes <= self._sizes_seen:
            self._sizes_seen |= sizes
            if len(self._sizes_seen) > MAX_CARD_SIZES:
                # a window dragged through many sizes: keep the card cache from growing
                self.app.cards.clear()
                self._sizes_seen = set(sizes)
        self._preload()

    def _preload(self) -> None:
        self.app.cards.preload(self.geom.big_card)
        self.app.cards.preload(self.geom.small_card)

    def record_json(self) -> str:
        return self.feed.record_json()

    def toast_area(self) -> pygame.Rect | None:
        """Under the piles' names, left of the own cards: news of the table
        (a friend's connection, an emote) never covers a card or a button."""
        geom = self.geom
        felt = felt_rect(self.app.size)
        pad = max(4, round(8 * geom.unit))
        below = max(geom.draw_pile.bottom, geom.discards[0].bottom, geom.held.bottom)
        top = below + 4 + round(self.app.font_size(14) * 1.5) + pad
        grid = geom.seats[self.bottom_seat].grid
        area = pygame.Rect(felt.left + pad, top, grid.left - felt.left - 2 * pad, felt.bottom - pad - top)
        toast_h = round(self.app.font_size(20) * 1.8)
        if area.width < 8 * toast_h or area.height < 2 * toast_h + 6:
            return None  # too small a corner: the bottom middle, as on other screens
        return area

    # ------------------------------------------------------------------ seats

    def seat_name(self, seat: int) -> str:
        return self.feed.seats[seat].name

    def seat_info(self, seat: int) -> SeatInfo:
        spec = self.feed.seats[seat]
        if spec.kind == "person":
            return SeatInfo(spec.name, _("Player"), _("Player"), None)
        difficulty = difficulty_label(spec.difficulty)
        return SeatInfo(
            spec.name,
            _("{difficulty} gnome").format(difficulty=difficulty),
            difficulty,
            portrait_index(spec.name, seat),
        )

    # ------------------------------------------------------------------ events and clips

    def _pull(self) -> bool:
        """Take the feed's new events into the timeline and read the observation again
        (an action may change it without an event). True if anything changed."""
        events = self.feed.take_events()
        for event in events:
            self.timeline.add(event)
            if isinstance(event, (E.TurnEnded, E.RoundScored)):
                self.follow_up = None  # the turn it belonged to is over
        obs = self.feed.observation()
        if obs == self.obs and not events:
            return False
        self.obs = obs
        self.decision += 1
        return True

    def _clip_started(self, event: E.Event) -> Clip:
        ctx = clips.Context(self.factor, self.reduced, self.seat_name, self.view)
        clip = clips.build(event, ctx)
        if clip.sound and self.factor > 0:
            self.app.audio.play(clip.sound)
        if isinstance(clip, clips.Scored):
            self.view.scored = clip.scored
            self.tips.played(clip.scored, self.view)
        elif isinstance(event, APPLY_AT_START):
            self.view.apply(event)
            if isinstance(event, E.RoundStarted):
                self.tips.round_started()
        return clip

    def _clip_finished(self, clip: Clip) -> None:
        event = clip.event
        if event is None or isinstance(event, APPLY_AT_START):
            return
        self.view.apply(event)
        if isinstance(event, E.RoundScored):
            self._open_scoreboard(event)
        else:
            self.tips.played(event, self.view)

    def _open_scoreboard(self, scored: E.RoundScored) -> None:
        over = self.feed.result() if scored.result.round_index == ROUNDS - 1 else None
        if over is not None and self.tips.game_finished():
            self.post(CoachingDone())
        self.timeline.hold = True
        self.scoreboard_open = True
        self.app.router.scoreboard(self, scored, over)

    def play(self, actions: tuple[Action, ...]) -> bool:
        """Submit a pick: the first action must be legal; a second (the discard after a
        drop on a pile) is played as soon as it is legal, in the same turn."""
        if self.deciding_here():
            self.tips.dismiss()
        try:
            self.feed.submit(actions[0])
        except IllegalActionError as error:
            self._say(sentence(_(str(error))))
            return False
        self.follow_up = actions[1] if len(actions) > 1 else None
        self._pull()
        if self.follow_up is not None and self.follow_up in self.feed.legal_actions():
            follow, self.follow_up = self.follow_up, None
            self.feed.submit(follow)
            self._pull()
        self.hint = None
        self.hinter = None
        self.selected = False
        self.timeline.update(0.0)
        return True

    # ------------------------------------------------------------------ the loop

    def deciding_here(self) -> bool:
        """A seat at this screen has the decision (whatever is still moving)."""
        return not self.game_over() and self.obs.current_seat in self.feed.screen_seats

    def update(self, dt: float) -> None:
        self.clock += dt
        for message in self.feed.take_messages():
            self.app.toast(message)
        self.shakes = {k: v - dt for k, v in self.shakes.items() if v - dt > 0}
        if self.message is not None:
            text, left = self.message
            self.message = (text, left - dt) if left - dt > 0 else None
        if self.notice is not None:
            text, left = self.notice
            self.notice = (text, left - dt) if left - dt > 0 else None
        started = time.perf_counter()
        self.timeline.update(dt)
        while True:
            if not self.timeline.idle or self.timeline.hold or self.pass_to is not None:
                break
            if self.game_over():
                break
            if self.deciding_here() and not self.feed.waiting:
                self._person_ready(self.obs.current_seat)
                break
            slice_s = min(THINK_SLICE, max(0.001, FRAME_WORK - self._draw_seconds))
            if self.factor == 0:
                slice_s = max(0.001, INSTANT_BUDGET - (time.perf_counter() - started))
            acted = self._drive_others(dt, slice_s)
            if acted:
                self.timeline.update(0.0)
            if not acted or self.factor > 0 or time.perf_counter() - started > INSTANT_BUDGET:
                break
            dt = 0.0

    def _drive_others(self, dt: float, slice_s: float = THINK_SLICE) -> bool:
        """Let the gnome (or the connection) whose turn it is work a slice; a gnome
        waits a moment before each action so a person can follow."""
        if self._wait_for != self.decision:
            self._wait_for = self.decision
            self.think_wait = GNOME_PAUSE.get(self.obs.phase, GNOME_PAUSE_OTHER) * self.factor
            dt = 0.0
        self.think_wait -= dt
        self.feed.step(slice_s, act=self.think_wait <= 0)
        return self._pull()

    def _person_ready(self, seat: int) -> None:
        if seat != self.bottom_seat:
            if len(self.feed.screen_seats) > 1:
                self.pass_to = seat
                return
            self.bottom_seat = seat
            self.resize(self.app.size)
        legal = self.feed.legal_actions()
        if self.follow_up is not None:
            follow, self.follow_up = self.follow_up, None
            if follow in legal:
                self.play((follow,))
                return
        if len(legal) == 1 and legal[0].kind is ActionKind.DISCARD:
            self.play((legal[0],))
            return
        picks = self.control.picks()
        legal_focus = bool(picks.get(self.focus)) if self.focus is not None else False
        if (self.decision != self._focus_at and not legal_focus) or (
            self.focus not in self.clickable()
        ):
            # a new decision: put the keyboard focus on something the player may pick
            self.focus = next(iter(picks), self.focus)
        self._focus_at = self.decision
        self.tips.person_deciding(self.obs.phase)
        if self.hinter is not None:
            if self.hint_at != self.decision:
                self.hinter = None
            elif self.hinter.step(THINK_SLICE):
                self.hint = self.hinter.result()
                self.hinter = None
                self.notice = None

    def _key_moments(self) -> None:
        obs = self.obs
        if not self.timeline.idle or self.game_over():
            return
        if obs.phase is Phase.INITIAL_FLIP:
            self.app.screenshot("setup", once=True)
        elif obs.phase is Phase.DRAW and obs.turns_taken >= obs.n_seats:
            self.app.screenshot("turn")
            if obs.n_seats == 7:
                self.app.screenshot("table_7_seats")

    # ------------------------------------------------------------------ picking

    def person_turn(self) -> bool:
        """The person at the bottom may act now (nothing is moving)."""
        return (
            self.deciding_here()
            and self.timeline.idle
            and not self.timeline.hold
            and self.pass_to is None
            and not self.feed.waiting
            and self.follow_up is None
            and self.obs.current_seat == self.bottom_seat
        )

    def picks(self) -> dict[Target, tuple[Action, ...]]:
        """What picking each target plays now (nothing unless it is the person's turn)."""
        if not self.person_turn():
            return {}
        return self.control.picks()

    def legal_targets(self) -> set[Target]:
        legal = set(self.picks())
        if self.person_turn() and self.control.carries_hand():
            legal.add(HAND)
        return legal

    def visible_buttons(self) -> list[Target]:
        shown = []
        if self.person_turn():
            picks = self.control.picks()
            shown = [b for b in (REFUSE, STOP, DECLINE) if b in picks]
            shown.append(HINT)
        shown += [LOG, MENU]
        return shown

    def button_rects(self) -> dict[Target, pygame.Rect]:
        """The buttons shown now, each in its own place in the button column."""
        return {b: self.geom.buttons[b] for b in self.visible_buttons()}

    def clickable(self) -> dict[Target, pygame.Rect]:
        out = {
            t: r
            for t, r in self.geom.targets().items()
            if not t.is_button and (t != HAND or self.view.held is not None)
        }
        out.update(self.button_rects())
        held = self.view.held
        if held is not None and held.position >= 0:
            out[HAND] = self.geom.seats[self.bottom_seat].lift(held.position)
        return out

    def activate(self, target: Target | None) -> None:
        """Pick a target (by click, drop or Enter)."""
        if target is None:
            return
        if target.is_button:
            self.app.audio.play("click")
        if target == MENU:
            self.open_pause()
            return
        if target == LOG:
            self.toggle_log()
            return
        if not self.person_turn():
            self.skip_ahead()
            return
        if target == HINT:
            self.start_hint()
            return
        if target == HAND:
            self.selected = not self.selected
            return
        actions = self.control.picks().get(target)
        if actions:
            self.play(actions)
        else:
            self.nudge(target)

    def nudge(self, target: Target) -> None:
        """An illegal pick: a gentle shake and a word about why."""
        if not self.reduced:
            self.shakes[target] = SHAKE_SECONDS
        reason = self.control.refusal(target, self.obs)
        if reason == NOT_NOW:
            self._say(_(NOT_NOW) + " " + self.status_text())
        else:
            self._say(sentence(_(reason)))

    def skip_ahead(self) -> None:
        """A click or Space while nobody may act: the moving cards land now and a
        gnome acts as soon as it has decided; the status line says so."""
        if not self.timeline.idle or self.think_wait > 0:
            self.notice = (_("Skipped ahead"), MESSAGE_SECONDS / 2)
        self.timeline.skip()
        self.think_wait = 0.0

    def _say(self, text: str) -> None:
        self.message = (text, MESSAGE_SECONDS)

    def open_pause(self) -> None:
        self.drag = None
        self.app.router.pause()

    # ------------------------------------------------------------------ hints

    def start_hint(self) -> None:
        if not self.person_turn():
            return
        self.tips.dismiss()
        self.hinter = self.feed.hint_thinker()
        self.hint_at = self.decision
        self.notice = (_("A Hard gnome is thinking about your move…"), MESSAGE_SECONDS)

    def hint_targets(self) -> frozenset[Target]:
        if self.hint is None:
            return frozenset()
        return self.control.hint_targets(self.hint.action)

    # ------------------------------------------------------------------ input

    def toggle_log(self) -> None:
        """Open or close the round log (newest moves at the bottom)."""
        self.log_open = not self.log_open
        self.log_scroll = 0
        self.drag = None

    def _log_input(self, event: pygame.event.Event) -> None:
        """Input while the round log is open: scroll it or close it."""
        steps = 0
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_l, pygame.K_ESCAPE, *CONFIRM_KEYS):
                self.toggle_log()
                return
            steps = {
                pygame.K_UP: 1,
                pygame.K_DOWN: -1,
                pygame.K_PAGEUP: 5,
                pygame.K_PAGEDOWN: -5,
            }.get(event.key, 0)
        elif event.type == pygame.MOUSEWHEEL:
            steps = event.y
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            layout = self._log_layout()
            if not layout.panel.collidepoint(event.pos):
                self.toggle_log()
            return
        lines = len(self.view.log)
        most = max(0, lines - self._log_layout().rows)
        self.log_scroll = max(0, min(most, self.log_scroll + steps))

    def _log_layout(self) -> LogLayout:
        return log_layout(self.geom, self.app.font_size(15))

    def _draw_log(self, surface: pygame.Surface) -> None:
        lines = [t for e in self.view.log if (t := log_line(e, self.seat_name)) is not None]
        draw_round_log(
            surface, self._log_layout(), lines, self.log_scroll, self.view.round_index + 1
        )

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYUP:
            self._keys_down.discard(event.key)
        if self.log_open and self.pass_to is None:
            self._log_input(event)
            return
        if event.type == pygame.KEYDOWN:
            # a repeat: down before, never let go, and still down (an event
            # made up in a test, or a release missed, counts as a fresh press)
            held = event.key in self._keys_down and _still_down(event.key)
            self._keys_down.add(event.key)
            self._key(event, held)
        elif event.type == pygame.MOUSEMOTION:
            self.hover = target_at(self.clickable(), self.legal_targets(), event.pos)
            if self.drag is not None:
                self.drag.pos = event.pos
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._press(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._release(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.selected = False
            self.drag = None

    def _press(self, pos: tuple[int, int]) -> None:
        if self.pass_to is not None:
            self._confirm_pass()
            return
        if self.tips.click(pos):
            return
        target = target_at(self.clickable(), self.legal_targets(), pos)
        if target == MENU:
            self.open_pause()
            return
        if not self.person_turn():
            self.skip_ahead()
            return
        if target is None:
            owner = self._seat_at(pos)
            if owner is not None:  # a newcomer reaching for a gnome's cards
                self._say(_("Those are {name}'s cards: yours are the big ones at the bottom").format(
                    name=self.seat_name(owner)
                ))
                return
        self.focus = target if target is not None else self.focus
        if target == HAND and self.control.carries_hand():
            self.drag = Drag(pos, pos)
            return
        self.activate(target)

    def _seat_at(self, pos: tuple[int, int]) -> int | None:
        """The other seat whose cards are under ``pos``, if any."""
        for seat, sg in enumerate(self.geom.seats):
            if seat != self.bottom_seat and sg.grid.collidepoint(pos):
                return seat
        return None

    def _release(self, pos: tuple[int, int]) -> None:
        drag, self.drag = self.drag, None
        if drag is None or not self.person_turn():
            return
        if not drag.moved(pos):
            self.selected = not self.selected
            return
        target = target_at(self.clickable(), self.legal_targets(), pos, skip=HAND)
        if target is not None and target.kind in (TargetKind.POSITION, TargetKind.PILE):
            self.activate(target)

    def _key(self, event: pygame.event.Event, held: bool = False) -> None:
        """One key press. ``held``: the key was already down (a repeat). A repeat
        may skip the gnomes' moves, but it never plays the person's move nor
        passes the screen: Space held to skip through the gnomes' turns must not
        go on to pick a card when the person's turn comes."""
        key = event.key
        if self.pass_to is not None:
            if key in CONFIRM_KEYS and not held:
                self._confirm_pass()
            elif key == pygame.K_ESCAPE:
                self.open_pause()
            return
        if key == pygame.K_ESCAPE:
            if self.selected or self.drag is not None:
                self.selected = False
                self.drag = None
            else:
                self.open_pause()
            return
        if key in CONFIRM_KEYS:
            if not self.person_turn():
                self.skip_ahead()
            elif not held:
                self.activate(self.focus)
            return
        if key == pygame.K_h:
            self.start_hint()
            return
        if key == pygame.K_l:
            self.toggle_log()
            return
        numbered = number_key(key)
        if numbered is not None:
            if held:
                return
            self.focus = numbered
            self.activate(numbered)
            return
        direction = ARROWS.get(key)
        if direction is not None:
            self.focus = nearest(self.clickable(), self.focus, direction) or self.focus
        elif key == pygame.K_TAB:
            self._cycle_focus(-1 if event.mod & pygame.KMOD_SHIFT else 1)

    def _cycle_focus(self, step: int) -> None:
        names = [t for t, acts in self.picks().items() if acts and not t.is_button]
        names += self.visible_buttons()
        if not names:
            return
        index = names.index(self.focus) if self.focus in names else -1
        self.focus = names[(index + step) % len(names)]

    def _confirm_pass(self) -> None:
        if self.pass_to is None:
            return
        self.bottom_seat = self.pass_to
        self.pass_to = None
        self.resize(self.app.size)

    # ------------------------------------------------------------------ drawing

    def status_text(self) -> str:
        obs = self.obs
        if self.pass_to is not None:
            return _("Pass the screen to {name}").format(name=self.seat_name(self.pass_to))
        if self.game_over():
            return _("The game is over")
        if not self.timeline.idle:
            # cards are still moving: speak of what the player sees, not of the rules' future
            if not all(all(sv.dealt) for sv in self.view.seats):
                return _("Dealing the cards…")
            if self.revealing():
                return _("The round is over: every face-down card turns up")
            if self.view.setting_up:
                return _("Everyone turns up two of their cards")
            seat = self.view.turn_seat
            if 0 <= seat < obs.n_seats:
                return _("Turn: {name}").format(name=self.seat_name(seat))
        seat = obs.current_seat
        name = self.seat_name(seat)
        if seat in self.feed.screen_seats:
            prompt = person_prompt(
                obs, name, self.seat_name(obs.turn_seat), self.feed.legal_actions()
            )
            if obs.went_out_first is not None and obs.turn_seat == seat:
                return _("Your last turn!") + " " + prompt
            return prompt
        return gnome_prompt(obs, name)

    def revealing(self) -> bool:
        """The round-end reveal or the scoring glow is playing."""
        return any(
            isinstance(c, clips.Scored)
            or (isinstance(c.event, E.TurnedUp) and c.event.reason is E.TurnReason.ROUND_END)
            for c in self.timeline.active
        )

    def draw(self, surface: pygame.Surface) -> None:
        started = time.perf_counter()
        self._draw(surface)
        # remembered so the next frame's thinking leaves room for drawing
        self._draw_seconds = 0.7 * self._draw_seconds + 0.3 * (time.perf_counter() - started)

    def _draw(self, surface: pygame.Surface, warm_up: bool = False) -> None:
        geom = self.geom
        marks = Marks()
        marks.hidden = clips.hidden_by(self.timeline.active)
        if self.drag is not None:
            marks.hidden.add(HELD)
        marks.legal = self.legal_targets()
        marks.hover = self.hover
        marks.focus = self.focus if self.person_turn() else None
        marks.shake = {
            n: shake_offset(1 - left / SHAKE_SECONDS, 6) for n, left in self.shakes.items()
        }
        marks.current_seat = self.obs.current_seat if not self.game_over() else -1
        if not self.timeline.idle:
            marks.current_seat = -1 if self.revealing() else self.view.turn_seat
        marks.thinking_seat = self.thinking_seat
        marks.hint = self.hint_targets()
        marks.revealing = self.revealing()
        marks.traces = {
            seat: trace_line(self.view.traces[seat])
            for seat in range(self.n_seats)
            if seat != self.bottom_seat
        }
        marks.short_traces = {
            seat: trace_line(self.view.traces[seat], short=True) for seat in marks.traces
        }
        infos = [self.seat_info(s) for s in range(self.n_seats)]
        self.painter.draw(surface, geom, self.view, infos, marks, self.clock)
        self._draw_status(surface)
        self._draw_buttons(surface, marks)
        self.painter.draw_held(surface, geom, self.view, marks)
        for clip in self.timeline.active:
            clip.draw(surface, self.painter, geom, self.reduced)
        if self.drag is not None and self.view.held is not None:
            rect = pygame.Rect((0, 0), geom.big_card)
            rect.center = self.drag.pos
            self.painter.draw_card(surface, self.view.held.card, True, rect, shadow=True)
        if self.selected and self.view.held is not None:
            place = self.clickable().get(HAND)
            if place is not None:
                pygame.draw.rect(surface, theme.WHITE, place.inflate(8, 8), 3, border_radius=6)
        for clip in self.timeline.active:
            clip.caption(surface, self.painter, geom, self.reduced)
        self._draw_hint(surface)
        if self.hint is None and self.hinter is None:
            self.tips.draw(surface, geom)  # the hint box sits in the same place
        else:
            self.tips.rect = None
        if self.log_open:
            self._draw_log(surface)
        if self.pass_to is not None:
            self._draw_pass(surface)
        if warm_up:
            return
        self._key_moments()
        for clip in self.timeline.active:
            if isinstance(clip, clips.Scored) and clip.t > 0.4:
                self.app.screenshot("reveal")
            if isinstance(clip, clips.Fly) and clip.bounce and 0.35 < clip.t < 0.75:
                self.app.screenshot("bounce")
            elif (
                isinstance(clip, clips.HazardNotice)
                and 0.2 < clip.t < 0.5
                and clip.place != DRAW_PILE
            ):
                self.app.screenshot("hazard")

    def _draw_status(self, surface: pygame.Surface) -> None:
        rect = self.geom.status
        inner = theme.draw_panel(surface, rect)
        if self.message is not None:
            text, colour = "! " + self.message[0], theme.HAT_RED
        elif self.notice is not None:
            text, colour = self.notice[0], theme.SLATE
        else:
            text, colour = self.status_text(), theme.INK
        size = max(12, min(self.app.font_size(19), inner.h - 6))
        draw_text(surface, text, inner.center, size, colour, bold=True, max_width=inner.w - 8)

    def _draw_buttons(self, surface: pygame.Surface, marks: Marks) -> None:
        labels = {
            REFUSE: _("Refuse"),
            STOP: _("Stop bouncing"),
            DECLINE: _("Turn nothing up"),
            HINT: _("Hint (H)"),
            LOG: _("Round log (L)"),
            MENU: _("Menu (Esc)"),
        }
        size = self.app.font_size(16)
        for name, rect in self.button_rects().items():
            inner = theme.draw_panel(surface, rect, hover=name == self.hover)
            draw_text(surface, labels[name], inner.center, size, bold=True, max_width=inner.w - 6)
            if name in marks.hint:
                theme.glow(surface, rect, theme.GLOW_MATCH, 5)
            if name == marks.focus:
                pygame.draw.rect(surface, theme.WHITE, rect.inflate(8, 8), 2, border_radius=8)

    def _draw_hint(self, surface: pygame.Surface) -> None:
        if self.hint is None or not self.person_turn():
            return
        action, reason = self.hint
        text = _("Hint: {what}").format(what=describe_action(self.obs, action))
        if reason:
            text += " \u2014 " + reason  # translated by the hint already
        size = self.app.font_size(15)
        geom = self.geom
        width = geom.draw_pile.right - geom.draw_pile.left + geom.held.right - geom.discards[1].left
        width = max(width, geom.held.right - geom.draw_pile.left)
        lines = wrap_text(text, size, width - 16)[:4]
        rect = pygame.Rect(geom.draw_pile.left, 0, width, len(lines) * size * 13 // 10 + size + 12)
        rect.bottom = geom.size[1] - 6 - max(4, round(32 * geom.unit))
        inner = theme.draw_panel(surface, rect)
        y = inner.top + (inner.h - len(lines) * size * 13 // 10) // 2
        for line in lines:
            draw_text(surface, line, (inner.left + 4, y), size, anchor="topleft")
            y += size * 13 // 10

    def _draw_pass(self, surface: pygame.Surface) -> None:
        if self._veil is None or self._veil.get_size() != surface.get_size():
            self._veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            self._veil.fill((*theme.SLATE_DARK, 248))
        surface.blit(self._veil, (0, 0))
        w, h = surface.get_size()
        assert self.pass_to is not None
        name = self.seat_name(self.pass_to)
        box = pygame.Rect(0, 0, min(w - 80, round(620 * self.geom.unit) + 80), round(h * 0.3))
        box.center = (w // 2, h // 2)
        inner = theme.draw_panel(surface, box)
        draw_text(
            surface,
            _("Pass to {name}").format(name=name),
            (inner.centerx, inner.top + inner.h * 2 // 5),
            self.app.font_size(40),
            theme.INK,
            bold=True,
            max_width=inner.w - 20,
        )
        draw_text(
            surface,
            _("Click or press Enter when {name} is ready").format(name=name),
            (inner.centerx, inner.top + inner.h * 3 // 4),
            self.app.font_size(20),
            theme.WOOD_DARK,
            max_width=inner.w - 20,
        )
