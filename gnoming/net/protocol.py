"""The messages between a client and a table server, as typed, versioned structs.

Every message is one JSON object in one WebSocket text frame, with a ``"type"``
field naming it (a tagged union). Bytes from the network become values in
exactly one place: :func:`decode_client` on the server and :func:`decode_server`
on the client. They check the size, the JSON, every field's type and range,
and the text of an action; anything else raises :class:`ProtocolError` and
nothing past them re-checks. Nothing is ever unpickled, imported or opened
because a message said so.

A client says :class:`Hello` (join, create or rejoin with its token), then
sends :class:`Act` (an action in its text form, ``"keep 4"``),
:class:`Emote` (one of a fixed list, no free text) or :class:`Leave`. The
server answers :class:`Welcome` (your seat and token), then :class:`Lobby`
until every seat is filled, :class:`Update` (the table as every seat may see
it plus the events of the last action) after every action, :class:`SeatChanged`
when someone drops, returns or is replaced by a gnome, :class:`EmoteShown`,
:class:`Result` at the end and :class:`Closing` when the table closes.
:class:`Problem` says what went wrong with one of your messages.

Face-down cards are never in any message: the snapshot has ``None`` for them
and the draw pile is a count (after a rebuild from the discard piles, which
everyone saw, also its cards, sorted; never their order; see
:mod:`gnoming.net.wire` and tests/net).

>>> msg = decode_client(b'{"type":"act","seq":3,"action":"keep 4"}')
>>> msg
Act(seq=3, action='keep 4')
>>> decode_client(b'{"type":"act","seq":3,"action":"fly away"}')
Traceback (most recent call last):
...
gnoming.net.protocol.ProtocolError: 'fly away' is not an action
"""

from __future__ import annotations

import enum
from typing import Annotated

import msgspec

from gnoming.rules import MAX_SEATS, MIN_SEATS, Action, Card, HazardReason, Phase, TurnReason

from .address import CODE_PATTERN

PROTOCOL_VERSION = 2
"""Raised when a message changes in a way a peer of the other version would
misread; a client and a server of different versions refuse each other with a
clear :class:`Problem` (that one refusal keeps the shape every version reads:
``error`` ``"version"``, ``message``, ``fatal``).

Version 2: the Expert gnome (a version 1 client cannot read ``"expert"``), the
seconds a dropped friend's seat still waits (:attr:`SeatInfo.wait_seconds`),
the stand-in gnome and the wait chosen in the lobby (:class:`Lobby`), the
parameters of :class:`Problem` and :class:`Closing` (each client words them in
its own language) and :attr:`CloseReason.SERVER_STOPPED`."""

MAX_MESSAGE_BYTES = 64 * 1024
"""No frame in either direction is larger (the largest real one, a 7-seat
round end, is a few kilobytes)."""



class ProtocolError(ValueError):
    """A message that is not one of ours: wrong size, not JSON, a wrong type, a
    value out of range. The connection that sent it is closed."""


# ---------------------------------------------------------------------- field types

SeatIndex = Annotated[int, msgspec.Meta(ge=0, le=MAX_SEATS - 1)]
SeatOrNone = Annotated[int, msgspec.Meta(ge=-1, le=MAX_SEATS - 1)]
"""A seat, or -1 (nobody: set-up, game over)."""
Position = Annotated[int, msgspec.Meta(ge=0, le=8)]
Pile = Annotated[int, msgspec.Meta(ge=0, le=1)]
Source = Annotated[int, msgspec.Meta(ge=-1, le=1)]
"""-1 the draw pile, else a discard pile."""
Count = Annotated[int, msgspec.Meta(ge=0, le=10_000)]
Seq = Annotated[int, msgspec.Meta(ge=0, le=2**31)]
SeatCount = Annotated[int, msgspec.Meta(ge=MIN_SEATS, le=MAX_SEATS)]
RoundIndex = Annotated[int, msgspec.Meta(ge=0, le=3)]
Score = Annotated[int, msgspec.Meta(ge=-1000, le=1000)]

Code = Annotated[str, msgspec.Meta(pattern=CODE_PATTERN)]
"""A table's join code: 4 to 8 letters and digits."""
Token = Annotated[str, msgspec.Meta(pattern="\\A[A-Za-z0-9_-]{16,64}\\Z")]
"""A seat's secret: who presents it plays that seat."""
Name = Annotated[str, msgspec.Meta(pattern="\\A[^\\x00-\\x1f\\x7f-\\x9f]{1,24}\\Z")]
"""A player's name as drawn at the table: 1 to 24 characters, no control characters."""
SeatName = Annotated[str, msgspec.Meta(pattern="\\A[^\\x00-\\x1f\\x7f-\\x9f]{0,24}\\Z")]
"""A seat's name: empty while the seat is open."""
ActionText = Annotated[str, msgspec.Meta(min_length=1, max_length=16)]
Text = Annotated[str, msgspec.Meta(max_length=300)]
WaitSeconds = Annotated[int, msgspec.Meta(ge=0, le=86_400)]
"""Whole seconds of waiting (a dropped friend's seat, a refused address)."""


