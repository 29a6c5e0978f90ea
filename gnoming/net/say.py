"""What the table tells a player, in the player's language.

A server never sends words to show: a refusal is a :class:`~.protocol.Problem`
with an :class:`~.protocol.ErrorCode` and typed parameters (the code that was
asked for, the seconds to wait, the table's version), a goodbye is a
:class:`~.protocol.Closing` with a :class:`~.protocol.CloseReason` (and the
host's name, or how long the table waited). This module turns them into the
sentence the receiving screen shows, through the game's catalogs, so a friend
playing in Finnish at an Estonian host's table reads Finnish. The English
``message`` that travels alongside is for logs and is never shown.

>>> from gnoming.net.protocol import ErrorCode, Problem
>>> problem_text(Problem(error=ErrorCode.UNKNOWN_TABLE, message="x", code="GN7K"))
'No table has the code GN7K. Check the join code with your host.'
"""

from __future__ import annotations

from gnoming.i18n import N_, _, ngettext

from .protocol import PROTOCOL_VERSION, CloseReason, Closing, ErrorCode, Problem

PROBLEMS: dict[ErrorCode, str] = {
    ErrorCode.BAD_MESSAGE: N_("The table did not understand a message from this game."),
    ErrorCode.VERSION: N_("That table plays another version of the game."),
    ErrorCode.UNKNOWN_TABLE: N_("No table has that code. Check the join code with your host."),
    ErrorCode.TABLE_FULL: N_("Every seat at that table is taken."),
    ErrorCode.BAD_TOKEN: N_("The table did not know this seat any more."),
    ErrorCode.TOO_MANY_ATTEMPTS: N_("Too many wrong codes: wait a minute, then try again."),
    ErrorCode.ALREADY_JOINED: N_("You are already at that table."),
    ErrorCode.NOT_JOINED: N_("Join the table first."),
    ErrorCode.NOT_YOUR_TURN: N_("It is not your turn."),
    ErrorCode.ILLEGAL: N_("The table refused that move."),
    ErrorCode.STALE: N_("The table had moved on: decide again."),
    ErrorCode.RATE_LIMITED: N_("Too many messages: slow down."),
    ErrorCode.SERVER_FULL: N_("The server has no room right now: try again later."),
    ErrorCode.TAKEN_OVER: N_("Your seat was taken up from another window or computer."),
}
"""Every error code's sentence without parameters (a test checks none is missing)."""

CLOSINGS: dict[CloseReason, str] = {
    CloseReason.GAME_OVER: N_("The game at that table is over."),
    CloseReason.HOST_QUIT: N_("The host closed the table."),
    CloseReason.SERVER_STOPPED: N_("The server closed the table: it is stopping."),
    CloseReason.IDLE: N_("The table closed: nobody came."),
}

UNKNOWN_CODE = N_("No table has the code {code}. Check the join code with your host.")
OTHER_VERSION = N_(
    "That table plays version {theirs} of the network game and this game plays version {ours}: "
    "play with the same version of the game as your host."
)
HOST_NAMED_QUIT = N_("{name} closed the table.")


def problem_text(problem: Problem) -> str:
    """The sentence for a refusal, with its parameters, in the current language."""
    match problem.error:
        case ErrorCode.UNKNOWN_TABLE if problem.code is not None:
            return _(UNKNOWN_CODE).format(code=problem.code)
        case ErrorCode.VERSION if problem.version is not None:
            return _(OTHER_VERSION).format(theirs=problem.version, ours=PROTOCOL_VERSION)
        case ErrorCode.TOO_MANY_ATTEMPTS if problem.seconds is not None:
            return ngettext(
                "Too many wrong codes: wait {seconds} second, then try again.",
                "Too many wrong codes: wait {seconds} seconds, then try again.",
                problem.seconds,
            ).format(seconds=problem.seconds)
    return _(PROBLEMS[problem.error])


def closing_text(closing: Closing) -> str:
    """The sentence for a table that closed, with its parameters, in the current language."""
    match closing.reason:
        case CloseReason.HOST_QUIT if closing.name:
            return _(HOST_NAMED_QUIT).format(name=closing.name)
        case CloseReason.IDLE if closing.seconds:
            minutes = max(1, round(closing.seconds / 60))
            return ngettext(
                "The table closed: nobody came for {minutes} minute.",
                "The table closed: nobody came for {minutes} minutes.",
                minutes,
            ).format(minutes=minutes)
    return _(CLOSINGS[closing.reason])
