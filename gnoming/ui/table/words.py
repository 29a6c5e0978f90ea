"""What the table says: the status line for each decision, and hints in words."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from gnoming.i18n import _
from gnoming.rules import DRAW_PILE, Action, ActionKind, Card, Observation, Phase
from gnoming.rules import events as E
from gnoming.rules.actions import PILE_NAMES as PILE_LETTERS
from gnoming.ui.table.explain import MINUS
from gnoming.ui.table.paint import card_name


def place_name(position: int) -> str:
    """A layout position as a player says it: "top left", "middle", ..."""
    names = (
        _("top left"),
        _("top middle"),
        _("top right"),
        _("middle left"),
        _("centre"),
        _("middle right"),
        _("bottom left"),
        _("bottom middle"),
        _("bottom right"),
    )
    return names[position]


def pile_name(pile: int) -> str:
    return _("discard pile A") if pile == 0 else _("discard pile B")


def person_prompt(
    state: Observation, name: str, discarder: str = "", legal: Sequence[Action] | None = None
) -> str:
    """What the person whose decision it is may do now (with ``legal``, the
    draw prompt names only the piles that can be taken)."""
    phase = state.phase
    held = card_name(state.held) if state.held is not None else ""
    if phase is Phase.INITIAL_FLIP:
        which = 3 - state.flip_queue.count(state.current_seat)
        return _("{name}: choose one of your face-down cards to turn up ({count} of 2)").format(
            name=name, count=max(1, min(2, which))
        )
    if phase is Phase.DRAW:
        kinds = {action.kind for action in legal} if legal else set()
        if kinds == {ActionKind.DRAW}:
            return _("{name}: draw a card from the draw pile").format(name=name)
        if kinds == {ActionKind.TAKE}:
            return _("{name}: take a card from a discard pile").format(name=name)
        return _("{name}: draw a card from the draw pile or take one from a discard pile").format(
            name=name
        )
    if phase is Phase.PLAY:
        if state.held_from < 0:
            return _(
                "{name}: keep the {card} in place of one of your cards, or refuse it "
                "(Refuse, or drop it on a discard pile)"
            ).format(name=name, card=held)
        return _(
            "{name}: keep the {card} in place of one of your cards "
            "(a card taken from a discard pile must be kept)"
        ).format(name=name, card=held)
    if phase is Phase.BOUNCE:
        return _(
            "{name}: the {card} matches! Bounce it onto another of your cards, or stop bouncing"
        ).format(name=name, card=held)
    if phase is Phase.DISCARD:
        return _("{name}: choose a discard pile for the {card}").format(name=name, card=held)
    if phase is Phase.HAZARD_TURN:
        return _(
            "{name}: {other} discarded a hazard. Turn up one of your face-down cards, "
            "or turn nothing up"
        ).format(name=name, other=discarder)
    return _("The game is over")


def gnome_prompt(state: Observation, name: str) -> str:
    """What the computer gnome whose decision it is is weighing up."""
    phase = state.phase
    held = card_name(state.held) if state.held is not None else ""
    what = {
        Phase.INITIAL_FLIP: _("which two cards to turn up"),
        Phase.DRAW: _("draw from the pile or take a discard"),
        Phase.PLAY: _("where to keep the {card}, or refuse it").format(card=held),
        Phase.BOUNCE: _("where to bounce the {card}, or stop").format(card=held),
        Phase.DISCARD: _("which discard pile for the {card}").format(card=held),
        Phase.HAZARD_TURN: _("whether to turn up a card after the hazard"),
    }.get(phase, "")
    return _("{name} is thinking: {what}").format(name=name, what=what)


def describe_action(state: Observation, action: Action) -> str:
    """A recommended action in words (for hints)."""
    kind, target = action.kind, action.target
    held = card_name(state.held) if state.held is not None else ""
    if kind is ActionKind.FLIP:
        return _("turn up your {place} card").format(place=place_name(target))
    if kind is ActionKind.DRAW:
        return _("draw from the draw pile")
    if kind is ActionKind.TAKE:
        top = state.discard_piles[target][-1] if state.discard_piles[target] else None
        card = card_name(top) if top is not None else ""
        return _("take the {card} from {pile}").format(card=card, pile=pile_name(target))
    if kind is ActionKind.KEEP:
        return _("keep the {card} in place of your {place} card").format(
            card=held, place=place_name(target)
        )
    if kind is ActionKind.REFUSE:
        return _("refuse the {card}").format(card=held)
    if kind is ActionKind.BOUNCE:
        return _("bounce the {card} onto your {place} card").format(
            card=held, place=place_name(target)
        )
    if kind is ActionKind.STOP:
        return _("stop bouncing")
    if kind is ActionKind.DISCARD:
        return _("put the {card} on {pile}").format(card=held, pile=pile_name(target))
    if kind is ActionKind.TURN:
        return _("turn up your {place} card").format(place=place_name(target))
    return _("turn nothing up")


def log_line(event: E.Event, name: Callable[[int], str]) -> str | None:
    """One move of the round log in words ("Pip took the 5 from discard pile A")."""
    match event:
        case E.Drawn(source=E.DRAW_PILE):
            return _("{name} drew the {card} from the draw pile").format(
                name=name(event.seat), card=card_name(event.card)
            )
        case E.Drawn():
            return _("{name} took the {card} from {pile}").format(
                name=name(event.seat), card=card_name(event.card), pile=pile_name(event.source)
            )
        case E.Placed():
            return _("{name} kept the {card} at {place}, lifting out the {other}").format(
                name=name(event.seat),
                card=card_name(event.card),
                place=place_name(event.position),
                other=card_name(event.replaced),
            )
        case E.Bounced():
            return _("{name} bounced the {card} to {place}, lifting out the {other}").format(
                name=name(event.seat),
                card=card_name(event.card),
                place=place_name(event.position),
                other=card_name(event.replaced),
            )
        case E.Refused():
            return _("{name} refused the {card}").format(
                name=name(event.seat), card=card_name(event.card)
            )
        case E.Discarded():
            return _("{name} put the {card} on {pile}").format(
                name=name(event.seat), card=card_name(event.card), pile=pile_name(event.pile)
            )
        case E.TurnedUp():
            return _("{name} turned up the {card} at {place}").format(
                name=name(event.seat), card=card_name(event.card), place=place_name(event.position)
            )
        case E.HazardRemoved():
            return _("{name} discarded a hazard: it leaves the round").format(name=name(event.seat))
        case E.HazardTurnDeclined():
            return _("{name} turned nothing up").format(name=name(event.seat))
        case E.EndgameTriggered():
            return _("{name} went out first: everyone else has one more turn").format(
                name=name(event.seat)
            )
        case E.DrawPileRebuilt():
            return _("The discard piles were shuffled into a new draw pile")
    return None


def trace_line(events: Sequence[E.Event], *, short: bool = False) -> str:
    """A seat's last turn in a few words, for the line under its plate. ``short``
    leaves out how the card was drawn when a later part names that card ("kept
    −2 top left" for "drew −2, kept −2 top left"): for a narrow plate."""
    drawn: E.Drawn | None = None
    parts: list[str] = []
    named: set[Card] = set()
    for event in events:
        match event:
            case E.Drawn():
                drawn = event
            case E.Placed():
                named.add(event.card)
                parts.append(
                    _("kept {card} {place}").format(
                        card=card_name(event.card), place=place_name(event.position)
                    )
                )
            case E.Bounced():
                parts.append(_("bounced to {place}").format(place=place_name(event.position)))
            case E.Refused():
                named.add(event.card)
                parts.append(_("refused {card}").format(card=card_name(event.card)))
            case E.TurnedUp():
                parts.append(_("turned up {card}").format(card=card_name(event.card)))
            case E.HazardRemoved():
                parts.append(_("discarded a hazard"))
            case E.HazardTurnDeclined():
                parts.append(_("turned nothing up"))
    if drawn is not None and not (short and drawn.card in named):
        if drawn.source == DRAW_PILE:
            first = _("drew {card}").format(card=card_name(drawn.card))
        else:
            first = _("took {card} from {pile}").format(
                card=card_name(drawn.card), pile=PILE_LETTERS[drawn.source]
            )
        parts.insert(0, first)
    return ", ".join(parts[:3])


def points_text(points: int) -> str:
    """Points with one minus sign ("–3")."""
    return str(points).replace("-", MINUS)