class Difficulty(enum.Enum):
    """How well a gnome plays (the levels of :func:`gnoming.ai.make_bot`)."""

    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"
    EXPERT = "expert"


class SeatKind(enum.Enum):
    PERSON = "person"
    """A friend, at their own computer."""
    GNOME = "gnome"
    """A computer gnome played by the server."""


class SeatStatus(enum.Enum):
    """Who is playing a seat right now."""

    OPEN = "open"
    """Nobody yet: the table waits for a friend to take it."""
    CONNECTED = "connected"
    """The friend is here."""
    RECONNECTING = "reconnecting"
    """The friend's connection dropped; the seat waits for them (their turn waits too)."""
    GNOME_CONTROLLED = "gnome"
    """A gnome plays the seat: it is a gnome seat, or its friend was away too long
    (they take it back by rejoining)."""


class EmoteId(enum.Enum):
    """The quick emotes: fixed, translated on each screen, no typing, no moderation."""

    NICE_BOUNCE = "nice_bounce"
    OH_NO_HAZARD = "oh_no_hazard"
    WELL_PLAYED = "well_played"
    GOOD_LUCK = "good_luck"
    HMM = "hmm"
    WOW = "wow"


class ErrorCode(enum.Enum):
    """What was wrong with a client's message (:class:`Problem`)."""

    BAD_MESSAGE = "bad_message"
    VERSION = "version"
    UNKNOWN_TABLE = "unknown_table"
    TABLE_FULL = "table_full"
    BAD_TOKEN = "bad_token"
    TOO_MANY_ATTEMPTS = "too_many_attempts"
    ALREADY_JOINED = "already_joined"
    NOT_JOINED = "not_joined"
    NOT_YOUR_TURN = "not_your_turn"
    ILLEGAL = "illegal"
    STALE = "stale"
    """The action answers an older update than the table's latest."""
    RATE_LIMITED = "rate_limited"
    SERVER_FULL = "server_full"
    TAKEN_OVER = "taken_over"
    """The seat was rejoined from another connection with its token."""


class CloseReason(enum.Enum):
    """Why a table closed (:class:`Closing`)."""

    GAME_OVER = "game_over"
    HOST_QUIT = "host_quit"
    """The host stopped hosting; a continued game can be rejoined later."""
    SERVER_STOPPED = "server_stopped"
    """The dedicated server is shutting down."""
    IDLE = "idle"
    """Nobody played for too long."""


# ---------------------------------------------------------------------- messages

class Message(msgspec.Struct, tag_field="type", frozen=True, kw_only=True):
    """Base of every message; ``type`` is the tag on the wire."""


class TableSpec(msgspec.Struct, frozen=True, kw_only=True):
    """A new table: how many seats, how many of them gnomes, and how well they play."""

    seats: SeatCount
    gnomes: Annotated[int, msgspec.Meta(ge=0, le=MAX_SEATS - 1)] = 0
    level: Difficulty = Difficulty.MEDIUM


# --- client to server

class Hello(Message, tag="hello", frozen=True):
    """Join the table ``code`` by name, rejoin a seat with its ``token``, or, with
    ``create``, open a new table under a new code."""

    version: int
    code: Code
    name: Name
    token: Token | None = None
    create: TableSpec | None = None


class Act(Message, tag="act", frozen=True):
    """Play ``action`` (text form, ``"keep 4"``) in answer to update ``seq``."""

    seq: Seq
    action: ActionText

    def to_action(self) -> Action:
        """The action (its text was checked by :func:`decode_client`)."""
        return Action.parse(self.action)


class Emote(Message, tag="emote", frozen=True):
    emote: EmoteId


class Leave(Message, tag="leave", frozen=True):
    """I am going; give my seat to a gnome now (a finished game closes quietly)."""


ClientMessage = Hello | Act | Emote | Leave


# --- server to client

class SeatInfo(msgspec.Struct, frozen=True, kw_only=True):
    seat: SeatIndex
    name: SeatName
    kind: SeatKind
    status: SeatStatus
    level: Difficulty = Difficulty.MEDIUM
    """The gnome that plays this seat when it is gnome-controlled (for a friend's
    seat: the gnome that stands in when they are away too long)."""
    wait_seconds: WaitSeconds | None = None
    """While ``reconnecting``: how many more seconds the seat waits for its friend
    (counted from when this was sent) before the gnome stands in."""


