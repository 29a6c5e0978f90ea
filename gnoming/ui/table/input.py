"""Input at the table: what each click, drop and key means now.

A *target* is a named place on the table (``draw``, ``discard0``, ``pos4``, a
button ...; see :meth:`TableGeometry.targets`). What picking a target does is
read from ``state.legal_actions()`` only; a pick that means nothing now gets a
gentle shake and a word about why, never an exception. Mixed into
:class:`~gnoming.ui.scenes.table.TableScene`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from gnoming.i18n import _
from gnoming.rules import Action, ActionKind, GameState, IllegalActionError, Phase
from gnoming.rules import actions as A

if TYPE_CHECKING:
    from gnoming.ui.app import App
    from gnoming.ui.session import GameSession
    from gnoming.ui.table.anim import Timeline
    from gnoming.ui.table.layout import TableGeometry
    from gnoming.ui.table.tips import TableTips
    from gnoming.ui.table.view import TableView

SHAKE_SECONDS = 0.4
MESSAGE_SECONDS = 3.0
"""How long a word about a mistake stays on the status line."""
DRAG_THRESHOLD = 6


def sentence(text: str) -> str:
    """The rules' messages start in lower case; on screen they are sentences."""
    return text[:1].upper() + text[1:]


class TableInput:
    """Targets, mouse, keyboard and hints of the table scene."""

    app: App
    session: GameSession
    geom: TableGeometry
    view: TableView
    timeline: Timeline
    bottom_seat: int
    pass_to: int | None
    hover: str | None
    focus: str | None
    drag: dict[str, Any] | None
    selected: bool
    shakes: dict[str, float]
    message: tuple[str, float] | None
    hinter: Any
    hint: tuple[Action, str] | None
    hint_at: int
    think_wait: float
    tips: TableTips

    @property
    def state(self) -> GameState:
        return self.session.state

    @property
    def reduced(self) -> bool:
        return bool(getattr(self.app.settings, "reduced_motion", False))

    def _act(self, actions: list[Action]) -> bool:  # the scene's
        raise NotImplementedError

    def resize(self, size: tuple[int, int]) -> None:  # the scene's
        raise NotImplementedError

    def status_text(self) -> str:  # the scene's
        raise NotImplementedError

    # ------------------------------------------------------------------ targets

    def person_turn(self) -> bool:
        """The person at the bottom may act now (nothing is moving)."""
        state = self.state
        return (
            not state.is_over()
            and self.timeline.idle
            and not self.timeline.hold
            and self.pass_to is None
            and self.session.current_is_person()
            and state.current_seat() == self.bottom_seat
        )

    def targets(self) -> dict[str, list[Action]]:
        """Target name -> the actions picking it means now (empty: not now)."""
        out: dict[str, list[Action]] = {}
        if not self.person_turn():
            return out
        legal = self.state.legal_actions()
        for action in legal:
            kind, target = action.kind, action.target
            if kind in (ActionKind.FLIP, ActionKind.KEEP, ActionKind.BOUNCE, ActionKind.TURN):
                out[f"pos{target}"] = [action]
            elif kind is ActionKind.DRAW:
                out["draw"] = [action]
            elif kind in (ActionKind.TAKE, ActionKind.DISCARD):
                out[f"discard{target}"] = [action]
            elif kind in (ActionKind.REFUSE, ActionKind.STOP):
                out["refuse" if kind is ActionKind.REFUSE else "stop"] = [action]
                for pile in (0, 1):
                    out.setdefault(f"discard{pile}", [action, A.DISCARDS[pile]])
            elif kind is ActionKind.DECLINE:
                out["decline"] = [action]
        if self.state.phase in (Phase.PLAY, Phase.BOUNCE):
            out["held"] = []
        return out

    def visible_buttons(self) -> list[str]:
        names = []
        if self.person_turn():
            legal = self.state.legal_actions()
            if A.REFUSE in legal:
                names.append("refuse")
            if A.STOP in legal:
                names.append("stop")
            if A.DECLINE in legal:
                names.append("decline")
            names.append("hint")
        names.append("menu")
        return names

    def button_rects(self) -> dict[str, pygame.Rect]:
        """The buttons shown now, stacked from the top of the button column."""
        slots = list(self.geom.buttons.values())
        return dict(zip(self.visible_buttons(), slots, strict=False))

    def clickable(self) -> dict[str, pygame.Rect]:
        out = {}
        for name, rect in self.geom.targets().items():
            if name in self.geom.buttons:
                continue
            if name == "held" and self.view.held is None:
                continue
            out[name] = rect
        out.update(self.button_rects())
        if self.view.held is not None and self.view.held.position >= 0:
            held_rect = self.geom.seats[self.bottom_seat].lift(self.view.held.position)
            out["held"] = held_rect
        return out

    def target_at(self, pos: tuple[int, int], skip: str | None = None) -> str | None:
        """The target under ``pos``: a button, else a card the player may pick now,
        else the card in hand, else anything else there."""
        hits = [n for n, r in self.clickable().items() if n != skip and r.collidepoint(pos)]
        if not hits:
            return None
        legal = {n for n, acts in self.targets().items() if acts}

        def rank(name: str) -> int:
            if name in self.geom.buttons:
                return 0
            if name in legal:
                return 1
            return 2 if name == "held" else 3

        return min(hits, key=rank)

    def activate(self, name: str | None) -> None:
        """Pick a target (by click, drop or Enter)."""
        if name is None:
            return
        if name in self.geom.buttons:
            self.app.audio.play("click")
        if name == "menu":
            self.open_pause()
            return
        if not self.person_turn():
            self.skip_ahead()
            return
        if name == "hint":
            self.start_hint()
            return
        targets = self.targets()
        if name == "held":
            self.selected = not self.selected
            return
        actions = targets.get(name)
        if actions:
            self._act(actions)
        else:
            self.nudge(name)

    def nudge(self, name: str) -> None:
        """An illegal pick: a gentle shake and a word about why."""
        if not self.reduced:
            self.shakes[name] = SHAKE_SECONDS
        state = self.state
        candidate: Action | None = None
        if name.startswith("pos"):
            p = int(name[3:])
            table = {
                Phase.INITIAL_FLIP: A.FLIPS,
                Phase.PLAY: A.KEEPS,
                Phase.BOUNCE: A.BOUNCES,
                Phase.HAZARD_TURN: A.TURNS,
            }.get(state.phase)
            candidate = table[p] if table else None
        elif name.startswith("discard"):
            pile = int(name[7:])
            candidate = A.TAKES[pile] if state.phase is Phase.DRAW else A.DISCARDS[pile]
        if candidate is not None:
            try:
                state.clone().apply(candidate)
            except IllegalActionError as error:
                self._say(sentence(_(str(error))))
                return
        self._say(_("Not now.") + " " + self.status_text())

    def skip_ahead(self) -> None:
        """A click or Space while nobody may act: the moving cards land now and a
        gnome acts as soon as it has decided."""
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
        try:
            self.hinter = self.session.hint_thinker()
        except Exception:
            self.hinter = None
            self._say(_("Hints are not available in this version"))
            return
        self.hint_at = len(self.state.history)
        self._say(_("A Hard gnome is thinking about your move…"))

    def _read_hint(self, result: Any) -> tuple[Action, str] | None:
        action: Any = result
        reason = ""
        if isinstance(result, tuple) and not isinstance(result, Action):
            action, reason = result[0], str(result[1]) if len(result) > 1 else ""
        elif not isinstance(result, Action):
            action = getattr(result, "action", None)
            reason = str(getattr(result, "reason", "") or "")
        if not isinstance(action, Action):
            return None
        self.message = None
        return action, reason

    def hint_targets(self) -> set[str]:
        if self.hint is None:
            return set()
        action = self.hint[0]
        kind, target = action.kind, action.target
        if kind in (ActionKind.FLIP, ActionKind.KEEP, ActionKind.BOUNCE, ActionKind.TURN):
            return {f"pos{target}"} | ({"held"} if kind is not ActionKind.FLIP else set())
        if kind is ActionKind.DRAW:
            return {"draw"}
        if kind in (ActionKind.TAKE, ActionKind.DISCARD):
            return {f"discard{target}"}
        return {{ActionKind.REFUSE: "refuse", ActionKind.STOP: "stop"}.get(kind, "decline")}

    # ------------------------------------------------------------------ input

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            self._key(event)
        elif event.type == pygame.MOUSEMOTION:
            self.hover = self.target_at(event.pos)
            if self.drag is not None:
                self.drag["pos"] = event.pos
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
        name = self.target_at(pos)
        if name == "menu":
            self.open_pause()
            return
        if not self.person_turn():
            self.skip_ahead()
            return
        self.focus = name if name is not None else self.focus
        if name == "held" and self.state.phase in (Phase.PLAY, Phase.BOUNCE):
            self.drag = {"start": pos, "pos": pos}
            return
        self.activate(name)

    def _release(self, pos: tuple[int, int]) -> None:
        drag, self.drag = self.drag, None
        if drag is None or not self.person_turn():
            return
        sx, sy = drag["start"]
        if abs(pos[0] - sx) + abs(pos[1] - sy) < DRAG_THRESHOLD:
            self.selected = not self.selected
            return
        name = self.target_at(pos, skip="held")
        if name is not None and (name.startswith("pos") or name.startswith("discard")):
            self.activate(name)

    def _key(self, event: pygame.event.Event) -> None:
        key = event.key
        if self.pass_to is not None:
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
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
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if not self.person_turn():
                self.skip_ahead()
            else:
                self.activate(self.focus)
            return
        if key == pygame.K_h:
            self.start_hint()
            return
        if pygame.K_1 <= key <= pygame.K_9 or pygame.K_KP1 <= key <= pygame.K_KP9:
            base = pygame.K_1 if pygame.K_1 <= key <= pygame.K_9 else pygame.K_KP1
            name = f"pos{key - base}"
            self.focus = name
            self.activate(name)
            return
        direction = {
            pygame.K_LEFT: (-1, 0),
            pygame.K_RIGHT: (1, 0),
            pygame.K_UP: (0, -1),
            pygame.K_DOWN: (0, 1),
        }.get(key)
        if direction is not None:
            self.move_focus(direction)
        elif key == pygame.K_TAB:
            self._cycle_focus(-1 if event.mod & pygame.KMOD_SHIFT else 1)

    def move_focus(self, direction: tuple[int, int]) -> None:
        """Move the keyboard focus to the nearest target in ``direction``."""
        rects = self.clickable()
        if not rects:
            return
        if self.focus not in rects:
            self.focus = next(iter(rects))
            return
        here = rects[self.focus].center
        dx, dy = direction
        best, best_score = None, float("inf")
        for name, rect in rects.items():
            if name == self.focus:
                continue
            vx, vy = rect.centerx - here[0], rect.centery - here[1]
            along = vx * dx + vy * dy
            if along <= 0:
                continue
            across = abs(vx * dy) + abs(vy * dx)
            score = along + 2.5 * across
            if score < best_score:
                best, best_score = name, score
        if best is not None:
            self.focus = best

    def _cycle_focus(self, step: int) -> None:
        names = [n for n, acts in self.targets().items() if acts] + self.visible_buttons()
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
