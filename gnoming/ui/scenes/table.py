"""The game table: a whole three-round game on screen.

Data flows one way: input -> action -> ``session.apply`` -> events -> clips ->
the displayed model (:class:`~gnoming.ui.table.view.TableView`) -> screen.
What the player may do comes from ``state.legal_actions()`` only. Computer
gnomes think a few milliseconds per frame and wait a moment before each
action so a person can follow; a click or Space skips the cards ahead.
"""

from __future__ import annotations

import contextlib
import gc
import sys
import time
from typing import TYPE_CHECKING, Any

import pygame

from gnoming.i18n import _
from gnoming.options import difficulty_label
from gnoming.rules import ROUNDS, Action, ActionKind, GameState, IllegalActionError, Phase, observe
from gnoming.rules import events as E
from gnoming.ui import theme
from gnoming.ui.scene import CoachingDone, Scene
from gnoming.ui.session import GameSession
from gnoming.ui.table import clips
from gnoming.ui.table.anim import SPEED_FACTORS, Clip, Timeline, shake_offset
from gnoming.ui.table.input import SHAKE_SECONDS, TableInput, sentence
from gnoming.ui.table.layout import TableGeometry, table_layout
from gnoming.ui.table.paint import Marks, Painter, SeatInfo
from gnoming.ui.table.tips import TableTips
from gnoming.ui.table.view import TableView
from gnoming.ui.table.words import describe_action, gnome_prompt, person_prompt
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



def portrait_index(name: str, seat: int) -> int:
    """The gnome portrait (0-based) for a seat: the character's own when it is one."""
    with contextlib.suppress(Exception):
        from gnoming.ai.characters import character

        return character(name).portrait - 1
    return seat