class Welcome(Message, tag="welcome", frozen=True):
    """You sit at ``seat``; keep ``token`` to rejoin it."""

    version: int
    code: Code
    seat: SeatIndex
    token: Token
    seats: tuple[SeatInfo, ...]
    reconnect_seconds: Annotated[float, msgspec.Meta(ge=0, le=86_400)]


class Lobby(Message, tag="lobby", frozen=True):
    """The table waits for ``open_seats`` more friends."""

    code: Code
    seats: tuple[SeatInfo, ...]
    open_seats: Annotated[int, msgspec.Meta(ge=0, le=MAX_SEATS)]
    reconnect_seconds: Annotated[float, msgspec.Meta(ge=0, le=86_400)] | None = None
    """How long a dropped friend's seat waits (the host may change it in the lobby)."""


class SeatChanged(Message, tag="seat", frozen=True):
    seat: SeatInfo


class EmoteShown(Message, tag="emote_shown", frozen=True):
    seat: SeatIndex
    emote: EmoteId


class Problem(Message, tag="problem", frozen=True):
    """What was wrong, as a code and its parameters: the client says it in the
    player's language (:mod:`gnoming.net.say`). ``message`` is the same in English
    words, for logs and the headless tools; no screen shows it."""

    error: ErrorCode
    message: Text
    fatal: bool = False
    """True when the server closes the connection after this."""
    code: Code | None = None
    """The join code that was asked for (``unknown_table``)."""
    seconds: WaitSeconds | None = None
    """How long to wait before trying again (``too_many_attempts``)."""
    version: Annotated[int, msgspec.Meta(ge=0, le=10_000)] | None = None
    """The protocol version the table plays (``version``)."""


class Closing(Message, tag="closing", frozen=True):
    """The table closes: ``reason`` and its parameters are what the client shows,
    in its language; ``message`` is English words for logs."""

    reason: CloseReason
    message: Text
    name: SeatName | None = None
    """Who closed it (``host_quit``: the host's name at the table)."""
    seconds: WaitSeconds | None = None
    """How long the table waited for anyone (``idle``)."""


# --- the table on the wire

class WireRound(msgspec.Struct, frozen=True, kw_only=True):
    """A scored round: the final layouts say everything (the client rescores them)."""

    round_index: RoundIndex
    layouts: tuple[tuple[Card, ...], ...]
    went_out_first: SeatIndex | None
    ended_by_turn_limit: bool


class WireObservation(msgspec.Struct, frozen=True, kw_only=True):
    """The table as every seat may see it: :class:`~gnoming.rules.Observation`
    without ``seat`` (the same bytes go to everyone). Face-down cards are ``null``."""

    n_seats: SeatCount
    first_seat: SeatIndex
    round_index: RoundIndex
    round_starter: SeatIndex
    phase: Phase
    current_seat: SeatOrNone
    turn_seat: SeatIndex
    layouts: tuple[tuple[Card | None, ...], ...]
    discard_piles: tuple[tuple[Card, ...], ...]
    draw_pile_count: Count
    removed_hazards: Count
    held: Card | None
    held_from: Source
    bounce_from: Annotated[int, msgspec.Meta(ge=-1, le=8)]
    filled: Annotated[int, msgspec.Meta(ge=0, le=511)]
    flip_queue: tuple[SeatIndex, ...]
    hazard_queue: tuple[SeatIndex, ...]
    turns_taken: Count
    went_out_first: SeatIndex | None
    final_turns_left: Annotated[int, msgspec.Meta(ge=0, le=MAX_SEATS)]
    round_results: tuple[WireRound, ...]
    draw_pile_cards: tuple[Card, ...] | None = None
    """The draw pile's cards, sorted, once it was rebuilt from the discard
    piles this round (public then); absent from older peers."""


class Ev(msgspec.Struct, tag_field="e", frozen=True, kw_only=True):
    """Base of the events on the wire, one per :mod:`gnoming.rules.events` class."""


class RoundStartedEv(Ev, tag="round_started", frozen=True):
    round_index: RoundIndex
    starting_seat: SeatIndex


class DealtEv(Ev, tag="dealt", frozen=True):
    seat: SeatIndex
    position: Position


class DiscardPileStartedEv(Ev, tag="pile_started", frozen=True):
    pile: Pile
    card: Card


class TurnedUpEv(Ev, tag="turned_up", frozen=True):
    seat: SeatIndex
    position: Position
    card: Card
    reason: TurnReason


class TurnStartedEv(Ev, tag="turn_started", frozen=True):
    seat: SeatIndex
    turn_number: Count


class DrawnEv(Ev, tag="drawn", frozen=True):
    seat: SeatIndex
    source: Source
    card: Card


class PlacedEv(Ev, tag="placed", frozen=True):
    seat: SeatIndex
    position: Position
    card: Card
    replaced: Card
    replaced_was_face_up: bool


class BouncedEv(Ev, tag="bounced", frozen=True):
    seat: SeatIndex
    from_position: Position
    position: Position
    card: Card
    replaced: Card
    replaced_was_face_up: bool


class RefusedEv(Ev, tag="refused", frozen=True):
    seat: SeatIndex
    card: Card


class DiscardedEv(Ev, tag="discarded", frozen=True):
    seat: SeatIndex
    pile: Pile
    card: Card


class HazardRemovedEv(Ev, tag="hazard_removed", frozen=True):
    seat: SeatOrNone
    reason: HazardReason


class HazardTurnDeclinedEv(Ev, tag="hazard_declined", frozen=True):
    seat: SeatIndex


class DrawPileRebuiltEv(Ev, tag="pile_rebuilt", frozen=True):
    size: Count


class EndgameTriggeredEv(Ev, tag="endgame", frozen=True):
    seat: SeatIndex


class TurnEndedEv(Ev, tag="turn_ended", frozen=True):
    seat: SeatIndex


class RoundScoredEv(Ev, tag="round_scored", frozen=True):
    result: WireRound


class GameOverEv(Ev, tag="game_over", frozen=True):
    round_scores: tuple[tuple[Score, ...], ...]


WireEvent = (
    RoundStartedEv
    | DealtEv
    | DiscardPileStartedEv
    | TurnedUpEv
    | TurnStartedEv
    | DrawnEv
    | PlacedEv
    | BouncedEv
    | RefusedEv
    | DiscardedEv
    | HazardRemovedEv
    | HazardTurnDeclinedEv
    | DrawPileRebuiltEv
    | EndgameTriggeredEv
    | TurnEndedEv
    | RoundScoredEv
    | GameOverEv
)


class Update(Message, tag="update", frozen=True):
    """The table after action ``seq`` (0: the deal), with the events it caused.

    ``legal`` lists what ``observation.current_seat`` may do (public knowledge);
    a rejoining client gets the snapshot with ``resync`` and no events.
    """

    seq: Seq
    observation: WireObservation
    events: tuple[WireEvent, ...]
    legal: tuple[ActionText, ...]
    resync: bool = False


class Result(Message, tag="result", frozen=True):
    """The game is over: totals and winners (seats)."""

    code: Code
    round_scores: tuple[tuple[Score, ...], ...]
    totals: tuple[Score, ...]
    winners: tuple[SeatIndex, ...]
    tie_break: Annotated[str, msgspec.Meta(max_length=20)]
    names: tuple[Name, ...]


ServerMessage = Welcome | Lobby | Update | SeatChanged | EmoteShown | Problem | Result | Closing


# ---------------------------------------------------------------------- the edge

_encoder = msgspec.json.Encoder()
_client_decoder = msgspec.json.Decoder(ClientMessage)
_server_decoder = msgspec.json.Decoder(ServerMessage)


def encode(message: Message) -> bytes:
    """The JSON bytes of a message (sent as one text frame)."""
    return _encoder.encode(message)


def _check_size(data: bytes | str) -> None:
    if not isinstance(data, (bytes, str)):
        raise ProtocolError(f"a message is bytes or text, not {type(data).__name__}")
    if len(data) > MAX_MESSAGE_BYTES:
        raise ProtocolError(f"a message is at most {MAX_MESSAGE_BYTES} bytes, not {len(data)}")


def decode_client(data: bytes | str) -> ClientMessage:
    """A client's message, checked; raises :class:`ProtocolError` and nothing else."""
    _check_size(data)
    try:
        message = _client_decoder.decode(data)
    except (msgspec.DecodeError, UnicodeError, RecursionError) as error:
        raise ProtocolError(str(error)) from None
    if isinstance(message, Act):
        try:
            Action.parse(message.action)
        except ValueError as error:
            raise ProtocolError(str(error)) from None
    return message


def decode_server(data: bytes | str) -> ServerMessage:
    """A server's message, checked for types and ranges; raises :class:`ProtocolError`.

    The shape of a snapshot (nine cards a layout, seats in range) is checked
    when it becomes an :class:`~gnoming.rules.Observation` (:mod:`gnoming.net.wire`)."""
    _check_size(data)
    try:
        message = _server_decoder.decode(data)
    except (msgspec.DecodeError, UnicodeError, RecursionError) as error:
        raise ProtocolError(str(error)) from None
    if isinstance(message, Update):
        for text in message.legal:
            try:
                Action.parse(text)
            except ValueError as error:
                raise ProtocolError(str(error)) from None
    return message