class TableScene(TableInput, Scene):
    name = "table"

    def __init__(self, app: App, session: GameSession) -> None:
        super().__init__(app)
        self.session = session
        state = session.state
        persons = session.person_seats()
        self.bottom_seat = persons[0] if persons else 0
        self.painter = Painter(app)
        self.timeline = Timeline(self._clip_started, self._clip_finished)
        self.clock = 0.0
        self.thinker: Any = None
        self.think_wait = 0.0
        self.thinking_seat = -1
        self.hover: str | None = None
        self.focus: str | None = None
        self.drag: dict[str, Any] | None = None
        self.selected = False
        self.shakes: dict[str, float] = {}
        self.message: tuple[str, float] | None = None
        self.pass_to: int | None = None
        self.hinter: Any = None
        self.hint: tuple[Action, str] | None = None
        self.hint_at = -1
        self.scoreboard_open = False
        self._sizes_seen: set[tuple[int, int]] = set()
        self._focus_at = -1
        self._draw_seconds = 0.002
        self._veil: pygame.Surface | None = None
        self.tips = TableTips(app, persons)
        if not state.history and state.round_index == 0:
            self.view = TableView(state.n_seats)
            events = state.deal_events()
            for event in events:
                self._enqueue(event)
        else:
            self.view = TableView.from_observation(observe(state, self.bottom_seat))
        self.geom = table_layout(app.size, state.n_seats, self.bottom_seat)

    # ------------------------------------------------------------------ life cycle

    @property
    def state(self) -> GameState:
        return self.session.state

    @property
    def factor(self) -> float:
        return SPEED_FACTORS.get(self.app.speed, 1.0)

    @property
    def reduced(self) -> bool:
        return bool(getattr(self.app.settings, "reduced_motion", False))

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
        self.session.close()
        sys.setswitchinterval(getattr(self, "_switch_interval", 0.005))
        gc.unfreeze()

    def resume(self) -> None:
        if self.scoreboard_open:
            self.scoreboard_open = False
            self.timeline.hold = False

    def resize(self, size: tuple[int, int]) -> None:
        self.geom = table_layout(size, self.state.n_seats, self.bottom_seat)
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
        return self.session.record_json()

    # ------------------------------------------------------------------ seats

    def seat_name(self, seat: int) -> str:
        return self.session.seat(seat).name

    def seat_info(self, seat: int) -> SeatInfo:
        spec = self.session.seat(seat)
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

    def _enqueue(self, event: E.Event) -> None:
        self.timeline.add(Clip("pending", 0.0, event=event))

    def _clip_started(self, clip: Clip) -> None:
        if clip.kind == "pending":
            ctx = clips.Context(self.factor, self.reduced, self.seat_name, self.view)
            built = clips.build(clip.event, ctx)
            clip.kind, clip.duration, clip.lead = built.kind, built.duration, built.lead
            clip.data, clip.hides, clip.sound = built.data, built.hides, built.sound
        if clip.sound and self.factor > 0:
            self.app.audio.play(clip.sound)
        if clip.kind == "scored":
            self.view.scored = clip.event
            self.tips.played(clip.event, self.view)
        elif isinstance(clip.event, APPLY_AT_START):
            self.view.apply(clip.event)

    def _clip_finished(self, clip: Clip) -> None:
        event = clip.event
        if event is None or isinstance(event, APPLY_AT_START):
            return
        self.view.apply(event)
        if not isinstance(event, E.RoundScored):
            self.tips.played(event, self.view)
        if isinstance(event, E.RoundScored):
            self._open_scoreboard(event)

    def _open_scoreboard(self, scored: E.RoundScored) -> None:
        over = self.state.result() if scored.result.round_index == ROUNDS - 1 else None
        if over is not None and self.tips.game_finished():
            self.post(CoachingDone())
        self.timeline.hold = True
        self.scoreboard_open = True
        self.app.router.scoreboard(self, scored, over)

    def _act(self, actions: list[Action]) -> bool:
        """Apply actions in order (a drop on a discard pile is refuse + discard);
        the first must be legal, later ones are applied only when still legal."""
        applied = False
        if self.session.current_is_person():
            self.tips.dismiss()
        for index, action in enumerate(actions):
            if index and action not in self.state.legal_actions():
                break
            try:
                events = self.session.apply(action)
            except IllegalActionError as error:
                self._say(sentence(_(str(error))))
                return applied
            applied = True
            for event in events:
                self._enqueue(event)
        self.hint = None
        self.hinter = None
        self.selected = False
        if applied:
            self.timeline.update(0.0)
        return applied

    # ------------------------------------------------------------------ the loop

    def update(self, dt: float) -> None:
        self.clock += dt
        for message in self.session.take_messages():
            self.app.toast(message)
        self.shakes = {k: v - dt for k, v in self.shakes.items() if v - dt > 0}
        if self.message is not None:
            text, left = self.message
            self.message = (text, left - dt) if left - dt > 0 else None
        started = time.perf_counter()
        self.timeline.update(dt)
        while True:
            if not self.timeline.idle or self.timeline.hold or self.pass_to is not None:
                break
            state = self.state
            if state.is_over():
                break
            seat = state.current_seat()
            if self.session.is_person(seat):
                self._person_ready(seat)
                break
            slice_s = min(THINK_SLICE, max(0.001, FRAME_WORK - self._draw_seconds))
            if self.factor == 0:
                slice_s = max(0.001, INSTANT_BUDGET - (time.perf_counter() - started))
            acted = self._drive_gnome(dt, slice_s)
            if acted:
                self.timeline.update(0.0)
            if not acted or self.factor > 0 or time.perf_counter() - started > INSTANT_BUDGET:
                break
            dt = 0.0

    def _drive_gnome(self, dt: float, slice_s: float = THINK_SLICE) -> bool:
        state = self.state
        if self.thinker is None:
            self.thinker = self.session.bot_thinker()
            self.thinking_seat = state.current_seat()
            pause = GNOME_PAUSE.get(state.phase, GNOME_PAUSE_OTHER)
            self.think_wait = pause * self.factor
            dt = 0.0
        self.think_wait -= dt
        done = self.thinker.step(slice_s)
        if not done or self.think_wait > 0:
            return False
        action = self.thinker.result()
        self.thinker = None
        self.thinking_seat = -1
        return self._act([action])

    def _person_ready(self, seat: int) -> None:
        if seat != self.bottom_seat:
            if len(self.session.person_seats()) > 1:
                self.pass_to = seat
                return
            self.bottom_seat = seat
            self.resize(self.app.size)
        legal = self.state.legal_actions()
        if len(legal) == 1 and legal[0].kind is ActionKind.DISCARD:
            self._act([legal[0]])
            return
        targets = self.targets()
        decision = len(self.state.history)
        legal_focus = bool(targets.get(self.focus or ""))
        if (decision != self._focus_at and not legal_focus) or self.focus not in self.clickable():
            # a new decision: put the keyboard focus on something the player may pick
            self.focus = next((n for n, acts in targets.items() if acts), self.focus)
        self._focus_at = decision
        self.tips.person_deciding(self.state.phase)
        if self.hinter is not None:
            if self.hint_at != len(self.state.history):
                self.hinter = None
            elif self.hinter.step(THINK_SLICE):
                self.hint = self._read_hint(self.hinter.result())
                self.hinter = None

    def _key_moments(self) -> None:
        state = self.state
        if not self.timeline.idle or state.is_over():
            return
        if state.phase is Phase.INITIAL_FLIP:
            self.app.screenshot("setup", once=True)
        elif state.phase is Phase.DRAW and state.turns_taken >= state.n_seats:
            self.app.screenshot("turn")
            if state.n_seats == 7:
                self.app.screenshot("table_7_seats")

    # ------------------------------------------------------------------ drawing

    def status_text(self) -> str:
        state = self.state
        if self.pass_to is not None:
            return _("Pass the screen to {name}").format(name=self.seat_name(self.pass_to))
        if state.is_over():
            return _("The game is over")
        if not self.timeline.idle:
            # cards are still moving: speak of what the player sees, not of the rules' future
            if not all(all(sv.dealt) for sv in self.view.seats):
                return _("Dealing the cards…")
            if self.revealing():
                return _("The round is over: every face-down card turns up")
            seat = self.view.turn_seat
            if 0 <= seat < state.n_seats:
                return _("Turn: {name}").format(name=self.seat_name(seat))
        seat = state.current_seat()
        name = self.seat_name(seat)
        if self.session.is_person(seat):
            return person_prompt(state, name, self.seat_name(state.turn_seat))
        return gnome_prompt(state, name)

    def revealing(self) -> bool:
        """The round-end reveal or the scoring glow is playing."""
        return any(
            c.kind == "scored"
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
            marks.hidden.add(("held",))
        targets = self.targets()
        marks.legal = {n for n, acts in targets.items() if acts or n == "held"}
        marks.hover = self.hover
        marks.focus = self.focus if self.person_turn() else None
        marks.shake = {
            n: shake_offset(1 - left / SHAKE_SECONDS, 6) for n, left in self.shakes.items()
        }
        state = self.state
        marks.current_seat = state.current_seat() if not state.is_over() else -1
        if not self.timeline.idle:
            marks.current_seat = -1 if self.revealing() else self.view.turn_seat
        marks.thinking_seat = self.thinking_seat
        marks.hint = self.hint_targets()
        infos = [self.seat_info(s) for s in range(state.n_seats)]
        self.painter.draw(surface, geom, self.view, infos, marks, self.clock)
        self._draw_status(surface)
        self._draw_buttons(surface, marks)
        self.painter.draw_held(surface, geom, self.view, marks)
        for clip in self.timeline.active:
            clips.draw_clip(surface, clip, self.painter, geom, self.reduced)
        if self.drag is not None and self.view.held is not None:
            rect = pygame.Rect((0, 0), geom.big_card)
            rect.center = self.drag["pos"]
            self.painter.draw_card(surface, self.view.held.card, True, rect, shadow=True)
        if self.selected and self.view.held is not None:
            place = self.clickable().get("held")
            if place is not None:
                pygame.draw.rect(surface, theme.WHITE, place.inflate(8, 8), 3, border_radius=6)
        for clip in self.timeline.active:
            clips.draw_caption(surface, clip, self.painter, geom, self.reduced)
        self._draw_hint(surface)
        if self.hint is None and self.hinter is None:
            self.tips.draw(surface, geom)  # the hint box sits in the same place
        else:
            self.tips.rect = None
        if self.pass_to is not None:
            self._draw_pass(surface)
        if warm_up:
            return
        self._key_moments()
        for clip in self.timeline.active:
            if clip.kind == "scored" and clip.t > 0.4:
                self.app.screenshot("reveal")
            if clip.data.get("bounce") and 0.35 < clip.t < 0.75:
                self.app.screenshot("bounce")
            elif clip.kind == "hazard" and 0.2 < clip.t < 0.5 and clip.data["place"] != ("draw",):
                self.app.screenshot("hazard")

    def _draw_status(self, surface: pygame.Surface) -> None:
        rect = self.geom.status
        inner = theme.draw_panel(surface, rect)
        if self.message is not None:
            text, colour = "! " + self.message[0], theme.HAT_RED
        else:
            text, colour = self.status_text(), theme.INK
        size = max(12, min(self.app.font_size(19), inner.h - 6))
        draw_text(surface, text, inner.center, size, colour, bold=True, max_width=inner.w - 8)

    def _draw_buttons(self, surface: pygame.Surface, marks: Marks) -> None:
        labels = {
            "refuse": _("Refuse"),
            "stop": _("Stop bouncing"),
            "decline": _("Turn nothing up"),
            "hint": _("Hint (H)"),
            "menu": _("Menu (Esc)"),
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
        text = _("Hint: {what}").format(what=describe_action(self.state, action))
        if reason:
            text += " \u2014 " + _(reason)
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


def geometry_of(scene: TableScene) -> TableGeometry:
    """The scene's current layout (tests click where it says)."""
    return scene.geom
